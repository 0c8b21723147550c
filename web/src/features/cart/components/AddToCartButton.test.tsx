import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { sessionRestoredAtom, signIn } from '@/shared/session/session';
import { loginModalAtom } from '@/shared/state';
import { renderApp } from '@/shared/testing/render';
import { detail, mockApi } from '@/shared/testing/fixtures';
import { cartAtom } from '../stores/cart';
import { localCartAtom } from '../stores/localCart';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const PRODUCT = '/api/client/v1/catalog/products/lenovo-ideapad-slim-5';
const EDIT = '/api/client/v1/order/edit/product';

const related = { status: 'ok', Related: [] };

describe('add to cart on the product page', () => {
  it('signed out, the variant goes to the cart kept in this browser: no popup, no server call, the header counts it', async () => {
    const api = mockApi({ [PRODUCT]: () => ({ ...related, data: detail() }) });
    const { router, store } = renderApp('/product/lenovo-ideapad-slim-5');
    fireEvent.click(await screen.findByTestId('add-to-cart'));
    await waitFor(() => expect(store.get(localCartAtom)).toEqual([{ uid: 'lenovo-ideapad-slim-5', productId: 7, variantId: 71, num: 1, name: 'لپ‌تاپ لنوو آیدیاپد اسلیم ۵ مدل 82XF' }]));
    expect(await screen.findByTestId('in-cart')).toHaveTextContent('۱ عدد در سبد خرید');
    expect(screen.getByTestId('header-cart-count')).toHaveTextContent('۱');
    expect(store.get(loginModalAtom)).toBe(false);
    expect(router.state.location.pathname).toBe('/product/lenovo-ideapad-slim-5');
    expect(api.callsTo(EDIT)).toHaveLength(0);
  });

  it('a tap while the session is still being restored waits for it: a signed-in shopper adds, no login popup', async () => {
    const api = mockApi({
      [PRODUCT]: () => ({ ...related, data: detail() }),
      [EDIT]: () => ({ status: 'ok', data: [], OrderTotalPrice: 0, FinalPrice: 0, Code: 'A1', OrderId: 9 }),
    });
    // A page load: the session is in (encrypted) storage, not yet in memory, and the start-up
    // restore has not finished when the shopper taps.
    await signIn({ token: 'token', reftoken: 'ref', user: { Uid: 'u-1', Name: 'مریم', Mobile: '09123456789' } as never }, createStore());
    const { store } = renderApp('/product/lenovo-ideapad-slim-5');
    store.set(sessionRestoredAtom, false);
    fireEvent.click(await screen.findByTestId('add-to-cart'));
    await waitFor(() => expect(api.callsTo(EDIT)).toHaveLength(1));
    expect(store.get(loginModalAtom)).toBe(false);
    expect(store.get(sessionRestoredAtom)).toBe(true);
  });

  it('signed in: posts the chosen variant to order/edit/product and the cart follows', async () => {
    const line = {
      Id: 1, OrderId: 9, SupProductId: 7, SupProductIdDetail: 72, Num: 1, Name: 'x', Price: 48_500_000, PriceGaranti: 2_000_000,
      NameGaranti: 'g', DG: '7-2', Property: '', Color: 'نقره‌ای', InsPayment: true,
    };
    const api = mockApi({
      [PRODUCT]: () => ({ ...related, data: detail() }),
      [EDIT]: () => ({ status: 'ok', data: [line], OrderTotalPrice: 50_500_000, FinalPrice: 50_500_000, Code: 'A1', OrderId: 9 }),
    });
    const { store } = renderApp('/product/lenovo-ideapad-slim-5', { signedIn: true });
    await screen.findByTestId('product-price');
    fireEvent.click(within(screen.getByTestId('warranties')).getByLabelText(/گارانتی ۲۴ ماهه طلایی/));
    fireEvent.click(screen.getByTestId('add-to-cart'));
    await waitFor(() => expect(api.callsTo(EDIT)).toHaveLength(1));
    // Only what the client knows: ids and the quantity (the server takes names and prices
    // from the catalogue, so none are sent).
    expect(api.callsTo(EDIT)[0].body).toEqual({ spid: 7, spiddetail: 72, num: 1, orderid: 0, id: 0 });
    await waitFor(() => expect(store.get(cartAtom).count).toBe(1));
    expect(await screen.findByTestId('in-cart')).toHaveTextContent('۱ عدد در سبد خرید');
    expect(store.get(loginModalAtom)).toBe(false);
  });

});
