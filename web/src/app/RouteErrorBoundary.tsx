import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorPage } from '@/features/error/components/ErrorPage';
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
 * What a failed route shows: a failed chunk reloads the page (at most once per 10 s per path);
 * anything else is fatal: the error page (nothing for bots).
 */
function RouteError({ error, fullPage }: { error: unknown; fullPage: boolean }) {
  const { pathname } = useLocation();
  if (isChunkLoadError(error) && decideReload(error, pathname)) return <LoadingOverlay />;
  if (import.meta.env.MODE !== 'test') console.error(error);
  return <ErrorPage fullPage={fullPage} />;
}

interface BoundaryProps {
  fullPage: boolean;
  /** The path on screen: a failed page is forgotten when the visitor goes elsewhere. */
  pathname: string;
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { failed: boolean; error: unknown }> {
  state = { failed: false, error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.pathname !== this.props.pathname) this.setState({ failed: false, error: undefined });
  }

  render() {
    return this.state.failed ? <RouteError error={this.state.error} fullPage={this.props.fullPage} /> : this.props.children;
  }
}

/** The error boundary of every layout and page (the page's failure keeps its layout on screen). */
export function RouteErrorBoundary({ fullPage = false, children }: { fullPage?: boolean; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Boundary fullPage={fullPage} pathname={pathname}>
      {children}
    </Boundary>
  );
}
