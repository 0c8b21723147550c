import { useTranslation } from 'react-i18next';
import { CheckIcon } from '@/shared/ui/Icons';
import { SimplePage } from '@/shared/ui/SimplePage';

export default function SuccessInsPaymentPage() {
  const { t } = useTranslation();
  return (
    <SimplePage
      icon={<CheckIcon />}
      message={t('empty.successInsPayment')}
      action={{ to: '/profile/finance', label: t('empty.goFinance') }}
    />
  );
}
