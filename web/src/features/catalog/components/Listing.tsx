import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useSearchParams } from 'react-router';
import { formatCount } from '@/shared/lib/format';
import { BoxIcon } from '@/shared/ui/Icons';
import { EmptyState } from '@/shared/ui/EmptyState';
import { listProducts, searchProducts, listSpecials, type ListQuery } from '@/features/catalog/api/catalog';
import { useResource, type Get } from '@/shared/api/resource';
import { activeCount, emptyFilters, filtersToQuery, filtersToSearch, parseFilters, SORTS, type Filters, type SortKey } from '@/features/catalog/utils/filters';
import { useCore } from '@/shared/core/useCore';
import { FilterPanel } from './FilterPanel';
import { Pagination } from '@/shared/ui/Pagination';
import { ProductGrid } from './ProductCard';
import { CardSkeletons, LoadError } from '@/shared/ui/Status';

export type ListKind = 'products' | 'search' | 'specials';

type ListPath = '/api/client/v1/catalog/products' | '/api/client/v1/catalog/search' | '/api/client/v1/catalog/specials';
const LISTS: Record<ListKind, (q: ListQuery) => Get<ListPath>> = { products: listProducts, search: searchProducts, specials: listSpecials };

function SortSelect({ value, options, onChange }: { value: SortKey; options: SortKey[]; onChange: (s: SortKey) => void }) {
  const { t } = useTranslation(ns);
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <span className="shrink-0">{t('sortLabel')}</span>
      <select
        value={value}
        onChange={(e) => onChange(e.target.value as SortKey)}
        className="h-10 rounded-lg border border-slate-200 bg-white px-2 text-sm text-slate-800 focus:border-brand-500 focus:outline-none"
        data-testid="sort"
      >
        {options.map((s) => (
          <option key={s} value={s}>
            {t(`sort.${s}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * A product list with filters and sort in the URL: /shop, category pages, search, specials.
 * `fixed` holds what the page itself decides (the category, the query).
 */
export function Listing({
  kind,
  fixed = {},
  query = '',
  withFilters = true,
  countdown = false,
  emptyMessage,
  header,
}: {
  kind: ListKind;
  fixed?: ListQuery;
  query?: string;
  withFilters?: boolean;
  countdown?: boolean;
  emptyMessage?: string;
  header?: ReactNode;
}) {
  const { t } = useTranslation(ns);
  const [params, setParams] = useSearchParams();
  const relevance = kind === 'search' || kind === 'specials';
  const core = useCore('now');
  const filters = parseFilters(params, relevance, core?.toWesternDigits);
  const { data, error, loading, reload } = useResource(LISTS[kind](filtersToQuery(filters, fixed)));
  // Facet values (labels and counts) of the unfiltered list, so that choosing one brand
  // still lists the others.
  const base = useResource(withFilters ? LISTS[kind]({ ...fixed, size: 1 }) : null);
  const [panelOpen, setPanelOpen] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  const change = useCallback(
    (next: Filters) => {
      setParams(filtersToSearch(next, params), { preventScrollReset: true });
    },
    [params, setParams],
  );
  useEffect(() => {
    document.body.style.overflow = panelOpen ? 'hidden' : '';
    return () => {
      document.body.style.overflow = '';
    };
  }, [panelOpen]);
  // The phone's filter sheet: focus moves into it, Escape closes it, and closing it (any way)
  // gives the focus back to the button that opened it.
  useEffect(() => {
    if (!panelOpen) {
      if (wasOpen.current) openButton.current?.focus();
      wasOpen.current = false;
      return;
    }
    wasOpen.current = true;
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      setPanelOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [panelOpen]);

  const sort: SortKey = filters.sort ?? (relevance ? 'relevance' : 'newest');
  // «پرفروش‌ترین» only once the shop has sold something (the server's HasBestsellers), or when the URL asks for it.
  const hasBestsellers = (base.data ?? data)?.HasBestsellers ?? false;
  const sorts = SORTS.filter((s) => s !== 'bestselling' || hasBestsellers || sort === 'bestselling');
  const sortOptions: SortKey[] = relevance ? ['relevance', ...sorts] : [...sorts];
  const facets = base.data?.Facets ?? data?.Facets ?? null;
  const n = activeCount(filters);
  const products = data?.data;

  return (
    <div className={withFilters ? 'lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-5' : ''}>
      {withFilters && (
        <aside className="hidden lg:block" aria-label={t('filters')}>
          <div className="sticky top-32 max-h-[calc(100dvh-9rem)] overflow-y-auto rounded-2xl bg-white p-4 shadow-sm">
            <FilterPanel filters={filters} facets={facets} onChange={change} hideSpecial={kind === 'specials'} />
          </div>
        </aside>
      )}
      <div className="min-w-0">
        {header}
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            {withFilters && (
              <button
                type="button"
                ref={openButton}
                onClick={() => setPanelOpen(true)}
                className="h-10 rounded-lg border border-slate-200 bg-white px-3 text-sm font-bold text-slate-800 lg:hidden"
                aria-haspopup="dialog"
                data-testid="open-filters"
              >
                {n ? t('filtersCount', { n: formatCount(n) }) : t('filters')}
              </button>
            )}
            {data && (
              <span className="text-sm text-slate-600" data-testid="result-count" aria-live="polite">
                {t('results', { n: formatCount(data.Total) })}
              </span>
            )}
          </div>
          <SortSelect value={sort} options={sortOptions} onChange={(s) => change({ ...filters, sort: s === (relevance ? 'relevance' : 'newest') ? null : s, page: 1 })} />
        </div>

        {error && !products && (
          <LoadError onRetry={reload} message={error.status === 400 || error.status === 422 ? error.message : null} />
        )}
        {!products && !error && <CardSkeletons />}
        {products && products.length === 0 && (
          <EmptyState
            icon={<BoxIcon />}
            message={n ? t('noResultsFiltered') : (emptyMessage ?? t('noResults'))}
            action={{ to: '/shop', label: t('shop') }}
          >
            {n > 0 && (
              <button type="button" onClick={() => change({ ...emptyFilters, sort: filters.sort })} className="text-sm font-bold text-red-700 hover:underline">
                {t('clearFilters')}
              </button>
            )}
          </EmptyState>
        )}
        {products && products.length > 0 && (
          <div aria-busy={loading} className={loading ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
            <ProductGrid products={products} core={core} query={query} countdown={countdown} headingLevel={2} />
          </div>
        )}
        {data && <Pagination page={filters.page} pages={data.Pages} />}
      </div>

      {withFilters && panelOpen && (
        <div role="dialog" aria-modal="true" aria-label={t('filters')} className="fixed inset-0 z-50 flex flex-col bg-white lg:hidden" data-testid="filters-dialog">
          <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
            <h2 className="font-bold text-slate-900">{t('filters')}</h2>
            <button ref={closeButton} type="button" onClick={() => setPanelOpen(false)} className="h-10 rounded-lg px-3 text-sm text-slate-600" aria-label={t('closeFilters')}>
              ✕
            </button>
          </div>
          <div className="flex-1 overflow-y-auto px-4">
            <FilterPanel filters={filters} facets={facets} onChange={change} hideSpecial={kind === 'specials'} />
          </div>
          <div className="border-t border-slate-100 p-3">
            <button type="button" onClick={() => setPanelOpen(false)} className="h-11 w-full rounded-xl bg-brand-600 font-bold text-white" data-testid="apply-filters">
              {t('applyFilters', { n: formatCount(data?.Total ?? 0) })}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
