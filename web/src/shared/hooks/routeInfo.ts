import { createContext, useContext } from 'react';

export interface RouteInfo {
  /** route name from routes.json */
  name: string;
  /** Persian title from routes.json */
  title: string;
  layout: string;
  requiresAuth: boolean;
  /** parsed params, with partial segments split (e.g. `{category, id}`) */
  params: Record<string, string>;
}

export const RouteInfoContext = createContext<RouteInfo | null>(null);

/** The current page's route (name, title, parsed params). */
export function useRouteInfo(): RouteInfo {
  const info = useContext(RouteInfoContext);
  if (!info) throw new Error('useRouteInfo outside a routed page');
  return info;
}
