import { useEffect, useState } from 'react';
import { onFirstInteraction } from '@/shared/lib/firstInteraction';
import { coreIfLoaded, loadCore, type Core } from './index';

/** When the WASM core starts loading: on mount, or on the visitor's first interaction. */
export type CoreLoad = 'now' | 'interaction';

/**
 * The WASM rule core for render paths; null until loaded.
 * - `now`: starts loading on mount (forms, search, lists);
 * - `interaction`: starts on the first interaction (the product page keeps the module out of
 *   its first load at phone size; until then it shows the server's display texts).
 */
export function useCore(when: CoreLoad = 'now'): Core | null {
  const [core, setCore] = useState<Core | null>(() => coreIfLoaded());
  useEffect(() => {
    if (core) return;
    let alive = true;
    const start = () => {
      loadCore()
        .then((c) => {
          if (alive) setCore(c);
        })
        .catch((error: unknown) => console.warn('WASM core failed to load', error));
    };
    const cancel = when === 'now' ? (start(), () => {}) : onFirstInteraction(start);
    return () => {
      alive = false;
      cancel();
    };
  }, [core, when]);
  return core;
}

/** Persian digits for display (core `to_persian_digits`); the raw text until the core is loaded. */
export function persianDigits(core: Core | null, text: string | number): string {
  return core ? core.toPersianDigits(text) : String(text);
}
