import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import type { Side, TicketStatus } from '../api/tickets';

const TONE: Record<TicketStatus, string> = {
  open: 'bg-amber-100 text-amber-900',
  answered: 'bg-green-100 text-green-800',
  waiting_for_customer: 'bg-sky-100 text-sky-900',
  closed: 'bg-slate-200 text-slate-700',
};

/** A ticket's state, worded for the side looking at it. */
export function StatusBadge({ status, side }: { status: TicketStatus; side: Side }) {
  const { t } = useTranslation(ns);
  return (
    <span data-testid="ticket-status" className={`shrink-0 rounded-full px-3 py-1 text-xs font-bold ${TONE[status]}`}>
      {t(side === 'staff' ? `staffStatus.${status}` : `status.${status}`)}
    </span>
  );
}
