/** Spec section 9: check for a new build every hour. */
export const BUILD_CHECK_INTERVAL_MS = 3_600_000;

/** The entry script of an index.html (`/assets/index-<hash>.js`): changes with every build. */
export function entryScriptOf(html: string): string | null {
  const m = /<script[^>]+type="module"[^>]+src="([^"]+)"/i.exec(html) ?? /<script[^>]+src="([^"]+)"[^>]+type="module"/i.exec(html);
  return m ? m[1] : null;
}

export function currentEntryScript(doc: Document = document): string | null {
  const el = doc.querySelector<HTMLScriptElement>('script[type="module"][src]');
  if (!el) return null;
  const src = el.getAttribute('src');
  return src;
}

/** Fetches /index.html without cache and tells whether its entry script differs from ours. */
export async function isNewBuildAvailable(fetchImpl: typeof fetch = fetch): Promise<boolean> {
  const current = currentEntryScript();
  if (!current) return false;
  try {
    const res = await fetchImpl(`/index.html?v=${Date.now()}`, { cache: 'no-store' });
    if (!res.ok) return false;
    const next = entryScriptOf(await res.text());
    return next !== null && next !== current;
  } catch {
    return false;
  }
}
