import { useTranslation } from 'react-i18next';
import { BoxIcon } from '@/shared/ui/Icons';
import { SimplePage } from '@/shared/ui/SimplePage';

export default function ProductDetailPage() {
  const { t } = useTranslation();
  return <SimplePage icon={<BoxIcon />} message={t('empty.product')} action={{ to: '/shop', label: t('empty.goShop') }} />;
}
