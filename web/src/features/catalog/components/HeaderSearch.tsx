import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useNavigate } from 'react-router';
import { SearchIcon } from '@/shared/ui/Icons';
import { searchHref } from '@/shared/ui/SearchForm';
import { SUGGEST_DEBOUNCE_MS, suggestions } from '@/features/catalog/api/catalog';
import { useResource } from '@/shared/api/resource';
import { useDebounced } from '@/shared/hooks/useDebounced';
import { coreIfLoaded } from '@/shared/core';
import { Highlight } from './Highlight';

/** One choice of the list: where it leads and what it shows. */
interface Option {
  key: string;
  to: string;
  label: string;
  kind: 'term' | 'category' | 'product';
  price?: string;
}

/**
 * The header's search box with live suggestions (the `/catalog/suggest` call the mobile search
 * page uses), at every width. The ARIA combobox pattern: the input is `role=combobox` with
 * `aria-expanded`, `aria-controls` and `aria-activedescendant`; the suggestions are a
 * `listbox` of `option`s. ArrowDown/ArrowUp move through them, Enter opens the active one (or
 * searches for the text when none is active), Escape closes the list (a second Escape clears
 * the text). Asked for once typing pauses ([`SUGGEST_DEBOUNCE_MS`]); an answer for an earlier
 * text is dropped (`useResource` keeps only the current key's answer). Without script the form
 * is a plain GET to the search page.
 */
export default function HeaderSearch({ className = '', defaultValue = '' }: { className?: string; defaultValue?: string }) {
  const { t } = useTranslation(ns);
  const { t: tShell } = useTranslation();
  const id = useId();
  const listId = `${id}-list`;
  const navigate = useNavigate();
  const [text, setText] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [used, setUsed] = useState(false);
  const closing = useRef(false);
  const typed = text.trim().slice(0, 256);
  const q = useDebounced(typed, SUGGEST_DEBOUNCE_MS);
  // Nothing is asked for until the box is first used; after that the answer is kept while the list is closed.
  if (open && !used) setUsed(true);
  const { data, loading } = useResource(used || open ? suggestions(q) : null);
  const core = coreIfLoaded();
  const current = data && !loading ? data : null;
  // A new answer is a new list: the option that was active may be gone or elsewhere.
  const [shown, setShown] = useState(current);
  if (current !== shown) {
    setShown(current);
    setActive(-1);
  }
  const options: Option[] = current
    ? [
        ...(q ? current.Terms : []).map((term): Option => ({ key: `t-${term}`, to: searchHref(term), label: term, kind: 'term' })),
        ...(q ? current.Categories : []).map((c): Option => ({ key: `c-${c.Id}`, to: c.Url, label: c.Name, kind: 'category' })),
        ...current.data.map(
          (s): Option => ({ key: `p-${s.Uid}`, to: s.Url, label: s.Name, kind: 'product', price: core ? core.formatPrice(s.Price) : s.PriceText }),
        ),
      ]
    : [];
  const expanded = open && options.length > 0;
  const activeIndex = expanded && active < options.length ? active : -1;
  const optionId = (i: number) => `${id}-opt-${i}`;

  const go = (to: string) => {
    setOpen(false);
    setActive(-1);
    navigate(to);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (activeIndex >= 0) return go(options[activeIndex].to);
    go(searchHref(text.trim()));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (!options.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // From the text (-1), down goes to the first option and up to the last; past either end, back to the text.
      setActive((i) => {
        const from = i < options.length ? i : -1;
        const next = from + step;
        if (next < -1) return options.length - 1;
        return next >= options.length ? -1 : next;
      });
    } else if (e.key === 'Escape') {
      // Open but not drawn (its answer still loading) counts as open: closing it keeps a late
      // answer from opening the list after Escape, and the text is not cleared by surprise.
      if (open) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        e.preventDefault();
        setText('');
      }
    }
  };

  const groupLabel = (kind: Option['kind']) =>
    kind === 'term' ? t('search.brands') : kind === 'category' ? t('search.categories') : q ? t('search.products') : t('search.popular');

  return (
    <form
      method="get"
      action="/shop/search-product"
      onSubmit={submit}
      role="search"
      className={`relative ${className}`}
      onBlur={(e) => {
        // Closing when focus leaves the form (a click on an option lands inside it first).
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) {
          closing.current = true;
          setOpen(false);
          setActive(-1);
        }
      }}
    >
      <label htmlFor={id} className="sr-only">
        {tShell('search.label')}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        autoComplete="off"
        enterKeyHint="search"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => {
          if (!closing.current) setOpen(true);
          closing.current = false;
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        placeholder={tShell('search.placeholder')}
        className="h-11 w-full rounded-xl border border-slate-200 bg-slate-100 pe-11 ps-4 text-sm text-slate-800 placeholder:text-slate-500 focus:border-brand-500 focus:bg-white focus:outline-none"
        data-testid="header-search"
      />
      <button
        type="submit"
        className="absolute inset-y-0 end-0 flex w-11 items-center justify-center text-slate-600 hover:text-brand-600"
        aria-label={tShell('search.submit')}
      >
        <SearchIcon className="h-5 w-5" />
      </button>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('search.headerSuggestions')}
        hidden={!expanded}
        // Busy while the list is not yet the answer for the text as typed (typing pauses first).
        aria-busy={typed !== q || loading}
        className="absolute inset-x-0 top-full z-40 mt-1 max-h-[70vh] overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
        data-testid="header-suggestions"
      >
        {options.map((o, i) => (
          <li
            key={o.key}
            id={optionId(i)}
            role="option"
            aria-selected={i === activeIndex}
            // The input keeps the focus: a press does not blur it before the click lands.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => go(o.to)}
            onMouseMove={() => setActive(i)}
            className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${i === activeIndex ? 'bg-brand-50 text-brand-900' : 'text-slate-800'}`}
          >
            {(i === 0 || options[i - 1].kind !== o.kind) && <span className="sr-only">{groupLabel(o.kind)}: </span>}
            <span className="min-w-0 flex-1 truncate" dir="auto">
              <Highlight text={o.label} query={q} folder={core} />
            </span>
            {o.price && <span className="shrink-0 text-xs font-bold text-slate-900">{o.price}</span>}
          </li>
        ))}
      </ul>
    </form>
  );
}
