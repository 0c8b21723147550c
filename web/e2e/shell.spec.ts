import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import table from '../../contract/routes.json' with { type: 'json' };

type Samples = { product: string; category: { Slug: string; Id: number }; blog: string };

/** Real demo values for the routes whose parameters name a catalogue or blog entity. */
async function demoSamples(request: APIRequestContext): Promise<Samples> {
  const api = '/api/client/v1';
  const products = await (await request.get(`${api}/catalog/products?size=1`)).json();
  const categories = await (await request.get(`${api}/catalog/categories`)).json();
  const blog = await (await request.get(`${api}/blog`)).json();
  return { product: products.data[0].Uid, category: categories.data[0], blog: blog.data[0].Slug };
}

const samplePath = (path: string, s: Samples) =>
  path
    .replace('{category}-{id}', `${s.category.Slug}-${s.category.Id}`)
    .replace('{uid}', s.product)
    .replace('{blog}', s.blog)
    .replace('{id}', '7')
    .replace(/\{(\w+)\}/g, 'sample');

// Entity pages carry the entity's own name as their title and heading.
const ENTITY_ROUTES = new Set(['productDetail', 'category', 'blogDetail']);

const PERSIAN_DIGIT = /[۰-۹]/;

/** Scrolls down a screen at a time, as a visitor would, until `target` shows (sections below the fold render as they come near). */
async function scrollDownUntilVisible(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 15 && !(await target.isVisible()); i++) {
    await page.evaluate(() => window.scrollBy(0, window.innerHeight));
    await page.waitForTimeout(200);
  }
  await expect(target).toBeVisible();
}

for (const width of [375, 1280]) {
  test(`home page at ${width}px: RTL Persian, no horizontal overflow`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 1024 ? 812 : 900 });
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fa');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('لپ‌تاپ مناسب خودت را پیدا کن');
    await expect(page).toHaveTitle(/لپ‌تاپ‌شاپ/);
    // Prices come from the WASM core once the cards are in view: Persian digits and تومان.
    await scrollDownUntilVisible(page, page.locator('#highlights-title'));
    const price = page.getByTestId('price').first();
    await expect(price).toContainText('تومان');
    expect(await price.textContent()).toMatch(PERSIAN_DIGIT);
    expect(await price.textContent()).not.toMatch(/[0-9]/);
    // The Vazirmatn font is bundled and used.
    const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(font).toContain('Vazirmatn');
    await page.evaluate(() => window.scrollTo(0, 0));
    const overflow = await page.evaluate(() => ({
      scrollWidth: document.scrollingElement!.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.innerWidth);
    // The mobile bottom bar shows below lg only.
    const bar = page.getByTestId('bottom-bar');
    if (width < 1024) await expect(bar).toBeVisible();
    else await expect(bar).toBeHidden();
  });
}

test('an unknown path answers HTTP 404 with the Persian not-found page', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'صفحه مورد نظر یافت نشد!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'بازگشت به صفحه اصلی' })).toBeVisible();
  await page.getByRole('link', { name: 'بازگشت به صفحه اصلی' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('لپ‌تاپ مناسب خودت را پیدا کن');
});

test('a route whose params fail their routes.json rule answers HTTP 404 with the not-found page', async ({ page }) => {
  for (const path of ['/profile/tickets/ticket-abc', '/profile/factors/!!', '/product/no-such-laptop']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: 'صفحه مورد نظر یافت نشد!' }), path).toBeVisible();
  }
});

test('every route of routes.json renders its Persian title', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  const samples = await demoSamples(request);
  for (const r of table.routes) {
    const path = samplePath(r.path, samples);
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    if (r.name === 'home') {
      await expect(page).toHaveTitle(/لپ‌تاپ‌شاپ/);
      continue;
    }
    if (ENTITY_ROUTES.has(r.name)) {
      await expect(page, path).toHaveTitle(/.+ \| لپ‌تاپ‌شاپ$/);
      await expect(page.getByRole('heading', { level: 1 }), path).not.toBeEmpty();
      const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
      expect(overflow, `${path} overflows`).toBeLessThanOrEqual(0);
      continue;
    }
    await expect(page, path).toHaveTitle(`${r.title} | لپ‌تاپ‌شاپ`);
    if (r.name !== 'login') {
      await expect(page.getByRole('heading', { level: 1 }), path).toContainText(r.title);
    }
    const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
    expect(overflow, `${path} overflows`).toBeLessThanOrEqual(0);
  }
});

test('the bottom bar asks an anonymous visitor to sign in for the profile', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/shop');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('فروشگاه');
  await page.getByTestId('bottom-bar').getByRole('button', { name: 'پروفایل' }).click();
  await expect(page).toHaveURL(/\/shop\?redirectTo=%2Fprofile$/);
});

test('at phone size the home page asks for its blog teasers, far below the first screen, only as the visitor scrolls towards them', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/client/v1/catalog/specials') || path.startsWith('/api/client/v1/blog')) asked.push(path);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked.filter((p) => p.startsWith('/api/client/v1/blog'))).toEqual([]);
  const specials = page.getByRole('heading', { level: 2, name: 'پیشنهادهای شگفت‌انگیز' });
  const blog = page.getByRole('heading', { level: 2, name: 'وبلاگ' });
  await scrollDownUntilVisible(page, blog);
  await expect(specials).toBeAttached();
  expect(asked).toContain('/api/client/v1/catalog/specials');
  expect(asked).toContain('/api/client/v1/blog');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('visible links prefetch their pages from the visitor\'s first touch, before any tap on them', async ({ page }) => {
    const chunks: string[] = [];
    page.on('request', (r) => {
      const m = /\/assets\/(\w+)-[\w-]+\.js$/.exec(new URL(r.url()).pathname);
      if (m) chunks.push(m[1]);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    // Only looking: the pages the hero and the bottom bar link to are not fetched yet.
    expect(chunks).not.toContain('ShopPage');
    expect(chunks).not.toContain('MobileSearchPage');
    // The first touch (on the hero's text, not a link): the visible links' pages are fetched.
    await page.getByRole('heading', { level: 1 }).tap();
    await expect.poll(() => chunks, { timeout: 10_000 }).toEqual(expect.arrayContaining(['ShopPage', 'SpecialsPage', 'MobileSearchPage']));
    await expect(page).toHaveURL(/\/$/);
  });

  // The first render waits for the chunks the page needs: its page's, the profile layout's, the
  // not-found page's. Until then the static page stays; no loading overlay comes between.
  for (const [what, path, shown] of [
    ['a product page', (s: Samples) => `/product/${s.product}`, (page: Page) => page.getByTestId('add-to-cart')],
    ['a profile page (signed out: its sign-in prompt)', () => '/profile/favorites', (page: Page) => page.getByTestId('sign-in-required')],
    ['an unknown path', () => '/no/such/page', (page: Page) => page.getByTestId('not-found')],
  ] as const) {
    test(`a direct landing on ${what} keeps its static page until React shows the page: no loading overlay between`, async ({ page, request }) => {
      const samples = await demoSamples(request);
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { seen: string[] }).seen = seen;
        new MutationObserver(() => {
          if (document.querySelector('[data-testid="loading-overlay"]')) seen.push('overlay');
        }).observe(document, { subtree: true, childList: true });
      });
      await page.goto(path(samples));
      await expect(shown(page)).toBeVisible(); // React's page is there
      await page.waitForLoadState('networkidle');
      const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
      expect(seen).toEqual([]);
    });
  }

  test('a product page renders its related products as the visitor scrolls down to them', async ({ page, request }) => {
    // A product that has related ones (a laptop staff just added in a category of its own has none).
    const list = (await (await request.get('/api/client/v1/catalog/products?size=24')).json()) as { data: { Uid: string }[] };
    let product = '';
    for (const { Uid } of list.data) {
      const detail = (await (await request.get(`/api/client/v1/catalog/products/${Uid}`)).json()) as { Related?: unknown[] };
      if ((detail.Related ?? []).length > 0) {
        product = Uid;
        break;
      }
    }
    expect(product, 'a demo product with related products').not.toBe('');
    await page.goto(`/product/${product}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const related = page.getByRole('heading', { level: 2, name: 'محصولات مشابه' });
    await expect(related).toHaveCount(0);
    await scrollDownUntilVisible(page, related);
    await expect(page.locator('section[aria-labelledby="related-title"]').getByTestId('product-card').first()).toBeVisible();
  });
});

test('a new page opens at the top; back returns to where the visitor was on the list', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/shop');
  const links = page.getByTestId('product-card').locator('h2 a');
  await expect(links.nth(4)).toBeAttached();
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
  await links.nth(4).evaluate((a: HTMLAnchorElement) => a.click()); // a tap where the list is, no scrolling
  await expect(page).toHaveURL(/\/product\//);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/shop$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
});

test('links to other routes navigate client-side with the page fade', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A full page load would drop this marker; a client-side navigation keeps it.
  await page.evaluate(() => ((window as unknown as { shopMarker: string }).shopMarker = 'still-here'));
  await page.getByRole('navigation', { name: 'منوی اصلی' }).getByRole('link', { name: 'درباره ما' }).click();
  await expect(page).toHaveURL(/\/about-us$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('درباره ما');
  await expect(page).toHaveTitle('درباره ما | لپ‌تاپ‌شاپ');
  expect(await page.evaluate(() => (window as unknown as { shopMarker?: string }).shopMarker)).toBe('still-here');
});

test('toasts show at the bottom left of the screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { product } = await demoSamples(request);
  await page.goto(`/product/${product}`);
  // Signed out, adding keeps the laptop in the browser cart and says so (a toast).
  await page.getByTestId('add-to-cart').click();
  const toast = page.getByText('به سبد خرید اضافه شد');
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  expect(box.x + box.width, 'right edge in the left half').toBeLessThan(640);
  expect(box.x, 'near the left edge').toBeLessThan(120);
  expect(box.y + box.height, 'in the bottom part').toBeGreaterThan(900 - 250);
});

test.describe('chunk-load failures reload the page at most once per 10 s per path', () => {
  const markPage = (page: import('@playwright/test').Page) =>
    page.evaluate(() => ((window as unknown as { shopMarker: string }).shopMarker = 'same-page'));
  const marked = (page: import('@playwright/test').Page) =>
    page.evaluate(() => (window as unknown as { shopMarker?: string }).shopMarker === 'same-page');

  test('the vite:preloadError listener', async ({ page }) => {
    await page.goto('/about-us');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('درباره ما');
    const fire = () =>
      page.evaluate(() => {
        const event = new Event('vite:preloadError', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      });
    // First failure on this path: the listener takes the event and reloads.
    await markPage(page);
    const reloaded = page.waitForEvent('load');
    expect(await fire()).toBe(true);
    await reloaded;
    expect(await marked(page)).toBe(false);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('درباره ما');
    // Again within 10 s on the same path: left to the caller, no reload.
    await markPage(page);
    expect(await fire()).toBe(false);
    // Another path has its own guard.
    await page.getByRole('contentinfo').getByRole('link', { name: 'تماس با ما' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('تماس با ما');
    expect(await marked(page)).toBe(true);
    const again = page.waitForEvent('load');
    expect(await fire()).toBe(true);
    await again;
  });

  test('a page chunk that fails to load', async ({ page }) => {
    // The about page's code never arrives: the first failure reloads, the second (same path,
    // within 10 s) shows the error page instead of reloading again.
    await page.route(/\/assets\/AboutUsPage-[\w-]+\.js$/, (route) => route.abort());
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto('/about-us');
    await expect(page.getByTestId('error-page')).toBeVisible();
    expect(loads).toBe(2);
    await markPage(page);
    await expect(page.getByTestId('error-page')).toBeVisible();
    expect(await marked(page)).toBe(true);
  });
});

test('the first page paints before any script is requested, with its Persian font preloaded', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toMatch(/<link rel="preload" as="font" type="font\/woff2" crossorigin href="\/assets\/vazirmatn-arabic-400-/);
  expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const timing = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType('resource')
      .filter((e) => /\.js$/.test(new URL(e.name).pathname))
      .map((e) => e.startTime),
  }));
  expect(timing.fcp).not.toBeNull();
  expect(timing.scripts.length).toBeGreaterThan(0);
  expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.fcp!);
});
