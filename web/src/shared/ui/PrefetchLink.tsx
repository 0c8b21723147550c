import { useEffect, type Ref } from 'react';
import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router';
import { useNearViewport } from '@/shared/hooks/useNearViewport';
import { prefetchPath } from '@/shared/lib/prefetch';

function pathOf(to: LinkProps['to']): string {
  if (typeof to === 'string') return to;
  return to.pathname ?? '/';
}

/** Calls prefetchPath(to) once the element scrolls into view (IntersectionObserver). */
export function usePrefetchWhenVisible<T extends Element>(to: LinkProps['to']): Ref<T> {
  const [ref, near] = useNearViewport<T>('100px');
  const path = pathOf(to);
  useEffect(() => {
    if (!near || !path.startsWith('/') || typeof IntersectionObserver === 'undefined') return;
    const run = () => prefetchPath(path);
    // Let the current page finish first.
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(run, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(run, 200);
    return () => clearTimeout(id);
  }, [near, path]);
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
