import { startTransition, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * True once the element comes within `rootMargin` of the viewport (and from then on). Without
 * IntersectionObserver, true at once.
 */
export function useNearViewport<T extends Element>(rootMargin: string): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          // What comes into view renders in slices (a transition), not as one long task.
          startTransition(() => setNear(true));
        }
      },
      { rootMargin },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [near, rootMargin]);
  return [ref, near];
}
