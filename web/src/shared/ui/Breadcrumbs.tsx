import { useTranslation } from 'react-i18next';
import { PrefetchLink } from './PrefetchLink';

export interface Crumb {
  label: string;
  to?: string;
}

/** Home › … › current page. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t } = useTranslation();
  const all: Crumb[] = [{ label: t('ui.home'), to: '/' }, ...items];
  return (
    <nav aria-label={t('ui.breadcrumb')} className="mb-3 overflow-x-auto text-xs text-slate-600">
      <ol className="flex items-center gap-1.5 whitespace-nowrap">
        {all.map((c, i) => (
          <li key={`${c.label}-${i}`} className="flex items-center gap-1.5">
            {i > 0 && <span aria-hidden="true">›</span>}
            {c.to && i < all.length - 1 ? (
              <PrefetchLink to={c.to} className="hover:text-brand-700 hover:underline">
                {c.label}
              </PrefetchLink>
            ) : (
              <span aria-current={i === all.length - 1 ? 'page' : undefined} className="font-bold text-slate-700">
                {c.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
