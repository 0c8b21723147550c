import { useTranslation } from 'react-i18next';
import { usePlanRows } from './planRows';

interface Props {
  /** What is bought, Toman: one unit with its warranty, or the cart's payable. */
  total: number;
  testId?: string;
}

/**
 * The plans side by side for `total`: down payment, monthly amount, how many, what it all costs
 * and how much more than paying in full (the credit charge). Every figure is the core's
 * schedule (WASM); a plan that does not take the total shows the core's reason in its row.
 */
export function InstalmentComparison({ total, testId = 'instalment-comparison' }: Props) {
  const { t } = useTranslation();
  const { core, rows, loading, failed } = usePlanRows(total);
  if (failed) return <p className="text-sm text-red-700">{t('instalment.loadFailed')}</p>;
  if (loading || !core) return <div className="h-24 animate-pulse rounded-xl bg-slate-100" aria-busy="true" data-testid={testId} />;
  if (rows.length === 0) return <p className="text-sm text-slate-600" data-testid={testId}>{t('instalment.noPlans')}</p>;
  return (
    // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
    <div className="overflow-x-auto" data-testid={testId} tabIndex={0} role="region" aria-label={t('instalment.comparison')}>
      <table className="w-full min-w-[32rem] text-xs leading-6">
        <caption className="sr-only">{t('instalment.comparison')}</caption>
        <thead>
          <tr className="text-slate-600">
            <th scope="col" className="px-2 py-1 text-start font-normal whitespace-nowrap">{t('instalment.plan')}</th>
            <th scope="col" className="px-2 py-1 text-end font-normal whitespace-nowrap">{t('instalment.downPaymentShort')}</th>
            <th scope="col" className="px-2 py-1 text-end font-normal whitespace-nowrap">{t('instalment.monthlyShort')}</th>
            <th scope="col" className="px-2 py-1 text-end font-normal whitespace-nowrap">{t('instalment.count')}</th>
            <th scope="col" className="px-2 py-1 text-end font-normal whitespace-nowrap">{t('instalment.totalCost')}</th>
            <th scope="col" className="px-2 py-1 text-end font-normal whitespace-nowrap">{t('instalment.extra')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ plan, schedule, refusal }) => (
            <tr key={plan.Id} className="border-t border-slate-200 align-top" data-testid="comparison-row">
              <th scope="row" className="px-2 py-1 text-start font-medium">{plan.Name}</th>
              {schedule ? (
                <>
                  <td className="px-2 py-1 text-end whitespace-nowrap">{core.formatPrice(schedule.down_payment)}</td>
                  <td className="px-2 py-1 text-end whitespace-nowrap">{core.formatPrice(schedule.instalments[0]?.amount ?? 0)}</td>
                  <td className="px-2 py-1 text-end">{core.toPersianDigits(schedule.instalments.length)}</td>
                  {/* What the customer pays in all: the down payment and every instalment. */}
                  <td className="px-2 py-1 text-end whitespace-nowrap">{core.formatPrice(schedule.down_payment + schedule.financed)}</td>
                  <td className="px-2 py-1 text-end whitespace-nowrap">{core.formatPrice(schedule.charge)}</td>
                </>
              ) : (
                <td colSpan={5} className="px-2 py-1 text-amber-800">{refusal}</td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
