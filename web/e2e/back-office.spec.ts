import { expect, test, type APIRequestContext } from '@playwright/test';
import { DESKTOP, PHONE, freshMobile, registerThroughApi, staffAdd, toPersian, signedIn, expectAccessibleAtBothWidths } from './support';

/**
 * A day in the back office (issue 23, "Done when"): the shop's owner makes a new admin with
 * `shop staff add … --role admin`; the admin adds a staff member with the orders role from the
 * browser. That member, on a phone, finds a paid order, prepares it, ships it with a tracking
 * code (the customer gets an SMS and sees the code on their invoice), and marks it delivered;
 * then, at desk width, refunds the order's duplicate payment (paid twice at the bank, in two
 * tabs), blocks another customer, and finds each of these in the audit log. axe-core checks
 * each admin page at 375 and 1280 px.
 */

test.use({ hasTouch: true });

type Json = Record<string, unknown>;

/** A customer's API calls, signed in with the test password. */
async function customerApi(request: APIRequestContext, mobile: string) {
  const login = (await (await request.post('/api/client/v1/user/login', { data: { mobile, password: 'Test123!' } })).json()) as { token: string };
  return async <T,>(path: string, data: unknown, key = false): Promise<T> => {
    const headers: Record<string, string> = { Authorization: `Bearer ${login.token}` };
    if (key) headers['Idempotency-Key'] = crypto.randomUUID();
    const r = await request.post(`/api/client/v1${path}`, { data, headers });
    const body = (await r.json()) as T;
    expect(r.ok(), `${path}: ${JSON.stringify(body)}`).toBeTruthy();
    return body;
  };
}

/** Pays `authority` at the sandbox bank and follows its callback; where the shop sent the customer. */
async function payAtBank(request: APIRequestContext, authority: string): Promise<string> {
  const paid = await request.post(`/api/client/v1/payment/sandbox/${authority}/pay`, { maxRedirects: 0 });
  const back = await request.get(paid.headers()['location'], { maxRedirects: 0 });
  return back.headers()['location'] ?? '';
}

/**
 * A customer orders one in-stock laptop and pays it twice: two bank tabs (two attempts), both
 * paid. The first pays the order; the second is owed back. The order's code.
 */
async function paidTwice(request: APIRequestContext, mobile: string): Promise<string> {
  await registerThroughApi(request, mobile, 'نیلوفر');
  const call = await customerApi(request, mobile);
  const list = (await (await request.get('/api/client/v1/catalog/search', { params: { q: 'لپ تاپ', in_stock: 'true', page: 1, size: 24 } })).json()) as { data: { Uid: string }[] };
  const product = (await (await request.get(`/api/client/v1/catalog/products/${list.data[0].Uid}`)).json()) as { data: { Id: number; Variants: { Id: number; InStock: boolean }[] } };
  const variant = product.data.Variants.find((v) => v.InStock)!;
  const address = await call<{ Id: number }>('/address/add', {
    name: 'نیلوفر آزمایشی', mobile, state: 'تهران', city: 'تهران', address: 'خیابان آزادی، کوچه ۱۲، پلاک ۴', postalcode: '1234567890',
  });
  const cart = await call<{ OrderId: number }>('/order/edit/product', { spid: product.data.Id, spiddetail: variant.Id, num: 1, orderid: 0, id: 0 });
  const summary = await call<{ DeliveryOptions: { Id: number }[] }>('/order/summary', { orderid: cart.OrderId, addressid: address.Id });
  const registered = await call<{ order: { Code: string } }>(
    '/order/register',
    { orderid: cart.OrderId, addressid: address.Id, deliveryid: summary.DeliveryOptions[0].Id, paymentmethod: 'full' },
    true,
  );
  const code = registered.order.Code;
  // Two tabs: the journeys' server answers every start with a new attempt (SHOP_PAYMENT_REUSE_MINUTES=0).
  const first = await call<{ authority: string }>('/payment/start', { code }, true);
  const second = await call<{ authority: string }>('/payment/start', { code }, true);
  expect(second.authority).not.toBe(first.authority);
  expect(await payAtBank(request, first.authority)).toContain(code);
  await payAtBank(request, second.authority);
  const result = await call<{ OrderStatus: string }>('/payment/result', { code });
  expect(result.OrderStatus).toBe('paid');
  return code;
}

test('a new admin adds a staff member who ships and delivers a paid order, refunds its duplicate payment, blocks a customer and finds it all in the audit log', async ({ browser, request }, testInfo) => {
  test.setTimeout(300_000);
  const buyer = freshMobile();
  const troublemaker = freshMobile();
  const adminMobile = freshMobile('38');
  const staffMobile = freshMobile('38');
  const code = await paidTwice(request, buyer);
  await registerThroughApi(request, troublemaker, 'مهتاب');
  await registerThroughApi(request, adminMobile, 'مدیر فروشگاه');

  // The owner makes the admin; the admin adds the staff member from the browser.
  expect(staffAdd(adminMobile, 'admin')).toContain('is staff: admin');
  const admin = await signedIn(browser, request, adminMobile, '/admin/staff', { viewport: DESKTOP });
  await expect(admin.getByTestId('staff-list')).toContainText(toPersian(adminMobile));
  await admin.getByLabel('شمارهٔ موبایل').fill(toPersian(staffMobile));
  await admin.getByLabel('سفارش‌ها و مالی').check();
  await admin.getByTestId('staff-save').click();
  await expect(admin.getByTestId('staff-list').getByRole('listitem').filter({ hasText: toPersian(staffMobile) }).first()).toContainText('سفارش‌ها و مالی');
  await expectAccessibleAtBothWidths(admin, '/admin/staff');

  // The staff member, on a phone: the paid order, found by its code.
  const staff = await signedIn(browser, request, staffMobile, '/admin/orders', { viewport: PHONE });
  await expect(staff.getByRole('heading', { name: 'سفارش‌ها' })).toBeVisible();
  await staff.getByLabel('کد سفارش، موبایل یا نام مشتری').fill(code);
  await staff.getByRole('form', { name: 'جستجو و فیلتر' }).getByRole('button', { name: 'جستجو' }).click();
  const row = staff.getByTestId('admin-order-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('order-status')).toHaveText('پرداخت‌شده');
  await expectAccessibleAtBothWidths(staff, '/admin/orders');
  await row.getByRole('link', { name: code }).click();
  const actions = staff.getByTestId('admin-order-actions');
  await actions.getByRole('button', { name: 'شروع آماده‌سازی' }).click();
  await expect(staff.getByTestId('order-status').first()).toHaveText('در حال آماده‌سازی');
  await actions.getByLabel('شرکت حمل').selectOption('پست');
  await actions.getByLabel('کد رهگیری').fill('rr123456789ir');
  await actions.getByTestId('ship-serials').getByRole('textbox').first().fill('5CD2026BO1');
  await actions.getByRole('button', { name: 'ثبت ارسال' }).click();
  await expect(staff.getByTestId('order-status').first()).toHaveText('ارسال‌شده');
  await expect(staff.getByTestId('admin-order-shipment')).toContainText('RR123456789IR');
  await expectAccessibleAtBothWidths(staff, `/admin/orders/${code} (shipped)`);
  await staff.screenshot({ path: testInfo.outputPath('order-shipped-375.png'), fullPage: true });

  // The customer gets the code by SMS and sees it on the invoice.
  const sms = (await (await request.get(`/api/dev/sms?mobile=${buyer}`)).json()) as { messages: { text: string }[] };
  expect(sms.messages.some((m) => m.text.includes('RR123456789IR') && m.text.includes(code))).toBe(true);
  const customer = await signedIn(browser, request, buyer, `/profile/factors/${code}`, { viewport: PHONE, how: 'password' });
  await expect(customer.getByTestId('invoice-tracking')).toContainText('RR123456789IR');

  await actions.getByRole('button', { name: 'تحویل شد' }).click();
  await expect(staff.getByTestId('order-status').first()).toHaveText('تحویل‌شده');

  // At desk width: the duplicate payment is in the refunds queue; staff record its refund.
  await staff.setViewportSize(DESKTOP);
  await staff.goto('/admin/refunds');
  const owed = staff.getByTestId('refund-item').filter({ hasText: code });
  await expect(owed).toHaveCount(1);
  await expect(owed).toContainText('سفارش پیش‌تر با پرداخت دیگری پرداخت شده بود');
  await expectAccessibleAtBothWidths(staff, '/admin/refunds');
  const paymentId = await owed.getAttribute('data-payment');
  await owed.getByTestId('refund-open').click();
  await owed.getByLabel('شمارهٔ پیگیری بانک').fill('TR-99001');
  await owed.getByTestId('refund-save').click();
  await expect(owed).toHaveCount(0);

  // Another customer is blocked, with a reason.
  await staff.goto(`/admin/customers?q=${troublemaker}`);
  await staff.getByTestId('customer-row').getByRole('link').click();
  await expect(staff.getByTestId('block-state')).toContainText('این حساب فعال است');
  await staff.getByLabel('دلیل').fill('سفارش‌های جعلی پی‌درپی');
  await staff.getByRole('button', { name: 'مسدود کردن' }).click();
  await expect(staff.getByTestId('block-state')).toContainText('این حساب مسدود است. دلیل: سفارش‌های جعلی پی‌درپی');
  await expectAccessibleAtBothWidths(staff, 'the blocked customer');

  // Each change is in the audit log, by this staff member.
  const audited = async (query: Json, action: string) => {
    await staff.goto(`/admin/audit?${new URLSearchParams(query as Record<string, string>).toString()}`);
    const entry = staff.getByTestId('audit-entry').filter({ hasText: action });
    await expect(entry.first()).toBeVisible();
    return entry;
  };
  for (const action of ['order.prepare', 'order.ship', 'order.deliver']) {
    await expect((await audited({ entity: 'order', id: code }, action)).first()).toContainText(toPersian(staffMobile));
  }
  await expect((await audited({ entity: 'payment', id: paymentId ?? '' }, 'payment.refund')).first()).toContainText('TR-99001');
  await expect((await audited({ entity: 'user' }, 'customer.block')).first()).toContainText('سفارش‌های جعلی پی‌درپی');
  await expect((await audited({ entity: 'user' }, 'staff.set_roles')).filter({ hasText: staffMobile }).first()).toContainText(toPersian(adminMobile));
  await expectAccessibleAtBothWidths(staff, '/admin/audit');
  await staff.screenshot({ path: testInfo.outputPath('audit-1280.png') });
});
