import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ns } from './i18n';
import { AdminList } from '@/shared/admin/AdminList';
import { pageOf } from '@/shared/admin/useUrlFilters';
import { useLoad } from '@/shared/hooks/useLoad';
import { formatCount, formatDigits, formatPlain } from '@/shared/lib/format';
import { DocIcon } from '@/shared/ui/Icons';
import { Money } from '@/shared/ui/Money';
import { unverifiedPayments, type UnverifiedPayment } from '../../../api/money';
import { LatinCode } from '@/shared/ui/LatinCode';

function Row({ p }: { p: UnverifiedPayment }) {
  const { t } = useTranslation(ns);
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm" data-testid="unverified-payment" data-result={p.check_result ?? ''}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-bold text-slate-800">
          {t('order')} <LatinCode>{p.order_code}</LatinCode>
          {p.instalment_number != null && <span className="ms-2 text-sm font-normal text-slate-600">({t('instalment', { n: formatPlain(p.instalment_number) })})</span>}
        </p>
        <Money value={p.amount} className="font-bold text-slate-800" />
      </div>
      <dl className="mt-2 grid gap-1 text-sm text-slate-700 sm:grid-cols-2">
        <div>
          <dt className="inline text-slate-600">{t('customer')}: </dt>
          <dd className="inline">
            {p.customer_name} <bdi>{formatDigits(p.customer_mobile)}</bdi>
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-600">{t('started')}: </dt>
          <dd className="inline">{p.started_text}</dd>
        </div>
        <div>
          <dt className="inline text-slate-600">{t('gateway')}: </dt>
          <dd className="inline">
            <bdi dir="ltr">{p.gateway}</bdi>
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="inline text-slate-600">{t('authority')}: </dt>
          <dd className="inline break-all">
            <bdi dir="ltr">{p.authority}</bdi>
          </dd>
        </div>
      </dl>
      <p className="mt-2 rounded-xl bg-slate-50 p-2 text-sm text-slate-800">
        <span className="text-slate-600">{t('check')}: </span>
        {p.check_text}
        {p.checked_text && <span className="ms-2 text-xs text-slate-600">({t('checkedAt', { at: p.checked_text })})</span>}
      </p>
    </li>
  );
}

/** /admin/payments: payments started and never verified, newest first, with what reconciliation last found. */
export default function PaymentsPage() {
  const { t } = useTranslation(ns);
  const [params] = useSearchParams();
  const page = pageOf(params);
  const [state, retry] = useLoad(`unverified-${page}`, () => unverifiedPayments(page));
  return (
    <AdminList
      state={state}
      retry={retry}
      rows={(d) => d.payments}
      count={(d) => t('count', { n: formatCount(d.total) })}
      paging={(d) => d}
      page={page}
      empty={{ icon: <DocIcon />, message: t('unverifiedEmpty') }}
      listTestId="unverified-list"
      renderRow={(p) => <Row key={p.payment_id} p={p} />}
    />
  );
}
