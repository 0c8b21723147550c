/**
 * The HTTP policy every API call goes through (spec sections 6, 7 and 8):
 *
 * - a bearer access token when one is present;
 * - retries: idempotent methods 0 times, the others (POST, PATCH) once, and only on
 *   408, 409, 425, 429, 500, 502, 503, 504 (spec section 7, read literally: every call the
 *   spec lists is a POST, so in practice each call is tried at most twice);
 * - a timeout, so that a server that hangs cannot hang the UI;
 * - 401: one token refresh with the refresh token, then the request is replayed; when the refresh
 *   fails (or there is no refresh token) the user is signed out with the 'access expired' warning;
 * - 403 and 405 sign the user out and clear the global loading flag; 404 is ignored (the caller
 *   gets the response and decides). A back-office call (`/api/admin/`) answering 403 does not
 *   sign out: it means the staff member's roles do not include that part (the admin app says
 *   so), not that the session is bad.
 *
 * The session module wires the hooks with `configureHttp`; this file knows nothing about jotai,
 * React or storage, so it is tested with a fake `fetch`.
 */

/** Statuses that are retried (spec section 7). */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
/** Methods that are retried 0 times. */
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'TRACE']);
/** The path of the refresh call: never refreshed or replayed itself. */
export const TOKEN_PATH = '/api/client/v1/user/token';

export type SignOutReason = 'unauthorized' | 'forbidden' | 'expired';

export interface HttpHooks {
  /** The current access token, or null when signed out. */
  getAccessToken(): string | null;
  /**
   * Asks the server for a new access token with the refresh token. Resolves true when a new
   * token is in place, false when there is no refresh token or the server said no.
   */
  refresh(): Promise<boolean>;
  /** Signs the user out (storage cleared, cart emptied). */
  signOut(reason: SignOutReason): void;
  /** Clears the global loading flag. */
  clearLoading(): void;
  /** Tells the user the server could not be reached (timeout or network failure). */
  notifyNetworkError(kind: 'timeout' | 'network'): void;
}

export interface HttpOptions {
  /** Milliseconds before a request is aborted. */
  timeoutMs: number;
  /** Delay before the single retry. */
  retryDelayMs: number;
  /** A Retry-After longer than this (ms) is not waited for: the response is returned instead. */
  maxRetryAfterMs: number;
  /** The underlying fetch (tests pass a fake). */
  fetch: (request: Request) => Promise<Response>;
}

const noop = () => {};
const defaultHooks: HttpHooks = {
  getAccessToken: () => null,
  refresh: async () => false,
  signOut: noop,
  clearLoading: noop,
  notifyNetworkError: noop,
};
const defaultOptions: HttpOptions = {
  timeoutMs: 15_000,
  retryDelayMs: 400,
  maxRetryAfterMs: 3_000,
  fetch: (request) => globalThis.fetch(request),
};
let hooks = defaultHooks;
let options = defaultOptions;

export function configureHttp(next: Partial<HttpHooks>, nextOptions: Partial<HttpOptions> = {}): void {
  hooks = { ...hooks, ...next };
  options = { ...options, ...nextOptions };
}

/** Back to no session and the global fetch (tests run it after each test). */
export function resetHttp(): void {
  hooks = defaultHooks;
  options = defaultOptions;
}

/** Thrown when a request takes longer than the timeout. */
export class TimeoutError extends Error {
  constructor(url: string) {
    super(`request timed out: ${url}`);
    this.name = 'TimeoutError';
  }
}

/** How many extra attempts a method gets. */
export function retriesFor(method: string): number {
  return IDEMPOTENT_METHODS.has(method.toUpperCase()) ? 0 : 1;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Milliseconds to wait before the retry, or null when the server asks for too long a wait. */
function retryWait(response: Response): number | null {
  const header = response.headers.get('Retry-After');
  if (!header) return options.retryDelayMs;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  if (!Number.isFinite(ms)) return options.retryDelayMs;
  if (ms > options.maxRetryAfterMs) return null;
  return Math.max(ms, options.retryDelayMs);
}

/** One attempt with the timeout; the caller's own abort signal is honoured too. */
async function attempt(request: Request): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const outer = request.signal;
  const onOuterAbort = () => controller.abort();
  if (outer) {
    if (outer.aborted) controller.abort();
    else outer.addEventListener('abort', onOuterAbort, { once: true });
  }
  try {
    return await options.fetch(new Request(request, { signal: controller.signal }));
  } catch (error) {
    if (timedOut) throw new TimeoutError(request.url);
    throw error;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  }
}

/** A copy of the request (its body intact) with the bearer token set or removed. */
function withToken(request: Request, token: string | null): Request {
  const next = new Request(request.clone());
  if (token) next.headers.set('Authorization', `Bearer ${token}`);
  else next.headers.delete('Authorization');
  return next;
}

/** Sends with the timeout and the retry policy (no auth handling). */
async function sendWithRetry(request: Request): Promise<Response> {
  let retries = retriesFor(request.method);
  // Keep a pristine copy: a body can be read only once.
  const template = request.clone();
  for (;;) {
    const response = await attempt(template.clone());
    if (retries > 0 && RETRY_STATUSES.has(response.status)) {
      const wait = retryWait(response);
      if (wait !== null) {
        retries -= 1;
        await response.body?.cancel().catch(noop);
        await sleep(wait);
        continue;
      }
    }
    return response;
  }
}

let refreshing: Promise<boolean> | null = null;
/** Single flight: concurrent 401s share one refresh call. */
function refreshOnce(): Promise<boolean> {
  if (!refreshing) {
    refreshing = hooks
      .refresh()
      .catch(() => false)
      .finally(() => {
        refreshing = null;
      });
  }
  return refreshing;
}

function isTokenCall(request: Request): boolean {
  try {
    return new URL(request.url).pathname === TOKEN_PATH;
  } catch {
    return request.url.endsWith(TOKEN_PATH);
  }
}

/**
 * The fetch function handed to openapi-fetch: token, timeout, retries, refresh and the
 * sign-out statuses.
 */
export async function policyFetch(input: Request): Promise<Response> {
  const token = hooks.getAccessToken();
  let response: Response;
  try {
    response = await sendWithRetry(withToken(input, token));
  } catch (error) {
    if (error instanceof TimeoutError) hooks.notifyNetworkError('timeout');
    else if (!(error instanceof DOMException && error.name === 'AbortError')) hooks.notifyNetworkError('network');
    throw error;
  }

  // The refresh call itself is answered as is: the refresh hook decides what a failure means.
  if (isTokenCall(input)) return response;

  if (response.status === 401) {
    if (token) {
      if (await refreshOnce()) {
        const replay = await sendWithRetry(withToken(input, hooks.getAccessToken()));
        if (replay.status !== 401) return handleStatus(replay, input.url);
      }
      hooks.signOut('expired');
      return response;
    }
    hooks.signOut('unauthorized');
    return response;
  }
  return handleStatus(response, input.url);
}

/** Back-office calls: a 403 there is a missing role, answered by the admin app. */
const ADMIN_PREFIX = '/api/admin/';

function handleStatus(response: Response, url = ''): Response {
  if (response.status === 401) {
    hooks.signOut('unauthorized');
  } else if (response.status === 403 && new URL(url, 'http://x').pathname.startsWith(ADMIN_PREFIX)) {
    hooks.clearLoading();
  } else if (response.status === 403 || response.status === 405) {
    hooks.signOut('forbidden');
    hooks.clearLoading();
  }
  // 404: ignored, the caller decides.
  return response;
}
