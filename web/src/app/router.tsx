import type { ComponentType } from 'react';
import { data, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { getDefaultStore } from 'jotai';
import { setPrefetcher } from '@/shared/lib/prefetch';
import { isSignedInAtom } from '@/shared/session/session';
import { LoadingOverlay } from '@/shared/ui/LoadingOverlay';
import { DefaultLayout, HomeLayout, ProfileNoSideLayout, RestrictedLayout } from '@/app/layouts/Layouts';
import NotFoundPage from '@/shared/ui/NotFound';
import { pageModules, type PageLoader } from './pageModules';
import { RootErrorBoundary, RouteErrorBoundary } from './RouteErrorBoundary';
import { RouteFrame } from './RouteFrame';
import type { RouteHandle } from './routeHandle';
import {
  compiledRoutes,
  matchRoutePath,
  paramValidators,
  parsePartialParams,
  type CompiledRoute,
  type LayoutName,
} from '@/shared/routes/routeTable';
import { Shell } from './Shell';

/** Each layout's component; the profile layout's menu (and its sign-out button) load with the first profile page. */
const LAYOUTS: Record<LayoutName, { Component?: ComponentType; lazy?: () => Promise<{ Component: ComponentType }> }> = {
  home: { Component: HomeLayout },
  default: { Component: DefaultLayout },
  profile: { lazy: async () => ({ Component: (await import('@/app/layouts/ProfileLayout')).default }) },
  'profile-no-side': { Component: ProfileNoSideLayout },
  restricted: { Component: RestrictedLayout },
};

/** A 404 route error: the page shows the not-found page (spec §2, "route validation failure"). */
function notFound(pathname: string): never {
  throw data(`Page not found: ${pathname}`, { status: 404, statusText: 'Not Found' });
}

function pageRoute(route: CompiledRoute, load: PageLoader): RouteObject {
  const validate = paramValidators[route.name];
  const needsLoader = route.partials.length > 0 || validate !== undefined;
  return {
    id: route.name,
    path: route.routerPath,
    handle: {
      name: route.name,
      title: route.title,
      layout: route.layout,
      requiresAuth: route.requiresAuth,
    } satisfies RouteHandle,
    loader: needsLoader
      ? ({ params, request }: LoaderFunctionArgs) => {
          const parsed = parsePartialParams(route, params);
          if (!parsed || (validate && !validate(parsed))) notFound(new URL(request.url).pathname);
          return null;
        }
      : undefined,
    lazy: async () => {
      let Page: ComponentType;
      try {
        Page = (await load()).default;
      } catch (error) {
        // A failed chunk is thrown from render so this route's error boundary gets it (a
        // rejected lazy() on the first load would leave the page blank in react-router 7).
        return {
          Component: () => {
            throw error;
          },
        };
      }
      return { Component: () => <RouteFrame route={route} Page={Page} /> };
    },
    errorElement: <RouteErrorBoundary />,
  };
}

/** The route objects, built from routes.json: one layout route per layout, pages inside. */
export function createAppRoutes(loaders: Record<string, PageLoader> = pageModules): RouteObject[] {
  const layoutOrder: LayoutName[] = ['home', 'default', 'profile', 'profile-no-side', 'restricted'];
  const children: RouteObject[] = layoutOrder.map((layout) => {
    const pages = compiledRoutes
      .filter((r) => r.layout === layout)
      .map((r) => {
        const load = loaders[r.name];
        if (!load) throw new Error(`no page module for route ${r.name}`);
        return pageRoute(r, load);
      });
    if (layout === 'default') {
      pages.push({
        id: 'notFound',
        path: '*',
        handle: { name: 'notFound', title: '', layout: 'default', requiresAuth: false } satisfies RouteHandle,
        Component: NotFoundPage,
        errorElement: <RouteErrorBoundary />,
      });
    }
    return { id: `layout-${layout}`, ...LAYOUTS[layout], children: pages, errorElement: <RouteErrorBoundary /> };
  });
  return [
    {
      id: 'root',
      Component: Shell,
      errorElement: <RootErrorBoundary />,
      hydrateFallbackElement: <LoadingOverlay />,
      children,
    },
  ];
}

/**
 * Links prefetch the chunk of the route they point to; a page that needs sign-in only once
 * someone is signed in (signed out, the link opens the login popup or a sign-in prompt first).
 */
export function installPrefetcher(
  loaders: Record<string, PageLoader> = pageModules,
  signedIn: () => boolean = () => getDefaultStore().get(isSignedInAtom),
): void {
  setPrefetcher((path) => {
    const r = matchRoutePath(path);
    if (!r) return;
    if (r.requiresAuth && !signedIn()) return false;
    void loaders[r.name]?.().catch(() => undefined);
  });
}
