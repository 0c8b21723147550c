import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { persianDigits, useCore } from '@/shared/core/useCore';
import { formatPlain, PART_SEPARATOR } from '@/shared/lib/format';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import type { Side, TicketSummary } from '../api/tickets';
import { StatusBadge } from './StatusBadge';

/** One ticket in a list, opening its page; long unbroken subjects wrap inside the card. */
export function TicketRow({ ticket, side, to }: { ticket: TicketSummary; side: Side; to: string }) {
  const { t } = useTranslation(ns);
  const core = useCore();
  const who = ticket.Customer ? `${ticket.Customer.Name} ${ticket.Customer.Lastname}`.trim() || ticket.Customer.Mobile : null;
  return (
    <PrefetchLink
      to={to}
      className="flex flex-col gap-2 rounded-2xl bg-white p-4 shadow-sm transition hover:shadow-md"
      data-testid="ticket-row"
    >
      <span className="flex items-start justify-between gap-3">
        <span className="min-w-0 font-bold text-slate-900 [overflow-wrap:anywhere]" dir="auto">
          {ticket.Subject}
        </span>
        <StatusBadge status={ticket.Status} side={side} />
      </span>
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500">
        <span>{t('list.number', { id: formatPlain(ticket.Id) })}</span>
        <span>{t(`department.${ticket.Department}`)}</span>
        {who && (
          <span className="[overflow-wrap:anywhere]" dir="auto">
            {who}{PART_SEPARATOR}<span dir="ltr">{persianDigits(core, ticket.Customer?.Mobile ?? '')}</span>
          </span>
        )}
        <span>{t('list.updated', { at: ticket.UpdatedAt })}</span>
        {ticket.Unread && (
          <span className="rounded-full bg-accent-600 px-2 py-0.5 text-xs font-bold text-white" data-testid="ticket-unread">
            {t('list.unread')}
          </span>
        )}
      </span>
    </PrefetchLink>
  );
}
