import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/shared/testing/render';
import { SUGGEST_DEBOUNCE_MS } from './MobileSearchPage';
import { mockApi, suggest } from '@/shared/testing/fixtures';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const SUGGEST = '/api/client/v1/catalog/suggest';

describe('/mobile-search', () => {
  it('asks for suggestions once typing pauses (debounced), not on every key', { timeout: 20_000 }, async () => {
    const api = mockApi({ [SUGGEST]: (url) => suggest(url.searchParams.get('q') ?? '') });
    renderApp('/mobile-search');
    const input = await screen.findByLabelText('پیشنهادها');
    // Popular products while the box is empty.
    expect(await screen.findByText('پرفروش‌ترین‌ها')).toBeInTheDocument();
    const before = api.callsTo(SUGGEST).length;
    vi.useFakeTimers({ shouldAdvanceTime: false });
    for (const text of ['ل', 'لن', 'لنو', 'لنوو']) {
      fireEvent.change(input, { target: { value: text } });
      await act(async () => {
        vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS - 50);
      });
    }
    expect(api.callsTo(SUGGEST).length).toBe(before);
    await act(async () => {
      vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS);
    });
    vi.useRealTimers();
    const asked = api.callsTo(SUGGEST).slice(before).map((c) => c.url.searchParams.get('q'));
    expect(asked).toEqual(['لنوو']);
    // The suggestion shows with the query marked.
    // (marked once the WASM core, which folds the text, has loaded)
    const item = await screen.findByTestId('suggestion');
    await waitFor(() => expect(item.querySelector('mark')).toHaveTextContent('لنوو'));
    expect(screen.getByRole('link', { name: 'همه نتایج برای «لنوو»' })).toHaveAttribute('href', '/shop/search-product?q=%D9%84%D9%86%D9%88%D9%88');
  });
});
