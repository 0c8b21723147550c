import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/shared/testing/render';
import { mockApi } from '@/shared/testing/fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LIST = '/api/client/v1/order/list';
const INVOICE = '/api/client/v1/order/invoice';

const invoice = {
  Code: 'K7Q2M9XD',
  Status: 'paid',
  StatusLabel: 'پرداخت‌شده',
  Date: '۳ آذر ۱۴۰۵',
  CreatedAt: 0,
  Lines: [
    { Name: 'لپ‌تاپ لنوو', Color: 'نقره‌ای', Property: '16/512', NameGaranti: 'گارانتی ۲۴ ماهه طلایی', Num: 1, Price: 48_500_000, PriceGaranti: 2_000_000, LineTotal: 50_500_000 },
    { Name: 'لپ‌تاپ ایسوس', Color: 'مشکی', Property: '', NameGaranti: 'گارانتی ۱۸ ماهه آواژنگ', Num: 2, Price: 30_000_000, PriceGaranti: 0, LineTotal: 60_000_000 },
  ],
  DeliveryName: 'پیک تهران',
  DeliveryDescription: 'تحویل یک روزه',
  DeliveryPrice: 120_000,
  ItemsTotal: 110_500_000,
  WarrantyTotal: 2_000_000,
  Discount: 0,
  Payable: 110_620_000,
  PaymentMethod: 'full',
  Address: { Name: 'مریم احمدی', Mobile: '09123456789', State: 'تهران', City: 'تهران', Address: 'خیابان آزادی، کوچه ۱۲', PostalCode: '1234567890' },
  TrackingCode: null,
  RefId: '201',
  ExpiresAt: 0,
  Timeline: [
    { Status: 'registered', Label: 'ثبت‌شده', Date: '۳ آذر ۱۴۰۵', At: 0, Note: '' },
    { Status: 'paid', Label: 'پرداخت‌شده', Date: '۳ آذر ۱۴۰۵', At: 0, Note: 'شماره پیگیری ۲۰۱' },
  ],
};

describe('invoices', () => {
  it('/profile/factors lists every order with its state, Jalali date and amount, each opening its invoice', async () => {
    mockApi({
      [LIST]: () => ({
        status: 'ok',
        data: [
          { Code: 'K7Q2M9XD', Status: 'paid', StatusLabel: 'پرداخت‌شده', Date: '۳ آذر ۱۴۰۵', CreatedAt: 0, Count: 3, ItemsTotal: 110_500_000, DeliveryPrice: 120_000, Discount: 0, Payable: 110_620_000 },
          { Code: 'A1B2C3D4', Status: 'expired', StatusLabel: 'منقضی‌شده', Date: '۱ آذر ۱۴۰۵', CreatedAt: 0, Count: 1, ItemsTotal: 10_000_000, DeliveryPrice: 0, Discount: 0, Payable: 10_000_000 },
        ],
      }),
    });
    renderApp('/profile/factors', { signedIn: true });
    const rows = await screen.findAllByTestId('order-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveAttribute('href', '/profile/factors/K7Q2M9XD');
    expect(within(rows[0]).getByTestId('order-status')).toHaveTextContent('پرداخت‌شده');
    expect(rows[0]).toHaveTextContent('۳ آذر ۱۴۰۵');
    await waitFor(() => expect(rows[0]).toHaveTextContent('۱۱۰٬۶۲۰٬۰۰۰ تومان'));
    expect(rows[0]).toHaveTextContent('۳ کالا');
    expect(within(rows[1]).getByTestId('order-status')).toHaveTextContent('منقضی‌شده');
  });

  it('a shipped order shows its carrier and tracking code in the list and on the invoice', async () => {
    const shipped = { ...invoice, Status: 'shipped', StatusLabel: 'ارسال‌شده', Carrier: 'تیپاکس', TrackingCode: 'TPX-123456' };
    mockApi({
      [LIST]: () => ({
        status: 'ok',
        data: [{ Code: 'K7Q2M9XD', Status: 'shipped', StatusLabel: 'ارسال‌شده', Date: '۳ آذر ۱۴۰۵', CreatedAt: 0, Count: 3, ItemsTotal: 1, DeliveryPrice: 0, Discount: 0, Payable: 1, Carrier: 'تیپاکس', TrackingCode: 'TPX-123456' }],
      }),
      [INVOICE]: () => ({ status: 'ok', data: shipped }),
    });
    const { unmount } = renderApp('/profile/factors', { signedIn: true });
    expect(await screen.findByTestId('order-tracking')).toHaveTextContent('تیپاکس، کد رهگیری TPX-123456');
    unmount();
    renderApp('/profile/factors/K7Q2M9XD', { signedIn: true });
    expect(await screen.findByTestId('invoice-tracking')).toHaveTextContent('TPX-123456');
    expect(screen.getByText('شرکت حمل: تیپاکس')).toBeInTheDocument();
  });

  it('no orders yet: an honest empty state', async () => {
    mockApi({ [LIST]: () => ({ status: 'ok', data: [] }) });
    renderApp('/profile/factors', { signedIn: true });
    expect(await screen.findByText('هنوز سفارشی ثبت نکرده‌اید.')).toBeInTheDocument();
  });

  it('the invoice shows lines with warranty, delivery, totals in Persian digits and the timeline', async () => {
    const api = mockApi({ [INVOICE]: () => ({ status: 'ok', data: invoice }) });
    renderApp('/profile/factors/K7Q2M9XD', { signedIn: true });
    const lines = await screen.findByTestId('invoice-lines');
    expect(api.callsTo(INVOICE)[0].body).toEqual({ code: 'K7Q2M9XD' });
    expect(within(lines).getByText('گارانتی ۲۴ ماهه طلایی')).toBeInTheDocument();
    expect(lines.querySelectorAll('tbody tr')[1]).toHaveTextContent('تعداد: ۲');
    await waitFor(() => expect(within(lines).getByText('۵۰٬۵۰۰٬۰۰۰ تومان')).toBeInTheDocument());
    const totals = screen.getByTestId('invoice-totals');
    expect(totals).toHaveTextContent('۱۲۰٬۰۰۰ تومان');
    expect(totals).toHaveTextContent('۱۱۰٬۶۲۰٬۰۰۰ تومان');
    expect(screen.getByTestId('invoice-address')).toHaveTextContent('۱۲۳۴۵۶۷۸۹۰');
    expect(screen.getByText('پیک تهران')).toBeInTheDocument();
    const timeline = screen.getByTestId('invoice-timeline');
    expect(within(timeline).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'ثبت‌شده، ۳ آذر ۱۴۰۵',
      'پرداخت‌شده، ۳ آذر ۱۴۰۵شماره پیگیری ۲۰۱',
    ]);
    expect(screen.getByRole('button', { name: 'چاپ فاکتور' })).toBeInTheDocument();
  });

  it("someone else's or an unknown invoice code shows a Persian message and nothing of an order", async () => {
    mockApi({
      [INVOICE]: () => new Response(JSON.stringify({ status: 'error', message: 'سفارش پیدا نشد', field: 'code' }), { status: 404, headers: { 'Content-Type': 'application/json' } }),
    });
    renderApp('/profile/factors/ZZZZ9999', { signedIn: true });
    expect(await screen.findByText('فاکتوری با این کد در حساب کاربری شما پیدا نشد.')).toBeInTheDocument();
    expect(screen.queryByTestId('invoice')).toBeNull();
  });
});
