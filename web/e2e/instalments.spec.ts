import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DESKTOP, freshMobile, openLogin, PHONE, registerThroughApi, signInWithCode } from './support';

/**
 * Buying in instalments at phone and desktop size against the real server (sandbox bank): the calculator on
 * the product page, choosing a plan on order registration, the down payment at the bank, the
 * schedule on /success-inspayment and /profile/finance, and paying the next instalment.
 */

async function noOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow').toBeLessThanOrEqual(0);
}

/** A product page whose first in-stock variant may be bought in instalments. */
async function instalmentProduct(request: APIRequestContext): Promise<string> {
  for (let pageNo = 1; pageNo <= 10; pageNo++) {
    const res = await request.get('/api/client/v1/catalog/search', { params: { q: 'لپ تاپ', in_stock: 'true', page: pageNo, size: 24 } });
    expect(res.ok()).toBeTruthy();
    const list = (await res.json()) as { data: { Uid: string; Url: string }[] };
    if (list.data.length === 0) break;
    for (const p of list.data) {
      const detail = await request.get(`/api/client/v1/catalog/products/${p.Uid}`);
      const body = (await detail.json()) as { data: { Variants: { InStock: boolean; Stock: number; InsPayment: boolean }[] } };
      const first = body.data.Variants.find((v) => v.InStock);
      // The page preselects the first in-stock variant: it must allow instalments.
      if (first && first.InsPayment && first.Stock >= 1) return p.Url;
    }
  }
  throw new Error('no product that may be bought in instalments');
}

/** axe-core on the page as it is now (with the journey's real data on it). */
async function accessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const report = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(report, `axe violations on ${what}`).toEqual([]);
}

async function payAtTheBank(page: Page) {
  await expect(page.getByRole('heading', { name: 'درگاه پرداخت آزمایشی' })).toBeVisible();
  await page.getByRole('button', { name: 'پرداخت' }).tap();
}

for (const [label, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`instalments at ${label} size`, () => {
    test.use({ viewport, hasTouch: true });

    test('calculator → plan at registration → down payment → /success-inspayment → /profile/finance → «پرداخت قسط»', async ({ page, request }, testInfo) => {
      // What the shopper saw at each step, for the notes (test-results/…/<step>-<width>.png).
      const shot = (step: string) => page.screenshot({ path: testInfo.outputPath(`${step}-${viewport.width}.png`), fullPage: true });
      test.setTimeout(180_000);
      const url = await instalmentProduct(request);
      const mobile = freshMobile();
      await registerThroughApi(request, mobile, 'نگار');

      // The product page's calculator, through the WASM core.
      await page.goto(url);
      await page.getByTestId('instalment-box').locator('summary').tap();
      const calculator = page.getByTestId('instalment-calculator');
      await expect(calculator.getByRole('radio').first()).toBeVisible();
      // The plans side by side (core `instalment_schedule` in WASM): down payment, monthly,
      // count, total cost and the extra over paying in full, in Persian digits.
      const comparison = page.getByTestId('instalment-comparison');
      await expect(comparison.getByRole('row').nth(1)).toContainText('تومان');
      expect(await comparison.textContent()).not.toMatch(/[0-9]/);
      const schedule = calculator.getByTestId('instalment-schedule');
      await expect(schedule).toBeVisible();
      await expect(schedule.locator('tbody tr').first()).toContainText('تومان');
      expect(await schedule.textContent()).not.toMatch(/[0-9]/);
      await noOverflow(page);
      await accessible(page, 'the product page with the calculator open');
      await shot('product');

      // Sign in, then add.
      await openLogin(page);
      await signInWithCode(page, request, mobile);
      const edit = page.waitForResponse((r) => r.url().endsWith('/api/client/v1/order/edit/product'));
      await page.getByTestId('add-to-cart').tap();
      expect(((await (await edit).json()) as { status: string }).status).toBe('ok');

      await page.goto('/profile/cart');
      await expect(page.getByTestId('cart-continue')).toBeVisible();
      // The same comparison for the cart, before delivery is known.
      await page.getByTestId('cart-instalment-box').locator('summary').tap();
      await expect(page.getByTestId('instalment-comparison').getByRole('row').nth(1)).toContainText('تومان');
      await noOverflow(page);
      await accessible(page, 'the cart with the instalment comparison open');
      await shot('cart');
      await page.getByTestId('cart-continue').tap();
      await expect(page).toHaveURL(/\/profile\/cart\/first-time$/);
      await page.getByLabel('استان').selectOption('تهران');
      await page.getByLabel('شهر').selectOption('تهران');
      await page.getByLabel('نشانی', { exact: true }).fill('خیابان انقلاب، کوچه هفتم، پلاک ۲');
      await page.getByLabel('کد پستی').fill('۱۲۳۴۵۶۷۸۹۰');
      await page.getByRole('button', { name: 'ذخیره و ادامهٔ ثبت سفارش' }).tap();
      await expect(page).toHaveURL(/\/profile\/cart\/order-register$/);

      // Instalments: the plans with the core's schedule for the server's payable.
      await expect(page.getByTestId('payable')).toContainText('تومان');
      await page.getByRole('radio', { name: /پرداخت اقساطی/ }).check();
      const plans = page.getByTestId('instalment-plans');
      const enabled = plans.getByRole('radio', { disabled: false });
      await expect(enabled.first()).toBeVisible();
      await enabled.first().check();
      // The server's figures for the plan: the down payment is what is paid now, the total
      // cost with the charge and each instalment with its Jalali due date, before paying.
      const payNow = page.getByTestId('pay-now');
      await expect(payNow).toContainText('تومان');
      const down = (await payNow.textContent())!;
      await expect(page.getByTestId('total-cost')).toContainText('تومان');
      const scheduled = page.getByTestId('summary-instalment');
      await expect(scheduled.first()).toBeVisible();
      const scheduledCount = await scheduled.count();
      for (const text of await scheduled.allTextContents()) expect(text).not.toMatch(/[0-9]/);
      await noOverflow(page);
      await accessible(page, 'order registration with a plan chosen');
      await shot('instalment-checkout');
      await page.getByRole('button', { name: 'پرداخت', exact: true }).tap();
      // The bank asks for the down payment shown as paid now, not the whole order.
      await expect(page.getByRole('heading', { name: 'درگاه پرداخت آزمایشی' })).toBeVisible();
      await expect(page.locator('.amount')).toHaveText(down);
      await payAtTheBank(page);

      await expect(page).toHaveURL(/\/success-inspayment\?code=/);
      await expect(page.getByTestId('payment-message')).toContainText('پیش‌پرداخت با موفقیت انجام شد');
      const rows = page.getByTestId('instalment-row');
      await expect(rows.first()).toBeVisible();
      const count = await rows.count();
      expect(count).toBe(scheduledCount);
      for (const text of await rows.allTextContents()) expect(text).not.toMatch(/[0-9]/);
      await noOverflow(page);
      await accessible(page, '/success-inspayment');
      await shot('success-inspayment');

      // The finance page: the down payment and the schedule; pay the next instalment.
      await page.goto('/profile/finance');
      await expect(page.getByTestId('payment').first()).toContainText('پیش‌پرداخت');
      const plan = page.getByTestId('plan').first();
      await expect(plan.getByTestId('instalment-row')).toHaveCount(count);
      await expect(plan.getByTestId('instalment-row').first()).toContainText('در انتظار سررسید');
      await noOverflow(page);
      await plan.getByRole('button', { name: /پرداخت قسط/ }).tap();
      await payAtTheBank(page);

      await expect(page).toHaveURL(/\/profile\/finance\?instalment=\d+&result=paid$/);
      await expect(page.getByTestId('pay-result')).toHaveText('قسط شما با موفقیت پرداخت شد.');
      const after = page.getByTestId('plan').first();
      await expect(after.getByTestId('instalment-row').first()).toHaveAttribute('data-state', 'paid');
      await expect(after.getByTestId('instalment-row').first()).toContainText('پرداخت‌شده');
      await expect(page.getByTestId('payment').first()).toContainText('قسط ۱');
      await noOverflow(page);
      await accessible(page, '/profile/finance');
    });
  });
}
