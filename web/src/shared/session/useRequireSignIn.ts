import { useSetAtom, useStore } from 'jotai';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { signedInOnceRestored } from './session';
import { withRedirect } from './redirect';
import { chatModalAtom, loginModalAtom } from '@/shared/state';

/**
 * Spec section 2 (mobile bottom bar): a target that needs sign-in. Signed out: the target is
 * stored as the `redirectTo` query value and the login popup opens. Signed in: navigate there
 * and close the chat panel. A tap right after a page load waits for the session restore.
 */
export function useRequireSignIn(): (target: string) => void {
  const store = useStore();
  const setLoginModal = useSetAtom(loginModalAtom);
  const setChatModal = useSetAtom(chatModalAtom);
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (target: string) => {
      void signedInOnceRestored(store).then((signedIn) => {
        if (!signedIn) {
          navigate(withRedirect(location.pathname, location.search, target), { preventScrollReset: true });
          setLoginModal(true);
          return;
        }
        setChatModal(false);
        navigate(target);
      });
    },
    [store, navigate, location.pathname, location.search, setLoginModal, setChatModal],
  );
}
