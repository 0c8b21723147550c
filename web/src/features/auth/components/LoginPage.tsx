import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { Link } from 'react-router';
import { Logo } from '@/shared/ui/Logo';
import { LoginFlow } from './LoginFlow';
import { LogoutButton } from './LogoutButton';
import { isSignedInAtom } from '@/shared/session/session';

/**
 * /login and /register (restricted layout): the same flow as the popup, as a page; /register
 * starts with the registration code (`mode`). After a sign-in it goes to `redirectTo` when
 * given, else home (spec section 4).
 */
export function SignInPage({ mode }: { mode: 'login' | 'register' }) {
  const { t } = useTranslation(ns);
  const signedIn = useAtomValue(isSignedInAtom);
  // Registration signs in at the verified code and then shows its form: keep the flow on screen.
  const [inFlow, setInFlow] = useState(false);
  const showSignedIn = signedIn && !inFlow;

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-5">
      <div className="flex flex-col items-center gap-3 text-center">
        <Logo />
        <h1 className="text-xl font-bold text-slate-900">{mode === 'register' ? t('register.title') : t('page.title')}</h1>
        {!showSignedIn && <p className="text-sm leading-7 text-slate-600">{t('page.intro')}</p>}
      </div>
      {showSignedIn ? (
        <div className="flex flex-col items-center gap-4 rounded-3xl bg-white p-6 text-center shadow-sm">
          <p className="text-slate-700">{t('page.signedIn')}</p>
          <Link to="/profile" className="w-full rounded-xl bg-brand-600 px-5 py-3 font-bold text-white hover:bg-brand-700">
            {t('page.goProfile')}
          </Link>
          <Link to="/" className="text-sm text-slate-500 hover:underline">
            {t('page.goHome')}
          </Link>
          <LogoutButton />
        </div>
      ) : (
        <section className="rounded-3xl bg-white p-5 shadow-sm sm:p-6" aria-label={mode === 'register' ? t('register.title') : t('page.title')}>
          <LoginFlow mode={mode} onStepChange={(step) => setInFlow(step !== 0)} />
        </section>
      )}
    </div>
  );
}

/** The named `login` route. */
export default function LoginPage() {
  return <SignInPage mode="login" />;
}
