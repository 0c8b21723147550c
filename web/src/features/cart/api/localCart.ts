/**
 * The browser cart meets the account (spec section 7's cart calls, nothing new on the server):
 * at sign-in, each line kept in this browser is written into the account's open cart with
 * `order/edit/product`. A variant already in the account's cart ends with the larger of the
 * two quantities (not their sum: the same laptop added twice, before and after signing in, is
 * still one laptop), capped by the stock the catalogue shows. A line the server refuses (out of
 * stock, a limit) does not stop the others; the shopper is told which could not be added, and
 * the browser cart is cleared.
 */
import type { getDefaultStore } from 'jotai';
import type { components } from '@/shared/api';
import i18n from '@/shared/i18n';
import { fetchResource, get, type Result } from '@/shared/api/resource';
import { isSignedInAtom, sessionAtom } from '@/shared/session/session';
import { joinParts } from '@/shared/lib/format';
import { toast } from '@/shared/ui/toast';
import { ns } from '../i18n';
import { cartAtom, type CartState } from '../stores/cart';
import { localCartAtom, MAX_QUANTITY, removeLocal, type LocalLine } from '../stores/localCart';
import { loadCart, quantityInCart, setQuantity } from './cart';

type Store = ReturnType<typeof getDefaultStore>;
type ProductResponse = components['schemas']['ProductResponse'];

/** How long the "could not be added" toast stays (it names products: longer than the usual second). */
const FAILED_TOAST_MS = 6000;

/** A product of the browser cart as the catalogue shows it today (cached briefly). */
export function catalogueProduct(uid: string): Promise<Result<ProductResponse>> {
  return fetchResource(get('/api/client/v1/catalog/products/{uid}', { path: { uid } }));
}

/**
 * The quantity a merged line ends with: the larger of the account's and the browser's, at most
 * the stock and the line limit, and never less than the account already holds.
 */
export function mergedQuantity(account: number, local: number, stock: number): number {
  return Math.max(account, Math.min(Math.max(account, local), stock, MAX_QUANTITY));
}

export interface MergeResult {
  /** The account's cart after the merge; null when it could not be read (nothing was merged). */
  cart: CartState | null;
  /** Names of the products not added, or not in the quantity asked. */
  failed: string[];
}

const signedInUid = (store: Store): string | null => (store.get(isSignedInAtom) ? (store.get(sessionAtom).user?.Uid ?? null) : null);

/** Writes one browser line into the account's cart; false when it was not (fully) added. Throws when the server could not be reached. */
async function mergeLine(store: Store, line: LocalLine): Promise<{ added: boolean; name: string }> {
  const product = await catalogueProduct(line.uid);
  if (!product.ok) return { added: false, name: line.name };
  const { data } = product.data;
  const variant = data.Id === line.productId ? data.Variants.find((v) => v.Id === line.variantId) : undefined;
  if (!variant || !variant.InStock) return { added: false, name: data.Name };
  const cart = store.get(cartAtom);
  const existing = quantityInCart(cart, line.variantId);
  const target = mergedQuantity(existing, line.num, variant.Stock);
  const full = target >= line.num;
  if (target <= existing) return { added: full, name: data.Name };
  const current = cart.lines.find((l) => l.SupProductIdDetail === line.variantId);
  const out = await setQuantity(store, { SupProductId: line.productId, SupProductIdDetail: line.variantId, Id: current?.Id }, target);
  return { added: out.ok && full, name: data.Name };
}

/**
 * Merges the browser cart into the signed-in account's open cart, line by line, then forgets
 * the lines it handled here. The account's cart is read first; when it cannot be, nothing is
 * merged and the browser keeps its lines for the next try. A line whose call could not reach the
 * server stays here too (with the lines after it).
 */
export async function mergeLocalCart(store: Store): Promise<MergeResult> {
  const uid = signedInUid(store);
  if (!uid) return { cart: null, failed: [] };
  const cart = await loadCart(store);
  const local = store.get(localCartAtom);
  if (!cart || local.length === 0) return { cart, failed: [] };
  const failed: string[] = [];
  const handled: number[] = [];
  for (const line of local) {
    if (signedInUid(store) !== uid) break;
    try {
      const out = await mergeLine(store, line);
      if (!out.added && out.name && !failed.includes(out.name)) failed.push(out.name);
    } catch {
      break; // not reached: this line and the rest are merged at the next try
    }
    handled.push(line.variantId);
  }
  removeLocal(store, handled);
  return { cart: signedInUid(store) === uid ? store.get(cartAtom) : null, failed };
}

/** The account's cart being read (and the browser's merged into it), per store. */
const running = new WeakMap<Store, Promise<CartState | null>>();

/**
 * Loads the signed-in account's cart, merging the browser cart into it first when it has lines;
 * one Persian toast names what could not be added. Concurrent calls (the session's follower and
 * the cart page) share one run.
 */
export function loadAccountCart(store: Store): Promise<CartState | null> {
  const now = running.get(store);
  if (now) return now;
  const run = (async () => {
    if (store.get(localCartAtom).length === 0) return loadCart(store);
    const { cart, failed } = await mergeLocalCart(store);
    if (failed.length > 0) {
      toast.error(i18n.t('merge.notAdded', { ns, names: joinParts(failed.map((n) => `«${n}»`)) }), { id: 'cart-merge', duration: FAILED_TOAST_MS });
    }
    return cart;
  })().finally(() => running.delete(store));
  running.set(store, run);
  return run;
}
