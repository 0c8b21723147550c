import { lazy, Suspense, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { useLoad } from '@/shared/hooks/useLoad';
import { formatCount, joinParts } from '@/shared/lib/format';
import { menuRoutes } from '@/shared/routes/adminRouteTable';
import { staffMeAtom } from '@/shared/session/staffMe';
import { PageTitle } from '@/shared/ui/PageTitle';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { LoadError } from '@/shared/ui/Status';
import { dashboardSummary, type Dashboard, type DashboardDay } from '../api/dashboard';

/** chart.js and its React wrapper, in their own chunk. */
const SalesChart = lazy(() => import('./SalesChart'));

function Figure({ label, value, note, testId }: { label: string; value: ReactNode; note?: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-2xl bg-white p-4 shadow-sm" data-testid={testId}>
      <p className="text-sm text-slate-600">{label}</p>
      <p className="text-xl font-bold text-slate-800">{value}</p>
      {note && <p className="text-xs text-slate-600">{note}</p>}
    </div>
  );
}

function Card({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm">
      <h2 id={id} className="font-bold text-slate-800">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The chart's figures as a table (for screen readers; the canvas is one image to them). */
function ChartTable({ days }: { days: DashboardDay[] }) {
  const { t } = useTranslation(ns);
  return (
    <table className="sr-only">
      <caption>{t('chartTable')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('day')}</th>
          <th scope="col">{t('chartOrders')}</th>
          <th scope="col">{t('revenue')}</th>
        </tr>
      </thead>
      <tbody>
        {days.map((d) => (
          <tr key={d.date}>
            <th scope="row">{d.label}</th>
            <td>{formatCount(d.orders)}</td>
            <td>{d.revenue_text}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Figures({ d }: { d: Dashboard }) {
  const { t } = useTranslation(ns);
  const againstYesterday = t('againstYesterday', { orders: t('ordersN', { n: formatCount(d.yesterday.orders) }), revenue: d.yesterday.revenue_text });
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <Figure testId="today-orders" label={`${t('today')}: ${t('orders')}`} value={formatCount(d.today.orders)} note={againstYesterday} />
        <Figure testId="today-revenue" label={`${t('today')}: ${t('revenue')}`} value={d.today.revenue_text} note={`${t('yesterday')}: ${d.yesterday.revenue_text}`} />
      </div>
      <Card title={t('chartTitle')} id="dashboard-chart">
        <Suspense fallback={<div className="h-72 animate-pulse rounded-xl bg-slate-100" aria-busy="true" />}>
          <SalesChart days={d.days} title={t('chartTitle')} ordersLabel={t('chartOrders')} revenueLabel={t('chartRevenue')} />
        </Suspense>
        <ChartTable days={d.days} />
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={t('work')} id="dashboard-work">
          <dl className="grid gap-2 text-sm" data-testid="dashboard-work">
            {d.waiting.map((w) => (
              <div key={w.status} className="flex justify-between gap-2">
                <dt className="text-slate-700">
                  {t('waiting')}: {w.label}
                </dt>
                <dd className="font-bold text-slate-800">{formatCount(w.count)}</dd>
              </div>
            ))}
            {(
              [
                ['refunds', d.refunds],
                ['openTickets', d.open_tickets],
                ['unansweredChats', d.unanswered_chats],
              ] as const
            ).map(([k, n]) => (
              <div key={k} className="flex justify-between gap-2">
                <dt className="text-slate-700">{t(k)}</dt>
                <dd className="font-bold text-slate-800">{formatCount(n)}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <Card title={t('lowStock', { n: formatCount(d.low_stock_threshold) })} id="dashboard-low-stock">
          {d.low_stock.length === 0 ? (
            <p className="text-sm text-slate-600">{t('lowStockNone', { n: formatCount(d.low_stock_threshold) })}</p>
          ) : (
            <ul className="flex flex-col gap-2 text-sm" data-testid="low-stock">
              {d.low_stock.map((v) => (
                <li key={v.variant_id} className="flex justify-between gap-2">
                  <span className="text-slate-800">{joinParts([v.product_name, v.color, v.warranty_name])}</span>
                  <span className="whitespace-nowrap font-bold text-red-800">{t('units', { n: formatCount(v.stock) })}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}

/** /admin: today against yesterday, the work waiting, low stock, the last 30 days' chart, and the pages this staff member's roles open. */
export default function DashboardPage() {
  const { t } = useTranslation(ns);
  const route = useRouteInfo();
  const me = useAtomValue(staffMeAtom);
  const [state, retry] = useLoad('dashboard', dashboardSummary);
  const pages = menuRoutes(me?.permitted ?? []).filter((r) => r.name !== route.name);
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-4">
      <PageTitle>
        <span id="page-title">{route.title}</span>
      </PageTitle>
      {state.kind === 'loading' && <div className="h-64 animate-pulse rounded-2xl bg-slate-200/60" aria-busy="true" />}
      {state.kind === 'failed' && <LoadError message={state.message} onRetry={retry} />}
      {state.kind === 'ok' && <Figures d={state.data} />}
      <nav aria-label={t('pages')}>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="dashboard-links">
          {pages.map((r) => (
            <li key={r.name}>
              <PrefetchLink to={r.path} className="block rounded-2xl bg-white p-4 font-bold text-slate-800 shadow-sm hover:bg-brand-50">
                {r.title}
              </PrefetchLink>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
