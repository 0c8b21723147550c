import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, policyFetch, retriesFor, TimeoutError } from './http';

const URL_BASE = 'http://shop.test';

function post(path: string, body: unknown = {}): Request {
  return new Request(`${URL_BASE}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  });
}

const json = (status: number, body: unknown = {}, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

import type { HttpHooks } from './http';
import type { Mock } from 'vitest';

type Mocked<T> = { [K in keyof T]: T[K] extends (...args: infer A) => infer R ? Mock<(...args: A) => R> : never };
let hooks: Mocked<HttpHooks>;

function setup(fetchImpl: (r: Request) => Promise<Response>, token: string | null = 'tok') {
  hooks = {
    getAccessToken: vi.fn<HttpHooks['getAccessToken']>(() => token),
    refresh: vi.fn<HttpHooks['refresh']>(async () => false),
    signOut: vi.fn<HttpHooks['signOut']>(),
    clearLoading: vi.fn<HttpHooks['clearLoading']>(),
    notifyNetworkError: vi.fn<HttpHooks['notifyNetworkError']>(),
  };
  const fetchSpy = vi.fn(fetchImpl);
  configureHttp(hooks, { fetch: fetchSpy, retryDelayMs: 1, timeoutMs: 200, maxRetryAfterMs: 50 });
  return fetchSpy;
}

describe('retry policy', () => {
  it('idempotent methods are tried once, the others twice', () => {
    expect(retriesFor('GET')).toBe(0);
    expect(retriesFor('PUT')).toBe(0);
    expect(retriesFor('DELETE')).toBe(0);
    expect(retriesFor('POST')).toBe(1);
    expect(retriesFor('PATCH')).toBe(1);
  });

  // Spec section 7's list, written out (not read from the code under test).
  it.each([408, 409, 425, 429, 500, 502, 503, 504])('POST answered %i is retried once, with the same body', async (status) => {
    const bodies: string[] = [];
    const fetchSpy = setup(async (r) => {
      bodies.push(await r.text());
      return json(status);
    });
    const res = await policyFetch(post('/api/x', { mobile: '09120000000' }));
    expect(res.status).toBe(status);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(bodies).toEqual(['{"mobile":"09120000000"}', '{"mobile":"09120000000"}']);
  });

  it('a retry that succeeds returns the success', async () => {
    let n = 0;
    setup(async () => (n++ === 0 ? json(503) : json(200, { status: 'ok' })));
    const res = await policyFetch(post('/api/x'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('GET is never retried', async () => {
    const fetchSpy = setup(async () => json(503));
    await policyFetch(new Request(`${URL_BASE}/api/x`));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it.each([400, 404, 413, 422, 501, 505, 511])('status %i is not retried', async (status) => {
    const fetchSpy = setup(async () => json(status));
    await policyFetch(post('/api/x'));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('a Retry-After longer than the cap is not waited for', async () => {
    const fetchSpy = setup(async () => json(429, { status: 'error', message: 'صبر کنید' }, { 'Retry-After': '59' }));
    const res = await policyFetch(post('/api/x'));
    expect(res.status).toBe(429);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});

describe('auth statuses', () => {
  it('sends the bearer token when there is one', async () => {
    const fetchSpy = setup(async () => json(200));
    await policyFetch(post('/api/x'));
    expect(fetchSpy.mock.calls[0][0].headers.get('Authorization')).toBe('Bearer tok');
  });

  it('sends no Authorization header when signed out', async () => {
    const fetchSpy = setup(async () => json(200), null);
    await policyFetch(post('/api/x'));
    expect(fetchSpy.mock.calls[0][0].headers.get('Authorization')).toBeNull();
  });

  it('401 with a failed refresh signs out (expired)', async () => {
    setup(async () => json(401));
    const res = await policyFetch(post('/api/x'));
    expect(res.status).toBe(401);
    expect(hooks.refresh).toHaveBeenCalledTimes(1);
    expect(hooks.signOut).toHaveBeenCalledWith('expired');
  });

  it('401 with a good refresh replays the request with the new token', async () => {
    let token = 'old';
    const seen: (string | null)[] = [];
    const fetchSpy = setup(async (r) => {
      seen.push(r.headers.get('Authorization'));
      return r.headers.get('Authorization') === 'Bearer new' ? json(200, { status: 'ok' }) : json(401);
    });
    hooks.getAccessToken.mockImplementation(() => token);
    hooks.refresh.mockImplementation(async () => {
      token = 'new';
      return true;
    });
    const res = await policyFetch(post('/api/x', { a: 1 }));
    expect(res.status).toBe(200);
    expect(seen).toEqual(['Bearer old', 'Bearer new']);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(hooks.signOut).not.toHaveBeenCalled();
  });

  it('concurrent 401s share one refresh', async () => {
    let token = 'old';
    setup(async (r) => (r.headers.get('Authorization') === 'Bearer new' ? json(200) : json(401)));
    hooks.getAccessToken.mockImplementation(() => token);
    hooks.refresh.mockImplementation(async () => {
      await new Promise((r) => setTimeout(r, 5));
      token = 'new';
      return true;
    });
    const all = await Promise.all([policyFetch(post('/api/a')), policyFetch(post('/api/b')), policyFetch(post('/api/c'))]);
    expect(all.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(hooks.refresh).toHaveBeenCalledTimes(1);
  });

  it('the refresh call itself is never refreshed or signed out here', async () => {
    setup(async () => json(401));
    const res = await policyFetch(post('/api/client/v1/user/token', { reftoken: 'r' }));
    expect(res.status).toBe(401);
    expect(hooks.refresh).not.toHaveBeenCalled();
    expect(hooks.signOut).not.toHaveBeenCalled();
  });

  it.each([403, 405])('%i signs out and clears the loading flag', async (status) => {
    setup(async () => json(status));
    await policyFetch(post('/api/x'));
    expect(hooks.signOut).toHaveBeenCalledWith('forbidden');
    expect(hooks.clearLoading).toHaveBeenCalled();
  });

  it('a back-office 403 (a missing role) does not sign the staff member out', async () => {
    setup(async () => json(403));
    const res = await policyFetch(post('/api/admin/v1/staff/list'));
    expect(res.status).toBe(403);
    expect(hooks.signOut).not.toHaveBeenCalled();
    expect(hooks.clearLoading).toHaveBeenCalled();
  });

  it('404 is ignored', async () => {
    setup(async () => json(404));
    const res = await policyFetch(post('/api/x'));
    expect(res.status).toBe(404);
    expect(hooks.signOut).not.toHaveBeenCalled();
    expect(hooks.clearLoading).not.toHaveBeenCalled();
  });
});

describe('timeout', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a hanging server is aborted at the timeout, not before, and reported', async () => {
    vi.useFakeTimers();
    let aborted = false;
    setup(
      (r) =>
        new Promise<Response>((_, reject) => {
          r.signal.addEventListener('abort', () => {
            aborted = true;
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    );
    const pending = policyFetch(new Request(`${URL_BASE}/api/x`));
    const outcome = pending.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(199);
    expect(aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(TimeoutError);
    expect(hooks.notifyNetworkError).toHaveBeenCalledWith('timeout');
  });

  it('a network failure is reported and rethrown', async () => {
    setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(policyFetch(post('/api/x'))).rejects.toBeInstanceOf(TypeError);
    expect(hooks.notifyNetworkError).toHaveBeenCalledWith('network');
  });
});
