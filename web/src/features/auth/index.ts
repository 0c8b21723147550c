/** The auth feature's public surface (the shell imports from here). */
export { LoginPopup } from './LoginPopup';
export { LogoutButton } from './LogoutButton';
export { useLogout } from './useLogout';
export {
  sessionAtom,
  isSignedInAtom,
  sessionRestoredAtom,
  cartAtom,
  cartCountAtom,
  startSession,
  signIn,
  signOut,
  loadPreorder,
  onSignedOut,
  type Session,
  type CartState,
  type User,
} from './session';
export { afterLoginTarget, withRedirect, REDIRECT_PARAM } from './redirect';
