import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { loginModalAtom } from '@/shared/state';
import { Logo } from '@/shared/ui/Logo';

/**
 * /login in the restricted layout. Until the auth feature provides its page
 * (features/auth/LoginPage.tsx, picked up automatically), it opens the login popup.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const openLogin = useSetAtom(loginModalAtom);
  return (
    <div className="flex flex-col items-center gap-5 text-center">
      <Logo />
      <h1 className="text-xl font-bold text-slate-900">{t('auth.signIn')}</h1>
      <p className="leading-8 text-slate-600">{t('auth.loginLead')}</p>
      <button
        type="button"
        onClick={() => openLogin(true)}
        className="w-full rounded-xl bg-brand-600 px-5 py-3 font-bold text-white transition hover:bg-brand-700"
      >
        {t('auth.loginButton')}
      </button>
    </div>
  );
}
