import { expect, test, type Page } from '@playwright/test';
import { FA, freshMobile, nextCode, outboxKeys, PHONE, registerThroughApi, toPersian } from './support';

/**
 * Sign-in journeys against the real server (SHOP_SMS=console): codes are read from the dev
 * outbox, GET /api/dev/sms?mobile=… → {messages:[{mobile, code, text, at}]}, newest first.
 */

const dialog = (page: Page) => page.getByRole('dialog', { name: 'ورود | ثبت‌نام' });
const box = (page: Page, n: number) => page.getByLabel(`رقم ${FA[n]} از ۵`);

/** Types a code digit by digit into the boxes (auto-advance moves between them). */
async function typeCode(page: Page, code: string) {
  await box(page, 1).click();
  await page.keyboard.type(code);
}

async function boxValues(page: Page): Promise<string[]> {
  return Promise.all([1, 2, 3, 4, 5].map((n) => box(page, n).inputValue()));
}

async function expectSignedIn(page: Page) {
  await expect.poll(() => page.evaluate(() => Boolean(localStorage.getItem('token') && localStorage.getItem('user')))).toBe(true);
  // the stored values are encrypted, not plain JSON
  const stored = await page.evaluate(() => localStorage.getItem('user') ?? '');
  expect(stored.startsWith('{')).toBe(false);
}

test.describe('sign-in at phone size', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('profile item → popup → Persian-digit number → code from the outbox → /profile signed in; reload keeps it; logout goes home', async ({
    page,
    request,
  }) => {
    const mobile = freshMobile();
    await registerThroughApi(request, mobile);

    await page.goto('/');
    const bar = page.getByTestId('bottom-bar');
    await expect(bar).toBeVisible();
    const seen = await outboxKeys(request, mobile);
    await bar.getByRole('button', { name: 'پروفایل' }).tap();

    await expect(dialog(page)).toBeVisible();
    await expect(page).toHaveURL(/redirectTo=%2Fprofile/);
    const input = dialog(page).getByLabel('شماره موبایل');
    await expect(input).toBeFocused();
    await input.fill(toPersian(mobile));
    await dialog(page).getByRole('button', { name: 'ادامه' }).tap();

    await expect(dialog(page).getByRole('heading', { name: 'تایید شماره همراه' })).toBeVisible();
    await expect(dialog(page).getByRole('timer')).toContainText(': ۰۰');
    const code = await nextCode(request, mobile, seen);
    await typeCode(page, code);
    expect(await boxValues(page)).toEqual([...toPersian(code)]);
    await dialog(page).getByRole('button', { name: 'تایید کد' }).tap();

    await expect(page).toHaveURL(/\/profile$/);
    await expect(dialog(page)).toBeHidden();
    await expect(page.getByTestId('sign-in-required')).toHaveCount(0);
    await expectSignedIn(page);

    // A reload keeps the session (restored from encrypted storage).
    await page.reload();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId('profile-menu')).toBeVisible();
    await expect(page.getByTestId('sign-in-required')).toHaveCount(0);
    await expect(dialog(page)).toBeHidden();

    // Logout returns home with storage cleared (the /login page offers it to a signed-in user).
    await page.goto('/login');
    await expect(page.getByText('شما وارد حساب کاربری خود شده‌اید.')).toBeVisible();
    await page.getByRole('button', { name: 'خروج از حساب کاربری' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
    await page.getByTestId('bottom-bar').getByRole('button', { name: 'پروفایل' }).tap();
    await expect(dialog(page)).toBeVisible();
  });

  test('a new number reaches registration and completes it', async ({ page, request }) => {
    const mobile = freshMobile();
    await page.goto('/');
    await page.getByTestId('bottom-bar').getByRole('button', { name: 'پروفایل' }).tap();
    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByLabel('شماره موبایل').fill(mobile);
    await dialog(page).getByRole('button', { name: 'ادامه' }).tap();

    await expect(dialog(page).getByText(/هنوز در فروشگاه ثبت‌نام نکرده است/)).toBeVisible();
    await expect(dialog(page).getByRole('heading', { name: 'تایید شماره همراه' })).toBeVisible();
    const code = await nextCode(request, mobile);
    await typeCode(page, code);
    await dialog(page).getByRole('button', { name: 'تایید کد' }).tap();

    await expect(dialog(page).getByRole('heading', { name: 'تکمیل اطلاعات حساب' })).toBeVisible();
    await dialog(page).getByLabel('نام', { exact: true }).fill('نرگس');
    await dialog(page).getByLabel('نام خانوادگی').fill('کریمی');
    await dialog(page).getByLabel('گذرواژه', { exact: true }).fill('weak');
    await dialog(page).getByLabel('تکرار گذرواژه').fill('weak2');
    await dialog(page).getByRole('button', { name: 'تکمیل ثبت‌نام' }).tap();
    await expect(dialog(page).getByText('گذرواژه وارد شده ضعیف است')).toBeVisible();
    await expect(dialog(page).getByText('عدم تطابق گذرواژه')).toBeVisible();

    await dialog(page).getByLabel('گذرواژه', { exact: true }).fill('Narges#2024');
    await dialog(page).getByLabel('تکرار گذرواژه').fill('Narges#2024');
    await dialog(page).getByLabel('استان').selectOption('اصفهان');
    await dialog(page).getByLabel('شهر').selectOption('کاشان');
    await dialog(page).getByRole('button', { name: 'تکمیل ثبت‌نام' }).tap();

    await expect(page).toHaveURL(/\/profile$/);
    await expect(dialog(page)).toBeHidden();
    await expectSignedIn(page);

    // The account now exists: its password signs in through the API.
    const login = await request.post('/api/client/v1/user/login', { data: { mobile, password: 'Narges#2024' } });
    expect(((await login.json()) as { status: string }).status).toBe('ok');
  });

  test("a wrong code shows 'کد وارد شده اشتباه است' and clears the boxes; the right one then signs in", async ({ page, request }) => {
    const mobile = freshMobile();
    await registerThroughApi(request, mobile);
    const seen = await outboxKeys(request, mobile);
    await page.goto('/login');
    await page.getByLabel('شماره موبایل').fill(mobile);
    await page.getByRole('button', { name: 'ادامه' }).tap();
    const code = await nextCode(request, mobile, seen);
    const wrong = [...code].map((d) => String((Number(d) + 1) % 10)).join('');

    await typeCode(page, wrong);
    await page.getByRole('button', { name: 'تایید کد' }).tap();
    await expect(page.getByRole('alert').filter({ hasText: 'کد وارد شده اشتباه است' })).toBeVisible();
    expect(await boxValues(page)).toEqual(['', '', '', '', '']);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await typeCode(page, code);
    await page.getByRole('button', { name: 'تایید کد' }).tap();
    // From the login route with no redirect: home.
    await expect(page).toHaveURL(/\/$/);
    await expectSignedIn(page);
  });

  test('a pasted code fills the boxes; a pasted non-numeric string clears them', async ({ page, request, context }) => {
    const mobile = freshMobile();
    await registerThroughApi(request, mobile);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/login');
    await page.getByLabel('شماره موبایل').fill(mobile);
    await page.getByRole('button', { name: 'ادامه' }).tap();
    await expect(box(page, 1)).toBeFocused();
    const paste = async (text: string) => {
      await box(page, 3).evaluate((el, t) => {
        const data = new DataTransfer();
        data.setData('text', t);
        el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      }, text);
    };
    await paste('۱۲۳۴۵');
    expect(await boxValues(page)).toEqual(['۱', '۲', '۳', '۴', '۵']);
    await paste('abcde');
    expect(await boxValues(page)).toEqual(['', '', '', '', '']);
  });
});

test('local storage holding garbage is cleared at start and the visitor is anonymous', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('token', 'garbage%%');
    localStorage.setItem('user', btoa('not encrypted at all'));
  });
  await page.goto('/profile');
  await expect(page.getByTestId('sign-in-required')).toBeVisible();
  await expect.poll(() => page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
});

test.describe('keyboard and accessibility', () => {
  test('keyboard-only sign-in through the header button; the dialog traps focus; every box is labelled', async ({ page, request }) => {
    const mobile = freshMobile();
    await registerThroughApi(request, mobile);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/shop');

    // Reach the header's sign-in button with Tab only.
    const loginButton = page.getByRole('button', { name: 'ورود | ثبت‌نام' });
    for (let i = 0; i < 30; i += 1) {
      await page.keyboard.press('Tab');
      if (await loginButton.evaluate((el) => el === document.activeElement)) break;
    }
    await expect(loginButton).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByLabel('شماره موبایل')).toBeFocused();

    // Focus never leaves the dialog, forwards or backwards.
    const insideDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press('Tab');
      expect(await insideDialog()).toBe(true);
    }
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await insideDialog()).toBe(true);
    }

    await dialog(page).getByLabel('شماره موبایل').focus();
    const seen = await outboxKeys(request, mobile);
    await page.keyboard.type(mobile);
    await page.keyboard.press('Enter');

    await expect(box(page, 1)).toBeFocused();
    for (let n = 1; n <= 5; n += 1) await expect(box(page, n)).toHaveAttribute('aria-label', `رقم ${FA[n]} از ۵`);
    await expect(dialog(page).getByRole('group', { name: 'کد تایید ۵ رقمی' })).toHaveAttribute('dir', 'ltr');
    const code = await nextCode(request, mobile, seen);
    await page.keyboard.type(code);
    await expect(box(page, 5)).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(dialog(page)).toBeHidden();
    // Not on home, no redirect: the visitor stays on the page they were on.
    await expect(page).toHaveURL(/\/shop$/);
    await expectSignedIn(page);
    await expect(page.getByRole('link', { name: 'حساب کاربری' })).toBeVisible();
  });

  test('Escape closes the popup and focus returns to the button that opened it', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const loginButton = page.getByRole('button', { name: 'ورود | ثبت‌نام' });
    await loginButton.focus();
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(loginButton).toBeFocused();
  });
});
