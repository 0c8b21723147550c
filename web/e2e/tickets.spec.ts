import { deflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { freshMobile, PHONE, registerThroughApi, staffAdd, signedIn } from './support';

/**
 * Support tickets across two browsers: a customer opens a ticket with a picture, a staff member
 * (made with `shop staff add` on the e2e server's database, the command a shop owner runs)
 * answers it from the staff inbox, and the customer sees the answer. Markup and a 5,000-character
 * unbroken string stay text and the page stays within a 375 px phone screen.
 */

/** A real PNG (`w`×`h`, one colour) built here, so the picture is what the test says it is. */
function png(w: number, h: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The page is no wider than the screen (nothing pushes it sideways). */
async function expectNoSideScroll(page: Page) {
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.doc, `page width ${widths.doc} px on a ${widths.view} px screen`).toBeLessThanOrEqual(widths.view);
}

test('a customer opens a ticket with a picture and a staff member answers it', async ({ browser, request }, testInfo) => {
  test.setTimeout(120_000);
  const customerMobile = freshMobile();
  const staffMobile = freshMobile();
  await registerThroughApi(request, customerMobile, 'نگار');
  await registerThroughApi(request, staffMobile, 'پشتیبان');
  expect(staffAdd(staffMobile, 'support')).toContain(`updated: ${staffMobile} is staff`);

  // The customer, on a phone.
  const customer = await signedIn(browser, request, customerMobile, '/profile/tickets', { viewport: PHONE, how: 'password' });
  await expect(customer.getByTestId('empty-state')).toContainText('هنوز تیکتی ثبت نکرده‌اید');
  await customer.getByTestId('new-ticket').click();
  const form = customer.getByTestId('new-ticket-form');
  await form.getByLabel('موضوع').fill('صفحه لپ‌تاپ خط افتاده <script>alert(1)</script>');
  await form.getByLabel('بخش').selectOption('warranty');
  await form.getByLabel('اولویت').selectOption('high');
  await form.getByLabel('متن پیام').fill('سلام <img src=x onerror=alert(1)> عکس صفحه را پیوست کردم.');
  // A renamed executable is refused by the core's first-bytes rule before anything is sent.
  await form.getByTestId('ticket-files').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1') });
  await expect(form.getByTestId('files-error')).toContainText('محتوای فایل «پیوست» با پسوند آن مطابقت ندارد');
  await form.getByTestId('ticket-files').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: png(64, 48, [220, 38, 38]) });
  await expect(form.getByRole('button', { name: 'حذف فایل screen.png' })).toBeVisible();
  await expectNoSideScroll(customer);
  await customer.screenshot({ path: testInfo.outputPath('customer-form-375.png'), fullPage: true, clip: { x: 0, y: 0, width: 375, height: 1500 } });
  await form.getByTestId('ticket-submit').click();
  await expect(customer).toHaveURL(/\/profile\/tickets\/ticket-\d+$/);
  const ticketUrl = customer.url();
  const ticketId = ticketUrl.split('-').pop()!;
  await expect(customer.getByTestId('ticket-subject')).toHaveText('صفحه لپ‌تاپ خط افتاده <script>alert(1)</script>');
  await expect(customer.getByTestId('ticket-status')).toHaveText('در انتظار پاسخ');
  const mine = customer.getByTestId('ticket-image');
  await expect(mine).toBeVisible();
  expect(await mine.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([64, 48]);
  await expectNoSideScroll(customer);

  // The staff member, at a desk: the back office is in their profile menu, the inbox in its menu.
  const staff = await signedIn(browser, request, staffMobile, '/profile', { how: 'password' });
  await staff.getByTestId('profile-menu').getByRole('link', { name: 'پیشخوان فروشگاه' }).click();
  await staff.getByTestId('admin-menu').getByRole('link', { name: 'تیکت‌های مشتریان' }).click();
  await expect(staff).toHaveURL(/\/admin\/tickets$/);
  const row = staff.getByTestId('ticket-row').filter({ hasText: 'صفحه لپ‌تاپ خط افتاده' });
  await expect(row).toContainText('نگار');
  await expect(row.getByTestId('ticket-unread')).toBeVisible();
  await row.click();
  await expect(staff).toHaveURL(new RegExp(`/admin/tickets/${ticketId}$`));
  const picture = staff.getByTestId('ticket-image');
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([64, 48]);
  await expect(staff.getByRole('link', { name: 'screen.png' })).toHaveAttribute('download', 'screen.png');
  await staff.getByLabel('پاسخ شما').fill('سلام، لطفا برای بررسی گارانتی دستگاه را به شعبه بیاورید.');
  await staff.getByTestId('reply-submit').click();
  await expect(staff.getByTestId('ticket-status')).toHaveText('پاسخ داده شده');
  await expect(staff.getByTestId('ticket-message')).toHaveCount(2);
  await staff.screenshot({ path: testInfo.outputPath('staff-ticket-1280.png'), fullPage: true });

  // The customer sees the answer: marked new in the list, then in the conversation.
  await customer.goto('/profile/tickets');
  const mineRow = customer.getByTestId('ticket-row').first();
  await expect(mineRow.getByTestId('ticket-unread')).toHaveText('پاسخ تازه');
  await expect(mineRow.getByTestId('ticket-status')).toHaveText('پاسخ داده شده');
  await mineRow.click();
  const answer = customer.getByTestId('ticket-message').filter({ hasText: 'پشتیبانی فروشگاه' });
  await expect(answer).toContainText('لطفا برای بررسی گارانتی دستگاه را به شعبه بیاورید.');

  // Markup stays text; a reply of 5,000 unbroken characters wraps inside the phone screen.
  await expect(customer.getByTestId('ticket-message-body').first()).toHaveText('سلام <img src=x onerror=alert(1)> عکس صفحه را پیوست کردم.');
  const long = 'ک'.repeat(5000);
  await customer.getByLabel('پاسخ شما').fill(long);
  await customer.getByTestId('reply-submit').click();
  await expect(customer.getByTestId('ticket-message')).toHaveCount(3);
  const last = customer.getByTestId('ticket-message-body').last();
  await expect(last).toHaveText(long);
  expect(await customer.locator('main img[src="x"], main script').count()).toBe(0);
  const box = await last.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  await expectNoSideScroll(customer);
  await customer.screenshot({ path: testInfo.outputPath('customer-ticket-375.png'), fullPage: true, clip: { x: 0, y: 0, width: 375, height: 1400 } });

  // The customer closes it; neither side can write any more.
  await customer.getByTestId('close-ticket').click();
  await expect(customer.getByTestId('ticket-closed')).toBeVisible();
  await staff.reload();
  await expect(staff.getByTestId('ticket-status')).toHaveText('بسته شده');
  await expect(staff.getByTestId('reply-form')).toHaveCount(0);
  await customer.context().close();
  await staff.context().close();
});

test('another customer cannot open the ticket, and a customer sees no staff inbox', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const owner = freshMobile();
  const other = freshMobile();
  await registerThroughApi(request, owner, 'مالک');
  await registerThroughApi(request, other, 'دیگری');
  const page = await signedIn(browser, request, owner, '/profile/tickets', { how: 'password' });
  await page.getByTestId('new-ticket').click();
  const form = page.getByTestId('new-ticket-form');
  await form.getByLabel('موضوع').fill('خصوصی');
  await form.getByLabel('بخش').selectOption('finance');
  await form.getByLabel('متن پیام').fill('شماره کارت من');
  await form.getByTestId('ticket-files').setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: png(8, 8, [0, 0, 255]) });
  await form.getByTestId('ticket-submit').click();
  await expect(page).toHaveURL(/ticket-\d+$/);
  const path = new URL(page.url()).pathname;
  await expect(page.getByTestId('ticket-image')).toBeVisible();
  const intruder = await signedIn(browser, request, other, path, { how: 'password' });
  await expect(intruder.getByTestId('empty-state')).toContainText('تیکتی با این شماره در حساب کاربری شما پیدا نشد.');
  await expect(intruder.getByText('شماره کارت من')).toHaveCount(0);
  // The staff pages tell a customer plainly and call nothing.
  const adminCalls: string[] = [];
  intruder.on('request', (r) => {
    if (r.url().includes('/api/admin/')) adminCalls.push(r.url());
  });
  await intruder.goto('/admin/tickets');
  await expect(intruder.getByText('این بخش فقط برای کارکنان فروشگاه است.')).toBeVisible();
  await intruder.goto('/profile');
  await expect(intruder.getByTestId('profile-menu').getByRole('link', { name: 'پیشخوان فروشگاه' })).toHaveCount(0);
  expect(adminCalls).toEqual([]);
  await page.context().close();
  await intruder.context().close();
});
