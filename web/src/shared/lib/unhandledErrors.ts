import { isChunkLoadError } from './chunkReload';

/**
 * Errors the app has already answered, which must not become the error page: a failed chunk
 * (the page reloads, chunkReload.ts), an aborted request (the caller went away), a request that
 * timed out or could not reach the server (the HTTP client has toasted it, spec section 8), and
 * the browser's benign ResizeObserver notice.
 */
export function isHandledError(error: unknown): boolean {
  if (isChunkLoadError(error)) return true;
  const name = typeof error === 'object' && error !== null && 'name' in error ? String((error as { name: unknown }).name) : '';
  if (name === 'AbortError' || name === 'TimeoutError') return true;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (error instanceof TypeError && /failed to fetch|networkerror|load failed|network request failed/i.test(message)) return true;
  return /ResizeObserver loop/i.test(message);
}

/**
 * Spec section 4: "fatal or unhandled errors" show the error page. This catches what React's
 * error boundaries cannot: errors thrown in event handlers and timers (window `error`) and
 * rejected promises nobody handled (`unhandledrejection`). An `error` event without an error
 * object ("Script error." from another origin's script, an extension) is not ours and is
 * ignored. Returns the uninstaller.
 */
export function installUnhandledErrorListener(onFatal: (error: unknown) => void): () => void {
  const onError = (event: ErrorEvent) => {
    if (event.error === undefined || event.error === null) return;
    if (!isHandledError(event.error)) onFatal(event.error);
  };
  const onRejection = (event: Event) => {
    const reason = (event as PromiseRejectionEvent).reason;
    if (!isHandledError(reason)) onFatal(reason);
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
