import { getDefaultStore, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { followSession } from '@/features/cart/stores/cart';
import { loadAccountCart } from '@/features/cart/api/localCart';
import { followSession as followFavourites } from '@/features/favourites/stores/favourites';
import { startSession } from '@/shared/session/session';
import { pageReadyAtom } from '@/shared/state';
import { AppRoutes, installPrefetcher } from './router';

installPrefetcher();

export function App() {
  const setPageReady = useSetAtom(pageReadyAtom);
  useEffect(() => {
    // Spec §4 "On start": mark the page ready, restore the session, load the pre-order (the
    // cart follows the session; so do the favourites; both are merged from this browser at sign-in).
    setPageReady(true);
    const stopCart = followSession(getDefaultStore(), loadAccountCart);
    const stopFavourites = followFavourites(getDefaultStore());
    void startSession();
    return () => {
      stopCart();
      stopFavourites();
    };
  }, [setPageReady]);
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
