import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { loginModalAtom } from '@/shared/state';

/**
 * Mounts the auth feature's login popup (features/auth/LoginModal.tsx, default or named export
 * `LoginModal`) the first time the loginModal atom is set, so its code stays off the first page
 * load. The popup itself reads loginModalAtom for its visibility.
 */
const candidates = import.meta.glob<Record<string, ComponentType | undefined>>('../features/auth/LoginModal.tsx');
const loadModal = Object.values(candidates)[0];

const LazyModal = loadModal
  ? lazy(async () => {
      const mod = await loadModal();
      const Component = mod.default ?? mod.LoginModal;
      return { default: Component ?? (() => null) };
    })
  : null;

export function LoginModalHost() {
  const open = useAtomValue(loginModalAtom);
  const [mounted, setMounted] = useState(false);
  if (open && !mounted) setMounted(true);
  if (!LazyModal || !(mounted || open)) return null;
  return (
    <Suspense fallback={null}>
      <LazyModal />
    </Suspense>
  );
}
