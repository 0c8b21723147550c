import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { configureHttp } from '@/shared/api';
import { api } from '@/shared/api';
import { loadingAtom } from '@/shared/state';
import {
  emptySession,
  installSession,
  isSignedInAtom,
  onSignedOut,
  restoreSession,
  sessionAtom,
  sessionRestoredAtom,
  startSession,
  signIn,
  signOut,
  type User,
} from './session';
import { encryptValue, TOKEN_KEY, USER_KEY } from './secureStorage';

const toastMock = vi.hoisted(() => Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }));
vi.mock('react-hot-toast', () => ({ default: toastMock }));

const user = { Id: 7, Uid: 'u-7', Name: 'سارا', Lastname: 'احمدی', Mobile: '09121234567' } as User;

const json = (status: number, body: unknown = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  localStorage.clear();
  toastMock.mockClear();
  toastMock.error.mockClear();
});

describe('encrypted persistence', () => {
  it('saves token and user encrypted under the keys token and user', async () => {
    const store = createStore();
    await signIn({ token: 'access-1', reftoken: 'refresh-1', user }, store);
    const token = localStorage.getItem(TOKEN_KEY);
    const storedUser = localStorage.getItem(USER_KEY);
    expect(token).toBeTruthy();
    expect(storedUser).toBeTruthy();
    expect(token).not.toContain('access-1');
    expect(storedUser).not.toContain('سارا');
    expect(atob(storedUser!)).not.toContain('u-7');
    expect(store.get(isSignedInAtom)).toBe(true);
  });

  it('restores the session in a new page (fresh store)', async () => {
    await signIn({ token: 'access-1', reftoken: 'refresh-1', user }, createStore());
    const next = createStore();
    expect(await restoreSession(next)).toBe(true);
    expect(next.get(sessionAtom)).toEqual({ user, accessToken: 'access-1', refreshToken: 'refresh-1', isAuthorized: true });
  });

  it.each([
    ['garbage', 'not base64 at all %%%', 'x'],
    ['random bytes', btoa('0123456789abcdefghijklmnop'), btoa('0123456789abcdefghijklmnop')],
    ['empty string', '', ''],
  ])('clears storage holding %s', async (_name, token, userValue) => {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, userValue);
    const store = createStore();
    expect(await restoreSession(store)).toBe(false);
    expect(store.get(sessionAtom)).toEqual(emptySession);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });

  it('clears storage when the ciphertext was tampered with', async () => {
    await signIn({ token: 'access-1', reftoken: 'refresh-1', user }, createStore());
    const stored = atob(localStorage.getItem(TOKEN_KEY)!);
    const flipped = stored.slice(0, -1) + String.fromCharCode(stored.charCodeAt(stored.length - 1) ^ 1);
    localStorage.setItem(TOKEN_KEY, btoa(flipped));
    const store = createStore();
    expect(await restoreSession(store)).toBe(false);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });

  it('clears storage holding well-encrypted values of the wrong shape', async () => {
    localStorage.setItem(TOKEN_KEY, await encryptValue({ token: 42 }));
    localStorage.setItem(USER_KEY, await encryptValue('not a user'));
    expect(await restoreSession(createStore())).toBe(false);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('clears half a session', async () => {
    localStorage.setItem(TOKEN_KEY, await encryptValue({ token: 't', reftoken: null }));
    expect(await restoreSession(createStore())).toBe(false);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});

describe('sign-out', () => {
  it('logout clears state and storage and tells listeners', async () => {
    const store = createStore();
    await signIn({ token: 'a', reftoken: 'r', user }, store);
    const listener = vi.fn();
    const off = onSignedOut(listener);
    await signOut('logout', store);
    off();
    expect(store.get(sessionAtom)).toEqual(emptySession);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(listener).toHaveBeenCalledWith('logout');
  });

  it('a 401 without a usable refresh token signs the user out', async () => {
    const store = createStore();
    await signIn({ token: 'a', reftoken: null, user }, store);
    configureHttp({}, { fetch: async () => json(401, { status: 'error', message: 'نشست منقضی شده است' }) });
    installSession(store);
    const { response } = await api.POST('/api/client/v1/order/list/preorder', { body: { uid: 'u-7' } });
    expect(response.status).toBe(401);
    await vi.waitFor(() => expect(store.get(sessionAtom)).toEqual(emptySession));
    await vi.waitFor(() => expect(localStorage.getItem(TOKEN_KEY)).toBeNull());
  });

  it('an expired access token with a valid refresh token is refreshed and the call replayed', async () => {
    const store = createStore();
    await signIn({ token: 'old', reftoken: 'ref-1', user }, store);
    const calls: string[] = [];
    configureHttp(
      {},
      {
        fetch: async (r) => {
          const path = new URL(r.url).pathname;
          calls.push(`${path} ${r.headers.get('Authorization') ?? ''}`);
          if (path.endsWith('/user/token')) {
            const body = (await r.json()) as { reftoken: string };
            return body.reftoken === 'ref-1' ? json(200, { status: 'ok', token: 'new', reftoken: 'ref-2', user }) : json(200, { status: 'not' });
          }
          return r.headers.get('Authorization') === 'Bearer new'
            ? json(200, { status: 'ok', data: [], OrderTotalPrice: 0, FinalPrice: 0, Code: null, OrderId: null })
            : json(401);
        },
      },
    );
    installSession(store);
    const { response } = await api.POST('/api/client/v1/order/list/preorder', { body: { uid: 'u-7' } });
    expect(response.status).toBe(200);
    expect(calls).toEqual([
      '/api/client/v1/order/list/preorder Bearer old',
      '/api/client/v1/user/token Bearer old',
      '/api/client/v1/order/list/preorder Bearer new',
    ]);
    expect(store.get(sessionAtom)).toMatchObject({ accessToken: 'new', refreshToken: 'ref-2', isAuthorized: true });
    // the rotated tokens are what a reload restores
    const next = createStore();
    await restoreSession(next);
    expect(next.get(sessionAtom).refreshToken).toBe('ref-2');
  });

  it('an invalid refresh token ends the session with the access-expired warning', async () => {
    const store = createStore();
    await signIn({ token: 'old', reftoken: 'stale', user }, store);
    configureHttp(
      {},
      {
        fetch: async (r) => (new URL(r.url).pathname.endsWith('/user/token') ? json(200, { status: 'not' }) : json(401)),
      },
    );
    installSession(store);
    await api.POST('/api/client/v1/order/list/preorder', { body: { uid: 'u-7' } });
    await vi.waitFor(() => expect(store.get(isSignedInAtom)).toBe(false));
    expect(toastMock).toHaveBeenCalledWith('مدت زمان دسترسی شما به پایان رسیده است؛ لطفا دوباره وارد شوید.', expect.anything());
  });

  it.each([403, 405])('%i signs out and clears the loading flag', async (status) => {
    const store = createStore();
    await signIn({ token: 'a', reftoken: 'r', user }, store);
    store.set(loadingAtom, true);
    configureHttp({}, { fetch: async () => json(status) });
    installSession(store);
    await api.POST('/api/client/v1/order/list/preorder', { body: { uid: 'someone-else' } });
    await vi.waitFor(() => expect(store.get(isSignedInAtom)).toBe(false));
    expect(store.get(loadingAtom)).toBe(false);
    await vi.waitFor(() => expect(localStorage.getItem(TOKEN_KEY)).toBeNull());
  });

  it('a 401 to a caller with no token asks for no refresh, sends no token and warns of no expiry', async () => {
    const store = createStore();
    const seen: string[] = [];
    configureHttp(
      {},
      {
        fetch: async (r) => {
          seen.push(`${new URL(r.url).pathname} ${r.headers.get('Authorization') ?? '-'}`);
          return json(401, { status: 'error', message: 'ابتدا وارد شوید' });
        },
      },
    );
    installSession(store);
    const { response } = await api.POST('/api/client/v1/order/list/preorder', { body: { uid: 'u-7' } });
    expect(response.status).toBe(401);
    expect(seen).toEqual(['/api/client/v1/order/list/preorder -']);
    expect(store.get(sessionAtom)).toEqual(emptySession);
    expect(toastMock).not.toHaveBeenCalled();
  });
});

describe('start-up', () => {
  it('restores the stored session and marks the restore done', async () => {
    await signIn({ token: 'a', reftoken: 'r', user }, createStore());
    configureHttp({}, { fetch: async () => json(200) });
    const store = createStore();
    expect(store.get(sessionRestoredAtom)).toBe(false);
    await startSession(store);
    expect(store.get(sessionRestoredAtom)).toBe(true);
    expect(store.get(isSignedInAtom)).toBe(true);
  });

  it('with nothing stored: anonymous, restored flag set, no pre-order call', async () => {
    const fetchSpy = vi.fn(async () => json(200));
    configureHttp({}, { fetch: fetchSpy });
    const store = createStore();
    await startSession(store);
    expect(store.get(sessionRestoredAtom)).toBe(true);
    expect(store.get(isSignedInAtom)).toBe(false);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
