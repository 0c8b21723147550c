import { RouteInfoContext } from '@/shared/hooks/routeInfo';
import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router';
import { AppRoutes } from '@/app/router';
import type { PageLoader } from '@/app/pageModules';
import { isSignedInAtom, sessionAtom, sessionRestoredAtom } from '@/shared/session/session';
import { userAgentAtom } from '@/shared/state';
import '@/shared/i18n';

/**
 * The one render helper of the web tests: `renderApp` renders the whole app (shell, layouts,
 * lazy pages) at a path; `renderWithApp` renders one component inside the same providers.
 * Both use a fresh jotai store, optionally signed in.
 */
export type TestStore = ReturnType<typeof createStore>;

export interface RenderOptions {
  signedIn?: boolean;
  /** The signed-in customer's profile city (with `signedIn`). */
  city?: string;
  /** Signed in as a member of the shop's staff (user `Type` 2; with `signedIn`). */
  staff?: boolean;
  userAgent?: string;
  store?: TestStore;
}

function prepareStore(opts: RenderOptions): TestStore {
  const store = opts.store ?? createStore();
  store.set(sessionRestoredAtom, true);
  if (opts.signedIn) {
    store.set(sessionAtom, {
      user: {
        Uid: 'u-1',
        Name: 'مریم',
        Lastname: 'احمدی',
        Mobile: '09123456789',
        ...(opts.city !== undefined && { City: opts.city }),
        ...(opts.staff && { Type: 2 }),
      } as never,
      accessToken: 'token',
      refreshToken: 'ref',
      isAuthorized: true,
    });
  }
  if (opts.userAgent !== undefined) store.set(userAgentAtom, opts.userAgent);
  return store;
}

/** What a test reads of the memory router: the location on screen, and `navigate` (e.g. back). */
export interface TestRouter {
  state: { location: Location };
  navigate: NavigateFunction;
}

function RouterProbe({ router }: { router: TestRouter }) {
  router.state.location = useLocation();
  router.navigate = useNavigate();
  return null;
}

/** Renders the whole app (shell, layouts, lazy pages) at `path` in a memory router. */
export function renderApp(path: string, opts: RenderOptions & { loaders?: Record<string, PageLoader> } = {}) {
  const store = prepareStore(opts);
  const router = { state: {} } as TestRouter;
  const utils = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes loaders={opts.loaders} />
        <RouterProbe router={router} />
      </MemoryRouter>
    </Provider>,
  );
  return { ...utils, router, store, isSignedIn: () => store.get(isSignedInAtom) };
}

/** Shows the current location so tests can assert redirects. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders `ui` inside a jotai store and a memory router at `path`. */
export function renderWithApp(ui: ReactElement, { path = '/', ...opts }: RenderOptions & { path?: string } = {}) {
  const store = prepareStore(opts);
  const wrap = (children: ReactNode) => (
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                {children}
                <LocationProbe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </Provider>
  );
  const result = render(wrap(ui));
  return { ...result, store };
}

/**
 * Renders a back-office page as the admin app gives it: its route (`name`, `title`) in
 * `RouteInfoContext`, signed in (the staff check itself is the admin app's, tested there).
 */
export function renderAdminPage(name: string, title: string, page: ReactElement, opts: RenderOptions & { path?: string } = {}) {
  const route = { name, title, layout: 'default', requiresAuth: true, params: {} };
  return renderWithApp(<RouteInfoContext.Provider value={route}>{page}</RouteInfoContext.Provider>, { signedIn: true, ...opts });
}
