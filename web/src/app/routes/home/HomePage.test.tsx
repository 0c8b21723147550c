import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import fa from '@/shared/i18n/fa.json';
import catalogFa from '@/features/catalog/fa.json';
import { scrollAllIntoView } from '@/shared/testing/intersection';
import { renderApp } from '@/shared/testing/render';

// Vitest runs from web/ (the folder of vite.config.ts).
const indexHtml = readFileSync(resolve(process.cwd(), 'index.html'), 'utf8');

function staticHero(): DocumentFragment {
  const doc = new DOMParser().parseFromString(
    indexHtml.replace(/%t:([\w.]+)%/g, (_, key: string) =>
      String(key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], fa)),
    ),
    'text/html',
  );
  return (doc.getElementById('home-hero') as HTMLTemplateElement).content;
}

describe('home page', () => {
  it('renders the hero, the categories teaser and the catalogue sections in Persian', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: fa.home.heroTitle })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: fa.home.categoriesTitle })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: catalogFa.homeSections.specials })).toBeNull();
    act(() => scrollAllIntoView()); // the catalogue's rows load as the visitor scrolls towards them
    expect(await screen.findByRole('heading', { level: 2, name: catalogFa.homeSections.specials })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: fa.home.heroCta })).toHaveAttribute('href', '/shop');
  });

  it('the static hero in index.html matches the React hero (same markup, same strings)', async () => {
    renderApp('/');
    const h1 = await screen.findByRole('heading', { level: 1, name: fa.home.heroTitle });
    const tpl = staticHero();
    const pairs: [Element | null, Element | null][] = [
      [tpl.querySelector('section'), h1.closest('section')],
      [tpl.querySelector('h1'), h1],
      [tpl.querySelector('p'), h1.nextElementSibling],
      [tpl.querySelector('section > div'), h1.closest('section')!.firstElementChild],
      [tpl.querySelector('picture'), h1.closest('section')!.querySelector('picture')],
      [tpl.querySelector('picture img'), h1.closest('section')!.querySelector('picture img')],
    ];
    for (const [a, b] of pairs) {
      expect(a).not.toBeNull();
      expect(a!.getAttribute('class')).toBe(b!.getAttribute('class'));
    }
    expect(tpl.querySelector('h1')!.textContent).toBe(h1.textContent);
    expect(tpl.querySelector('p')!.textContent).toBe(h1.nextElementSibling!.textContent);
    const staticLinks = [...tpl.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.textContent, a.className]);
    const reactLinks = [...h1.closest('section')!.querySelectorAll('a')].map((a) => [
      a.getAttribute('href'),
      a.textContent,
      a.className,
    ]);
    expect(staticLinks).toEqual(reactLinks);
    const source = (root: ParentNode) => {
      const s = root.querySelector('picture source')!;
      return [s.getAttribute('media'), s.getAttribute('srcset'), root.querySelector('picture img')!.getAttribute('src')];
    };
    expect(source(tpl)).toEqual(source(h1.closest('section')!));
  });

  it('the hero illustration is asked for only at desktop width (phones get an empty inline image)', async () => {
    renderApp('/');
    const h1 = await screen.findByRole('heading', { level: 1, name: fa.home.heroTitle });
    const picture = h1.closest('section')!.querySelector('picture')!;
    expect(picture.querySelector('source')).toHaveAttribute('media', '(min-width: 768px)');
    expect(picture.querySelector('source')).toHaveAttribute('srcset', '/images/hero-laptop.svg');
    expect(picture.querySelector('img')!.getAttribute('src')).toMatch(/^data:image\/gif;base64,/);
    expect(picture.querySelector('img')).toHaveAttribute('alt', '');
  });
});
