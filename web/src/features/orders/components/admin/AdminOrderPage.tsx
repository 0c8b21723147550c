import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ns } from './i18n';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { useLoad } from '@/shared/hooks/useLoad';
import { formatCount, formatDigits, PART_SEPARATOR } from '@/shared/lib/format';
import { adminPath } from '@/shared/routes/adminRouteTable';
import { EmptyState } from '@/shared/ui/EmptyState';
import { SelectField, TextField } from '@/shared/ui/fields';
import { BoxIcon } from '@/shared/ui/Icons';
import { Money } from '@/shared/ui/Money';
import { PageTitle } from '@/shared/ui/PageTitle';
import { LoadError } from '@/shared/ui/Status';
import { toast } from '@/shared/ui/toast';
import { adminOrder, moveOrder, packingSlips, shipOrder, type AdminOrder, type AdminSlip, type StaffMove } from '../../api/admin';
import { StateBadge } from '../StateBadge';
import { PackingSlips } from './PackingSlips';
import { ShipSerials, type SerialsByLine } from './ShipSerials';
import { useCore } from '@/shared/core/useCore';
import { LatinCode } from '@/shared/ui/LatinCode';

function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm" data-testid={testId}>
      <h2 className="mb-3 font-bold text-slate-800">{title}</h2>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3 py-1 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-end">{children}</dd>
    </div>
  );
}

/** Prepare, ship (carrier and tracking code), deliver, cancel: only the moves the server allows now. */
function Actions({ o, onMoved }: { o: AdminOrder; onMoved: (o: AdminOrder) => void }) {
  const { t } = useTranslation(ns);
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [errors, setErrors] = useState<{ carrier?: string; tracking_code?: string; code?: string; serials?: string }>({});
  const [busy, setBusy] = useState(false);
  const core = useCore();
  const [serials, setSerials] = useState<SerialsByLine>({});
  const [serialErrors, setSerialErrors] = useState<Record<string, string>>({});

  const done = (out: Awaited<ReturnType<typeof moveOrder>>) => {
    setBusy(false);
    if (!out.ok) {
      const message = out.message ?? t('order.notFound');
      if (out.field === 'carrier' || out.field === 'tracking_code' || out.field === 'serials') setErrors({ [out.field]: message });
      else setErrors({ code: message });
      return;
    }
    setErrors({});
    toast.success(t('order.moved', { label: out.data.status_label }));
    onMoved(out.data);
  };
  const move = async (m: StaffMove) => {
    if (m === 'cancel' && !window.confirm(t('order.cancelConfirm', { code: o.code }))) return;
    setBusy(true);
    done(await moveOrder(o.code, m));
  };
  const ship = async (e: FormEvent) => {
    e.preventDefault();
    // Each serial by core's rule (shop_core::warranty::serial), as the server checks it.
    const found: Record<string, string> = {};
    if (core) {
      for (const l of o.lines) {
        for (let i = 0; i < l.num; i++) {
          const out = core.serialNumber(serials[l.id]?.[i] ?? '');
          if ('err' in out && out.err) found[`${l.id}-${i}`] = out.err;
        }
      }
    }
    setSerialErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const lines = o.lines.map((l) => ({ line_id: l.id, serials: Array.from({ length: l.num }, (_, i) => serials[l.id]?.[i] ?? '') }));
    done(await shipOrder(o.code, carrier, tracking, lines));
  };

  return (
    <Card title={t('order.actions')} testId="admin-order-actions">
      {o.actions.length === 0 && <p className="text-sm text-slate-600">{t('order.noActions')}</p>}
      <div className="flex flex-wrap gap-2">
        {o.actions.includes('prepare') && (
          <button type="button" disabled={busy} onClick={() => void move('prepare')} className="rounded-xl bg-brand-600 px-4 py-2 text-sm font-bold text-white hover:bg-brand-700 disabled:opacity-60">
            {t('order.prepare')}
          </button>
        )}
        {o.actions.includes('deliver') && (
          <button type="button" disabled={busy} onClick={() => void move('deliver')} className="rounded-xl bg-brand-600 px-4 py-2 text-sm font-bold text-white hover:bg-brand-700 disabled:opacity-60">
            {t('order.deliver')}
          </button>
        )}
        {o.actions.includes('cancel') && (
          <button type="button" disabled={busy} onClick={() => void move('cancel')} className="rounded-xl border border-red-300 px-4 py-2 text-sm font-bold text-red-700 hover:bg-red-50 disabled:opacity-60">
            {t('order.cancel')}
          </button>
        )}
      </div>
      {o.actions.includes('ship') && (
        <form onSubmit={(e) => void ship(e)} className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end" aria-label={t('order.ship')}>
          <SelectField label={t('order.carrier')} placeholder={t('order.carrier')} options={o.carriers} value={carrier} error={errors.carrier} onChange={(e) => setCarrier(e.target.value)} />
          <TextField label={t('order.tracking')} dir="ltr" autoComplete="off" value={tracking} error={errors.tracking_code} onChange={(e) => setTracking(e.target.value)} />
          <ShipSerials o={o} value={serials} errors={serialErrors} onChange={setSerials} />
          {errors.serials && (
            <p role="alert" className="text-sm text-red-700 sm:col-span-3">
              {errors.serials}
            </p>
          )}
          <button type="submit" disabled={busy} className="rounded-xl bg-brand-600 px-4 py-3 text-sm font-bold text-white hover:bg-brand-700 disabled:opacity-60">
            {t('order.ship')}
          </button>
        </form>
      )}
      {errors.code && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errors.code}
        </p>
      )}
    </Card>
  );
}

function Detail({ o, onMoved }: { o: AdminOrder; onMoved: (o: AdminOrder) => void }) {
  const { t } = useTranslation(ns);
  const [slips, setSlips] = useState<AdminSlip[] | null>(null);
  if (slips) return <PackingSlips slips={slips} onBack={() => setSlips(null)} />;
  const print = async () => {
    const out = await packingSlips([o.code]);
    if (out.ok) setSlips(out.data);
    else toast.error(out.message ?? t('slips.none'));
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <StateBadge status={o.status} label={o.status_label} />
        <span className="text-sm text-slate-600">
          {t('order.created')}: {o.created_text}
        </span>
        <button type="button" onClick={() => void print()} className="ms-auto rounded-xl border border-slate-300 px-3 py-1.5 text-sm">
          {t('order.print')}
        </button>
      </div>
      <Actions o={o} onMoved={onMoved} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={t('order.customer')}>
          <p className="text-sm">
            <bdi>{o.customer_name || '—'}</bdi>{PART_SEPARATOR}<bdi dir="ltr">{formatDigits(o.customer_mobile)}</bdi>
          </p>
          <h3 className="mt-3 text-sm font-bold">{t('order.address')}</h3>
          <p className="break-words text-sm leading-7" data-testid="admin-order-address">
            <bdi>{o.address.Name}</bdi>{PART_SEPARATOR}<bdi dir="ltr">{formatDigits(o.address.Mobile)}</bdi>
            <br />
            {o.address.State}، {o.address.City}، {o.address.Address}
            <br />
            {t('order.postalCode')}: {formatDigits(o.address.PostalCode)}
          </p>
        </Card>
        <Card title={t('order.shipment')} testId="admin-order-shipment">
          <dl>
            <Row label={t('order.delivery')}>{o.delivery_name}</Row>
            {o.delivery_slot && <Row label={t('order.slot')}>{o.delivery_slot}</Row>}
            <Row label={t('order.carrier')}>{o.carrier ?? '—'}</Row>
            <Row label={t('order.tracking')}>{o.tracking_code ? <LatinCode>{o.tracking_code}</LatinCode> : '—'}</Row>
          </dl>
        </Card>
      </div>
      <Card title={t('order.lines')}>
        <ul className="divide-y divide-slate-100 text-sm">
          {o.lines.map((l, i) => (
            <li key={i} className="flex flex-wrap justify-between gap-2 py-2">
              <span className="min-w-0">
                {l.name}
                <span className="block text-xs text-slate-600">{[l.color, l.property, l.warranty_name].filter(Boolean).join(PART_SEPARATOR)}</span>
                {l.serials.length > 0 && (
                  <span className="block text-xs text-slate-600" data-testid="admin-line-serials">
                    {t('order.serials')}: <bdi dir="ltr">{l.serials.join('، ')}</bdi>
                  </span>
                )}
              </span>
              <span className="flex gap-3">
                <span>
                  {formatCount(l.num)} × <Money value={l.unit_price + l.warranty_price} />
                </span>
                <Money value={l.line_total} className="font-bold" />
              </span>
            </li>
          ))}
        </ul>
        <dl className="mt-2 border-t border-slate-100 pt-2">
          <Row label={t('order.itemsTotal')}><Money value={o.items_total} /></Row>
          <Row label={t('order.delivery')}><Money value={o.delivery_price} /></Row>
          {o.discount > 0 && (
            <Row label={o.discount_code ? t('order.discountCode', { code: o.discount_code }) : t('order.discount')}>
              <Money value={o.discount} />
            </Row>
          )}
          <Row label={t('order.payable')}><Money value={o.payable} className="font-bold" /></Row>
        </dl>
      </Card>
      <Card title={t('order.payments')} testId="admin-order-payments">
        {o.payments.length === 0 ? (
          <p className="text-sm text-slate-600">{t('order.noPayments')}</p>
        ) : (
          <ul className="flex flex-col gap-2 text-sm">
            {o.payments.map((p) => (
              <li key={p.id} className="rounded-xl border border-slate-200 p-3">
                <p className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-bold">
                    {t(`order.paymentStatus.${p.status}`, { defaultValue: p.status })}
                    {p.instalment_number != null && <span className="ms-2 font-normal">{t('order.instalmentNo', { n: formatCount(p.instalment_number) })}</span>}
                  </span>
                  <Money value={p.amount} />
                </p>
                <dl className="mt-1 grid gap-x-4 sm:grid-cols-2">
                  <Row label={t('order.gateway')}><bdi dir="ltr">{p.gateway}</bdi></Row>
                  <Row label={t('order.authority')}><bdi dir="ltr" className="break-all">{p.authority}</bdi></Row>
                  {p.ref_id && <Row label={t('order.refId')}><bdi dir="ltr">{p.ref_id}</bdi></Row>}
                  {p.card_pan && <Row label={t('order.card')}><bdi dir="ltr">{p.card_pan}</bdi></Row>}
                </dl>
                <p className="text-xs text-slate-600">{p.verified_text ?? p.created_text}</p>
                {p.refund_needed && <p className="mt-1 font-bold text-red-700">{t('order.refundNeeded')}</p>}
              </li>
            ))}
          </ul>
        )}
      </Card>
      {o.plan && (
        <Card title={`${t('order.plan')}: ${o.plan.name}`}>
          <dl>
            <Row label={t('order.months', { n: formatCount(o.plan.months) })}>{''}</Row>
            <Row label={t('order.downPayment')}><Money value={o.plan.down_payment} /></Row>
            <Row label={t('order.charge')}><Money value={o.plan.charge} /></Row>
            <Row label={t('order.financed')}><Money value={o.plan.financed} /></Row>
          </dl>
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {o.plan.instalments.map((i) => (
              <li key={i.number} className="flex flex-wrap justify-between gap-2 py-1.5">
                <span>
                  {t('order.instalmentNo', { n: formatCount(i.number) })}{PART_SEPARATOR}{t('order.due')}: {i.due_text}
                </span>
                <span className="flex gap-3">
                  <Money value={i.amount} />
                  <span className={i.paid ? 'text-green-800' : 'text-slate-600'}>{i.paid ? t('order.paidMark') : t('order.unpaidMark')}</span>
                </span>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Card title={t('order.timeline')} testId="admin-order-timeline">
        <ol className="flex flex-col gap-2 text-sm">
          {o.timeline.map((e, i) => (
            <li key={i} className="flex flex-wrap items-baseline justify-between gap-2 border-s-2 border-brand-200 ps-3">
              <span>
                <span className="font-bold">{e.label}</span>
                {e.note && <span className="ms-2 text-slate-700">{e.note}</span>}
                <span className="block text-xs text-slate-600">
                  {t(`order.actor.${e.actor}`, { mobile: formatDigits(e.staff_mobile), defaultValue: e.actor })}
                </span>
              </span>
              <span className="text-xs text-slate-600">{e.at_text}</span>
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}

/** /admin/orders/{code}: one order with everything staff need, and its moves along core's table. */
export default function AdminOrderPage() {
  const { t } = useTranslation(ns);
  const route = useRouteInfo();
  const code = route.params.code ?? '';
  const [state, retry] = useLoad(`admin-order-${code}`, () => adminOrder(code));
  const [moved, setMoved] = useState<AdminOrder | null>(null);
  const order = moved && moved.code === code ? moved : state.kind === 'ok' ? state.data : null;
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-4">
      <PageTitle aside={<Link to={adminPath('adminOrders')} className="text-sm text-brand-700 hover:underline">{t('order.back')}</Link>}>
        <span id="page-title">
          {route.title} <LatinCode>{code}</LatinCode>
        </span>
      </PageTitle>
      {state.kind === 'loading' && !order && <div className="h-48 animate-pulse rounded-2xl bg-slate-200/60" aria-busy="true" />}
      {state.kind === 'failed' && (state.status === 404 ? <EmptyState icon={<BoxIcon />} message={t('order.notFound')} /> : <LoadError message={state.message} onRetry={retry} />)}
      {order && <Detail o={order} onMoved={setMoved} />}
    </section>
  );
}
