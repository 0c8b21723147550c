import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../../i18n';
import { useSearchParams } from 'react-router';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { useLoad } from '@/shared/hooks/useLoad';
import { formatCount, formatDigits, PART_SEPARATOR } from '@/shared/lib/format';
import { adminPath } from '@/shared/routes/adminRouteTable';
import { EmptyState } from '@/shared/ui/EmptyState';
import { SelectField } from '@/shared/ui/fields';
import { TicketIcon } from '@/shared/ui/Icons';
import { PageTitle } from '@/shared/ui/PageTitle';
import { Pagination } from '@/shared/ui/Pagination';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { LoadError } from '@/shared/ui/Status';
import { toast } from '@/shared/ui/toast';
import { moveClaim, staffClaims, type ClaimMove, type StaffClaim } from '../../api/admin';
import { LatinCode } from '@/shared/ui/LatinCode';

const PAGE_SIZE = 50;
const STATUSES = ['received', 'at_repair', 'repaired', 'replaced', 'returned'] as const;

function Claim({ c: initial }: { c: StaffClaim }) {
  const { t } = useTranslation(ns);
  const [c, setC] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const move = async (event: ClaimMove) => {
    setBusy(true);
    const out = await moveClaim(c.id, event);
    setBusy(false);
    if (!out.ok) {
      setError(out.message ?? t('units.failed'));
      return;
    }
    setError(null);
    setC(out.data);
    toast.success(t('staff.moved', { label: out.data.status_label }));
  };
  return (
    <li className="space-y-2 rounded-2xl bg-white p-4 text-sm shadow-sm" data-testid="staff-claim">
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-bold">
          <bdi>{c.product}</bdi>
        </span>
        <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-bold text-brand-800" data-testid="staff-claim-status">
          {c.status_label}
        </span>
      </p>
      <p className="text-slate-700">
        {t('staff.serial')}: <bdi dir="ltr">{c.serial}</bdi>
        {PART_SEPARATOR}
        {t('staff.order')}: <PrefetchLink to={adminPath('adminOrder', { code: c.order_code })} className="text-brand-700 underline"><LatinCode>{c.order_code}</LatinCode></PrefetchLink>
        {PART_SEPARATOR}
        {c.warranty_name}
      </p>
      <p className="text-slate-600">
        {t('staff.customer')}: <bdi>{c.customer_name || '—'}</bdi>
        {PART_SEPARATOR}
        <bdi dir="ltr">{formatDigits(c.customer_mobile)}</bdi>
        {PART_SEPARATOR}
        {t('staff.created')}: {c.created}
        {PART_SEPARATOR}
        <PrefetchLink to={adminPath('adminTicket', { id: c.ticket_id })} className="text-brand-700 underline">
          {t('staff.ticket')}
        </PrefetchLink>
      </p>
      {c.actions.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {c.actions.map((a) => (
            <button
              key={a}
              type="button"
              disabled={busy}
              onClick={() => void move(a as ClaimMove)}
              className="rounded-xl bg-brand-600 px-4 py-2 text-sm font-bold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {t(`staff.${a}`)}
            </button>
          ))}
        </div>
      )}
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
    </li>
  );
}

/** The back office's warranty claims (`/admin/warranty`, role `support`). */
export default function WarrantyClaimsPage() {
  const { t } = useTranslation(ns);
  const route = useRouteInfo();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status') ?? '';
  const status = (STATUSES as readonly string[]).includes(raw) ? raw : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [state, retry] = useLoad(`staff-claims-${status}-${page}`, () => staffClaims(status, page));
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-4">
      <PageTitle aside={state.kind === 'ok' ? <span className="text-sm text-slate-500">{formatCount(state.data.total)}</span> : undefined}>
        <span id="page-title">{route.title}</span>
      </PageTitle>
      <SelectField
        className="sm:max-w-xs"
        label={t('staff.status')}
        placeholder={t('staff.all')}
        options={[...STATUSES]}
        optionLabel={(s) => t(`staff.statuses.${s}`)}
        value={status}
        onChange={(e) => setParams(e.target.value ? { status: e.target.value } : {})}
      />
      {state.kind === 'loading' && <div className="h-48 animate-pulse rounded-2xl bg-slate-200/60" aria-busy="true" />}
      {state.kind === 'failed' && <LoadError message={state.message} onRetry={retry} />}
      {state.kind === 'ok' && state.data.rows.length === 0 && <EmptyState icon={<TicketIcon />} message={t('staff.none')} />}
      {state.kind === 'ok' && state.data.rows.length > 0 && (
        <ul className="flex flex-col gap-3" data-testid="staff-claims">
          {state.data.rows.map((c) => (
            <Claim key={`${c.id}-${c.status}`} c={c} />
          ))}
        </ul>
      )}
      {state.kind === 'ok' && state.data.total > PAGE_SIZE && <Pagination page={page} pages={Math.ceil(state.data.total / PAGE_SIZE)} />}
    </section>
  );
}
