/**
 * The page `vite build` writes (web/dist/index.html) for tests of what reads it: the real file
 * when a build is there, and always a page of the same shape (vite.config.ts `firstPaintFirst`:
 * no `<script type="module" src>`, an inline loader imports the entry after the first paint).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const distIndex = join(__dirname, '../../../dist/index.html');

/** A built page as firstPaintFirst writes it (copied from a `vite build`, entry name varied). */
export const builtPage = (entry: string) =>
  `<!doctype html><html lang="fa" dir="rtl"><head><link rel="stylesheet" crossorigin href="/assets/index-Ey4-gQgI.css"></head><body><div id="root"></div>` +
  `<script>(function(){var d=document,m=["/assets/react-DgZs-l1N.js"],s=0;function go(){if(s)return;s=1;for(var i=0;i<m.length;i++){var l=d.createElement('link');` +
  `l.rel='modulepreload';l.crossOrigin='';l.href=m[i];d.head.appendChild(l)}import("${entry}")}function after(){setTimeout(go,0)}` +
  `try{new PerformanceObserver(function(l){l.getEntries().some(function(e){return e.name==='first-contentful-paint'})&&after()}).observe({type:'paint',buffered:true})}catch(e){after()}setTimeout(go,400)})();</script></body></html>`;

/** The built pages to test against: the shaped one, and web/dist/index.html when built. */
export function builtPages(): [string, string][] {
  const pages: [string, string][] = [['a page shaped like the build', builtPage('/assets/index-CsSPe3-x.js')]];
  if (existsSync(distIndex)) pages.push(['web/dist/index.html', readFileSync(distIndex, 'utf8')]);
  return pages;
}
