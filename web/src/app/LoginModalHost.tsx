import { useAtomValue } from 'jotai';
import { lazy } from 'react';
import { loginModalAtom } from '@/shared/state';
import { MountOnce } from './MountOnce';

/**
 * Mounts the auth feature's login popup the first time the loginModal atom is set, so its code
 * stays off the first page load. The popup itself reads loginModalAtom for its visibility.
 */
const LazyModal = lazy(() => import('@/features/auth/components/LoginModal'));

export function LoginModalHost() {
  const open = useAtomValue(loginModalAtom);
  return (
    <MountOnce when={open}>
      <LazyModal />
    </MountOnce>
  );
}
