import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ns } from '../../i18n';
import { AdminList, FilterForm } from '@/shared/admin/AdminList';
import { pageOf, useUrlFilters } from '@/shared/admin/useUrlFilters';
import { useLoad } from '@/shared/hooks/useLoad';
import { formatCount, PART_SEPARATOR } from '@/shared/lib/format';
import { adminPath } from '@/shared/routes/adminRouteTable';
import { SelectField, TextField } from '@/shared/ui/fields';
import { BoxIcon } from '@/shared/ui/Icons';
import { Money } from '@/shared/ui/Money';
import { categoryList, productList, type AdminProductRow, type ProductFilter } from '../../api/catalogAdmin';
import { CONDITIONS } from './productForm';

const FIELDS = ['q', 'category', 'condition', 'published'] as const;

/** The filter the URL holds (`?q=ایسوس&published=no&page=2`). */
export function filterOf(params: URLSearchParams): ProductFilter {
  return {
    q: params.get('q') ?? '',
    category: Number(params.get('category')) || 0,
    condition: params.get('condition') ?? '',
    published: params.get('published') ?? '',
    page: pageOf(params),
  };
}

function Row({ p }: { p: AdminProductRow }) {
  const { t } = useTranslation(ns);
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm" data-testid="catalog-admin-row">
      <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
        <div className="min-w-0">
          <Link
            to={adminPath('adminCatalogProduct', { uid: p.uid })}
            className="font-bold text-brand-700 [overflow-wrap:anywhere] hover:underline"
            aria-label={t('row.edit', { name: p.name })}
          >
            <bdi>{p.name}</bdi>
          </Link>
          <p className="mt-1 text-xs text-slate-600">
            <bdi dir="ltr">{p.uid}</bdi>
            {PART_SEPARATOR}
            <bdi>{p.brand}</bdi> <bdi dir="ltr">{p.model}</bdi>
            {p.category_name && (
              <>
                {PART_SEPARATOR}
                <bdi>{p.category_name}</bdi>
              </>
            )}
          </p>
        </div>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className={`rounded-full px-3 py-1 text-xs font-medium ${p.published ? 'bg-green-50 text-green-800' : 'bg-slate-100 text-slate-700'}`}>
            {p.published ? t('yes') : t('no')}
          </span>
          <span className="rounded-full bg-brand-50 px-3 py-1 text-xs text-brand-800">{t(`conditions.${p.condition}`, { defaultValue: p.condition })}</span>
          <span className="text-slate-700">{t('row.variants', { n: formatCount(p.variants) })}</span>
          <span className="text-slate-700">{t('row.stock', { n: formatCount(p.stock) })}</span>
          {p.min_price != null ? <Money value={p.min_price} className="font-bold" /> : <span className="text-slate-600">{t('row.noPrice')}</span>}
        </p>
      </div>
    </li>
  );
}

/** /admin/catalog/products: every product, drafts too, searched and filtered through the URL. */
export default function ProductsPage() {
  const { t } = useTranslation(ns);
  const f = useUrlFilters(FIELDS);
  const filter = filterOf(f.params);
  const [state, retry] = useLoad(`catalog-admin-products-${f.params.toString()}`, () => productList(filter));
  const [cats] = useLoad('catalog-admin-categories', categoryList);
  const categories = cats.kind === 'ok' ? cats.data : [];
  const catName = new Map(categories.map((c) => [String(c.id), c.form.name]));

  return (
    <AdminList
      state={state}
      retry={retry}
      rows={(d) => d.rows}
      count={(d) => t('total', { n: formatCount(d.total) })}
      paging={(d) => d}
      page={filter.page}
      empty={{ icon: <BoxIcon />, message: t('empty') }}
      listTestId="catalog-admin-products"
      renderRow={(p) => <Row key={p.uid} p={p} />}
      filters={
        <FilterForm label={t('filters')} onApply={f.apply} onClear={f.clear} applyText={t('apply')} clearText={t('clear')}>
          <TextField label={t('q')} type="search" name="q" value={f.draft.q} onChange={f.set('q')} className="sm:col-span-2 lg:col-span-1" />
          <SelectField
            label={t('category')}
            placeholder={t('all')}
            options={categories.map((c) => String(c.id))}
            optionLabel={(id) => catName.get(id) ?? id}
            value={f.draft.category}
            onChange={f.set('category')}
          />
          <SelectField label={t('condition')} placeholder={t('all')} options={[...CONDITIONS]} optionLabel={(x) => t(`conditions.${x}`)} value={f.draft.condition} onChange={f.set('condition')} />
          <SelectField label={t('published')} placeholder={t('all')} options={['yes', 'no']} optionLabel={(x) => t(x)} value={f.draft.published} onChange={f.set('published')} />
        </FilterForm>
      }
      bar={() => (
        <div className="flex flex-wrap gap-3">
          <Link to={adminPath('adminCatalogProductNew')} className="rounded-xl bg-brand-600 px-4 py-2 text-sm font-bold text-white hover:bg-brand-700" data-testid="catalog-admin-new">
            {t('newProduct')}
          </Link>
          <Link to={adminPath('adminCatalogCategories')} className="rounded-xl border border-slate-300 px-4 py-2 text-sm font-bold text-slate-700 hover:bg-slate-50">
            {t('categoriesLink')}
          </Link>
        </div>
      )}
    />
  );
}
