import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiCall, DESKTOP, expectAccessibleAtBothWidths, freshMobile, PHONE, registerThroughApi, signedIn, staffAdd, toPersian, tokenOf } from './support';

/**
 * Delivery slots (issue 27 item 5): staff add a slot for Tehran in the back office; a customer
 * checks out picking it in the checkout's radio group; the invoice and its tracking panel show
 * it. Each page passes axe-core at 375 and 1280 px.
 */

/** Tomorrow's Jalali date in Tehran, `[year, month, day]`. */
function tomorrowInTehran(): [number, number, number] {
  const parts = new Intl.DateTimeFormat('en-US-u-ca-persian-nu-latn', { timeZone: 'Asia/Tehran', year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(new Date(Date.now() + 86_400_000));
  const part = (t: string) => Number(parts.find((p) => p.type === t)!.value.replace(/[^0-9]/g, ''));
  return [part('year'), part('month'), part('day')];
}

/** A customer with a Tehran address and one in-stock laptop in the cart (through the API). */
async function customerWithCart(request: APIRequestContext, mobile: string) {
  await registerThroughApi(request, mobile, 'پریسا');
  const token = await tokenOf(request, mobile);
  const list = (await (await request.get('/api/client/v1/catalog/search', { params: { q: 'لپ تاپ', in_stock: 'true', page: 1, size: 24 } })).json()) as { data: { Uid: string }[] };
  const product = (await (await request.get(`/api/client/v1/catalog/products/${list.data[0].Uid}`)).json()) as { data: { Id: number; Variants: { Id: number; InStock: boolean }[] } };
  const variant = product.data.Variants.find((v) => v.InStock)!;
  await apiCall(request, '/api/client/v1/address/add', token, { name: 'پریسا آزمایشی', mobile, state: 'تهران', city: 'تهران', address: 'خیابان انقلاب، کوچه ۷، پلاک ۳', postalcode: '1234567890' });
  await apiCall(request, '/api/client/v1/order/edit/product', token, { spid: product.data.Id, spiddetail: variant.Id, num: 1, orderid: 0, id: 0 });
}

test('staff add a Tehran slot; a customer checks out picking it; the invoice and tracking show it', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const [y, m, d] = tomorrowInTehran();
  const day = toPersian(`${y}/${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}`);

  // The back office: a slot 10–13 tomorrow with 5 places.
  const staff = freshMobile('38');
  await registerThroughApi(request, staff, 'مدیر ارسال');
  staffAdd(staff, 'orders');
  const admin = await signedIn(browser, request, staff, '/admin/settings/delivery-slots', { viewport: DESKTOP });
  const form = admin.getByTestId('slot-form');
  await expect(form).toBeVisible();
  // A bad form first: the core's messages, nothing sent.
  await form.getByLabel('روز', { exact: true }).fill(day);
  await form.getByLabel('شروع بازه', { exact: true }).fill('۱۳');
  await form.getByLabel('پایان بازه', { exact: true }).fill('۱۰');
  await form.getByLabel('ظرفیت (تعداد سفارش)', { exact: true }).fill('۰');
  await admin.getByTestId('slot-save').click();
  await expect(form).toContainText('پایان بازه باید بعد از شروع آن باشد');
  await expect(form).toContainText('ظرفیت باید عددی از ۱ تا ۱۰۰۰۰ باشد');
  await form.getByLabel('شروع بازه', { exact: true }).fill('۱۰');
  await form.getByLabel('پایان بازه', { exact: true }).fill('۱۳');
  await form.getByLabel('ظرفیت (تعداد سفارش)', { exact: true }).fill('۵');
  await admin.getByTestId('slot-save').click();
  const row = admin.getByTestId('slot-list').getByText(/ساعت ۱۰ تا ۱۳/);
  await expect(row).toBeVisible();
  const label = ((await row.textContent()) ?? '').trim();
  await expectAccessibleAtBothWidths(admin, 'the delivery slots page');
  await admin.screenshot({ path: test.info().outputPath('slots-admin-1280.png'), fullPage: true });

  // The customer picks it at checkout (phone size).
  const mobile = freshMobile();
  await customerWithCart(request, mobile);
  const page = await signedIn(browser, request, mobile, '/profile/cart/order-register', { viewport: PHONE });
  const slots = page.getByTestId('delivery-slots');
  await expect(slots).toBeVisible();
  await expect(slots.getByRole('radio', { name: /هر زمان/ })).toBeChecked();
  await slots.getByRole('radio', { name: new RegExp(label) }).check();
  await expect(slots.getByText('۵ جای خالی').first()).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'checkout with delivery slots', PHONE);
  await page.screenshot({ path: test.info().outputPath('slots-checkout-375.png'), fullPage: true });
  await page.getByRole('button', { name: 'پرداخت', exact: true }).click();
  // Registered, off to the (sandbox) bank: the order is the customer's newest.
  await expect(page).toHaveURL(/\/payment\/sandbox\//);
  const orders = await apiCall<{ data: { Code: string }[] }>(request, '/api/client/v1/order/list', await tokenOf(request, mobile), {});
  const code = orders.data[0].Code;

  // The invoice and its tracking panel show the slot.
  await page.goto(`/profile/factors/${code}`);
  await expect(page.getByTestId('invoice-slot')).toContainText(label);
  await expect(page.getByTestId('tracking-slot')).toContainText(label);
  await expectAccessibleAtBothWidths(page, 'the invoice with its slot', PHONE);
  await page.screenshot({ path: test.info().outputPath('slots-invoice-375.png'), fullPage: true });
});
