/**
 * Lists kept on this device only: the products picked for comparison. (Favourites are the
 * favourites feature's: the account's when signed in.)
 */
import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';

export const MAX_COMPARE = 4;

const storage = createJSONStorage<string[]>(() => localStorage);
const UID = /^[A-Za-z0-9_-]{1,64}$/;

function clean(list: unknown, max: number): string[] {
  if (!Array.isArray(list)) return [];
  return [...new Set(list.filter((x): x is string => typeof x === 'string' && UID.test(x)))].slice(0, max);
}

const rawCompare = atomWithStorage<string[]>('shop.compare', [], storage, { getOnInit: true });

export const compareAtom = atom(
  (get) => clean(get(rawCompare), MAX_COMPARE),
  (_get, set, next: string[]) => set(rawCompare, clean(next, MAX_COMPARE)),
);

/** `list` with `uid` switched; adding past `max` is refused (returns null). */
export function toggleIn(list: string[], uid: string, max: number): string[] | null {
  if (list.includes(uid)) return list.filter((x) => x !== uid);
  if (list.length >= max) return null;
  return [...list, uid];
}
