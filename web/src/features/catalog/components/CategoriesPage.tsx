import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { formatCount } from '@/shared/lib/format';
import { GridIcon } from '@/shared/ui/Icons';
import { EmptyState } from '@/shared/ui/EmptyState';
import { PageTitle } from '@/shared/ui/PageTitle';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { listCategories, type CategoryDto } from '@/features/catalog/api/catalog';
import { useResource } from '@/shared/api/resource';
import { Picture } from '@/shared/ui/Picture';
import { LoadError } from '@/shared/ui/Status';

/** Roots with their children, in the server's order (parents before children). */
export function categoryTree(list: CategoryDto[]): { root: CategoryDto; children: CategoryDto[] }[] {
  const roots = list.filter((c) => c.ParentId == null);
  return roots.map((root) => ({ root, children: list.filter((c) => c.ParentId === root.Id) }));
}

/** /categories: the category tree with pictures and product counts. */
export default function CategoriesPage() {
  const { t } = useTranslation(ns);
  const { title } = useRouteInfo();
  const { data, error, reload } = useResource(listCategories());
  const tree = data ? categoryTree(data.data) : null;
  return (
    <section aria-labelledby="page-title">
      <PageTitle>
        <span id="page-title">{title}</span>
      </PageTitle>
      {error && !data && <LoadError onRetry={reload} />}
      {!data && !error && <div className="h-[100dvh] animate-pulse rounded-2xl bg-slate-200/60" aria-label={t('loading')} />}
      {tree && tree.length === 0 && <EmptyState icon={<GridIcon />} message={t('categories.empty')} action={{ to: '/shop', label: t('shop') }} />}
      {tree && tree.length > 0 && (
        <ul className="space-y-4" data-testid="category-tree">
          {tree.map(({ root, children }, i) => (
            <li key={root.Id} className="overflow-hidden rounded-2xl bg-white shadow-sm">
              <PrefetchLink to={root.Url} className="flex items-center gap-3 p-3 hover:bg-slate-50">
                <Picture src={root.Image.Src} src2x={root.Image.Src2x} alt="" eager={i < 3} className="h-16 w-20 shrink-0 rounded-xl bg-slate-100 object-cover" />
                <span className="flex-1">
                  <span className="block font-bold text-slate-900">{root.Name}</span>
                  <span className="line-clamp-1 text-xs leading-6 text-slate-600">{root.Description}</span>
                </span>
                <span className="shrink-0 text-xs text-slate-600">{t('category.count', { n: formatCount(root.Count) })}</span>
              </PrefetchLink>
              {children.length > 0 && (
                <ul className="flex flex-wrap gap-2 border-t border-slate-100 p-3">
                  {children.map((c) => (
                    <li key={c.Id}>
                      <PrefetchLink to={c.Url} className="inline-flex min-h-9 items-center gap-1 rounded-full bg-slate-100 px-3 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-800">
                        {c.Name}
                        <span className="text-xs text-slate-600">({formatCount(c.Count)})</span>
                      </PrefetchLink>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
