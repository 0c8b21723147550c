import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useSearchParams } from 'react-router';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { SearchIcon } from '@/shared/ui/Icons';
import { EmptyState } from '@/shared/ui/EmptyState';
import { PageTitle } from '@/shared/ui/PageTitle';
import { SearchForm } from '@/shared/ui/SearchForm';
import { useLateTitle } from '@/shared/hooks/useLateTitle';
import { Breadcrumbs } from '@/shared/ui/Breadcrumbs';
import { Listing } from './Listing';

const MAX_QUERY = 256;

/** /shop/search-product?q=: results ranked by the server, matches highlighted (folded). */
export default function ProductSearchPage() {
  const { t } = useTranslation(ns);
  const { title } = useRouteInfo();
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  useLateTitle(q ? `${title}: ${q.slice(0, 80)}` : undefined);
  return (
    <section aria-labelledby="page-title">
      <Breadcrumbs items={[{ label: t('shop'), to: '/shop' }, { label: title }]} />
      <PageTitle>
        <span id="page-title">
          {title}
          {q && <span className="font-normal text-slate-600">{`: «${q.slice(0, 80)}»`}</span>}
        </span>
      </PageTitle>
      <SearchForm key={q} defaultValue={q} landmark={t('search.refine', { ns: 'translation' })} className="mb-5 w-full max-w-xl" />
      {!q ? (
        <EmptyState icon={<SearchIcon />} message={t('search.empty')} action={{ to: '/shop', label: t('shop') }} />
      ) : q.length > MAX_QUERY ? (
        <EmptyState icon={<SearchIcon />} message={t('search.tooLong')} />
      ) : (
        <Listing kind="search" fixed={{ q }} query={q} emptyMessage={t('search.noResults', { q })} />
      )}
    </section>
  );
}
