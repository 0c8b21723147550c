import { useSyncExternalStore } from 'react';

/**
 * Route modules loading because a navigation needs them (the loading bar's "navigation in
 * progress"). Navigations run in transitions, so the old page stays on screen meanwhile.
 */
let pending = 0;
const listeners = new Set<() => void>();

function emit(): void {
  // A lazy page starts loading during a render; tell the shell after it.
  queueMicrotask(() => listeners.forEach((l) => l()));
}

export function trackPageLoad<T>(load: Promise<T>): Promise<T> {
  pending += 1;
  emit();
  return load.finally(() => {
    pending -= 1;
    emit();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while a route module a navigation needs is loading. */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => pending > 0,
    () => false,
  );
}
