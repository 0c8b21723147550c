import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { DocIcon } from '@/shared/ui/Icons';
import { EmptyState } from '@/shared/ui/EmptyState';
import { LoadError } from '@/shared/ui/Status';
import { listOrders } from '../api/orders';
import { useLoad } from '../hooks/useLoad';
import { OrderRow } from './OrderRow';

/** Orders still moving (unpaid, paid, preparing, shipped) first, each group newest first as the server sends them. */
export function inProgressFirst<T extends { Status: string }>(orders: T[]): T[] {
  const moving = (s: string) => ['registered', 'awaiting_payment', 'paid', 'preparing', 'shipped'].includes(s);
  return [...orders.filter((o) => moving(o.Status)), ...orders.filter((o) => !moving(o.Status))];
}

/** The customer's newest orders (the profile page's summary); "none yet" only when the server says so. */
export function RecentOrders({ limit }: { limit: number }) {
  const { t } = useTranslation(ns);
  const [state, retry] = useLoad('orders', listOrders);
  if (state.kind === 'loading') return <div className="h-24 animate-pulse rounded-2xl bg-slate-200/60" aria-busy="true" />;
  if (state.kind === 'failed') return <LoadError message={state.message} onRetry={retry} />;
  if (state.data.length === 0) {
    return <EmptyState icon={<DocIcon />} message={t('factors.empty')} action={{ to: '/shop', label: t('factors.goShop') }} />;
  }
  return (
    <ul className="space-y-3" data-testid="recent-orders">
      {inProgressFirst(state.data).slice(0, limit).map((o) => (
        <li key={o.Code}>
          <OrderRow order={o} />
        </li>
      ))}
    </ul>
  );
}
