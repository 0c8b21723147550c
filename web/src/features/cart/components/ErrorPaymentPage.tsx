import { useTranslation } from 'react-i18next';
import { AlertIcon } from '@/shared/ui/Icons';
import { SimplePage } from '@/shared/ui/SimplePage';

export default function ErrorPaymentPage() {
  const { t } = useTranslation();
  return (
    <SimplePage
      icon={<AlertIcon />}
      message={t('empty.errorPayment')}
      action={{ to: '/profile/cart', label: t('empty.goCart') }}
    />
  );
}
