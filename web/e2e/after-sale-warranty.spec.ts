import { expect, test, type APIRequestContext } from '@playwright/test';
import { DESKTOP, PHONE, freshMobile, registerThroughApi, staffAdd, signedIn, expectAccessibleAtBothWidths, tokenOf, apiCall } from './support';

/**
 * After the sale (issue 26, items 4 and 5), at 375 and at 1280 px: a customer buys a laptop
 * (paid in the sandbox bank) and asks for an official invoice on the invoice page (a national
 * ID with a wrong check digit is refused under its field, one in Persian digits is accepted);
 * staff ship it with a tracking code and one serial per unit (a serial with markup is refused);
 * the customer sees the unit's serial and its warranty's Jalali end day, opens a warranty
 * claim, a support staff member moves it to the repair shop in /admin/warranty, and the
 * customer sees the new state. The printed invoice carries the buyer («صورتحساب رسمی»).
 */

test.use({ hasTouch: true });

/** A customer pays for one in-stock demo laptop through the API and the sandbox bank; the order's code. */
async function buy(request: APIRequestContext, mobile: string): Promise<string> {
  await registerThroughApi(request, mobile, 'سارا');
  const token = await tokenOf(request, mobile);
  const call = <T,>(path: string, data: unknown, key?: string) => apiCall<T>(request, `/api/client/v1${path}`, token, data, key);
  const list = (await (await request.get('/api/client/v1/catalog/search', { params: { q: 'لپ تاپ', in_stock: 'true', page: 1, size: 24 } })).json()) as { data: { Uid: string }[] };
  const product = (await (await request.get(`/api/client/v1/catalog/products/${list.data[0].Uid}`)).json()) as {
    data: { Id: number; Variants: { Id: number; InStock: boolean; NameGaranti: string }[] };
  };
  // A variant sold with a warranty (the demo's «بدون گارانتی» has none).
  const variant = product.data.Variants.find((v) => v.InStock && v.NameGaranti !== 'بدون گارانتی') ?? product.data.Variants.find((v) => v.InStock)!;
  const address = await call<{ Id: number }>('/address/add', {
    name: 'سارا آزمایشی', mobile, state: 'تهران', city: 'تهران', address: 'خیابان آزادی، کوچه ۱۲، پلاک ۴', postalcode: '1234567890',
  });
  const cart = await call<{ OrderId: number }>('/order/edit/product', { spid: product.data.Id, spiddetail: variant.Id, num: 1, orderid: 0, id: 0 });
  const summary = await call<{ DeliveryOptions: { Id: number }[] }>('/order/summary', { orderid: cart.OrderId, addressid: address.Id });
  const registered = await call<{ order: { Code: string } }>(
    '/order/register',
    { orderid: cart.OrderId, addressid: address.Id, deliveryid: summary.DeliveryOptions[0].Id, paymentmethod: 'full' },
    crypto.randomUUID(),
  );
  const code = registered.order.Code;
  const started = await call<{ authority: string }>('/payment/start', { code }, crypto.randomUUID());
  const paid = await request.post(`/api/client/v1/payment/sandbox/${started.authority}/pay`, { maxRedirects: 0 });
  await request.get(paid.headers()['location'], { maxRedirects: 0 });
  const result = await call<{ OrderStatus: string }>('/payment/result', { code });
  expect(result.OrderStatus).toBe('paid');
  return code;
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`at ${viewport.width} px: official invoice, serials at shipping, the warranty end day and a warranty claim moved by staff`, async ({ browser, request }) => {
    test.setTimeout(240_000);
    const customerMobile = freshMobile();
    const code = await buy(request, customerMobile);

    // The official invoice, asked for on the invoice page before the parcel leaves.
    const customer = await signedIn(browser, request, customerMobile, `/profile/factors/${code}`, { viewport });
    const official = customer.getByTestId('official-invoice');
    await official.getByRole('button', { name: 'درخواست صورتحساب رسمی' }).click();
    const form = customer.getByRole('form', { name: 'درخواست صورتحساب رسمی' });
    await form.getByLabel('نام خریدار').fill('سارا آزمایشی');
    await form.getByLabel('کد ملی').fill('۰۰۱۳۵۴۲۴۱۸');
    await form.getByLabel('کد پستی').fill('۱۲۳۴۵-۶۷۸۹۰');
    await form.getByRole('button', { name: 'ثبت مشخصات' }).click();
    await expect(form.getByText('کد ملی وارد شده معتبر نیست!')).toBeVisible();
    await form.getByLabel('کد ملی').fill('۰۰۱۳۵۴۲۴۱۹');
    await form.getByRole('button', { name: 'ثبت مشخصات' }).click();
    const buyer = customer.getByTestId('official-invoice-buyer');
    await expect(buyer).toContainText('سارا آزمایشی');
    await expect(buyer).toContainText('۰۰۱۳۵۴۲۴۱۹');
    await expect(official.getByRole('heading', { name: 'صورتحساب رسمی' })).toBeVisible();

    // Staff prepare and ship with a tracking code and the unit's serial.
    const ordersStaff = freshMobile('38');
    expect(staffAdd(ordersStaff, 'orders')).toContain(ordersStaff);
    const staff = await signedIn(browser, request, ordersStaff, `/admin/orders/${code}`, { viewport });
    const actions = staff.getByTestId('admin-order-actions');
    await actions.getByRole('button', { name: 'شروع آماده‌سازی' }).click();
    await expect(staff.getByTestId('order-status').first()).toHaveText('در حال آماده‌سازی');
    await actions.getByLabel('شرکت حمل').selectOption('پست');
    await actions.getByLabel('کد رهگیری').fill('RR123456789IR');
    const serial = actions.getByTestId('ship-serials').getByRole('textbox').first();
    await serial.fill('<b>5CD1</b>');
    await actions.getByRole('button', { name: 'ثبت ارسال' }).click();
    await expect(actions.getByText('شماره سریال نباید نشانه‌گذاری HTML (مانند < و >) داشته باشد')).toBeVisible();
    // Persian digits and lower case are read as the label prints them; the order's code keeps
    // the serial unique on the shared server.
    await serial.fill(`5cd-۲۰۲۶-${code.toLowerCase()}`);
    await actions.getByRole('button', { name: 'ثبت ارسال' }).click();
    await expect(staff.getByTestId('order-status').first()).toHaveText('ارسال‌شده');
    await expect(staff.getByTestId('admin-line-serials')).toContainText(`5CD-2026-${code}`);
    await expectAccessibleAtBothWidths(staff, `/admin/orders/${code} (shipped with serials)`);

    // The customer sees the serial and the warranty's Jalali end day.
    await customer.reload();
    const unit = customer.getByTestId('warranty-unit');
    await expect(unit.getByTestId('warranty-serial')).toHaveText(`5CD-2026-${code}`);
    const units = await apiCall<{ data: { end: string }[] }>(request, '/api/client/v1/warranty/units', await tokenOf(request, customerMobile), { code });
    expect(units.data[0].end).toMatch(/^[۰-۹]+ [آ-ی]+ ۱۴[۰-۹]{2}$/);
    await expect(unit.getByTestId('warranty-end')).toHaveText(units.data[0].end);
    await expectAccessibleAtBothWidths(customer, `/profile/factors/${code} (warranty)`);

    // A warranty claim on the unit.
    await unit.getByRole('button', { name: 'ثبت درخواست گارانتی' }).click();
    const claim = customer.getByRole('form', { name: 'ثبت درخواست گارانتی' });
    await claim.getByRole('button', { name: 'ثبت درخواست' }).click();
    await expect(claim.getByText('لطفا متن پیام را وارد کنید')).toBeVisible();
    await claim.getByLabel('شرح ایراد').fill('صفحه‌کلید پس از یک هفته کار نمی‌کند');
    await claim.getByRole('button', { name: 'ثبت درخواست' }).click();
    await expect(unit.getByTestId('warranty-claim-state')).toContainText('دریافت شد');

    // A support staff member sends it to the repair shop.
    const supportStaff = freshMobile('38');
    expect(staffAdd(supportStaff, 'support')).toContain(supportStaff);
    const support = await signedIn(browser, request, supportStaff, '/admin/warranty', { viewport });
    const row = support.getByTestId('staff-claim').filter({ hasText: `5CD-2026-${code}` });
    await expect(row.getByTestId('staff-claim-status')).toHaveText('دریافت شد');
    await expectAccessibleAtBothWidths(support, '/admin/warranty');
    await row.getByRole('button', { name: 'ارسال به تعمیرگاه' }).click();
    await expect(row.getByTestId('staff-claim-status')).toHaveText('در تعمیرگاه');

    await customer.reload();
    await expect(customer.getByTestId('warranty-claim-state')).toContainText('در تعمیرگاه');
    const sms = (await (await request.get(`/api/dev/sms?mobile=${customerMobile}`)).json()) as { messages: { text: string }[] };
    expect(sms.messages.some((m) => m.text.includes('به تعمیرگاه گارانتی رسید'))).toBe(true);

    // On paper the invoice carries the buyer; the forms stay off it.
    await customer.emulateMedia({ media: 'print' });
    await expect(customer.getByTestId('official-invoice-buyer')).toBeVisible();
    await expect(customer.getByRole('button', { name: 'ویرایش مشخصات صورتحساب رسمی' })).toBeHidden();
  });
}
