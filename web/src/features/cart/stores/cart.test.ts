import { beforeEach, describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { configureHttp } from '@/shared/api';
import { signIn, signOut, startSession, type User } from '@/shared/session/session';
import { loadCart } from '../api/cart';
import { cartAtom, cartCountAtom, followSession } from './cart';

const user = { Id: 7, Uid: 'u-7', Name: 'سارا', Lastname: 'احمدی', Mobile: '09121234567' } as User;

const json = (status: number, body: unknown = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const line = (id: number, num: number, price: number, garanti: number, ins: boolean) => ({
  Id: id, OrderId: 9, SupProductId: id, SupProductIdDetail: id * 10, Num: num, Name: `کالا ${id}`, Price: price,
  PriceGaranti: garanti, NameGaranti: '', DG: '', Property: '', Color: '', InsPayment: ins,
});

const preorder = { status: 'ok', data: [line(1, 2, 100, 0, true), line(2, 3, 50, 10, false)], OrderTotalPrice: 380, FinalPrice: 380, Code: 'AB12', OrderId: 9 };

beforeEach(() => localStorage.clear());

describe('the cart follows the session', () => {
  it('a restored sign-in loads the pre-order and counts the sum of quantities', async () => {
    await signIn({ token: 'a', reftoken: 'r', user }, createStore());
    const bodies: unknown[] = [];
    configureHttp({}, { fetch: async (r) => (bodies.push(await r.json()), json(200, preorder)) });
    const store = createStore();
    followSession(store, loadCart);
    await startSession(store);
    await expect.poll(() => store.get(cartCountAtom)).toBe(5);
    expect(bodies).toEqual([{ uid: 'u-7' }]);
    expect(store.get(cartAtom)).toMatchObject({ cartId: 9, code: 'AB12', orderTotalPrice: 380 });
  });

  it('sign-out empties the cart at once', async () => {
    configureHttp({}, { fetch: async () => json(200, preorder) });
    const store = createStore();
    followSession(store, loadCart);
    await signIn({ token: 'a', reftoken: 'r', user }, store);
    await expect.poll(() => store.get(cartCountAtom)).toBe(5);
    await signOut('logout', store);
    expect(store.get(cartCountAtom)).toBe(0);
    expect(store.get(cartAtom).lines).toEqual([]);
  });

  it('a token refresh for the same user does not reload the cart', async () => {
    let calls = 0;
    configureHttp({}, { fetch: async () => (calls++, json(200, preorder)) });
    const store = createStore();
    followSession(store, loadCart);
    await signIn({ token: 'a', reftoken: 'r', user }, store);
    await expect.poll(() => store.get(cartCountAtom)).toBe(5);
    await signIn({ token: 'b', reftoken: 'r2', user }, store);
    expect(calls).toBe(1);
  });
});
