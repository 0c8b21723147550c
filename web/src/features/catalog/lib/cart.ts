/**
 * Add to cart: the pre-order edit call (`POST /api/client/v1/order/edit/product`, spec section 7)
 * through the shared typed client. The quantity sent is absolute, so adding one more of a
 * variant already in the cart sends its current quantity + 1. The answer is the whole cart,
 * which replaces the session's cart atom (the header badge follows).
 */
import type { getDefaultStore } from 'jotai';
import { api } from '@/shared/api';
import { loadCore } from '@/shared/core';
import { cartAtom, type CartState } from '@/features/auth/session';

type Store = ReturnType<typeof getDefaultStore>;

export type AddOutcome =
  | { ok: true; cart: CartState; quantity: number }
  | { ok: false; message: string | null; status: number };

/** The quantity of `variantId` in the cart. */
export function quantityInCart(cart: CartState, variantId: number): number {
  return cart.lines.filter((l) => l.SupProductIdDetail === variantId).reduce((n, l) => n + Math.max(0, l.Num), 0);
}

export async function addToCart(store: Store, productId: number, variantId: number): Promise<AddOutcome> {
  const current = store.get(cartAtom);
  const num = quantityInCart(current, variantId) + 1;
  // orderid 0: "my open order" (created when missing): never another order's id.
  const { data, error, response } = await api.POST('/api/client/v1/order/edit/product', {
    body: { spid: productId, spiddetail: variantId, num, orderid: 0 },
  });
  if (!response.ok || !data) {
    const message = (error as { message?: unknown } | undefined)?.message;
    return { ok: false, status: response.status, message: typeof message === 'string' ? message : null };
  }
  if (data.status !== 'ok') return { ok: false, status: response.status, message: data.message ?? null };
  const core = await loadCore();
  const lines = Array.isArray(data.data) ? data.data : [];
  const cart: CartState = {
    lines,
    count: core.cartCount(lines),
    orderId: data.OrderId ?? null,
    code: data.Code ?? null,
    orderTotalPrice: Number(data.OrderTotalPrice ?? 0),
    finalPrice: Number(data.FinalPrice ?? 0),
  };
  store.set(cartAtom, cart);
  return { ok: true, cart, quantity: quantityInCart(cart, variantId) };
}
