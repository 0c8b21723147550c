import { hasInteracted, onFirstInteraction } from './firstInteraction';

/**
 * Links prefetch the code of their route when they become visible (spec section 2, app shell),
 * from the visitor's first interaction on: a visit that only looks at the page does not pay for
 * the pages it might have opened (docs/decisions.md, "Prefetch waits for the first interaction").
 * The router registers how a path maps to its lazy chunk; links only call `prefetchPath`.
 * The prefetcher answers false when it chose not to fetch (a page the visitor cannot open yet),
 * so a later sighting of the same path may still prefetch it.
 */
type Prefetcher = (path: string) => boolean | void;

let prefetcher: Prefetcher | null = null;
const done = new Set<string>();
// Paths seen before the first interaction.
const seen = new Set<string>();
let cancelWait: (() => void) | null = null;

export function setPrefetcher(fn: Prefetcher | null): void {
  prefetcher = fn;
  done.clear();
  seen.clear();
  cancelWait?.();
  cancelWait = null;
}

/** The visitor asked the browser to save data (Chrome's Data Saver, the Save-Data hint). */
function saveData(): boolean {
  const nav = typeof navigator === 'undefined' ? undefined : (navigator as { connection?: { saveData?: boolean } });
  return nav?.connection?.saveData === true;
}

export function prefetchPath(path: string): void {
  const pathname = path.split(/[?#]/)[0] || '/';
  if (done.has(pathname) || !prefetcher || saveData()) return;
  if (!hasInteracted()) {
    seen.add(pathname);
    cancelWait ??= onFirstInteraction(() => {
      cancelWait = null;
      // After the interaction's own work.
      setTimeout(() => {
        const paths = [...seen];
        seen.clear();
        paths.forEach(prefetchPath);
      }, 0);
    });
    return;
  }
  try {
    if (prefetcher(pathname) !== false) done.add(pathname);
  } catch {
    /* prefetch is best effort */
  }
}
