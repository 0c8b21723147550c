import type { ComponentType } from 'react';
import { useParams, useRoutes, type RouteObject } from 'react-router';
import { getDefaultStore } from 'jotai';
import { setPrefetcher } from '@/shared/lib/prefetch';
import { isSignedInAtom } from '@/shared/session/session';
import { DefaultLayout, HomeLayout, ProfileNoSideLayout, RestrictedLayout } from '@/app/layouts/Layouts';
import { eagerPages, pageModules, type PageLoader } from './pageModules';
import { lazyPage } from './lazyPage';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { RouteFrame } from './RouteFrame';
import {
  compiledRoutes,
  matchRoutePath,
  paramValidators,
  parsePartialParams,
  type CompiledRoute,
  type LayoutName,
  type RouteEntry,
} from '@/shared/routes/routeTable';
import { Shell } from './Shell';

/**
 * The route table runs in react-router's declarative mode (`useRoutes`): the shop needs no
 * loaders or actions, and the data router would add about 15 KB (brotli) to every first page.
 * Pages, the profile layout and the not-found page are `lazyPage` chunks (a chunk already
 * loaded renders at once); navigations are transitions, so the old page stays until the new one
 * can show.
 */

// The not-found page (and its illustration) is its own chunk: most visits never show it.
const notFoundPage = lazyPage(() => import('@/shared/ui/NotFound'));
const NotFound = notFoundPage.Component;

// The profile layout's menu (and its sign-out button) load with the first profile page.
const profileLayout = lazyPage(() => import('@/app/layouts/ProfileLayout'));

// The back office (`/admin/*`, contract/admin-routes.json) is one lazy app: its routes, menu,
// strings and pages never reach the shopper's chunks.
const adminApp = lazyPage(() => import('@/app/admin/AdminApp'));

/** Each layout's component. */
const LAYOUTS: Record<LayoutName, ComponentType> = {
  home: HomeLayout,
  default: DefaultLayout,
  profile: profileLayout.Component,
  'profile-no-side': ProfileNoSideLayout,
  restricted: RestrictedLayout,
};

/** A page whose params fail the route's checks is the not-found page (spec §2, "route validation failure"); its chunk is not loaded. */
function PageRoute({ route, Page }: { route: CompiledRoute; Page: ComponentType }) {
  const params = useParams();
  const validate = paramValidators[route.name];
  if (route.partials.length > 0 || validate !== undefined) {
    const parsed = parsePartialParams(route, params);
    if (!parsed || (validate && !validate(parsed))) return <NotFound />;
  }
  return <RouteFrame route={route} Page={Page} />;
}

function pageRoute(route: CompiledRoute, load: PageLoader): RouteObject {
  const Page = eagerPages[route.name] ?? lazyPage(load).Component;
  return {
    path: route.routerPath,
    element: (
      <RouteErrorBoundary>
        <PageRoute route={route} Page={Page} />
      </RouteErrorBoundary>
    ),
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
    if (layout === 'default') pages.push({ path: '*', element: <NotFound /> });
    const Layout = LAYOUTS[layout];
    return {
      element: (
        <RouteErrorBoundary>
          <Layout />
        </RouteErrorBoundary>
      ),
      children: pages,
    };
  });
  children.push({
    path: '/admin/*',
    element: (
      <RouteErrorBoundary>
        <adminApp.Component />
      </RouteErrorBoundary>
    ),
  });
  return [
    {
      element: (
        <RouteErrorBoundary fullPage>
          <Shell />
        </RouteErrorBoundary>
      ),
      children,
    },
  ];
}

/** The whole app's routes; render it inside a router (`BrowserRouter`, or `MemoryRouter` in tests). */
export function AppRoutes({ loaders = pageModules }: { loaders?: Record<string, PageLoader> }) {
  return useRoutes(routesFor(loaders));
}

// Route objects are built once per set of loaders (lazy components must keep their identity).
const built = new WeakMap<Record<string, PageLoader>, RouteObject[]>();
function routesFor(loaders: Record<string, PageLoader>): RouteObject[] {
  let routes = built.get(loaders);
  if (!routes) {
    routes = createAppRoutes(loaders);
    built.set(loaders, routes);
  }
  return routes;
}

/** The chunks a route's first render needs: its page's, and the profile layout's for profile pages. */
function chunksFor(r: RouteEntry, loaders: Record<string, PageLoader>): Promise<void>[] {
  const load = loaders[r.name] as PageLoader | undefined;
  const chunks = load && !eagerPages[r.name] ? [lazyPage(load).preload()] : [];
  if (r.layout === 'profile') chunks.push(profileLayout.preload());
  return chunks;
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
    void chunksFor(r, loaders);
  });
}

/**
 * Loads the chunks of the page at `pathname` (none for the home page, which is in the entry;
 * the not-found page's for a path no route matches); the app's first render waits for them, so
 * that render is the page (the static shell stays on screen until then). Never rejects: a failed
 * chunk shows through the route's error boundary.
 */
export function firstPageReady(pathname: string, loaders: Record<string, PageLoader> = pageModules): Promise<void> {
  const r = matchRoutePath(pathname);
  return Promise.all(r ? chunksFor(r, loaders) : [notFoundPage.preload()]).then(() => undefined);
}
