import type { ReactNode } from 'react';
import { PrefetchLink } from './PrefetchLink';

export interface EmptyStateProps {
  icon?: ReactNode;
  message: string;
  action?: { to: string; label: string };
  children?: ReactNode;
}

/** An honest empty state: what is (not yet) here and where to go instead. */
export function EmptyState({ icon, message, action, children }: EmptyStateProps) {
  return (
    <div
      className="flex flex-col items-center justify-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center"
      data-testid="empty-state"
    >
      {icon && <div className="text-brand-500 [&>svg]:h-12 [&>svg]:w-12">{icon}</div>}
      <p className="max-w-md leading-8 text-slate-600">{message}</p>
      {children}
      {action && (
        <PrefetchLink
          to={action.to}
          className="rounded-xl bg-brand-600 px-5 py-2.5 text-sm font-bold text-white transition hover:bg-brand-700"
        >
          {action.label}
        </PrefetchLink>
      )}
    </div>
  );
}
