import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import table from '@contract/routes.json';
import { renderApp } from '@/shared/testing/render';
import { loadingAtom } from '@/shared/state';

const samplePath = (path: string) =>
  path.replace('{category}-{id}', 'asus-laptops-12').replace('{id}', '7').replace(/\{(\w+)\}/g, 'sample');

describe('not-found page', () => {
  it('shows image, text and back-home button for an unknown path', async () => {
    renderApp('/this/does/not-exist');
    expect(await screen.findByRole('heading', { name: 'صفحه مورد نظر یافت نشد!' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /لپ‌تاپی/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'بازگشت به صفحه اصلی' })).toHaveAttribute('href', '/');
    expect(document.title).toContain('صفحه مورد نظر یافت نشد!');
  });

  it('shows for route params that fail validation', async () => {
    for (const path of ['/shop/category/no-id-here', '/profile/tickets/ticket-abc', '/profile/tickets/42', '/profile/factors/!!']) {
      const { unmount } = renderApp(path, { signedIn: true });
      expect(await screen.findByRole('heading', { name: 'صفحه مورد نظر یافت نشد!' })).toBeInTheDocument();
      unmount();
    }
  });

  it('accepts valid partial segments', async () => {
    renderApp('/shop/category/asus-laptops-12');
    expect(await screen.findByRole('heading', { level: 1, name: /دسته‌بندی: asus laptops/ })).toBeInTheDocument();
  });
});

describe('layouts and titles per route', () => {
  for (const r of table.routes) {
    it(`${r.name} (${r.path}) renders in the ${r.layout} layout with its title`, async () => {
      renderApp(samplePath(r.path), { signedIn: true });
      await waitFor(() => expect(document.querySelector(`[data-layout]`)).not.toBeNull());
      expect(document.querySelector('[data-layout]')).toHaveAttribute('data-layout', r.layout);
      if (r.name === 'home') {
        await waitFor(() => expect(document.title).toContain('لپ‌تاپ‌شاپ'));
      } else {
        await waitFor(() => expect(document.title).toBe(`${r.title} | لپ‌تاپ‌شاپ`));
        if (r.name !== 'login') {
          expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(r.title);
        }
      }
      // Every visible text is Persian: no Latin letters outside the sample params.
      const text = (document.body.textContent ?? '').replace(/asus laptops|sample/g, '');
      expect(text).not.toMatch(/[A-Za-z]{3,}/);
    });
  }

  it('profile layout has the side menu; profile-no-side does not', async () => {
    const a = renderApp('/profile/tickets', { signedIn: true });
    expect(await screen.findByTestId('profile-menu')).toBeInTheDocument();
    a.unmount();
    renderApp('/profile/cart/first-time', { signedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'سبد خرید' });
    expect(screen.queryByTestId('profile-menu')).toBeNull();
  });

  it('a route that needs sign-in shows its title and a sign-in prompt when signed out', async () => {
    renderApp('/profile/factors');
    expect(await screen.findByTestId('sign-in-required')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('فاکتورها');
  });

  it('the profile menu offers «خروج از حساب کاربری» only to a signed-in customer', async () => {
    const out = renderApp('/profile/factors');
    expect(await screen.findByTestId('profile-menu')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'خروج از حساب کاربری' })).toBeNull();
    out.unmount();
    renderApp('/profile/factors', { signedIn: true });
    const menu = await screen.findByTestId('profile-menu');
    expect(await within(menu).findByRole('button', { name: 'خروج از حساب کاربری' })).toBeInTheDocument();
  });
});

describe('error page', () => {
  it('renders for a fatal error and nothing for bots', async () => {
    const { ErrorPage } = await import('@/features/error/components/ErrorPage');
    const { createStore, Provider } = await import('jotai');
    const { render } = await import('@testing-library/react');
    const { userAgentAtom } = await import('@/shared/state');
    const human = createStore();
    human.set(userAgentAtom, 'Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile Safari/537.36');
    const a = render(
      <Provider store={human}>
        <ErrorPage />
      </Provider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('خطایی رخ داد');
    a.unmount();
    const bot = createStore();
    bot.set(userAgentAtom, 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
    const b = render(
      <Provider store={bot}>
        <ErrorPage />
      </Provider>,
    );
    expect(b.container).toBeEmptyDOMElement();
  });
});

describe('unhandled errors', () => {
  const HUMAN = 'Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile Safari/537.36';
  const home = () => screen.findByRole('heading', { level: 1, name: 'لپ‌تاپ مناسب خودت را پیدا کن' });
  /** What the browser fires for an error thrown in an event handler or a timer. */
  const thrown = (error: unknown) => act(() => void window.dispatchEvent(new ErrorEvent('error', { error, message: String(error), cancelable: true })));
  /** What the browser fires for a rejected promise nobody handled (jsdom has no PromiseRejectionEvent). */
  const rejected = (reason: unknown) => act(() => void window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason })));
  // jsdom reports an error event nobody cancelled as an uncaught exception of the test run.
  const swallow = (event: Event) => event.preventDefault();
  beforeEach(() => window.addEventListener('error', swallow));
  afterEach(() => window.removeEventListener('error', swallow));

  it('an error thrown in an event handler shows the error page', async () => {
    renderApp('/', { userAgent: HUMAN });
    await home();
    thrown(new Error('boom in a click handler'));
    expect(await screen.findByTestId('error-page')).toHaveTextContent('خطایی رخ داد');
  });

  it('a rejected promise nobody handled shows the error page', async () => {
    renderApp('/', { userAgent: HUMAN });
    await home();
    rejected(new Error('boom in a promise'));
    expect(await screen.findByTestId('error-page')).toBeInTheDocument();
  });

  it('errors the app already handled (aborted or failed requests, chunk reloads, other origins) keep the page', async () => {
    renderApp('/', { userAgent: HUMAN });
    await home();
    rejected(new DOMException('The user aborted a request.', 'AbortError'));
    rejected(new TypeError('Failed to fetch'));
    rejected(new TypeError('Failed to fetch dynamically imported module: /assets/ShopPage-x.js'));
    act(() => void window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.', cancelable: true })));
    expect(screen.queryByTestId('error-page')).toBeNull();
    expect(await home()).toBeInTheDocument();
  });

  it('bots keep the page they were reading', async () => {
    renderApp('/', { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await home();
    thrown(new Error('boom'));
    rejected(new Error('boom'));
    expect(screen.queryByTestId('error-page')).toBeNull();
    expect(await home()).toBeInTheDocument();
  });
});

describe('the page-level loading overlay (spec section 2, app shell)', () => {
  it('shows with the logo while the global loading flag is set, and goes when it is reset', async () => {
    const { store } = renderApp('/about-us');
    await screen.findByRole('heading', { level: 1, name: 'درباره ما' });
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    act(() => store.set(loadingAtom, true));
    const overlay = screen.getByTestId('loading-overlay');
    expect(overlay).toHaveAttribute('role', 'status');
    expect(overlay).toHaveTextContent('در حال بارگذاری…');
    expect(overlay.querySelector('svg')).not.toBeNull();
    // It lies over the page (fixed, over everything but toasts), the page stays under it.
    expect(overlay).toHaveClass('fixed', 'inset-0');
    expect(screen.getByRole('heading', { level: 1, name: 'درباره ما' })).toBeInTheDocument();
    act(() => store.set(loadingAtom, false));
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });
});
