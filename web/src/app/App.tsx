import { getDefaultStore, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { followSession } from '@/features/cart/stores/cart';
import { loadCart } from '@/features/cart/api/cart';
import { startSession } from '@/shared/session/session';
import { pageReadyAtom } from '@/shared/state';
import { createAppRoutes, installPrefetcher } from './router';

const router = createBrowserRouter(createAppRoutes());
installPrefetcher();

export function App() {
  const setPageReady = useSetAtom(pageReadyAtom);
  useEffect(() => {
    // Spec §4 "On start": mark the page ready, restore the session, load the pre-order (the
    // cart follows the session).
    setPageReady(true);
    const stopCart = followSession(getDefaultStore(), loadCart);
    void startSession();
    return stopCart;
  }, [setPageReady]);
  return <RouterProvider router={router} />;
}
