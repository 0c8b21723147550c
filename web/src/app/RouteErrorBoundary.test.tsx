import { screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageModules } from './pageModules';
import { pageReloader } from '@/shared/lib/chunkReload';
import { sessionRestoredAtom } from '@/shared/session/session';
import { renderApp } from '@/shared/testing/render';

const realReload = pageReloader.reload;

function renderWithBrokenShop() {
  const loaders = {
    ...pageModules,
    shop: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/ShopPage-x.js')),
    blogs: () => Promise.reject(new Error('boom')),
  };
  const store = createStore();
  store.set(sessionRestoredAtom, true);
  // A fresh copy per render: a reloaded page builds its lazy routes afresh.
  return (path: string) =>
    renderApp(path, { store, loaders: Object.fromEntries(Object.entries(loaders).map(([name, load]) => [name, () => load()])) });
}

describe('route errors', () => {
  afterEach(() => {
    pageReloader.reload = realReload;
    pageReloader.requested = false;
  });

  it('a chunk-load failure reloads once, then shows the error page within 10 s', async () => {
    const reload = vi.fn();
    pageReloader.reload = reload;
    const renderAt = renderWithBrokenShop();
    const first = renderAt('/shop');
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('error-page')).toBeNull();
    first.unmount();
    pageReloader.requested = false; // a reloaded page starts afresh
    renderAt('/shop'); // the "reloaded" page fails again within 10 s
    expect(await screen.findByTestId('error-page')).toHaveTextContent('خطایی رخ داد');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('any other fatal error shows the error page in the layout', async () => {
    const reload = vi.fn();
    pageReloader.reload = reload;
    renderWithBrokenShop()('/blogs');
    expect(await screen.findByTestId('error-page')).toBeInTheDocument();
    expect(document.querySelector('[data-layout="default"]')).not.toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });
});
