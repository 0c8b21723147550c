import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createAppRoutes } from '@/app/router';
import { isSignedInAtom, sessionAtom, sessionRestoredAtom } from '@/features/auth/session';
import { userAgentAtom } from '@/shared/state';
import '@/shared/i18n';

export interface RenderAppOptions {
  signedIn?: boolean;
  userAgent?: string;
  store?: ReturnType<typeof createStore>;
}

/** Renders the whole app (shell, layouts, lazy pages) at `path` in a memory router. */
export function renderApp(path: string, opts: RenderAppOptions = {}) {
  const store = opts.store ?? createStore();
  store.set(sessionRestoredAtom, true);
  if (opts.signedIn) {
    store.set(sessionAtom, {
      user: { Uid: 'u-1', Name: 'مریم', Lastname: 'احمدی', Mobile: '09123456789' } as never,
      accessToken: 'token',
      refreshToken: 'ref',
      isAuthorized: true,
    });
  }
  if (opts.userAgent !== undefined) store.set(userAgentAtom, opts.userAgent);
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  const utils = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...utils, router, store, isSignedIn: () => store.get(isSignedInAtom) };
}
