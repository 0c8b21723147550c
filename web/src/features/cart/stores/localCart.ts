/**
 * The browser cart: what a signed-out shopper puts in the cart, kept in this browser (local
 * storage) until they sign in, when it is merged into the account's open cart (api/mergeLocal)
 * and forgotten here. It keeps ids and quantities only: names, prices and stock are read from
 * the catalogue when shown, and the server prices the lines itself once they are merged.
 */
import { atom, type getDefaultStore } from 'jotai';
import { MAX_QUANTITY } from '@/shared/core/constants.generated';

type Store = ReturnType<typeof getDefaultStore>;

/** The largest quantity of one line (core `quote::MAX_QUANTITY`, generated: the server's limit too). */
export { MAX_QUANTITY };
/** Lines one browser keeps before sign-in. */
export const MAX_LOCAL_LINES = 30;
/** The local storage key. */
export const LOCAL_CART_KEY = 'shop.cart';

/** One line of the browser cart. */
export interface LocalLine {
  /** The product's public uid (to read its page from the catalogue). */
  uid: string;
  /** `SupProductId`. */
  productId: number;
  /** `SupProductIdDetail`: the colour and warranty chosen. */
  variantId: number;
  num: number;
  /** The product's name when it was added, only to name the line if the catalogue cannot. */
  name: string;
}

const UID = /^[A-Za-z0-9_-]{1,64}$/;
const isId = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x > 0;

/**
 * Keeps only well-formed lines: one per variant (the first), quantities 1 to
 * {@link MAX_QUANTITY}, at most {@link MAX_LOCAL_LINES} lines. Anything else (an old format, a
 * hand-edited value) is dropped, never thrown.
 */
export function cleanLocalCart(raw: unknown): LocalLine[] {
  if (!Array.isArray(raw)) return [];
  const out: LocalLine[] = [];
  const seen = new Set<number>();
  for (const x of raw as unknown[]) {
    if (out.length >= MAX_LOCAL_LINES) break;
    if (typeof x !== 'object' || x === null) continue;
    const { uid, productId, variantId, num, name } = x as Record<string, unknown>;
    if (typeof uid !== 'string' || !UID.test(uid) || !isId(productId) || !isId(variantId) || !isId(num)) continue;
    if (seen.has(variantId)) continue;
    seen.add(variantId);
    out.push({ uid, productId, variantId, num: Math.min(num, MAX_QUANTITY), name: typeof name === 'string' ? name.slice(0, 200) : '' });
  }
  return out;
}

function read(): LocalLine[] {
  try {
    const text = localStorage.getItem(LOCAL_CART_KEY);
    return text ? cleanLocalCart(JSON.parse(text)) : [];
  } catch {
    return []; // corrupt JSON, or storage not available
  }
}

function write(lines: LocalLine[]): void {
  try {
    if (lines.length === 0) localStorage.removeItem(LOCAL_CART_KEY);
    else localStorage.setItem(LOCAL_CART_KEY, JSON.stringify(lines));
  } catch {
    /* storage full or blocked: the lines stay in this page's memory */
  }
}

/** What was last written in this page (the storage is read until the first write). */
const memory = atom<LocalLine[] | null>(null);

/** The browser cart's lines (read from local storage; writes are cleaned and stored). */
export const localCartAtom = atom(
  (get) => get(memory) ?? read(),
  (_get, set, next: LocalLine[]) => {
    const lines = cleanLocalCart(next);
    write(lines);
    set(memory, lines);
  },
);

/** The browser cart's count: the sum of its quantities. */
export const localCartCountAtom = atom((get) => get(localCartAtom).reduce((n, l) => n + l.num, 0));

/** `full`: no room for another line; `max`: the line is at {@link MAX_QUANTITY}. */
export type LocalAddResult = 'added' | 'full' | 'max';

/** Adds one of a variant to the browser cart. */
export function addLocal(store: Store, line: Omit<LocalLine, 'num'>): LocalAddResult {
  const lines = store.get(localCartAtom);
  const at = lines.findIndex((l) => l.variantId === line.variantId);
  if (at >= 0) {
    if (lines[at].num >= MAX_QUANTITY) return 'max';
    store.set(localCartAtom, lines.map((l, i) => (i === at ? { ...l, num: l.num + 1 } : l)));
    return 'added';
  }
  if (lines.length >= MAX_LOCAL_LINES) return 'full';
  store.set(localCartAtom, [...lines, { ...line, num: 1 }]);
  return 'added';
}

/** Sets a browser-cart line's quantity (kept within 1 to {@link MAX_QUANTITY}). */
export function setLocalQuantity(store: Store, variantId: number, num: number): void {
  const n = Math.min(Math.max(Math.trunc(num), 1), MAX_QUANTITY);
  store.set(localCartAtom, store.get(localCartAtom).map((l) => (l.variantId === variantId ? { ...l, num: n } : l)));
}

/** Removes lines from the browser cart. */
export function removeLocal(store: Store, variantIds: number[]): void {
  store.set(localCartAtom, store.get(localCartAtom).filter((l) => !variantIds.includes(l.variantId)));
}
