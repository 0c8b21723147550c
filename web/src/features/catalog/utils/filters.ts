/**
 * The list filters and the URL: every filter lives in the page's search params, with the
 * API's parameter names, so a filtered list can be shared, bookmarked and gone back to.
 * `parseFilters` reads them leniently (junk ignored; Persian digits through the core's
 * `to_western_digits`, passed in as `digits`); `filtersToSearch` writes
 * the canonical form (sorted lists, defaults left out, page 1 omitted).
 */
import type { ListQuery } from '../api/catalog';

export const LIST_KEYS = ['brand', 'condition', 'line', 'ram', 'cpu_family', 'screen', 'graphics', 'storage'] as const;
export type ListKey = (typeof LIST_KEYS)[number];

export const SORTS = ['newest', 'cheapest', 'expensive', 'bestselling'] as const;
export type SortKey = (typeof SORTS)[number] | 'relevance';

export interface Filters {
  brand: string[];
  condition: string[];
  line: string[];
  ram: string[];
  cpu_family: string[];
  /** Screen size bands (`13-14`, `15-16`, …), graphics families, storage bands: the server's slugs. */
  screen: string[];
  graphics: string[];
  storage: string[];
  min_price: number | null;
  max_price: number | null;
  in_stock: boolean;
  special: boolean;
  sort: SortKey | null;
  page: number;
}

export const emptyFilters: Filters = {
  brand: [],
  condition: [],
  line: [],
  ram: [],
  cpu_family: [],
  screen: [],
  graphics: [],
  storage: [],
  min_price: null,
  max_price: null,
  in_stock: false,
  special: false,
  sort: null,
  page: 1,
};

/**
 * Reads Persian and Arabic-Indic digits as ASCII: the core's `to_western_digits` (`useCore()`,
 * `loadCore()`). Before the core has loaded, text is read as it is, so a value written in
 * Persian digits counts once the core is there (the app itself writes ASCII digits).
 */
export type DigitReader = (s: string) => string;
const asIs: DigitReader = (s) => s;

/** Typed or linked digits as ASCII, separators (٬ , space) dropped. */
function asciiDigits(s: string, digits: DigitReader): string {
  return digits(s).replace(/[\s,٬_]/g, '');
}

/** A whole non-negative amount, or null. */
export function parseAmount(raw: string | null | undefined, digits: DigitReader = asIs): number | null {
  if (raw == null) return null;
  const s = asciiDigits(raw, digits);
  if (!/^[0-9]{1,13}$/.test(s)) return null;
  return Number(s);
}

const SLUG = /^[a-z0-9-]{1,40}$/;

function readList(params: URLSearchParams, key: ListKey, digits: DigitReader): string[] {
  const values = params
    .getAll(key)
    .flatMap((v) => v.split(','))
    .map((v) => asciiDigits(v.trim().toLowerCase(), digits))
    .filter((v) => SLUG.test(v));
  return [...new Set(values)].sort();
}

const TRUE = new Set(['1', 'true', 'yes', 'on']);

export function parseFilters(params: URLSearchParams, allowRelevance = false, digits: DigitReader = asIs): Filters {
  const sortRaw = params.get('sort');
  const sort =
    sortRaw && ((SORTS as readonly string[]).includes(sortRaw) || (allowRelevance && sortRaw === 'relevance'))
      ? (sortRaw as SortKey)
      : null;
  const page = parseAmount(params.get('page'), digits);
  return {
    brand: readList(params, 'brand', digits),
    condition: readList(params, 'condition', digits),
    line: readList(params, 'line', digits),
    ram: readList(params, 'ram', digits),
    cpu_family: readList(params, 'cpu_family', digits),
    screen: readList(params, 'screen', digits),
    graphics: readList(params, 'graphics', digits),
    storage: readList(params, 'storage', digits),
    min_price: parseAmount(params.get('min_price'), digits),
    max_price: parseAmount(params.get('max_price'), digits),
    in_stock: TRUE.has(params.get('in_stock') ?? ''),
    special: TRUE.has(params.get('special') ?? ''),
    sort,
    page: page && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/**
 * The canonical search params for `f`, keeping params this module does not own (e.g. `q`)
 * from `base`.
 */
export function filtersToSearch(f: Filters, base?: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  if (base) {
    for (const [k, v] of base) {
      if (!(LIST_KEYS as readonly string[]).includes(k) && !['min_price', 'max_price', 'in_stock', 'special', 'sort', 'page'].includes(k)) {
        out.append(k, v);
      }
    }
  }
  for (const k of LIST_KEYS) if (f[k].length) out.set(k, [...f[k]].sort().join(','));
  if (f.min_price !== null) out.set('min_price', String(f.min_price));
  if (f.max_price !== null) out.set('max_price', String(f.max_price));
  if (f.in_stock) out.set('in_stock', '1');
  if (f.special) out.set('special', '1');
  if (f.sort) out.set('sort', f.sort);
  if (f.page > 1) out.set('page', String(f.page));
  return out;
}

/** The API query for `f` (plus fixed parameters such as `category` or `q`). */
export function filtersToQuery(f: Filters, fixed: ListQuery = {}, size = 24): ListQuery {
  return {
    ...fixed,
    brand: f.brand.join(','),
    condition: f.condition.join(','),
    line: f.line.join(','),
    ram: f.ram.join(','),
    cpu_family: f.cpu_family.join(','),
    screen: f.screen.join(','),
    graphics: f.graphics.join(','),
    storage: f.storage.join(','),
    min_price: f.min_price ?? undefined,
    max_price: f.max_price ?? undefined,
    in_stock: f.in_stock ? '1' : undefined,
    special: f.special ? '1' : undefined,
    sort: f.sort ?? undefined,
    page: f.page > 1 ? f.page : undefined,
    size,
  };
}

/** `f` with one list value switched on or off; back to page 1. */
export function toggleValue(f: Filters, key: ListKey, value: string): Filters {
  const has = f[key].includes(value);
  const next = has ? f[key].filter((v) => v !== value) : [...f[key], value].sort();
  return { ...f, [key]: next, page: 1 };
}

/** How many filters are on (for the mobile button's badge). */
export function activeCount(f: Filters): number {
  return (
    LIST_KEYS.reduce((n, k) => n + f[k].length, 0) +
    (f.min_price !== null ? 1 : 0) +
    (f.max_price !== null ? 1 : 0) +
    (f.in_stock ? 1 : 0) +
    (f.special ? 1 : 0)
  );
}
