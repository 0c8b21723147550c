import { useEffect, useRef, type Ref } from 'react';
import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router';
import { prefetchPath } from '@/shared/lib/prefetch';

function pathOf(to: LinkProps['to']): string {
  if (typeof to === 'string') return to;
  return to.pathname ?? '/';
}

/** Calls prefetchPath(to) once the element scrolls into view (IntersectionObserver). */
export function usePrefetchWhenVisible<T extends Element>(to: LinkProps['to']): Ref<T> {
  const ref = useRef<T>(null);
  const path = pathOf(to);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    if (!path.startsWith('/')) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          const run = () => prefetchPath(path);
          // Let the current page finish first.
          if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
          else setTimeout(run, 200);
        }
      },
      { rootMargin: '100px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [path]);
  return ref;
}

/** A react-router Link that prefetches its route's chunk when visible. */
export function PrefetchLink(props: LinkProps) {
  const ref = usePrefetchWhenVisible<HTMLAnchorElement>(props.to);
  return <Link ref={ref} {...props} />;
}

/** NavLink variant (active state for menus). */
export function PrefetchNavLink(props: NavLinkProps) {
  const ref = usePrefetchWhenVisible<HTMLAnchorElement>(props.to);
  return <NavLink ref={ref} {...props} />;
}
