import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/shared/testing/fixtures';
import { emptySession, sessionAtom, signIn as storeSession } from '@/shared/session/session';
import { accountHeartsAtom, followSession, heartsAtom, localHeartsAtom, toggleHeart } from './favourites';

const MERGE = '/api/client/v1/favourite/merge';
const IDS = '/api/client/v1/favourite/ids';
const ADD = '/api/client/v1/favourite/add';

const signIn = (store: ReturnType<typeof createStore>) =>
  store.set(sessionAtom, { user: { Uid: 'u-1', Mobile: '09123456789' } as never, accessToken: 'token', refreshToken: 'ref', isAuthorized: true });
const signOut = (store: ReturnType<typeof createStore>) => store.set(sessionAtom, emptySession);

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('hearts follow the session', () => {
  it('hearts kept before sign-in are merged into the account once, then forgotten here', async () => {
    const api = mockApi({
      [MERGE]: () => ({ status: 'ok', uids: ['a', 'b', 'c'], added: 2, ignored: 1 }),
      [IDS]: () => ({ status: 'ok', uids: ['a', 'b', 'c'] }),
    });
    const store = createStore();
    store.set(localHeartsAtom, ['a', 'b', 'unknown-id']);
    const stop = followSession(store);
    signIn(store);
    await vi.waitFor(() => expect(store.get(accountHeartsAtom)).toEqual(['a', 'b', 'c']));
    expect(api.callsTo(MERGE)[0].body).toEqual({ uids: ['a', 'b', 'unknown-id'] });
    expect(store.get(localHeartsAtom)).toEqual([]);
    expect(store.get(heartsAtom)).toEqual(['a', 'b', 'c']);

    // Signing out and in again: nothing left to merge, the account's list is read.
    signOut(store);
    expect(store.get(heartsAtom)).toEqual([]);
    signIn(store);
    await vi.waitFor(() => expect(store.get(accountHeartsAtom)).toEqual(['a', 'b', 'c']));
    expect(api.callsTo(MERGE)).toHaveLength(1);
    expect(api.callsTo(IDS)).toHaveLength(1);
    stop();
  });

  it('a failed merge keeps the browser’s hearts for the next try', async () => {
    mockApi({ [MERGE]: () => new Response('{}', { status: 503 }) });
    const store = createStore();
    store.set(localHeartsAtom, ['a']);
    const stop = followSession(store);
    signIn(store);
    await new Promise((r) => setTimeout(r, 50));
    expect(store.get(localHeartsAtom)).toEqual(['a']);
    expect(store.get(heartsAtom)).toEqual(['a']);
    stop();
  });

  it('signed out, a heart stays in this browser; signed in, it is saved to the account and put back on failure', async () => {
    let fail = false;
    const api = mockApi({
      [IDS]: () => ({ status: 'ok', uids: [] }),
      [ADD]: () => (fail ? new Response('{"status":"error","message":"کالای مورد نظر پیدا نشد","field":"uid"}', { status: 404, headers: { 'Content-Type': 'application/json' } }) : { status: 'ok', uids: ['a'] }),
    });
    const store = createStore();
    expect(await toggleHeart(store, 'x')).toBe('kept');
    expect(store.get(localHeartsAtom)).toEqual(['x']);
    expect(await toggleHeart(store, 'x')).toBe('removed');
    expect(api.calls).toHaveLength(0);

    const stop = followSession(store);
    signIn(store);
    await vi.waitFor(() => expect(store.get(accountHeartsAtom)).toEqual([]));
    expect(await toggleHeart(store, 'a')).toBe('added');
    expect(store.get(heartsAtom)).toEqual(['a']);
    expect(api.callsTo(ADD)[0].body).toEqual({ uid: 'a' });
    fail = true;
    expect(await toggleHeart(store, 'gone')).toBe('failed');
    expect(store.get(heartsAtom)).toEqual(['a']);
    stop();
  });

  it('a heart tapped right after a page load, before the session and the account’s hearts are read back, is saved to the account', async () => {
    let release: () => void = () => undefined;
    const idsRead = new Promise<void>((r) => (release = r));
    const api = mockApi({
      [IDS]: async () => {
        await idsRead;
        return { status: 'ok', uids: ['b'] };
      },
      [ADD]: () => ({ status: 'ok', uids: ['b', 'a'] }),
    });
    // The session is in (encrypted) storage; this store has not restored it yet.
    await storeSession({ token: 'token', reftoken: 'ref', user: { Uid: 'u-1', Mobile: '09123456789' } as never }, createStore());
    const store = createStore();
    const stop = followSession(store);
    const tapped = toggleHeart(store, 'a');
    await vi.waitFor(() => expect(api.callsTo(IDS)).toHaveLength(1));
    release();
    expect(await tapped).toBe('added');
    expect(api.callsTo(ADD)[0].body).toEqual({ uid: 'a' });
    expect(store.get(heartsAtom)).toEqual(['b', 'a']);
    expect(store.get(localHeartsAtom)).toEqual([]);
    stop();
  });
});
