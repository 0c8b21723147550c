import { useEffect, useState } from 'react';
import { coreIfLoaded, loadCore, type Core } from '@/shared/core';

export type CoreMode = 'now' | 'interaction';

const INTERACTION_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;

/**
 * The WASM rule core for catalogue pages; null until loaded.
 * - `now`: starts loading on mount (search, shop lists: folding and prices right away);
 * - `interaction`: starts on the visitor's first pointer, key or focus (the product page:
 *   keeps the ~110 KB module out of the first load at phone size; until then prices are
 *   shown by `faPrice`, which gives the core's `format_price` text, see price.test.ts).
 */
export function useCatalogCore(mode: CoreMode = 'now'): Core | null {
  const [core, setCore] = useState<Core | null>(() => coreIfLoaded());
  useEffect(() => {
    if (core) return;
    let alive = true;
    const start = () => {
      for (const e of INTERACTION_EVENTS) window.removeEventListener(e, start, true);
      loadCore()
        .then((c) => {
          if (alive) setCore(c);
        })
        .catch((error: unknown) => console.warn('WASM core failed to load', error));
    };
    if (mode === 'now') start();
    else for (const e of INTERACTION_EVENTS) window.addEventListener(e, start, { capture: true, passive: true });
    return () => {
      alive = false;
      for (const e of INTERACTION_EVENTS) window.removeEventListener(e, start, true);
    };
  }, [core, mode]);
  return core;
}
