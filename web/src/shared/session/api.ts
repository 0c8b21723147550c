/** The two session calls of spec section 7 that the session itself makes: refresh and revoke. */
import { api, type components } from '@/shared/api';

/** The spec's User (PascalCase fields), as the contract types it. */
export type User = components['schemas']['User'];
export type AuthReply = components['schemas']['AuthReply'];
type ErrorBody = components['schemas']['ErrorBody'];

/** An `AuthReply` call's answer with its HTTP status; `status` is `error` (with the server's message and field) for a non-2xx answer. */
export type AuthOutcome = Omit<AuthReply, 'status'> & {
  status: AuthReply['status'] | ErrorBody['status'];
  field?: ErrorBody['field'];
  httpStatus: number;
};

/** Builds an `AuthOutcome` from openapi-fetch's `data`, `error` and `response`. */
export function authOutcome(data: AuthReply | undefined, error: unknown, response: Response): AuthOutcome {
  if (response.ok && data) return { ...data, httpStatus: response.status };
  const body = (error ?? {}) as Partial<ErrorBody>;
  return { status: 'error', message: body.message, field: body.field, httpStatus: response.status };
}

/** Token refresh: `{reftoken}` → status ok with a new token (and a rotated refresh token); null when the server said no. */
export async function refreshAccessToken(reftoken: string): Promise<AuthReply | null> {
  const { data } = await api.POST('/api/client/v1/user/token', { body: { reftoken } });
  return data ?? null;
}

/** Revokes the refresh token's sign-in on the server (best effort; always `ok`). */
export async function revokeRefreshToken(reftoken: string): Promise<void> {
  await api.POST('/api/client/v1/user/logout', { body: { reftoken } });
}
