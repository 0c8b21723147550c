import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/shared/testing/fixtures';
import { renderApp } from '@/shared/testing/render';
import { layoutKeyOf, PAGE_FADE_MS } from './PageTransition';

const layoutFade = () => document.querySelector<HTMLElement>('[data-fade="layout"]')!;
const shownLayouts = () => [...document.querySelectorAll('[data-layout]')].map((el) => el.getAttribute('data-layout'));

describe('page transition (fade, out-in)', () => {
  it('fades 250 ms out and 250 ms in: fade500', () => {
    expect(PAGE_FADE_MS * 2).toBe(500);
  });

  it('while the old page fades out the new one is absent; after it, only the new page shows', async () => {
    renderApp('/about-us');
    expect(await screen.findByRole('heading', { level: 1, name: 'درباره ما' })).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    await userEvent.click(footer.querySelector('a[href="/contact-us"]')!);
    // out: the old page is still shown while it fades, and nothing of the new one yet
    const fade = await screen.findByText((_, el) => el?.getAttribute('data-fade') === 'page' && el.getAttribute('data-phase') === 'out');
    expect(fade).toHaveTextContent('درباره ما');
    expect(screen.queryByRole('heading', { level: 1, name: 'تماس با ما' })).toBeNull();
    // Same layout: the layout itself does not fade (header and footer stay).
    expect(layoutFade()).toHaveAttribute('data-phase', 'in');
    // in: after the fade the new page is there and the old one is gone
    expect(await screen.findByRole('heading', { level: 1, name: 'تماس با ما' })).toBeInTheDocument();
    expect(document.querySelector('[data-fade="page"]')).toHaveAttribute('data-phase', 'in');
    expect(screen.queryByRole('heading', { level: 1, name: 'درباره ما' })).toBeNull();
    await act(async () => {});
  });

  it.each([
    ['home → a default page', '/', 'home', '/about-us', 'default'],
    ['default → profile', '/about-us', 'default', '/profile/favorites', 'profile'],
    ['profile → default', '/profile/favorites', 'profile', '/about-us', 'default'],
    ['profile → profile-no-side', '/profile/favorites', 'profile', '/categories', 'profile-no-side'],
  ])('%s: the old layout fades out whole, then the new one fades in', async (_name, from, fromLayout, to, toLayout) => {
    mockApi({});
    const { router } = renderApp(from);
    await waitFor(() => expect(shownLayouts()).toEqual([fromLayout]));
    act(() => void router.navigate(to));
    // out: the old layout (with its page) is still on screen, fading; the new one is not there yet
    await waitFor(() => expect(layoutFade()).toHaveAttribute('data-phase', 'out'));
    expect(shownLayouts()).toEqual([fromLayout]);
    // The leaving layout's page does not start a fade of its own.
    expect(document.querySelector('[data-fade="page"]')).toHaveAttribute('data-phase', 'in');
    // in: the new layout, and only it
    await waitFor(() => expect(shownLayouts()).toEqual([toLayout]));
    expect(layoutFade()).toHaveAttribute('data-phase', 'in');
    await act(async () => {});
  });

  it('knows each path’s layout as the route table places it', () => {
    expect(layoutKeyOf('/')).toBe('home');
    expect(layoutKeyOf('/shop')).toBe('default');
    expect(layoutKeyOf('/profile/cart')).toBe('profile');
    expect(layoutKeyOf('/profile/cart/first-time')).toBe('profile-no-side');
    expect(layoutKeyOf('/login')).toBe('restricted');
    expect(layoutKeyOf('/no/such/page')).toBe('default');
    expect(layoutKeyOf('/admin/orders')).toBe('admin');
  });
});
