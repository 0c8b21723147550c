import { useAtom, useAtomValue } from 'jotai';
import { Suspense, useEffect, useState } from 'react';
import { FavouriteSlot } from '@/features/catalog/components/favouriteSlot';
import { FavouriteButton } from '@/features/favourites/components/FavouriteButton';
import { useBuildUpdateCheck } from '@/shared/hooks/useBuildUpdateCheck';
import { useMobileDeviceSync } from '@/shared/hooks/useMobileDeviceSync';
import { ErrorPage } from '@/features/error/components/ErrorPage';
import { isBotUserAgent } from '@/shared/lib/bots';
import { installChunkErrorListener } from '@/shared/lib/chunkReload';
import { installUnhandledErrorListener } from '@/shared/lib/unhandledErrors';
import { loadingAtom, overlayAtom, userAgentAtom } from '@/shared/state';
import { LoadingBar } from '@/shared/ui/LoadingBar';
import { LoadingOverlay } from '@/shared/ui/LoadingOverlay';
import { AppToaster } from '@/shared/ui/toast';
import { BottomBar, isBottomBarHidden } from './BottomBar';
import { ChatConnectionHost } from './ChatConnectionHost';
import { ChatModalHost } from './ChatModalHost';
import { LoginModalHost } from './LoginModalHost';
import { LayoutTransition } from './PageTransition';
import { usePageLoading } from './pageLoads';
import { useCurrentRouteHandle } from './routeHandle';
import { ScrollRestoration } from './ScrollRestoration';

/** The app shell around every layout: loading bar, overlay, bottom bar, chat connection and panel, login popup, toasts. */
export function Shell() {
  const pageLoading = usePageLoading();
  const loading = useAtomValue(loadingAtom);
  const [overlay, setOverlay] = useAtom(overlayAtom);
  const handle = useCurrentRouteHandle();
  useMobileDeviceSync();
  useBuildUpdateCheck();
  useEffect(() => installChunkErrorListener(), []);
  // An error thrown in an event handler or a rejected promise nobody handled: the error page
  // (spec section 4), except for bots, which keep the page they were reading.
  const userAgent = useAtomValue(userAgentAtom);
  const [fatal, setFatal] = useState(false);
  useEffect(() => {
    if (isBotUserAgent(userAgent)) return undefined;
    return installUnhandledErrorListener((error) => {
      if (import.meta.env.MODE !== 'test') console.error(error);
      setFatal(true);
    });
  }, [userAgent]);
  if (fatal) return <ErrorPage fullPage />;

  return (
    <>
      <LoadingBar active={pageLoading} />
      {/* The favourites' heart on every product card and page (the catalogue has a slot for it). */}
      <FavouriteSlot.Provider value={FavouriteButton}>
        {/* The first page's chunk (or the profile layout's) loading: the overlay; later pages load in transitions. */}
        <Suspense fallback={<LoadingOverlay />}>
          {/* A navigation to another layout fades the layout out, then the new one in. */}
          <LayoutTransition />
        </Suspense>
      </FavouriteSlot.Provider>
      {!isBottomBarHidden(handle?.name) && <div className="h-16 lg:hidden" aria-hidden="true" />}
      <BottomBar />
      {overlay && (
        <div
          className="fixed inset-0 z-20 bg-slate-900/40"
          aria-hidden="true"
          data-testid="page-overlay"
          onClick={() => setOverlay(false)}
        />
      )}
      <LoadingOverlay visible={loading} />
      <ChatConnectionHost />
      <ChatModalHost />
      <LoginModalHost />
      <AppToaster />
      <ScrollRestoration />
    </>
  );
}
