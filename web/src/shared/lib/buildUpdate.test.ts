/**
 * The hourly build check against the page as `vite build` writes it: web/dist/index.html when a
 * build is there, and always a page of the same shape (the first-paint loader of vite.config.ts,
 * no `<script type="module" src>`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { BUILD_PAGE_URL, currentEntryScript, entryScriptOf, isNewBuildAvailable } from './buildUpdate';

const distIndex = join(__dirname, '../../../dist/index.html');

/** A built page as firstPaintFirst writes it (copied from a `vite build`, entry name varied). */
const builtPage = (entry: string) =>
  `<!doctype html><html lang="fa" dir="rtl"><head><link rel="stylesheet" crossorigin href="/assets/index-Ey4-gQgI.css"></head><body><div id="root"></div>` +
  `<script>(function(){var d=document,m=["/assets/react-DgZs-l1N.js"],s=0;function go(){if(s)return;s=1;for(var i=0;i<m.length;i++){var l=d.createElement('link');` +
  `l.rel='modulepreload';l.crossOrigin='';l.href=m[i];d.head.appendChild(l)}import("${entry}")}function after(){setTimeout(go,0)}` +
  `try{new PerformanceObserver(function(l){l.getEntries().some(function(e){return e.name==='first-contentful-paint'})&&after()}).observe({type:'paint',buffered:true})}catch(e){after()}setTimeout(go,400)})();</script></body></html>`;

function pageOf(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

const serving = (html: string, status = 200) => vi.fn(async (_url: RequestInfo | URL) => new Response(html, { status }));

describe('build-update check on the built page', () => {
  const pages: [string, string][] = [['a page shaped like the build', builtPage('/assets/index-CsSPe3-x.js')]];
  if (existsSync(distIndex)) pages.push(['web/dist/index.html', readFileSync(distIndex, 'utf8')]);

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

  it('reads the page the server answers with 200 (/, not /index.html, which is a 404 there)', async () => {
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
