import { useCallback, useEffect, useState } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { sessionAtom, updateUser } from '@/shared/session/session';
import { fetchMe, type User } from '../api/account';

export type MeState = { kind: 'loading' } | { kind: 'ok'; user: User } | { kind: 'failed'; message: string | null };

/**
 * The signed-in user, read from the server on mount (the stored copy may be older than a change
 * made on another device); the session's copy is updated with it. `saved` records a user the
 * server answered after a change.
 */
export function useMe(): { me: MeState; saved: (user: User) => Promise<void>; retry: () => void } {
  const store = useStore();
  const session = useAtomValue(sessionAtom);
  const [me, setMe] = useState<MeState>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  const signedIn = session.isAuthorized;
  useEffect(() => {
    if (!signedIn) return;
    let alive = true;
    setMe({ kind: 'loading' });
    void fetchMe()
      .then(async (out) => {
        if (!alive) return;
        if (out.status === 'ok' && out.user) {
          setMe({ kind: 'ok', user: out.user });
          await updateUser(out.user, store);
        } else {
          setMe({ kind: 'failed', message: out.message ?? null });
        }
      })
      .catch(() => alive && setMe({ kind: 'failed', message: null }));
    return () => {
      alive = false;
    };
  }, [signedIn, round, store]);
  const saved = useCallback(
    async (user: User) => {
      setMe({ kind: 'ok', user });
      await updateUser(user, store);
    },
    [store],
  );
  const retry = useCallback(() => setRound((n) => n + 1), []);
  return { me, saved, retry };
}
