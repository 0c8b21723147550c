import { useTranslation } from 'react-i18next';
import { BookIcon } from '@/shared/ui/Icons';
import { SimplePage } from '@/shared/ui/SimplePage';

export default function BlogDetailPage() {
  const { t } = useTranslation();
  return (
    <SimplePage icon={<BookIcon />} message={t('empty.blogDetail')} action={{ to: '/blogs', label: t('empty.goBlogs') }} />
  );
}
