import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@/shared/api';
import { renderApp } from '@/shared/testing/render';
import { mockApi } from '@/shared/testing/fixtures';
import { lowContrastText } from '@/shared/testing/contrast';

type Summary = components['schemas']['CheckoutSummary'];

afterEach(() => {
  vi.unstubAllGlobals();
});

const PREORDER = '/api/client/v1/order/list/preorder';
const ADDRESSES = '/api/client/v1/address/list';
const SUMMARY = '/api/client/v1/order/summary';
const REGISTER = '/api/client/v1/order/register';
const START = '/api/client/v1/payment/start';
const PLANS = '/api/client/v1/instalment/plans';

const cartLine = { Id: 31, OrderId: 12, SupProductId: 7, SupProductIdDetail: 72, Num: 2, Name: 'لپ‌تاپ لنوو', Price: 48_500_000, PriceGaranti: 2_000_000, NameGaranti: 'گارانتی ۲۴ ماهه طلایی', DG: '7-2', Property: '', Color: 'نقره‌ای', InsPayment: true };
const preorder = { status: 'ok', data: [cartLine], OrderTotalPrice: 101_000_000, FinalPrice: 101_000_000, Code: 'K7Q2M9XD', OrderId: 12 };
const tehran = { Id: 3, Name: 'مریم احمدی', Mobile: '09123456789', State: 'تهران', City: 'تهران', Address: 'خیابان آزادی، کوچه ۱۲', PostalCode: '1234567890', IsDefault: true };
const shiraz = { Id: 4, Name: 'علی رضایی', Mobile: '09351234567', State: 'فارس', City: 'شیراز', Address: 'خیابان زند، پلاک ۹', PostalCode: '7134567890', IsDefault: false };

const options = {
  3: [
    { Id: 1, Name: 'پیک تهران', Description: 'تحویل یک روزه', Price: 120_000, Priority: 0, CityActive: [{ name: 'تهران' }], Estimate: 'همان روز', Pickup: false },
    { Id: 2, Name: 'پست پیشتاز', Description: 'ارسال به سراسر کشور', Price: 90_000, Priority: 1, CityActive: [{ name: 'همه' }], Estimate: '۳ تا ۵ روز کاری', Pickup: false },
    { Id: 5, Name: 'تحویل حضوری', Description: 'از فروشگاه', Price: 0, Priority: 3, CityActive: [{ name: 'همه' }], Estimate: '', Pickup: true },
  ],
  4: [{ Id: 2, Name: 'پست پیشتاز', Description: 'ارسال به سراسر کشور', Price: 90_000, Priority: 1, CityActive: [{ name: 'همه' }], Estimate: '۳ تا ۵ روز کاری', Pickup: false }],
} as Record<number, Summary['DeliveryOptions']>;

function quote(addressid: number, deliveryid: number | null, over: Partial<Summary> = {}): Summary {
  const d = options[addressid].find((o) => o.Id === deliveryid);
  const price = d?.Price ?? 0;
  return {
    OrderId: 12,
    Lines: [{ Id: 31, SupProductId: 7, SupProductIdDetail: 72, Num: 2, Name: 'لپ‌تاپ لنوو', Color: 'نقره‌ای', NameGaranti: 'گارانتی ۲۴ ماهه طلایی', Property: '', Price: 48_500_000, PriceGaranti: 2_000_000, OldPrice: 48_500_000, OldPriceGaranti: 2_000_000, PriceChanged: false, LineTotal: 101_000_000, InsPayment: true, Available: true }],
    ItemsTotal: 101_000_000,
    DeliveryPrice: price,
    Discount: 0,
    Payable: 101_000_000 + price,
    PayNow: 101_000_000 + price,
    InstalmentEligible: true,
    PaymentMethods: ['full'],
    City: addressid === 3 ? 'تهران' : 'شیراز',
    AddressId: addressid,
    DeliveryOptions: options[addressid],
    DeliveryId: d ? d.Id : undefined,
    PriceChanged: false,
    OrderTotalPrice: 101_000_000,
    FinalPrice: 101_000_000,
    ...over,
  };
}

/** The server's schedule for plan 5 (30% down, 6 months, 2% a month) on 101,120,000. */
const plan5: NonNullable<Summary['Instalment']> = {
  PlanId: 5,
  PlanName: 'اقساط ۶ ماهه',
  DownPayment: 30_336_000,
  Charge: 8_494_080,
  Financed: 79_278_080,
  TotalCost: 109_614_080,
  Instalments: [1, 2, 3, 4, 5, 6].map((n) => ({ Number: n, Amount: n === 6 ? 13_213_015 : 13_213_013, Due: `${['۱۵ دی', '۱۵ بهمن', '۱۵ اسفند', '۱۵ فروردین', '۱۵ اردیبهشت', '۱۵ خرداد'][n - 1]} ۱۴۰۵` })),
};

const summaryHandler = (_: URL, request: Request) =>
  request.json().then((b: { addressid: number; deliveryid?: number; planid?: number }) =>
    quote(b.addressid, b.deliveryid ?? null, b.planid === 5 ? { Instalment: plan5, PayNow: plan5.DownPayment } : {}),
  );

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function openPage(routes: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  const api = mockApi({
    [PREORDER]: () => preorder,
    [ADDRESSES]: () => ({ status: 'ok', data: [tehran, shiraz] }),
    [SUMMARY]: summaryHandler,
    ...routes,
  });
  const utils = renderApp('/profile/cart/order-register', { signedIn: true });
  await waitFor(() => expect(screen.getByTestId('payable')).toHaveTextContent('۱۰۱٬۱۲۰٬۰۰۰ تومان'));
  return { ...utils, api };
}

const payButton = () => screen.getByRole('button', { name: 'پرداخت' });

describe('order registration', () => {
  it('without an address the customer is sent to the first-time page', async () => {
    mockApi({ [PREORDER]: () => preorder, [ADDRESSES]: () => ({ status: 'ok', data: [] }) });
    const { router } = renderApp('/profile/cart/order-register', { signedIn: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/cart/first-time'));
  });

  it('an empty cart shows the empty state and no summary', async () => {
    const api = mockApi({ [PREORDER]: () => ({ ...preorder, data: [], OrderId: null, Code: null }), [ADDRESSES]: () => ({ status: 'ok', data: [tehran] }) });
    renderApp('/profile/cart/order-register', { signedIn: true });
    expect(await screen.findByText(/سبد خرید شما خالی است/)).toBeInTheDocument();
    expect(api.callsTo(SUMMARY)).toHaveLength(0);
  });

  it("shows the default address's delivery options with price and time, and every amount from the server", async () => {
    const { api } = await openPage();
    const delivery = screen.getByTestId('delivery-options');
    expect(within(delivery).getByText('پیک تهران')).toBeInTheDocument();
    expect(within(delivery).getByText('تحویل یک روزه')).toBeInTheDocument();
    expect(within(delivery).getByText('۱۲۰٬۰۰۰ تومان')).toBeInTheDocument();
    expect(within(delivery).getByRole('radio', { name: /پیک تهران/ })).toBeChecked();
    expect(screen.getByTestId('items-total')).toHaveTextContent('۱۰۱٬۰۰۰٬۰۰۰ تومان');
    expect(screen.getByTestId('delivery-price')).toHaveTextContent('۱۲۰٬۰۰۰ تومان');
    expect(api.callsTo(SUMMARY).at(-1)!.body).toEqual({ orderid: 12, addressid: 3, deliveryid: 1 });
    // Every line allows instalments: offered, but full payment is the default.
    expect(screen.getByRole('radio', { name: /پرداخت اقساطی/ })).toBeEnabled();
    expect(screen.getByRole('radio', { name: /پرداخت کامل/ })).toBeChecked();
  });

  it('each delivery option shows its price and how long it takes', async () => {
    await openPage();
    const post = screen.getByRole('radio', { name: /پست پیشتاز/ }).closest('label')!;
    expect(within(post).getByText('۹۰٬۰۰۰ تومان')).toBeInTheDocument();
    expect(within(post).getByTestId('delivery-estimate')).toHaveTextContent('زمان تحویل: ۳ تا ۵ روز کاری');
    const courier = screen.getByRole('radio', { name: /پیک تهران/ }).closest('label')!;
    expect(within(courier).getByTestId('delivery-estimate')).toHaveTextContent('زمان تحویل: همان روز');
  });

  it('the chosen delivery option and the refused instalment method keep their text at WCAG AA contrast', async () => {
    await openPage({
      [SUMMARY]: (_: URL, request: Request) =>
        request.json().then((b: { addressid: number; deliveryid?: number }) => quote(b.addressid, b.deliveryid ?? null, { InstalmentEligible: false })),
    });
    fireEvent.click(screen.getByRole('radio', { name: /پست پیشتاز/ }));
    expect(screen.getByRole('radio', { name: /پست پیشتاز/ }).closest('label')!.className).toContain('bg-brand-50');
    expect(lowContrastText(document.body)).toEqual([]);
  });

  it('a cart with a line that does not allow instalments does not offer them', async () => {
    await openPage({
      [SUMMARY]: (_: URL, request: Request) =>
        request.json().then((b: { addressid: number; deliveryid?: number }) => quote(b.addressid, b.deliveryid ?? null, { InstalmentEligible: false })),
    });
    expect(screen.getByRole('radio', { name: /پرداخت اقساطی/ })).toBeDisabled();
    expect(screen.getByText('همهٔ کالاهای این سبد امکان خرید اقساطی ندارند')).toBeInTheDocument();
  });

  it('in instalments: the plans with the core monthly amount, the server schedule and the down payment as what is paid now', async () => {
    const seen: { path: string; body: unknown }[] = [];
    const record = (answer: unknown) => async (url: URL, request: Request) => {
      seen.push({ path: url.pathname, body: await request.json() });
      return answer;
    };
    await openPage({
      [PLANS]: () => ({
        status: 'ok',
        data: [
          { Id: 5, Name: 'اقساط ۶ ماهه', DownPaymentPercent: 30, Months: 6, MonthlyRateBp: 200, MinTotal: 10_000_000, MaxTotal: 200_000_000 },
          { Id: 6, Name: 'اقساط ارزان', DownPaymentPercent: 50, Months: 3, MonthlyRateBp: 0, MinTotal: 1_000_000, MaxTotal: 50_000_000 },
        ],
      }),
      [REGISTER]: record({ status: 'ok', order: { Code: 'K7Q2M9XD', Status: 'registered', Payable: 101_120_000, ExpiresAt: 0 } }),
      [START]: record({ status: 'ok', url: 'about:blank#bank', authority: 'S1' }),
    });
    fireEvent.click(screen.getByRole('radio', { name: /پرداخت اقساطی/ }));
    // The plans' placeholder has the same test id while they load: wait for a plan itself.
    const cheap = await screen.findByRole('radio', { name: /اقساط ارزان/ });
    const plans = screen.getByTestId('instalment-plans');
    // 101,120,000 is above the second plan's maximum: it says so and cannot be chosen.
    expect(cheap).toBeDisabled();
    expect(within(plans).getByText('مبلغ سفارش برای این طرح اقساطی باید حداکثر ۵۰٬۰۰۰٬۰۰۰ تومان باشد')).toBeInTheDocument();
    // Until a plan is chosen, «پرداخت» waits.
    expect(payButton()).toBeDisabled();
    // The core's monthly amount for the payable (the same rule the server runs) beside the plan.
    expect(within(plans).getByText(/۱۳٬۲۱۳٬۰۱۳ تومان/)).toBeInTheDocument();
    fireEvent.click(within(plans).getByRole('radio', { name: /اقساط ۶ ماهه/ }));
    // The server's figures for that plan: what is paid now is the down payment, not the payable.
    await waitFor(() => expect(screen.getByTestId('pay-now')).toHaveTextContent('۳۰٬۳۳۶٬۰۰۰ تومان'));
    expect(screen.getByText('پرداخت اکنون (پیش‌پرداخت)')).toBeInTheDocument();
    expect(screen.getByText('مبلغ سفارش')).toBeInTheDocument();
    expect(screen.queryByText('مبلغ قابل پرداخت')).toBeNull();
    expect(screen.getByTestId('instalment-charge')).toHaveTextContent('۸٬۴۹۴٬۰۸۰ تومان');
    expect(screen.getByTestId('total-cost')).toHaveTextContent('۱۰۹٬۶۱۴٬۰۸۰ تومان');
    const schedule = screen.getByTestId('summary-schedule');
    expect(within(schedule).getAllByTestId('summary-instalment')).toHaveLength(6);
    expect(within(schedule).getAllByText('۱۳٬۲۱۳٬۰۱۳ تومان')).toHaveLength(5);
    expect(within(schedule).getByText('۱۳٬۲۱۳٬۰۱۵ تومان')).toBeInTheDocument();
    expect(within(schedule).getByText('۱۵ دی ۱۴۰۵')).toBeInTheDocument();
    expect(schedule.textContent).not.toMatch(/[0-9]/);
    // One schedule on the page: the server's (the calculator shows none here).
    expect(within(plans).queryByTestId('instalment-schedule')).toBeNull();
    fireEvent.click(payButton());
    await waitFor(() => expect(seen.map((x) => x.path)).toEqual([REGISTER, START]));
    expect(seen[0].body).toEqual({ orderid: 12, addressid: 3, deliveryid: 1, paymentmethod: 'instalment', planid: 5, acceptprices: false, payable: 101_120_000 });
  });

  it("choosing another address asks for that city's options and drops the old choice", async () => {
    const { api } = await openPage();
    fireEvent.click(screen.getByRole('radio', { name: /علی رضایی/ }));
    await waitFor(() => expect(screen.getByTestId('payable')).toHaveTextContent('۱۰۱٬۰۹۰٬۰۰۰ تومان'));
    expect(within(screen.getByTestId('delivery-options')).queryByText('پیک تهران')).toBeNull();
    const bodies = api.callsTo(SUMMARY).map((c) => c.body);
    expect(bodies).toContainEqual({ orderid: 12, addressid: 4 });
    expect(bodies.at(-1)).toEqual({ orderid: 12, addressid: 4, deliveryid: 2 });
  });

  it('«پرداخت» registers with an Idempotency-Key, starts the payment with another and goes to the bank', async () => {
    const seen: { path: string; key: string | null; body: unknown }[] = [];
    const record = (answer: unknown) => async (url: URL, request: Request) => {
      seen.push({ path: url.pathname, key: request.headers.get('Idempotency-Key'), body: await request.json() });
      return answer;
    };
    await openPage({
      [REGISTER]: record({ status: 'ok', order: { Code: 'K7Q2M9XD', Status: 'registered', Payable: 101_120_000, ExpiresAt: 0 } }),
      [START]: record({ status: 'ok', url: 'about:blank#bank', authority: 'S1' }),
    });
    fireEvent.click(payButton());
    await waitFor(() => expect(seen.map((s) => s.path)).toEqual([REGISTER, START]));
    expect(seen[0].body).toEqual({ orderid: 12, addressid: 3, deliveryid: 1, paymentmethod: 'full', acceptprices: false, payable: 101_120_000 });
    expect(seen[1].body).toEqual({ code: 'K7Q2M9XD' });
    expect(seen[0].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[1].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[1].key).not.toBe(seen[0].key);
  });

  it('the single retry of a failed registration reuses its key; the next click sends a new one', async () => {
    const keys: (string | null)[] = [];
    let n = 0;
    await openPage({
      [REGISTER]: (_: URL, request: Request) => {
        keys.push(request.headers.get('Idempotency-Key'));
        n += 1;
        return json(503, { status: 'error', message: 'سرور موقتا در دسترس نیست', field: null });
      },
    });
    fireEvent.click(payButton());
    await waitFor(() => expect(n).toBe(2));
    expect(await screen.findByTestId('pay-error')).toHaveTextContent('سرور موقتا در دسترس نیست');
    expect(keys[1]).toBe(keys[0]);
    await waitFor(() => expect(payButton()).toBeEnabled());
    fireEvent.click(payButton());
    await waitFor(() => expect(n).toBe(4));
    expect(keys[2]).toBe(keys[3]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('a price-changed answer shows old and new prices and pays only after the customer confirms', async () => {
    const bodies: unknown[] = [];
    const moved = quote(3, 1, {
      Lines: [{ ...quote(3, 1).Lines[0], Price: 49_000_000, OldPrice: 48_500_000, PriceChanged: true, LineTotal: 102_000_000 }],
      ItemsTotal: 102_000_000,
      Payable: 102_120_000,
      PriceChanged: true,
    });
    await openPage({
      [REGISTER]: async (_: URL, request: Request) => {
        const body = (await request.json()) as { acceptprices: boolean };
        bodies.push(body);
        return body.acceptprices
          ? { status: 'ok', order: { Code: 'K7Q2M9XD', Status: 'registered', Payable: 102_120_000, ExpiresAt: 0 } }
          : { status: 'price_changed', message: 'قیمت یا مبلغ سبد خرید شما تغییر کرده است', summary: moved };
      },
      [START]: () => ({ status: 'ok', url: 'about:blank#bank', authority: 'S1' }),
    });
    fireEvent.click(payButton());
    const notice = await screen.findByTestId('price-changed');
    expect(notice).toHaveTextContent('قیمت یا مبلغ سبد خرید شما تغییر کرده است');
    expect(within(notice).getByText('۵۰٬۵۰۰٬۰۰۰ تومان')).toHaveClass('line-through');
    expect(within(notice).getByText('۵۱٬۰۰۰٬۰۰۰ تومان')).toBeInTheDocument();
    expect(screen.getByTestId('payable')).toHaveTextContent('۱۰۲٬۱۲۰٬۰۰۰ تومان');
    expect(payButton()).toBeDisabled();
    fireEvent.click(within(notice).getByRole('checkbox', { name: 'قیمت‌های جدید را می‌پذیرم' }));
    fireEvent.click(payButton());
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ acceptprices: true, payable: 102_120_000 });
  });

  it('a product no longer in stock is named and nothing is paid', async () => {
    const { api } = await openPage({
      [REGISTER]: () => ({ status: 'not', Name: 'لپ‌تاپ لنوو', message: 'موجودی «لپ‌تاپ لنوو» کافی نیست' }),
    });
    fireEvent.click(payButton());
    expect(await screen.findByTestId('pay-error')).toHaveTextContent('موجودی «لپ‌تاپ لنوو» کافی نیست');
    expect(api.callsTo(START)).toHaveLength(0);
  });

  it("offers the address city's delivery slots as a radio group and registers with the chosen one", async () => {
    const SLOTS = '/api/client/v1/order/get/delivery/slots';
    const slots = [
      { Id: 41, Label: 'چهارشنبه ۱۱ آذر، ساعت ۹ تا ۱۲', Day: '1405/09/11', Left: 3 },
      { Id: 42, Label: 'چهارشنبه ۱۱ آذر، ساعت ۱۴ تا ۱۸', Day: '1405/09/11', Left: 1 },
    ];
    const seen: unknown[] = [];
    const { api } = await openPage({
      [SLOTS]: (_: URL, request: Request) => request.json().then((b: { city: string }) => ({ status: 'ok', data: b.city === 'تهران' ? slots : [] })),
      [REGISTER]: async (_: URL, request: Request) => {
        seen.push(await request.json());
        return json(422, { status: 'error', message: 'ظرفیت این بازهٔ ارسال پر شده است؛ لطفا بازهٔ دیگری انتخاب کنید', field: 'slotid' });
      },
    });
    const group = await screen.findByTestId('delivery-slots');
    expect(within(group).getByRole('radio', { name: /هر زمان/ })).toBeChecked();
    expect(within(group).getByText('۱ جای خالی')).toBeInTheDocument();
    fireEvent.click(within(group).getByRole('radio', { name: /ساعت ۹ تا ۱۲/ }));
    fireEvent.click(payButton());
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toMatchObject({ slotid: 41, addressid: 3 });
    // The full slot is said at the slots, the choice dropped and the list asked again.
    expect(await screen.findByTestId('slot-error')).toHaveTextContent('ظرفیت این بازهٔ ارسال پر شده است');
    expect(within(screen.getByTestId('delivery-slots')).getByRole('radio', { name: /هر زمان/ })).toBeChecked();
    await waitFor(() => expect(api.callsTo(SLOTS).length).toBeGreaterThanOrEqual(2));
    // The in-store pickup has no courier: no slots with it, and none sent.
    fireEvent.click(screen.getByRole('radio', { name: /تحویل حضوری/ }));
    await waitFor(() => expect(screen.queryByTestId('delivery-slots')).toBeNull());
    fireEvent.click(screen.getByRole('radio', { name: /پیک تهران/ }));
    expect(await screen.findByTestId('delivery-slots')).toBeInTheDocument();
    // Shiraz has none: no slots shown.
    fireEvent.click(screen.getByRole('radio', { name: /علی رضایی/ }));
    await waitFor(() => expect(screen.queryByTestId('delivery-slots')).toBeNull());
    expect(api.callsTo(SLOTS).at(-1)?.body).toEqual({ city: 'شیراز' });
  });
});
