/**
 * Where to go after a successful sign-in (spec section 4):
 * the `redirectTo` query value when present, else the current path when not on home; on the
 * login route with no redirect, home. On home with no redirect there is nowhere to go (null).
 */
export const REDIRECT_PARAM = 'redirectTo';
export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';

/** Stands for this site when a target is resolved: only whether the origin stays the same matters. */
const OWN_ORIGIN = 'https://shop.invalid';

/**
 * Only same-site paths are followed (no open redirect). The target is resolved the way the
 * browser will resolve it, so `//host`, `/\\host` and `/%09/host` (the URL parser drops tabs
 * and newlines, leaving `//host`) all leave the site and are refused.
 */
export function isSafeRedirect(target: string | null | undefined): target is string {
  if (typeof target !== 'string' || !target.startsWith('/')) return false;
  try {
    return new URL(target, OWN_ORIGIN).origin === OWN_ORIGIN;
  } catch {
    return false;
  }
}

export function afterLoginTarget(pathname: string, search: string): string | null {
  const params = new URLSearchParams(search);
  const requested = params.get(REDIRECT_PARAM);
  if (isSafeRedirect(requested)) return requested;
  if (pathname === LOGIN_PATH || pathname === `${LOGIN_PATH}/`) return HOME_PATH;
  if (pathname !== HOME_PATH) {
    params.delete(REDIRECT_PARAM);
    const rest = params.toString();
    return rest ? `${pathname}?${rest}` : pathname;
  }
  return null;
}

/** The current path plus the stored redirect target, e.g. `/?redirectTo=%2Fprofile`. */
export function withRedirect(pathname: string, search: string, target: string): string {
  const params = new URLSearchParams(search);
  params.set(REDIRECT_PARAM, target);
  return `${pathname}?${params.toString()}`;
}
