import { createContext, startTransition, useContext, useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { matchRoutePath } from '@/shared/routes/routeTable';

/**
 * Spec: page transition "fade500", mode out-in. The old page fades out, then the new one fades
 * in; 250 ms each way (500 ms in all). Changes of the query string alone don't animate.
 *
 * Two levels fade. The shell's `LayoutTransition` fades the whole layout when a navigation
 * changes layout (home → any page, default ↔ profile, profile → profile-no-side, …): without
 * it the new layout would replace the old one at once, since each layout has its own outlet.
 * Inside a layout, its `AnimatedOutlet` fades only the page (header and menus stay put).
 */
export const PAGE_FADE_MS = 250;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * True inside a layout that is fading out because the navigation left it: its page outlet keeps
 * the page it had (and does not start a fade of its own).
 */
const LeavingLayout = createContext(false);

/** What decides a fade: the path (a page change), or the path's layout (`LayoutTransition`). */
type KeyOf = (pathname: string) => string;
const byPath: KeyOf = (pathname) => pathname;

/** The layout of a path, as the router places it (the back office is one more; unknown paths are the default layout's not-found page). */
export const layoutKeyOf: KeyOf = (pathname) =>
  /^\/admin(\/|$)/.test(pathname) ? 'admin' : (matchRoutePath(pathname)?.layout ?? 'default');

function FadingOutlet({ fadeMs, keyOf, level }: { fadeMs: number; keyOf: KeyOf; level: 'layout' | 'page' }) {
  const { pathname } = useLocation();
  const leaving = useContext(LeavingLayout);
  const outlet = useOutlet();
  const key = keyOf(pathname);
  const [shownKey, setShownKey] = useState(key);
  const [phase, setPhase] = useState<'in' | 'out'>('in');
  const lastOutlet = useRef(outlet);
  const current = key === shownKey;
  // What the old page or layout is, once the fade starts: the outlet of the last committed
  // render that showed the current key (a render React discards, such as a transition waiting
  // for a chunk, must not replace it).
  useLayoutEffect(() => {
    if (current && !leaving) lastOutlet.current = outlet;
  });

  useEffect(() => {
    if (leaving) return;
    // Back where it was before the fade ended (a quick back): shown again at once.
    if (current) {
      setPhase('in');
      return;
    }
    // The switch is a transition, as the navigation was: a page or layout whose chunk is still
    // loading keeps the old one (faded out) instead of the loading fallback.
    const show = () =>
      startTransition(() => {
        setShownKey(key);
        setPhase('in');
      });
    if (fadeMs <= 0 || prefersReducedMotion()) {
      show();
      return;
    }
    setPhase('out');
    const id = window.setTimeout(show, fadeMs);
    return () => window.clearTimeout(id);
  }, [key, current, leaving, fadeMs]);

  const content = current && !leaving ? outlet : lastOutlet.current;
  return (
    <div className="page-fade" data-fade={level} data-phase={phase} style={{ '--page-fade-ms': `${fadeMs}ms` } as CSSProperties}>
      {level === 'layout' ? <LeavingLayout.Provider value={!current}>{content}</LeavingLayout.Provider> : content}
    </div>
  );
}

/** A layout's page outlet: fades the page out, then the next one in, on a change of path. */
export function AnimatedOutlet({ fadeMs = PAGE_FADE_MS }: { fadeMs?: number }) {
  return <FadingOutlet fadeMs={fadeMs} keyOf={byPath} level="page" />;
}

/** The shell's outlet: fades the whole layout out, then the next one in, when the layout changes. */
export function LayoutTransition({ fadeMs = PAGE_FADE_MS }: { fadeMs?: number }) {
  return <FadingOutlet fadeMs={fadeMs} keyOf={layoutKeyOf} level="layout" />;
}
