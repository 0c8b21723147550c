import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { StaffOnly } from './StaffOnly';
import { TicketView } from './TicketView';

/** /staff/tickets/{id}: a staff member reads and answers one ticket. */
export default function StaffTicketPage() {
  const { t } = useTranslation(ns);
  return (
    <StaffOnly>
      <TicketView side="staff" back={{ to: '/staff/tickets', label: t('staff.back') }} />
    </StaffOnly>
  );
}
