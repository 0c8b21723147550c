import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useCore, persianDigits } from '@/shared/core/useCore';
import { Money } from '@/shared/ui/Money';
import type { Summary } from '../api/checkout';
import { joinParts } from '@/shared/lib/format';
import { MixedText } from '@/shared/ui/MixedText';

/**
 * The final summary: every line and amount as the server computed it. With an instalment plan,
 * what is paid now is the down payment (what the bank will charge), and the total cost with
 * the plan's charge and each instalment with its Jalali due date are shown before paying.
 */
export function CheckoutSummary({ summary, deliveryChosen }: { summary: Summary; deliveryChosen: boolean }) {
  const { t } = useTranslation(ns);
  const core = useCore();
  const plan = summary.Instalment ?? null;
  return (
    <div data-testid="checkout-summary" className="space-y-3">
      <ul className="divide-y divide-slate-100">
        {summary.Lines.map((l) => (
          <li key={l.Id} className="flex flex-wrap items-start justify-between gap-2 py-2 text-sm">
            <div className="min-w-0 flex-1">
              <p className="break-words font-medium text-slate-800">
                <MixedText text={l.Name} />
              </p>
              <p className="text-xs text-slate-600">
                {joinParts([l.Color, t('register.warranty', { name: l.NameGaranti }), t('register.count', { n: persianDigits(core, l.Num) })])}
              </p>
              {!l.Available && <p className="text-xs font-bold text-red-600">{t('register.unavailable')}</p>}
            </div>
            <Money value={l.LineTotal} className="whitespace-nowrap font-medium" />
          </li>
        ))}
      </ul>
      <dl className="space-y-2 border-t border-slate-200 pt-3 text-sm">
        <div className="flex justify-between gap-2">
          <dt className="text-slate-600">{t('register.itemsTotal')}</dt>
          <dd data-testid="items-total">
            <Money value={summary.ItemsTotal} />
          </dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt className="text-slate-600">{t('register.deliveryPrice')}</dt>
          <dd data-testid="delivery-price">
            {!deliveryChosen ? t('register.chooseDelivery') : summary.DeliveryPrice === 0 ? t('register.free') : <Money value={summary.DeliveryPrice} />}
          </dd>
        </div>
        {summary.Discount > 0 && (
          <div className="flex justify-between gap-2 text-green-700">
            <dt>{summary.DiscountCode ? t('discount.line', { code: summary.DiscountCode }) : t('register.discount')}</dt>
            <dd>
              <Money value={summary.Discount} />
            </dd>
          </div>
        )}
        <div className={`flex justify-between gap-2 border-t border-slate-200 pt-2 ${plan ? '' : 'text-base font-bold'}`}>
          <dt>{plan ? t('register.orderAmount') : t('register.payable')}</dt>
          <dd data-testid="payable">
            <Money value={summary.Payable} />
          </dd>
        </div>
        {plan && (
          <>
            <div className="flex justify-between gap-2">
              <dt className="text-slate-600">{t('register.instalmentCharge')}</dt>
              <dd data-testid="instalment-charge">
                <Money value={plan.Charge} />
              </dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt className="text-slate-600">{t('register.totalCost')}</dt>
              <dd data-testid="total-cost">
                <Money value={plan.TotalCost} />
              </dd>
            </div>
            <div className="flex justify-between gap-2 border-t border-slate-200 pt-2 text-base font-bold">
              <dt>{t('register.payNow')}</dt>
              <dd data-testid="pay-now">
                <Money value={summary.PayNow} />
              </dd>
            </div>
          </>
        )}
      </dl>
      {plan && (
        <table className="w-full text-xs" data-testid="summary-schedule">
          <caption className="mb-1 text-start text-sm font-bold text-slate-900">{t('register.schedule', { name: plan.PlanName })}</caption>
          <thead>
            <tr className="text-slate-600">
              <th scope="col" className="py-1 text-start font-normal">{t('register.instalmentNumber')}</th>
              <th scope="col" className="py-1 text-start font-normal">{t('register.instalmentDue')}</th>
              <th scope="col" className="py-1 text-end font-normal">{t('register.instalmentAmount')}</th>
            </tr>
          </thead>
          <tbody>
            {plan.Instalments.map((i) => (
              <tr key={i.Number} className="border-t border-slate-100" data-testid="summary-instalment">
                <td className="py-1">{persianDigits(core, i.Number)}</td>
                <td className="py-1">{i.Due}</td>
                <td className="py-1 text-end whitespace-nowrap">
                  <Money value={i.Amount} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** Lines whose price moved since they were put in the cart: old and new, side by side. */
export function PriceChanges({
  summary,
  message,
  accepted,
  onAccept,
}: {
  summary: Summary;
  /** The server's sentence when it refused the payable the customer saw. */
  message: string | null;
  accepted: boolean;
  onAccept: (v: boolean) => void;
}) {
  const { t } = useTranslation(ns);
  const core = useCore();
  const changed = summary.Lines.filter((l) => l.PriceChanged);
  // One unit before and now (price with its warranty), from the core's pricing rule book; the
  // amounts show once the core is loaded.
  const priced = core?.quote({
    lines: changed.map((l) => ({
      num: l.Num,
      stored: { price: l.OldPrice, warranty_price: l.OldPriceGaranti },
      live: { price: l.Price, warranty_price: l.PriceGaranti },
    })),
  });
  const units = priced && 'ok' in priced && priced.ok ? priced.ok.lines : null;
  return (
    <div role="alert" data-testid="price-changed" className="space-y-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm">
      {message && <p className="font-bold text-amber-900">{message}</p>}
      {changed.length > 0 && <p className="font-bold text-amber-900">{t('register.priceChanged')}</p>}
      <ul className="space-y-2">
        {changed.map((l, i) => (
          <li key={l.Id} className="space-y-1">
            <p className="break-words font-medium">
              <MixedText text={l.Name} />
            </p>
            {units?.[i] && (
              <p className="flex flex-wrap gap-x-4 gap-y-1">
                <span>
                  {t('register.oldPrice')}: <Money value={units[i].old_unit_total} className="line-through" />
                </span>
                <span>
                  {t('register.newPrice')}: <Money value={units[i].unit_total} className="font-bold" />
                </span>
              </p>
            )}
          </li>
        ))}
      </ul>
      <label className="flex items-center gap-2 font-medium">
        <input type="checkbox" checked={accepted} onChange={(e) => onAccept(e.target.checked)} className="h-5 w-5" />
        {t('register.confirmPrices')}
      </label>
    </div>
  );
}
