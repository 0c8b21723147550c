import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { adminPath } from '@/shared/routes/adminRouteTable';
import { TicketView } from './TicketView';

/** /admin/tickets/{id}: a staff member reads and answers one ticket (role `support`). */
export default function StaffTicketPage() {
  const { t } = useTranslation(ns);
  return <TicketView side="staff" back={{ to: adminPath('adminTickets'), label: t('staff.back') }} />;
}
