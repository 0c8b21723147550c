import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/shared/testing/fixtures';
import { renderApp } from '@/shared/testing/render';
import type { Alert } from '../api/alerts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LIST = '/api/client/v1/alert/list';
const REMOVE = '/api/client/v1/alert/remove';

const alert = (id: number, over: Partial<Alert> = {}): Alert => ({
  Id: id, Kind: 'restock', State: 'waiting', ProductUid: 'zenbook', ProductName: 'لپ‌تاپ ایسوس ذن‌بوک', VariantLabel: 'نقره‌ای / گارانتی ۱۸ ماهه',
  VariantId: 9, Threshold: 41_500_000, ThresholdText: '۴۱٬۵۰۰٬۰۰۰ تومان', CreatedAt: 1_764_000_000, SentAt: undefined, SentPriceText: undefined, ...over,
});

describe('the profile’s alerts page', () => {
  it('lists waiting and sent alerts and removes one', async () => {
    let list = [alert(2, { State: 'sent', SentAt: 1_764_300_000, SentPriceText: '۳۹٬۹۰۰٬۰۰۰ تومان' }), alert(1, { Kind: 'price_drop' })];
    const api = mockApi({
      [LIST]: () => ({ status: 'ok', data: list }),
      [REMOVE]: () => {
        list = list.slice(1);
        return { status: 'ok' };
      },
    });
    renderApp('/profile/alerts', { signedIn: true });
    const items = await screen.findAllByTestId('alert-item');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByTestId('alert-state')).toHaveTextContent('پیامک شد');
    expect(items[0]).toHaveTextContent('۳۹٬۹۰۰٬۰۰۰ تومان');
    expect(within(items[1]).getByTestId('alert-state')).toHaveTextContent('در انتظار');
    expect(items[1]).toHaveTextContent('ارزان‌تر از ۴۱٬۵۰۰٬۰۰۰ تومان');
    expect(within(items[0]).getByRole('link')).toHaveAttribute('href', '/product/zenbook');
    fireEvent.click(within(items[0]).getByRole('button', { name: 'حذف درخواست «لپ‌تاپ ایسوس ذن‌بوک»' }));
    await waitFor(() => expect(screen.getAllByTestId('alert-item')).toHaveLength(1));
    expect(api.callsTo(REMOVE)[0].body).toEqual({ id: 2 });
  });

  it('shows the empty state when there is none', async () => {
    mockApi({ [LIST]: () => ({ status: 'ok', data: [] }) });
    renderApp('/profile/alerts', { signedIn: true });
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('هنوز درخواست «خبرم کن» ندارید');
  });
});
