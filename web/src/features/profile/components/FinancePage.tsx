import { useTranslation } from 'react-i18next';
import { WalletIcon } from '@/shared/ui/Icons';
import { SimplePage } from '@/shared/ui/SimplePage';

export default function FinancePage() {
  const { t } = useTranslation();
  return (
    <SimplePage
      icon={<WalletIcon />}
      message={t('empty.finance')}
    />
  );
}
