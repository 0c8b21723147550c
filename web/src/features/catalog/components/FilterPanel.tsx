import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { formatCount, formatPlain } from '@/shared/lib/format';
import type { Facets, FacetValue } from '@/features/catalog/api/catalog';
import { loadCore } from '@/shared/core';
import { activeCount, emptyFilters, parseAmount, toggleValue, type Filters, type ListKey } from '@/features/catalog/utils/filters';

function FacetGroup({
  name,
  values,
  selected,
  onToggle,
}: {
  name: ListKey;
  values: FacetValue[];
  selected: string[];
  onToggle: (key: ListKey, value: string) => void;
}) {
  const { t } = useTranslation(ns);
  // Selected values stay listed even when the current answer has none of them.
  const shown = [...values];
  for (const s of selected) if (!shown.some((v) => v.Value === s)) shown.push({ Value: s, Label: s, Count: 0 });
  if (!shown.length) return null;
  return (
    <fieldset className="border-b border-slate-100 py-3" data-testid={`facet-${name}`}>
      <legend className="mb-2 text-sm font-bold text-slate-800">{t(`facet.${name}`)}</legend>
      <ul className="max-h-56 space-y-1 overflow-y-auto pe-1">
        {shown.map((v) => {
          const checked = selected.includes(v.Value);
          return (
            <li key={v.Value}>
              <label className="flex min-h-9 cursor-pointer items-center gap-2 rounded-lg px-1 text-sm text-slate-700 hover:bg-slate-50">
                <input
                  type="checkbox"
                  name={name}
                  value={v.Value}
                  checked={checked}
                  onChange={() => onToggle(name, v.Value)}
                  className="h-4 w-4 accent-brand-600"
                />
                <span className="flex-1" dir="auto">
                  {v.Label}
                </span>
                {v.Count > 0 && <span className="text-xs text-slate-500">{formatCount(v.Count)}</span>}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

function PriceRange({ filters, bounds, onChange }: { filters: Filters; bounds: Facets | null; onChange: (f: Filters) => void }) {
  const { t } = useTranslation(ns);
  const id = useId();
  const [min, setMin] = useState(filters.min_price !== null ? formatPlain(filters.min_price) : '');
  const [max, setMax] = useState(filters.max_price !== null ? formatPlain(filters.max_price) : '');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setMin(filters.min_price !== null ? formatPlain(filters.min_price) : '');
    setMax(filters.max_price !== null ? formatPlain(filters.max_price) : '');
  }, [filters.min_price, filters.max_price]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The amounts show (and are typed) in Persian digits: read with the core's rule.
    const digits = await loadCore().then(
      (core) => core.toWesternDigits,
      () => undefined,
    );
    const lo = min.trim() ? parseAmount(min, digits) : null;
    const hi = max.trim() ? parseAmount(max, digits) : null;
    if ((min.trim() && lo === null) || (max.trim() && hi === null)) return setError(t('priceInvalid'));
    if (lo !== null && hi !== null && lo > hi) return setError(t('priceRangeError'));
    setError(null);
    onChange({ ...filters, min_price: lo, max_price: hi, page: 1 });
  };
  const input =
    'h-10 w-full min-w-0 rounded-lg border border-slate-200 bg-white px-2 text-sm text-slate-800 focus:border-brand-500 focus:outline-none';
  return (
    <form onSubmit={(e) => void submit(e)} className="border-b border-slate-100 py-3" noValidate data-testid="price-range">
      <fieldset>
        <legend className="mb-2 text-sm font-bold text-slate-800">{t('facet.price')}</legend>
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-min`} className="text-xs text-slate-600">
            {t('minPrice')}
          </label>
          <input
            id={`${id}-min`}
            name="min_price"
            inputMode="numeric"
            dir="ltr"
            value={min}
            onChange={(e) => setMin(e.target.value)}
            placeholder={bounds?.PriceMin != null ? formatCount(bounds.PriceMin) : ''}
            className={input}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-err` : undefined}
          />
          <label htmlFor={`${id}-max`} className="text-xs text-slate-600">
            {t('maxPrice')}
          </label>
          <input
            id={`${id}-max`}
            name="max_price"
            inputMode="numeric"
            dir="ltr"
            value={max}
            onChange={(e) => setMax(e.target.value)}
            placeholder={bounds?.PriceMax != null ? formatCount(bounds.PriceMax) : ''}
            className={input}
            aria-invalid={error ? true : undefined}
          />
        </div>
        {error && (
          <p id={`${id}-err`} role="alert" className="mt-2 text-xs text-red-700">
            {error}
          </p>
        )}
        <button type="submit" className="mt-2 w-full rounded-lg bg-slate-800 py-2 text-sm font-bold text-white hover:bg-slate-900">
          {t('applyPrice')}
        </button>
      </fieldset>
    </form>
  );
}

/** The filter panel: facets from the server, every change written to the URL by `onChange`. */
export function FilterPanel({
  filters,
  facets,
  onChange,
  hideSpecial = false,
}: {
  filters: Filters;
  facets: Facets | null;
  onChange: (f: Filters) => void;
  hideSpecial?: boolean;
}) {
  const { t } = useTranslation(ns);
  const toggle = (key: ListKey, value: string) => onChange(toggleValue(filters, key, value));
  return (
    <div data-testid="filter-panel">
      {activeCount(filters) > 0 && (
        <button
          type="button"
          onClick={() => onChange({ ...emptyFilters, sort: filters.sort })}
          className="mb-1 text-sm font-bold text-red-700 hover:underline"
        >
          {t('clearFilters')}
        </button>
      )}
      <div className="space-y-1 border-b border-slate-100 py-3">
        <label className="flex min-h-9 cursor-pointer items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={filters.in_stock}
            onChange={() => onChange({ ...filters, in_stock: !filters.in_stock, page: 1 })}
            className="h-4 w-4 accent-brand-600"
          />
          {t('inStock')}
        </label>
        {!hideSpecial && (
          <label className="flex min-h-9 cursor-pointer items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={filters.special}
              onChange={() => onChange({ ...filters, special: !filters.special, page: 1 })}
              className="h-4 w-4 accent-brand-600"
            />
            {t('specialOnly')}
          </label>
        )}
      </div>
      <FacetGroup name="condition" values={facets?.Conditions ?? []} selected={filters.condition} onToggle={toggle} />
      <FacetGroup name="brand" values={facets?.Brands ?? []} selected={filters.brand} onToggle={toggle} />
      <PriceRange filters={filters} bounds={facets} onChange={onChange} />
      <FacetGroup name="ram" values={facets?.Rams ?? []} selected={filters.ram} onToggle={toggle} />
      <FacetGroup name="cpu_family" values={facets?.CpuFamilies ?? []} selected={filters.cpu_family} onToggle={toggle} />
      <FacetGroup name="graphics" values={facets?.Graphics ?? []} selected={filters.graphics} onToggle={toggle} />
      <FacetGroup name="storage" values={facets?.Storages ?? []} selected={filters.storage} onToggle={toggle} />
      <FacetGroup name="screen" values={facets?.Screens ?? []} selected={filters.screen} onToggle={toggle} />
      <FacetGroup name="line" values={facets?.Lines ?? []} selected={filters.line} onToggle={toggle} />
    </div>
  );
}
