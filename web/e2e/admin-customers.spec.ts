import { expect, test } from '@playwright/test';
import { freshMobile, PHONE, registerThroughApi, toPersian, staffAdd, signedIn, expectAccessibleAtBothWidths } from './support';

/**
 * Customers in the back office: a staff member with the `orders` role (made with `shop staff
 * add`, as a shop owner does) finds a customer by mobile number, opens their page and blocks
 * them with a reason; the customer's open browser is signed out on its next call; the block is
 * in the audit log; the dashboard shows its chart. axe-core at 375 and 1280 px on each page.
 */

test.setTimeout(300_000);


test('staff find a customer by mobile, block them with a reason, see it in the audit log and open the dashboard', async ({ browser, request }) => {
  const customerMobile = freshMobile();
  const staffMobile = freshMobile();
  await registerThroughApi(request, customerMobile, 'مهتاب', 'تهران');
  await registerThroughApi(request, staffMobile, 'کارمند فروش');
  staffAdd(staffMobile, 'orders');

  // The customer, signed in on a phone.
  const customer = await signedIn(browser, request, customerMobile, '/profile/tickets', { viewport: PHONE, how: 'password' });
  await expect(customer.getByTestId('sign-in-required')).toHaveCount(0);

  // Staff search by the number, typed in Persian digits.
  const staff = await signedIn(browser, request, staffMobile, '/admin/customers', { how: 'password' });
  await expect(staff.getByRole('heading', { level: 1, name: 'مشتریان' })).toBeVisible();
  await staff.getByLabel('موبایل، نام یا ایمیل').fill(toPersian(customerMobile));
  await staff.getByRole('search', { name: 'جستجوی مشتری' }).getByRole('button', { name: 'جستجو' }).click();
  await expect(staff).toHaveURL(new RegExp(`/admin/customers\\?q=`));
  const rows = staff.getByTestId('customer-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(toPersian(customerMobile));
  await expectAccessibleAtBothWidths(staff, 'the customers list');

  // Their page: profile, orders, and the block form.
  await rows.first().getByRole('link').click();
  await expect(staff.getByRole('heading', { level: 1 })).toContainText('مهتاب');
  await expect(staff.getByTestId('block-state')).toContainText('این حساب فعال است');
  await expectAccessibleAtBothWidths(staff, 'the customer page');
  // A block without a reason is refused in Persian and changes nothing.
  await staff.getByRole('button', { name: 'مسدود کردن' }).click();
  await expect(staff.getByText('دلیل را بنویسید.')).toBeVisible();
  await staff.getByLabel('دلیل').fill('ثبت سفارش‌های جعلی پی‌درپی');
  await staff.getByRole('button', { name: 'مسدود کردن' }).click();
  await expect(staff.getByTestId('block-state')).toContainText('این حساب مسدود است. دلیل: ثبت سفارش‌های جعلی پی‌درپی');
  await expect(staff.getByRole('button', { name: 'رفع مسدودی' })).toBeVisible();
  await expectAccessibleAtBothWidths(staff, 'the blocked customer page');

  // The customer's browser is signed out on its next call.
  await customer.goto('/profile/tickets');
  await expect(customer.getByTestId('sign-in-required')).toBeVisible();

  // The audit log has the block, with the reason.
  await staff.goto('/admin/audit?entity=user');
  const entry = staff.getByTestId('audit-entry').filter({ hasText: 'customer.block' }).first();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('ثبت سفارش‌های جعلی پی‌درپی');
  await expect(entry).toContainText(toPersian(staffMobile));
  await expectAccessibleAtBothWidths(staff, 'the audit log');

  // The dashboard, with its chart drawn by chart.js in its own chunk.
  const chartChunk = staff.waitForResponse((r) => /\/assets\/SalesChart-[^/]+\.js$/.test(r.url()));
  await staff.goto('/admin');
  await chartChunk;
  await expect(staff.getByTestId('today-orders')).toBeVisible();
  await expect(staff.getByTestId('sales-chart').locator('canvas')).toBeVisible();
  await expect(staff.getByTestId('dashboard-links').getByRole('link', { name: 'مشتریان' })).toBeVisible();
  await expectAccessibleAtBothWidths(staff, 'the dashboard');
});
