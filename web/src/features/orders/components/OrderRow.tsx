import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useCore, persianDigits } from '@/shared/core/useCore';
import { Money } from '@/shared/ui/Money';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import type { OrderItem } from '../api/orders';
import { StateBadge } from './StateBadge';
import { PART_SEPARATOR } from '@/shared/lib/format';
import { LatinCode } from '@/shared/ui/LatinCode';

/** One order in a list: code, date, item count, state and payable, opening its invoice. */
export function OrderRow({ order: o }: { order: OrderItem }) {
  const { t } = useTranslation(ns);
  const core = useCore();
  return (
    <PrefetchLink
      to={`/profile/factors/${encodeURIComponent(o.Code)}`}
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm transition hover:shadow-md"
      data-testid="order-row"
    >
      <span className="min-w-0 space-y-1">
        <span className="block font-bold" dir="ltr">
          {o.Code}
        </span>
        <span className="block text-sm text-slate-500">
          {o.Date}{PART_SEPARATOR}{t('factors.count', { n: persianDigits(core, o.Count) })}
        </span>
        {o.TrackingCode && (
          <span className="block text-sm text-slate-600" data-testid="order-tracking">
            {t('factors.shipped', { carrier: o.Carrier ?? '' })} <LatinCode>{o.TrackingCode}</LatinCode>
          </span>
        )}
      </span>
      <span className="flex flex-wrap items-center gap-3">
        <StateBadge status={o.Status} label={o.StatusLabel} />
        <Money value={o.Payable} className="font-bold" />
      </span>
    </PrefetchLink>
  );
}
