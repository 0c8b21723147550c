/**
 * The visitor's first pointer, touch, key, wheel or focus on the page. What a page only needs
 * once someone uses it (the toast library, the WASM core on the product page, prefetched
 * routes) starts then, so a visit that only looks costs no more than the page itself.
 */
const EVENTS = ['pointerdown', 'touchstart', 'keydown', 'wheel', 'focusin'] as const;

let interacted = false;
const waiting = new Set<() => void>();

function interact(): void {
  if (interacted) return;
  interacted = true;
  for (const e of EVENTS) window.removeEventListener(e, interact, true);
  const runs = [...waiting];
  waiting.clear();
  runs.forEach((run) => run());
}

function listen(): void {
  for (const e of EVENTS) window.addEventListener(e, interact, { capture: true, passive: true });
}

if (typeof window !== 'undefined') listen();

export function hasInteracted(): boolean {
  return interacted;
}

/** Calls `run` once, at the first interaction (at once if there was one); returns a cancel. */
export function onFirstInteraction(run: () => void): () => void {
  if (interacted) {
    run();
    return () => {};
  }
  waiting.add(run);
  return () => waiting.delete(run);
}

/** A new visit: nothing interacted with yet (tests start each case so). */
export function resetFirstInteraction(): void {
  waiting.clear();
  if (!interacted) return;
  interacted = false;
  listen();
}
