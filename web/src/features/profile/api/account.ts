/**
 * The customer's own account on the typed client: read the signed-in user, save the profile,
 * change the mobile number (a code sent to the new number, and the password or a code sent to the
 * current number), set or change the password.
 * Every call answers the contract's `AuthReply`; a refusal (422 with field and Persian message,
 * 429, …) comes back as status `error` with the server's message and field.
 */
import { api } from '@/shared/api';
import { authOutcome, type AuthOutcome, type User } from '@/shared/session/api';

export type { User };
export type AccountReply = AuthOutcome;

/** The profile form's fields, as the server names them. */
export interface ProfileFields {
  name: string;
  lastname: string;
  email: string;
  state: string;
  city: string;
  phone: string;
  address1: string;
  postalCode1: string;
}

/** The signed-in user, fresh from the server. */
export async function fetchMe(): Promise<AccountReply> {
  const { data, error, response } = await api.POST('/api/client/v1/user/info');
  return authOutcome(data, error, response);
}

/** Saves the profile: `ok` with the saved `user`, or a 422 naming the field. */
export async function saveProfile(body: ProfileFields): Promise<AccountReply> {
  const { data, error, response } = await api.POST('/api/client/v1/account/edit', { body });
  return authOutcome(data, error, response);
}

/**
 * Sends a code to the new number: `ok` with the `hash` in `data`. An account with a password
 * must send it too (a 422 on `password` asks for it); an account without one gets a second
 * code on its current number, whose hash is `current_hash`. A stolen access token alone cannot
 * move the account to another number.
 */
export async function sendMobileCode(mobile: string, password?: string): Promise<AccountReply> {
  const body = password ? { mobile, password } : { mobile };
  const { data, error, response } = await api.POST('/api/client/v1/account/mobile/otp', { body });
  return authOutcome(data, error, response);
}

/** The code sent to the current number, when the account has no password. */
export interface CurrentNumberCode {
  currentCode: string;
  currentHash: string;
}

/**
 * Confirms the new number with its code (and the current number's code when one was sent):
 * `ok` with a new sign-in (`token`, `reftoken`, `user`: every other session has ended), or
 * `wrong`.
 */
export async function verifyMobileCode(mobile: string, code: string, hash: string, current?: CurrentNumberCode): Promise<AccountReply> {
  const body = { mobile, code, hash, ...(current ?? {}) };
  const { data, error, response } = await api.POST('/api/client/v1/account/mobile/verify', { body });
  return authOutcome(data, error, response);
}

/** Sets or changes the password: `ok` with a new sign-in (`token`, `reftoken`, `user`). */
export async function changePassword(password: string, passwordConfirmation: string, currentPassword: string): Promise<AccountReply> {
  const body = { password, passwordConfirmation, ...(currentPassword ? { currentPassword } : {}) };
  const { data, error, response } = await api.POST('/api/client/v1/account/password', { body });
  return authOutcome(data, error, response);
}
