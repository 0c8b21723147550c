import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCore } from '@/shared/core';
import { detail, mockApi } from '@/shared/testing/fixtures';
import { renderApp } from '@/shared/testing/render';
import { loginModalAtom } from '@/shared/state';
import { LOCAL_CART_KEY, localCartAtom, type LocalLine } from '../stores/localCart';

const PREORDER = '/api/client/v1/order/list/preorder';
const EDIT = '/api/client/v1/order/edit/product';
const DELETE = '/api/client/v1/order/delete/product';
const TOTAL = '/api/client/v1/order/update/totalprice';
const REACH = '/api/client/v1/order/get/delivery/products';

interface Line {
  Id: number; OrderId: number; SupProductId: number; SupProductIdDetail: number; Num: number; Name: string;
  Price: number; PriceGaranti: number; NameGaranti: string; DG: string; Property: string; Color: string; InsPayment: boolean;
}

const lenovo = (): Line => ({
  Id: 31, OrderId: 12, SupProductId: 7, SupProductIdDetail: 72, Num: 1, Name: 'لپ‌تاپ لنوو آیدیاپد', Price: 48_500_000,
  PriceGaranti: 2_000_000, NameGaranti: 'گارانتی ۲۴ ماهه طلایی', DG: '7-2', Property: '16/512', Color: 'نقره‌ای', InsPayment: true,
});
const asus = (): Line => ({
  Id: 32, OrderId: 12, SupProductId: 9, SupProductIdDetail: 91, Num: 2, Name: 'لپ‌تاپ ایسوس ویووبوک', Price: 30_000_000,
  PriceGaranti: 0, NameGaranti: '', DG: '9-1', Property: '8/256', Color: 'مشکی', InsPayment: true,
});

/** A fake pre-order server over `lines`: totals as the server writes them (Num × (Price + PriceGaranti)). */
function shop(lines: Line[]) {
  const answer = () => {
    const total = lines.reduce((n, l) => n + l.Num * (l.Price + l.PriceGaranti), 0);
    return { status: 'ok', data: lines.map((l) => ({ ...l })), OrderTotalPrice: total, FinalPrice: total, Code: 'K7Q2M9XD', OrderId: 12 };
  };
  return { lines, answer };
}

beforeAll(async () => {
  await loadCore();
  // The page's lazy chunk, once, so that each test times its own work.
  await import('./CartPage');
});
afterEach(() => {
  act(() => toast.remove());
  vi.unstubAllGlobals();
});

const lineOf = (name: string) => screen.getAllByTestId('cart-line').find((el) => el.textContent?.includes(name))!;

describe('the cart page', () => {
  it('a line whose product cannot be sent to the customer’s city says so; the others say nothing', { timeout: 20_000 }, async () => {
    const s = shop([lenovo(), asus()]);
    const api = mockApi({
      [PREORDER]: s.answer,
      [REACH]: () => ({
        status: 'ok',
        data: [
          { ProductId: 7, Options: [], Everywhere: false, Cities: ['تهران'] },
          { ProductId: 9, Options: [{ Id: 2, Name: 'پست پیشتاز', Description: '', Price: 120_000, Priority: 2, CityActive: [{ name: 'همه' }], Estimate: '', Pickup: false }], Everywhere: true, Cities: [] },
        ],
      }),
    });
    renderApp('/profile/cart', { signedIn: true, city: 'تبریز' });
    await screen.findByText('لپ‌تاپ لنوو آیدیاپد');
    expect(await within(lineOf('لنوو')).findByTestId('delivery-reach')).toHaveTextContent('ارسال این کالا به تبریز ممکن نیست');
    expect(within(lineOf('ایسوس')).queryByTestId('delivery-reach')).toBeNull();
    expect(api.callsTo(REACH).at(-1)!.body).toEqual({ productids: [7, 9], city: 'تبریز' });
  });

  it('shows each line with picture, name, colour, warranty, unit and warranty price, and the server’s totals', { timeout: 20_000 }, async () => {
    const s = shop([lenovo(), asus()]);
    mockApi({ [PREORDER]: s.answer });
    renderApp('/profile/cart', { signedIn: true });
    const line = within(await screen.findByText('لپ‌تاپ لنوو آیدیاپد').then(() => lineOf('لنوو')));
    expect(line.getByRole('img', { name: 'تصویر لپ‌تاپ لنوو آیدیاپد' })).toHaveAttribute('src', '/api/client/v1/catalog/images/7-0-320.webp');
    expect(line.getByTestId('line-color')).toHaveTextContent('رنگ: نقره‌ای');
    expect(line.getByTestId('line-warranty')).toHaveTextContent('گارانتی: گارانتی ۲۴ ماهه طلایی');
    expect(line.getByTestId('line-price')).toHaveTextContent('۴۸٬۵۰۰٬۰۰۰ تومان');
    expect(line.getByTestId('line-warranty-price')).toHaveTextContent('۲٬۰۰۰٬۰۰۰ تومان');
    expect(line.getByTestId('line-quantity')).toHaveTextContent('۱');
    expect(within(lineOf('ایسوس')).getByTestId('line-warranty')).toHaveTextContent('بدون گارانتی');
    // 1 × 50,500,000 + 2 × 30,000,000
    expect(screen.getByTestId('cart-total')).toHaveTextContent('۱۱۰٬۵۰۰٬۰۰۰ تومان');
    expect(screen.getByTestId('cart-payable')).toHaveTextContent('۱۱۰٬۵۰۰٬۰۰۰ تومان');
    expect(screen.getByTestId('cart-count')).toHaveTextContent('۳ عدد');
    expect(screen.getByTestId('header-cart-count')).toHaveTextContent('۳');
    expect(screen.getByRole('link', { name: 'ادامه خرید' })).toHaveAttribute('href', '/profile/cart/order-register');
  });

  it('+ sends the new quantity with the spec’s fields and the line id; the page and badge follow', async () => {
    const s = shop([lenovo(), asus()]);
    const api = mockApi({
      [PREORDER]: s.answer,
      [EDIT]: async (_u, r) => {
        const body = (await r.json()) as { id: number; num: number };
        s.lines.find((l) => l.Id === body.id)!.Num = body.num;
        return s.answer();
      },
    });
    renderApp('/profile/cart', { signedIn: true });
    await screen.findByText('لپ‌تاپ لنوو آیدیاپد');
    await userEvent.click(screen.getByRole('button', { name: 'افزودن یک عدد لپ‌تاپ لنوو آیدیاپد' }));
    await waitFor(() => expect(within(lineOf('لنوو')).getByTestId('line-quantity')).toHaveTextContent('۲'));
    // No names or prices: only the ids and the quantity.
    expect(api.callsTo(EDIT)[0].body).toEqual({ spid: 7, spiddetail: 72, num: 2, orderid: 0, id: 31 });
    expect(screen.getByTestId('cart-total')).toHaveTextContent('۱۶۱٬۰۰۰٬۰۰۰ تومان');
    expect(screen.getByTestId('header-cart-count')).toHaveTextContent('۴');
    // − on a single unit is not offered: removing is the delete button's job.
    expect(screen.getByRole('button', { name: 'کم کردن یک عدد لپ‌تاپ ایسوس ویووبوک' })).toBeEnabled();
  });

  it('the kept discount code is named, and one the edit made stop applying is taken off with the server’s sentence', async () => {
    const s = shop([lenovo()]);
    const notice = 'کد تخفیف BIG از سبد خرید شما برداشته شد: این کد تخفیف برای خریدهای ۱۰۰٬۰۰۰٬۰۰۰ تومان و بیشتر است';
    let kept: string | null = 'BIG';
    mockApi({
      [PREORDER]: () => ({ ...s.answer(), DiscountCode: kept }),
      [EDIT]: async (_u, r) => {
        const body = (await r.json()) as { id: number; num: number };
        s.lines.find((l) => l.Id === body.id)!.Num = body.num;
        kept = null;
        return { ...s.answer(), DiscountCode: null, DiscountNotice: notice };
      },
    });
    renderApp('/profile/cart', { signedIn: true });
    expect(await screen.findByTestId('cart-discount-code')).toHaveTextContent('کد تخفیف BIG روی سبد شما ثبت است');
    await userEvent.click(screen.getByRole('button', { name: 'افزودن یک عدد لپ‌تاپ لنوو آیدیاپد' }));
    expect(await screen.findByTestId('discount-notice')).toHaveTextContent(notice);
    expect(screen.queryByTestId('cart-discount-code')).toBeNull();
  });

  it("'not' shows the quantity-unavailable message naming the product and keeps the quantity", async () => {
    const s = shop([lenovo()]);
    mockApi({
      [PREORDER]: s.answer,
      [EDIT]: () => ({ ...s.answer(), status: 'not', Name: 'لپ‌تاپ لنوو آیدیاپد', message: 'موجودی «لپ‌تاپ لنوو آیدیاپد» برای تعداد درخواستی کافی نیست' }),
    });
    renderApp('/profile/cart', { signedIn: true });
    await screen.findByText('لپ‌تاپ لنوو آیدیاپد');
    await userEvent.click(screen.getByRole('button', { name: 'افزودن یک عدد لپ‌تاپ لنوو آیدیاپد' }));
    expect(await screen.findByText('موجودی «لپ‌تاپ لنوو آیدیاپد» برای تعداد درخواستی کافی نیست')).toBeInTheDocument();
    expect(within(lineOf('لنوو')).getByTestId('line-quantity')).toHaveTextContent('۱');
    expect(screen.getByRole('button', { name: 'کم کردن یک عدد لپ‌تاپ لنوو آیدیاپد' })).toBeDisabled();
  });

  it('a refused edit shows the error-catalogue message', async () => {
    const s = shop([lenovo()]);
    mockApi({
      [PREORDER]: s.answer,
      [EDIT]: () => new Response(JSON.stringify({ status: 'error', message: 'x' }), { status: 422, headers: { 'Content-Type': 'application/json' } }),
    });
    renderApp('/profile/cart', { signedIn: true });
    await screen.findByText('لپ‌تاپ لنوو آیدیاپد');
    await userEvent.click(screen.getByRole('button', { name: 'افزودن یک عدد لپ‌تاپ لنوو آیدیاپد' }));
    expect(await screen.findByText('خطا در ویرایش سبد خرید')).toBeInTheDocument();
  });

  it('delete calls order/delete/product with the line and its order, then order/update/totalprice, then reloads the cart; totals follow', async () => {
    const s = shop([lenovo(), asus()]);
    const api = mockApi({
      [PREORDER]: s.answer,
      [TOTAL]: s.answer,
      [DELETE]: async (_u, r) => {
        const body = (await r.json()) as { id: number };
        s.lines.splice(s.lines.findIndex((l) => l.Id === body.id), 1);
        return s.answer();
      },
    });
    renderApp('/profile/cart', { signedIn: true });
    await screen.findByText('لپ‌تاپ ایسوس ویووبوک');
    const before = api.callsTo(PREORDER).length;
    await userEvent.click(screen.getByRole('button', { name: 'حذف لپ‌تاپ ایسوس ویووبوک از سبد خرید' }));
    await waitFor(() => expect(screen.queryByText('لپ‌تاپ ایسوس ویووبوک')).toBeNull());
    expect(api.callsTo(DELETE)[0].body).toEqual({ id: 32, orderid: 12 });
    await waitFor(() => expect(api.callsTo(PREORDER).length).toBe(before + 1));
    // Spec section 4: the total is updated (order/update/totalprice with the order), then the cart reloaded.
    expect(api.callsTo(TOTAL).map((c) => c.body)).toEqual([{ orderid: 12 }]);
    const order = api.calls.map((c) => c.url.pathname).filter((p) => [DELETE, TOTAL, PREORDER].includes(p)).slice(-3);
    expect(order).toEqual([DELETE, TOTAL, PREORDER]);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('۵۰٬۵۰۰٬۰۰۰ تومان');
    expect(screen.getByTestId('cart-count')).toHaveTextContent('۱ عدد');
  });

  it('the instalment badge shows only when every line allows instalments', async () => {
    mockApi({ [PREORDER]: shop([lenovo(), asus()]).answer });
    const first = renderApp('/profile/cart', { signedIn: true });
    await screen.findByText('لپ‌تاپ لنوو آیدیاپد');
    expect(screen.getByTestId('instalment-badge')).toHaveTextContent('امکان خرید اقساطی');
    first.unmount();
    mockApi({ [PREORDER]: shop([lenovo(), { ...asus(), InsPayment: false }]).answer });
    renderApp('/profile/cart', { signedIn: true });
    await screen.findByText('لپ‌تاپ لنوو آیدیاپد');
    expect(screen.queryByTestId('instalment-badge')).toBeNull();
  });

  it('the empty state shows only once the server says the cart is empty', async () => {
    let answer!: (r: Response) => void;
    mockApi({ [PREORDER]: () => new Promise<Response>((r) => (answer = r)) });
    renderApp('/profile/cart', { signedIn: true });
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    expect(screen.queryByText('سبد خرید شما خالی است.')).toBeNull();
    answer(new Response(JSON.stringify(shop([]).answer()), { headers: { 'Content-Type': 'application/json' } }));
    expect(await screen.findByText('سبد خرید شما خالی است.')).toBeInTheDocument();
    expect(screen.queryByTestId('cart-summary')).toBeNull();
  });
});

describe('the cart page, signed out', () => {
  const LENOVO = '/api/client/v1/catalog/products/lenovo-ideapad-slim-5';
  const keep = (lines: LocalLine[]) => localStorage.setItem(LOCAL_CART_KEY, JSON.stringify(lines));
  const laptop = (variantId: number, num: number): LocalLine => ({ uid: 'lenovo-ideapad-slim-5', productId: 7, variantId, num, name: 'لپ‌تاپ لنوو' });
  afterEach(() => localStorage.clear());

  it('shows the browser cart priced from the catalogue, with «ورود و ادامهٔ خرید» instead of checkout', async () => {
    keep([laptop(72, 2)]);
    const api = mockApi({ [LENOVO]: () => ({ status: 'ok', data: detail(), Related: [] }) });
    const { store } = renderApp('/profile/cart');
    const line = await screen.findByTestId('cart-line');
    expect(within(line).getByTestId('line-name')).toHaveTextContent('لپ‌تاپ لنوو آیدیاپد اسلیم ۵ مدل 82XF');
    expect(within(line).getByTestId('line-warranty')).toHaveTextContent('گارانتی ۲۴ ماهه طلایی');
    expect(within(line).getByTestId('line-total')).toHaveTextContent('۱۰۱٬۰۰۰٬۰۰۰ تومان');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('۱۰۱٬۰۰۰٬۰۰۰ تومان');
    expect(screen.queryByTestId('cart-continue')).toBeNull();
    expect(screen.queryByTestId('sign-in-required')).toBeNull();
    expect(api.callsTo(PREORDER)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'ورود و ادامهٔ خرید' }));
    expect(store.get(loginModalAtom)).toBe(true);
  });

  it('quantity and remove change the browser cart only', async () => {
    keep([laptop(71, 1)]);
    const api = mockApi({ [LENOVO]: () => ({ status: 'ok', data: detail(), Related: [] }) });
    const { store } = renderApp('/profile/cart');
    await screen.findByTestId('cart-line');
    await userEvent.click(screen.getByRole('button', { name: /افزودن یک عدد/ }));
    expect(store.get(localCartAtom)[0].num).toBe(2);
    expect(screen.getByTestId('cart-count')).toHaveTextContent('۲ عدد');
    await userEvent.click(screen.getByRole('button', { name: /حذف .* از سبد خرید/ }));
    expect(await screen.findByText('سبد خرید شما خالی است.')).toBeInTheDocument();
    expect(localStorage.getItem(LOCAL_CART_KEY)).toBeNull();
    expect(api.callsTo(EDIT)).toHaveLength(0);
  });

  it('a line the shop no longer sells is taken out of the browser cart', async () => {
    keep([laptop(71, 1), laptop(999, 1)]);
    mockApi({ [LENOVO]: () => ({ status: 'ok', data: detail(), Related: [] }) });
    const { store } = renderApp('/profile/cart');
    await waitFor(() => expect(store.get(localCartAtom).map((l) => l.variantId)).toEqual([71]));
    expect(await screen.findAllByTestId('cart-line')).toHaveLength(1);
  });
});
