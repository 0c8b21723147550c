import { useTranslation } from 'react-i18next';
import { HeartIcon } from '@/shared/ui/Icons';
import { SimplePage } from '@/shared/ui/SimplePage';

export default function FavoritesPage() {
  const { t } = useTranslation();
  return (
    <SimplePage
      icon={<HeartIcon />}
      message={t('empty.favorites')}
      action={{ to: '/shop', label: t('empty.goShop') }}
    />
  );
}
