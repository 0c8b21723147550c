import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/shared/testing/render';
import { detail, mockApi, variants } from '@/shared/testing/fixtures';
import { scrollAllIntoView } from '@/shared/testing/intersection';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PRODUCT = '/api/client/v1/catalog/products/lenovo-ideapad-slim-5';

const related = { status: 'ok', Related: [] };
const REACH = '/api/client/v1/order/get/delivery/products';
const POST_OPTION = { Id: 2, Name: 'پست پیشتاز', Description: '', Price: 120_000, Priority: 2, CityActive: [{ name: 'همه' }], Estimate: '۲ تا ۴ روز کاری', Pickup: false };

// The product: the warranty variant's own price is higher too (70.9 M vs 73.2 M + 2.5 M).
const NONE = {
  ...variants[0],
  Id: 81,
  NameGaranti: 'بدون گارانتی',
  DescriptionGaranti: 'بدون خدمات پس از فروش؛ فقط سلامت کالا هنگام تحویل تضمین می‌شود',
  Price: 70_900_000,
  PriceGaranti: 0,
  UnitPriceText: '۷۰٬۹۰۰٬۰۰۰ تومان',
  Stock: 1,
  InsPayment: false,
  WarrantyDifferences: [
    { Id: 81, Difference: 0, DifferenceText: '۰ تومان' },
    { Id: 82, Difference: 4_800_000, DifferenceText: '۴٬۸۰۰٬۰۰۰ تومان بیشتر' },
  ],
};
const W18 = {
  ...variants[0],
  Id: 82,
  NameGaranti: 'گارانتی ۱۸ ماهه آواژنگ',
  DescriptionGaranti: '۱۸ ماه تعمیر و تعویض قطعات معیوب در مراکز آواژنگ',
  Price: 73_200_000,
  PriceGaranti: 2_500_000,
  UnitPriceText: '۷۵٬۷۰۰٬۰۰۰ تومان',
  PriceGarantiText: '۲٬۵۰۰٬۰۰۰ تومان',
  Stock: 5,
  InsPayment: true,
  WarrantyDifferences: [
    { Id: 81, Difference: -4_800_000, DifferenceText: '۴٬۸۰۰٬۰۰۰ تومان کمتر' },
    { Id: 82, Difference: 0, DifferenceText: '۰ تومان' },
  ],
};
/** Cheapest first, as the server orders them; the server's default is the warranty. */
const withWarranties = () => ({ ...related, data: detail({ Variants: [NONE, W18], DefaultVariantId: 82 }) });

/** A Persian price text (`۴٬۸۰۰٬۰۰۰ تومان`, `… بیشتر`, `… کمتر`) as a number; less is negative. */
function toman(text: string): number {
  const western = Number(text.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))).replace(/[^0-9]/g, ''));
  return text.includes('کمتر') ? -western : western;
}

describe('product page', () => {
  it("shows the chosen variant's price history and says when today's price is the lowest of 30 days", async () => {
    const asked: string[] = [];
    const history = {
      status: 'ok',
      data: {
        VariantId: 82,
        Points: [
          { At: 1_760_000_000, Date: '۲۱ مهر ۱۴۰۴', Price: 76_000_000, PriceText: '۷۶٬۰۰۰٬۰۰۰ تومان' },
          { At: 1_762_000_000, Date: '۱۰ آبان ۱۴۰۴', Price: 73_200_000, PriceText: '۷۳٬۲۰۰٬۰۰۰ تومان' },
        ],
        Days: [
          { Date: '۲۱ مهر ۱۴۰۴', Price: 76_000_000 },
          { Date: '۱۰ آبان ۱۴۰۴', Price: 73_200_000 },
        ],
        Lowest30Days: 73_200_000,
        IsLowest30Days: true,
      },
    };
    mockApi({
      [PRODUCT]: withWarranties,
      [`${PRODUCT}/price-history`]: (url: URL) => {
        asked.push(url.search);
        return history;
      },
    });
    renderApp('/product/lenovo-ideapad-slim-5');
    await screen.findByTestId('product');
    // Below the fold: nothing is asked until the visitor scrolls near it.
    expect(asked).toEqual([]);
    // The section's placeholder mounts with the chosen variant, on a busy machine after the
    // page's first paint: the visitor scrolls until it has come near (one scroll could find it
    // not yet observed, and nothing would ever load).
    const section = await waitFor(() => {
      scrollAllIntoView();
      return screen.getByTestId('price-history');
    });
    expect(await within(section).findByTestId('lowest-30')).toHaveTextContent('کمترین قیمت ۳۰ روز اخیر');
    expect(section).toHaveTextContent('کمترین قیمت در ۳۰ روز گذشته: ۷۳٬۲۰۰٬۰۰۰ تومان');
    const changes = within(section).getByTestId('price-changes');
    expect(changes).toHaveTextContent('از ۲۱ مهر ۱۴۰۴: ۷۶٬۰۰۰٬۰۰۰ تومان');
    expect(changes).toHaveTextContent('از ۱۰ آبان ۱۴۰۴: ۷۳٬۲۰۰٬۰۰۰ تومان');
    // The history asked for is the default variant's (the 18-month warranty, 82).
    expect(asked).toContain('?variant=82');
  });

  it('preselects the shop’s default warranty, not «بدون گارانتی», and says what each warranty covers', async () => {
    mockApi({ [PRODUCT]: withWarranties });
    renderApp('/product/lenovo-ideapad-slim-5');
    const box = await screen.findByTestId('warranties');
    expect(within(box).getByLabelText(/گارانتی ۱۸ ماهه آواژنگ/)).toBeChecked();
    expect(within(box).getByLabelText(/بدون گارانتی/)).not.toBeChecked();
    expect(screen.getByTestId('product-price')).toHaveTextContent('۷۵٬۷۰۰٬۰۰۰ تومان');
    expect(within(box).getAllByTestId('warranty-note').map((n) => n.textContent)).toEqual([NONE.DescriptionGaranti, W18.DescriptionGaranti]);
  });

  it('each warranty option shows what the price changes by when it is chosen', async () => {
    mockApi({ [PRODUCT]: withWarranties });
    renderApp('/product/lenovo-ideapad-slim-5');
    const box = await screen.findByTestId('warranties');
    const shown = (id: number) => toman(box.querySelector(`[data-testid="price-change"][data-id="${id}"]`)!.textContent!);
    const price = () => toman(screen.getByTestId('product-price').textContent!);
    // From the warranty down to none, then back up: each shown difference is the change.
    let before = price();
    const down = shown(81);
    fireEvent.click(within(box).getByLabelText(/بدون گارانتی/));
    expect(price() - before).toBe(down);
    before = price();
    const up = shown(82);
    expect(up).toBe(4_800_000);
    fireEvent.click(within(box).getByLabelText(/گارانتی ۱۸ ماهه آواژنگ/));
    expect(price() - before).toBe(up);
  });

  it('shows the instalment badge only for a chosen variant that can be paid in instalments', async () => {
    mockApi({ [PRODUCT]: withWarranties });
    renderApp('/product/lenovo-ideapad-slim-5');
    const box = await screen.findByTestId('warranties');
    expect(screen.getByTestId('instalment-badge')).toHaveTextContent('قابل خرید اقساطی');
    fireEvent.click(within(box).getByLabelText(/بدون گارانتی/));
    expect(screen.queryByTestId('instalment-badge')).toBeNull();
  });

  it('shows the product, its specs and the cheapest in-stock variant’s price', async () => {
    mockApi({ [PRODUCT]: () => ({ ...related, data: detail() }) });
    renderApp('/product/lenovo-ideapad-slim-5');
    expect(await screen.findByRole('heading', { level: 1, name: /لنوو آیدیاپد/ })).toBeInTheDocument();
    expect(screen.getByTestId('product-price')).toHaveTextContent('۴۸٬۵۰۰٬۰۰۰ تومان');
    expect(within(screen.getByTestId('spec-table')).getByText('۱۶ گیگابایت')).toBeInTheDocument();
    expect(screen.getByTestId('stock')).toHaveTextContent('موجود در انبار');
    const gallery = screen.getByTestId('gallery');
    const main = gallery.querySelector('img')!;
    expect(main.getAttribute('srcset')).toMatch(/-320\.webp 1x, .*-640\.webp 2x$/);
    expect(gallery.querySelector('source')!.getAttribute('srcset')).toMatch(/-640\.webp 1x, .*-1280\.webp 2x$/);
  });

  it('changing the warranty or the colour updates the price (price + warranty) and the stock state', async () => {
    mockApi({ [PRODUCT]: () => ({ ...related, data: detail() }) });
    renderApp('/product/lenovo-ideapad-slim-5');
    await screen.findByTestId('product-price');
    fireEvent.click(within(screen.getByTestId('warranties')).getByLabelText(/گارانتی ۲۴ ماهه طلایی/));
    expect(screen.getByTestId('product-price')).toHaveTextContent('۵۰٬۵۰۰٬۰۰۰ تومان');
    expect(screen.getByTestId('stock')).toHaveTextContent('تنها ۲ عدد در انبار');
    // Another colour keeps the chosen warranty when it has it.
    fireEvent.click(within(screen.getByTestId('colours')).getByLabelText('خاکستری تیره'));
    expect(screen.getByTestId('product-price')).toHaveTextContent('۵۱٬۹۰۰٬۰۰۰ تومان');
    // That colour without the golden warranty is out of stock: the button says so.
    fireEvent.click(within(screen.getByTestId('warranties')).getByLabelText(/گارانتی ۱۸ ماهه آواژنگ/));
    expect(screen.getByTestId('product-price')).toHaveTextContent('۴۹٬۹۰۰٬۰۰۰ تومان');
    expect(screen.getByTestId('add-to-cart')).toBeDisabled();
    expect(screen.getByTestId('stock')).toHaveTextContent('ناموجود');
  });

  it('the instalment calculator opens on the chosen variant’s price (price + warranty)', async () => {
    const api = mockApi({
      [PRODUCT]: () => ({ ...related, data: detail() }),
      '/api/client/v1/instalment/plans': () => ({
        status: 'ok',
        data: [{ Id: 1, Name: 'اقساط ۳ ماهه', DownPaymentPercent: 50, Months: 3, MonthlyRateBp: 0, MinTotal: 1_000_000, MaxTotal: 100_000_000 }],
      }),
    });
    renderApp('/product/lenovo-ideapad-slim-5');
    const box = await screen.findByTestId('instalment-box');
    // Closed: nothing is asked of the server until the visitor opens it.
    expect(api.callsTo('/api/client/v1/instalment/plans')).toHaveLength(0);
    fireEvent.click(within(box).getByText('محاسبهٔ خرید اقساطی'));
    (box as HTMLDetailsElement).open = true;
    fireEvent(box, new Event('toggle'));
    const schedule = await within(box).findByTestId('instalment-schedule');
    // 48,500,000: half down, 24,250,000 in three.
    expect(within(schedule).getByTestId('schedule-down-payment')).toHaveTextContent('۲۴٬۲۵۰٬۰۰۰ تومان');
    expect(within(schedule).getAllByText('۸٬۰۸۳٬۳۳۳ تومان')).toHaveLength(2);
    expect(within(schedule).getByText('۸٬۰۸۳٬۳۳۴ تومان')).toBeInTheDocument();
  });

  it('shows condition details for a used unit', async () => {
    mockApi({
      [PRODUCT]: () => ({
        ...related,
        data: detail({ Condition: 'used', ConditionLabel: 'استوک', ConditionDetails: { Grade: 'A+', BatteryHealth: 87, TestDays: 7 } }),
      }),
    });
    renderApp('/product/lenovo-ideapad-slim-5');
    const box = await screen.findByTestId('condition-details');
    expect(box).toHaveTextContent('A+');
    expect(box).toHaveTextContent('٪۸۷');
    expect(box).toHaveTextContent('۷ روز');
  });

  it('adopts the product JSON the server embedded in the HTML without asking the API', async () => {
    const name = 'لپ‌تاپ </script><b>"آزمایشی"</b>';
    // As server/src/seo/hero.rs writes it: `<`, `>` and `&` as \u escapes.
    const json = JSON.stringify({ status: 'ok', Related: [], data: detail({ Name: name }) })
      .replace(/</g, '\\u003c')
      .replace(/>/g, '\\u003e')
      .replace(/&/g, '\\u0026');
    const el = document.createElement('script');
    el.type = 'application/json';
    el.id = 'product-data';
    el.textContent = json;
    document.body.appendChild(el);
    const api = mockApi({ [PRODUCT]: () => ({ ...related, data: detail() }) });
    renderApp('/product/lenovo-ideapad-slim-5');
    expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
    expect(screen.getByTestId('product-price')).toHaveTextContent('۴۸٬۵۰۰٬۰۰۰ تومان');
    expect(screen.queryByLabelText('در حال بارگذاری…')).toBeNull();
    expect(document.getElementById('product-data')).toBeNull();
    expect(api.callsTo(PRODUCT)).toHaveLength(0);
  });

  it('ignores embedded JSON for another product and asks the API', async () => {
    const el = document.createElement('script');
    el.type = 'application/json';
    el.id = 'product-data';
    el.textContent = JSON.stringify({ status: 'ok', Related: [], data: detail({ Uid: 'other', Name: 'دیگری' }) });
    document.body.appendChild(el);
    const api = mockApi({ [PRODUCT]: () => ({ ...related, data: detail() }) });
    renderApp('/product/lenovo-ideapad-slim-5');
    expect(await screen.findByRole('heading', { level: 1, name: /لنوو آیدیاپد/ })).toBeInTheDocument();
    expect(api.callsTo(PRODUCT)).toHaveLength(1);
  });

  it('says when the product cannot be sent to the signed-in shopper’s city', async () => {
    const api = mockApi({
      [PRODUCT]: () => ({ ...related, data: detail() }),
      [REACH]: () => ({ status: 'ok', data: [{ ProductId: 7, Options: [], Everywhere: false, Cities: ['تهران'] }] }),
    });
    renderApp('/product/lenovo-ideapad-slim-5', { signedIn: true, city: 'تبریز' });
    const reach = await screen.findByTestId('delivery-reach');
    expect(reach).toHaveTextContent('ارسال این کالا به تبریز ممکن نیست');
    expect(reach).toHaveAttribute('data-state', 'none');
    expect(api.callsTo(REACH)[0].body).toEqual({ productids: [7], city: 'تبریز' });
  });

  it('says it can be sent to the signed-in shopper’s city when an option reaches it', async () => {
    mockApi({
      [PRODUCT]: () => ({ ...related, data: detail() }),
      [REACH]: () => ({ status: 'ok', data: [{ ProductId: 7, Options: [POST_OPTION], Everywhere: true, Cities: [] }] }),
    });
    renderApp('/product/lenovo-ideapad-slim-5', { signedIn: true, city: 'تهران' });
    expect(await screen.findByTestId('delivery-reach')).toHaveTextContent('قابل ارسال به تهران');
  });

  it('tells a signed-out shopper the cities the product reaches', async () => {
    const api = mockApi({
      [PRODUCT]: () => ({ ...related, data: detail() }),
      [REACH]: () => ({ status: 'ok', data: [{ ProductId: 7, Options: [], Everywhere: false, Cities: ['تهران', 'کرج'] }] }),
    });
    renderApp('/product/lenovo-ideapad-slim-5');
    expect(await screen.findByTestId('delivery-reach')).toHaveTextContent('فقط قابل ارسال به: تهران، کرج');
    expect(api.callsTo(REACH)[0].body).toEqual({ productids: [7], city: '' });
  });

  it('an unknown product shows the not-found page', async () => {
    mockApi({});
    renderApp('/product/no-such-thing');
    expect(await screen.findByRole('heading', { name: 'صفحه مورد نظر یافت نشد!' })).toBeInTheDocument();
  });
});
