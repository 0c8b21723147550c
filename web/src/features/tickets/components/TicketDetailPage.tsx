import { useTranslation } from 'react-i18next';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { faDigits } from '@/shared/lib/digits';
import { TicketIcon } from '@/shared/ui/Icons';
import { SimplePage } from '@/shared/ui/SimplePage';

/** /profile/tickets/ticket-{id}: the router validated the id (invalid → not found). */
export default function TicketDetailPage() {
  const { t } = useTranslation();
  const { title, params } = useRouteInfo();
  return (
    <SimplePage
      title={`${title} ${faDigits(params.id ?? '')}`}
      icon={<TicketIcon />}
      message={t('empty.ticketDetail')}
      action={{ to: '/profile/tickets', label: t('empty.goTickets') }}
    />
  );
}
