import { useEffect, useRef, useState } from 'react';

/** Spec section 9: loading bar constants. */
export const LOADING_BAR = {
  durationMs: 2000,
  throttleMs: 200,
  hideDelayMs: 500,
  resetDelayMs: 400,
} as const;

/** Estimated progress after `elapsed` ms: approaches 100 %, about 70 % at `duration`. */
export function estimatedProgress(elapsed: number, duration: number = LOADING_BAR.durationMs): number {
  return Math.min(99, (2 / Math.PI) * 100 * Math.atan(((elapsed / duration) * 100) / 50));
}

/**
 * The thin bar at the top of the page while a navigation loads. It appears only when loading
 * lasts longer than the throttle, stays at 100 % for the hide delay, and resets after the
 * reset delay.
 */
export function LoadingBar({ active }: { active: boolean }) {
  const [progress, setProgress] = useState(0);
  const [visible, setVisible] = useState(false);
  const timers = useRef<number[]>([]);
  const visibleRef = useRef(false);

  useEffect(() => {
    const clear = () => {
      timers.current.forEach((id) => clearTimeout(id));
      timers.current = [];
    };
    clear();
    if (active) {
      const startedAt = performance.now();
      let raf = 0;
      const show = window.setTimeout(() => {
        visibleRef.current = true;
        setVisible(true);
        const tick = () => {
          setProgress(estimatedProgress(performance.now() - startedAt));
          raf = window.setTimeout(tick, 100);
          timers.current.push(raf);
        };
        tick();
      }, LOADING_BAR.throttleMs);
      timers.current.push(show);
      return clear;
    }
    if (visibleRef.current) {
      setProgress(100);
      const hide = window.setTimeout(() => {
        visibleRef.current = false;
        setVisible(false);
        const reset = window.setTimeout(() => setProgress(0), LOADING_BAR.resetDelayMs);
        timers.current.push(reset);
      }, LOADING_BAR.hideDelayMs);
      timers.current.push(hide);
    }
    return clear;
  }, [active]);

  return (
    <div
      aria-hidden="true"
      data-testid="loading-bar"
      data-visible={visible}
      className="pointer-events-none fixed inset-x-0 top-0 z-[70] h-[3px]"
      style={{ opacity: visible ? 1 : 0, transition: `opacity ${LOADING_BAR.resetDelayMs}ms` }}
    >
      <div
        className="h-full origin-right bg-gradient-to-l from-brand-500 to-accent-500"
        style={{ transform: `scaleX(${progress / 100})`, transition: 'transform 100ms linear' }}
      />
    </div>
  );
}
