import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import type { Variant } from '@/features/catalog/api/catalog';
import { colours, differenceTo, warrantiesFor } from '@/features/catalog/utils/variants';

/** What choosing `v` instead of the chosen variant changes the price by (nothing for the chosen one). */
function PriceChange({ selected, v }: { selected: Variant; v: Variant }) {
  const { t } = useTranslation(ns);
  if (!v.InStock) return <>{t('outOfStock')}</>;
  if (v.Id === selected.Id) return null;
  const d = differenceTo(selected, v);
  if (!d) return null;
  return (
    <span data-testid="price-change" data-id={v.Id}>
      <span className="sr-only">{t('product.priceChange')}: </span>
      {d.Difference === 0 ? t('product.samePrice') : <bdi dir="rtl">{d.DifferenceText}</bdi>}
    </span>
  );
}

/**
 * Colour swatches and warranty options (radio groups); a choice selects one variant. Each
 * warranty says in one line what it covers and what choosing it changes the price by.
 */
export function VariantPicker({
  variants,
  selected,
  onColour,
  onVariant,
}: {
  variants: Variant[];
  selected: Variant;
  onColour: (colour: string) => void;
  onVariant: (v: Variant) => void;
}) {
  const { t } = useTranslation(ns);
  const id = useId();
  const cs = colours(variants);
  const ws = warrantiesFor(variants, selected.Color);
  return (
    <div className="space-y-4">
      {cs.length > 0 && (
        <fieldset data-testid="colours">
          <legend className="mb-2 text-sm text-slate-600">
            {t('product.color')}: <span className="font-bold text-slate-900">{selected.Color}</span>
          </legend>
          <div className="flex flex-wrap gap-2">
            {cs.map((c) => (
              <label
                key={c.name}
                className={`flex min-h-10 cursor-pointer items-center gap-2 rounded-full border-2 px-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${
                  c.name === selected.Color ? 'border-brand-600 bg-brand-50 font-bold text-slate-900' : 'border-slate-200 bg-white text-slate-700'
                } ${c.inStock ? '' : 'opacity-60'}`}
              >
                <input
                  type="radio"
                  name={`${id}-colour`}
                  value={c.name}
                  checked={c.name === selected.Color}
                  onChange={() => onColour(c.name)}
                  className="sr-only"
                />
                <span className="h-5 w-5 rounded-full border border-slate-300" style={{ backgroundColor: c.hex }} aria-hidden="true" />
                {c.name}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {ws.length > 0 && (
        <fieldset data-testid="warranties">
          <legend className="mb-2 text-sm text-slate-600">{t('product.warranty')}</legend>
          <div className="space-y-2">
            {ws.map((v) => (
              <label
                key={v.Id}
                className={`flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded-xl border-2 px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${
                  v.Id === selected.Id ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white'
                } ${v.InStock ? '' : 'bg-slate-50 text-slate-700'}`}
              >
                <span className="flex min-w-0 items-center gap-2">
                  <input
                    type="radio"
                    name={`${id}-warranty`}
                    value={v.Id}
                    checked={v.Id === selected.Id}
                    onChange={() => onVariant(v)}
                    className="h-4 w-4 accent-brand-600"
                  />
                  <span className="min-w-0">
                    <span className={`block ${v.Id === selected.Id ? 'font-bold text-slate-900' : 'text-slate-700'}`}>{v.NameGaranti || t('product.noWarranty')}</span>
                    {v.DescriptionGaranti && (
                      <span className="block text-xs leading-5 text-slate-600" data-testid="warranty-note">
                        {v.DescriptionGaranti}
                      </span>
                    )}
                  </span>
                </span>
                <span className="shrink-0 text-xs text-slate-600">
                  <PriceChange selected={selected} v={v} />
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </div>
  );
}
