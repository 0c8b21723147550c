import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DESKTOP, freshMobile, loginDialog, nextCode, openLogin, outboxKeys, PHONE, registerThroughApi, signInWithCode, toPersian } from './support';

/**
 * The cart journey at phone size against the real server: add two products, open the cart,
 * change a quantity, delete a line, reload; the cart count (sum of quantities) stays right.
 */

type Variant = { InStock: boolean; Stock: number };

/** Two products whose every in-stock variant has at least 3 units (whichever the page picks, + works). */
async function roomyProducts(request: APIRequestContext): Promise<string[]> {
  const list = (await (await request.get('/api/client/v1/catalog/products?size=24&in_stock=1')).json()) as { data: { Uid: string }[] };
  const found: string[] = [];
  for (const { Uid } of list.data) {
    const detail = (await (await request.get(`/api/client/v1/catalog/products/${Uid}`)).json()) as { data: { Variants: Variant[] } };
    const inStock = detail.data.Variants.filter((v) => v.InStock);
    if (inStock.length && inStock.every((v) => v.Stock >= 3)) found.push(Uid);
    if (found.length === 2) return found;
  }
  throw new Error('the demo catalogue has no two products with 3 units of every in-stock variant');
}

async function add(page: Page) {
  const edit = page.waitForResponse((r) => r.url().endsWith('/api/client/v1/order/edit/product'));
  await page.getByTestId('add-to-cart').tap();
  expect(((await (await edit).json()) as { status: string }).status).toBe('ok');
  await expect(page.getByTestId('in-cart')).toContainText('۱ عدد در سبد خرید');
}

async function noOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow').toBeLessThanOrEqual(0);
}

test.use({ viewport: PHONE, hasTouch: true });

test('add two products, change a quantity, delete a line, reload: lines and count stay right', async ({ page, request }) => {
  // A long journey (sign-in, two products, four cart calls, a reload) on a shared machine.
  test.setTimeout(90_000);
  const [first, second] = await roomyProducts(request);
  const mobile = freshMobile();
  await registerThroughApi(request, mobile, 'خریدار');

  await page.goto(`/product/${first}`);
  await openLogin(page);
  await signInWithCode(page, request, mobile);
  await expect(page).toHaveURL(new RegExp(`/product/${first}$`));
  await add(page);
  await page.goto(`/product/${second}`);
  await add(page);
  await expect(page.getByTestId('header-cart-count')).toHaveText('۲');

  await page.goto('/profile/cart');
  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(2);
  await noOverflow(page);
  const firstName = (await lines.nth(0).getByTestId('line-name').textContent())!;
  const secondName = (await lines.nth(1).getByTestId('line-name').textContent())!;

  // Two of the first product.
  await page.getByRole('button', { name: `افزودن یک عدد ${firstName}` }).tap();
  await expect(lines.nth(0).getByTestId('line-quantity')).toHaveText('۲');
  await expect(page.getByTestId('cart-count')).toHaveText('۳ عدد');
  await expect(page.getByTestId('header-cart-count')).toHaveText('۳');

  // The second product goes.
  await page.getByRole('button', { name: `حذف ${secondName} از سبد خرید` }).tap();
  await expect(lines).toHaveCount(1);
  await expect(page.getByTestId('cart-count')).toHaveText('۲ عدد');

  await page.reload();
  await expect(lines).toHaveCount(1);
  await expect(lines.nth(0).getByTestId('line-name')).toHaveText(firstName);
  await expect(lines.nth(0).getByTestId('line-quantity')).toHaveText('۲');
  await expect(page.getByTestId('header-cart-count')).toHaveText('۲');
  await expect(page.getByRole('link', { name: 'ادامه خرید' })).toHaveAttribute('href', '/profile/cart/order-register');
  await noOverflow(page);
});

test('signed out: the laptop added waits in the browser cart; signing up from the cart’s popup puts it in the new account, on the same page', async ({ page, request }) => {
  // Add, the cart page, a whole registration in the popup and the merge, on a shared machine.
  test.setTimeout(90_000);
  const [uid] = await roomyProducts(request);
  const mobile = freshMobile();

  await page.goto(`/product/${uid}`);
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  const edits: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/client/v1/order/edit/product')) edits.push(r.url());
  });
  await page.getByTestId('add-to-cart').tap();
  await expect(page.getByTestId('in-cart')).toContainText('۱ عدد در سبد خرید');
  await expect(page.getByTestId('header-cart-count')).toHaveText('۱');
  await expect(loginDialog(page)).toBeHidden();
  expect(edits, 'signed out, nothing is sent to the server').toEqual([]);

  await page.getByTestId('in-cart').tap();
  await expect(page).toHaveURL(/\/profile\/cart$/);
  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(1);
  await expect(lines.first().getByTestId('line-name')).toHaveText(name);
  await expect(page.getByTestId('cart-continue')).toHaveCount(0);
  await noOverflow(page);
  // The signed-out cart passes axe at both widths.
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `axe at ${viewport.width}px`).toEqual([]);
  }

  // Sign up from the popup the cart opens.
  await page.getByRole('button', { name: 'ورود و ادامهٔ خرید' }).tap();
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  const seen = await outboxKeys(request, mobile);
  await dialog.getByLabel('شماره موبایل').fill(toPersian(mobile));
  await dialog.getByRole('button', { name: 'ادامه' }).tap();
  await expect(dialog.getByRole('heading', { name: 'تایید شماره همراه' })).toBeVisible();
  const code = await nextCode(request, mobile, seen);
  await dialog.getByLabel('رقم ۱ از ۵').click();
  await page.keyboard.type(code);
  const merged = page.waitForResponse((r) => r.url().endsWith('/api/client/v1/order/edit/product'));
  await dialog.getByRole('button', { name: 'تایید کد' }).tap();
  await expect(dialog.getByRole('heading', { name: 'تکمیل اطلاعات حساب' })).toBeVisible();
  await dialog.getByLabel('نام', { exact: true }).fill('پریسا');
  await dialog.getByLabel('نام خانوادگی').fill('آزمایشی');
  await dialog.getByLabel('گذرواژه', { exact: true }).fill('Parisa#2024');
  await dialog.getByLabel('تکرار گذرواژه').fill('Parisa#2024');
  await dialog.getByLabel('استان').selectOption('تهران');
  await dialog.getByLabel('شهر').selectOption('تهران');
  await dialog.getByRole('button', { name: 'تکمیل ثبت‌نام' }).tap();
  expect(((await (await merged).json()) as { status: string }).status).toBe('ok');
  await expect(dialog).toBeHidden();

  // The same page, now the account's cart: the line, and checkout instead of sign-in.
  await expect(page).toHaveURL(/\/profile\/cart$/);
  await expect(page.getByTestId('cart-continue')).toBeVisible();
  await expect(lines).toHaveCount(1);
  await expect(lines.first().getByTestId('line-name')).toHaveText(name);
  await expect(lines.first().getByTestId('line-quantity')).toHaveText('۱');
  await expect(page.getByTestId('header-cart-count')).toHaveText('۱');
  expect(await page.evaluate(() => localStorage.getItem('shop.cart')), 'the browser cart is cleared').toBeNull();

  // It is the server's: still there after a reload.
  await page.reload();
  await expect(lines).toHaveCount(1);
  await expect(lines.first().getByTestId('line-name')).toHaveText(name);
});
