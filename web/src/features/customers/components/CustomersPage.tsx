import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { AdminList, FilterForm } from '@/shared/admin/AdminList';
import { pageOf, useUrlFilters } from '@/shared/admin/useUrlFilters';
import { useLoad } from '@/shared/hooks/useLoad';
import { formatCount, formatDigits, PART_SEPARATOR } from '@/shared/lib/format';
import { adminPath } from '@/shared/routes/adminRouteTable';
import { TextField } from '@/shared/ui/fields';
import { UserIcon } from '@/shared/ui/Icons';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { customerList, type CustomerRow } from '../api/customers';

/** The search the URL holds (`?q=0912&page=2`). */
export function searchOf(params: URLSearchParams): { q: string; page: number } {
  return { q: params.get('q') ?? '', page: pageOf(params) };
}

function Row({ c }: { c: CustomerRow }) {
  const { t } = useTranslation(ns);
  const name = [c.name, c.lastname].filter(Boolean).join(' ') || t('noName');
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm" data-testid="customer-row">
      <div className="min-w-0">
        <p className="font-bold text-slate-800">
          <PrefetchLink to={adminPath('adminCustomer', { id: c.id })} className="hover:text-brand-700 hover:underline">
            {name}
          </PrefetchLink>
          {c.block && <span className="ms-2 rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800">{t('blocked')}</span>}
        </p>
        <p className="text-sm text-slate-600">
          <bdi>{formatDigits(c.mobile)}</bdi>
          {c.email && (
            <>
              {PART_SEPARATOR}
              <bdi dir="ltr">{c.email}</bdi>
            </>
          )}
          {c.city && `${PART_SEPARATOR}${c.city}`}
        </p>
      </div>
      <p className="text-xs text-slate-600">{t('joined', { date: c.joined_text })}</p>
    </li>
  );
}

/** /admin/customers: search customers by mobile, name or email; the search lives in the URL. */
export default function CustomersPage() {
  const { t } = useTranslation(ns);
  const f = useUrlFilters(['q']);
  const search = searchOf(f.params);
  const [state, retry] = useLoad(`customers-${search.q}-${search.page}`, () => customerList(search.q, search.page));
  return (
    <AdminList
      state={state}
      retry={retry}
      rows={(d) => d.rows}
      count={(d) => t('total', { n: formatCount(d.total) })}
      paging={(d) => d}
      page={search.page}
      empty={{ icon: <UserIcon />, message: t('empty') }}
      listTestId="customer-list"
      renderRow={(c) => <Row key={c.id} c={c} />}
      filters={
        <FilterForm
          search
          label={t('search')}
          onApply={f.apply}
          onClear={f.clear}
          applyText={t('find')}
          clearText={t('clear')}
          className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm"
          buttonsClassName="flex gap-2"
        >
          <TextField
            name="customer-query"
            label={t('query')}
            hint={t('queryHint')}
            type="search"
            autoComplete="off"
            value={f.draft.q}
            onChange={f.set('q')}
            className="sm:max-w-xs"
          />
        </FilterForm>
      }
    />
  );
}
