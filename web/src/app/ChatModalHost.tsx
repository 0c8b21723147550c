import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { isSignedInAtom } from '@/shared/session/session';
import { chatModalAtom } from '@/shared/state';

/**
 * Mounts the messages feature's chat panel the first time the chatModal atom is set (signed in
 * only), so its code stays off the first page load. The panel reads chatModalAtom itself.
 */
const LazyPanel = lazy(() => import('@/features/messages/components/ChatModal'));

export function ChatModalHost() {
  const open = useAtomValue(chatModalAtom);
  const signedIn = useAtomValue(isSignedInAtom);
  const [mounted, setMounted] = useState(false);
  if (open && signedIn && !mounted) setMounted(true);
  if (!signedIn || !(mounted || open)) return null;
  return (
    <Suspense fallback={null}>
      <LazyPanel />
    </Suspense>
  );
}
