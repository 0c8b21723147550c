import { lazy, type ComponentType } from 'react';
import { useParams, useRoutes, type RouteObject } from 'react-router';
import { getDefaultStore } from 'jotai';
import { setPrefetcher } from '@/shared/lib/prefetch';
import { isSignedInAtom } from '@/shared/session/session';
import { DefaultLayout, HomeLayout, ProfileNoSideLayout, RestrictedLayout } from '@/app/layouts/Layouts';
import { eagerPages, pageModules, type PageLoader } from './pageModules';
import { trackPageLoad } from './pageLoads';
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
} from '@/shared/routes/routeTable';
import { Shell } from './Shell';

/**
 * The route table runs in react-router's declarative mode (`useRoutes`): the shop needs no
 * loaders or actions, and the data router would add about 15 KB (brotli) to every first page.
 * Pages are `lazyPage` chunks (a chunk already loaded renders at once), the profile layout and
 * the not-found page `React.lazy` ones; navigations are transitions, so the old page stays
 * until the new one can show.
 */

// The not-found page (and its illustration) is its own chunk: most visits never show it.
const NotFoundPage = lazy(() => import('@/shared/ui/NotFound'));
const NotFound = lazy(() => import('@/shared/ui/NotFound').then((m) => ({ default: m.NotFound })));

/** Each layout's component; the profile layout's menu (and its sign-out button) load with the first profile page. */
const LAYOUTS: Record<LayoutName, ComponentType> = {
  home: HomeLayout,
  default: DefaultLayout,
  profile: lazy(() => trackPageLoad(import('@/app/layouts/ProfileLayout'))),
  'profile-no-side': ProfileNoSideLayout,
  restricted: RestrictedLayout,
};

/** A page whose params fail the route's checks is the not-found page (spec §2, "route validation failure"); its chunk is not loaded. */
function PageRoute({ route, Page }: { route: CompiledRoute; Page: ComponentType }) {
  const params = useParams();
  const validate = paramValidators[route.name];
  if (route.partials.length > 0 || validate !== undefined) {
    const parsed = parsePartialParams(route, params);
    if (!parsed || (validate && !validate(parsed))) return <NotFound statusCode={404} />;
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
    if (layout === 'default') pages.push({ path: '*', element: <NotFoundPage /> });
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
    const load = loaders[r.name];
    if (load && !eagerPages[r.name]) void lazyPage(load).preload();
  });
}

/**
 * Loads the chunk of the page at `pathname` (nothing for the home page, which is in the entry);
 * the app's first render waits for it, so that render is the page (the static shell stays on
 * screen until then). Never rejects: a failed chunk shows through the route's error boundary.
 */
export function firstPageReady(pathname: string, loaders: Record<string, PageLoader> = pageModules): Promise<void> {
  const r = matchRoutePath(pathname);
  const load = r ? loaders[r.name] : undefined;
  return r && load && !eagerPages[r.name] ? lazyPage(load).preload() : Promise.resolve();
}
