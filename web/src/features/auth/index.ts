/** The auth feature's public surface (the shell imports from here). */
export { LoginPopup } from './components/LoginPopup';
export { LogoutButton } from './components/LogoutButton';
export { useLogout } from './hooks/useLogout';
