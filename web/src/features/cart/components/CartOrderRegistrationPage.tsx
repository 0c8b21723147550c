import { useTranslation } from 'react-i18next';
import { DocIcon } from '@/shared/ui/Icons';
import { SimplePage } from '@/shared/ui/SimplePage';

export default function CartOrderRegistrationPage() {
  const { t } = useTranslation();
  return (
    <SimplePage
      icon={<DocIcon />}
      message={t('empty.orderRegister')}
      action={{ to: '/profile/cart', label: t('empty.goCart') }}
    />
  );
}
