import { useCallback, useEffect, useState } from 'react';
import { RESEND_SECONDS } from '@/shared/core/constants.generated';

/** Spec section 9: the resend countdown when the server does not say (core `otp::RESEND_SECONDS`, generated). */
export { RESEND_SECONDS };

/** A code sent: its hash and the server's wait before another may be asked for (`resend_in`, seconds). */
export interface Sent {
  hash: string;
  resendIn?: number | null;
}

/** The server's wait when it gave one (a whole number of seconds, 0 or more), else the core's default. */
export function waitOf(resendIn: number | null | undefined): number {
  return typeof resendIn === 'number' && Number.isFinite(resendIn) && resendIn >= 0 ? Math.ceil(resendIn) : RESEND_SECONDS;
}

/**
 * Seconds left until `start` seconds from the last (re)start, ticking each second. Computed from
 * a deadline, so a throttled background tab still shows the right number when it wakes up.
 */
export function useCountdown(start: number = RESEND_SECONDS): { seconds: number; restart: (from?: number) => void } {
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

  /** Starts again from `from` seconds (the server's `resend_in`), else from `start`. */
  const restart = useCallback(
    (from?: number) => {
      const s = from ?? start;
      setDeadline(Date.now() + s * 1000);
      setSeconds(s);
    },
    [start],
  );

  return { seconds, restart };
}
