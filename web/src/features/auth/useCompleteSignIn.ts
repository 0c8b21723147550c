import { useCallback } from 'react';
import { useStore } from 'jotai';
import { useLocation, useNavigate } from 'react-router';
import { loginModalAtom } from '@/shared/state';
import { afterLoginTarget } from './redirect';
import { loadPreorder, signIn, type SignInData } from './session';

/**
 * The success path of every sign-in (spec section 4): save token and user (state and encrypted
 * storage), run the after-login redirect, load the pre-order, close the login modal.
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
      void loadPreorder(store);
      if (options.redirect !== false) store.set(loginModalAtom, false);
    },
    [store, navigate, location.pathname, location.search],
  );
}
