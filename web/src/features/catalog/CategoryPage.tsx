import { useTranslation } from 'react-i18next';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { GridIcon } from '@/shared/ui/Icons';
import { SimplePage } from '@/shared/ui/SimplePage';

/** /shop/category/{category}-{id}: the router validated the segment (invalid → not found). */
export default function CategoryPage() {
  const { t } = useTranslation();
  const { title, params } = useRouteInfo();
  const name = decodeURIComponent(params.category ?? '').replace(/-/g, ' ');
  return (
    <SimplePage
      title={`${title}: ${name}`}
      icon={<GridIcon />}
      message={t('empty.category')}
      action={{ to: '/categories', label: t('nav.categories') }}
    />
  );
}
