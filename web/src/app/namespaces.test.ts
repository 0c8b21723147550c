import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageModules } from './pageModules';
import i18n from '@/shared/i18n';

const src = join(process.cwd(), 'src');
const features = readdirSync(join(src, 'features')).filter((a) =>
  readdirSync(join(src, 'features', a)).includes('fa.json'),
);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.(test|d)\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe("features' strings travel with their code", () => {
  it('a page chunk brings its feature namespace (not loaded with the app before)', async () => {
    // The tickets pages are not on the first page: nothing registered their strings yet.
    expect(i18n.hasResourceBundle('fa', 'tickets')).toBe(false);
    await pageModules.tickets();
    expect(i18n.hasResourceBundle('fa', 'tickets')).toBe(true);
    expect(i18n.t('tickets:list.new')).toBe('تیکت جدید');
  });

  it("every component names its own feature's namespace through the feature's i18n module", () => {
    const problems: string[] = [];
    for (const file of sources(src)) {
      const text = readFileSync(file, 'utf8');
      const rel = relative(src, file);
      if (rel === 'shared/i18n/index.ts') continue; // describes the pattern in its comment
      // The back office's shell (app/admin) has its own namespace too: it travels in the admin chunk.
      const area = /^features\/([^/]+)\//.exec(rel)?.[1] ?? (rel.startsWith('app/admin/') ? 'admin' : undefined);
      for (const m of text.matchAll(/useTranslation\(([^)]*)\)/g)) {
        if (m[1] === '' || (m[1] === 'ns' && area)) continue;
        problems.push(`${rel}: useTranslation(${m[1]}) (use the feature's \`ns\`, or the shared namespace)`);
      }
      if (/useTranslation\(ns\)/.test(text) && !/import \{ ns \} from '\.\.?\/(\.\.\/)*i18n';/.test(text))
        problems.push(`${rel}: ns is not imported from its feature's i18n.ts`);
      // A string of another namespace would show as its raw key until that feature's code loads.
      for (const ns of features)
        if (area !== ns && new RegExp(`['\`]${ns}:`).test(text)) problems.push(`${rel}: uses the ${ns} namespace`);
    }
    expect(problems).toEqual([]);
  });
});
