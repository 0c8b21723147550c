import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { startSession } from '@/features/auth/session';
import { pageReadyAtom } from '@/shared/state';
import { createAppRoutes, installPrefetcher } from './router';

const router = createBrowserRouter(createAppRoutes());
installPrefetcher();

export function App() {
  const setPageReady = useSetAtom(pageReadyAtom);
  useEffect(() => {
    // Spec §4 "On start": mark the page ready, restore the session, load the pre-order.
    setPageReady(true);
    void startSession();
  }, [setPageReady]);
  return <RouterProvider router={router} />;
}
