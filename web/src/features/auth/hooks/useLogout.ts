import { useCallback } from 'react';
import { useStore } from 'jotai';
import { useNavigate } from 'react-router';
import { toast } from '@/shared/ui/toast';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { signOut } from '@/shared/session/session';

/** Logout (spec section 4): storage cleared, cart emptied (count 0), then home. */
export function useLogout(): () => Promise<void> {
  const store = useStore();
  const navigate = useNavigate();
  const { t } = useTranslation(ns);
  return useCallback(async () => {
    await signOut('logout', store);
    navigate('/', { replace: true });
    toast.success(t('toast.loggedOut'), { id: 'auth-logout' });
  }, [store, navigate, t]);
}
