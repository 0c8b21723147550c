import { useTranslation } from 'react-i18next';
import { TagIcon } from '@/shared/ui/Icons';
import { SimplePage } from '@/shared/ui/SimplePage';

export default function DiscountsPage() {
  const { t } = useTranslation();
  return (
    <SimplePage
      icon={<TagIcon />}
      message={t('empty.discounts')}
      action={{ to: '/specials', label: t('nav.specials') }}
    />
  );
}
