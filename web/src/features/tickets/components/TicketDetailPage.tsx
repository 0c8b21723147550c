import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { TicketView } from './TicketView';

/** /profile/tickets/ticket-{id}: one of the customer's tickets (the router validated the id). */
export default function TicketDetailPage() {
  const { t } = useTranslation(ns);
  return <TicketView side="customer" back={{ to: '/profile/tickets', label: t('detail.back') }} />;
}
