import { useCallback, useState } from 'react';
import type { CallOutcome } from '@/shared/api/outcome';

/**
 * The discount code field's state at order registration. The code itself lives on the cart,
 * on the server (`order/discount/apply` keeps it, `order/discount/remove` takes it off, every
 * summary answers it as `DiscountCode`), so it survives leaving the page, a reload and another
 * device; this keeps only the Persian refusal of the last code tried and whether one is being
 * checked.
 */
export function useDiscountCode() {
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  /** A refusal about the code (field `discountcode`): its reason is shown at the field. */
  const refusedBy = useCallback((out: CallOutcome<unknown>): boolean => {
    if (out.ok || out.field !== 'discountcode') return false;
    setError(out.message);
    return true;
  }, []);

  /** Runs `call` (apply or remove); a refusal of the code is kept for the field. */
  const run = useCallback(
    async <T,>(call: () => Promise<CallOutcome<T>>) => {
      setChecking(true);
      setError(null);
      const out = await call();
      setChecking(false);
      if (!out.ok && !refusedBy(out)) setError(out.message);
      return out;
    },
    [refusedBy],
  );

  /** The server took the kept code off (it stopped applying): its sentence stays at the field. */
  const tell = useCallback((notice: string | null | undefined) => {
    if (notice) setError(notice);
  }, []);

  return { error, checking, run, refusedBy, tell };
}
