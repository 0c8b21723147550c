/** Spec section 9: check for a new build every hour. */
export const BUILD_CHECK_INTERVAL_MS = 3_600_000;

/**
 * Where the deployed page is read from: `/`, which the server answers with the built
 * index.html (its route table has `/`; `/index.html` is moved permanently to `/`).
 */
export const BUILD_PAGE_URL = '/';

/**
 * The entry script as the first-paint loader names it (vite.config.ts `firstPaintFirst`: the
 * built page has no `<script type="module" src>`, an inline script imports the entry after the
 * first paint).
 */
const LOADER_ENTRY = /\bimport\("([^"]+\.js)"\)/;

/** The entry script of an index.html (`/assets/index-<hash>.js`): changes with every build. */
export function entryScriptOf(html: string): string | null {
  const m =
    /<script[^>]+type="module"[^>]+src="([^"]+)"/i.exec(html) ??
    /<script[^>]+src="([^"]+)"[^>]+type="module"/i.exec(html) ??
    LOADER_ENTRY.exec(html);
  return m ? m[1] : null;
}

/** This page's entry script: a module script tag (development), else the first-paint loader's import. */
export function currentEntryScript(doc: Document = document): string | null {
  const el = doc.querySelector<HTMLScriptElement>('script[type="module"][src]');
  if (el) return el.getAttribute('src');
  for (const inline of doc.querySelectorAll<HTMLScriptElement>('script:not([src])')) {
    const m = LOADER_ENTRY.exec(inline.textContent ?? '');
    if (m) return m[1];
  }
  return null;
}

/** Fetches the deployed page without cache and tells whether its entry script differs from ours. */
export async function isNewBuildAvailable(fetchImpl: typeof fetch = fetch, doc: Document = document): Promise<boolean> {
  const current = currentEntryScript(doc);
  if (!current) return false;
  try {
    const res = await fetchImpl(`${BUILD_PAGE_URL}?v=${Date.now()}`, { cache: 'no-store' });
    if (!res.ok) return false;
    const next = entryScriptOf(await res.text());
    return next !== null && next !== current;
  } catch {
    return false;
  }
}
