import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { ErrorPage } from '@/features/error/components/ErrorPage';
import { NotFound } from '@/shared/ui/NotFound';
import { isChunkLoadError, pageReloader, reloadOnChunkError } from '@/shared/lib/chunkReload';
import { LoadingOverlay } from '@/shared/ui/LoadingOverlay';

// One decision per error object (StrictMode renders twice; a reload must be asked for once).
const reloadDecisions = new WeakMap<object, boolean>();

function decideReload(error: unknown, path: string): boolean {
  const key = typeof error === 'object' && error !== null ? error : null;
  if (key && reloadDecisions.has(key)) return reloadDecisions.get(key)!;
  // Reload after this render (not during it).
  const decision = reloadOnChunkError(path, Date.now(), () => setTimeout(() => pageReloader.reload(), 0));
  if (key) reloadDecisions.set(key, decision);
  return decision;
}

/**
 * errorElement of every route. A 404 (unmatched or invalid params) shows the not-found page;
 * other route error statuses show nothing; a failed chunk reloads the page (at most once per
 * 10 s per path); anything else is fatal: the error page (nothing for bots).
 */
export function RouteErrorBoundary({ fullPage = false }: { fullPage?: boolean }) {
  const error = useRouteError();
  const { pathname } = useLocation();
  if (isRouteErrorResponse(error)) return <NotFound statusCode={error.status} />;
  if (isChunkLoadError(error) && decideReload(error, pathname)) return <LoadingOverlay />;
  if (import.meta.env.MODE !== 'test') console.error(error);
  return <ErrorPage fullPage={fullPage} />;
}

export function RootErrorBoundary() {
  return <RouteErrorBoundary fullPage />;
}
