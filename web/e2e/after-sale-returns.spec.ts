import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DESKTOP, PHONE, freshMobile, buyAndPay, staffAdd, signedIn } from './support';

/**
 * After the sale (issue 26, items 1–3), at phone and desktop width: a customer buys and pays in
 * the sandbox bank; staff prepare and ship it with a tracking code; the customer's order page
 * shows the tracking with the carrier's link; staff mark it delivered; the customer asks to
 * return one line with a photo; staff approve, receive and refund it in /admin/returns; the
 * customer sees «بازپرداخت‌شده». Second flow: a paid order cancelled before preparing lands in
 * the refunds queue.
 */

test.use({ hasTouch: true });

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');


async function staffPage(browser: import('@playwright/test').Browser, request: APIRequestContext, path: string, viewport: { width: number; height: number }): Promise<Page> {
  const m = freshMobile('38');
  expect(staffAdd(m, 'orders')).toContain(m);
  return signedIn(browser, request, m, path, { viewport });
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`tracking, a return asked, approved and refunded (${viewport.width} px)`, async ({ browser, request }) => {
    test.setTimeout(240_000);
    const mobile = freshMobile();
    const code = await buyAndPay(request, mobile);
    const staff = await staffPage(browser, request, `/admin/orders/${code}`, viewport);
    const actions = staff.getByTestId('admin-order-actions');
    await actions.getByRole('button', { name: 'شروع آماده‌سازی' }).click();
    await expect(staff.getByTestId('order-status').first()).toHaveText('در حال آماده‌سازی');
    await actions.getByLabel('شرکت حمل').selectOption('پست');
    await actions.getByLabel('کد رهگیری').fill('RR123456789IR');
    // One serial per unit (the warranty runs on it).
    await actions.getByTestId('ship-serials').getByRole('textbox').first().fill(`5CD${code}`);
    await actions.getByRole('button', { name: 'ثبت ارسال' }).click();
    await expect(staff.getByTestId('order-status').first()).toHaveText('ارسال‌شده');

    // The customer follows the parcel: each step with its Jalali date, the carrier's link.
    const customer = await signedIn(browser, request, mobile, `/profile/factors/${code}`, { viewport });
    const steps = customer.getByTestId('tracking-steps');
    await expect(steps.locator('[data-status="shipped"]')).toHaveAttribute('data-reached', 'true');
    await expect(steps.locator('[data-status="paid"]').getByTestId('step-time')).toHaveText(/^[۰-۹]{4}\/[۰-۹]{2}\/[۰-۹]{2} [۰-۹]{2}:[۰-۹]{2}$/);
    await expect(customer.getByTestId('tracking-link')).toHaveAttribute('href', 'https://tracking.post.ir/?id=RR123456789IR');
    await expect(customer.getByTestId('cancel-order')).toHaveCount(0);

    await actions.getByRole('button', { name: 'تحویل شد' }).click();
    await expect(staff.getByTestId('order-status').first()).toHaveText('تحویل‌شده');

    // The customer asks to return the line, with a photo.
    await customer.reload();
    await customer.getByTestId('ask-return').click();
    const form = customer.getByTestId('return-form');
    await form.getByTestId('return-qty').first().selectOption('1');
    await form.getByLabel('دلیل مرجوعی').selectOption('defective');
    await form.getByLabel('توضیحات').fill('صفحه نمایش خط دارد');
    await form.getByTestId('return-photos').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG });
    await form.getByTestId('return-submit').click();
    await expect(customer.getByTestId('return-item').getByTestId('return-status')).toHaveText('درخواست‌شده');

    // Staff approve, receive and refund it.
    await staff.goto('/admin/returns');
    const row = staff.getByTestId('admin-return').filter({ hasText: code }).first();
    await row.getByTestId('return-approve').click();
    await expect(row.getByTestId('admin-return-status')).toHaveText('تأییدشده');
    await row.getByTestId('return-receive').click();
    await expect(row.getByTestId('admin-return-status')).toHaveText('دریافت‌شده');
    await row.getByTestId('return-refund').click();
    await row.getByLabel('شمارهٔ پیگیری بانک').fill('987654');
    await row.getByTestId('return-action-save').click();
    await expect(row.getByTestId('admin-return-status')).toHaveText('بازپرداخت‌شده');

    await customer.reload();
    await expect(customer.getByTestId('return-item').getByTestId('return-status')).toHaveText('بازپرداخت‌شده');
    const sms = (await (await request.get(`/api/dev/sms?mobile=${mobile}`)).json()) as { messages: { text: string }[] };
    expect(sms.messages.some((m) => m.text.includes('مرجوعی') && m.text.includes(code))).toBe(true);
  });

  test(`a paid order cancelled before preparing goes into the refunds queue (${viewport.width} px)`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    const mobile = freshMobile();
    const code = await buyAndPay(request, mobile);
    const customer = await signedIn(browser, request, mobile, `/profile/factors/${code}`, { viewport });
    customer.on('dialog', (d) => void d.accept());
    await customer.getByTestId('cancel-order').click();
    await expect(customer.getByTestId('refund-state')).toHaveAttribute('data-state', 'owed');
    await expect(customer.getByTestId('tracking-steps').locator('[data-status="cancelled"]')).toBeVisible();

    const staff = await staffPage(browser, request, '/admin/refunds', viewport);
    await expect(staff.getByTestId('refund-item').filter({ hasText: code })).toHaveCount(1);
  });
}
