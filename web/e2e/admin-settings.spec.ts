import { expect, test } from '@playwright/test';
import { DESKTOP, PHONE, freshMobile, watchPolicyViolations, signedIn, expectAccessibleAtBothWidths, staffAdd } from './support';

/**
 * The back office's settings (issue 24, item 4): a catalogue manager writes a blog post in
 * Markdown (the preview shows markup as text), adds a cover and publishes it, and it is on
 * /blogs; axe-core finds nothing on the settings pages at phone and desktop width. The delivery
 * option for one city, offered at checkout, is in catalogue-manager.spec.ts.
 */

test.use({ hasTouch: true });

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('a catalogue manager writes a blog post in Markdown with a cover and publishes it on /blogs (1280 px); every settings page is axe-clean', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const staffMobile = freshMobile('38');
  staffAdd(staffMobile, 'catalogue');
  const staff = await signedIn(browser, request, staffMobile, '/admin/content/blog', { viewport: DESKTOP });
  const violations = await watchPolicyViolations(staff);
  await expect(staff.getByRole('heading', { name: 'وبلاگ', level: 1 })).toBeVisible();
  const form = staff.getByTestId('blog-form');
  const slug = `rasht-guide-${Date.now() % 100_000}`;
  const title = 'راهنمای خرید لپ‌تاپ در رشت';
  await form.getByLabel('عنوان').fill(title);
  await form.getByLabel('نشانی').fill(slug);
  await form.getByLabel('خلاصه').fill('چه لپ‌تاپی برای دانشجو مناسب است؟');
  await form.getByLabel('متن (Markdown)').fill('## پردازنده\n\nبرای کار روزمره **۸ گیگ** رم کافی است. <script>alert(1)</script>\n\n- سبک\n- کم‌مصرف');
  // The live preview is the storefront's rendering: a heading, bold text, markup as text.
  const preview = form.getByTestId('markdown-preview');
  await expect(preview.getByRole('heading', { name: 'پردازنده' })).toBeVisible();
  await expect(preview).toContainText('<script>alert(1)</script>');
  await expect(preview.locator('strong')).toHaveText('۸ گیگ');
  await expectAccessibleAtBothWidths(staff, '/admin/content/blog');
  await staff.setViewportSize(DESKTOP);
  await form.getByLabel('منتشر شود (در وبلاگ نمایش داده شود)').check();
  await form.getByTestId('blog-save').click();
  await expect(staff.getByTestId('blog-list')).toContainText(title);
  // A file that is not a picture is refused; a PNG becomes the cover.
  await form.getByLabel('انتخاب تصویر جلد').setInputFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('MZ not a picture at all') });
  await form.getByTestId('cover-upload').click();
  await expect(form.getByRole('alert')).toContainText('مطابقت ندارد');
  await form.getByLabel('انتخاب تصویر جلد').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await form.getByTestId('cover-upload').click();
  await expect(form.getByRole('img', { name: `تصویر جلد ${title}` })).toHaveAttribute('src', /\/api\/client\/v1\/blog\/cover\//);

  // A shopper (signed out) finds it on /blogs and reads it, markup shown as text.
  const reader = await (await browser.newContext({ viewport: PHONE, locale: 'fa-IR' })).newPage();
  const readerViolations = await watchPolicyViolations(reader);
  await reader.goto('/blogs');
  await expect(reader.getByRole('link', { name: title }).first()).toBeVisible();
  await reader.goto(`/blogs/${slug}`);
  const body = reader.getByTestId('post-body');
  await expect(body.getByRole('heading', { name: 'پردازنده' })).toBeVisible();
  await expect(body).toContainText('<script>alert(1)</script>');
  expect(await body.locator('script').count()).toBe(0);
  expect(readerViolations).toEqual([]);

  // Every settings page at both widths.
  for (const path of ['/admin/settings/discounts', '/admin/settings/plans', '/admin/content/pages', '/admin/content/faq']) {
    await staff.goto(path);
    await expect(staff.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessibleAtBothWidths(staff, path);
    await staff.setViewportSize(DESKTOP);
  }
  expect(violations).toEqual([]);
});
