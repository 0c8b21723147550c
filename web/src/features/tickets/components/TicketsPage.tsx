import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useNavigate } from 'react-router';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { useLoad } from '@/shared/hooks/useLoad';
import { pathFor } from '@/shared/routes/routeTable';
import { EmptyState } from '@/shared/ui/EmptyState';
import { PlusIcon, TicketIcon } from '@/shared/ui/Icons';
import { PageTitle } from '@/shared/ui/PageTitle';
import { LoadError } from '@/shared/ui/Status';
import { listTickets } from '../api/tickets';
import { NewTicketForm } from './NewTicketForm';
import { TicketRow } from './TicketRow';

/** /profile/tickets: the customer's tickets (latest activity first) and the new-ticket form. */
export default function TicketsPage() {
  const { t } = useTranslation(ns);
  const route = useRouteInfo();
  const navigate = useNavigate();
  const [state, retry] = useLoad('tickets', listTickets);
  const [writing, setWriting] = useState(false);
  const newButton = (
    <button
      type="button"
      onClick={() => setWriting(true)}
      className="inline-flex shrink-0 items-center gap-1.5 rounded-xl bg-brand-600 px-4 py-2.5 text-sm font-bold text-white transition hover:bg-brand-700"
      data-testid="new-ticket"
    >
      <PlusIcon className="h-4 w-4" />
      {t('list.new')}
    </button>
  );
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-4">
      <PageTitle aside={!writing && state.kind === 'ok' && state.data.length > 0 ? newButton : undefined}>
        <span id="page-title">{route.title}</span>
      </PageTitle>
      {writing && (
        <NewTicketForm
          onOpened={(id) => navigate(pathFor('ticketDetail', { id }))}
          onCancel={() => setWriting(false)}
        />
      )}
      {state.kind === 'loading' && <div className="h-48 animate-pulse rounded-2xl bg-slate-200/60" aria-busy="true" />}
      {state.kind === 'failed' && <LoadError message={state.message} onRetry={retry} />}
      {state.kind === 'ok' && state.data.length === 0 && !writing && (
        <EmptyState icon={<TicketIcon />} message={t('list.empty')}>
          {newButton}
        </EmptyState>
      )}
      {state.kind === 'ok' && state.data.length > 0 && (
        <ul className="flex flex-col gap-3" data-testid="tickets">
          {state.data.map((ticket) => (
            <li key={ticket.Id}>
              <TicketRow ticket={ticket} side="customer" to={pathFor('ticketDetail', { id: ticket.Id })} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
