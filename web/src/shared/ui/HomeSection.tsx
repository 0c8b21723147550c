import type { ReactNode } from 'react';
import { ChevronIcon } from './Icons';
import { PrefetchLink } from './PrefetchLink';

/** A titled section of the home page with a "see all" link. */
export function Section({
  id,
  title,
  more,
  moreLabel,
  children,
  tone = '',
}: {
  id: string;
  title: string;
  more: string;
  moreLabel: string;
  children: ReactNode;
  tone?: string;
}) {
  return (
    <section aria-labelledby={id} className={`mx-auto max-w-7xl px-4 ${tone}`} data-testid={`home-${id}`}>
      <div className="mb-4 flex items-end justify-between gap-3">
        <h2 id={id} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        <PrefetchLink to={more} className="flex shrink-0 items-center gap-1 text-sm font-bold text-brand-700 hover:underline">
          {moreLabel}
          <ChevronIcon className="h-4 w-4" />
        </PrefetchLink>
      </div>
      {children}
    </section>
  );
}
