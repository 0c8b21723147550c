import { useEffect, useState } from 'react';
import { coreIfLoaded, loadCore, type Core } from '@/shared/core';

/**
 * The WASM rule core for render paths: null until loaded (it starts loading on mount).
 * All validation and normalisation in this feature goes through it.
 */
export function useCore(): Core | null {
  const [core, setCore] = useState<Core | null>(() => coreIfLoaded());
  useEffect(() => {
    if (core) return;
    let alive = true;
    loadCore()
      .then((c) => {
        if (alive) setCore(c);
      })
      .catch(() => {
        /* the form stays disabled; a later mount retries */
      });
    return () => {
      alive = false;
    };
  }, [core]);
  return core;
}

/** Persian digits for display (core `to_persian_digits`); the raw text until the core is loaded. */
export function persianDigits(core: Core | null, text: string | number): string {
  const s = String(text);
  return core ? core.toPersianDigits(s) : s;
}
