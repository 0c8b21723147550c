import { LoginPopup } from './LoginPopup';

/** The login popup, lazy-loaded by the shell's LoginModalHost the first time it opens. */
export function LoginModal() {
  return <LoginPopup />;
}

export default LoginModal;
