import { atom } from 'jotai';

/**
 * The UI state of spec section 3. Session atoms live in features/auth/session.ts.
 */

/** Global loading flag (submit in the code dialog, sending a code, …): shows the page-level overlay. */
export const loadingAtom = atom(false);
/** The login popup is open. */
export const loginModalAtom = atom(false);
/** The chat panel is open. */
export const chatModalAtom = atom(false);
/** The browser's user agent (read once at start; tests override it). */
export const userAgentAtom = atom(typeof navigator === 'undefined' ? '' : navigator.userAgent);
/** Set once the app has mounted and restored its state. */
export const pageReadyAtom = atom(false);
/** A dimming overlay over the page (menus, drawers). */
export const overlayAtom = atom(false);
/** The viewport is below the lg breakpoint (1024 px), kept current by useMobileDeviceSync. */
export const mobileDeviceAtom = atom(
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? !window.matchMedia('(min-width: 1024px)').matches
    : true,
);
