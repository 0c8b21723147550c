import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, freshMobile, fromPersian, loginDialog, openLogin, PHONE, registerThroughApi, signInWithCode, toman } from './support';
import { expectNoLatinDigitsOutsideLatinRuns, expectPersianNumberAfterLatinRun } from './bidi';

/**
 * Catalogue journeys against the real server and its demo catalogue (`shop serve` seeds an
 * empty database): Persian search to product page to cart, /shop filters in the URL,
 * comparison, mobile suggestions, categories and content pages.
 */

async function noOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow').toBeLessThanOrEqual(0);
}

test.describe('at phone size', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('search «لپ تاپ لنوو» → results → product → another warranty changes the price → added signed out, it waits in the browser cart → signed in on the same page, it is in the account', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/');
    const search = page.getByRole('search').first().getByRole('combobox');
    await search.fill('لپ تاپ لنوو');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/shop\/search-product\?q=/);
    const cards = page.getByTestId('product-card');
    await expect(cards.first()).toBeVisible();
    // Typed with a space: the names' 'لپ‌تاپ' (ZWNJ) and 'لنوو' are marked.
    await expect(cards.first().locator('mark').first()).toBeVisible();
    const marks = await cards.first().locator('mark').allTextContents();
    expect(marks.join(' ')).toContain('لنوو');
    expect(await page.getByTestId('result-count').textContent()).toMatch(/[۰-۹]/);
    await noOverflow(page);

    // The first result whose page offers a second warranty.
    const names = await cards.locator('h2 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    let chosen = '';
    for (const href of names) {
      const uid = href.split('/').pop()!;
      const res = await request.get(`/api/client/v1/catalog/products/${uid}`);
      const body = (await res.json()) as { data: { Variants: { InStock: boolean; Color: string }[] } };
      const colours = new Map<string, number>();
      for (const v of body.data.Variants) if (v.InStock) colours.set(v.Color, (colours.get(v.Color) ?? 0) + 1);
      if ([...colours.values()].some((n) => n > 1)) {
        chosen = href;
        break;
      }
    }
    expect(chosen, 'a found product with two warranties').not.toBe('');
    await page.locator(`[data-testid="product-card"] h2 a[href="${chosen}"]`).tap();
    await expect(page).toHaveURL(new RegExp(`${chosen}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('bottom-bar')).toBeHidden();

    const price = page.getByTestId('product-price');
    await expect(price).toContainText('تومان');
    expect(await price.textContent()).not.toMatch(/[0-9]/);
    const before = toman((await price.textContent())!);
    const options = page.getByTestId('warranties').getByRole('radio');
    expect(await options.count()).toBeGreaterThan(1);
    let changed = false;
    for (let i = 0; i < (await options.count()); i++) {
      if (await options.nth(i).isChecked()) continue;
      await page.getByTestId('warranties').locator('label').nth(i).tap();
      await expect(options.nth(i)).toBeChecked();
      if (toman((await price.textContent())!) !== before) {
        changed = true;
        break;
      }
    }
    expect(changed, 'another warranty changes the price').toBe(true);
    await noOverflow(page);

    // Anonymous: the chosen variant goes to the cart kept in this browser; no popup.
    await page.getByTestId('add-to-cart').tap();
    await expect(page.getByTestId('in-cart')).toContainText('۱ عدد در سبد خرید');
    await expect(loginDialog(page)).toBeHidden();

    // Sign in on the same page: the browser cart goes into the account through the order API.
    const mobile = freshMobile();
    await registerThroughApi(request, mobile);
    const edit = page.waitForResponse((r) => r.url().endsWith('/api/client/v1/order/edit/product'));
    await openLogin(page);
    await signInWithCode(page, request, mobile);
    const answer = await edit;
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { status: string }).status).toBe('ok');
    await expect(page).toHaveURL(new RegExp(`${chosen}$`));
    await expect(page.getByTestId('in-cart')).toContainText('۱ عدد در سبد خرید');
  });

  test('a product page draws Persian numbers after Latin names in right-to-left order and shows no Latin prose digits (issue 28)', async ({ page }) => {
    // «تبلت لپ‌تاپ اچ‌پی اسپکتر x360 ۱۴»: the screen size «۱۴» is read after «x360», i.e. left of it.
    await page.goto('/product/hp-spectre-x360-14');
    const name = page.getByTestId('product-name');
    await expect(name).toContainText('x360');
    await expectPersianNumberAfterLatinRun(name, 'product name');
    // The description: «… با پردازنده Intel Core Ultra 7 155H، ۱۶ گیگابایت رم …».
    const description = page.locator('section[aria-labelledby="desc-title"]');
    await expect(description).toContainText('Core Ultra 7 155H');
    await expectPersianNumberAfterLatinRun(description, 'description');
    await expectNoLatinDigitsOutsideLatinRuns(page.getByTestId('product'), 'product page');
    // Copying the name gives it without invisible isolates.
    expect(await name.evaluate((h) => /[\u2066-\u2069]/.test(h.textContent ?? ''))).toBe(false);
  });

  test('a Persian-digit query «۱۶ گیگ» finds 16 GB machines and marks the digits', async ({ page }) => {
    await page.goto('/shop/search-product?q=' + encodeURIComponent('لپ تاپ ۱۶ گیگ'));
    const cards = page.getByTestId('product-card');
    await expect(cards.first()).toBeVisible();
    await expect(cards.first().locator('mark').filter({ hasText: /16|۱۶/ }).first()).toBeVisible();
  });

  test('mobile search suggests products while typing and opens one', async ({ page, request }) => {
    await page.goto('/mobile-search');
    // The empty box lists the best sellers only when something has been sold (earlier journeys may have paid orders).
    const best = (await (await request.get('/api/client/v1/catalog/bestsellers')).json()) as { data: unknown[] };
    await expect(page.getByLabel('پیشنهادها', { exact: true })).toBeVisible();
    await expect(page.getByText('پرفروش‌ترین‌ها')).toHaveCount(best.data.length > 0 ? 1 : 0);
    await page.getByLabel('پیشنهادها', { exact: true }).fill('ايسوس'); // Arabic yeh
    const first = page.getByTestId('suggestion').first();
    await expect(first.locator('mark')).toContainText('ایسوس');
    const href = await first.getAttribute('href');
    await first.tap();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('ایسوس');
  });

  test('/shop filters at phone size: the dialog writes to the URL', async ({ page }) => {
    await page.goto('/shop');
    await page.getByTestId('open-filters').tap();
    const dialog = page.getByTestId('filters-dialog');
    // A controlled checkbox: its state follows the URL after the navigation, so click and wait.
    await dialog.getByLabel('استوک').click();
    await expect(page).toHaveURL(/condition=used/);
    await expect(dialog.getByLabel('استوک')).toBeChecked();
    await dialog.getByTestId('apply-filters').tap();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('open-filters')).toContainText('(۱)');
    // Every card on the page is a used unit, and the page holds the whole count (up to 24).
    const cards = page.getByTestId('product-card');
    await expect(cards.first()).toBeVisible();
    const shown = await cards.count();
    expect(shown).toBeGreaterThan(0);
    await expect(cards.locator('span', { hasText: /^استوک$/ })).toHaveCount(shown);
    const total = Number(fromPersian((await page.getByTestId('result-count').textContent())!).replace(/\D/g, ''));
    expect(shown).toBe(Math.min(total, 24));
    await noOverflow(page);

    // Escape closes the sheet and the focus is back on the button that opened it.
    await page.getByTestId('open-filters').tap();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('open-filters')).toBeFocused();
  });
});

test.describe('at desktop size', () => {
  test.use({ viewport: DESKTOP });

  test('/shop: a brand and a sort go into the URL, survive a reload, and the list follows', async ({ page }) => {
    await page.goto('/shop');
    const count = page.getByTestId('result-count');
    await expect(count).toBeVisible();
    const all = Number(fromPersian((await count.textContent())!).replace(/\D/g, ''));
    const panel = page.locator('aside').getByTestId('filter-panel');
    await panel.getByLabel('لنوو').click();
    await expect(page).toHaveURL(/\/shop\?brand=lenovo$/);
    await expect(panel.getByLabel('لنوو')).toBeChecked();
    await expect.poll(async () => Number(fromPersian((await count.textContent())!).replace(/\D/g, ''))).toBeLessThan(all);
    const names = await page.getByTestId('product-card').locator('h2').allTextContents();
    const lenovo = Number(fromPersian((await count.textContent())!).replace(/\D/g, ''));
    expect(lenovo).toBeGreaterThan(0);
    expect(names).toHaveLength(Math.min(lenovo, 24));
    for (const name of names) expect(name).toContain('لنوو');
    await page.getByTestId('sort').selectOption('cheapest');
    await expect(page).toHaveURL(/sort=cheapest/);
    await expect
      .poll(async () => {
        const prices = (await page.getByTestId('price').allTextContents()).map(toman);
        return prices.length > 1 && prices.every((p, i) => i === 0 || prices[i - 1] <= p);
      })
      .toBe(true);
    await page.reload();
    await expect(page.locator('aside').getByTestId('filter-panel').getByLabel('لنوو')).toBeChecked();
    await expect(page.getByTestId('sort')).toHaveValue('cheapest');
    // A price range with min above max is refused before it reaches the URL.
    const range = page.locator('aside').getByTestId('price-range');
    await range.getByLabel('از').fill('۹۰۰۰۰۰۰۰');
    await range.getByLabel('تا').fill('۱۰۰۰۰۰۰۰');
    await range.getByRole('button', { name: 'اعمال' }).click();
    await expect(range.getByRole('alert')).toBeVisible();
    await expect(page).not.toHaveURL(/min_price/);
  });

  test('the header search suggests while typing; arrows move through the suggestions, Escape closes them, Enter opens the chosen one', async ({
    page,
  }) => {
    await page.goto('/specials');
    const box = page.getByRole('search').first().getByRole('combobox');
    await box.click();
    await box.pressSequentially('ذن بوک');
    const list = page.getByRole('listbox');
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    // An answer for part of the text may be drawn first; the keys are pressed on the final one.
    await expect(list).toHaveAttribute('aria-busy', 'false');
    await expect(box).toHaveAttribute('aria-controls', (await list.getAttribute('id'))!);
    const options = list.getByRole('option');
    await expect(options.first()).toBeVisible();
    await box.press('ArrowDown');
    const first = options.first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    await box.press('Escape');
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).not.toHaveAttribute('aria-activedescendant');
    // Down opens the list again; the last product suggestion is opened with Enter.
    await box.press('ArrowDown');
    await expect(list).toBeVisible();
    await box.press('ArrowUp');
    const last = options.last();
    await expect(last).toHaveAttribute('aria-selected', 'true');
    expect(await last.textContent()).toContain('ذن‌بوک');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/product\/asus-zenbook/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('ذن‌بوک');
  });

  test('compare two products side by side', async ({ page }) => {
    await page.goto('/shop?condition=new&sort=cheapest');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    const hrefs = await page.getByTestId('product-card').locator('h2 a').evaluateAll((as) => as.slice(0, 2).map((a) => a.getAttribute('href')!));
    expect(hrefs).toHaveLength(2);
    for (const href of hrefs) {
      await page.goto(href);
      await page.getByTestId('compare-toggle').click();
      await expect(page.getByTestId('compare-toggle')).toHaveAttribute('aria-pressed', 'true');
    }
    await page.getByTestId('compare-bar').getByRole('link', { name: 'مقایسه' }).click();
    const uids = hrefs.map((h) => h.split('/').pop());
    await expect(page).toHaveURL(new RegExp(`/compare\\?uids=${uids.join('%2C|,')}`.replace('%2C|,', '(%2C|,)')));
    const table = page.getByTestId('compare-table');
    await expect(table.locator('thead th')).toHaveCount(3);
    await expect(page.getByTestId('compare-row-price').locator('td')).toHaveCount(2);
    await expect(page.getByTestId('compare-row-cpu')).toBeVisible();
    // Remove one: one column left, and the URL follows.
    await table.getByRole('button', { name: /^حذف / }).first().click();
    await expect(table.locator('thead th')).toHaveCount(2);
    await expect(page).toHaveURL(new RegExp(`uids=${uids[1]}$`));
  });

  test('categories, a category page (a wrong slug is corrected) and specials with their countdown', async ({ page }) => {
    await page.goto('/categories');
    const first = page.getByTestId('category-tree').getByRole('link').first();
    const href = (await first.getAttribute('href'))!;
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    const id = href.split('-').pop();
    const res = await page.goto(`/shop/category/wrong-slug-${id}`);
    expect(res?.status()).toBe(200); // after the server's 301
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await page.goto('/specials');
    await expect(page.getByTestId('countdown').first()).toBeVisible();
    const t1 = await page.getByTestId('countdown').first().textContent();
    expect(t1).toMatch(/[۰-۹]/);
    await expect.poll(() => page.getByTestId('countdown').first().textContent(), { timeout: 4000 }).not.toBe(t1);
  });

  test('an unknown product answers 404 with the not-found page', async ({ page }) => {
    const res = await page.goto('/product/no-such-laptop');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'صفحه مورد نظر یافت نشد!' })).toBeVisible();
  });

  test('blog list → post; FAQ and about from the API', async ({ page }) => {
    await page.goto('/blogs');
    const link = page.getByTestId('blog-list').getByRole('heading', { level: 2 }).getByRole('link').first();
    const title = (await link.textContent())!;
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByTestId('post-body').locator('p').first()).toBeVisible();
    await page.goto('/common-questions');
    const q = page.getByTestId('faq').locator('summary').first();
    await q.click();
    await expect(page.getByTestId('faq').locator('details').first().locator('p')).toBeVisible();
    await page.goto('/about-us');
    await expect(page.getByTestId('content-body').locator('p').first()).toBeVisible();
  });
});
