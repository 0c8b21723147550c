import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, freshMobile, loginDialog, PHONE, registerThroughApi, signInWithCode, staffAdd, toPersian } from './support';

/**
 * Live chat with two browsers against the real server: a customer at phone size writes, a staff
 * member at desktop size answers from the inbox, and the answer appears without a reload; then
 * the customer's connection is cut, both sides write, and everything arrives once when it
 * comes back.
 */

test.setTimeout(120_000);


async function openLogin(page: Page) {
  await page.getByRole('button', { name: 'ورود | ثبت‌نام' }).first().tap();
  await expect(loginDialog(page)).toBeVisible();
}

async function write(page: Page, text: string) {
  const input = page.getByLabel('متن پیام');
  await input.fill(text);
  await page.getByTestId('chat-send').tap();
}

test('a signed-out shopper who taps chat gets the login popup with redirectTo stored', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: PHONE, hasTouch: true });
  const page = await ctx.newPage();
  await page.goto('/');
  await page.getByTestId('bottom-bar').getByRole('button', { name: 'گفتگو' }).tap();
  await expect(loginDialog(page)).toBeVisible();
  await expect(page).toHaveURL(/\?redirectTo=%2Fprofile%2Fmessages$/);
  await ctx.close();
});

test('customer and staff chat live, and again after the customer connection is cut', async ({ browser, request }) => {
  const staffMobile = freshMobile();
  await registerThroughApi(request, staffMobile, 'پشتیبان');
  staffAdd(staffMobile, 'support');
  const customerMobile = freshMobile();
  await registerThroughApi(request, customerMobile, 'نگار');

  // The customer, at phone size, signs in from the chat item and lands on the chat.
  const cctx = await browser.newContext({ viewport: PHONE, hasTouch: true });
  const customer = await cctx.newPage();
  await customer.goto('/');
  await customer.getByTestId('bottom-bar').getByRole('button', { name: 'گفتگو' }).tap();
  await signInWithCode(customer, request, customerMobile);
  await expect(customer).toHaveURL(/\/profile\/messages$/);
  await expect(customer.getByTestId('chat-status')).toHaveAttribute('data-status', 'open');
  await expect(customer.getByText('هنوز پیامی رد و بدل نشده است. اولین پیام را بنویسید.')).toBeVisible();

  await write(customer, '<script>alert(1)</script> این لپ‌تاپ گارانتی دارد؟');
  await expect(customer.getByTestId('chat-message')).toHaveCount(1);
  await expect(customer.getByTestId('chat-message').first()).toContainText('<script>alert(1)</script>');
  // A 5,000-character word wraps inside its bubble: the page does not scroll sideways at 375 px.
  await write(customer, 'ب'.repeat(5000));
  await expect(customer.getByTestId('chat-message')).toHaveCount(2);
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await customer.screenshot({ path: 'test-results/chat-customer-375.png' });

  // Staff, at desktop size, open the inbox and answer.
  const sctx = await browser.newContext({ viewport: DESKTOP, hasTouch: true });
  const staff = await sctx.newPage();
  await staff.goto('/');
  await openLogin(staff);
  await signInWithCode(staff, request, staffMobile);
  await staff.getByRole('button', { name: 'گفتگوهای مشتریان' }).click();
  await expect(staff).toHaveURL(/\/admin\/chats$/);
  // By the customer's mobile: a name alone can repeat across runs on one database.
  const item = staff.getByTestId('chat-inbox-item').filter({ hasText: toPersian(customerMobile) });
  await expect(item).toBeVisible();
  await expect(item.getByTestId('chat-inbox-unread')).toBeVisible();
  await item.click();
  await expect(staff.getByTestId('chat-message')).toHaveCount(2);
  await write(staff, 'بله، ۱۸ ماه گارانتی دارد.');
  await staff.screenshot({ path: 'test-results/chat-staff-1280.png' });

  // The answer appears for the customer without a reload, and is marked read on screen.
  await expect(customer.getByText('بله، ۱۸ ماه گارانتی دارد.')).toBeVisible();
  await expect(staff.getByTestId('chat-delivery').last()).toHaveAttribute('data-state', 'read');

  // Cut the customer's connection: what they write waits; what staff write waits for them.
  await cctx.setOffline(true);
  await expect(customer.getByTestId('chat-status')).toHaveAttribute('data-status', /offline|connecting/);
  await write(customer, 'پیامی که بی‌اینترنت نوشتم');
  await expect(customer.getByTestId('chat-pending')).toHaveAttribute('data-state', 'queued');
  await write(staff, 'پاسخ دوم، وقتی شما آفلاین بودید');
  await expect(staff.getByTestId('chat-message').filter({ hasText: 'پاسخ دوم' })).toBeVisible();

  // Back online: the queued message goes once, the staff answer arrives, no reload.
  await cctx.setOffline(false);
  await expect(customer.getByTestId('chat-status')).toHaveAttribute('data-status', 'open', { timeout: 20_000 });
  await expect(customer.getByText('پاسخ دوم، وقتی شما آفلاین بودید')).toBeVisible();
  await expect(customer.getByTestId('chat-pending')).toHaveCount(0);
  await expect(staff.getByTestId('chat-message').filter({ hasText: 'پیامی که بی‌اینترنت نوشتم' })).toHaveCount(1);

  // And live again after the cut.
  await write(staff, 'پیام سوم');
  await expect(customer.getByText('پیام سوم')).toBeVisible();
  // The staff side at phone size: the picked conversation alone, nothing wider than the screen.
  await staff.setViewportSize(PHONE);
  await expect(staff.getByTestId('chat-thread')).toBeVisible();
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await staff.screenshot({ path: 'test-results/chat-staff-375.png' });
  await customer.reload();
  await expect(customer.getByTestId('chat-message').filter({ hasText: 'پیامی که بی‌اینترنت نوشتم' })).toHaveCount(1);
  await cctx.close();
  await sctx.close();
});
