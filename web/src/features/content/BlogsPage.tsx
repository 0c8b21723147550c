import { useTranslation } from 'react-i18next';
import { BookIcon } from '@/shared/ui/Icons';
import { SimplePage } from '@/shared/ui/SimplePage';

export default function BlogsPage() {
  const { t } = useTranslation();
  return (
    <SimplePage
      icon={<BookIcon />}
      message={t('empty.blogs')}
      action={{ to: '/', label: t('empty.goHome') }}
    />
  );
}
