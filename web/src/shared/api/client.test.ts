import { afterEach, describe, expect, it, vi } from 'vitest';

/** Spec section 7: every call goes to "a base API host from configuration" (VITE_API_BASE). */
async function freshClient() {
  vi.resetModules();
  return (await import('./client')).api;
}

function answering() {
  const fetchMock = vi.fn(async (_r: Request) => Response.json({ status: 'ok', data: [], OrderTotalPrice: 0, FinalPrice: 0, Code: null, OrderId: null }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('the API base host', () => {
  it('a configured host receives every call (a trailing slash is dropped)', async () => {
    vi.stubEnv('VITE_API_BASE', 'https://api.example.test/');
    const fetchMock = answering();
    const api = await freshClient();
    await api.POST('/api/client/v1/order/list/preorder', { body: { uid: 'u-1' } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const request = fetchMock.mock.calls[0][0];
    expect(request.url).toBe('https://api.example.test/api/client/v1/order/list/preorder');
    expect(request.method).toBe('POST');
  });

  it('without one, the page’s own origin (the shop and API served together)', async () => {
    vi.stubEnv('VITE_API_BASE', '');
    const fetchMock = answering();
    const api = await freshClient();
    await api.POST('/api/client/v1/order/list/preorder', { body: { uid: 'u-1' } });
    expect(fetchMock.mock.calls[0][0].url).toBe(`${location.origin}/api/client/v1/order/list/preorder`);
  });
});
