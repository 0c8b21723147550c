import { atom, useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect } from 'react';
import { isSignedInAtom, refreshSession, sessionAtom, signOut } from '@/shared/session/session';
import { ChatClient } from '../utils/chatClient';

/** The tab's chat connection while someone is signed in (null otherwise). */
export const chatClientAtom = atom<ChatClient | null>(null);

/** For tests: how the connection is made (a fake socket at the browser boundary). Boxed,
 * because jotai would call a bare constructor as an updater. */
export const chatSocketImplAtom = atom<{ WebSocket: typeof WebSocket } | null>(null);

/**
 * Keeps one chat socket open while the user is signed in (mounted once, in the shell), so the
 * unread count is live on every page. Signing out closes it and forgets the unsent messages.
 */
export function ChatConnection() {
  const store = useStore();
  const signedIn = useAtomValue(isSignedInAtom);
  const uid = useAtomValue(sessionAtom).user?.Uid ?? null;
  const WebSocketImpl = useAtomValue(chatSocketImplAtom)?.WebSocket;
  const setClient = useSetAtom(chatClientAtom);
  useEffect(() => {
    if (!signedIn || !uid) return;
    const client = new ChatClient({
      store,
      getToken: () => store.get(sessionAtom).accessToken,
      refresh: () => refreshSession(store),
      signOut: (reason) => void signOut(reason, store),
      outboxKey: `chat.outbox.${uid}`,
      WebSocketImpl,
    });
    setClient(client);
    client.start();
    return () => {
      client.stop(!store.get(isSignedInAtom));
      setClient((c) => (c === client ? null : c));
    };
  }, [signedIn, uid, store, setClient, WebSocketImpl]);
  return null;
}
