import type { ReactNode } from 'react';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { EmptyState, type EmptyStateProps } from './EmptyState';
import { PageTitle } from './PageTitle';

/** A page of a feature that comes later: its title and an honest empty state. */
export function SimplePage({
  children,
  title,
  ...empty
}: EmptyStateProps & { title?: string; children?: ReactNode }) {
  const route = useRouteInfo();
  return (
    <section aria-labelledby="page-title">
      <PageTitle>
        <span id="page-title">{title ?? route.title}</span>
      </PageTitle>
      <EmptyState {...empty}>{children}</EmptyState>
    </section>
  );
}
