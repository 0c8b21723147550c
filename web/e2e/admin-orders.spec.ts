import { expect, test } from '@playwright/test';
import { PHONE, freshMobile, buyAndPay, staffAdd, signedIn, expectAccessibleAtBothWidths } from './support';

/**
 * The back office's orders (issue 23, item 2): a customer buys a laptop (paid in the sandbox
 * bank), an orders staff member finds the order by its code in /admin/orders, prepares it, ships
 * it with a carrier and a tracking code, the customer's order page shows the code, and staff mark
 * it delivered. axe-core finds nothing on the staff pages at phone and desktop width.
 */

test.use({ hasTouch: true });



test('an orders staff member finds a paid order, prepares, ships and delivers it; the customer sees the tracking code', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const customerMobile = freshMobile();
  const code = await buyAndPay(request, customerMobile);
  const staffMobile = freshMobile('38');
  expect(staffAdd(staffMobile, 'orders')).toContain(staffMobile);

  const staff = await signedIn(browser, request, staffMobile, '/admin/orders');
  await expect(staff.getByRole('heading', { name: 'سفارش‌ها' })).toBeVisible();
  await expect(staff.getByTestId('admin-order-row').first()).toBeVisible();
  await expectAccessibleAtBothWidths(staff, '/admin/orders');

  // Found by its code, typed in lower case; the search lives in the URL.
  await staff.getByLabel('کد سفارش، موبایل یا نام مشتری').fill(code.toLowerCase());
  await staff.getByRole('form', { name: 'جستجو و فیلتر' }).getByRole('button', { name: 'جستجو' }).click();
  await expect(staff).toHaveURL(new RegExp(`q=${code.toLowerCase()}`));
  const row = staff.getByTestId('admin-order-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('order-status')).toHaveText('پرداخت‌شده');
  await row.getByRole('link', { name: code }).click();
  await expect(staff).toHaveURL(new RegExp(`/admin/orders/${code}$`));
  const actions = staff.getByTestId('admin-order-actions');
  await expect(actions.getByRole('button', { name: 'شروع آماده‌سازی' })).toBeVisible();
  await expect(staff.getByTestId('admin-order-payments')).toContainText('شماره پیگیری بانک');
  await expectAccessibleAtBothWidths(staff, `/admin/orders/${code}`);

  await actions.getByRole('button', { name: 'شروع آماده‌سازی' }).click();
  await expect(staff.getByTestId('order-status').first()).toHaveText('در حال آماده‌سازی');
  // Markup in the tracking code is refused in Persian under the field; nothing moves.
  await actions.getByLabel('شرکت حمل').selectOption('تیپاکس');
  // One serial per unit (the warranty runs on it).
  await actions.getByTestId('ship-serials').getByRole('textbox').first().fill('5CD2026AO1');
  await actions.getByLabel('کد رهگیری').fill('<b>123</b>');
  await actions.getByRole('button', { name: 'ثبت ارسال' }).click();
  await expect(actions.getByText('کد رهگیری فقط می‌تواند حرف انگلیسی، رقم و خط تیره داشته باشد')).toBeVisible();
  await actions.getByLabel('کد رهگیری').fill('TPX-2026-000123');
  await actions.getByRole('button', { name: 'ثبت ارسال' }).click();
  await expect(staff.getByTestId('order-status').first()).toHaveText('ارسال‌شده');
  await expect(staff.getByTestId('admin-order-shipment')).toContainText('TPX-2026-000123');
  await expect(staff.getByTestId('admin-order-timeline')).toContainText('کارمند');
  await expectAccessibleAtBothWidths(staff, `/admin/orders/${code} (shipped)`);

  // The customer sees the carrier and the code, on a phone.
  const customer = await signedIn(browser, request, customerMobile, `/profile/factors/${code}`, { viewport: PHONE });
  await expect(customer.getByTestId('invoice-tracking')).toContainText('TPX-2026-000123');
  await expect(customer.getByText('شرکت حمل: تیپاکس')).toBeVisible();
  const sms = (await (await request.get(`/api/dev/sms?mobile=${customerMobile}`)).json()) as { messages: { text: string }[] };
  expect(sms.messages.some((m) => m.text.includes('TPX-2026-000123'))).toBe(true);

  await actions.getByRole('button', { name: 'تحویل شد' }).click();
  await expect(staff.getByTestId('order-status').first()).toHaveText('تحویل‌شده');
  await expect(actions).toContainText('در این وضعیت تغییری ممکن نیست.');
});
