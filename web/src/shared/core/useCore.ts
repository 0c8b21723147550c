import { useEffect, useState } from 'react';
import { coreIfLoaded, loadCore, type Core } from './index';

/** When the WASM core starts loading: on mount, or on the visitor's first pointer, key or focus. */
export type CoreLoad = 'now' | 'interaction';

const INTERACTION_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;

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
      for (const e of INTERACTION_EVENTS) window.removeEventListener(e, start, true);
      loadCore()
        .then((c) => {
          if (alive) setCore(c);
        })
        .catch((error: unknown) => console.warn('WASM core failed to load', error));
    };
    if (when === 'now') start();
    else for (const e of INTERACTION_EVENTS) window.addEventListener(e, start, { capture: true, passive: true });
    return () => {
      alive = false;
      for (const e of INTERACTION_EVENTS) window.removeEventListener(e, start, true);
    };
  }, [core, when]);
  return core;
}

/** Persian digits for display (core `to_persian_digits`); the raw text until the core is loaded. */
export function persianDigits(core: Core | null, text: string | number): string {
  return core ? core.toPersianDigits(text) : String(text);
}
