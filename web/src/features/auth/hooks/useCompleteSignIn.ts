import { useCallback } from 'react';
import { useStore } from 'jotai';
import { useLocation, useNavigate } from 'react-router';
import { loginModalAtom } from '@/shared/state';
import { afterLoginTarget } from '@/shared/session/redirect';
import { signIn, type SignInData } from '@/shared/session/session';

/**
 * The success path of every sign-in (spec section 4): save token and user (state and encrypted
 * storage), run the after-login redirect, close the login modal. The cart follows the session
 * and loads the pre-order itself.
 */
export function useCompleteSignIn(): (data: SignInData, options?: { redirect?: boolean }) => Promise<void> {
  const store = useStore();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    async (data, options = {}) => {
      await signIn(data, store);
      if (options.redirect !== false) {
        const target = afterLoginTarget(location.pathname, location.search);
        if (target && target !== `${location.pathname}${location.search}`) navigate(target);
      }
      if (options.redirect !== false) store.set(loginModalAtom, false);
    },
    [store, navigate, location.pathname, location.search],
  );
}
