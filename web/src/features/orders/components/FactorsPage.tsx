import { useTranslation } from 'react-i18next';
import { useCore, persianDigits } from '@/shared/core/useCore';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { DocIcon } from '@/shared/ui/Icons';
import { EmptyState } from '@/shared/ui/EmptyState';
import { Money } from '@/shared/ui/Money';
import { PageTitle } from '@/shared/ui/PageTitle';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { LoadError } from '@/shared/ui/Status';
import { listOrders } from '../api/orders';
import { useLoad } from '../hooks/useLoad';
import { StateBadge } from './StateBadge';

/** Every order of the customer, newest first, each opening its invoice. */
export default function FactorsPage() {
  const { t } = useTranslation('orders');
  const route = useRouteInfo();
  const core = useCore();
  const [state, retry] = useLoad('orders', listOrders);
  return (
    <section aria-labelledby="page-title">
      <PageTitle>
        <span id="page-title">{route.title}</span>
      </PageTitle>
      {state.kind === 'loading' && <div className="h-48 animate-pulse rounded-2xl bg-slate-200/60" aria-busy="true" />}
      {state.kind === 'failed' && <LoadError message={state.message} onRetry={retry} />}
      {state.kind === 'ok' && state.data.length === 0 && (
        <EmptyState icon={<DocIcon />} message={t('factors.empty')} action={{ to: '/shop', label: t('factors.goShop') }} />
      )}
      {state.kind === 'ok' && state.data.length > 0 && (
        <ul className="space-y-3" data-testid="orders">
          {state.data.map((o) => (
            <li key={o.Code}>
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
                    {o.Date} · {t('factors.count', { n: persianDigits(core, o.Count) })}
                  </span>
                </span>
                <span className="flex flex-wrap items-center gap-3">
                  <StateBadge status={o.Status} label={o.StatusLabel} />
                  <Money value={o.Payable} className="font-bold" />
                </span>
              </PrefetchLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
