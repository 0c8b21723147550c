import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

// Scroll position per history entry, kept for the tab's life (back/forward return to it).
const positions = new Map<string, number>();

// A restore keeps trying while the page changes height (it fades in, the old page gives way to
// the new one, its list arrives): up to 5 s after the last change before the position is
// reached, 1 s after it once it is, 15 s in all.
const RESTORE_MS = 5000;
const SETTLE_MS = 1000;
const MAX_MS = 15000;
const USER_SCROLLS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls to `y` as soon as the page is tall enough, and holds it while the page settles (the
 * old page may still be showing when this starts); the visitor's own scrolling ends it.
 */
function restore(y: number): () => void {
  const started = performance.now();
  let changed = started;
  let height = document.documentElement.scrollHeight;
  let id = 0;
  const stop = () => {
    cancelAnimationFrame(id);
    for (const e of USER_SCROLLS) window.removeEventListener(e, stop, true);
  };
  const step = () => {
    window.scrollTo(0, y);
    const now = performance.now();
    const h = document.documentElement.scrollHeight;
    if (h !== height) {
      height = h;
      changed = now;
    }
    const wait = Math.abs(window.scrollY - y) <= 2 ? SETTLE_MS : RESTORE_MS;
    if (now - changed < wait && now - started < MAX_MS) id = requestAnimationFrame(step);
    else stop();
  };
  for (const e of USER_SCROLLS) window.addEventListener(e, stop, { capture: true, passive: true });
  step();
  return stop;
}

/**
 * A new page starts at the top (or at its #fragment); back and forward return to where the
 * visitor was on that entry.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  // The entry that scrolling belongs to: switched when a new entry is shown.
  const entry = useRef(location.key);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const save = () => positions.set(entry.current, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, []);

  useLayoutEffect(() => {
    entry.current = location.key;
    const saved = positions.get(location.key);
    if (navigationType === 'POP' && saved !== undefined) return restore(saved);
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);

  return null;
}
