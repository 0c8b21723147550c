import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import type { ToasterProps } from 'react-hot-toast';
import { onFirstInteraction } from '@/shared/lib/firstInteraction';

/** Spec section 9: toasts at the bottom left, closing after 1000 ms. */
export const TOAST_DURATION_MS = 1000;

export const toasterProps = {
  position: 'bottom-left',
  reverseOrder: false,
  gutter: 8,
  // react-hot-toast places 'left' with flex-start, which an RTL page turns into the right side:
  // the container is laid out LTR, each toast's text stays RTL.
  containerStyle: { bottom: 80, direction: 'ltr' },
  // Named so the browser journeys can wait for toasts to be gone before measuring a page.
  containerClassName: 'shop-toaster',
  toastOptions: {
    duration: TOAST_DURATION_MS,
    style: { fontFamily: 'inherit', direction: 'rtl', fontSize: '0.9rem' },
    ariaProps: { role: 'status', 'aria-live': 'polite' },
  },
} satisfies ToasterProps;

/*
 * react-hot-toast (with goober, its CSS-in-JS) is loaded on the visitor's first interaction
 * (shared/lib/firstInteraction) or by the first toast, whichever comes first: toasts answer
 * actions, so the first page does not download it. `toast` below forwards to it, queueing calls (in order) until it is there.
 */
type Lib = typeof import('react-hot-toast');
type Message = Parameters<Lib['default']>[0];
type Options = Parameters<Lib['default']>[1];

let lib: Lib | null = null;
let loading: Promise<Lib> | null = null;
let wanted = false;
const listeners = new Set<() => void>();

/** Loads the toast library (once); the toaster mounts as soon as it is wanted and loaded. */
export function loadToaster(): Promise<Lib> {
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
  loading ??= import('react-hot-toast').then(
    (m) => (lib = m),
    (error: unknown) => {
      loading = null; // a later toast tries again
      throw error;
    },
  );
  return loading;
}

function run(use: (l: Lib) => void): void {
  if (lib) {
    if (!wanted) void loadToaster();
    use(lib);
    return;
  }
  loadToaster().then(use, (error: unknown) => console.warn('toasts could not be loaded', error));
}

let lastId = 0;

function show(kind: 'blank' | 'error' | 'success', message: Message, options?: Options): string {
  // Until the library is there, the id is ours, so callers can dismiss what they showed.
  const opts = lib || options?.id ? options : { ...options, id: `toast-${++lastId}` };
  let id = opts?.id ?? '';
  run((l) => {
    id = kind === 'blank' ? l.default(message, opts) : l.default[kind](message, opts);
  });
  return id;
}

/** react-hot-toast's `toast`, loading the library on first use. */
export const toast = Object.assign((message: Message, options?: Options) => show('blank', message, options), {
  error: (message: Message, options?: Options) => show('error', message, options),
  success: (message: Message, options?: Options) => show('success', message, options),
  dismiss: (id?: string) => run((l) => l.default.dismiss(id)),
  remove: (id?: string) => run((l) => l.default.remove(id)),
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function AppToaster() {
  const isWanted = useSyncExternalStore(subscribe, () => wanted, () => false);
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(() => lib?.Toaster ?? null);
  useEffect(() => {
    if (isWanted) return;
    return onFirstInteraction(() => void loadToaster().catch(() => undefined));
  }, [isWanted]);
  useEffect(() => {
    if (!isWanted || Toaster) return;
    let alive = true;
    loadToaster().then(
      (m) => alive && setToaster(() => m.Toaster),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [isWanted, Toaster]);
  return Toaster ? <Toaster {...toasterProps} /> : null;
}
