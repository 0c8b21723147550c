import type { ReactNode } from 'react';
import { useNearViewport } from '@/shared/hooks/useNearViewport';

/**
 * Renders `children` once this spot comes near the viewport; until then an empty block of the
 * given size. Below-the-fold sections (their code, their API calls, their images) wait for the
 * visitor to scroll towards them: a phone on a slow connection loads what it shows first.
 */
export function WhenNear({ children, className, rootMargin = '100px' }: { children: ReactNode; className: string; rootMargin?: string }) {
  const [ref, near] = useNearViewport<HTMLDivElement>(rootMargin);
  if (near) return <>{children}</>;
  return <div ref={ref} className={className} aria-hidden="true" />;
}
