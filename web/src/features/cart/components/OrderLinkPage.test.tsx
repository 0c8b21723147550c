import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/shared/testing/render';
import { mockApi } from '@/shared/testing/fixtures';
import { loginModalAtom } from '@/shared/state';

afterEach(() => {
  vi.unstubAllGlobals();
});

const VIEW = '/api/client/v1/order/prepared/view';
const ADOPT = '/api/client/v1/order/prepared/adopt';
const PREORDER = '/api/client/v1/order/list/preorder';
const CODE = 'K7Q2M9XDK7Q2M9XDK7Q2';

const prepared = {
  status: 'ok',
  Lines: [
    { SupProductId: 7, SupProductIdDetail: 72, Num: 2, Name: 'لپ‌تاپ لنوو', Color: 'نقره‌ای', NameGaranti: 'گارانتی طلایی', Price: 48_000_000, PriceGaranti: 2_000_000, LineTotal: 100_000_000, Available: true },
  ],
  OrderTotalPrice: 100_000_000,
  ExpiresAt: 1_800_000_000,
  ExpiresText: '۲۴ خرداد ۱۴۰۶',
  Personal: true,
};
const refusal = (status: number, message: string) =>
  new Response(JSON.stringify({ status: 'error', message, field: 'code' }), { status, headers: { 'Content-Type': 'application/json' } });

describe('/order/{code}', () => {
  it('shows the prepared lines and total in Persian; signed out, the button asks for sign-in first', async () => {
    const api = mockApi({ [VIEW]: () => prepared });
    const { store, router } = renderApp(`/order/${CODE}`);
    expect(await screen.findByText('لپ‌تاپ لنوو')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('prepared-total')).toHaveTextContent('۱۰۰٬۰۰۰٬۰۰۰ تومان'));
    await waitFor(() => expect(screen.getByTestId('prepared-order')).toHaveTextContent('تعداد: ۲'));
    expect(screen.getByText('این لینک تا ۲۴ خرداد ۱۴۰۶ معتبر است.')).toBeInTheDocument();
    expect(api.callsTo(VIEW)[0].body).toEqual({ code: CODE });
    fireEvent.click(screen.getByRole('button', { name: 'ورود و افزودن به سبد' }));
    await waitFor(() => expect(router.state.location.search).toContain('redirectTo'));
    expect(api.callsTo(ADOPT)).toHaveLength(0);
    expect(store.get(loginModalAtom)).toBe(true);
  });

  it('signed in, adopting puts it in the cart and goes to order registration', async () => {
    const api = mockApi({
      [VIEW]: () => prepared,
      [ADOPT]: () => ({ status: 'ok', OrderId: 12, OrderTotalPrice: 100_000_000 }),
      [PREORDER]: () => ({ status: 'ok', data: [], OrderTotalPrice: 0, FinalPrice: 0, Code: null, OrderId: null }),
    });
    const { router } = renderApp(`/order/${CODE}`, { signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'افزودن به سبد و ادامهٔ خرید' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/cart/order-register'));
    expect(api.callsTo(ADOPT)[0].body).toEqual({ code: CODE });
  });

  it("another customer's link: the server's message, and the cart is not touched", async () => {
    mockApi({
      [VIEW]: () => prepared,
      [ADOPT]: () => refusal(403, 'این سفارش برای حساب کاربری دیگری آماده شده است؛ لطفا با همان شماره وارد شوید'),
    });
    const { router } = renderApp(`/order/${CODE}`, { signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'افزودن به سبد و ادامهٔ خرید' }));
    expect(await screen.findByTestId('adopt-error')).toHaveTextContent('این سفارش برای حساب کاربری دیگری آماده شده است');
    expect(router.state.location.pathname).toBe(`/order/${CODE}`);
  });

  it.each([
    [404, 'لینک سفارش معتبر نیست؛ لطفا نشانی را بررسی کنید یا با پشتیبانی تماس بگیرید'],
    [404, 'این لینک سفارش پیش‌تر استفاده شده است'],
    [404, 'مهلت استفاده از این لینک سفارش به پایان رسیده است'],
  ])('a refused link (%i) shows only the message: %s', async (status, message) => {
    mockApi({ [VIEW]: () => refusal(status, message) });
    renderApp(`/order/${CODE}`);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByTestId('prepared-order')).toBeNull();
    expect(screen.queryByRole('button', { name: /افزودن به سبد/ })).toBeNull();
  });
});
