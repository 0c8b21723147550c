import { useCallback, useEffect, useState } from 'react';
import type { CallOutcome } from '@/shared/api/outcome';

export type Loaded<T> =
  | { kind: 'loading' }
  | { kind: 'ok'; data: T }
  | { kind: 'failed'; status: number; message: string | null };

/** Runs `load` on mount and whenever `key` changes; `retry` runs it again. */
export function useLoad<T>(key: string, load: () => Promise<CallOutcome<T>>): [Loaded<T>, () => void] {
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let alive = true;
    setState({ kind: 'loading' });
    void load().then((out) => {
      if (!alive) return;
      setState(out.ok ? { kind: 'ok', data: out.data } : { kind: 'failed', status: out.status, message: out.message });
    });
    return () => {
      alive = false;
    };
    // `load` is rebuilt every render; `key` names what it loads.
  }, [key, round]);
  const retry = useCallback(() => setRound((n) => n + 1), []);
  return [state, retry];
}
