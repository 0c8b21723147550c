import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, expectAccessibleAtBothWidths, PHONE } from './support';

/**
 * Spec section 2 "page transition: fade500, out-in" across layouts, and section 9's hourly
 * build-update check, on the page `vite build` wrote as the server sends it.
 */

const layoutFade = (page: Page) => page.locator('[data-fade="layout"]');
const HOME_TITLE = 'لپ‌تاپ مناسب خودت را پیدا کن';

for (const viewport of [PHONE, DESKTOP]) {
  test(`at ${viewport.width}px, home → shop (another layout) fades the home layout out, then the default layout in`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOME_TITLE);
    await page.waitForLoadState('networkidle');
    // Watch the fade from inside the page: the phases the layout wrapper goes through, the
    // transitions the browser runs on it when the old layout starts to leave, and its opacity
    // while it leaves.
    await page.evaluate(() => {
      const w = window as unknown as { phases: string[]; opacities: number[]; layouts: string[]; fades: string[] };
      w.phases = [];
      w.opacities = [];
      w.layouts = [];
      w.fades = [];
      const fade = document.querySelector<HTMLElement>('[data-fade="layout"]')!;
      new MutationObserver(() => {
        w.phases.push(fade.dataset.phase ?? '');
        w.layouts.push(fade.querySelector('[data-layout]')?.getAttribute('data-layout') ?? '');
        if (fade.dataset.phase === 'out') {
          // Reading the style starts the transition now, however busy the page is.
          void getComputedStyle(fade).opacity;
          for (const a of fade.getAnimations()) {
            if (a instanceof CSSTransition) w.fades.push(`${a.transitionProperty} ${String(a.effect?.getTiming().duration)}`);
          }
        }
      }).observe(fade, { attributes: true, attributeFilter: ['data-phase'], childList: true, subtree: true });
      // Sampled every frame until the new layout has faded in (a little after that).
      let frames = 0;
      const sample = () => {
        if (fade.dataset.phase === 'out') w.opacities.push(Number(getComputedStyle(fade).opacity));
        if (w.phases.at(-1) === 'in' && ++frames > 30) return;
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    // The hero's «shop» link: the home layout to the default one.
    await page.locator('main a[href="/shop"]').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('فروشگاه');
    await expect(layoutFade(page)).toHaveAttribute('data-phase', 'in');
    await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'default');
    const seen = await page.evaluate(() => {
      const w = window as unknown as { phases: string[]; opacities: number[]; layouts: string[]; fades: string[] };
      return { phases: w.phases, opacities: w.opacities, layouts: w.layouts, fades: w.fades };
    });
    // out, then in: the old layout fades out before the new one shows
    expect(seen.phases[0]).toBe('out');
    expect(seen.phases.at(-1)).toBe('in');
    const firstDefault = seen.layouts.indexOf('default');
    expect(seen.layouts.slice(0, firstDefault).every((l) => l === 'home' || l === '')).toBe(true);
    // the home layout really faded: the browser ran an opacity transition on it as it left.
    // (Sampling part-transparent frames failed on a busy CI machine: a main thread blocked by
    // the next page's loading saw only the first frames, at opacity 1.)
    const opacityFade = seen.fades.some((f) => f.startsWith('opacity ') && Number(f.split(' ')[1]) > 0);
    expect(opacityFade, `transitions ${seen.fades.join(', ')}; opacities ${seen.opacities.join(',')}`).toBe(true);
    await expectAccessibleAtBothWidths(page, 'the shop page after a cross-layout fade', viewport);
  });
}

test('the built page offers one reload when a new build is deployed, an hour after it loaded', async ({ page }) => {
  test.setTimeout(90_000);
  await page.clock.install();
  // The page as the server answers it: the built index.html, with no module script tag.
  const built = await (await page.request.get('/')).text();
  expect(built).not.toMatch(/<script[^>]+type="module"[^>]+src=/);
  const entry = /\bimport\("(\/assets\/index-[\w-]+\.js)"\)/.exec(built)?.[1];
  expect(entry, 'the first-paint loader names the entry script').toBeTruthy();
  // /index.html, the built page's own name, is not a 404: it is the home page.
  const index = await page.request.get('/index.html');
  expect(index.status()).toBe(200);
  expect(new URL(index.url()).pathname).toBe('/');

  let deployed = built;
  const checks: string[] = [];
  await page.route(
    (url) => url.pathname === '/' && url.searchParams.has('v'),
    async (route) => {
      checks.push(route.request().url());
      const real = await route.fetch();
      expect(await real.text()).toBe(built);
      await route.fulfill({ response: real, body: deployed });
    },
  );
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOME_TITLE);
  await page.waitForLoadState('networkidle');
  const offer = page.getByText('نسخه تازه‌ای از سایت منتشر شده است.');

  // The same build an hour later: asked once, nothing offered.
  await page.clock.fastForward(3_600_000);
  await expect.poll(() => checks.length).toBe(1);
  await page.waitForTimeout(300);
  await expect(offer).toHaveCount(0);

  // A new build deployed: the next hour's check offers a reload, which loads the page again.
  deployed = built.replace(entry!, '/assets/index-NEXTBUILD.js');
  await page.clock.fastForward(3_600_000);
  await expect(offer).toBeVisible();
  expect(checks).toHaveLength(2);
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'به‌روزرسانی' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOME_TITLE);
  await expect(offer).toHaveCount(0);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await expectAccessibleAtBothWidths(page, 'the home page after the update reload');
});
