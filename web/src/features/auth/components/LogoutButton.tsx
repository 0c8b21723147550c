import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useLogout } from '@/features/auth/hooks/useLogout';

/** The logout action for menus and the profile side bar. */
export function LogoutButton({ className }: { className?: string }) {
  const { t } = useTranslation(ns);
  const logout = useLogout();
  return (
    <button type="button" onClick={() => void logout()} className={className ?? 'rounded-lg px-3 py-2 text-sm font-medium text-red-600 hover:bg-red-50'}>
      {t('logout')}
    </button>
  );
}
