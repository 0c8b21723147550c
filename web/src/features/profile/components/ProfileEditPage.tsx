import { useTranslation } from 'react-i18next';
import { EditIcon } from '@/shared/ui/Icons';
import { SimplePage } from '@/shared/ui/SimplePage';

export default function ProfileEditPage() {
  const { t } = useTranslation();
  return (
    <SimplePage
      icon={<EditIcon />}
      message={t('empty.profileEdit')}
    />
  );
}
