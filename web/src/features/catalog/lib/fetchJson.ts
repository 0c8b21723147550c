/**
 * Public catalogue and content reads (GET, cacheable on the server with ETag): one small
 * helper over the shared HTTP client's `policyFetch` (token, timeout, network toasts), with a
 * short in-memory cache so that going back to a list is instant, and a hook for pages.
 */
import { useCallback, useEffect, useState } from 'react';
import { policyFetch } from '@/shared/api';

export type Query = Record<string, string | number | boolean | undefined | null | readonly (string | number)[]>;

export type Result<T> =
  | { ok: true; data: T; status: number }
  | { ok: false; status: number; message: string | null };

const TTL_MS = 60_000;
const MAX_ENTRIES = 80;
const cache = new Map<string, { at: number; value: Result<unknown> }>();

/** `/api/client/v1` + path + the query (empty values left out, arrays as repeated keys). */
export function apiUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '' || v === false) continue;
    if (Array.isArray(v)) {
      if (v.length) params.set(k, v.join(','));
    } else params.set(k, String(v));
  }
  const qs = params.toString();
  return `/api/client/v1${path}${qs ? `?${qs}` : ''}`;
}

function origin(): string {
  const configured = import.meta.env.VITE_API_BASE as string | undefined;
  if (configured) return configured.replace(/\/$/, '');
  return typeof location === 'undefined' ? 'http://localhost' : location.origin;
}

const inFlight = new Map<string, Promise<Result<unknown>>>();

/**
 * GET `url` (from apiUrl) as JSON. Never throws for HTTP errors; a network failure throws.
 * Concurrent calls for one URL share one request (so a prefetch started early is reused).
 */
export function getJson<T>(url: string): Promise<Result<T>> {
  const hit = cache.get(url);
  if (hit && Date.now() - hit.at < TTL_MS) return Promise.resolve(hit.value as Result<T>);
  let pending = inFlight.get(url);
  if (!pending) {
    pending = fetchJson<unknown>(url).finally(() => inFlight.delete(url));
    inFlight.set(url, pending);
  }
  return pending as Promise<Result<T>>;
}

/**
 * Puts an answer the server already gave (e.g. JSON embedded in the page's HTML) into the
 * cache, so the first `getJson`/`useResource` of `url` uses it without a request.
 */
export function seedJson<T>(url: string, data: T): void {
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(url, { at: Date.now(), value: { ok: true, data, status: 200 } });
}

/** Starts loading `url` now (best effort), e.g. as soon as a route's code arrives. */
export function prefetchJson(url: string): void {
  void getJson(url).catch(() => undefined);
}

async function fetchJson<T>(url: string): Promise<Result<T>> {
  const response = await policyFetch(new Request(origin() + url, { headers: { Accept: 'application/json' } }));
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  let value: Result<T>;
  if (response.ok) value = { ok: true, data: body as T, status: response.status };
  else {
    const message = body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : null;
    value = { ok: false, status: response.status, message };
  }
  if (response.ok || response.status === 404) {
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(url, { at: Date.now(), value });
  }
  return value;
}

/** Test helper. */
export function clearFetchCache(): void {
  cache.clear();
}

export interface Resource<T> {
  data: T | null;
  /** HTTP status of a failed answer, 0 for a network failure. */
  error: { status: number; message: string | null } | null;
  loading: boolean;
  /** Loads again (after a failure). */
  reload: () => void;
}

/** Loads `url` (null: nothing to load); keeps the previous data while the next one loads. */
export function useResource<T>(url: string | null): Resource<T> {
  const [nonce, setNonce] = useState(0);
  const [state, setState] = useState<Omit<Resource<T>, 'reload'> & { url: string | null }>(() => {
    const hit = url ? cache.get(url) : undefined;
    if (hit && hit.value.ok) return { url, data: hit.value.data as T, error: null, loading: false };
    return { url, data: null, error: null, loading: url !== null };
  });
  useEffect(() => {
    if (!url) return;
    let alive = true;
    setState((s) => ({ ...s, url, loading: true }));
    getJson<T>(url)
      .then((r) => {
        if (!alive) return;
        if (r.ok) setState({ url, data: r.data, error: null, loading: false });
        else setState({ url, data: null, error: { status: r.status, message: r.message }, loading: false });
      })
      .catch(() => {
        if (alive) setState((s) => ({ ...s, url, error: { status: 0, message: null }, loading: false }));
      });
    return () => {
      alive = false;
    };
  }, [url, nonce]);
  const reload = useCallback(() => {
    if (url) cache.delete(url);
    setNonce((n) => n + 1);
  }, [url]);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}
