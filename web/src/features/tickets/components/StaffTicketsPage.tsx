import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useSearchParams } from 'react-router';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { useLoad } from '@/shared/hooks/useLoad';
import { formatCount } from '@/shared/lib/format';
import { adminPath } from '@/shared/routes/adminRouteTable';
import { EmptyState } from '@/shared/ui/EmptyState';
import { SelectField } from '@/shared/ui/fields';
import { TicketIcon } from '@/shared/ui/Icons';
import { PageTitle } from '@/shared/ui/PageTitle';
import { Pagination } from '@/shared/ui/Pagination';
import { LoadError } from '@/shared/ui/Status';
import { staffInbox, STATUSES, type TicketStatus } from '../api/tickets';
import { TicketRow } from './TicketRow';

const PAGE_SIZE = 50;

function Inbox() {
  const { t } = useTranslation(ns);
  const route = useRouteInfo();
  // The filter and the page live in the URL (`?status=open&page=2`), as the catalogue's do.
  const [params, setParams] = useSearchParams();
  const raw = params.get('status') ?? '';
  const status: TicketStatus | '' = STATUSES.includes(raw as TicketStatus) ? (raw as TicketStatus) : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [state, retry] = useLoad(`staff-tickets-${status}-${page}`, () => staffInbox(status || null, page));
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-4">
      <PageTitle aside={state.kind === 'ok' ? <span className="text-sm text-slate-500">{t('staff.total', { n: formatCount(state.data.total) })}</span> : undefined}>
        <span id="page-title">{route.title}</span>
      </PageTitle>
      <SelectField
        className="sm:max-w-xs"
        label={t('staff.filter')}
        placeholder={t('staff.all')}
        options={STATUSES}
        optionLabel={(s) => t(`staffStatus.${s}`)}
        value={status}
        onChange={(e) => setParams(e.target.value ? { status: e.target.value } : {})}
        data-testid="staff-status-filter"
      />
      {state.kind === 'loading' && <div className="h-48 animate-pulse rounded-2xl bg-slate-200/60" aria-busy="true" />}
      {state.kind === 'failed' && <LoadError message={state.message} onRetry={retry} />}
      {state.kind === 'ok' && state.data.tickets.length === 0 && <EmptyState icon={<TicketIcon />} message={t('staff.empty')} />}
      {state.kind === 'ok' && state.data.tickets.length > 0 && (
        <ul className="flex flex-col gap-3" data-testid="staff-tickets">
          {state.data.tickets.map((ticket) => (
            <li key={ticket.Id}>
              <TicketRow ticket={ticket} side="staff" to={adminPath('adminTicket', { id: ticket.Id })} />
            </li>
          ))}
        </ul>
      )}
      {state.kind === 'ok' && state.data.total > PAGE_SIZE && (
        <Pagination page={page} pages={Math.ceil(state.data.total / PAGE_SIZE)} />
      )}
    </section>
  );
}

/** /admin/tickets: every customer's tickets for the staff, latest activity first (role `support`). */
export default function StaffTicketsPage() {
  return <Inbox />;
}
