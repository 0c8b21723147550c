import type { ComponentType } from 'react';
import type { PageLoader } from './pageModules';
import { trackPageLoad } from './pageLoads';

/** A route's page as a component that loads its chunk on first render (it suspends meanwhile). */
export interface LazyPage {
  Component: ComponentType;
  /** Starts loading the chunk (a prefetch, or the first page before React's first render). */
  preload(): Promise<void>;
}

const pages = new Map<PageLoader, LazyPage>();

/**
 * Like `React.lazy`, but a chunk already loaded (prefetched, or preloaded for the first page)
 * renders at once: the first commit is the page itself, not the loading overlay over the
 * static shell and then the page, and a prefetched page needs no suspended render.
 */
export function lazyPage(load: PageLoader): LazyPage {
  let page = pages.get(load);
  if (page) return page;
  let loaded: ComponentType | undefined;
  let failed: { error: unknown } | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (m) => {
        loaded = m.default;
      },
      (error: unknown) => {
        failed = { error };
      },
    ));
  function Page() {
    if (loaded) {
      const Loaded = loaded;
      return <Loaded />;
    }
    // A failed chunk is thrown from render so the route's error boundary gets it.
    if (failed) throw failed.error;
    // A navigation waits for it: the loading bar shows (a prefetch does not).
    throw trackPageLoad(preload());
  }
  page = { Component: Page, preload };
  pages.set(load, page);
  return page;
}
