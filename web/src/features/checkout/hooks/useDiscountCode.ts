import { useCallback, useState } from 'react';
import type { CallOutcome } from '@/shared/api/outcome';

/**
 * The discount code of order registration: the code the server accepted (its canonical form)
 * and the Persian refusal of the last one tried. The server decides (`order/summary` previews,
 * `order/register` spends a use); this only keeps the answer.
 */
export function useDiscountCode() {
  const [code, setCode] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  /** A refusal about the code (field `discountcode`): the code is dropped and the reason shown. */
  const refusedBy = useCallback((out: CallOutcome<unknown>): boolean => {
    if (out.ok || out.field !== 'discountcode') return false;
    setCode(null);
    setError(out.message);
    return true;
  }, []);

  /** Tries `text` with `check` (the summary call); keeps the accepted code. */
  const apply = useCallback(
    async <T extends { DiscountCode?: string | null }>(text: string, check: (code: string) => Promise<CallOutcome<T>>) => {
      setChecking(true);
      setError(null);
      const out = await check(text);
      setChecking(false);
      if (out.ok) setCode(out.data.DiscountCode ?? null);
      else if (!refusedBy(out)) setError(out.message);
      return out;
    },
    [refusedBy],
  );

  const remove = useCallback(() => {
    setCode(null);
    setError(null);
  }, []);

  return { code, error, checking, apply, remove, refusedBy };
}
