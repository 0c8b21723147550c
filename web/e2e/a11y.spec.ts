import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import table from '../../contract/routes.json' with { type: 'json' };
import { DESKTOP, PHONE, expectNoDotBesideDigit, freshMobile, loginDialog, registerThroughApi, signInWithCode, watchPolicyViolations } from './support';

/**
 * axe-core over every route of the route table, at phone and desktop width, for an anonymous
 * visitor and (for the routes that need it) a signed-in customer. Any violation fails, with its
 * rule id and the offending nodes in the message.
 */

type Route = (typeof table.routes)[number];

// The sign-in helper taps, as a phone user would.
test.use({ hasTouch: true });

async function samples(request: APIRequestContext) {
  const api = '/api/client/v1';
  const products = await (await request.get(`${api}/catalog/products?size=1`)).json();
  const categories = await (await request.get(`${api}/catalog/categories`)).json();
  const blog = await (await request.get(`${api}/blog`)).json();
  return { product: products.data[0].Uid as string, category: categories.data[0], blog: blog.data[0].Slug as string };
}

function pathOf(r: Route, s: Awaited<ReturnType<typeof samples>>): string {
  return r.path
    .replace('{category}-{id}', `${s.category.Slug}-${s.category.Id}`)
    .replace('{uid}', s.product)
    .replace('{blog}', s.blog)
    .replace('{id}', '7')
    .replace(/\{(\w+)\}/g, 'sample');
}

async function expectNoViolations(page: Page, path: string) {
  // Let lazy chunks, data and the WASM-formatted prices settle before the scan.
  await page.waitForLoadState('networkidle');
  await expect(page.locator('h1').first()).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  const report = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(report, `axe violations on ${path}`).toEqual([]);
  await expectNoDotBesideDigit(page);
}

for (const [label, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`every route passes axe-core at ${label} width (${viewport.width}px), anonymous`, async ({ page, request }) => {
    // About 7 s a route on a busy 2-core machine, and the table keeps growing (staff pages).
    test.setTimeout(420_000);
    await page.setViewportSize(viewport);
    const policy = await watchPolicyViolations(page);
    const s = await samples(request);
    for (const r of table.routes) {
      const path = pathOf(r, s);
      await page.goto(path);
      if (r.requiresAuth) await expect(page.getByTestId('sign-in-required')).toBeVisible();
      await expectNoViolations(page, path);
      expect(policy, `CSP / Trusted Types violations on ${path}`).toEqual([]);
    }
  });

  test(`the signed-in routes pass axe-core at ${label} width (${viewport.width}px)`, async ({ page, request }) => {
    test.setTimeout(240_000);
    // Signs in as a phone user does (bottom bar → login popup), then takes the width under test.
    await page.setViewportSize(PHONE);
    const policy = await watchPolicyViolations(page);
    const mobile = freshMobile();
    await registerThroughApi(request, mobile);
    await page.goto('/');
    await page.getByTestId('bottom-bar').getByRole('button', { name: 'پروفایل' }).tap();
    await expect(loginDialog(page)).toBeVisible();
    await signInWithCode(page, request, mobile);
    await page.setViewportSize(viewport);
    const s = await samples(request);
    for (const r of table.routes.filter((x) => x.requiresAuth)) {
      const path = pathOf(r, s);
      await page.goto(path);
      await expect(page.getByTestId('sign-in-required')).toHaveCount(0);
      await expectNoViolations(page, path);
      expect(policy, `CSP / Trusted Types violations on ${path}`).toEqual([]);
    }
  });
}
