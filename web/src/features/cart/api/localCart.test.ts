import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { detail, mockApi, variants } from '@/shared/testing/fixtures';
import { sessionAtom } from '@/shared/session/session';
import { toast } from '@/shared/ui/toast';
import { cartAtom, followSession } from '../stores/cart';
import { localCartAtom, type LocalLine } from '../stores/localCart';
import { loadAccountCart, mergedQuantity, mergeLocalCart } from './localCart';
import type { CartLine } from './cart';

const PREORDER = '/api/client/v1/order/list/preorder';
const EDIT = '/api/client/v1/order/edit/product';
const LENOVO = '/api/client/v1/catalog/products/lenovo-ideapad-slim-5';
const ASUS = '/api/client/v1/catalog/products/asus-vivobook-15';

const lenovoName = detail().Name;
const asusName = 'لپ‌تاپ ایسوس ویووبوک ۱۵';
const asus = detail({ Id: 8, Uid: 'asus-vivobook-15', Name: asusName, Variants: [{ ...variants[0], Id: 81, Stock: 1 }] });

const local = (variantId: number, num: number): LocalLine =>
  variantId > 80
    ? { uid: 'asus-vivobook-15', productId: 8, variantId, num, name: asusName }
    : { uid: 'lenovo-ideapad-slim-5', productId: 7, variantId, num, name: lenovoName };

/** The account's open cart as the mocked server keeps it: edits change it, refusals do not. */
function server(start: { variantId: number; num: number }[], refuse: Record<number, () => Response> = {}) {
  let nextId = 100;
  const lines: CartLine[] = start.map((l) => line(nextId++, l.variantId, l.num));
  function line(Id: number, variantId: number, Num: number): CartLine {
    return { Id, OrderId: 9, SupProductId: variantId > 80 ? 8 : 7, SupProductIdDetail: variantId, Num, Name: '', Price: 1, PriceGaranti: 0, NameGaranti: '', DG: '', Property: '', Color: '', InsPayment: true };
  }
  const answer = () => ({ status: 'ok', data: lines, OrderTotalPrice: 0, FinalPrice: 0, Code: 'A1', OrderId: 9 });
  const api = mockApi({
    [PREORDER]: answer,
    [LENOVO]: () => ({ status: 'ok', data: detail(), Related: [] }),
    [ASUS]: () => ({ status: 'ok', data: asus, Related: [] }),
    [EDIT]: async (_url, request) => {
      const body = (await request.json()) as { spiddetail: number; num: number };
      const refusal = refuse[body.spiddetail];
      if (refusal) return refusal();
      const at = lines.find((l) => l.SupProductIdDetail === body.spiddetail);
      if (at) at.Num = body.num;
      else lines.push(line(nextId++, body.spiddetail, body.num));
      return answer();
    },
  });
  const edits = () => api.callsTo(EDIT).map((c) => c.body as { spiddetail: number; num: number; id: number });
  return { api, lines, edits };
}

const signIn = (store: ReturnType<typeof createStore>) =>
  store.set(sessionAtom, { user: { Uid: 'u-1', Mobile: '09123456789' } as never, accessToken: 'token', refreshToken: 'ref', isAuthorized: true });

const tooMany = () => new Response(JSON.stringify({ status: 'error', message: 'تعداد درخواست‌ها زیاد است' }), { status: 429, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the merge rule', () => {
  it('takes the larger quantity, not the sum, capped by the stock and never below the account’s', () => {
    expect(mergedQuantity(2, 1, 5)).toBe(2);
    expect(mergedQuantity(2, 4, 5)).toBe(4);
    expect(mergedQuantity(0, 3, 2)).toBe(2);
    expect(mergedQuantity(3, 1, 2)).toBe(3);
    expect(mergedQuantity(0, 150, 500)).toBe(100);
  });
});

describe('the browser cart is merged into the account at sign-in', () => {
  it('a variant already in the account’s cart ends with the larger quantity; new ones are added; the browser cart is cleared', async () => {
    const { edits, lines } = server([
      { variantId: 71, num: 2 },
      { variantId: 72, num: 1 },
    ]);
    const store = createStore();
    store.set(localCartAtom, [local(71, 4), local(72, 1), local(74, 3)]);
    signIn(store);
    const out = await mergeLocalCart(store);
    expect(out.failed).toEqual([]);
    // 72 already holds 1: no call; 71 goes to 4 on its own line; 74 is a new line.
    expect(edits()).toEqual([expect.objectContaining({ spiddetail: 71, num: 4, id: 100 }), expect.objectContaining({ spiddetail: 74, num: 3, id: 0 })]);
    expect(lines.map((l) => [l.SupProductIdDetail, l.Num])).toEqual([[71, 4], [72, 1], [74, 3]]);
    expect(store.get(cartAtom).count).toBe(8);
    expect(store.get(localCartAtom)).toEqual([]);
  });

  it('a line the server refuses, or the stock cannot fill, does not lose the others; one toast names them', async () => {
    const { edits, lines } = server([], { 74: tooMany });
    const error = vi.spyOn(toast, 'error');
    const store = createStore();
    // 73 is out of stock, 74 refused (429), 81 has 1 in stock of the 3 asked; 71 goes in whole.
    store.set(localCartAtom, [local(73, 1), local(74, 1), local(81, 3), local(71, 2)]);
    signIn(store);
    const cart = await loadAccountCart(store);
    // (The client retries a 429 once: the variants in the order they were sent.)
    expect([...new Map(edits().map((e) => [e.spiddetail, e.num]))]).toEqual([[74, 1], [81, 1], [71, 2]]);
    expect(lines.map((l) => [l.SupProductIdDetail, l.Num])).toEqual([[81, 1], [71, 2]]);
    expect(cart?.count).toBe(3);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0][0]).toBe(`این کالاها به سبد خرید حساب شما اضافه نشدند یا با تعداد کمتری اضافه شدند: «${lenovoName}»، «${asusName}»`);
    expect(store.get(localCartAtom)).toEqual([]);
  });

  it('a line whose call does not reach the server stays in the browser, with the lines after it', async () => {
    const { api } = server([]);
    const store = createStore();
    store.set(localCartAtom, [local(71, 1), local(74, 1), local(81, 1)]);
    signIn(store);
    const fetch = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      if (request.url.endsWith(EDIT) && (await request.clone().json()).spiddetail === 74) throw new TypeError('Failed to fetch');
      return fetch(input, init);
    });
    await mergeLocalCart(store);
    expect(store.get(localCartAtom).map((l) => l.variantId)).toEqual([74, 81]);
    expect(store.get(cartAtom).count).toBe(1);
  });

  it('when the account’s cart cannot be read, nothing is merged and the browser keeps its lines', async () => {
    const api = mockApi({ [PREORDER]: () => new Response('{}', { status: 503 }) });
    const store = createStore();
    store.set(localCartAtom, [local(71, 1)]);
    signIn(store);
    await mergeLocalCart(store);
    expect(api.callsTo(EDIT)).toHaveLength(0);
    expect(store.get(localCartAtom)).toHaveLength(1);
  });

  it('any sign-in merges: the session follower runs it once, and the cart page’s load shares the run', async () => {
    const { edits } = server([]);
    const store = createStore();
    store.set(localCartAtom, [local(71, 2)]);
    followSession(store, loadAccountCart);
    signIn(store);
    const shared = loadAccountCart(store);
    await shared;
    await vi.waitFor(() => expect(store.get(localCartAtom)).toEqual([]));
    expect(edits()).toHaveLength(1);
    expect(store.get(cartAtom).count).toBe(2);
  });
});
