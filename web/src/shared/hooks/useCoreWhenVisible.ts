import { useEffect, useRef, useState, type RefObject } from 'react';
import { coreIfLoaded, loadCore, type Core } from '@/shared/core';

/**
 * The WASM core, loaded only once the element is near the viewport (after the first paint),
 * so the ~100 KB module stays off the home page's critical path. Null until loaded.
 */
export function useCoreWhenVisible<T extends Element>(): [RefObject<T | null>, Core | null] {
  const ref = useRef<T>(null);
  const [core, setCore] = useState<Core | null>(coreIfLoaded);
  useEffect(() => {
    if (core) return;
    const el = ref.current;
    let alive = true;
    const start = () => {
      loadCore()
        .then((c) => {
          if (alive) setCore(c);
        })
        .catch((error: unknown) => console.warn('WASM core failed to load', error));
    };
    if (!el || typeof IntersectionObserver === 'undefined') {
      start();
      return () => {
        alive = false;
      };
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          start();
        }
      },
      { rootMargin: '0px' },
    );
    io.observe(el);
    return () => {
      alive = false;
      io.disconnect();
    };
  }, [core]);
  return [ref, core];
}
