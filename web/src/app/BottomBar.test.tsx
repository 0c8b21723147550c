import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { sessionRestoredAtom, signIn } from '@/shared/session/session';
import { chatModalAtom, loginModalAtom } from '@/shared/state';
import { renderApp } from '@/shared/testing/render';
import { BOTTOM_BAR_HIDDEN_ON, isBottomBarHidden } from './BottomBar';

const HIDDEN: Record<string, string> = {
  productDetail: '/product/abc-123',
  messages: '/profile/messages',
  cart: '/profile/cart',
  CartOrderRegistration: '/profile/cart/order-register',
  cartFirst: '/profile/cart/first-time',
};

async function pageReady(title: string) {
  return screen.findByRole('heading', { level: 1, name: new RegExp(title) });
}

describe('mobile bottom bar', () => {
  it('lists exactly the five routes of the spec as hidden', () => {
    expect([...BOTTOM_BAR_HIDDEN_ON].sort()).toEqual(Object.keys(HIDDEN).sort());
    expect(isBottomBarHidden('home')).toBe(false);
    expect(isBottomBarHidden(undefined)).toBe(false);
  });

  for (const [name, path] of Object.entries(HIDDEN)) {
    it(`is hidden on ${name} (${path})`, async () => {
      renderApp(path, { signedIn: true });
      await screen.findByRole('main');
      await waitFor(() => expect(document.querySelector('h1')).not.toBeNull());
      expect(screen.queryByTestId('bottom-bar')).toBeNull();
    });
  }

  it('is shown on home with its five items, and only below lg', async () => {
    renderApp('/');
    await pageReady('لپ‌تاپ مناسب');
    const bar = screen.getByTestId('bottom-bar');
    expect(bar).toHaveClass('lg:hidden');
    const items = within(bar).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(within(items[0]).getByText('محصولات')).toBeInTheDocument();
    expect(within(items[1]).getByText('جستجو')).toBeInTheDocument();
    expect(within(items[2]).getByRole('link', { name: 'خانه' })).toHaveAttribute('href', '/');
    expect(within(items[3]).getByText('گفتگو')).toBeInTheDocument();
    expect(within(items[4]).getByText('پروفایل')).toBeInTheDocument();
  });

  it('is shown on shop, profile and the not-found page', async () => {
    for (const path of ['/shop', '/profile', '/no/such/page']) {
      const { unmount } = renderApp(path, { signedIn: true });
      await waitFor(() => expect(document.querySelector('h1')).not.toBeNull());
      expect(screen.getByTestId('bottom-bar')).toBeInTheDocument();
      unmount();
    }
  });

  for (const [label, target] of [
    ['پروفایل', '/profile'],
    ['گفتگو', '/profile/messages'],
  ] as const) {
    it(`${label}: signed out, stores redirectTo and opens the login popup`, async () => {
      const { router, store } = renderApp('/shop');
      await pageReady('فروشگاه');
      await userEvent.click(within(screen.getByTestId('bottom-bar')).getByRole('button', { name: label }));
      await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe(target));
      expect(store.get(loginModalAtom)).toBe(true);
      expect(router.state.location.pathname).toBe('/shop');
    });

    it(`${label}: signed in, navigates and closes the chat panel`, async () => {
      const { router, store } = renderApp('/shop', { signedIn: true });
      store.set(chatModalAtom, true);
      await pageReady('فروشگاه');
      await userEvent.click(within(screen.getByTestId('bottom-bar')).getByRole('button', { name: label }));
      await waitFor(() => expect(router.state.location.pathname).toBe(target));
      expect(router.state.location.search).toBe('');
      expect(store.get(loginModalAtom)).toBe(false);
      expect(store.get(chatModalAtom)).toBe(false);
    });

    it(`${label}: a tap while the session is still being restored after a page load waits for it (signed in: no login popup)`, async () => {
      // The session is in (encrypted) storage, not yet in memory, when the shopper taps.
      await signIn({ token: 'token', reftoken: 'ref', user: { Uid: 'u-1', Name: 'مریم', Mobile: '09123456789' } as never }, createStore());
      const { router, store } = renderApp('/shop');
      store.set(sessionRestoredAtom, false);
      await pageReady('فروشگاه');
      await userEvent.click(within(screen.getByTestId('bottom-bar')).getByRole('button', { name: label }));
      await waitFor(() => expect(router.state.location.pathname).toBe(target));
      expect(store.get(loginModalAtom)).toBe(false);
      expect(store.get(sessionRestoredAtom)).toBe(true);
    });
  }
});
