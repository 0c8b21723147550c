import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders `children` (typically a lazy component) from the first time `when` is true, and keeps
 * them mounted after: their code stays off the page until it is first needed.
 */
export function MountOnce({ when, children }: { when: boolean; children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  if (when && !mounted) setMounted(true);
  if (!(mounted || when)) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
