/**
 * The hearts: before sign-in they are kept in this browser (local storage); a signed-in
 * customer's hearts are the account's, and at sign-in the browser's hearts are merged into the
 * account (the server ignores repeats and unknown products) and then forgotten here, so a heart
 * removed later is not brought back by the next sign-in.
 */
import { atom, type getDefaultStore } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { isSignedInAtom, sessionAtom, signedInOnceRestored } from '@/shared/session/session';
import { addFavourite, favouriteIds, mergeFavourites, removeFavourite } from '../api/favourites';

type Store = ReturnType<typeof getDefaultStore>;

/** Hearts one browser keeps before sign-in. */
export const MAX_LOCAL = 500;
const UID = /^[A-Za-z0-9_-]{1,64}$/;

function clean(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return [...new Set(list.filter((x): x is string => typeof x === 'string' && UID.test(x)))].slice(0, MAX_LOCAL);
}

const storage = createJSONStorage<string[]>(() => localStorage);
const rawLocal = atomWithStorage<string[]>('shop.favourites', [], storage, { getOnInit: true });

/** The browser's hearts (signed out). */
export const localHeartsAtom = atom(
  (get) => clean(get(rawLocal)),
  (_get, set, next: string[]) => set(rawLocal, clean(next)),
);

/** The account's hearts; null while signed out or not loaded yet. */
export const accountHeartsAtom = atom<string[] | null>(null);

/** The hearts to show: the account's when signed in and loaded, else the browser's. */
export const heartsAtom = atom((get) => get(accountHeartsAtom) ?? get(localHeartsAtom));

const signedInUid = (store: Store): string | null => (store.get(isSignedInAtom) ? (store.get(sessionAtom).user?.Uid ?? null) : null);

/** Loads the account's hearts, merging the browser's first. Exported for the tests. */
export async function loadAccountHearts(store: Store): Promise<void> {
  const local = store.get(localHeartsAtom);
  const out = local.length > 0 ? await mergeFavourites(local) : await favouriteIds();
  if (!out.ok || signedInUid(store) === null) return;
  store.set(accountHeartsAtom, out.data);
  if (local.length === 0) return;
  // Forget what was merged; a heart added here meanwhile is merged in the next round.
  const left = store.get(localHeartsAtom).filter((x) => !local.includes(x));
  store.set(localHeartsAtom, left);
  if (left.length > 0) await loadAccountHearts(store);
}

/** The account's hearts being read, per store: a heart tapped meanwhile waits for them. */
const loading = new WeakMap<Store, Promise<void>>();

function loadOnce(store: Store): Promise<void> {
  const running = loading.get(store);
  if (running) return running;
  const run = loadAccountHearts(store).finally(() => loading.delete(store));
  loading.set(store, run);
  return run;
}

/** Keeps the hearts in step with the session. Returns the unsubscribe. */
export function followSession(store: Store): () => void {
  let uid: string | null = null;
  const sync = () => {
    const next = signedInUid(store);
    if (next === uid) return;
    uid = next;
    store.set(accountHeartsAtom, null);
    if (next) void loadOnce(store);
  };
  sync();
  return store.sub(sessionAtom, sync);
}

/** `kept`: added in this browser only (signed out, or the account's hearts could not be read). */
export type ToggleResult = 'added' | 'kept' | 'removed' | 'full' | 'failed';

/**
 * Switches one heart. Signed in: shown at once, saved to the account, put back on failure.
 * Signed out: kept in this browser (at most {@link MAX_LOCAL}). A tap right after a page load
 * waits for the session restore and the account's hearts, so it is not kept here by mistake.
 */
export async function toggleHeart(store: Store, uid: string): Promise<ToggleResult> {
  if ((await signedInOnceRestored(store)) && store.get(accountHeartsAtom) === null) await loadOnce(store);
  const account = store.get(accountHeartsAtom);
  if (signedInUid(store) === null || account === null) {
    const local = store.get(localHeartsAtom);
    if (local.includes(uid)) {
      store.set(localHeartsAtom, local.filter((x) => x !== uid));
      return 'removed';
    }
    if (local.length >= MAX_LOCAL) return 'full';
    store.set(localHeartsAtom, [...local, uid]);
    return 'kept';
  }
  const on = account.includes(uid);
  store.set(accountHeartsAtom, on ? account.filter((x) => x !== uid) : [...account, uid]);
  const out = on ? await removeFavourite(uid) : await addFavourite(uid);
  if (!out.ok) {
    store.set(accountHeartsAtom, account);
    return 'failed';
  }
  store.set(accountHeartsAtom, out.data);
  return on ? 'removed' : 'added';
}
