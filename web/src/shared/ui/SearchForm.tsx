import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SearchIcon } from './Icons';

const SEARCH_PATH = '/shop/search-product';

/** The search results page for `q` (the header's suggestions, the mobile search page, the form). */
export const searchHref = (q: string) => `${SEARCH_PATH}?q=${encodeURIComponent(q)}`;

/** GET form to /shop/search-product?q=… (header, mobile search page, search page). */
export function SearchForm({
  defaultValue = '',
  autoFocus = false,
  className = '',
  landmark,
}: {
  defaultValue?: string;
  autoFocus?: boolean;
  className?: string;
  /** The search landmark's name, needed where a page has two of them. */
  landmark?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  // Without script the form still works: a plain GET to the same address.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(searchHref(String(new FormData(event.currentTarget).get('q') ?? '')));
  };
  return (
    <form
      method="get"
      action={SEARCH_PATH}
      onSubmit={submit}
      role="search"
      aria-label={landmark}
      className={`relative ${className}`}
    >
      <label htmlFor={id} className="sr-only">
        {t('search.label')}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={defaultValue}
        autoFocus={autoFocus}
        enterKeyHint="search"
        placeholder={t('search.placeholder')}
        className="h-11 w-full rounded-xl border border-slate-200 bg-slate-100 pe-11 ps-4 text-sm text-slate-800 placeholder:text-slate-500 focus:border-brand-500 focus:bg-white focus:outline-none"
      />
      <button
        type="submit"
        className="absolute inset-y-0 end-0 flex w-11 items-center justify-center text-slate-600 hover:text-brand-600"
        aria-label={t('search.submit')}
      >
        <SearchIcon className="h-5 w-5" />
      </button>
    </form>
  );
}
