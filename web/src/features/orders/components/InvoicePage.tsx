import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useCore, persianDigits } from '@/shared/core/useCore';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { InfoIcon } from '@/shared/ui/Icons';
import { EmptyState } from '@/shared/ui/EmptyState';
import { Money } from '@/shared/ui/Money';
import { PageTitle } from '@/shared/ui/PageTitle';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { LoadError } from '@/shared/ui/Status';
import { invoice, type Invoice } from '../api/orders';
import { useLoad } from '../hooks/useLoad';
import { StateBadge } from './StateBadge';
import { AfterSaleSlot } from './slots';
import './invoice-print.css';
import { PART_SEPARATOR, joinMixedParts } from '@/shared/lib/format';
import { MixedText } from '@/shared/ui/MixedText';
import { AfterSalePanel } from './AfterSalePanel';

function Row({ label, children, strong }: { label: string; children: React.ReactNode; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-3 py-1 ${strong ? 'border-t border-slate-200 pt-2 text-base font-bold' : ''}`}>
      <dt className={strong ? '' : 'text-slate-600'}>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function InvoiceView({ inv }: { inv: Invoice }) {
  const { t } = useTranslation(ns);
  const core = useCore();
  const AfterSale = useContext(AfterSaleSlot);
  const n = (v: number | string) => persianDigits(core, v);
  return (
    <article id="invoice" className="space-y-5 rounded-2xl bg-white p-4 shadow-sm md:p-6" data-testid="invoice">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <p className="text-lg font-bold">
            {t('invoice.heading')} <span dir="ltr">{inv.Code}</span>
          </p>
          <p className="text-sm text-slate-500">{inv.Date}</p>
        </div>
        <StateBadge status={inv.Status} label={inv.StatusLabel} />
      </header>

      <table className="w-full text-sm" data-testid="invoice-lines">
        <thead className="hidden bg-slate-50 text-slate-600 md:table-header-group print:table-header-group">
          <tr>
            <th className="p-2 text-start font-medium">{t('invoice.item')}</th>
            <th className="p-2 text-start font-medium">{t('invoice.warranty')}</th>
            <th className="p-2 text-center font-medium">{t('invoice.num')}</th>
            <th className="p-2 text-start font-medium">{t('invoice.unit')}</th>
            <th className="p-2 text-start font-medium">{t('invoice.lineTotal')}</th>
          </tr>
        </thead>
        {/* At phone width each line is a small card (labels inline); wider and on paper, a table row. */}
        <tbody className="block divide-y divide-slate-100 md:table-row-group print:table-row-group">
          {inv.Lines.map((l, i) => (
            <tr key={i} className="block py-2 md:table-row md:py-0 print:table-row">
              <td className="block p-1 align-top md:table-cell md:p-2 print:table-cell">
                <span className="block font-medium" data-testid="invoice-line-name">
                  <MixedText text={l.Name} />
                </span>
                <span className="block text-xs text-slate-500" data-testid="invoice-line-parts">
                  <MixedText text={joinMixedParts([l.Color, l.Property])} />
                </span>
              </td>
              <td className="block p-1 align-top md:table-cell md:p-2 print:table-cell">
                <span className="text-slate-500 md:hidden print:hidden">{t('invoice.warranty')}: </span>
                {l.NameGaranti}
                {l.PriceGaranti > 0 && <Money value={l.PriceGaranti} className="block text-xs text-slate-500" />}
              </td>
              <td className="block p-1 align-top md:table-cell md:p-2 md:text-center print:table-cell">
                <span className="text-slate-500 md:hidden print:hidden">{t('invoice.num')}: </span>
                {n(l.Num)}
              </td>
              <td className="block p-1 align-top md:table-cell md:p-2 print:table-cell">
                <span className="text-slate-500 md:hidden print:hidden">{t('invoice.unit')}: </span>
                <Money value={l.Price} />
              </td>
              <td className="block p-1 align-top font-medium md:table-cell md:p-2 print:table-cell">
                <span className="font-normal text-slate-500 md:hidden print:hidden">{t('invoice.lineTotal')}: </span>
                <Money value={l.LineTotal} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <div className="grid gap-5 md:grid-cols-2">
        <section className="space-y-2 text-sm">
          <h2 className="font-bold">{t('invoice.delivery')}</h2>
          <p>
            {inv.DeliveryName}
            {inv.DeliveryDescription && <span className="block text-xs text-slate-500">{inv.DeliveryDescription}</span>}
          </p>
          {inv.DeliverySlot && (
            <p data-testid="invoice-slot">
              {t('invoice.slot')}: <span className="font-medium">{inv.DeliverySlot}</span>
            </p>
          )}
          <p className="break-words leading-7" data-testid="invoice-address">
            {inv.Address.Name}{PART_SEPARATOR}<span dir="ltr">{n(inv.Address.Mobile)}</span>
            <br />
            {inv.Address.State}، {inv.Address.City}، {inv.Address.Address}
            <br />
            {t('invoice.postalCode')}: {n(inv.Address.PostalCode)}
          </p>
          {inv.Carrier && (
            <p>
              {t('invoice.carrier')}: {inv.Carrier}
            </p>
          )}
          {inv.TrackingCode && (
            <p data-testid="invoice-tracking">
              {t('invoice.tracking')}: <span dir="ltr">{inv.TrackingCode}</span>
            </p>
          )}
          {inv.RefId && (
            <p>
              {t('invoice.refId')}: <span dir="ltr" data-testid="invoice-ref-id">{n(inv.RefId)}</span>
            </p>
          )}
        </section>
        <dl className="text-sm" data-testid="invoice-totals">
          <Row label={t('invoice.itemsTotal')}>
            <Money value={inv.ItemsTotal} />
          </Row>
          <Row label={t('invoice.warrantyTotal')}>
            <Money value={inv.WarrantyTotal} />
          </Row>
          <Row label={t('invoice.deliveryPrice')}>{inv.DeliveryPrice === 0 ? t('invoice.free') : <Money value={inv.DeliveryPrice} />}</Row>
          <Row label={t('invoice.discount')}>
            <Money value={inv.Discount} />
          </Row>
          <Row label={t('invoice.payable')} strong>
            <Money value={inv.Payable} />
          </Row>
        </dl>
      </div>

      {AfterSale && <AfterSale code={inv.Code} status={inv.Status} />}

      <section className="text-sm">
        <h2 className="mb-2 font-bold">{t('invoice.timeline')}</h2>
        <ol className="space-y-2 border-s-2 border-brand-200 ps-4" data-testid="invoice-timeline">
          {inv.Timeline.map((s, i) => (
            <li key={i}>
              <span className="font-medium">{s.Label}</span>
              <span className="text-slate-500">{PART_SEPARATOR}{s.Date}</span>
              {s.Note && (
                <span className="block text-xs text-slate-500" dir="auto">
                  <MixedText text={s.Note} />
                </span>
              )}
            </li>
          ))}
        </ol>
      </section>

      <div className="flex flex-wrap gap-3" data-print="hide">
        <button type="button" onClick={() => window.print()} className="rounded-xl bg-brand-600 px-5 py-2.5 text-sm font-bold text-white hover:bg-brand-700">
          {t('invoice.print')}
        </button>
        <PrefetchLink to="/profile/factors" className="rounded-xl bg-slate-100 px-5 py-2.5 text-sm font-bold text-slate-800 hover:bg-slate-200">
          {t('invoice.back')}
        </PrefetchLink>
      </div>
    </article>
  );
}

/** One order's printable invoice (`/profile/factors/{code}`). */
export default function InvoicePage() {
  const { t } = useTranslation(ns);
  const route = useRouteInfo();
  const code = route.params.code ?? '';
  const [state, retry] = useLoad(code, () => invoice(code));
  return (
    <section aria-labelledby="page-title">
      <div data-print="hide">
        <PageTitle>
          <span id="page-title">{route.title}</span>
        </PageTitle>
      </div>
      {state.kind === 'loading' && <div className="h-64 animate-pulse rounded-2xl bg-slate-200/60" aria-busy="true" />}
      {state.kind === 'failed' && state.status === 404 && (
        <EmptyState icon={<InfoIcon />} message={t('invoice.unknown')} action={{ to: '/profile/factors', label: t('invoice.back') }} />
      )}
      {state.kind === 'failed' && state.status !== 404 && <LoadError message={state.message} onRetry={retry} />}
      {state.kind === 'ok' && (
        <div className="space-y-4">
          <AfterSalePanel code={code} onChanged={retry} />
          <InvoiceView inv={state.data} />
        </div>
      )}
    </section>
  );
}
