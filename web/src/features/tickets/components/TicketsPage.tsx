import { useTranslation } from 'react-i18next';
import { TicketIcon } from '@/shared/ui/Icons';
import { SimplePage } from '@/shared/ui/SimplePage';

export default function TicketsPage() {
  const { t } = useTranslation();
  return (
    <SimplePage
      icon={<TicketIcon />}
      message={t('empty.tickets')}
    />
  );
}
