/**
 * Links prefetch the code of their route when they become visible (spec section 2, app shell).
 * The router registers how a path maps to its lazy chunk; links only call `prefetchPath`.
 */
type Prefetcher = (path: string) => void;

let prefetcher: Prefetcher | null = null;
const done = new Set<string>();

export function setPrefetcher(fn: Prefetcher | null): void {
  prefetcher = fn;
  done.clear();
}

export function prefetchPath(path: string): void {
  const pathname = path.split(/[?#]/)[0] || '/';
  if (done.has(pathname) || !prefetcher) return;
  done.add(pathname);
  try {
    prefetcher(pathname);
  } catch {
    /* prefetch is best effort */
  }
}
