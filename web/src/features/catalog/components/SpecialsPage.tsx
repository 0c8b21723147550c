import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { PageTitle } from '@/shared/ui/PageTitle';
import { Breadcrumbs } from '@/shared/ui/Breadcrumbs';
import { Listing } from './Listing';

/** /specials: products with a running offer, ending soonest first, each with its countdown. */
export default function SpecialsPage() {
  const { t } = useTranslation(ns);
  const { title } = useRouteInfo();
  return (
    <section aria-labelledby="page-title">
      <Breadcrumbs items={[{ label: title }]} />
      <PageTitle>
        <span id="page-title">{title}</span>
      </PageTitle>
      <p className="-mt-3 mb-4 text-sm leading-7 text-slate-600">{t('specials.lead')}</p>
      <Listing kind="specials" withFilters={false} countdown emptyMessage={t('specials.empty')} />
    </section>
  );
}
