import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Core, InstalmentSchedule } from '@/shared/core';
import type { CoreLoad } from '@/shared/core/useCore';
import { usePlanRows } from './planRows';

interface Props {
  /** The amount bought, Toman (the product's price, or the order's payable). */
  total: number;
  /** Controlled choice (order registration); without it the calculator keeps its own. */
  selected?: number | null;
  onSelect?: (planId: number) => void;
  /** When the WASM core loads (the product page waits for the first interaction). */
  load?: CoreLoad;
  /** Heading level text; hidden when absent. */
  title?: string;
  testId?: string;
  /** Show the chosen plan's schedule (off where the server's schedule is shown instead). */
  showSchedule?: boolean;
}

/** The monthly rate (basis points) as a Persian percent: 250 → ۲٫۵. */
function ratePercent(core: Core, bp: number): string {
  return core.toPersianDigits(String(bp / 100)).replace('.', '٫');
}

/**
 * The instalment calculator: every plan on offer with what it costs for `total`, and the chosen
 * plan's schedule (down payment, charge, each instalment with its Jalali due date). A plan
 * that does not take the total shows the core's Persian reason and cannot be chosen.
 */
export function InstalmentCalculator({ total, selected, onSelect, load = 'now', title, testId = 'instalment-calculator', showSchedule = true }: Props) {
  const { t } = useTranslation();
  const { core, rows, loading, failed } = usePlanRows(total, load);
  const [own, setOwn] = useState<number | null>(null);
  const name = useId();
  const chosenId = selected !== undefined ? selected : (own ?? rows.find((r) => r.schedule)?.plan.Id ?? null);
  const chosen = rows.find((r) => r.plan.Id === chosenId && r.schedule);
  const choose = (id: number) => (onSelect ? onSelect(id) : setOwn(id));

  if (failed) return <p className="text-sm text-red-700">{t('instalment.loadFailed')}</p>;
  if (loading || !core) return <div className="h-24 animate-pulse rounded-xl bg-slate-100" aria-busy="true" data-testid={testId} />;
  if (rows.length === 0) return <p className="text-sm text-slate-600" data-testid={testId}>{t('instalment.noPlans')}</p>;

  return (
    <div className="space-y-3 text-sm" data-testid={testId}>
      <fieldset>
        <legend className={title ? 'mb-2 font-bold text-slate-900' : 'sr-only'}>{title ?? t('instalment.plans')}</legend>
        <ul className="space-y-2">
          {rows.map(({ plan, schedule, refusal }) => (
            <li key={plan.Id}>
              <label
                className={`flex items-start gap-3 rounded-xl border p-3 ${schedule ? 'cursor-pointer' : 'text-slate-600'} ${plan.Id === chosenId && schedule ? 'border-brand-500 bg-brand-50' : 'border-slate-200'}`}
              >
                <input
                  type="radio"
                  name={name}
                  className="mt-1"
                  disabled={!schedule}
                  checked={plan.Id === chosenId && Boolean(schedule)}
                  onChange={() => choose(plan.Id)}
                />
                <span className="min-w-0 flex-1">
                  <span className="font-medium">{plan.Name}</span>
                  <span className="block text-xs leading-6 text-slate-600">
                    {t('instalment.terms', {
                      down: core.toPersianDigits(plan.DownPaymentPercent),
                      months: core.toPersianDigits(plan.Months),
                      rate: ratePercent(core, plan.MonthlyRateBp),
                    })}
                  </span>
                  {schedule ? (
                    <span className="block text-xs leading-6 text-slate-700">
                      {t('instalment.monthly', { amount: core.formatPrice(schedule.instalments[0]?.amount ?? 0) })}
                    </span>
                  ) : (
                    <span className="block text-xs leading-6 text-amber-800">{refusal}</span>
                  )}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {showSchedule && chosen?.schedule && <ScheduleTable core={core} schedule={chosen.schedule} />}
    </div>
  );
}

/** A schedule: the totals and each instalment with its due date. */
export function ScheduleTable({ core, schedule }: { core: Core; schedule: InstalmentSchedule }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-xl bg-slate-50 p-3" data-testid="instalment-schedule">
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs leading-6">
        <dt className="text-slate-600">{t('instalment.downPayment')}</dt>
        <dd className="text-end font-medium" data-testid="schedule-down-payment">{core.formatPrice(schedule.down_payment)}</dd>
        <dt className="text-slate-600">{t('instalment.charge')}</dt>
        <dd className="text-end">{core.formatPrice(schedule.charge)}</dd>
        <dt className="text-slate-600">{t('instalment.financed')}</dt>
        <dd className="text-end font-medium">{core.formatPrice(schedule.financed)}</dd>
      </dl>
      <table className="mt-3 w-full text-xs">
        <caption className="sr-only">{t('instalment.schedule')}</caption>
        <thead>
          <tr className="text-slate-600">
            <th scope="col" className="py-1 text-start font-normal">{t('instalment.number')}</th>
            <th scope="col" className="py-1 text-start font-normal">{t('instalment.due')}</th>
            <th scope="col" className="py-1 text-end font-normal">{t('instalment.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {schedule.instalments.map((i) => (
            <tr key={i.number} className="border-t border-slate-200">
              <td className="py-1">{core.toPersianDigits(i.number)}</td>
              <td className="py-1">{core.formatJalali(i.due)}</td>
              <td className="py-1 text-end whitespace-nowrap">{core.formatPrice(i.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
