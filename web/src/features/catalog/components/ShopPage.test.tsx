import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/shared/testing/render';
import { card, list, mockApi } from '@/shared/testing/fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PRODUCTS = '/api/client/v1/catalog/products';

describe('/shop: filters ↔ URL', () => {
  it('reads the filters from the URL into the API call and the checkboxes', async () => {
    const api = mockApi({ [PRODUCTS]: () => list([card()]) });
    renderApp('/shop?brand=lenovo&ram=16&in_stock=1&sort=cheapest');
    expect(await screen.findAllByTestId('product-card')).toHaveLength(1);
    const listCall = api.callsTo(PRODUCTS).find((c) => c.url.searchParams.get('size') === '24')!;
    expect(listCall.url.searchParams.get('brand')).toBe('lenovo');
    expect(listCall.url.searchParams.get('ram')).toBe('16');
    expect(listCall.url.searchParams.get('in_stock')).toBe('1');
    expect(listCall.url.searchParams.get('sort')).toBe('cheapest');
    const panel = screen.getAllByTestId('filter-panel')[0];
    await waitFor(() => expect(panel.querySelector<HTMLInputElement>('input[name="brand"][value="lenovo"]')?.checked).toBe(true));
    expect(panel.querySelector<HTMLInputElement>('input[name="brand"][value="asus"]')?.checked).toBe(false);
    expect(screen.getAllByTestId('sort')[0]).toHaveValue('cheapest');
    // Prices in Persian digits with تومان.
    expect(screen.getByTestId('price')).toHaveTextContent('۴۸٬۵۰۰٬۰۰۰ تومان');
  });

  it('writes a changed filter to the URL (page back to 1) and asks the API again; Back restores it', async () => {
    const api = mockApi({ [PRODUCTS]: () => list([card()], { Pages: 5, Total: 100 }) });
    const { router } = renderApp('/shop?brand=lenovo&page=3');
    await screen.findAllByTestId('product-card');
    const panel = screen.getAllByTestId('filter-panel')[0];
    await waitFor(() => expect(panel.querySelector('input[name="brand"][value="asus"]')).not.toBeNull());
    fireEvent.click(panel.querySelector('input[name="brand"][value="asus"]')!);
    await waitFor(() => expect(router.state.location.search).toBe('?brand=asus%2Clenovo'));
    await waitFor(() =>
      expect(api.callsTo(PRODUCTS).some((c) => c.url.searchParams.get('brand') === 'asus,lenovo' && !c.url.searchParams.has('page'))).toBe(true),
    );
    fireEvent.change(screen.getAllByTestId('sort')[0], { target: { value: 'expensive' } });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('expensive'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe('?brand=asus%2Clenovo'));
    await waitFor(() => expect(screen.getAllByTestId('filter-panel')[0].querySelector<HTMLInputElement>('input[value="asus"]')?.checked).toBe(true));
  });

  it('checks the price range before it touches the URL', async () => {
    mockApi({ [PRODUCTS]: () => list([card()]) });
    const { router } = renderApp('/shop');
    await screen.findAllByTestId('product-card');
    const form = screen.getAllByTestId('price-range')[0];
    const [min, max] = [...form.querySelectorAll('input')];
    fireEvent.change(min, { target: { value: '۹۰٬۰۰۰٬۰۰۰' } });
    fireEvent.change(max, { target: { value: '20000000' } });
    fireEvent.submit(form);
    expect(await screen.findByRole('alert')).toHaveTextContent('حداقل قیمت نباید از حداکثر قیمت بیشتر باشد.');
    expect(router.state.location.search).toBe('');
    fireEvent.change(max, { target: { value: '۹۵۰۰۰۰۰۰' } });
    fireEvent.submit(form);
    await waitFor(() => expect(router.state.location.search).toBe('?min_price=90000000&max_price=95000000'));
  });
});
