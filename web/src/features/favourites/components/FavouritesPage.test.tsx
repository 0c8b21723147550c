import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/shared/testing/fixtures';
import { renderApp } from '@/shared/testing/render';
import type { Favourite } from '../api/favourites';
import { accountHeartsAtom } from '../stores/favourites';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LIST = '/api/client/v1/favourite/list';
const REMOVE = '/api/client/v1/favourite/remove';

function card(uid: string, over: Record<string, unknown> = {}) {
  return {
    Id: 1, Uid: uid, Name: `لپ‌تاپ ${uid}`, Brand: 'ASUS', BrandSlug: 'asus', BrandFa: 'ایسوس', Model: 'X', Line: 'laptop', LineLabel: 'لپ‌تاپ',
    Condition: 'new', ConditionLabel: 'نو', Price: 40_100_000, PriceText: '۴۰٬۱۰۰٬۰۰۰ تومان', InStock: true, InsPayment: false,
    RamGb: 16, StorageGb: 512, StorageType: 'SSD', Cpu: 'i7', CpuFamily: 'intel-core-i7', Gpu: '', ScreenInches: 14,
    Image: { Src: `/img/${uid}.webp`, Src2x: `/img/${uid}@2x.webp`, SrcSet: '', Alt: uid, Width: 320, Height: 240 },
    Url: `/product/${uid}`, ...over,
  };
}

const fav = (uid: string, over: Partial<Favourite> = {}, product: Record<string, unknown> = {}): Favourite =>
  ({ Uid: uid, Name: `لپ‌تاپ ${uid}`, Available: true, Product: card(uid, product), AddedAt: '2026-11-23T10:00:00Z', ...over }) as Favourite;

const page = (data: Favourite[], total = data.length, pageNo = 1) => ({ status: 'ok', data, page: { Total: total, Page: pageNo, Size: 24, Pages: Math.ceil(total / 24) } });

describe('favourites page', () => {
  it('lists the account’s favourites with today’s price and stock', async () => {
    mockApi({ [LIST]: () => page([fav('zenbook'), fav('vivobook', {}, { InStock: false, PriceText: '۳۰٬۰۰۰٬۰۰۰ تومان' })]) });
    renderApp('/profile/favorites', { signedIn: true });
    const items = await screen.findAllByTestId('favourite-item');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByTestId('favourite-price')).toHaveTextContent('۴۰٬۱۰۰٬۰۰۰ تومان');
    expect(within(items[0]).getByTestId('favourite-stock')).toHaveTextContent('موجود');
    expect(within(items[1]).getByTestId('favourite-stock')).toHaveTextContent('ناموجود');
    expect(within(items[0]).getAllByRole('link')[0]).toHaveAttribute('href', '/product/zenbook');
    expect(screen.queryByTestId('empty-state')).toBeNull();
  });

  it('a product no longer sold is listed as unavailable, without a price, and can be removed', async () => {
    let gone = false;
    const api = mockApi({
      [LIST]: () => (gone ? page([fav('zenbook')]) : page([fav('old-model', { Available: false, Product: undefined, Name: 'لپ‌تاپ قدیمی' }), fav('zenbook')])),
      [REMOVE]: () => {
        gone = true;
        return { status: 'ok', uids: ['zenbook'] };
      },
    });
    const { store } = renderApp('/profile/favorites', { signedIn: true });
    const items = await screen.findAllByTestId('favourite-item');
    expect(within(items[0]).getByTestId('favourite-unavailable')).toHaveTextContent('این کالا دیگر در فروشگاه عرضه نمی‌شود.');
    expect(within(items[0]).queryByTestId('favourite-price')).toBeNull();
    fireEvent.click(within(items[0]).getByRole('button', { name: 'حذف لپ‌تاپ قدیمی از علاقه‌مندی‌ها' }));
    await waitFor(() => expect(screen.getAllByTestId('favourite-item')).toHaveLength(1));
    expect(api.callsTo(REMOVE)[0].body).toEqual({ uid: 'old-model' });
    expect(store.get(accountHeartsAtom)).toEqual(['zenbook']);
  });

  it('shows the empty state only when the account truly has none; a failure is not "empty"', async () => {
    mockApi({ [LIST]: () => new Response('{"status":"error","message":"خطای سرور","field":null}', { status: 503, headers: { 'Content-Type': 'application/json' } }) });
    const first = renderApp('/profile/favorites', { signedIn: true });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByTestId('empty-state')).toBeNull();
    first.unmount();

    mockApi({ [LIST]: () => page([]) });
    renderApp('/profile/favorites', { signedIn: true });
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('هنوز محصولی به علاقه‌مندی‌ها اضافه نکرده‌اید.');
  });

  it('a thousand favourites come page by page (?page=), with the total in Persian digits', async () => {
    const api = mockApi({
      [LIST]: async (_url, request) => {
        const { page: n } = (await request.json()) as { page: number };
        return page(Array.from({ length: 24 }, (_, i) => fav(`p${(n - 1) * 24 + i}`)), 1000, n);
      },
    });
    renderApp('/profile/favorites?page=3', { signedIn: true });
    const items = await screen.findAllByTestId('favourite-item');
    expect(items).toHaveLength(24);
    expect(items[0]).toHaveAttribute('data-uid', 'p48');
    expect(api.callsTo(LIST)[0].body).toEqual({ page: 3, size: 24 });
    await waitFor(() => expect(screen.getByText('۱۰۰۰ کالا')).toBeInTheDocument());
    expect(screen.getByRole('navigation', { name: 'صفحه‌بندی' })).toBeInTheDocument();
  });
});
