import { SignInPage } from './LoginPage';

/** The named `register` route (spec section 2): the sign-in page opened at registration. */
export default function RegisterPage() {
  return <SignInPage mode="register" />;
}
