import { beforeEach, describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { cartCountAtom } from './cart';
import { addLocal, cleanLocalCart, LOCAL_CART_KEY, localCartAtom, MAX_LOCAL_LINES, MAX_QUANTITY, removeLocal, setLocalQuantity } from './localCart';

const laptop = { uid: 'lenovo-ideapad-slim-5', productId: 7, variantId: 71, name: 'لپ‌تاپ لنوو' };

beforeEach(() => localStorage.clear());

describe('the browser cart (signed out)', () => {
  it('adding keeps the line in local storage, once per variant, and the header count follows', () => {
    const store = createStore();
    expect(addLocal(store, laptop)).toBe('added');
    expect(addLocal(store, laptop)).toBe('added');
    expect(store.get(localCartAtom)).toEqual([{ ...laptop, num: 2 }]);
    expect(JSON.parse(localStorage.getItem(LOCAL_CART_KEY)!)).toEqual([{ ...laptop, num: 2 }]);
    expect(store.get(cartCountAtom)).toBe(2);
    // A new page (a new store) reads it back.
    expect(createStore().get(localCartAtom)).toEqual([{ ...laptop, num: 2 }]);
  });

  it('a line stops at the quantity limit', () => {
    const store = createStore();
    store.set(localCartAtom, [{ ...laptop, num: MAX_QUANTITY }]);
    expect(addLocal(store, laptop)).toBe('max');
    expect(store.get(localCartAtom)[0].num).toBe(MAX_QUANTITY);
    setLocalQuantity(store, laptop.variantId, MAX_QUANTITY + 5);
    expect(store.get(localCartAtom)[0].num).toBe(MAX_QUANTITY);
    setLocalQuantity(store, laptop.variantId, 0);
    expect(store.get(localCartAtom)[0].num).toBe(1);
  });

  it('holds at most MAX_LOCAL_LINES lines', () => {
    const store = createStore();
    for (let i = 1; i <= MAX_LOCAL_LINES; i++) expect(addLocal(store, { ...laptop, variantId: i })).toBe('added');
    expect(addLocal(store, { ...laptop, variantId: 999 })).toBe('full');
    expect(store.get(localCartAtom)).toHaveLength(MAX_LOCAL_LINES);
    // The lines already there still take more.
    expect(addLocal(store, { ...laptop, variantId: 1 })).toBe('added');
  });

  it('corrupt storage is read as an empty cart, not a crash', () => {
    localStorage.setItem(LOCAL_CART_KEY, '{not json');
    expect(createStore().get(localCartAtom)).toEqual([]);
    localStorage.setItem(LOCAL_CART_KEY, JSON.stringify({ uid: 'x' }));
    expect(createStore().get(localCartAtom)).toEqual([]);
    const store = createStore();
    expect(addLocal(store, laptop)).toBe('added');
    expect(store.get(localCartAtom)).toEqual([{ ...laptop, num: 1 }]);
  });

  it('drops malformed lines and repeats, and caps what it reads', () => {
    const good = { ...laptop, num: 3 };
    expect(
      cleanLocalCart([
        good,
        { ...good, num: 9 }, // the same variant again
        { ...good, variantId: 72, num: 500 }, // over the limit: capped
        { ...good, variantId: 73, num: 0 },
        { ...good, variantId: 74, num: 1.5 },
        { ...good, variantId: 75, uid: '../../x' },
        { ...good, variantId: -1 },
        { ...good, variantId: 76, productId: '7' },
        { ...good, variantId: 77, name: 42 }, // a name that is not text is dropped, the line kept
        null,
        'x',
      ]),
    ).toEqual([good, { ...good, variantId: 72, num: MAX_QUANTITY }, { ...good, variantId: 77, name: '' }]);
    expect(cleanLocalCart(Array.from({ length: MAX_LOCAL_LINES + 10 }, (_, i) => ({ ...good, variantId: i + 1 })))).toHaveLength(MAX_LOCAL_LINES);
  });

  it('removes lines by variant; an empty cart leaves nothing in storage', () => {
    const store = createStore();
    addLocal(store, laptop);
    addLocal(store, { ...laptop, variantId: 72 });
    removeLocal(store, [71]);
    expect(store.get(localCartAtom).map((l) => l.variantId)).toEqual([72]);
    removeLocal(store, [72]);
    expect(localStorage.getItem(LOCAL_CART_KEY)).toBeNull();
  });
});
