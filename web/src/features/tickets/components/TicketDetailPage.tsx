import { useTranslation } from 'react-i18next';
import { TicketView } from './TicketView';

/** /profile/tickets/ticket-{id}: one of the customer's tickets (the router validated the id). */
export default function TicketDetailPage() {
  const { t } = useTranslation('tickets');
  return <TicketView side="customer" back={{ to: '/profile/tickets', label: t('detail.back') }} />;
}
