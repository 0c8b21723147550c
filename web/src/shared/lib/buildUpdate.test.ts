/**
 * The hourly build check against the page as `vite build` writes it: web/dist/index.html when a
 * build is there, and always a page of the same shape (the first-paint loader of vite.config.ts,
 * no `<script type="module" src>`).
 */
import { describe, expect, it, vi } from 'vitest';
import { builtPage, builtPages } from '@/shared/testing/builtPage';
import { BUILD_PAGE_URL, currentEntryScript, entryScriptOf, isNewBuildAvailable } from './buildUpdate';

function pageOf(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

const serving = (html: string, status = 200) => vi.fn(async (_url: RequestInfo | URL) => new Response(html, { status }));

describe('build-update check on the built page', () => {
  const pages = builtPages();

  it.each(pages)('%s: finds its entry script, with no module script tag', (_name, html) => {
    expect(html).not.toMatch(/<script[^>]+type="module"[^>]+src=/);
    const entry = entryScriptOf(html);
    expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    expect(currentEntryScript(pageOf(html))).toBe(entry);
  });

  it.each(pages)('%s: a deploy with another entry is a new build, the same page is not', async (_name, html) => {
    const entry = entryScriptOf(html)!;
    const here = pageOf(html);
    const same = serving(html);
    expect(await isNewBuildAvailable(same as typeof fetch, here)).toBe(false);
    const next = serving(html.replace(entry, '/assets/index-NEXTBUILD.js'));
    expect(await isNewBuildAvailable(next as typeof fetch, here)).toBe(true);
  });

  it('reads the page at / (the server moves /index.html there)', async () => {
    const fetchImpl = serving(builtPage('/assets/index-NEXTBUILD.js'));
    await isNewBuildAvailable(fetchImpl as typeof fetch, pageOf(builtPage('/assets/index-CsSPe3-x.js')));
    expect(BUILD_PAGE_URL).toBe('/');
    expect(String(fetchImpl.mock.calls[0][0])).toMatch(/^\/\?v=\d+$/);
  });

  it('a failed or refused answer is no new build', async () => {
    const here = pageOf(builtPage('/assets/index-CsSPe3-x.js'));
    expect(await isNewBuildAvailable(serving(builtPage('/assets/index-NEXTBUILD.js'), 404) as typeof fetch, here)).toBe(false);
    const down = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await isNewBuildAvailable(down as typeof fetch, here)).toBe(false);
  });
});
