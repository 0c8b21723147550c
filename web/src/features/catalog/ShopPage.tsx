import { useTranslation } from 'react-i18next';
import { BoxIcon } from '@/shared/ui/Icons';
import { SimplePage } from '@/shared/ui/SimplePage';

export default function ShopPage() {
  const { t } = useTranslation();
  return (
    <SimplePage
      icon={<BoxIcon />}
      message={t('empty.catalog')}
      action={{ to: '/categories', label: t('nav.categories') }}
    />
  );
}
