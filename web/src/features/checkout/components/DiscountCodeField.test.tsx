import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@/shared/api';
import { renderApp } from '@/shared/testing/render';
import { mockApi } from '@/shared/testing/fixtures';

type Summary = components['schemas']['CheckoutSummary'];

afterEach(() => {
  vi.unstubAllGlobals();
});

const PREORDER = '/api/client/v1/order/list/preorder';
const ADDRESSES = '/api/client/v1/address/list';
const SUMMARY = '/api/client/v1/order/summary';
const REGISTER = '/api/client/v1/order/register';
const START = '/api/client/v1/payment/start';
const APPLY = '/api/client/v1/order/discount/apply';
const REMOVE = '/api/client/v1/order/discount/remove';

const line = { Id: 31, OrderId: 12, SupProductId: 7, SupProductIdDetail: 72, Num: 1, Name: 'لپ‌تاپ لنوو', Price: 48_000_000, PriceGaranti: 2_000_000, NameGaranti: 'گارانتی طلایی', DG: '7-2', Property: '', Color: 'نقره‌ای', InsPayment: true };
const preorder = { status: 'ok', data: [line], OrderTotalPrice: 50_000_000, FinalPrice: 50_000_000, Code: 'K7Q2M9XD', OrderId: 12 };
const home = { Id: 3, Name: 'مریم احمدی', Mobile: '09123456789', State: 'تهران', City: 'تهران', Address: 'خیابان آزادی، کوچه ۱۲', PostalCode: '1234567890', IsDefault: true };
const post = { Id: 2, Name: 'پست پیشتاز', Description: 'تحویل ۳ تا ۵ روز کاری', Price: 100_000, Priority: 1, CityActive: [{ name: 'همه' }], Estimate: '', Pickup: false };

/**
 * The server: the cart keeps one code (`kept`); `discount/apply` keeps OFF10 (10% of the items)
 * and refuses any other code with `refusal`; `discount/remove` takes it off; every summary
 * applies the kept one.
 */
function server(refusal = 'مهلت استفاده از این کد تخفیف به پایان رسیده است', kept: { code: string | null; notice?: string } = { code: null }) {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const answer = (b: { deliveryid?: number }): Summary => {
    const discount = kept.code ? 5_000_000 : 0;
    const notice = kept.notice;
    kept.notice = undefined;
    return {
      OrderId: 12,
      Lines: [{ Id: 31, SupProductId: 7, SupProductIdDetail: 72, Num: 1, Name: line.Name, Color: line.Color, NameGaranti: line.NameGaranti, Property: '', Price: line.Price, PriceGaranti: line.PriceGaranti, OldPrice: line.Price, OldPriceGaranti: line.PriceGaranti, PriceChanged: false, LineTotal: 50_000_000, InsPayment: true, Available: true }],
      ItemsTotal: 50_000_000,
      DeliveryPrice: b.deliveryid ? post.Price : 0,
      Discount: discount,
      Payable: 50_000_000 - discount + (b.deliveryid ? post.Price : 0),
      PayNow: 50_000_000 - discount + (b.deliveryid ? post.Price : 0),
      InstalmentEligible: true,
      PaymentMethods: ['full'],
      City: 'تهران',
      AddressId: 3,
      DeliveryOptions: [post],
      DeliveryId: b.deliveryid,
      PriceChanged: false,
      DiscountCode: kept.code ?? undefined,
      DiscountNotice: notice,
      OrderTotalPrice: 50_000_000,
      FinalPrice: 50_000_000 - discount,
    };
  };
  return {
    kept,
    [SUMMARY]: async (_: URL, r: Request) => answer((await r.json()) as { deliveryid?: number }),
    [APPLY]: async (_: URL, r: Request) => {
      const b = (await r.json()) as { deliveryid?: number; discountcode?: string };
      if (b.discountcode?.trim().toUpperCase() !== 'OFF10') return json(422, { status: 'error', message: refusal, field: 'discountcode' });
      kept.code = 'OFF10';
      return answer(b);
    },
    [REMOVE]: async (_: URL, r: Request) => {
      kept.code = null;
      return answer((await r.json()) as { deliveryid?: number });
    },
  };
}

async function openPage(routes: Record<string, Parameters<typeof mockApi>[0][string]> = {}, srv = server(), payable = '۵۰٬۱۰۰٬۰۰۰ تومان') {
  const { kept, ...handlers } = srv;
  const api = mockApi({ [PREORDER]: () => preorder, [ADDRESSES]: () => ({ status: 'ok', data: [home] }), ...handlers, ...routes });
  const utils = renderApp('/profile/cart/order-register', { signedIn: true });
  await waitFor(() => expect(screen.getByTestId('payable')).toHaveTextContent(payable));
  return { ...utils, api, kept };
}

function typeCode(text: string) {
  const field = within(screen.getByTestId('discount-code')).getByRole('textbox', { name: /کد تخفیف/ });
  fireEvent.change(field, { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'اعمال' }));
}

describe('discount code at order registration', () => {
  it('«اعمال» is off until something is typed', async () => {
    const { api } = await openPage();
    expect(screen.getByRole('button', { name: 'اعمال' })).toBeDisabled();
    expect(api.callsTo(APPLY)).toHaveLength(0);
  });

  it('an accepted code is kept on the cart by the server and shows the discount it computed', async () => {
    const seen: unknown[] = [];
    const { api } = await openPage({
      [REGISTER]: async (_: URL, r: Request) => {
        seen.push(await r.json());
        return { status: 'ok', order: { Code: 'K7Q2M9XD', Status: 'registered', Payable: 45_100_000, OrderTotalPrice: 50_000_000, FinalPrice: 45_000_000, Discount: 5_000_000, ExpiresAt: 0 } };
      },
      [START]: () => ({ status: 'ok', url: 'about:blank#bank', authority: 'S1' }),
    });
    typeCode('off10');
    await waitFor(() => expect(screen.getByTestId('payable')).toHaveTextContent('۴۵٬۱۰۰٬۰۰۰ تومان'));
    expect(api.callsTo(APPLY).at(-1)!.body).toMatchObject({ orderid: 12, addressid: 3, discountcode: 'off10' });
    expect(screen.getByTestId('discount-applied')).toHaveTextContent('OFF10');
    expect(screen.getByText('تخفیف (کد OFF10)')).toBeInTheDocument();
    expect(screen.getByText('۵٬۰۰۰٬۰۰۰ تومان')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'پرداخت' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    // The server applies the cart's code: the request carries the payable seen with it.
    expect(seen[0]).toMatchObject({ payable: 45_100_000 });
  });

  it('a code kept on the cart is shown applied when the page opens (another visit, reload or device)', async () => {
    await openPage({}, server(undefined, { code: 'OFF10' }), '۴۵٬۱۰۰٬۰۰۰ تومان');
    expect(screen.getByTestId('discount-applied')).toHaveTextContent('OFF10');
  });

  it("a refused code shows the server's Persian reason under the field and changes no amount", async () => {
    const { api } = await openPage();
    typeCode('OLD2024');
    const error = await screen.findByTestId('discount-error');
    expect(error).toHaveTextContent('مهلت استفاده از این کد تخفیف به پایان رسیده است');
    expect(within(screen.getByTestId('discount-code')).getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('payable')).toHaveTextContent('۵۰٬۱۰۰٬۰۰۰ تومان');
    expect(screen.queryByTestId('discount-applied')).toBeNull();
    expect(screen.queryByTestId('pay-error')).toBeNull();
    expect(api.callsTo(APPLY).at(-1)!.body).toMatchObject({ discountcode: 'OLD2024' });
  });

  it("a kept code the server took off (it stopped applying) shows the server's sentence at the field", async () => {
    const notice = 'کد تخفیف OFF10 از سبد خرید شما برداشته شد: مهلت استفاده از این کد تخفیف به پایان رسیده است';
    await openPage({}, server(undefined, { code: null, notice }));
    expect(screen.getByTestId('discount-error')).toHaveTextContent(notice);
    expect(screen.queryByTestId('discount-applied')).toBeNull();
  });

  it('a code whose last use went at the last moment is explained and the summary asked again', async () => {
    const srv = server();
    const { api } = await openPage(
      {
        [REGISTER]: () => {
          // The server's next summary no longer finds the code usable and drops it.
          srv.kept.code = null;
          return new Response(JSON.stringify({ status: 'error', message: 'ظرفیت استفاده از این کد تخفیف تمام شده است', field: 'discountcode' }), {
            status: 422,
            headers: { 'Content-Type': 'application/json' },
          });
        },
      },
      srv,
    );
    typeCode('OFF10');
    await waitFor(() => expect(screen.getByTestId('payable')).toHaveTextContent('۴۵٬۱۰۰٬۰۰۰ تومان'));
    const before = api.callsTo(SUMMARY).length;
    fireEvent.click(screen.getByRole('button', { name: 'پرداخت' }));
    expect(await screen.findByTestId('discount-error')).toHaveTextContent('ظرفیت استفاده از این کد تخفیف تمام شده است');
    await waitFor(() => expect(screen.getByTestId('payable')).toHaveTextContent('۵۰٬۱۰۰٬۰۰۰ تومان'));
    expect(api.callsTo(SUMMARY).length).toBeGreaterThan(before);
    expect(api.callsTo(START)).toHaveLength(0);
  });

  it('«حذف کد» takes the code off the cart and the discount with it', async () => {
    const { api } = await openPage();
    typeCode('OFF10');
    await screen.findByTestId('discount-applied');
    fireEvent.click(screen.getByRole('button', { name: 'حذف کد' }));
    await waitFor(() => expect(screen.getByTestId('payable')).toHaveTextContent('۵۰٬۱۰۰٬۰۰۰ تومان'));
    expect(api.callsTo(REMOVE)).toHaveLength(1);
    expect(screen.queryByText(/تخفیف \(کد/)).toBeNull();
  });
});
