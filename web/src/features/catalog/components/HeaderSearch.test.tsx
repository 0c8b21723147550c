import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/shared/testing/render';
import { mockApi, suggest } from '@/shared/testing/fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SUGGEST = '/api/client/v1/catalog/suggest';

async function typeInHeader(text: string) {
  const box = await screen.findByRole('combobox', { name: 'جستجوی محصول' });
  fireEvent.focus(box);
  fireEvent.change(box, { target: { value: text } });
  return box;
}

describe('the header search box', () => {
  it('is a combobox whose suggestions the arrows walk through; Escape closes them, Enter opens the active one', async () => {
    const api = mockApi({ [SUGGEST]: (url) => suggest(url.searchParams.get('q') ?? ''), '/api/client/v1/catalog/products/*': () => new Response('{}', { status: 404 }) });
    renderApp('/');
    const box = await typeInHeader('لنوو');
    const list = screen.getByRole('listbox', { hidden: true });
    expect(box).toHaveAttribute('aria-controls', list.id);
    // (on focus, before the typing settles, the empty box's best sellers)
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent).join()).toContain('لنوو لنوو'));
    const options = screen.getAllByRole('option');
    // The brand/model term first, then the product.
    expect(options.map((o) => o.textContent)).toEqual([expect.stringContaining('Lenovo'), expect.stringContaining('لنوو لنوو')]);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).not.toHaveAttribute('aria-activedescendant');

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options[0].id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box).toHaveAttribute('aria-activedescendant', options[1].id);
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box).not.toHaveAttribute('aria-activedescendant'); // past the end: back to the text
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box).toHaveAttribute('aria-activedescendant', options[1].id); // up from the text: the last one

    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(list).not.toBeVisible();
    expect(box).toHaveValue('لنوو');

    fireEvent.keyDown(box, { key: 'ArrowDown' }); // opens again
    expect(box).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.submit(box.closest('form')!); // Enter in the box
    await waitFor(() => expect(api.callsTo('/api/client/v1/catalog/products/lenovo-ideapad-slim-5').length).toBeGreaterThan(0));
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('Enter without an active suggestion searches for the text', async () => {
    mockApi({ [SUGGEST]: (url) => suggest(url.searchParams.get('q') ?? ''), '/api/client/v1/catalog/search': () => new Response('{}', { status: 500 }) });
    const { router } = renderApp('/');
    const box = await typeInHeader('ایسوس');
    await screen.findAllByRole('option');
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop/search-product'));
    expect(router.state.location.search).toBe(`?q=${encodeURIComponent('ایسوس')}`);
  });

  it('asks once typing pauses and shows only the answer for the current text (a late answer for earlier text is dropped)', async () => {
    let releaseFirst: () => void = () => {};
    const api = mockApi({
      [SUGGEST]: (url) => {
        const q = url.searchParams.get('q') ?? '';
        if (q === 'لن') return new Promise((resolve) => (releaseFirst = () => resolve(suggest('کهنه'))));
        return suggest(q);
      },
    });
    renderApp('/');
    const box = await typeInHeader('لن');
    await waitFor(() => expect(api.callsTo(SUGGEST).map((c) => c.url.searchParams.get('q'))).toContain('لن'));
    fireEvent.change(box, { target: { value: 'لنوو' } });
    await screen.findByText((_, el) => el?.getAttribute('role') === 'option' && (el.textContent ?? '').includes('لنوو لنوو'));
    releaseFirst();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(/کهنه/)).toBeNull();
    // Typed quickly, the in-between text 'لنو' was never asked for.
    expect(api.callsTo(SUGGEST).map((c) => c.url.searchParams.get('q'))).not.toContain('لنو');
  });

  it('is busy until the list answers the text as typed, and a new answer leaves no option active', async () => {
    mockApi({ [SUGGEST]: (url) => suggest(url.searchParams.get('q') ?? '') });
    renderApp('/');
    const box = await typeInHeader('لن');
    const list = screen.getByRole('listbox', { hidden: true });
    await waitFor(() => expect(list).toHaveAttribute('aria-busy', 'false'));
    await screen.findAllByRole('option');
    fireEvent.change(box, { target: { value: 'لنوو' } });
    expect(list).toHaveAttribute('aria-busy', 'true');
    // Still the list for 'لن' (typing has not paused): an arrow makes one of its options active.
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box).toHaveAttribute('aria-activedescendant');
    await waitFor(() => expect(list).toHaveAttribute('aria-busy', 'false'));
    await screen.findByText((_, el) => el?.getAttribute('role') === 'option' && (el.textContent ?? '').includes('لنوو لنوو'));
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(screen.getAllByRole('option').filter((o) => o.getAttribute('aria-selected') === 'true')).toEqual([]);
  });
});
