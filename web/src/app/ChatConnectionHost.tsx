import { useAtomValue } from 'jotai';
import { lazy } from 'react';
import { isSignedInAtom } from '@/shared/session/session';
import { MountOnce } from './MountOnce';

/**
 * Mounts the messages feature's chat connection once someone is signed in (and keeps it mounted:
 * it closes its socket itself at sign-out), so the socket client's code stays off the first page
 * load of a visitor who is not signed in.
 */
const LazyConnection = lazy(() =>
  import('@/features/messages/hooks/useChatConnection').then((m) => ({ default: m.ChatConnection })),
);

export function ChatConnectionHost() {
  const signedIn = useAtomValue(isSignedInAtom);
  return (
    <MountOnce when={signedIn}>
      <LazyConnection />
    </MountOnce>
  );
}
