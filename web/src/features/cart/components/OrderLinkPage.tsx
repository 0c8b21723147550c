import { useTranslation } from 'react-i18next';
import { DocIcon } from '@/shared/ui/Icons';
import { SimplePage } from '@/shared/ui/SimplePage';

export default function OrderLinkPage() {
  const { t } = useTranslation();
  return <SimplePage icon={<DocIcon />} message={t('empty.order')} action={{ to: '/shop', label: t('empty.goShop') }} />;
}
