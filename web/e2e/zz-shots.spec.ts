import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE, freshMobile, loginDialog, registerThroughApi, signInWithCode } from './support';

test.use({ hasTouch: true });

async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  for (const [label, vp] of [['375', PHONE], ['1280', DESKTOP]] as const) {
    await page.setViewportSize(vp);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/tmp/shots/${name}-${label}.png`, fullPage: true });
    const { violations } = await new AxeBuilder({ page }).analyze();
    const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
    console.log(`${name}@${label}: axe=${violations.map((v) => v.id + ':' + v.nodes.map((n) => n.target.join(' ')).join('|')).join(',') || 'none'} overflow=${overflow}`);
  }
  await page.setViewportSize(PHONE);
}

test('screenshots', async ({ page, request }) => {
  test.setTimeout(300_000);
  await page.setViewportSize(PHONE);
  const mobile = freshMobile();
  await registerThroughApi(request, mobile, 'سارا');
  await page.goto('/product/asus-vivobook-16-m1605ya');
  await page.getByTestId('add-to-cart').tap();
  await expect(loginDialog(page)).toBeVisible();
  await signInWithCode(page, request, mobile);
  await page.goto('/product/asus-vivobook-16-m1605ya');
  await page.getByTestId('add-to-cart').tap();
  await page.waitForTimeout(1500);
  await shot(page, 'product');
  await page.goto('/profile/cart');
  await shot(page, 'cart');
  await page.goto('/profile/cart/order-register');
  await page.waitForTimeout(1500);
  if (page.url().includes('first-time')) {
    console.log('first-time page');
  }
  await shot(page, 'register');
  await page.goto('/profile/edit');
  const box = page.getByTestId('mobile-change');
  await box.getByRole('button', { name: 'تغییر شماره موبایل' }).tap();
  await box.getByLabel('شماره موبایل جدید').fill('09391112233');
  await box.getByRole('button', { name: 'ارسال کد تایید' }).tap();
  await expect(box.getByLabel('گذرواژه فعلی')).toBeVisible();
  await shot(page, 'mobile-change');
});
