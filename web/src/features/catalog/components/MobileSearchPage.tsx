import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useNavigate } from 'react-router';
import { useRouteInfo } from '@/shared/hooks/routeInfo';
import { SearchIcon } from '@/shared/ui/Icons';
import { searchHref } from '@/shared/ui/SearchForm';
import { PageTitle } from '@/shared/ui/PageTitle';
import { PrefetchLink } from '@/shared/ui/PrefetchLink';
import { SUGGEST_DEBOUNCE_MS, suggestions } from '@/features/catalog/api/catalog';
import { useResource } from '@/shared/api/resource';
import { useDebounced } from '@/shared/hooks/useDebounced';
import { useCore } from '@/shared/core/useCore';
import { Highlight } from './Highlight';
import { Picture } from '@/shared/ui/Picture';

export { SUGGEST_DEBOUNCE_MS };

/** /mobile-search: a search box with live suggestions (products, brand/model names, categories). */
export default function MobileSearchPage() {
  const { t } = useTranslation(ns);
  const { title } = useRouteInfo();
  const id = useId();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim().slice(0, 256), SUGGEST_DEBOUNCE_MS);
  const { data, loading } = useResource(suggestions(q));
  const core = useCore('now');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = text.trim();
    if (v) navigate(searchHref(v));
  };
  const fresh = data && !loading;
  return (
    <section aria-labelledby="page-title">
      <PageTitle>
        <span id="page-title">{title}</span>
      </PageTitle>
      <form role="search" aria-labelledby="page-title" onSubmit={submit} className="relative">
        <label htmlFor={id} className="sr-only">
          {t('search.suggestions')}
        </label>
        <input
          id={id}
          type="search"
          name="q"
          autoFocus
          autoComplete="off"
          enterKeyHint="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('search.placeholder')}
          aria-controls={`${id}-list`}
          className="h-12 w-full rounded-xl border border-slate-200 bg-white pe-12 ps-4 text-base text-slate-800 placeholder:text-slate-500 focus:border-brand-500 focus:outline-none"
        />
        <button type="submit" className="absolute inset-y-0 end-0 flex w-12 items-center justify-center text-slate-600" aria-label={t('search.seeAllResults', { q: text })}>
          <SearchIcon className="h-5 w-5" />
        </button>
      </form>

      <div id={`${id}-list`} aria-live="polite" aria-busy={loading} className="mt-4 space-y-5" data-testid="suggestions">
        {q && data && data.Terms.length > 0 && (
          <div>
            <h2 className="mb-2 text-sm font-bold text-slate-700">{t('search.brands')}</h2>
            <ul className="flex flex-wrap gap-2">
              {data.Terms.map((term) => (
                <li key={term}>
                  <PrefetchLink to={searchHref(term)} className="inline-flex min-h-9 items-center rounded-full bg-white px-3 text-sm text-slate-700 shadow-sm" dir="auto">
                    <Highlight text={term} query={q} folder={core} />
                  </PrefetchLink>
                </li>
              ))}
            </ul>
          </div>
        )}
        {q && data && data.Categories.length > 0 && (
          <div>
            <h2 className="mb-2 text-sm font-bold text-slate-700">{t('search.categories')}</h2>
            <ul className="flex flex-wrap gap-2">
              {data.Categories.map((c) => (
                <li key={c.Id}>
                  <PrefetchLink to={c.Url} className="inline-flex min-h-9 items-center rounded-full bg-brand-50 px-3 text-sm text-brand-800">
                    <Highlight text={c.Name} query={q} folder={core} />
                  </PrefetchLink>
                </li>
              ))}
            </ul>
          </div>
        )}
        {data && data.data.length > 0 && (
          <div>
            <h2 className="mb-2 text-sm font-bold text-slate-700">{q ? t('search.products') : t('search.popular')}</h2>
            <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm">
              {data.data.map((s) => (
                <li key={s.Uid}>
                  <PrefetchLink to={s.Url} className="flex items-center gap-3 p-2.5 hover:bg-slate-50" data-testid="suggestion">
                    <Picture src={s.Image.Src} src2x={s.Image.Src2x} alt="" className="h-12 w-16 shrink-0 rounded-lg bg-slate-100 object-cover" />
                    <span className="min-w-0 flex-1">
                      <span className="line-clamp-2 text-sm leading-6 text-slate-800">
                        <Highlight text={s.Name} query={q} folder={core} />
                      </span>
                      <span className="text-xs font-bold text-slate-900">{core ? core.formatPrice(s.Price) : s.PriceText}</span>
                    </span>
                  </PrefetchLink>
                </li>
              ))}
            </ul>
          </div>
        )}
        {q && fresh && data.data.length === 0 && data.Terms.length === 0 && data.Categories.length === 0 && (
          <p className="text-center text-sm leading-7 text-slate-600">{t('search.noSuggestions', { q })}</p>
        )}
        {q && (
          <PrefetchLink to={searchHref(q)} className="block rounded-xl bg-brand-600 py-3 text-center text-sm font-bold text-white">
            {t('search.seeAllResults', { q })}
          </PrefetchLink>
        )}
      </div>
    </section>
  );
}
