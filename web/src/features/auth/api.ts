/**
 * The sign-in calls of spec section 7, typed from the OpenAPI contract (src/shared/api/schema.d.ts)
 * and flattened into one outcome shape, so that the components branch on `status`/`data` the way
 * the spec reads them and a non-2xx answer (design section 3's error body) becomes
 * `{ status: 'error', message, field }`.
 */
import { api } from '@/shared/api';
import type { paths } from '@/shared/api';

/** The JSON value of a content map, whatever its media type (`application/json; charset=utf-8`). */
type JsonOf<C> = C extends Record<string, unknown> ? C[keyof C] : never;

type Body<P extends keyof paths> = paths[P] extends { post: { requestBody?: { content: infer C } } } ? JsonOf<C> : never;
type Ok<P extends keyof paths> = paths[P] extends { post: { responses: { 200: { content: infer C } } } } ? JsonOf<C> : never;

/** The spec's User (PascalCase fields), as the contract types it. */
export type User = NonNullable<Ok<'/api/client/v1/user/login'>['user']>;

type PreorderBody = Ok<'/api/client/v1/order/list/preorder'>;
/** A cart line as the contract types it. */
export type CartLine = PreorderBody['data'][number];

export interface Outcome {
  /** The business status ('ok', 'not', 'wrong', 'exist', …) or 'error' for a non-2xx answer. */
  status: string;
  data?: string | null;
  token?: string | null;
  reftoken?: string | null;
  mcode?: string | null;
  user?: User | null;
  /** A Persian message from the server (error body or rate limit). */
  message?: string | null;
  field?: string | null;
  httpStatus: number;
}

interface Raw {
  status?: unknown;
  data?: unknown;
  token?: unknown;
  reftoken?: unknown;
  mcode?: unknown;
  user?: unknown;
  message?: unknown;
  field?: unknown;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function flatten(data: unknown, error: unknown, response: Response): Outcome {
  const body = ((response.ok ? data : error) ?? {}) as Raw;
  const isObject = typeof body === 'object' && body !== null;
  const raw: Raw = isObject ? body : {};
  const status = response.ok ? (str(raw.status) ?? str(raw.data) ?? '') : 'error';
  return {
    status,
    data: str(raw.data),
    token: str(raw.token),
    reftoken: str(raw.reftoken),
    mcode: str(raw.mcode) ?? (typeof raw.mcode === 'number' ? String(raw.mcode) : null),
    user: raw.user && typeof raw.user === 'object' ? (raw.user as User) : null,
    message: str(raw.message),
    field: str(raw.field),
    httpStatus: response.status,
  };
}

/** True when the answer carries a usable sign-in (token and a user with a Uid). */
export function hasSession(o: Outcome): o is Outcome & { token: string; user: User } {
  return Boolean(o.token && o.user && (o.user as { Uid?: unknown }).Uid);
}

/** Login OTP send: `{mobile, g-recaptcha-response}` → status ok (data = hash) / not / wrong. */
export async function sendLoginOtp(mobile: string, captcha: string): Promise<Outcome> {
  const body: Body<'/api/client/v1/user/otp'> = { mobile, 'g-recaptcha-response': captcha };
  const { data, error, response } = await api.POST('/api/client/v1/user/otp', { body });
  return flatten(data, error, response);
}

/** Registration OTP send: `{mobile}` → status ok (data = hash) / exist. */
export async function sendRegisterOtp(mobile: string): Promise<Outcome> {
  const body: Body<'/api/client/v1/user/otp'> = { mobile };
  const { data, error, response } = await api.POST('/api/client/v1/user/otp', { body });
  return flatten(data, error, response);
}

/** OTP login verify: `{mobile, code, hash}` → status ok with token and user / wrong. */
export async function verifyLogin(mobile: string, code: string, hash: string): Promise<Outcome> {
  const body: Body<'/api/client/v1/user/login'> = { mobile, code, hash };
  const { data, error, response } = await api.POST('/api/client/v1/user/login', { body });
  return flatten(data, error, response);
}

/** Password login: `{mobile, password}` → status ok with token and user / wrong. */
export async function passwordLogin(mobile: string, password: string): Promise<Outcome> {
  const body: Body<'/api/client/v1/user/login'> = { mobile, password };
  const { data, error, response } = await api.POST('/api/client/v1/user/login', { body });
  return flatten(data, error, response);
}

/** Registration verify: `{mobile, code, hash}` → status ok with token, user and mcode; or data 'wrong'. */
export async function verifyRegister(mobile: string, code: string, hash: string): Promise<Outcome> {
  const body: Body<'/api/client/v1/user/register'> = { mobile, code, hash };
  const { data, error, response } = await api.POST('/api/client/v1/user/register', { body });
  return flatten(data, error, response);
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
  return flatten(data, error, response);
}

/** Password-recovery OTP send: `{mobile, g-recaptcha-response}` → status ok (data = hash) / not. */
export async function sendForgetOtp(mobile: string, captcha: string): Promise<Outcome> {
  const body: Body<'/api/client/v1/user/otp/forget'> = { mobile, 'g-recaptcha-response': captcha };
  const { data, error, response } = await api.POST('/api/client/v1/user/otp/forget', { body });
  return flatten(data, error, response);
}

/** Password-recovery verify: `{mobile, code, hash}` → data ok with mcode / wrong. */
export async function verifyForget(mobile: string, code: string, hash: string): Promise<Outcome> {
  const body: Body<'/api/client/v1/user/verify/forget'> = { mobile, code, hash };
  const { data, error, response } = await api.POST('/api/client/v1/user/verify/forget', { body });
  return flatten(data, error, response);
}

/** New password: `{password, mobile, mcode}` → data ok, token, user. */
export async function resetPassword(mobile: string, password: string, mcode: string): Promise<Outcome> {
  const body: Body<'/api/client/v1/user/forget'> = { password, mobile, mcode };
  const { data, error, response } = await api.POST('/api/client/v1/user/forget', { body });
  return flatten(data, error, response);
}

/** Token refresh: `{reftoken}` → status ok with a new token (and a rotated refresh token). */
export async function refreshAccessToken(reftoken: string): Promise<Outcome> {
  const body: Body<'/api/client/v1/user/token'> = { reftoken };
  const { data, error, response } = await api.POST('/api/client/v1/user/token', { body });
  return flatten(data, error, response);
}

/** Revokes the refresh token's sign-in on the server (best effort; always `ok`). */
export async function revokeRefreshToken(reftoken: string): Promise<void> {
  const body: Body<'/api/client/v1/user/logout'> = { reftoken };
  await api.POST('/api/client/v1/user/logout', { body });
}

export interface Preorder {
  lines: CartLine[];
  orderTotalPrice: number;
  finalPrice: number;
  code: string | null;
  orderId: number | null;
}

/** The caller's open order (pre-order): `{uid}` → data (lines), OrderTotalPrice, FinalPrice, Code. */
export async function fetchPreorder(uid: string): Promise<Preorder | null> {
  const { data, response } = await api.POST('/api/client/v1/order/list/preorder', { body: { uid } });
  if (!response.ok || !data) return null;
  const d = data as PreorderBody & { OrderId?: number | null };
  return {
    lines: Array.isArray(d.data) ? d.data : [],
    orderTotalPrice: Number(d.OrderTotalPrice ?? 0),
    finalPrice: Number(d.FinalPrice ?? 0),
    code: (d.Code as string | null | undefined) ?? null,
    orderId: (d.OrderId as number | null | undefined) ?? null,
  };
}
