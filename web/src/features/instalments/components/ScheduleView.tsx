import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import type { PlanView } from '../api/instalments';
import { PART_SEPARATOR } from '@/shared/lib/format';

const STATE_STYLE: Record<string, string> = {
  paid: 'bg-green-50 text-green-800',
  overdue: 'bg-red-50 text-red-700',
  due: 'bg-amber-50 text-amber-900',
  upcoming: 'bg-slate-100 text-slate-700',
};

/** A plan's totals and its instalments (the server's texts: Persian digits, Jalali dates). */
export function ScheduleView({ plan, children }: { plan: PlanView; children?: React.ReactNode }) {
  const { t } = useTranslation(ns);
  const facts: [string, string][] = [
    [t('finance.total'), plan.TotalText],
    [t('finance.downPayment'), plan.DownPaymentText],
    [t('finance.charge'), plan.ChargeText],
    [t('finance.financed'), plan.FinancedText],
    [t('finance.paid'), plan.PaidText],
    [t('finance.remaining'), plan.RemainingText],
  ];
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        {facts.map(([k, v]) => (
          <div key={k} className="flex flex-col">
            <dt className="text-xs text-slate-500">{k}</dt>
            <dd className="font-medium">{v}</dd>
          </div>
        ))}
      </dl>
      <ol className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label={t('success.schedule')}>
        {plan.Instalments.map((i) => (
          <li key={i.Id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm" data-testid="instalment-row" data-state={i.State}>
            <span className="min-w-0">
              <span className="font-medium">{t('finance.number')} {i.NumberText}</span>
              <span className="block text-xs text-slate-600">
                {t('finance.due')}: {i.DueText}
                {i.PaidText && <>{PART_SEPARATOR}{t('finance.paidOn', { date: i.PaidText })}</>}
              </span>
            </span>
            <span className="flex items-center gap-2">
              <span className="whitespace-nowrap">{i.AmountText}</span>
              <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${STATE_STYLE[i.State] ?? STATE_STYLE.upcoming}`}>{i.StateLabel}</span>
            </span>
          </li>
        ))}
      </ol>
      {children}
    </div>
  );
}
