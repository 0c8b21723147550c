import { randomInt } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { freshMobile, loginDialog, openLogin, PHONE, registerThroughApi, signInWithCode, toman, shopCommand } from './support';

/**
 * Discount codes and staff-prepared order links against the real server (sandbox bank), at
 * phone size: a code made with `shop discount add` is shown on /profile/discounts, refused and
 * accepted codes at order registration, the discounted amount paid; an order made with
 * `shop order prepare` opened from its link, adopted after sign-in and paid; foreign, random and
 * spent links show only a Persian message.
 */


async function noOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow').toBeLessThanOrEqual(0);
}

/** An in-stock product (its page URL and one variant with at least `n` in stock). */
async function inStock(request: APIRequestContext, n: number): Promise<{ url: string; variant: number }> {
  for (let pageNo = 1; pageNo <= 10; pageNo++) {
    const res = await request.get('/api/client/v1/catalog/search', { params: { q: 'لپ تاپ', in_stock: 'true', page: pageNo, size: 24 } });
    const list = (await res.json()) as { data: { Uid: string; Url: string }[] };
    for (const p of list.data) {
      const detail = (await (await request.get(`/api/client/v1/catalog/products/${p.Uid}`)).json()) as {
        data: { Variants: { Id: number; Stock: number; InStock: boolean }[] };
      };
      const v = detail.data.Variants.find((x) => x.InStock && x.Stock >= n);
      if (v) return { url: p.Url, variant: v.Id };
    }
  }
  throw new Error('no product in stock');
}

/** No address yet: the first-time page, then order registration. */
async function firstAddress(page: Page) {
  await expect(page).toHaveURL(/\/profile\/cart\/first-time$/);
  await page.getByLabel('استان').selectOption('تهران');
  await page.getByLabel('شهر').selectOption('تهران');
  await page.getByLabel('نشانی', { exact: true }).fill('خیابان آزادی، کوچه دوازدهم، پلاک ۴');
  await page.getByLabel('کد پستی').fill('۱۲۳۴۵۶۷۸۹۰');
  await page.getByRole('button', { name: 'ذخیره و ادامهٔ ثبت سفارش' }).tap();
  await expect(page).toHaveURL(/\/profile\/cart\/order-register$/);
  await expect(page.getByTestId('delivery-options').getByRole('radio').first()).toBeChecked();
  // The summary for the chosen delivery is in (its price, not «choose a delivery»).
  await expect(page.getByTestId('delivery-price')).toHaveText(/تومان|رایگان/);
  await expect(page.getByTestId('payable')).toContainText('تومان');
}

/** «پرداخت» → the sandbox bank's «پرداخت» → /success-payment; the amount the bank took. */
async function payInSandbox(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'پرداخت', exact: true }).tap();
  await expect(page.getByRole('heading', { name: 'درگاه پرداخت آزمایشی' })).toBeVisible();
  await page.getByRole('button', { name: 'پرداخت' }).tap();
  await expect(page).toHaveURL(/\/success-payment\?code=/);
  await expect(page.getByText('پرداخت شما با موفقیت انجام شد.', { exact: true })).toBeVisible();
  await expect(page.getByTestId('amount')).toContainText('تومان');
  return toman((await page.getByTestId('amount').textContent())!);
}

test.describe('discounts and prepared orders at phone size', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('a discount code: listed on /profile/discounts, a wrong code refused, the right one lowers what the bank takes', async ({ page, request }) => {
    test.setTimeout(180_000);
    const code = `E2E${randomInt(100_000, 999_999)}`;
    const made = shopCommand(['discount', 'add', code, '--percent', '10', '--max', '3000000', '--per-customer', '1', '--description', 'کد آزمایشی سفر']);
    expect(made).toContain(code);
    // Bad terms are refused when the code is made.
    expect(() => shopCommand(['discount', 'add', `${code}X`, '--percent', '150'])).toThrow(/درصد تخفیف باید عددی بین ۰ و ۱۰۰ باشد/);
    expect(() => shopCommand(['discount', 'add', `${code}Y`, '--amount', '-5'])).toThrow(/مبلغ تخفیف نمی‌تواند منفی باشد/);

    const { url } = await inStock(request, 1);
    const mobile = freshMobile();
    await registerThroughApi(request, mobile, 'نگار');
    await page.goto(url);
    await openLogin(page);
    await signInWithCode(page, request, mobile);
    const edit = page.waitForResponse((r) => r.url().endsWith('/api/client/v1/order/edit/product'));
    await page.getByTestId('add-to-cart').tap();
    expect(((await (await edit).json()) as { status: string }).status).toBe('ok');

    await page.goto('/profile/discounts');
    const card = page.getByTestId('discount-code').filter({ hasText: code });
    await expect(card).toBeVisible();
    await expect(card).toContainText('۱۰٪ تخفیف تا سقف ۳٬۰۰۰٬۰۰۰ تومان');
    await expect(card).toContainText(/معتبر تا [۰-۹]+ \S+ [۰-۹]{4}/);
    await expect(card).toContainText('۱ بار دیگر می‌توانید از این کد استفاده کنید');
    await noOverflow(page);

    await page.goto('/profile/cart/order-register');
    await firstAddress(page);
    const before = toman((await page.getByTestId('payable').textContent())!);
    const items = toman((await page.getByTestId('items-total').textContent())!);
    const field = page.getByTestId('discount-code').getByRole('textbox');
    await field.fill('NOSUCH99');
    await page.getByRole('button', { name: 'اعمال' }).tap();
    await expect(page.getByTestId('discount-error')).toHaveText('کد تخفیف وارد شده معتبر نیست');
    expect(toman((await page.getByTestId('payable').textContent())!)).toBe(before);

    await field.fill(code.toLowerCase());
    await page.getByRole('button', { name: 'اعمال' }).tap();
    await expect(page.getByTestId('discount-applied')).toContainText(code);
    const discount = Math.min(Math.floor(items / 10), 3_000_000);
    await expect(page.getByTestId('payable')).not.toHaveText(/^$/);
    await expect.poll(async () => toman((await page.getByTestId('payable').textContent())!)).toBe(before - discount);
    await expect(page.getByText(`تخفیف (کد ${code})`)).toBeVisible();
    await noOverflow(page);
    await page.screenshot({ path: 'test-results/discount-order-register-375.png', fullPage: true });

    expect(await payInSandbox(page)).toBe(before - discount);

    // Used once: no longer offered to this customer, and refused if typed again.
    await page.goto('/profile/discounts');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('discount-code').filter({ hasText: code })).toHaveCount(0);
  });

  test('a prepared order: opened from its link, adopted after sign-in and paid; random, foreign and spent links show only a message', async ({ page, request, browser }) => {
    test.setTimeout(180_000);
    const { variant } = await inStock(request, 2);
    const mobile = freshMobile();
    await registerThroughApi(request, mobile, 'بهرام');
    const out = shopCommand(['order', 'prepare', '--mobile', mobile, '--hours', '2', `${variant}:2`]);
    const link = /link: \S+(\/order\/[0-9A-Z]{20})/.exec(out)?.[1];
    expect(link, out).toBeTruthy();

    // Anyone with the link sees the lines and total at today's prices.
    await page.goto(link!);
    const order = page.getByTestId('prepared-order');
    await expect(order).toBeVisible();
    await expect(order).toContainText('تعداد: ۲');
    await expect(page.getByTestId('prepared-total')).toContainText('تومان');
    const total = toman((await page.getByTestId('prepared-total').textContent())!);
    await noOverflow(page);
    await page.screenshot({ path: 'test-results/order-link-375.png', fullPage: true });

    // Another customer, signed in, cannot take it.
    const other = freshMobile();
    await registerThroughApi(request, other, 'غریبه');
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true });
    const stranger = await context.newPage();
    await stranger.goto(link!);
    await stranger.getByRole('button', { name: 'ورود و افزودن به سبد' }).tap();
    await expect(loginDialog(stranger)).toBeVisible();
    await signInWithCode(stranger, request, other);
    await stranger.getByRole('button', { name: 'افزودن به سبد و ادامهٔ خرید' }).tap();
    await expect(stranger.getByTestId('adopt-error')).toHaveText('این سفارش برای حساب کاربری دیگری آماده شده است؛ لطفا با همان شماره وارد شوید');
    // "Not yours" is not a lost session: the stranger stays signed in (a 403 used to sign them out).
    expect(await stranger.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')].every(Boolean))).toBe(true);
    await stranger.goto('/profile');
    await expect(stranger).toHaveURL(/\/profile$/);
    await expect(loginDialog(stranger)).toHaveCount(0);
    // A random code shows a message and nothing else.
    await stranger.goto('/order/ABCDEFGHJKLMNPQRSTUV');
    await expect(stranger.getByTestId('order-link-error')).toContainText('لینک سفارش معتبر نیست');
    await expect(stranger.getByTestId('prepared-order')).toHaveCount(0);
    await context.close();

    // The customer signs in from the link and adopts it.
    await page.getByRole('button', { name: 'ورود و افزودن به سبد' }).tap();
    await expect(loginDialog(page)).toBeVisible();
    await signInWithCode(page, request, mobile);
    await page.getByRole('button', { name: 'افزودن به سبد و ادامهٔ خرید' }).tap();
    await firstAddress(page);
    expect(toman((await page.getByTestId('items-total').textContent())!)).toBe(total);
    const payable = toman((await page.getByTestId('payable').textContent())!);
    expect(await payInSandbox(page)).toBe(payable);

    // The link is spent.
    await page.goto(link!);
    await expect(page.getByTestId('order-link-error')).toContainText('این لینک سفارش پیش‌تر استفاده شده است');
    await expect(page.getByTestId('prepared-order')).toHaveCount(0);
  });
});
