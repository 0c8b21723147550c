import { useTranslation } from 'react-i18next';
import { StarIcon } from '@/shared/ui/Icons';
import { SimplePage } from '@/shared/ui/SimplePage';

export default function SpecialsPage() {
  const { t } = useTranslation();
  return (
    <SimplePage
      icon={<StarIcon />}
      message={t('empty.specials')}
      action={{ to: '/shop', label: t('empty.goShop') }}
    />
  );
}
