import { useTranslation } from 'react-i18next';
import { PinIcon } from '@/shared/ui/Icons';
import { SimplePage } from '@/shared/ui/SimplePage';

export default function AddressesPage() {
  const { t } = useTranslation();
  return (
    <SimplePage
      icon={<PinIcon />}
      message={t('empty.addresses')}
    />
  );
}
