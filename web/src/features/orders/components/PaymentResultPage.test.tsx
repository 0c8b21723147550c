import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/shared/testing/render';
import { mockApi } from '@/shared/testing/fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const RESULT = '/api/client/v1/payment/result';
const START = '/api/client/v1/payment/start';
const CANCEL = '/api/client/v1/order/cancel';

const paid = {
  status: 'ok',
  Code: 'K7Q2M9XD',
  OrderStatus: 'paid',
  OrderStatusLabel: 'پرداخت‌شده',
  PaymentStatus: 'paid',
  Amount: 101_120_000,
  RefId: '201',
  CardPan: null,
  Date: '۳ آذر ۱۴۰۵',
  RefundNeeded: false,
  Message: 'پرداخت با موفقیت انجام شد.',
};
const failed = { ...paid, OrderStatus: 'awaiting_payment', OrderStatusLabel: 'در انتظار پرداخت', PaymentStatus: 'failed', RefId: null, Message: 'پرداخت انجام نشد. سبد خرید شما دست‌نخورده است و می‌توانید دوباره پرداخت کنید.' };

const notFound = () =>
  new Response(JSON.stringify({ status: 'error', message: 'سفارش پیدا نشد', field: 'code' }), { status: 404, headers: { 'Content-Type': 'application/json' } });

describe('payment result pages', () => {
  it('/success-payment shows the real order: code, amount, reference id and Jalali date', async () => {
    const api = mockApi({ [RESULT]: () => paid });
    renderApp('/success-payment?code=K7Q2M9XD', { signedIn: true });
    expect(await screen.findByTestId('order-code')).toHaveTextContent('K7Q2M9XD');
    await waitFor(() => expect(screen.getByTestId('amount')).toHaveTextContent('۱۰۱٬۱۲۰٬۰۰۰ تومان'));
    expect(screen.getByTestId('ref-id')).toHaveTextContent('۲۰۱');
    expect(screen.getByTestId('date')).toHaveTextContent('۳ آذر ۱۴۰۵');
    expect(screen.getByText('پرداخت شما با موفقیت انجام شد.')).toBeInTheDocument();
    expect(api.callsTo(RESULT)[0].body).toEqual({ code: 'K7Q2M9XD' });
  });

  it("an unknown or someone else's code shows a Persian message and no success", async () => {
    mockApi({ [RESULT]: notFound });
    renderApp('/success-payment?code=ZZZZ9999', { signedIn: true });
    expect(await screen.findByTestId('unknown-order')).toHaveTextContent('سفارشی با این کد در حساب کاربری شما پیدا نشد.');
    expect(screen.queryByText(/موفقیت/)).toBeNull();
    expect(screen.queryByTestId('amount')).toBeNull();
  });

  it('a missing or malformed code asks nothing of the server', async () => {
    const api = mockApi({ [RESULT]: () => paid });
    renderApp('/success-payment?code=<script>', { signedIn: true });
    expect(await screen.findByTestId('unknown-order')).toHaveTextContent('کد سفارش در نشانی این صفحه نیست.');
    expect(api.callsTo(RESULT)).toHaveLength(0);
  });

  it('/success-payment for an order that is not paid says so', async () => {
    mockApi({ [RESULT]: () => failed });
    renderApp('/success-payment?code=K7Q2M9XD', { signedIn: true });
    expect(await screen.findByText('پرداختی برای این سفارش تایید نشده است.')).toBeInTheDocument();
    expect(screen.queryByText('پرداخت شما با موفقیت انجام شد.')).toBeNull();
  });

  it('/error-payment for an order still held offers «پرداخت» (a new attempt for the same order) and «لغو سفارش»', async () => {
    const keys: (string | null)[] = [];
    let cancelled = false;
    const api = mockApi({
      [RESULT]: () => (cancelled ? { ...failed, OrderStatus: 'cancelled', OrderStatusLabel: 'لغوشده' } : failed),
      [START]: (_: URL, request: Request) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return { status: 'ok', url: 'about:blank#bank', authority: 'S2' };
      },
      [CANCEL]: () => {
        cancelled = true;
        return { status: 'ok', data: {} };
      },
    });
    renderApp('/error-payment?code=K7Q2M9XD', { signedIn: true });
    expect(await screen.findByTestId('order-held')).toHaveTextContent('کالاهایش تا پایان مهلت پرداخت برایتان نگه داشته می‌شود');
    expect(screen.getByText('پرداخت انجام نشد.')).toBeInTheDocument();
    // One sentence: not "failed" and "not received yet" together.
    expect(screen.queryByText(/هنوز از بانک دریافت نشده/)).toBeNull();
    expect(screen.getByRole('link', { name: 'مشاهده سبد خرید' })).toHaveAttribute('href', '/profile/cart');
    fireEvent.click(screen.getByRole('button', { name: 'پرداخت' }));
    await waitFor(() => expect(api.callsTo(START)).toHaveLength(1));
    expect(api.callsTo(START)[0].body).toEqual({ code: 'K7Q2M9XD' });
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('«لغو سفارش» cancels the held order, and the page then says the cart is intact', async () => {
    let cancelled = false;
    const api = mockApi({
      [RESULT]: () => (cancelled ? { ...failed, OrderStatus: 'cancelled', OrderStatusLabel: 'لغوشده' } : failed),
      [CANCEL]: () => {
        cancelled = true;
        return { status: 'ok', data: {} };
      },
    });
    renderApp('/error-payment?code=K7Q2M9XD', { signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'لغو سفارش' }));
    await waitFor(() => expect(screen.getByTestId('order-state')).toHaveTextContent('لغوشده'));
    expect(api.callsTo(CANCEL)[0].body).toEqual({ code: 'K7Q2M9XD' });
    expect(screen.getByTestId('cart-intact')).toHaveTextContent('سبد خرید شما دست‌نخورده باقی مانده است.');
    expect(screen.queryByRole('button', { name: 'لغو سفارش' })).toBeNull();
    expect(screen.getByRole('link', { name: 'پرداخت دوباره' })).toHaveAttribute('href', '/profile/cart/order-register');
  });

  it('a payment still pending at the bank says only that, on either page', async () => {
    mockApi({ [RESULT]: () => ({ ...failed, PaymentStatus: 'pending', Message: 'نتیجهٔ پرداخت هنوز از بانک دریافت نشده است.' }) });
    for (const path of ['/success-payment?code=K7Q2M9XD', '/error-payment?code=K7Q2M9XD']) {
      const page = renderApp(path, { signedIn: true });
      expect(await screen.findByTestId('payment-message')).toHaveTextContent('نتیجهٔ پرداخت هنوز از بانک دریافت نشده است');
      expect(screen.queryByText('پرداخت شما با موفقیت انجام شد.')).toBeNull();
      expect(screen.queryByText('پرداخت انجام نشد.')).toBeNull();
      page.unmount();
    }
  });

  it("a cancelled order's «پرداخت دوباره» leads back to order registration with the intact cart", async () => {
    const api = mockApi({ [RESULT]: () => ({ ...failed, OrderStatus: 'cancelled', OrderStatusLabel: 'لغوشده' }) });
    renderApp('/error-payment?code=K7Q2M9XD', { signedIn: true });
    expect(await screen.findByTestId('order-state')).toHaveTextContent('لغوشده');
    expect(screen.getByTestId('cart-intact')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'پرداخت دوباره' })).toHaveAttribute('href', '/profile/cart/order-register');
    expect(screen.queryByRole('button', { name: 'پرداخت دوباره' })).toBeNull();
    expect(api.callsTo(START)).toHaveLength(0);
  });
});
