/**
 * Cached reads (GET, cacheable on the server with ETag) through the one typed client: a
 * descriptor (`get(path, params)`) names the call and its cache key, `useResource` loads it into
 * a page, with a short in-memory cache so that going back to a list is instant.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ClientPathsWithMethod, MethodResponse } from 'openapi-fetch';
import { api, type paths } from './client';

export type GetPath = ClientPathsWithMethod<typeof api, 'get'>;
type Parameters<P extends GetPath> = paths[P]['get'] extends { parameters: infer X } ? X : never;
/** The query of a GET call, as the contract types it. */
export type GetQuery<P extends GetPath> = NonNullable<Parameters<P> extends { query?: infer Q } ? Q : never>;
/** The 200 answer of a GET call, as the contract types it. */
export type GetData<P extends GetPath> = NonNullable<MethodResponse<typeof api, 'get', P>>;

/** A GET call: its path, parameters and the cache key (the URL it asks for). */
export interface Get<P extends GetPath> {
  path: P;
  params: { query?: GetQuery<P>; path?: Record<string, string> };
  key: string;
}

export type Result<T> =
  | { ok: true; data: T; status: number }
  | { ok: false; status: number; message: string | null };

type Scalar = string | number | boolean | null | undefined;

/** Leaves out empty values, which the server reads as "no filter". */
function clean(query: Record<string, Scalar> | undefined): Record<string, string | number> | undefined {
  if (!query) return undefined;
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '' || v === false) continue;
    out[k] = v === true ? '1' : v;
  }
  return out;
}

/** Describes a GET call; `path` params fill `{name}` segments. */
export function get<P extends GetPath>(path: P, params: { query?: GetQuery<P>; path?: Record<string, string> } = {}): Get<P> {
  const query = clean(params.query as Record<string, Scalar> | undefined);
  let url: string = path;
  for (const [k, v] of Object.entries(params.path ?? {})) url = url.replace(`{${k}}`, encodeURIComponent(v));
  const qs = new URLSearchParams(Object.entries(query ?? {}).map(([k, v]) => [k, String(v)])).toString();
  return { path, params: { ...params, query: query as GetQuery<P> | undefined }, key: qs ? `${url}?${qs}` : url };
}

const TTL_MS = 60_000;
const MAX_ENTRIES = 80;
const cache = new Map<string, { at: number; value: Result<unknown> }>();
const inFlight = new Map<string, Promise<Result<unknown>>>();

function remember(key: string, value: Result<unknown>): void {
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, { at: Date.now(), value });
}

async function load<P extends GetPath>(req: Get<P>): Promise<Result<GetData<P>>> {
  // The generic call cannot be typed per path here; `req` was built by `get` for this path.
  const call = api.GET as (path: string, init: { params: Get<P>['params'] }) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
  const { data, error, response } = await call(req.path, { params: req.params });
  let value: Result<GetData<P>>;
  if (response.ok && data !== undefined) value = { ok: true, data: data as GetData<P>, status: response.status };
  else {
    const message = (error as { message?: unknown } | undefined)?.message;
    value = { ok: false, status: response.status, message: typeof message === 'string' ? message : null };
  }
  if (value.ok || response.status === 404) remember(req.key, value);
  return value;
}

/**
 * The answer to `req`. Never throws for HTTP errors; a network failure throws. Concurrent calls
 * for one key share one request (so a prefetch started early is reused).
 */
export function fetchResource<P extends GetPath>(req: Get<P>): Promise<Result<GetData<P>>> {
  const hit = cache.get(req.key);
  if (hit && Date.now() - hit.at < TTL_MS) return Promise.resolve(hit.value as Result<GetData<P>>);
  let pending = inFlight.get(req.key);
  if (!pending) {
    pending = load(req).finally(() => inFlight.delete(req.key));
    inFlight.set(req.key, pending);
  }
  return pending as Promise<Result<GetData<P>>>;
}

/**
 * Puts an answer the server already gave (e.g. JSON embedded in the page's HTML) into the
 * cache, so the first read of `req` uses it without a request.
 */
export function seedResource<P extends GetPath>(req: Get<P>, data: GetData<P>): void {
  remember(req.key, { ok: true, data, status: 200 });
}

/** Test helper. */
export function clearResourceCache(): void {
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

/** Loads `req` (null: nothing to load); keeps the previous data while the next one loads. */
export function useResource<P extends GetPath>(req: Get<P> | null): Resource<GetData<P>> {
  type T = GetData<P>;
  const key = req?.key ?? null;
  const [nonce, setNonce] = useState(0);
  const [state, setState] = useState<Omit<Resource<T>, 'reload'>>(() => {
    const hit = key ? cache.get(key) : undefined;
    if (hit && hit.value.ok) return { data: hit.value.data as T, error: null, loading: false };
    return { data: null, error: null, loading: key !== null };
  });
  useEffect(() => {
    if (!req) return;
    let alive = true;
    setState((s) => ({ ...s, loading: true }));
    fetchResource(req)
      .then((r) => {
        if (!alive) return;
        if (r.ok) setState({ data: r.data, error: null, loading: false });
        else setState({ data: null, error: { status: r.status, message: r.message }, loading: false });
      })
      .catch(() => {
        if (alive) setState((s) => ({ ...s, error: { status: 0, message: null }, loading: false }));
      });
    return () => {
      alive = false;
    };
    // The key names the call: a new descriptor object for the same key is the same call.
  }, [key, nonce]);
  const reload = useCallback(() => {
    if (key) cache.delete(key);
    setNonce((n) => n + 1);
  }, [key]);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}
