import { useTranslation } from 'react-i18next';
import { CheckIcon } from '@/shared/ui/Icons';
import { SimplePage } from '@/shared/ui/SimplePage';

export default function SuccessPaymentPage() {
  const { t } = useTranslation();
  return (
    <SimplePage
      icon={<CheckIcon />}
      message={t('empty.successPayment')}
      action={{ to: '/profile/factors', label: t('empty.goFactors') }}
    />
  );
}
