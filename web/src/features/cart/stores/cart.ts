/**
 * The cart (spec section 3's pre-order): one atom for the whole app. It follows the session:
 * filled from the server when someone signs in (or a stored sign-in is restored), emptied on
 * sign-out.
 */
import { atom, type getDefaultStore } from 'jotai';
import { isSignedInAtom, sessionAtom } from '@/shared/session/session';
import type { CartLine } from '../api/cart';
import { localCartCountAtom } from './localCart';

type Store = ReturnType<typeof getDefaultStore>;

export interface CartState {
  lines: CartLine[];
  /** Sum of line quantities (core `cart_count`). */
  count: number;
  cartId: number | null;
  code: string | null;
  orderTotalPrice: number;
  finalPrice: number;
  /** The discount code kept on the cart (the server applies it at order registration). */
  discountCode?: string | null;
}

export const emptyCart: CartState = { lines: [], count: 0, cartId: null, code: null, orderTotalPrice: 0, finalPrice: 0, discountCode: null };

export const cartAtom = atom<CartState>(emptyCart);
/** The cart badge: sum of quantities (signed out: of the browser cart). */
export const cartCountAtom = atom((get) => (get(isSignedInAtom) ? get(cartAtom).count : get(localCartCountAtom)));

/**
 * Keeps the cart in step with the session: a new signed-in user loads their pre-order, a
 * sign-out empties it at once. Returns the unsubscribe.
 */
export function followSession(store: Store, load: (store: Store) => Promise<unknown>): () => void {
  let uid: string | null = null;
  const sync = () => {
    const s = store.get(sessionAtom);
    const next = s.isAuthorized && s.accessToken && s.user?.Uid ? s.user.Uid : null;
    if (next === uid) return;
    uid = next;
    if (next) void load(store);
    else store.set(cartAtom, emptyCart);
  };
  sync();
  return store.sub(sessionAtom, sync);
}
