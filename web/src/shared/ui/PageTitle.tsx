import type { ReactNode } from 'react';

/** The visible h1 of a page. */
export function PageTitle({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="mb-5 flex items-center justify-between gap-3">
      <h1 className="text-xl font-bold text-slate-900 md:text-2xl">{children}</h1>
      {aside}
    </div>
  );
}
