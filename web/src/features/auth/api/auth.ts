/**
 * The sign-in calls of spec section 7, typed from the OpenAPI contract (src/shared/api/schema.d.ts).
 * Each answers the contract's `AuthReply`; a non-2xx answer (design section 3's error body)
 * becomes an `AuthReply` with status `error`, its message and field, so that the components
 * branch on `status` the way the spec reads them.
 */
import { api, type paths } from '@/shared/api';
import { authOutcome, type AuthOutcome, type User } from '@/shared/session/api';

/** The JSON value of a content map, whatever its media type (`application/json; charset=utf-8`). */
type JsonOf<C> = C extends Record<string, unknown> ? C[keyof C] : never;

type Body<P extends keyof paths> = paths[P] extends { post: { requestBody?: { content: infer C } } } ? JsonOf<C> : never;

/** The server's reply, with the HTTP status; `status` is `error` for a non-2xx answer. */
export type Outcome = AuthOutcome;
const outcome = authOutcome;

/** True when the answer carries a usable sign-in (token and a user with a Uid). */
export function hasSession(o: Outcome): o is Outcome & { token: string; user: User } {
  return Boolean(o.token && o.user?.Uid);
}

/**
 * Login OTP send: the spec's `{mobile, g-recaptcha-response}` plus `type: 'login'`, so the
 * server reads the purpose from the request rather than from the captcha field being there
 * (docs/decisions.md "One schema per form") → status ok (data = hash) / not / wrong.
 */
export async function sendLoginOtp(mobile: string, captcha: string): Promise<Outcome> {
  const body: Body<'/api/client/v1/user/otp'> = { mobile, 'g-recaptcha-response': captcha, type: 'login' };
  const { data, error, response } = await api.POST('/api/client/v1/user/otp', { body });
  return outcome(data, error, response);
}

/** Registration OTP send: the spec's `{mobile}` plus `type: 'register'` → status ok (data = hash) / exist. */
export async function sendRegisterOtp(mobile: string): Promise<Outcome> {
  const body: Body<'/api/client/v1/user/otp'> = { mobile, type: 'register' };
  const { data, error, response } = await api.POST('/api/client/v1/user/otp', { body });
  return outcome(data, error, response);
}

/** OTP login verify: `{mobile, code, hash}` → status ok with token and user / wrong. */
export async function verifyLogin(mobile: string, code: string, hash: string): Promise<Outcome> {
  const body: Body<'/api/client/v1/user/login'> = { mobile, code, hash };
  const { data, error, response } = await api.POST('/api/client/v1/user/login', { body });
  return outcome(data, error, response);
}

/** Password login: `{mobile, password}` → status ok with token and user / wrong. */
export async function passwordLogin(mobile: string, password: string): Promise<Outcome> {
  const body: Body<'/api/client/v1/user/login'> = { mobile, password };
  const { data, error, response } = await api.POST('/api/client/v1/user/login', { body });
  return outcome(data, error, response);
}

/** Registration verify: `{mobile, code, hash}` → status ok with token, user and mcode; or data 'wrong'. */
export async function verifyRegister(mobile: string, code: string, hash: string): Promise<Outcome> {
  const body: Body<'/api/client/v1/user/register'> = { mobile, code, hash };
  const { data, error, response } = await api.POST('/api/client/v1/user/register', { body });
  return outcome(data, error, response);
}

export interface RegistrationPayload {
  name: string;
  lastname: string;
  password: string;
  mobile: string;
  email: string;
  city: string;
  state: string;
  mcode: string;
}

/** Registration submit (spec section 3's payload; device is always 'web') → data 'ok', token, user. */
export async function completeRegistration(p: RegistrationPayload): Promise<Outcome> {
  const body: Body<'/api/client/v1/user/register'> = {
    name: p.name,
    lastname: p.lastname,
    password: p.password,
    mobile: p.mobile,
    email: p.email,
    city: p.city,
    state: p.state,
    address1: '',
    postalCode1: '',
    phone: '',
    info: '',
    device: 'web',
    mcode: p.mcode,
  };
  const { data, error, response } = await api.POST('/api/client/v1/user/register', { body });
  return outcome(data, error, response);
}

/** Password-recovery OTP send: `{mobile, g-recaptcha-response}` → status ok (data = hash) / not. */
export async function sendForgetOtp(mobile: string, captcha: string): Promise<Outcome> {
  const body: Body<'/api/client/v1/user/otp/forget'> = { mobile, 'g-recaptcha-response': captcha };
  const { data, error, response } = await api.POST('/api/client/v1/user/otp/forget', { body });
  return outcome(data, error, response);
}

/** Password-recovery verify: `{mobile, code, hash}` → data ok with mcode / wrong. */
export async function verifyForget(mobile: string, code: string, hash: string): Promise<Outcome> {
  const body: Body<'/api/client/v1/user/verify/forget'> = { mobile, code, hash };
  const { data, error, response } = await api.POST('/api/client/v1/user/verify/forget', { body });
  return outcome(data, error, response);
}

/** New password: `{password, mobile, mcode}` → data ok, token, user. */
export async function resetPassword(mobile: string, password: string, mcode: string): Promise<Outcome> {
  const body: Body<'/api/client/v1/user/forget'> = { password, mobile, mcode };
  const { data, error, response } = await api.POST('/api/client/v1/user/forget', { body });
  return outcome(data, error, response);
}
