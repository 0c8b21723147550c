import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DESKTOP, freshMobile, loginDialog, PHONE, registerThroughApi, signInWithCode, toPersian } from './support';

/**
 * The account's lists at phone size against the real server: a heart kept before sign-in joins
 * the account at sign-in, a profile edit (a new address starts from it), two addresses and a default in the address book, a heart saved while
 * signed in, and both favourites still there after a reload. Nothing overflows at 375 px, and
 * the filled pages (the a11y suite sees them empty) pass axe-core at 375 and 1280 px.
 */

async function noViolations(page: Page, what: string) {
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `axe on ${what}`).toEqual([]);
}

async function noOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow').toBeLessThanOrEqual(0);
}

/** Two products of the catalogue: [uid, url]. */
async function twoProducts(request: APIRequestContext): Promise<{ Uid: string; Url: string; Name: string }[]> {
  const res = await request.get('/api/client/v1/catalog/products', { params: { size: 2 } });
  expect(res.ok()).toBeTruthy();
  const list = (await res.json()) as { data: { Uid: string; Url: string; Name: string }[] };
  expect(list.data).toHaveLength(2);
  return list.data;
}

async function fillAddress(page: Page, a: { name: string; state: string; city: string; address: string; postal: string; plaque?: string }) {
  const form = page.getByTestId('address-form');
  await form.getByLabel('نام و نام خانوادگی گیرنده').fill(a.name);
  await form.getByLabel('شماره موبایل گیرنده').fill('۰۹۱۲۳۴۵۶۷۸۹');
  await form.getByLabel('استان').selectOption(a.state);
  await form.getByLabel('شهر').selectOption(a.city);
  await form.getByLabel('نشانی', { exact: true }).fill(a.address);
  await form.getByLabel('کد پستی').fill(a.postal);
  if (a.plaque) await form.getByLabel('پلاک (اختیاری)').fill(a.plaque);
}

test.describe('account lists at phone size', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('heart before sign-in → sign in → edit the profile → two addresses and a default → heart → favourites after a reload', async ({ page, request }) => {
    test.setTimeout(120_000);
    const [first, second] = await twoProducts(request);
    const mobile = freshMobile();
    await registerThroughApi(request, mobile, 'نرگس');

    // A heart kept in this browser before sign-in.
    await page.goto(first.Url);
    const heart = page.getByTestId('favourite');
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.tap();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');

    // The address book asks for sign-in; the heart joins the account at sign-in.
    await page.goto('/profile/addresses');
    await page.getByTestId('sign-in-required').getByRole('button').tap();
    await expect(loginDialog(page)).toBeVisible();
    const merged = page.waitForResponse((r) => r.url().endsWith('/api/client/v1/favourite/merge'));
    await signInWithCode(page, request, mobile);
    expect(((await (await merged).json()) as { uids: string[] }).uids).toEqual([first.Uid]);
    await expect(page).toHaveURL(/\/profile\/addresses$/);

    // Edit the profile first: a new name and city, which a new address then starts from.
    await page.goto('/profile/edit');
    const profile = page.getByTestId('profile-form');
    await expect(profile.getByLabel('نام', { exact: true })).toHaveValue('نرگس');
    await profile.getByLabel('نام', { exact: true }).fill('مهسا');
    await profile.getByLabel('استان').selectOption('اصفهان');
    await profile.getByLabel('شهر').selectOption('کاشان');
    const edited = page.waitForResponse((r) => r.url().endsWith('/api/client/v1/account/edit'));
    await profile.getByRole('button', { name: 'ذخیره تغییرات' }).tap();
    expect((await edited).status()).toBe(200);
    await page.goto('/profile/addresses');

    // Empty only because there is none yet: add two addresses.
    await expect(page.getByTestId('empty-state')).toBeVisible();
    await noOverflow(page);
    await page.getByRole('button', { name: 'افزودن نشانی جدید' }).tap();
    const form = page.getByTestId('address-form');
    await expect(form.getByLabel('نام و نام خانوادگی گیرنده')).toHaveValue('مهسا آزمایشی');
    await expect(form.getByLabel('استان')).toHaveValue('اصفهان');
    await expect(form.getByLabel('شهر')).toHaveValue('کاشان');
    await fillAddress(page, { name: 'نرگس <b>رضایی</b>', state: 'تهران', city: 'تهران', address: 'خیابان آزادی، کوچه ۱۲', postal: '۱۲۳۴۵۶۷۸۹۰', plaque: '۴' });
    // A nine-digit postal code first: the rule's message under the field, nothing saved.
    await page.getByTestId('address-form').getByLabel('کد پستی').fill('۱۲۳۴۵۶۷۸۹');
    await page.getByRole('button', { name: 'ذخیرهٔ نشانی' }).tap();
    await expect(page.getByText('کد پستی باید ۱۰ رقم باشد')).toBeVisible();
    await page.getByTestId('address-form').getByLabel('کد پستی').fill('۱۲۳۴۵۶۷۸۹۰');
    await page.getByRole('button', { name: 'ذخیرهٔ نشانی' }).tap();
    const cards = page.getByTestId('address-card');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('نرگس <b>رضایی</b>');
    await expect(cards.first()).toContainText('پیش‌فرض');
    await expect(cards.first()).toContainText(`کد پستی: ${toPersian('1234567890')}`);

    await page.getByRole('button', { name: 'افزودن نشانی جدید' }).tap();
    await fillAddress(page, { name: 'علی رضایی', state: 'اصفهان', city: 'کاشان', address: 'خیابان امیرکبیر، کوچه ۳', postal: '8715988111' });
    await page.getByRole('button', { name: 'ذخیرهٔ نشانی' }).tap();
    await expect(cards).toHaveCount(2);
    await noOverflow(page);

    // Choose the Kashan address as the default: it moves first with the badge.
    const kashan = cards.filter({ hasText: 'کاشان' });
    await kashan.getByRole('button', { name: 'انتخاب به‌عنوان پیش‌فرض' }).tap();
    await expect(cards.first()).toContainText('کاشان');
    await expect(cards.first()).toContainText('پیش‌فرض');
    await page.reload();
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toContainText('کاشان');
    await expect(cards.first()).toContainText('پیش‌فرض');
    await noViolations(page, 'the address book at 375 px');
    await cards.first().getByRole('button', { name: 'ویرایش' }).tap();
    await expect(page.getByTestId('address-form').getByLabel('شهر')).toHaveValue('کاشان');
    await noOverflow(page);
    await noViolations(page, 'the address form at 375 px');

    // A heart while signed in is saved to the account.
    await page.goto(second.Url);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/client/v1/favourite/add'));
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.tap();
    expect((await saved).ok()).toBeTruthy();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');

    // Both are in the favourites, with price and stock, after a reload.
    await page.goto('/profile/favorites');
    await page.reload();
    const items = page.getByTestId('favourite-item');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText(second.Name);
    await expect(items.nth(1)).toContainText(first.Name);
    await expect(items.first().getByTestId('favourite-price')).toContainText('تومان');
    await expect(items.first().getByTestId('favourite-stock')).toBeVisible();
    await noOverflow(page);
    await noViolations(page, 'the favourites at 375 px');
    await page.setViewportSize(DESKTOP);
    await noViolations(page, 'the favourites at 1280 px');
    await page.goto('/profile/addresses');
    await expect(cards).toHaveCount(2);
    await noViolations(page, 'the address book at 1280 px');
    await page.setViewportSize(PHONE);
    await page.goto('/profile/favorites');
    await expect(items).toHaveCount(2);

    // The shop's cards show the same hearts.
    await page.goto('/shop');
    const card = page.locator(`[data-testid="product-card"][data-uid="${second.Uid}"]`);
    await expect(card.getByTestId('card-favourite')).toHaveAttribute('aria-pressed', 'true');
    await noOverflow(page);
    await page.goto('/profile/favorites');

    // Removing one leaves the other; the heart on its page is off.
    await items.nth(1).getByRole('button', { name: `حذف ${first.Name} از علاقه‌مندی‌ها` }).tap();
    await expect(items).toHaveCount(1);
    await page.goto(first.Url);
    await expect(page.getByTestId('favourite')).toHaveAttribute('aria-pressed', 'false');
  });
});
