import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { loginModalAtom } from '@/shared/state';
import { Logo } from '@/shared/ui/Logo';

/**
 * Fallback for /login, used only when the auth feature's page (features/auth/LoginPage.tsx,
 * picked up automatically by app/pageModules.ts) is absent: a card that opens the login popup.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const openLogin = useSetAtom(loginModalAtom);
  return (
    <div className="flex flex-col items-center gap-5 rounded-3xl bg-white p-6 text-center shadow-sm">
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
