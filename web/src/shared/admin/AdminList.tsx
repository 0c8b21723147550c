import type { FormEvent, ReactNode } from 'react';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import type { Loaded } from '@/shared/hooks/useLoad';
import { EmptyState } from '@/shared/ui/EmptyState';
import { PrimaryButton } from '@/shared/ui/fields';
import { PageTitle } from '@/shared/ui/PageTitle';
import { Pagination } from '@/shared/ui/Pagination';
import { LoadError } from '@/shared/ui/Status';

/** The filter form above a back-office list: the fields, then apply and clear. */
export function FilterForm({
  label,
  onApply,
  onClear,
  applyText,
  clearText,
  className = 'grid gap-3 rounded-2xl bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-5',
  buttonsClassName = 'flex gap-2 sm:col-span-2 lg:col-span-5',
  search = false,
  children,
}: {
  label: string;
  onApply: (e: FormEvent) => void;
  onClear: () => void;
  applyText: string;
  clearText: string;
  className?: string;
  buttonsClassName?: string;
  /** A search form (`role="search"`) rather than a filter. */
  search?: boolean;
  children: ReactNode;
}) {
  return (
    <form role={search ? 'search' : undefined} aria-label={label} onSubmit={onApply} className={className}>
      {children}
      <div className={buttonsClassName}>
        <div className="w-32">
          <PrimaryButton type="submit">{applyText}</PrimaryButton>
        </div>
        <button type="button" className="rounded-xl border border-slate-300 px-4 py-2 text-sm" onClick={onClear}>
          {clearText}
        </button>
      </div>
    </form>
  );
}

/**
 * One back-office list page: the route's title with a count, optional filters and a bar above
 * the list, then loading, a load error (a 422 from a filter shown as an alert), the empty state,
 * the rows and server paging. Each page gives only what is its own: how to read the rows and
 * how to draw one.
 */
export function AdminList<D, T>({
  state,
  retry,
  rows,
  count,
  paging,
  page = 1,
  filters,
  bar,
  empty,
  listTestId,
  renderRow,
}: {
  state: Loaded<D>;
  retry: () => void;
  /** The rows of a loaded page. */
  rows: (data: D) => T[];
  /** The count shown beside the title, already worded (e.g. «۱۲ سفارش»). */
  count: (data: D) => string;
  /** Server paging: the matching total and rows per page; `more` when the total is a lower bound. */
  paging?: (data: D) => { total: number; perPage: number; more?: boolean };
  page?: number;
  filters?: ReactNode;
  /** Shown between the filters and the rows once loaded (bulk actions, results). */
  bar?: (data: D) => ReactNode;
  empty: { icon: ReactNode; message: string };
  listTestId: string;
  /** One row, as an `<li>` with its key. */
  renderRow: (row: T) => ReactNode;
}) {
  const route = useRouteInfo();
  const loaded = state.kind === 'ok' ? state.data : null;
  const pages = loaded !== null && paging ? paging(loaded) : null;
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-4">
      <PageTitle aside={loaded !== null ? <span className="text-sm text-slate-600">{count(loaded)}</span> : undefined}>
        <span id="page-title">{route.title}</span>
      </PageTitle>
      {filters}
      {loaded !== null && bar?.(loaded)}
      <ListBody state={state} retry={retry} rows={rows} empty={empty} listTestId={listTestId} renderRow={renderRow} refusalAsAlert />
      {pages && (pages.total > pages.perPage || pages.more) && (
        <Pagination page={page} pages={Math.ceil(pages.total / pages.perPage)} more={pages.more} />
      )}
    </section>
  );
}

/**
 * A loaded list's body: a skeleton while loading, a load error with a retry, the empty state, or
 * the rows in a `<ul>`, then `footer` below a list that has rows (a count, paging).
 */
export function ListBody<D, T>({
  state,
  retry,
  rows,
  empty,
  listTestId,
  listLabel,
  skeletonHeight = 'h-48',
  refusalAsAlert = false,
  footer,
  renderRow,
}: {
  state: Loaded<D>;
  retry: () => void;
  /** The rows of the loaded data. */
  rows: (data: D) => T[];
  empty: { icon?: ReactNode; message: string };
  listTestId?: string;
  /** The list's accessible name. */
  listLabel?: string;
  /** The loading skeleton's height class. */
  skeletonHeight?: string;
  /** A 422 with a message (a refused filter) as an alert rather than a load error with a retry. */
  refusalAsAlert?: boolean;
  footer?: (data: D) => ReactNode;
  /** One row, as an `<li>` with its key. */
  renderRow: (row: T) => ReactNode;
}) {
  const loaded = state.kind === 'ok' ? state.data : null;
  const list = loaded === null ? [] : rows(loaded);
  return (
    <>
      {state.kind === 'loading' && <div className={`${skeletonHeight} animate-pulse rounded-2xl bg-slate-200/60`} aria-busy="true" />}
      {state.kind === 'failed' &&
        (refusalAsAlert && state.status === 422 && state.message ? (
          <p role="alert" className="text-sm text-red-700">
            {state.message}
          </p>
        ) : (
          <LoadError message={state.message} onRetry={retry} />
        ))}
      {loaded !== null && list.length === 0 && <EmptyState icon={empty.icon} message={empty.message} />}
      {loaded !== null && list.length > 0 && (
        <>
          <ul className="flex flex-col gap-3" aria-label={listLabel} data-testid={listTestId}>
            {list.map(renderRow)}
          </ul>
          {footer?.(loaded)}
        </>
      )}
    </>
  );
}
