import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  DESKTOP,
  PHONE,
  expectAccessibleAtBothWidths,
  freshMobile,
  openLogin,
  registerThroughApi,
  signInWithCode,
  signedIn,
  staffAdd,
  apiCall,
  toPersian,
  tokenOf,
  watchPolicyViolations,
} from './support';

/**
 * Back office II, done when (issue 24): a catalogue manager adds a new laptop with three photos
 * and two variants, publishes it and finds it through the storefront's Persian search within
 * seconds; changes 500 prices from a CSV with a preview; sets a delivery option for one city
 * and a customer with an address there is offered it at checkout; publishes a blog post. At
 * 375 and at 1280 px, with axe-core, overflow and digit checks on every back-office page.
 *
 * The 498 other variants the sheet changes belong to ten drafts this journey makes through the
 * staff API (the demo catalogue has fewer than 500 variants, and its prices stay as they are for
 * the other journeys).
 */

test.use({ hasTouch: true });

/** A `w` × `h` PNG in one colour. */
function png(w: number, h: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + w * 3);
  for (let x = 0; x < w; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** Toman as the shop writes it: Persian digits, Persian thousands separator. */
const tomanText = (n: number) => `${toPersian(n.toLocaleString('en-US')).replace(/,/g, '٬')} تومان`;

type Variant = { id: number };
type Product = { uid: string; variants: Variant[] };

/** Ten drafts of 50 variants each (the most one create takes) through the staff API; their variant ids. */
async function draftVariants(request: APIRequestContext, token: string, tag: string, count: number): Promise<number[]> {
  const categories = await apiCall<{ data: { id: number }[] }>(request, '/api/admin/v1/catalog/category/list', token, {});
  const ids: number[] = [];
  for (let p = 0; ids.length < count; p++) {
    const n = Math.min(50, count - ids.length);
    const product = {
      name: `پیش‌نویس قیمت‌گذاری ${tag} ${p}`,
      brand: 'Lenovo',
      model: `BULK${tag}-${p}`,
      condition: 'new',
      category: String(categories.data[0].id),
      cpu: 'Intel Core i5 1335U',
      ram_gb: '8',
    };
    const variants = Array.from({ length: n }, (_, i) => ({ color: `رنگ ${i + 1}`, warranty_name: 'گارانتی ۱۲ ماهه', price: '30000000', stock: '1' }));
    const made = await apiCall<{ data: Product }>(request, '/api/admin/v1/catalog/product/create', token, { product, variants });
    ids.push(...made.data.variants.map((v) => v.id));
  }
  return ids;
}

async function sendSheet(page: Page, name: string, text: string) {
  await page.getByLabel('فایل CSV قیمت و موجودی').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
  await page.getByRole('button', { name: 'پیش‌نمایش' }).click();
}

for (const [viewport, city, province, colour] of [
  [PHONE, 'رشت', 'گیلان', 'فیروزه‌ای'],
  [DESKTOP, 'ساری', 'مازندران', 'لاجوردی'],
] as const) {
  test(`a catalogue manager adds a laptop with three photos and two variants, publishes it, changes 500 prices from a CSV, sets a delivery option for one city and publishes a blog post (${viewport.width}px)`, async ({
    browser,
    request,
  }, testInfo) => {
    const shot = (page: Page, name: string) => page.screenshot({ path: testInfo.outputPath(`${name}-${viewport.width}.png`), fullPage: true });
    test.setTimeout(360_000);
    const manager = freshMobile('38');
    await registerThroughApi(request, manager, 'مدیر کاتالوگ');
    expect(staffAdd(manager, 'catalogue')).toContain(manager);
    const tag = `${viewport.width}-${Date.now() % 100_000}`;
    const model = `ZX${tag}`;
    const uid = `msi-${model.toLowerCase()}`;
    const name = `لپ‌تاپ ${colour} سبک`;

    // 1. The new laptop with two variants, a draft at first.
    const staff = await signedIn(browser, request, manager, '/admin/catalog/products/new', { viewport, acceptDownloads: true });
    const violations = await watchPolicyViolations(staff);
    const form = staff.getByTestId('catalog-admin-form');
    await form.getByLabel('نام محصول').fill(name);
    await form.getByLabel('برند').fill('MSI');
    await form.getByLabel('مدل', { exact: true }).fill(model);
    await form.getByLabel('وضعیت کالا').selectOption('new');
    await form.getByLabel('دسته‌بندی').selectOption({ index: 1 });
    await form.getByLabel('پردازنده').fill('AMD Ryzen 7 8845HS');
    await form.getByLabel('رم (گیگابایت)').fill('۱۶');
    await form.getByLabel('توضیحات').fill('سبک و کم‌صدا، برای کار و دانشگاه.');
    const rows = staff.getByTestId('catalog-admin-variant');
    await rows.nth(0).getByLabel('رنگ').fill(colour);
    await rows.nth(0).getByLabel('گارانتی', { exact: true }).fill('گارانتی ۱۸ ماهه');
    await rows.nth(0).getByLabel('قیمت (تومان)', { exact: true }).fill('۵۲٬۰۰۰٬۰۰۰');
    await rows.nth(0).getByLabel('موجودی').fill('۳');
    await staff.getByTestId('catalog-admin-variant-add').click();
    await rows.nth(1).getByLabel('رنگ').fill('مشکی');
    await rows.nth(1).getByLabel('گارانتی', { exact: true }).fill('گارانتی ۶ ماهه');
    await rows.nth(1).getByLabel('قیمت (تومان)', { exact: true }).fill('51000000');
    await rows.nth(1).getByLabel('موجودی').fill('2');
    await expectAccessibleAtBothWidths(staff, '/admin/catalog/products/new');
    await staff.getByTestId('catalog-admin-save').click();
    await expect(staff).toHaveURL(new RegExp(`/admin/catalog/products/${uid}$`));
    await expect(staff.getByTestId('catalog-admin-published')).toHaveText('پیش‌نویس؛ در فروشگاه دیده نمی‌شود');
    await expect(rows).toHaveCount(2);

    // 2. Three photos; an SVG with a script is refused; the third becomes the main one.
    await staff.getByRole('link', { name: 'تصاویر محصول' }).click();
    await expect(staff).toHaveURL(new RegExp(`/admin/catalog/products/${uid}/pictures$`));
    await expect(staff.getByText(/هنوز تصویری ندارد/)).toBeVisible();
    const file = staff.getByLabel('افزودن تصویر', { exact: true });
    await file.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') });
    await staff.getByTestId('picture-upload').click();
    await expect(staff.getByTestId('picture-error')).toContainText('پسوند فایل');
    const colours: [number, number, number][] = [[30, 90, 160], [200, 60, 40], [40, 160, 90]];
    for (const [i, rgb] of colours.entries()) {
      await file.setInputFiles({ name: `photo-${i + 1}.png`, mimeType: 'image/png', buffer: png(900, 600, rgb) });
      await staff.getByTestId('picture-upload').click();
      await expect(staff.getByTestId('product-picture')).toHaveCount(i + 1);
    }
    await staff.getByTestId('product-picture').nth(2).getByRole('button', { name: 'اصلی شود' }).click();
    await expect(staff.getByTestId('product-picture').nth(2)).toHaveAttribute('data-main', 'true');
    await expectAccessibleAtBothWidths(staff, `/admin/catalog/products/${uid}/pictures`);
    const mainSrc = (await staff.getByTestId('product-picture').nth(2).locator('img').getAttribute('src'))!;
    const stem = mainSrc.split('/').pop()!.split('-')[0];

    // 3. Published, it is found through the storefront's Persian search within seconds, with its main photo.
    await staff.goto(`/admin/catalog/products/${uid}`);
    await staff.getByTestId('catalog-admin-publish').click();
    await expect(staff.getByTestId('catalog-admin-published')).toHaveText('منتشرشده در فروشگاه');
    await expectAccessibleAtBothWidths(staff, `/admin/catalog/products/${uid}`);
    const shopper = await browser.newPage({ viewport, locale: 'fa-IR' });
    const started = Date.now();
    await expect(async () => {
      await shopper.goto('/shop/search-product?q=' + encodeURIComponent(colour.replace('\u200c', ' ')));
      await expect(shopper.getByTestId('product-card').first()).toContainText(name, { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    expect(Date.now() - started, 'found within seconds').toBeLessThan(10_000);
    await shopper.getByTestId('product-card').first().locator('h2 a').click();
    await expect(shopper).toHaveURL(new RegExp(`/product/${uid}$`));
    await expect(shopper.getByTestId('product')).toBeVisible();
    const sources = await shopper
      .locator('[data-testid="product"] img, [data-testid="product"] source')
      .evaluateAll((els) => els.map((e) => `${e.getAttribute('src') ?? ''} ${e.getAttribute('srcset') ?? ''}`).join(' '));
    expect(sources).toContain(`/api/client/v1/catalog/pictures/${stem}-`);
    await shot(shopper, 'product-page');

    // 4. 500 prices from a CSV: the laptop's two variants and 498 of ten drafts.
    const token = await tokenOf(request, manager);
    const laptop = await apiCall<{ data: Product }>(request, '/api/admin/v1/catalog/product/get', token, { uid });
    const ids = [...laptop.data.variants.map((v) => v.id), ...(await draftVariants(request, token, tag, 498))];
    expect(ids).toHaveLength(500);
    await staff.goto('/admin/catalog/prices');
    await expect(staff.getByRole('heading', { name: 'قیمت و موجودی گروهی' })).toBeVisible();
    const [download] = await Promise.all([staff.waitForEvent('download'), staff.getByTestId('prices-export').click()]);
    const exported = readFileSync((await download.path())!);
    expect(exported.subarray(0, 3), 'the export starts with a UTF-8 BOM').toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(exported.toString('utf8').slice(1)).toMatch(/^id,sku,name,price,stock\r\n/);
    expect(exported.toString('utf8')).toContain(`\r\n${laptop.data.variants[0].id},`);
    // A bad row is refused on its line, and nothing can be applied.
    await sendSheet(staff, 'bad.csv', `id,price,stock\n${ids[0]},0,1\n`);
    await expect(staff.getByTestId('price-rejected')).toContainText('قیمت باید بیشتر از صفر باشد');
    await expect(staff.getByTestId('price-rejected')).toContainText(toPersian('2'));
    await expect(staff.getByTestId('prices-apply')).toHaveCount(0);
    const price = 49_900_000;
    const sheet = ids.map((id, i) => `${toPersian(String(id))},${toPersian(String(price + (i % 5) * 1000))},${i < 2 ? 3 : 1}`);
    await sendSheet(staff, 'prices.csv', `\uFEFFid,price,stock\n${sheet.join('\r\n')}\r\n`);
    await expect(staff.getByTestId('prices-summary')).toContainText(`${toPersian('500')} تغییر`);
    await expect(staff.getByTestId('price-change').first().locator('ins').first()).toHaveText(tomanText(price));
    await expectAccessibleAtBothWidths(staff, '/admin/catalog/prices (preview of 500 changes)');
    await shot(staff, 'prices-preview');
    await staff.getByTestId('prices-apply').click();
    await expect(staff.getByText(`${toPersian('500')} تنوع به‌روز شد.`)).toBeVisible();
    // The storefront shows the new price (the first variant's, with its own warranty's price, which is 0).
    await expect(async () => {
      await shopper.goto(`/product/${uid}`);
      await expect(shopper.getByTestId('product-price')).toHaveText(/۴۹٬۹۰[۰۱]٬۰۰۰ تومان/, { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });

    // 5. A delivery option for one city, offered at checkout to a customer with an address there.
    await staff.goto('/admin/settings/delivery');
    await expect(staff.getByTestId('delivery-list')).toBeVisible();
    const option = `پیک ${city} ${toPersian(tag)}`;
    const delivery = staff.getByTestId('delivery-form');
    // Checked before sending: a name and a city are needed.
    await delivery.getByTestId('delivery-save').click();
    await expect(delivery.getByText('دست‌کم یک شهر')).toBeVisible();
    await delivery.getByLabel('نام روش ارسال').fill(option);
    await delivery.getByLabel('هزینه (تومان)').fill('۳۵۰۰۰');
    await delivery.getByLabel('اولویت', { exact: true }).fill('۱');
    await delivery.getByLabel('زمان تحویل').fill('۱ روز کاری');
    await delivery.getByLabel('شهر', { exact: true }).selectOption(city);
    await delivery.getByTestId('add-city').click();
    await expect(delivery.getByRole('list', { name: 'شهرهای انتخاب‌شده' })).toContainText(city);
    await expect(delivery.getByLabel('برای همهٔ محصولات')).toBeChecked();
    await delivery.getByTestId('delivery-save').click();
    const saved = staff.getByTestId('delivery-list').getByRole('listitem').filter({ hasText: option });
    await expect(saved).toContainText(tomanText(35_000));
    await expect(saved).toContainText(city);
    await expectAccessibleAtBothWidths(staff, '/admin/settings/delivery');

    const buyer = freshMobile();
    await registerThroughApi(request, buyer, 'آرش', city, province);
    const page = await (await browser.newContext({ viewport, locale: 'fa-IR', hasTouch: true })).newPage();
    const buyerViolations = await watchPolicyViolations(page);
    await page.goto(`/product/${uid}`);
    await openLogin(page);
    await signInWithCode(page, request, buyer);
    const edit = page.waitForResponse((r) => r.url().endsWith('/api/client/v1/order/edit/product'));
    await page.getByTestId('add-to-cart').click();
    expect(((await (await edit).json()) as { status: string }).status).toBe('ok');
    await page.goto('/profile/cart');
    await page.getByTestId('cart-continue').click();
    await expect(page).toHaveURL(/\/profile\/cart\/first-time$/);
    await page.getByLabel('استان').selectOption(province);
    await page.getByLabel('شهر').selectOption(city);
    await page.getByLabel('نشانی', { exact: true }).fill('خیابان نمونه، کوچه دوم، پلاک ۷');
    await page.getByLabel('کد پستی').fill('۱۲۳۴۵۶۷۸۹۰');
    await page.getByRole('button', { name: 'ذخیره و ادامهٔ ثبت سفارش' }).click();
    await expect(page).toHaveURL(/\/profile\/cart\/order-register$/);
    const offered = page.getByTestId('delivery-options').locator('label').filter({ hasText: option });
    await expect(offered).toBeVisible();
    await expect(offered.getByTestId('delivery-option-price')).toHaveText(/۳۵٬۰۰۰/);
    await shot(page, 'checkout-delivery');
    expect(buyerViolations).toEqual([]);

    // 6. A blog post, written in Markdown and published, is on /blogs.
    await staff.goto('/admin/content/blog');
    const post = staff.getByTestId('blog-form');
    const title = `راهنمای خرید لپ‌تاپ در ${city}`;
    const slug = `guide-${tag}`;
    await post.getByLabel('عنوان').fill(title);
    await post.getByLabel('نشانی').fill(slug);
    await post.getByLabel('خلاصه').fill('چه لپ‌تاپی برای دانشجو مناسب است؟');
    await post.getByLabel('متن (Markdown)').fill('## رم\n\nبرای کار روزمره **۱۶ گیگ** رم کافی است.');
    await expect(post.getByTestId('markdown-preview').locator('strong')).toHaveText('۱۶ گیگ');
    await post.getByLabel('منتشر شود (در وبلاگ نمایش داده شود)').check();
    await post.getByTestId('blog-save').click();
    await expect(staff.getByTestId('blog-list')).toContainText(title);
    await expectAccessibleAtBothWidths(staff, '/admin/content/blog');
    await shopper.goto('/blogs');
    await expect(shopper.getByRole('link', { name: title }).first()).toBeVisible();
    await shopper.goto(`/blogs/${slug}`);
    await expect(shopper.getByTestId('post-body').locator('strong')).toHaveText('۱۶ گیگ');
    expect(violations).toEqual([]);
  });
}
