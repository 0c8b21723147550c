import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DESKTOP, PHONE, buyAndPay, expectAccessibleAtBothWidths, freshMobile, signedIn, staffAdd } from './support';

/**
 * Reviews and questions (issue 27, items 1–2), at phone and desktop width: a customer buys and
 * pays for the laptop; staff prepare, ship and mark it delivered; on the product page the
 * customer (a verified buyer now) reviews it and asks a question; support staff approve the
 * review, approve the question and answer it in /admin/reviews; the product page shows the
 * review with its rating (and the JSON-LD its aggregateRating), the question and its answer;
 * the asker's SMS is in the dev outbox.
 */

test.use({ hasTouch: true });

async function staffPage(browser: Browser, request: APIRequestContext, role: string, path: string, viewport: { width: number; height: number }): Promise<Page> {
  const m = freshMobile('38');
  expect(staffAdd(m, role)).toContain(m);
  return signedIn(browser, request, m, path, { viewport });
}

async function firstLaptop(request: APIRequestContext): Promise<string> {
  const list = (await (await request.get('/api/client/v1/catalog/search', { params: { q: 'لپ تاپ', in_stock: 'true', page: 1, size: 24 } })).json()) as { data: { Uid: string }[] };
  return list.data[0].Uid;
}

/** Scrolls down until the lazily loaded reviews section is there. */
async function nearReviews(page: Page): Promise<void> {
  await expect(async () => {
    await page.evaluate(() => window.scrollBy(0, 800));
    await expect(page.getByTestId('reviews')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByTestId('reviews').scrollIntoViewIfNeeded();
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`a verified buyer's review and a question, moderated and shown (${viewport.width} px)`, async ({ browser, request }) => {
    test.setTimeout(300_000);
    const mobile = freshMobile();
    const uid = await firstLaptop(request);
    const code = await buyAndPay(request, mobile);

    const orders = await staffPage(browser, request, 'orders', `/admin/orders/${code}`, viewport);
    const actions = orders.getByTestId('admin-order-actions');
    await actions.getByRole('button', { name: 'شروع آماده‌سازی' }).click();
    await expect(orders.getByTestId('order-status').first()).toHaveText('در حال آماده‌سازی');
    await actions.getByLabel('شرکت حمل').selectOption('پست');
    await actions.getByLabel('کد رهگیری').fill('RR123456789IR');
    await actions.getByTestId('ship-serials').getByRole('textbox').first().fill(`5CD${code}`);
    await actions.getByRole('button', { name: 'ثبت ارسال' }).click();
    await expect(orders.getByTestId('order-status').first()).toHaveText('ارسال‌شده');
    await actions.getByRole('button', { name: 'تحویل شد' }).click();
    await expect(orders.getByTestId('order-status').first()).toHaveText('تحویل‌شده');

    // The buyer reviews the laptop on its page (the section loads when it comes near).
    const customer = await signedIn(browser, request, mobile, `/product/${uid}`, { viewport });
    const section = customer.getByTestId('reviews');
    await nearReviews(customer);
    const form = section.getByTestId('review-form');
    await expect(form).toContainText(code);
    await form.getByLabel('امتیاز').selectOption('4');
    const text = `خیلی سریع است <b>${code}</b>`;
    await form.getByLabel('متن نظر').fill(text);
    await form.getByRole('textbox', { name: /نقاط قوت/ }).fill('باتری خوب\nصفحه روشن');
    await form.getByRole('button', { name: 'ثبت نظر' }).click();
    await expect(section.getByRole('status').first()).toContainText('پس از بررسی');

    const question = `رم این مدل قابل ارتقاست؟ ${code}`;
    const askForm = section.getByTestId('ask-form');
    await askForm.getByLabel('پرسش شما درباره این کالا').fill(question);
    await askForm.getByRole('button', { name: 'ثبت پرسش' }).click();
    await expect(askForm.getByRole('status')).toContainText('پس از بررسی');

    // Support staff approve the review, then approve and answer the question.
    const support = await staffPage(browser, request, 'support', '/admin/reviews', viewport);
    const review = support.getByTestId('moderation-item').filter({ hasText: code }).first();
    await review.getByRole('button', { name: 'تأیید' }).click();
    await expect(review.getByTestId('moderation-status')).toHaveText('تأیید شده');
    await support.goto('/admin/reviews?kind=question&status=pending');
    const q = support.getByTestId('moderation-item').filter({ hasText: code }).first();
    await q.getByRole('button', { name: 'تأیید' }).click();
    await expect(q.getByTestId('moderation-status')).toHaveText('تأیید شده');
    await q.getByLabel('پاسخ فروشگاه').fill('بله، تا ۳۲ گیگابایت');
    await q.getByRole('button', { name: 'ثبت پاسخ' }).click();
    await expect(q).toContainText('بله، تا ۳۲ گیگابایت');
    await expectAccessibleAtBothWidths(support, '/admin/reviews', viewport);

    // The product page shows the review with its rating, escaped, and the answered question.
    await customer.reload();
    await nearReviews(customer);
    const shown = customer.getByTestId('review').filter({ hasText: code }).first();
    await expect(shown).toBeVisible();
    await expect(shown.getByTestId('review-text')).toHaveText(text);
    await expect(shown.getByRole('img', { name: '۴ از ۵ ستاره' })).toBeVisible();
    await expect(customer.getByTestId('review-summary')).toBeVisible();
    const asked = customer.getByTestId('question').filter({ hasText: code }).first();
    await expect(asked.getByTestId('answer')).toContainText('بله، تا ۳۲ گیگابایت');
    await expectAccessibleAtBothWidths(customer, `/product/${uid}`, viewport);

    // The JSON-LD of the page as served.
    const html = await (await request.get(`/product/${uid}`)).text();
    const lds = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
    const product = lds.find((l) => l['@type'] === 'Product') as { aggregateRating?: { ratingValue: string; reviewCount: number }; review?: { reviewRating: { ratingValue: number } }[] };
    expect(product.aggregateRating?.reviewCount).toBeGreaterThan(0);
    expect(product.review?.some((r) => r.reviewRating.ratingValue === 4)).toBe(true);

    const sms = (await (await request.get(`/api/dev/sms?mobile=${mobile}`)).json()) as { messages: { text: string }[] };
    expect(sms.messages.some((m) => m.text.includes('پاسخ داده شد'))).toBe(true);
  });
}
