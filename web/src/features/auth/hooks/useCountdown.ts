import { useCallback, useEffect, useState } from 'react';

/** Spec section 9: the resend countdown. */
export const RESEND_SECONDS = 59;

/**
 * Seconds left until `start` seconds from the last (re)start, ticking each second. Computed from
 * a deadline, so a throttled background tab still shows the right number when it wakes up.
 */
export function useCountdown(start: number = RESEND_SECONDS): { seconds: number; restart: () => void } {
  const [deadline, setDeadline] = useState(() => Date.now() + start * 1000);
  const left = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);

  useEffect(() => {
    setSeconds(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
    const timer = setInterval(() => {
      const s = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSeconds(s);
      if (s === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  const restart = useCallback(() => {
    setDeadline(Date.now() + start * 1000);
    setSeconds(start);
  }, [start]);

  return { seconds, restart };
}
