/** Spec section 8/9: a chunk-load failure reloads the page, at most once per 10 s per path. */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
const KEY_PREFIX = 'chunk-reload:';

/**
 * How the page is reloaded (tests replace it), and whether this page has asked for it already:
 * one failure reaches both the `vite:preloadError` listener and the route's error boundary,
 * sometimes under two paths (before and after the navigation), and must reload once.
 */
export const pageReloader = { reload: (): void => window.location.reload(), requested: false };

/** Does this error come from a failed dynamic import / lazy chunk? */
export function isChunkLoadError(error: unknown): boolean {
  if (!error) return false;
  const message =
    error instanceof Error ? `${error.name} ${error.message}` : typeof error === 'string' ? error : '';
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk [\w-]+ failed|Unable to preload CSS|Failed to load module script/i.test(
    message,
  );
}

/**
 * Reloads the page unless it was already reloaded for a chunk failure on this path in the
 * last 10 seconds. Returns true when it reloaded.
 */
export function reloadOnChunkError(
  path: string = location.pathname,
  now: number = Date.now(),
  reload: () => void = () => pageReloader.reload(),
): boolean {
  if (pageReloader.requested) return true; // a reload is on its way
  const key = KEY_PREFIX + path;
  let last = 0;
  try {
    last = Number(sessionStorage.getItem(key) ?? 0) || 0;
  } catch {
    /* storage blocked: still guard via the in-memory value below */
  }
  if (now - last < CHUNK_RELOAD_GUARD_MS && now >= last) return false;
  try {
    sessionStorage.setItem(key, String(now));
  } catch {
    return false; // without storage we can't guard against a reload loop: don't reload
  }
  pageReloader.requested = true;
  reload();
  return true;
}

/** Vite fires `vite:preloadError` when a dynamic import's preload fails. */
export function installChunkErrorListener(): () => void {
  const onPreloadError = (event: Event) => {
    if (reloadOnChunkError()) event.preventDefault();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}
