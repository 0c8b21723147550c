import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/shared/testing/render';
import { card, list, mockApi } from '@/shared/testing/fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SEARCH = '/api/client/v1/catalog/search';

describe('/shop/search-product', () => {
  it("sends q to the search API and marks matches however the query was typed ('ي' marks 'ی', digits)", async () => {
    const api = mockApi({ [SEARCH]: () => list([card({ Name: 'لپ‌تاپ لنوو آیدیاپد اسلیم ۵' })]) });
    renderApp('/shop/search-product?q=' + encodeURIComponent('آيدياپد ۱۶'));
    const cardEl = await screen.findByTestId('product-card');
    expect(api.callsTo(SEARCH)[0].url.searchParams.get('q')).toBe('آيدياپد ۱۶');
    await waitFor(() => expect([...cardEl.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['آیدیاپد', '۱۶']));
  });

  it('says so when nothing is found', async () => {
    mockApi({ [SEARCH]: () => list([]) });
    renderApp('/shop/search-product?q=zzzz');
    expect(await screen.findByText(/نتیجه‌ای برای «zzzz» پیدا نشد/)).toBeInTheDocument();
  });
});
