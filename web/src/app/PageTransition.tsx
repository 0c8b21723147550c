import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useLocation, useOutlet } from 'react-router';

/**
 * Spec: page transition "fade500", mode out-in. The old page fades out, then the new one fades
 * in; 250 ms each way (500 ms in all). Changes of the query string alone don't animate.
 */
export const PAGE_FADE_MS = 250;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function AnimatedOutlet({ fadeMs = PAGE_FADE_MS }: { fadeMs?: number }) {
  const { pathname } = useLocation();
  const outlet = useOutlet();
  const [shownPath, setShownPath] = useState(pathname);
  const [phase, setPhase] = useState<'in' | 'out'>('in');
  const lastOutlet = useRef(outlet);
  if (pathname === shownPath) lastOutlet.current = outlet;

  useEffect(() => {
    if (pathname === shownPath) return;
    if (fadeMs <= 0 || prefersReducedMotion()) {
      setShownPath(pathname);
      return;
    }
    setPhase('out');
    const id = window.setTimeout(() => {
      setShownPath(pathname);
      setPhase('in');
    }, fadeMs);
    return () => window.clearTimeout(id);
  }, [pathname, shownPath, fadeMs]);

  const content = pathname === shownPath ? outlet : lastOutlet.current;
  return (
    <div className="page-fade" data-phase={phase} style={{ '--page-fade-ms': `${fadeMs}ms` } as CSSProperties}>
      {content}
    </div>
  );
}
