import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useLocation, useNavigate } from 'react-router';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { useLateTitle } from '@/shared/hooks/useLateTitle';
import { formatCount } from '@/shared/lib/format';
import { PageTitle } from '@/shared/ui/PageTitle';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { NotFound } from '@/shared/ui/NotFound';
import { listCategories, type CategoryDto } from '@/features/catalog/api/catalog';
import { useResource } from '@/shared/api/resource';
import { Breadcrumbs } from '@/shared/ui/Breadcrumbs';
import { CompareBar } from './CompareBar';
import { Listing } from './Listing';
import { LoadError } from '@/shared/ui/Status';

function pathOf(list: CategoryDto[], c: CategoryDto): CategoryDto[] {
  const out = [c];
  let cur = c;
  for (let guard = 0; cur.ParentId != null && guard < 16; guard++) {
    const parent = list.find((x) => x.Id === cur.ParentId);
    if (!parent) break;
    out.unshift(parent);
    cur = parent;
  }
  return out;
}

/** /shop/category/{slug}-{id}: the category's products (and its sub-categories'), filters in the URL. */
export default function CategoryPage() {
  const { t } = useTranslation(ns);
  const { title, params } = useRouteInfo();
  const id = Number(params.id);
  const { data, error, reload } = useResource(listCategories());
  const category = data?.data.find((c) => c.Id === id) ?? null;
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useLateTitle(category?.Name);
  // A wrong slug (the server answers a full load with 301): the canonical address.
  useEffect(() => {
    if (category && decodeURIComponent(pathname) !== category.Url) navigate(`${category.Url}${search}`, { replace: true });
  }, [category, pathname, search, navigate]);

  if (data && !category) return <NotFound />;
  // Until the categories are known: the route title and the slug from the address.
  const provisional = `${title}: ${decodeURIComponent(params.category ?? '').replace(/-/g, ' ')}`;
  if (error && !data)
    return (
      <section>
        <PageTitle>{provisional}</PageTitle>
        <LoadError onRetry={reload} />
      </section>
    );
  const children = category && data ? data.data.filter((c) => c.ParentId === category.Id) : [];
  const trail = category && data ? pathOf(data.data, category) : [];
  return (
    <section aria-labelledby="page-title">
      <Breadcrumbs
        items={[
          { label: t('shop'), to: '/shop' },
          ...trail.map((c, i) => ({ label: c.Name, to: i < trail.length - 1 ? c.Url : undefined })),
        ]}
      />
      <PageTitle>
        <span id="page-title">{category?.Name ?? provisional}</span>
      </PageTitle>
      {category?.Description && <p className="-mt-3 mb-4 text-sm leading-7 text-slate-600">{category.Description}</p>}
      {children.length > 0 && (
        <nav aria-label={t('category.subcategories')} className="mb-4">
          <ul className="flex gap-2 overflow-x-auto pb-1">
            {children.map((c) => (
              <li key={c.Id} className="shrink-0">
                <PrefetchLink to={c.Url} className="inline-flex min-h-9 items-center gap-1 rounded-full bg-white px-3 text-sm text-slate-700 shadow-sm hover:text-brand-800">
                  {c.Name} <span className="text-xs text-slate-500">({formatCount(c.Count)})</span>
                </PrefetchLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {Number.isFinite(id) && <Listing kind="products" fixed={{ category: String(id) }} />}
      <CompareBar />
    </section>
  );
}
