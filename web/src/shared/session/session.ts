/**
 * The session (spec sections 3 and 4): jotai atoms, encrypted persistence, restore at start,
 * token refresh and sign-out. Shared: the shell, the HTTP client and several features read it
 * (the cart follows it, features/cart/stores/cart.ts).
 *
 * The functions take the jotai store (default: jotai's default store, which is what the app
 * uses when no custom store is passed to <Provider>), so tests can pass their own.
 */
import { atom, getDefaultStore } from 'jotai';
import { toast } from '@/shared/ui/toast';
import i18n from '@/shared/i18n';
import { configureHttp, type SignOutReason } from '@/shared/api';
import { loadingAtom, loginModalAtom } from '@/shared/state';
import { refreshAccessToken, revokeRefreshToken, type User } from './api';
import { clearSecure, readSecure, TOKEN_KEY, USER_KEY, writeSecure } from './secureStorage';
import { SESSION_EXPIRED } from '@/shared/core/messages.generated';

export type { User };
export type Store = ReturnType<typeof getDefaultStore>;

export interface Session {
  user: User | null;
  accessToken: string | null;
  refreshToken: string | null;
  isAuthorized: boolean;
}

export const emptySession: Session = { user: null, accessToken: null, refreshToken: null, isAuthorized: false };

export const sessionAtom = atom<Session>(emptySession);

/** Spec section 2: signed in = has a Uid, an access token and is authorised. */
export const isSignedInAtom = atom((get) => {
  const s = get(sessionAtom);
  return Boolean(s.user?.Uid && s.accessToken && s.isAuthorized);
});

/**
 * True once the start-up restore from local storage has finished (with or without a session).
 * Route guards wait for it so that a reload on /profile does not bounce a signed-in user.
 */
export const sessionRestoredAtom = atom(false);

/** What is kept under the `token` key. */
interface StoredToken {
  token: string;
  reftoken: string | null;
}

export interface SignInData {
  token: string;
  reftoken?: string | null;
  user: User;
}

export type SignOutCause = SignOutReason | 'logout';
type SignedOutListener = (cause: SignOutCause) => void;
const signedOutListeners = new Set<SignedOutListener>();

/** Subscribes to sign-outs (the router bridge uses it to go home). Returns the unsubscribe. */
export function onSignedOut(listener: SignedOutListener): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

// Persistence runs in order, so a quick sign-in then sign-out cannot leave stale values behind.
let persistChain: Promise<void> = Promise.resolve();
function persist(task: () => Promise<void> | void): Promise<void> {
  persistChain = persistChain.then(task, task).catch(() => {
    clearSecure();
  });
  return persistChain;
}

/** Saves token and user in state and (encrypted) local storage. */
export async function signIn(data: SignInData, store: Store = getDefaultStore()): Promise<void> {
  const refreshToken = data.reftoken ?? store.get(sessionAtom).refreshToken ?? null;
  store.set(sessionAtom, { user: data.user, accessToken: data.token, refreshToken, isAuthorized: true });
  await persist(async () => {
    const stored: StoredToken = { token: data.token, reftoken: refreshToken };
    await writeSecure(TOKEN_KEY, stored);
    await writeSecure(USER_KEY, data.user);
  });
}

/** Replaces the stored user (after a profile change) without touching the tokens. */
export async function updateUser(user: User, store: Store = getDefaultStore()): Promise<void> {
  const s = store.get(sessionAtom);
  if (!s.isAuthorized) return;
  store.set(sessionAtom, { ...s, user });
  await persist(() => writeSecure(USER_KEY, user));
}

/**
 * Signs out: state reset and storage cleared (the cart follows the session and empties). `logout` is the user's own
 * action; the others come from the HTTP client (401/403/405, failed refresh).
 */
export async function signOut(cause: SignOutCause = 'logout', store: Store = getDefaultStore()): Promise<void> {
  const { isAuthorized: wasSignedIn, refreshToken } = store.get(sessionAtom);
  // The user's own logout also ends the sign-in on the server (best effort).
  if (cause === 'logout' && refreshToken) void revokeRefreshToken(refreshToken).catch(() => undefined);
  store.set(sessionAtom, emptySession);
  await persist(() => clearSecure());
  if (cause === 'expired' && wasSignedIn) {
    toast(SESSION_EXPIRED, { icon: '⚠️', id: 'auth-expired' });
  }
  if (wasSignedIn || cause === 'logout') {
    for (const listener of signedOutListeners) listener(cause);
  }
}

/**
 * Restores the session from local storage (spec section 4, on start): only when there is no
 * token and the user is not authorised yet. Garbage, a wrong key or tampering clears storage.
 */
export async function restoreSession(store: Store = getDefaultStore()): Promise<boolean> {
  const s = store.get(sessionAtom);
  if (s.accessToken && s.isAuthorized) return true;
  try {
    const stored = await readSecure<StoredToken>(TOKEN_KEY);
    const user = await readSecure<User>(USER_KEY);
    if (!stored || !user) {
      if (stored || user) clearSecure(); // half a session is no session
      return false;
    }
    if (typeof stored.token !== 'string' || !stored.token || typeof user !== 'object' || !user.Uid) {
      throw new Error('stored session has the wrong shape');
    }
    store.set(sessionAtom, {
      user,
      accessToken: stored.token,
      refreshToken: typeof stored.reftoken === 'string' ? stored.reftoken : null,
      isAuthorized: true,
    });
    return true;
  } catch {
    clearSecure();
    store.set(sessionAtom, emptySession);
    return false;
  }
}

/**
 * Asks the server for a new access token with the refresh token (spec section 4). On success
 * the new token (and the rotated refresh token) are saved; on failure nothing changes here: the
 * HTTP client signs the user out with the 'access expired' warning.
 */
export async function refreshSession(store: Store = getDefaultStore()): Promise<boolean> {
  const s = store.get(sessionAtom);
  if (!s.refreshToken) return false;
  try {
    const out = await refreshAccessToken(s.refreshToken);
    if (!out || out.status !== 'ok' || !out.token) return false;
    const user = out.user?.Uid ? out.user : store.get(sessionAtom).user;
    if (!user) return false;
    await signIn({ token: out.token, reftoken: out.reftoken ?? s.refreshToken, user }, store);
    return true;
  } catch {
    return false;
  }
}

/** Wires the HTTP client to this store: token, refresh, sign-out, loading flag, network toasts. */
export function installSession(store: Store = getDefaultStore()): void {
  configureHttp({
    getAccessToken: () => store.get(sessionAtom).accessToken,
    refresh: () => refreshSession(store),
    signOut: (reason) => {
      void signOut(reason, store);
    },
    clearLoading: () => store.set(loadingAtom, false),
    notifyNetworkError: (kind) => {
      toast.error(i18n.t(kind === 'timeout' ? 'session.timeout' : 'session.network'), { id: 'auth-network' });
    },
  });
}

let started: Promise<void> | null = null;

/**
 * Start-up (spec section 4): install the HTTP hooks and restore the session from storage when
 * there is none in memory (the cart, following the session, then loads the pre-order).
 * Idempotent per store.
 */
export function startSession(store: Store = getDefaultStore()): Promise<void> {
  if (started && store === getDefaultStore()) return started;
  const run = (async () => {
    installSession(store);
    try {
      await restoreSession(store);
    } finally {
      store.set(sessionRestoredAtom, true);
    }
  })();
  if (store === getDefaultStore()) started = run;
  return run;
}

/**
 * Whether the visitor is signed in, once the start-up restore has finished. A tap right after a
 * page load (add to cart, a heart, chat) must not take a signed-in shopper for a signed-out one
 * while the session is still being read back from encrypted storage.
 */
export async function signedInOnceRestored(store: Store = getDefaultStore()): Promise<boolean> {
  if (!store.get(sessionRestoredAtom)) await startSession(store);
  return store.get(isSignedInAtom);
}

/** Test helper: forget that the default store was started. */
export function resetSessionStartForTests(): void {
  started = null;
}

/** Closes the login popup (after a successful sign-in). */
export function closeLoginModal(store: Store = getDefaultStore()): void {
  store.set(loginModalAtom, false);
}
