import { useTranslation } from 'react-i18next';
import { DocIcon } from '@/shared/ui/Icons';
import { SimplePage } from '@/shared/ui/SimplePage';

export default function FactorsPage() {
  const { t } = useTranslation();
  return (
    <SimplePage
      icon={<DocIcon />}
      message={t('empty.factors')}
      action={{ to: '/shop', label: t('empty.goShop') }}
    />
  );
}
