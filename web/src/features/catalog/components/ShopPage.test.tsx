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

  it('offers screen size, graphics and storage from the facets; a choice goes to the URL and the API', async () => {
    const api = mockApi({ [PRODUCTS]: () => list([card()]) });
    const { router } = renderApp('/shop?screen=15-16');
    await screen.findAllByTestId('product-card');
    const panel = screen.getAllByTestId('filter-panel')[0];
    await waitFor(() => expect(panel.querySelector('[data-testid="facet-graphics"]')).not.toBeNull());
    expect(panel.querySelector('[data-testid="facet-screen"] legend')).toHaveTextContent('اندازه صفحه نمایش');
    expect(panel.querySelector('[data-testid="facet-storage"]')).toHaveTextContent('۱ ترابایت');
    expect(panel.querySelector<HTMLInputElement>('input[name="screen"][value="15-16"]')?.checked).toBe(true);
    fireEvent.click(panel.querySelector('input[name="graphics"][value="nvidia-rtx"]')!);
    await waitFor(() => expect(router.state.location.search).toBe('?screen=15-16&graphics=nvidia-rtx'));
    await waitFor(() =>
      expect(api.callsTo(PRODUCTS).some((c) => c.url.searchParams.get('graphics') === 'nvidia-rtx' && c.url.searchParams.get('screen') === '15-16')).toBe(true),
    );
  });

  it("shows the server's message when it refuses a filter (422, a rule the URL broke)", async () => {
    mockApi({ [PRODUCTS]: () => Response.json({ status: 'error', message: 'ترتیب نمایش معتبر نیست.', field: 'sort' }, { status: 422 }) });
    renderApp('/shop?sort=random');
    expect(await screen.findByText('ترتیب نمایش معتبر نیست.')).toBeInTheDocument();
  });

  it('offers the best-selling sort only once the shop has sold something', async () => {
    mockApi({ [PRODUCTS]: () => list([card()]) });
    renderApp('/shop');
    await screen.findAllByTestId('product-card');
    const values = () => [...screen.getAllByTestId('sort')[0].querySelectorAll('option')].map((o) => o.getAttribute('value'));
    expect(values()).not.toContain('bestselling');
    vi.unstubAllGlobals();
  });

  it('with sales, the best-selling sort is offered', async () => {
    mockApi({ [PRODUCTS]: () => list([card()], { HasBestsellers: true }) });
    renderApp('/shop');
    await screen.findAllByTestId('product-card');
    await waitFor(() => expect([...screen.getAllByTestId('sort')[0].querySelectorAll('option')].map((o) => o.getAttribute('value'))).toContain('bestselling'));
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

describe('/shop: the phone filter sheet', () => {
  it('closes on Escape and gives the focus back to the button that opened it', async () => {
    mockApi({ [PRODUCTS]: () => list([card()]) });
    renderApp('/shop');
    await screen.findAllByTestId('product-card');
    const opener = screen.getByTestId('open-filters');
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByTestId('filters-dialog');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('filters-dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });
});
