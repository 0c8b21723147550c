/** The two session calls of spec section 7 that the session itself makes: refresh and revoke. */
import { api, type components } from '@/shared/api';

/** The spec's User (PascalCase fields), as the contract types it. */
export type User = components['schemas']['User'];
export type AuthReply = components['schemas']['AuthReply'];

/** Token refresh: `{reftoken}` → status ok with a new token (and a rotated refresh token); null when the server said no. */
export async function refreshAccessToken(reftoken: string): Promise<AuthReply | null> {
  const { data } = await api.POST('/api/client/v1/user/token', { body: { reftoken } });
  return data ?? null;
}

/** Revokes the refresh token's sign-in on the server (best effort; always `ok`). */
export async function revokeRefreshToken(reftoken: string): Promise<void> {
  await api.POST('/api/client/v1/user/logout', { body: { reftoken } });
}
