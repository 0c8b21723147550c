import { useTranslation } from 'react-i18next';
import { GridIcon } from '@/shared/ui/Icons';
import { SimplePage } from '@/shared/ui/SimplePage';

export default function CategoriesPage() {
  const { t } = useTranslation();
  return (
    <SimplePage
      icon={<GridIcon />}
      message={t('empty.categories')}
      action={{ to: '/shop', label: t('empty.goShop') }}
    />
  );
}
