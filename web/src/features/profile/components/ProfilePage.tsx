import { useTranslation } from 'react-i18next';
import { UserIcon } from '@/shared/ui/Icons';
import { SimplePage } from '@/shared/ui/SimplePage';

export default function ProfilePage() {
  const { t } = useTranslation();
  return (
    <SimplePage
      icon={<UserIcon />}
      message={t('empty.profile')}
    />
  );
}
