import { useTranslation } from 'react-i18next';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { SearchForm } from '@/shared/ui/SearchForm';
import { PageTitle } from '@/shared/ui/PageTitle';

export default function MobileSearchPage() {
  const { t } = useTranslation();
  const route = useRouteInfo();
  return (
    <section>
      <PageTitle>{route.title}</PageTitle>
      <SearchForm autoFocus />
      <p className="mt-6 text-center text-sm leading-7 text-slate-600">{t('empty.search')}</p>
    </section>
  );
}
