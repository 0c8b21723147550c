import createClient from 'openapi-fetch';
import type { components, paths } from './schema';
import { policyFetch } from './http';

/**
 * The base API host (spec section 7: "a base API host from configuration"). Empty means the
 * page's own origin, which is how `just run` serves shop and API together.
 */
function baseUrl(): string {
  const configured = import.meta.env.VITE_API_BASE as string | undefined;
  if (configured) return configured.replace(/\/$/, '');
  return typeof location === 'undefined' ? '' : location.origin;
}

/**
 * The typed API client: paths, bodies and responses come from openapi/openapi.json through
 * `npm run gen:api` (src/shared/api/schema.d.ts), so a contract change that breaks a call fails
 * `tsc`. Every request goes through `policyFetch` (token, timeout, retries, refresh, sign-out).
 */
export const api = createClient<paths>({
  baseUrl: baseUrl(),
  fetch: (request) => policyFetch(request),
});

export type { paths, components };
export { configureHttp, resetHttp, policyFetch, RETRY_STATUSES, TimeoutError, retriesFor } from './http';
export type { HttpHooks, HttpOptions, SignOutReason } from './http';
