import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { freshMobile, PHONE, registerThroughApi, signInWithCode } from './support';

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
  const [first, second] = await roomyProducts(request);
  const mobile = freshMobile();
  await registerThroughApi(request, mobile, 'خریدار');

  await page.goto(`/product/${first}`);
  await page.getByTestId('add-to-cart').tap(); // signed out: the login popup
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
