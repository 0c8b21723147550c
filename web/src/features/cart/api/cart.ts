/**
 * The cart calls of spec section 7 through the shared typed client: the pre-order list, the
 * absolute-quantity edit (`order/edit/product`, which also adds), the line delete and the
 * total's update (`order/update/totalprice`, after a delete). Each successful answer replaces
 * the cart atom, so the header badge follows.
 */
import type { getDefaultStore } from 'jotai';
import { api, type components } from '@/shared/api';
import { loadCore } from '@/shared/core';
import { sessionAtom } from '@/shared/session/session';
import { cartAtom, type CartState } from '../stores/cart';

type Store = ReturnType<typeof getDefaultStore>;

/** A cart line as the contract types it. */
export type CartLine = components['schemas']['CartLine'];

export type CartOutcome =
  /** `notice`: the kept discount code stopped applying after the edit and was taken off (why, in Persian). */
  | { ok: true; cart: CartState; notice?: string | null }
  | { ok: false; message: string | null; status: number; business?: string };

/** The quantity of `variantId` in the cart. */
export function quantityInCart(cart: CartState, variantId: number): number {
  return cart.lines.filter((l) => l.SupProductIdDetail === variantId).reduce((n, l) => n + l.Num, 0);
}

async function toCart(answer: components['schemas']['CartResponse']): Promise<CartState> {
  const core = await loadCore();
  return {
    lines: answer.data,
    count: core.cartCount(answer.data),
    cartId: answer.OrderId ?? null,
    code: answer.Code ?? null,
    orderTotalPrice: answer.OrderTotalPrice,
    finalPrice: answer.FinalPrice,
    discountCode: answer.DiscountCode ?? null,
  };
}

function failure(response: Response, error: unknown): CartOutcome {
  const message = (error as { message?: unknown } | undefined)?.message;
  return { ok: false, status: response.status, message: typeof message === 'string' ? message : null };
}

/** Loads the signed-in user's pre-order into the cart atom (null when signed out or failed). */
export async function loadCart(store: Store): Promise<CartState | null> {
  const s = store.get(sessionAtom);
  const uid = s.user?.Uid;
  if (!uid || !s.accessToken || !s.isAuthorized) return null;
  try {
    const { data, response } = await api.POST('/api/client/v1/order/list/preorder', { body: { uid } });
    if (!response.ok || !data) return null;
    // Signed out (or someone else signed in) while the call was running: drop the answer.
    if (store.get(sessionAtom).user?.Uid !== uid) return null;
    const cart = await toCart(data);
    store.set(cartAtom, cart);
    return cart;
  } catch {
    return null;
  }
}

/**
 * What the edit call names: the product variant and, when the line exists, its id. Names and
 * prices are never sent: the server takes them from the catalogue.
 */
export type CartItem = Pick<CartLine, 'SupProductId' | 'SupProductIdDetail'> & {
  /** The cart line, when it exists already. */
  Id?: number;
};

/**
 * The body of `order/edit/product`: only what the client knows (spec section 7's ids and the
 * quantity). The spec's name, price and warranty fields stay optional on the wire and are left
 * out: the server ignores them and reads the catalogue (`EditProductRequest`'s docs).
 */
export function editBody(item: CartItem, num: number) {
  return {
    spid: item.SupProductId,
    spiddetail: item.SupProductIdDetail,
    num,
    // 0: "my open order" (created when missing), never another order's id; 0: a new line.
    orderid: 0,
    id: item.Id ?? 0,
  };
}

/** Sets the quantity of a variant (absolute; adds the line when missing). */
export async function setQuantity(store: Store, item: CartItem, num: number): Promise<CartOutcome> {
  const { data, error, response } = await api.POST('/api/client/v1/order/edit/product', { body: editBody(item, num) });
  if (!response.ok || !data) return failure(response, error);
  if (data.status !== 'ok') return { ok: false, status: response.status, message: data.message ?? null, business: data.status };
  const cart = await toCart(data);
  store.set(cartAtom, cart);
  return { ok: true, cart, notice: data.DiscountNotice ?? null };
}

/** Adds one more of a variant: its current quantity + 1. */
export function addToCart(store: Store, item: CartItem): Promise<CartOutcome> {
  const cart = store.get(cartAtom);
  const line = cart.lines.find((l) => l.SupProductIdDetail === item.SupProductIdDetail);
  return setQuantity(store, { ...item, Id: line?.Id }, quantityInCart(cart, item.SupProductIdDetail) + 1);
}

/** Removes a line; the answer is the cart without it. */
export async function deleteLine(store: Store, line: Pick<CartLine, 'Id' | 'OrderId'>): Promise<CartOutcome> {
  const { data, error, response } = await api.POST('/api/client/v1/order/delete/product', { body: { id: line.Id, orderid: line.OrderId } });
  if (!response.ok || !data) return failure(response, error);
  if (data.status !== 'ok') return { ok: false, status: response.status, message: data.message ?? null, business: data.status };
  const cart = await toCart(data);
  store.set(cartAtom, cart);
  return { ok: true, cart, notice: data.DiscountNotice ?? null };
}

/**
 * Spec section 4: after a line delete "the total is updated": `order/update/totalprice` brings
 * the order's lines and totals up to the catalogue's prices (its answer is the cart). False when
 * it failed (the cart then keeps the delete's answer; the reload that follows corrects it).
 */
export async function updateTotalPrice(store: Store, cartId: number): Promise<boolean> {
  try {
    const { data, response } = await api.POST('/api/client/v1/order/update/totalprice', { body: { orderid: cartId } });
    if (!response.ok || !data || data.status !== 'ok') return false;
    store.set(cartAtom, await toCart(data));
    return true;
  } catch {
    return false;
  }
}
