import { expect, test, type Locator, type Page } from '@playwright/test';
import { DESKTOP, freshMobile, loginDialog, nextCode, outboxKeys, PHONE, registerThroughApi, signInWithCode, toPersian } from './support';

/**
 * The customer's own profile at phone size against the real server: sign in, the overview,
 * editing name and city, changing the mobile number with a code sent to the new number, and the
 * new values after a reload.
 */

async function noOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow').toBeLessThanOrEqual(0);
}

const fieldError = (page: Page | Locator, label: string) =>
  page.getByLabel(label, { exact: true }).locator('xpath=ancestor::div[contains(@class,"flex-col")][1]').locator('p.text-red-600');

test.describe('profile at phone size', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('sign in → /profile → edit name and city → change the mobile by code → the new values after a reload', async ({ page, request }) => {
    test.setTimeout(120_000);
    const mobile = freshMobile();
    await registerThroughApi(request, mobile, 'سارا');

    await page.goto('/profile');
    await page.getByTestId('sign-in-required').getByRole('button', { name: 'ورود یا ثبت‌نام' }).tap();
    await expect(loginDialog(page)).toBeVisible();
    await signInWithCode(page, request, mobile);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId('profile-name')).toHaveText('سارا آزمایشی');
    await expect(page.getByTestId('profile-mobile')).toHaveText(toPersian(mobile));
    await expect(page.getByTestId('profile-city')).toHaveText('تهران، تهران');
    await expect(page.getByText('هنوز سفارشی ثبت نکرده‌اید.')).toBeVisible();
    await expect(page.getByTestId('profile-links').getByRole('link')).toHaveCount(10);
    await noOverflow(page);

    await page.getByRole('link', { name: 'ویرایش اطلاعات' }).tap();
    await expect(page).toHaveURL(/\/profile\/edit$/);
    const form = page.getByTestId('profile-form');
    await expect(form.getByLabel('نام', { exact: true })).toHaveValue('سارا');

    // Bad input first: an email without a domain and markup in the name.
    await form.getByLabel('ایمیل (اختیاری)').fill('sara@example');
    await form.getByRole('button', { name: 'ذخیره تغییرات' }).tap();
    await expect(fieldError(page, 'ایمیل (اختیاری)')).toHaveText('ایمیل وارد شده معتبر نیست!');
    await form.getByLabel('ایمیل (اختیاری)').fill('sara@example.ir');

    await form.getByLabel('نام', { exact: true }).fill('<b>ساره</b>');
    await form.getByLabel('استان').selectOption('فارس');
    await form.getByLabel('شهر').selectOption('شیراز');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/client/v1/account/edit'));
    await form.getByRole('button', { name: 'ذخیره تغییرات' }).tap();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('اطلاعات حساب کاربری ذخیره شد.')).toBeVisible();
    await noOverflow(page);

    // The account has a password: the change asks for it first (a stolen access token alone
    // cannot move the account), then the new number gets the code, and the account's number
    // changes once the code is confirmed.
    const next = freshMobile('38');
    const mobileBox = page.getByTestId('mobile-change');
    await mobileBox.getByRole('button', { name: 'تغییر شماره موبایل' }).tap();
    await mobileBox.getByLabel('شماره موبایل جدید').fill(mobile);
    await mobileBox.getByRole('button', { name: 'ارسال کد تایید' }).tap();
    await expect(fieldError(page, 'شماره موبایل جدید')).toHaveText('این شماره همین حالا شماره موبایل شماست.');
    const seen = await outboxKeys(request, next);
    await mobileBox.getByLabel('شماره موبایل جدید').fill(toPersian(next));
    await mobileBox.getByRole('button', { name: 'ارسال کد تایید' }).tap();
    await expect(fieldError(mobileBox, 'گذرواژه فعلی')).toHaveText('لطفا گذرواژه را وارد کنید');
    await mobileBox.getByLabel('گذرواژه فعلی').fill('Wrong123!');
    await mobileBox.getByRole('button', { name: 'ارسال کد تایید' }).tap();
    await expect(fieldError(mobileBox, 'گذرواژه فعلی')).toHaveText('گذرواژه اشتباه است.');
    expect(await outboxKeys(request, next)).toEqual(seen);
    await mobileBox.getByLabel('گذرواژه فعلی').fill('Test123!');
    await mobileBox.getByRole('button', { name: 'ارسال کد تایید' }).tap();
    await expect(mobileBox.getByRole('heading', { name: 'تایید شماره همراه' })).toBeVisible();
    const code = await nextCode(request, next, seen);
    const wrong = code === '00000' ? '11111' : '00000';
    await mobileBox.getByLabel('رقم ۱ از ۵').click();
    await page.keyboard.type(wrong);
    await mobileBox.getByRole('button', { name: 'تایید کد' }).tap();
    await expect(mobileBox.getByRole('alert')).toHaveText('کد وارد شده اشتباه است');
    await expect(page.getByTestId('current-mobile')).toHaveText(toPersian(mobile));
    await mobileBox.getByLabel('رقم ۱ از ۵').click();
    await page.keyboard.type(code);
    await mobileBox.getByRole('button', { name: 'تایید کد' }).tap();
    await expect(page.getByTestId('current-mobile')).toHaveText(toPersian(next));
    await noOverflow(page);

    // After a reload the server's values are shown, markup as text.
    await page.reload();
    await expect(page.getByTestId('current-mobile')).toHaveText(toPersian(next));
    await expect(page.getByTestId('profile-form').getByLabel('نام', { exact: true })).toHaveValue('<b>ساره</b>');
    await expect(page.getByTestId('profile-form').getByLabel('شهر')).toHaveValue('شیراز');
    await page.goto('/profile');
    await expect(page.getByTestId('profile-name')).toHaveText('<b>ساره</b> آزمایشی');
    await expect(page.getByTestId('profile-mobile')).toHaveText(toPersian(next));
    await expect(page.getByTestId('profile-city')).toHaveText('شیراز، فارس');
    await noOverflow(page);
    await page.screenshot({ path: 'test-results/profile-375.png', fullPage: true });
    await page.goto('/profile/edit');
    await expect(page.getByTestId('profile-form')).toBeVisible();
    await page.screenshot({ path: 'test-results/profile-edit-375.png', fullPage: true });

    // The same pages at desktop width.
    await page.setViewportSize(DESKTOP);
    await expect(page.getByTestId('current-mobile')).toHaveText(toPersian(next));
    await noOverflow(page);
    await page.screenshot({ path: 'test-results/profile-edit-1280.png', fullPage: true });
    await page.goto('/profile');
    await expect(page.getByTestId('profile-city')).toHaveText('شیراز، فارس');
    await noOverflow(page);
    await page.screenshot({ path: 'test-results/profile-1280.png', fullPage: true });
  });

  test('a password change keeps this tab signed in (also after a reload) and only the new password signs in', async ({ page, request }) => {
    test.setTimeout(90_000);
    const mobile = freshMobile();
    await registerThroughApi(request, mobile, 'نیما');
    await page.goto('/profile/edit');
    await page.getByTestId('sign-in-required').getByRole('button', { name: 'ورود یا ثبت‌نام' }).tap();
    await signInWithCode(page, request, mobile);
    const form = page.getByTestId('password-form');
    await form.getByLabel('گذرواژه فعلی').fill('Test123!');
    await form.getByLabel('گذرواژه جدید', { exact: true }).fill('weak');
    await form.getByLabel('تکرار گذرواژه جدید').fill('weak');
    await form.getByRole('button', { name: 'ثبت گذرواژه' }).tap();
    await expect(fieldError(page, 'گذرواژه جدید')).toHaveText('گذرواژه وارد شده ضعیف است');
    await form.getByLabel('گذرواژه جدید', { exact: true }).fill('Nima#2026');
    await form.getByLabel('تکرار گذرواژه جدید').fill('Nima#2026');
    await form.getByRole('button', { name: 'ثبت گذرواژه' }).tap();
    await expect(page.getByText('گذرواژه با موفقیت تغییر کرد.')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('profile-form')).toBeVisible();
    await expect(page.getByTestId('sign-in-required')).toHaveCount(0);
    const login = async (password: string) =>
      ((await (await request.post('/api/client/v1/user/login', { data: { mobile, password } })).json()) as { status: string }).status;
    expect(await login('Test123!')).toBe('wrong');
    expect(await login('Nima#2026')).toBe('ok');
  });
});
