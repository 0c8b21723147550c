import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE, freshMobile, registerThroughApi, toPersian, staffAdd, signedIn } from './support';

/**
 * The back office's shell: the first admin, made with `shop staff add … --role admin` (the
 * command a shop owner runs), adds a staff member with the orders role from the browser and
 * finds the change in the audit log; that staff member signs in and sees only what the role
 * opens. axe-core on every page at 375 and 1280 px.
 */


async function expectAxeClean(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('h1').first()).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  const report = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(report, `axe violations on ${page.url()} at ${page.viewportSize()?.width}px`).toEqual([]);
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0], 'nothing wider than the screen').toBeLessThanOrEqual(widths[1]);
}

test('an admin adds a staff member, finds it in the audit log, and the new member sees only their role', async ({ browser, request }, testInfo) => {
  test.setTimeout(120_000);
  const adminMobile = freshMobile();
  const staffMobile = freshMobile();
  await registerThroughApi(request, adminMobile, 'مدیر فروشگاه');
  expect(staffAdd(adminMobile, 'admin')).toContain(`is staff: admin`);

  const admin = await signedIn(browser, request, adminMobile, '/admin', { viewport: DESKTOP });
  const menu = admin.getByTestId('admin-menu');
  for (const name of ['پیشخوان', 'کارکنان', 'گزارش تغییرات', 'تیکت‌های مشتریان', 'گفتگوهای مشتریان']) {
    await expect(menu.getByRole('link', { name })).toBeVisible();
  }
  await expectAxeClean(admin);
  await menu.getByRole('link', { name: 'کارکنان' }).click();
  await expect(admin).toHaveURL(/\/admin\/staff$/);
  await expect(admin.getByTestId('staff-list')).toContainText(toPersian(adminMobile));
  // A bad number is named in Persian and nothing is added.
  await admin.getByLabel('شمارهٔ موبایل').fill('0912');
  await admin.getByLabel('سفارش‌ها و مالی').check();
  await admin.getByTestId('staff-save').click();
  await expect(admin.getByText('شماره موبایل وارد شده معتبر نیست!')).toBeVisible();
  await expect(admin.getByLabel('شمارهٔ موبایل')).toHaveAttribute('aria-invalid', 'true');
  await admin.getByLabel('شمارهٔ موبایل').fill(toPersian(staffMobile));
  await admin.getByTestId('staff-save').click();
  const row = admin.getByTestId('staff-list').getByRole('listitem').filter({ hasText: toPersian(staffMobile) }).first();
  await expect(row).toContainText('سفارش‌ها و مالی');
  await expectAxeClean(admin);
  await admin.screenshot({ path: testInfo.outputPath('admin-staff-1280.png'), fullPage: true });

  await menu.getByRole('link', { name: 'گزارش تغییرات' }).click();
  await expect(admin).toHaveURL(/\/admin\/audit$/);
  const entry = admin.getByTestId('audit-entry').filter({ hasText: 'staff.set_roles' }).filter({ hasText: toPersian(adminMobile) }).first();
  await expect(entry).toContainText(staffMobile);
  await expectAxeClean(admin);

  // The new member, on a phone: the orders pages and the shared ones, not the staff list.
  const member = await signedIn(browser, request, staffMobile, '/admin', { viewport: PHONE });
  const own = member.getByTestId('admin-menu');
  await expect(own.getByRole('link', { name: 'پیشخوان' })).toBeVisible();
  await expect(own.getByRole('link', { name: 'گزارش تغییرات' })).toBeAttached();
  await expect(own.getByRole('link', { name: 'کارکنان' })).toHaveCount(0);
  await expect(own.getByRole('link', { name: 'تیکت‌های مشتریان' })).toHaveCount(0);
  await expectAxeClean(member);
  await member.screenshot({ path: testInfo.outputPath('admin-member-375.png'), fullPage: true });
  await member.goto('/admin/staff');
  await expect(member.getByTestId('admin-notice')).toContainText('نقش شما اجازهٔ استفاده از این بخش را نمی‌دهد');
  await expectAxeClean(member);
  // A customer is told plainly and no admin call is made.
  await admin.context().close();
  await member.context().close();
});
