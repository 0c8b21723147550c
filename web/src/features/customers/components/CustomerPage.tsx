import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { useLoad } from '@/shared/hooks/useLoad';
import { formatCount, formatDigits, joinParts } from '@/shared/lib/format';
import { adminPath } from '@/shared/routes/adminRouteTable';
import { PrimaryButton, TextAreaField } from '@/shared/ui/fields';
import { PageTitle } from '@/shared/ui/PageTitle';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { LoadError } from '@/shared/ui/Status';
import { toast } from '@/shared/ui/toast';
import { customerFile, setBlock, type CustomerFile } from '../api/customers';

/** The id in the URL when it is one (`/admin/customers/12`), else null. */
export function customerId(raw: string | undefined): number | null {
  return raw && /^[1-9][0-9]{0,15}$/.test(raw) ? Number(raw) : null;
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

function Muted({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-600">{children}</p>;
}

/** Block or unblock, with a reason (required by the server, which answers in Persian). */
function BlockForm({ file, onDone }: { file: CustomerFile; onDone: (f: CustomerFile) => void }) {
  const { t } = useTranslation(ns);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const blocked = file.profile.block;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const out = await setBlock(file.profile.id, !blocked, reason);
    setBusy(false);
    if (!out.ok) {
      setError(out.message ?? t('common:errors.server', { defaultValue: 'خطای سرور' }));
      return;
    }
    setError(null);
    setReason('');
    toast.success(t(blocked ? 'unblockDone' : 'blockDone'));
    onDone(out.data);
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3" data-testid="block-form">
      <p className={`text-sm ${blocked ? 'font-medium text-red-800' : 'text-slate-700'}`} data-testid="block-state">
        {blocked ? t('blockedSince', { reason: file.profile.block_reason }) : t('notBlocked')}
      </p>
      <TextAreaField label={t('reason')} name="block-reason" value={reason} error={error ?? undefined} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      <p className="text-xs text-slate-600">{t('reasonHint')}</p>
      <div>
        {blocked ? (
          <PrimaryButton type="submit" disabled={busy}>
            {t('unblock')}
          </PrimaryButton>
        ) : (
          <button type="submit" disabled={busy} className="rounded-xl border border-red-300 px-5 py-2.5 text-sm font-bold text-red-700 hover:bg-red-50 disabled:opacity-60">
            {t('block')}
          </button>
        )}
      </div>
    </form>
  );
}

function File({ file, onChange }: { file: CustomerFile; onChange: (f: CustomerFile) => void }) {
  const { t } = useTranslation(ns);
  const p = file.profile;
  const rows: [string, ReactNode][] = [
    [t('mobile'), <bdi key="m">{formatDigits(p.mobile)}</bdi>],
    [t('email'), p.email ? <bdi key="e" dir="ltr">{p.email}</bdi> : t('none')],
    [t('place'), joinParts([p.state, p.city]) || t('none')],
    [t('phone'), p.phone ? <bdi key="p">{formatDigits(p.phone)}</bdi> : t('none')],
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title={t('profile')} id="customer-profile">
        <dl className="grid gap-2 text-sm">
          {rows.map(([k, v]) => (
            <div key={k} className="flex flex-wrap gap-2">
              <dt className="text-slate-600">{k}:</dt>
              <dd className="text-slate-800">{v}</dd>
            </div>
          ))}
        </dl>
        <Muted>{t('joined', { date: p.joined_text })}</Muted>
      </Card>
      <Card title={t('blockTitle')} id="customer-block">
        <BlockForm file={file} onDone={onChange} />
      </Card>
      <Card title={t('orders', { n: formatCount(file.order_count) })} id="customer-orders">
        {file.orders.length === 0 ? (
          <Muted>{t('noOrders')}</Muted>
        ) : (
          <div className="relative overflow-x-auto">
            <table className="w-full text-start text-sm" data-testid="customer-orders">
              <thead className="text-slate-600">
                <tr>
                  <th scope="col" className="p-2 text-start font-medium">{t('code')}</th>
                  <th scope="col" className="p-2 text-start font-medium">{t('state')}</th>
                  <th scope="col" className="p-2 text-start font-medium">{t('sum')}</th>
                  <th scope="col" className="p-2 text-start font-medium">{t('date')}</th>
                </tr>
              </thead>
              <tbody>
                {file.orders.map((o) => (
                  <tr key={o.code} className="border-t border-slate-100">
                    <td className="p-2">
                      <bdi dir="ltr" className="font-mono">{o.code}</bdi>
                    </td>
                    <td className="p-2">
                      {o.status_label}
                      {o.payment_method === 'instalment' && <span className="ms-2 text-xs text-slate-600">({t('instalment')})</span>}
                    </td>
                    <td className="whitespace-nowrap p-2">{o.payable_text}</td>
                    <td className="whitespace-nowrap p-2">{o.date_text}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {file.order_count > file.orders.length && <Muted>{t('ordersShown', { shown: formatCount(file.orders.length), n: formatCount(file.order_count) })}</Muted>}
          </div>
        )}
      </Card>
      <Card title={t('addresses', { n: formatCount(file.addresses.length) })} id="customer-addresses">
        {file.addresses.length === 0 ? (
          <Muted>{t('noAddresses')}</Muted>
        ) : (
          <ul className="flex flex-col gap-2 text-sm">
            {file.addresses.map((a) => (
              <li key={a.id} className="rounded-xl border border-slate-100 p-3">
                <p className="font-medium text-slate-800">
                  {a.receiver_name} — <bdi>{formatDigits(a.receiver_mobile)}</bdi>
                  {a.is_default && <span className="ms-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800">{t('default')}</span>}
                </p>
                <p className="text-slate-700">{joinParts([a.province, a.city, a.line])}</p>
                <p className="text-slate-600">{t('postalCode', { code: formatDigits(a.postal_code) })}</p>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('tickets', { n: formatCount(file.tickets.length) })} id="customer-tickets">
        {file.tickets.length === 0 ? (
          <Muted>{t('noTickets')}</Muted>
        ) : (
          <ul className="flex flex-col gap-2 text-sm">
            {file.tickets.map((tk) => (
              <li key={tk.id} className="flex flex-wrap justify-between gap-2">
                <PrefetchLink to={adminPath('adminTicket', { id: tk.id })} className="text-brand-700 hover:underline">
                  {tk.subject}
                </PrefetchLink>
                <span className="text-slate-600">
                  {joinParts([t(`ticketStatus.${tk.status}`, { defaultValue: tk.status }), tk.updated_text])}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('chat')} id="customer-chat">
        {file.chat.messages === 0 ? (
          <Muted>{t('chatNone')}</Muted>
        ) : (
          <>
            <Muted>{t('chatSummary', { messages: formatCount(file.chat.messages), conversations: formatCount(file.chat.conversations), last: file.chat.last_text })}</Muted>
            {file.chat.unanswered && <p className="text-sm font-medium text-amber-800">{t('chatUnanswered')}</p>}
          </>
        )}
        <h3 className="font-bold text-slate-800">{t('favourites')}</h3>
        <Muted>{t('favouritesCount', { n: formatCount(file.favourites) })}</Muted>
      </Card>
      <Card title={t('plans', { n: formatCount(file.plans.length) })} id="customer-plans">
        {file.plans.length === 0 ? (
          <Muted>{t('noPlans')}</Muted>
        ) : (
          <ul className="flex flex-col gap-2 text-sm">
            {file.plans.map((pl) => (
              <li key={pl.order_code} className="rounded-xl border border-slate-100 p-3">
                <p className="text-slate-800">{t('planLine', { code: pl.order_code, name: pl.plan_name, months: formatCount(pl.months), financed: pl.financed_text })}</p>
                <p className="text-slate-600">
                  {t('planProgress', { paid: formatCount(pl.paid), count: formatCount(pl.count) })}
                  {pl.overdue > 0 && <span className="ms-2 font-medium text-red-800">{t('planOverdue', { n: formatCount(pl.overdue) })}</span>}
                  {pl.next_due && <span className="ms-2">{t('planNext', { date: pl.next_due })}</span>}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

/** /admin/customers/{id}: a customer's profile, addresses, orders, tickets, chat, favourites and plans; block or unblock. */
export default function CustomerPage() {
  const { t } = useTranslation(ns);
  const route = useRouteInfo();
  const id = customerId(route.params.id);
  const [updated, setUpdated] = useState<CustomerFile | null>(null);
  const [state, retry] = useLoad(`customer-${id ?? 'none'}`, () => (id ? customerFile(id) : Promise.resolve({ ok: false as const, status: 404, message: null, field: null })));
  const file = updated && updated.profile.id === id ? updated : state.kind === 'ok' ? state.data : null;
  const p = file?.profile;
  const name = p ? [p.name, p.lastname].filter(Boolean).join(' ') || t('noName') : route.title;
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-4">
      <PageTitle aside={<PrefetchLink to={adminPath('adminCustomers')} className="text-sm text-brand-700 hover:underline">{t('back')}</PrefetchLink>}>
        <span id="page-title">{name}</span>
        {p?.block && <span className="ms-2 rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800">{t('blocked')}</span>}
      </PageTitle>
      {!file && state.kind === 'loading' && <div className="h-64 animate-pulse rounded-2xl bg-slate-200/60" aria-busy="true" />}
      {!file && state.kind === 'failed' && (state.status === 404 ? <p role="alert" className="text-slate-700">{t('notFound')}</p> : <LoadError message={state.message} onRetry={retry} />)}
      {file && <File file={file} onChange={setUpdated} />}
    </section>
  );
}
