import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazyPage';

const module = (text: string) => ({ default: () => <p>{text}</p> });

describe('lazy pages', () => {
  it('a page whose chunk was preloaded renders in the first commit, without the fallback', async () => {
    const page = lazyPage(() => Promise.resolve(module('the page')));
    await page.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <page.Component />
      </Suspense>,
    );
    expect(screen.getByText('the page')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('a page not loaded yet shows the fallback, then the page', async () => {
    const page = lazyPage(() => Promise.resolve(module('later')));
    render(
      <Suspense fallback={<p>loading</p>}>
        <page.Component />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('later')).toBeInTheDocument();
  });

  it('one loader is one lazy page: a prefetch and the route share the chunk', () => {
    const load = () => Promise.resolve(module('x'));
    expect(lazyPage(load)).toBe(lazyPage(load));
  });
});
