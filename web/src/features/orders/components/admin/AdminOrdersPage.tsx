import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ns } from './i18n';
import { AdminList, FilterForm } from '@/shared/admin/AdminList';
import { pageOf, useUrlFilters } from '@/shared/admin/useUrlFilters';
import { useLoad } from '@/shared/hooks/useLoad';
import { formatCount, formatDigits, PART_SEPARATOR } from '@/shared/lib/format';
import { adminPath } from '@/shared/routes/adminRouteTable';
import { SelectField, TextField } from '@/shared/ui/fields';
import { BoxIcon } from '@/shared/ui/Icons';
import { Money } from '@/shared/ui/Money';
import { toast } from '@/shared/ui/toast';
import { adminOrders, bulkPrepare, packingSlips, type AdminBulkOutcome, type AdminOrderFilter, type AdminOrderRow, type AdminSlip } from '../../api/admin';
import { StateBadge } from '../StateBadge';
import { PackingSlips } from './PackingSlips';

export const STATUSES = ['registered', 'awaiting_payment', 'paid', 'preparing', 'shipped', 'delivered', 'cancelled', 'expired'];
const METHODS = ['full', 'instalment'];
const FIELDS = ['q', 'status', 'method', 'from', 'to'] as const;

/** The filter the URL holds (`?q=0912…&status=paid&from=1405/09/01&page=2`). */
export function filterOf(params: URLSearchParams): AdminOrderFilter {
  return {
    q: params.get('q') ?? '',
    status: params.get('status') ?? '',
    method: params.get('method') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    page: pageOf(params),
  };
}

function Row({ o, checked, onToggle }: { o: AdminOrderRow; checked: boolean; onToggle: () => void }) {
  const { t } = useTranslation(ns);
  return (
    <li className="flex items-start gap-3 rounded-2xl bg-white p-4 shadow-sm" data-testid="admin-order-row">
      <input
        type="checkbox"
        className="mt-1 size-5 shrink-0 accent-brand-600"
        checked={checked}
        onChange={onToggle}
        aria-label={t('select', { code: o.code })}
      />
      <div className="grid min-w-0 flex-1 gap-2 sm:grid-cols-[8rem_minmax(0,1fr)_auto] sm:items-center">
        <Link to={adminPath('adminOrder', { code: o.code })} className="font-bold text-brand-700 hover:underline" dir="ltr">
          {o.code}
        </Link>
        <p className="min-w-0 text-sm text-slate-700">
          <bdi>{o.customer_name || '—'}</bdi>{PART_SEPARATOR}<bdi dir="ltr">{formatDigits(o.customer_mobile)}</bdi>
          <span className="block text-xs text-slate-600">
            {o.created_text}{PART_SEPARATOR}{t(`methods.${o.payment_method}`)}{PART_SEPARATOR}{t('columns.count')}: {formatCount(o.count)}
          </span>
        </p>
        <p className="flex flex-wrap items-center gap-3">
          <StateBadge status={o.status} label={o.status_label} />
          <Money value={o.payable} className="text-sm font-bold" />
        </p>
      </div>
    </li>
  );
}

/** /admin/orders: every order, searched and filtered through the URL; selection for bulk work. */
export default function AdminOrdersPage() {
  const { t } = useTranslation(ns);
  const f = useUrlFilters(FIELDS);
  const filter = filterOf(f.params);
  const [round, setRound] = useState(0);
  const [state, retry] = useLoad(`admin-orders-${f.params.toString()}-${round}`, () => adminOrders(filter));
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [slips, setSlips] = useState<AdminSlip[] | null>(null);
  const [bulk, setBulk] = useState<AdminBulkOutcome[] | null>(null);

  const toggle = (code: string) => setSelected((s) => (s.includes(code) ? s.filter((c) => c !== code) : [...s, code]));
  const pageCodes = state.kind === 'ok' ? state.data.rows.map((o) => o.code) : [];
  const allOnPage = pageCodes.length > 0 && pageCodes.every((c) => selected.includes(c));

  const prepareSelected = async () => {
    setBusy(true);
    const out = await bulkPrepare(selected);
    setBusy(false);
    if (!out.ok) {
      toast.error(out.message ?? t('empty'));
      return;
    }
    setBulk(out.data);
    setSelected([]);
    setRound((n) => n + 1);
  };

  const printSelected = async () => {
    setBusy(true);
    const out = await packingSlips(selected);
    setBusy(false);
    if (!out.ok) {
      toast.error(out.message ?? t('slips.none'));
      return;
    }
    setSlips(out.data);
  };

  if (slips) return <PackingSlips slips={slips} onBack={() => setSlips(null)} />;

  return (
    <AdminList
      state={state}
      retry={retry}
      rows={(d) => d.rows}
      count={(d) => t(d.more ? 'totalMore' : 'total', { n: formatCount(d.total) })}
      paging={(d) => d}
      page={filter.page}
      empty={{ icon: <BoxIcon />, message: t('empty') }}
      listTestId="admin-orders"
      renderRow={(o) => <Row key={o.code} o={o} checked={selected.includes(o.code)} onToggle={() => toggle(o.code)} />}
      filters={
        <FilterForm label={t('filters')} onApply={f.apply} onClear={f.clear} applyText={t('apply')} clearText={t('clear')}>
          <TextField label={t('q')} type="search" name="q" value={f.draft.q} onChange={f.set('q')} className="sm:col-span-2 lg:col-span-1" />
          <SelectField label={t('status')} placeholder={t('all')} options={STATUSES} optionLabel={(x) => t(`statuses.${x}`)} value={f.draft.status} onChange={f.set('status')} />
          <SelectField label={t('method')} placeholder={t('all')} options={METHODS} optionLabel={(x) => t(`methods.${x}`)} value={f.draft.method} onChange={f.set('method')} />
          <TextField label={t('from')} hint={t('dateHint')} dir="ltr" inputMode="numeric" value={f.draft.from} onChange={f.set('from')} />
          <TextField label={t('to')} hint={t('dateHint')} dir="ltr" inputMode="numeric" value={f.draft.to} onChange={f.set('to')} />
        </FilterForm>
      }
      bar={(d) => (
        <>
          {d.rows.length > 0 && (
            <div className="flex flex-wrap items-center gap-3 rounded-2xl bg-white p-3 shadow-sm" data-testid="admin-orders-bulk">
              <label className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="size-5 accent-brand-600"
                  checked={allOnPage}
                  onChange={() => setSelected((s) => (allOnPage ? s.filter((c) => !pageCodes.includes(c)) : [...new Set([...s, ...pageCodes])]))}
                />
                {t('selectPage')}
              </label>
              <span className="text-sm text-slate-600" aria-live="polite">
                {t('selected', { n: formatCount(selected.length) })}
              </span>
              <button
                type="button"
                disabled={selected.length === 0 || busy}
                onClick={() => void prepareSelected()}
                className="rounded-xl bg-brand-600 px-4 py-2 text-sm font-bold text-white hover:bg-brand-700 disabled:opacity-60"
              >
                {t('bulkPrepare')}
              </button>
              <button
                type="button"
                disabled={selected.length === 0 || busy}
                onClick={() => void printSelected()}
                className="rounded-xl border border-slate-300 px-4 py-2 text-sm font-bold text-slate-700 hover:bg-slate-50 disabled:opacity-60"
              >
                {t('printSlips')}
              </button>
            </div>
          )}
          {bulk && (
            <div role="status" className="rounded-2xl bg-white p-4 text-sm shadow-sm" data-testid="admin-orders-bulk-result">
              <p className="font-bold text-slate-800">{t('bulkDone', { moved: formatCount(bulk.filter((o) => o.moved).length) })}</p>
              <ul className="mt-1 list-inside list-disc text-red-700">
                {bulk
                  .filter((o) => !o.moved)
                  .map((o) => (
                    <li key={o.code}>{t('bulkRefused', { code: o.code, message: o.message })}</li>
                  ))}
              </ul>
            </div>
          )}
        </>
      )}
    />
  );
}
