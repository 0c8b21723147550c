import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiCall, DESKTOP, freshMobile, loginDialog, PHONE, registerThroughApi, signInWithPassword, tokenOf, toman, staffAdd } from './support';

/**
 * Money in the back office: a customer pays an order after cancelling it (through the API and
 * the sandbox bank, the way the server tests make a refund owed), an orders staff member
 * (made with `shop staff add … --role orders`) records the refund in two parts from the
 * refunds queue, then builds a prepared order by searching a variant and copies its link.
 * axe-core checks each money page at 375 and 1280 px.
 */


type Hit = { variant_id: number; product_id: number; name: string; stock: number; price: number; price_garanti: number };

/** An order of one laptop, started at the sandbox bank, cancelled, then paid: the payment is owed back. Returns the order's code. */
async function paidAfterCancel(request: APIRequestContext, token: string, hit: Hit): Promise<string> {
  const cart = await apiCall<{ OrderId: number }>(request, '/api/client/v1/order/edit/product', token, { spid: hit.product_id, spiddetail: hit.variant_id, num: 1, orderid: 0, id: 0 });
  const address = await apiCall<{ Id: number }>(request, '/api/client/v1/address/add', token, {
    name: 'نگار آزمایشی', mobile: '۰۹۱۲۳۴۵۶۷۸۹', state: 'تهران', city: 'تهران', address: 'خیابان آزادی، کوچه ۱۲، پلاک ۴', postalcode: '۱۲۳۴۵۶۷۸۹۰',
  });
  const summary = await apiCall<{ DeliveryOptions: { Id: number }[] }>(request, '/api/client/v1/order/summary', token, { orderid: cart.OrderId, addressid: address.Id });
  const registered = await apiCall<{ status: string; order: { Code: string } }>(
    request,
    '/api/client/v1/order/register',
    token,
    { orderid: cart.OrderId, addressid: address.Id, deliveryid: summary.DeliveryOptions[0].Id, paymentmethod: 'full' },
    crypto.randomUUID(),
  );
  expect(registered.status).toBe('ok');
  const code = registered.order.Code;
  const started = await apiCall<{ authority: string }>(request, '/api/client/v1/payment/start', token, { code }, crypto.randomUUID());
  await apiCall(request, '/api/client/v1/order/cancel', token, { code });
  const paid = await request.post(`/api/client/v1/payment/sandbox/${started.authority}/pay`, { maxRedirects: 0 });
  expect(paid.status()).toBeLessThan(400);
  const back = await request.get(`/api/client/v1/payment/callback?Authority=${started.authority}&Status=OK`, { maxRedirects: 0 });
  expect(back.headers()['location']).toBe(`/error-payment?code=${code}`);
  return code;
}

async function staffPage(browser: Browser, mobile: string, path: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'fa-IR' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => undefined);
  const page = await context.newPage();
  await page.goto(path);
  if (!(await loginDialog(page).isVisible())) {
    await page.getByRole('main').getByRole('button', { name: 'ورود یا ثبت‌نام' }).click();
  }
  await expect(loginDialog(page)).toBeVisible();
  await signInWithPassword(page, mobile);
  return page;
}

async function expectNoViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('an orders staff member refunds a payment owed back and builds a prepared order link', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const customerMobile = freshMobile();
  const staffMobile = freshMobile();
  await registerThroughApi(request, customerMobile, 'نگار');
  await registerThroughApi(request, staffMobile, 'حسابدار');
  expect(staffAdd(staffMobile, 'orders')).toContain(`updated: ${staffMobile} is staff`);
  const staffToken = await tokenOf(request, staffMobile);
  const hits = (await apiCall<{ data: Hit[] }>(request, '/api/admin/v1/prepared/variants', staffToken, { q: 'لپ تاپ' })).data;
  const hit = hits.find((h) => h.stock >= 2);
  expect(hit, JSON.stringify(hits.slice(0, 3))).toBeTruthy();
  const code = await paidAfterCancel(request, await tokenOf(request, customerMobile), hit!);

  // The refunds queue, on a phone.
  const page = await staffPage(browser, staffMobile, '/admin/refunds', PHONE);
  const item = page.getByTestId('refund-item').filter({ hasText: code });
  await expect(item).toBeVisible();
  await expect(item).toContainText('سفارش لغو شده است');
  const owed = toman((await item.getByTestId('refund-remaining').textContent()) ?? '');
  expect(owed).toBeGreaterThan(0);
  await expectNoViolations(page, 'refunds 375');

  // Above what is owed: the server's Persian refusal under the amount.
  await item.getByTestId('refund-open').click();
  const form = item.getByTestId('refund-form');
  await form.getByLabel('مبلغ (تومان)').fill(String(owed + 1));
  await form.getByLabel('شمارهٔ پیگیری بانک').fill('<b>1</b>');
  await form.getByTestId('refund-save').click();
  await expect(form).toContainText('شمارهٔ پیگیری بانک باید');
  await form.getByLabel('شمارهٔ پیگیری بانک').fill('TR-5521');
  await form.getByTestId('refund-save').click();
  await expect(form).toContainText('بیشتر است');
  await expectNoViolations(page, 'refund form 375');
  // A first part, then the rest: the payment leaves the queue.
  await form.getByLabel('مبلغ (تومان)').fill('۱۰۰٬۰۰۰');
  await form.getByTestId('refund-save').click();
  await expect.poll(async () => toman((await item.getByTestId('refund-remaining').textContent()) ?? '')).toBe(owed - 100_000);
  await item.getByTestId('refund-open').click();
  await item.getByLabel('شمارهٔ پیگیری بانک').fill('TR-5522');
  await item.getByTestId('refund-save').click();
  await expect(item).toHaveCount(0);

  // The other money pages at both widths.
  for (const path of ['/admin/payments', '/admin/instalments']) {
    await page.goto(path);
    await expect(page.locator('#page-title')).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoViolations(page, `${path} 375`);
  }

  // A prepared order, on a desktop (the same signed-in tab, widened).
  const desk = page;
  await desk.setViewportSize(DESKTOP);
  await desk.goto('/admin/prepared-orders');
  await expect(desk.getByRole('textbox', { name: 'جستجوی کالا' })).toBeVisible();
  await expectNoViolations(desk, 'prepared 1280 (empty form)');
  await desk.getByRole('textbox', { name: 'جستجوی کالا' }).fill(String(hit!.variant_id));
  await desk.getByTestId('variant-find').click();
  const found = desk.getByTestId('variant-hit').first();
  await expect(found).toContainText(hit!.name);
  await found.getByTestId('variant-add').click();
  await desk.getByTestId('line-quantity').fill('2');
  await desk.getByLabel('فقط برای این شماره (اختیاری)').fill(customerMobile);
  await desk.getByTestId('prepared-create').click();
  const link = desk.getByTestId('prepared-link');
  await expect(link).toHaveValue(/\/order\/[0-9A-Z]{20}$/);
  await desk.getByTestId('prepared-copy').click();
  await expect(desk.getByTestId('copy-status')).toHaveText(/لینک کپی شد|کپی خودکار ممکن نشد/);
  const copied = await desk.evaluate(() => navigator.clipboard.readText().catch(() => ''));
  if (copied) expect(copied).toBe(await link.inputValue());
  const listed = desk.getByTestId('prepared-item').first();
  await expect(listed).toHaveAttribute('data-state', 'open');
  await expect(listed).toContainText('باز');
  await expectNoViolations(desk, 'prepared 1280');
  for (const path of ['/admin/refunds', '/admin/payments', '/admin/instalments']) {
    await desk.goto(path);
    await expect(desk.locator('#page-title')).toBeVisible();
    await expect(desk.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoViolations(desk, `${path} 1280`);
  }
  await page.setViewportSize(PHONE);
  await page.goto('/admin/prepared-orders');
  await expect(page.getByTestId('prepared-item').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoViolations(page, 'prepared 375');
});
