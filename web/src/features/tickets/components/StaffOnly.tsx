import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { SimplePage } from '@/shared/ui/SimplePage';
import { ShieldIcon } from '@/shared/ui/Icons';
import { useIsStaff } from '@/shared/session/useIsStaff';

/**
 * Staff pages render their content only for staff. A customer sees a plain message and no
 * staff call is made (the server would answer 403, which signs the web app out).
 */
export function StaffOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation(ns);
  const route = useRouteInfo();
  if (useIsStaff()) return <>{children}</>;
  return <SimplePage title={route.title} icon={<ShieldIcon />} message={t('staff.onlyStaff')} action={{ to: '/profile', label: t('staff.toProfile') }} />;
}
