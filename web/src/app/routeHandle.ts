import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { matchRoutePath, type RouteEntry } from '@/shared/routes/routeTable';

/** The spec route of the page on screen (undefined on the not-found page). */
export function useCurrentRouteHandle(): RouteEntry | undefined {
  const { pathname } = useLocation();
  return useMemo(() => matchRoutePath(pathname), [pathname]);
}
