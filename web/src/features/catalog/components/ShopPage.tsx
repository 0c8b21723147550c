import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { PageTitle } from '@/shared/ui/PageTitle';
import { Breadcrumbs } from '@/shared/ui/Breadcrumbs';
import { Listing } from './Listing';
import { CompareBar } from './CompareBar';

/** /shop: every product, filters and sort in the URL. */
export default function ShopPage() {
  const { title } = useRouteInfo();
  useTranslation(ns);
  return (
    <section aria-labelledby="page-title">
      <Breadcrumbs items={[{ label: title }]} />
      <PageTitle>
        <span id="page-title">{title}</span>
      </PageTitle>
      <Listing kind="products" />
      <CompareBar />
    </section>
  );
}
