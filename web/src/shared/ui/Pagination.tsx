import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { formatPlain } from '@/shared/lib/format';

/** The page numbers to show: first, last, and two either side of the current one. */
export function pageList(page: number, pages: number): (number | 'gap')[] {
  const out: (number | 'gap')[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= 1) out.push(p);
    else if (out[out.length - 1] !== 'gap') out.push('gap');
  }
  return out;
}

/**
 * Page links that keep the other search params (`?page=` in the URL). `more`: pages go on past
 * `pages` (the server stopped counting there), so the last link is followed by a gap and
 * «next» stays.
 */
export function Pagination({ page, pages, more = false }: { page: number; pages: number; more?: boolean }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  if (pages <= 1 && !more) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(search);
    if (p <= 1) params.delete('page');
    else params.set('page', String(p));
    const qs = params.toString();
    return `${pathname}${qs ? `?${qs}` : ''}`;
  };
  const cls = 'flex h-10 min-w-10 items-center justify-center rounded-xl px-3 text-sm font-bold';
  return (
    <nav aria-label={t('ui.pagination')} className="mt-6 flex flex-wrap items-center justify-center gap-1.5">
      {page > 1 && (
        <Link to={href(page - 1)} className={`${cls} bg-white text-slate-700 shadow-sm hover:bg-brand-50`} rel="prev">
          {t('ui.prevPage')}
        </Link>
      )}
      {pageList(page, pages).map((p, i) =>
        p === 'gap' ? (
          <span key={`gap-${i}`} className="px-1 text-slate-400" aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={p}
            to={href(p)}
            aria-current={p === page ? 'page' : undefined}
            aria-label={t('ui.pageN', { n: formatPlain(p) })}
            className={`${cls} ${p === page ? 'bg-brand-600 text-white' : 'bg-white text-slate-700 shadow-sm hover:bg-brand-50'}`}
          >
            {formatPlain(p)}
          </Link>
        ),
      )}
      {more && (
        <span className="px-1 text-slate-400" aria-hidden="true" data-testid="pagination-more">
          …
        </span>
      )}
      {(page < pages || more) && (
        <Link to={href(page + 1)} className={`${cls} bg-white text-slate-700 shadow-sm hover:bg-brand-50`} rel="next">
          {t('ui.nextPage')}
        </Link>
      )}
    </nav>
  );
}
