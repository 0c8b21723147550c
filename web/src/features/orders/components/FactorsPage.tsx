import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { DocIcon } from '@/shared/ui/Icons';
import { EmptyState } from '@/shared/ui/EmptyState';
import { PageTitle } from '@/shared/ui/PageTitle';
import { LoadError } from '@/shared/ui/Status';
import { listOrders } from '../api/orders';
import { useLoad } from '../hooks/useLoad';
import { OrderRow } from './OrderRow';

/** Every order of the customer, newest first, each opening its invoice. */
export default function FactorsPage() {
  const { t } = useTranslation(ns);
  const route = useRouteInfo();
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
              <OrderRow order={o} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
