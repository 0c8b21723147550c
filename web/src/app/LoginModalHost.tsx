import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { loginModalAtom } from '@/shared/state';

/**
 * Mounts the auth feature's login popup the first time the loginModal atom is set, so its code
 * stays off the first page load. The popup itself reads loginModalAtom for its visibility.
 */
const LazyModal = lazy(() => import('@/features/auth/components/LoginModal'));

export function LoginModalHost() {
  const open = useAtomValue(loginModalAtom);
  const [mounted, setMounted] = useState(false);
  if (open && !mounted) setMounted(true);
  if (!(mounted || open)) return null;
  return (
    <Suspense fallback={null}>
      <LazyModal />
    </Suspense>
  );
}
