import { useMatches } from 'react-router';
import type { LayoutName } from '@/shared/routes/routeTable';

/** What every page route carries in its react-router `handle`. */
export interface RouteHandle {
  name: string;
  title: string;
  layout: LayoutName;
  requiresAuth: boolean;
}

function isRouteHandle(h: unknown): h is RouteHandle {
  return typeof h === 'object' && h !== null && typeof (h as RouteHandle).name === 'string';
}

/** The handle of the deepest matched page route (undefined while nothing matched). */
export function useCurrentRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i].handle;
    if (isRouteHandle(h)) return h;
  }
  return undefined;
}
