import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import '@/shared/i18n';

export type TestStore = ReturnType<typeof createStore>;

/** Shows the current location so tests can assert redirects. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders inside a fresh jotai store and a memory router at `path`. */
export function renderWithApp(ui: ReactElement, { path = '/', store = createStore() }: { path?: string; store?: TestStore } = {}) {
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
