import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/shared/testing/fixtures';
import { renderApp } from '@/shared/testing/render';
import type { Address } from '@/shared/api/address';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LIST = '/api/client/v1/address/list';
const DELETE = '/api/client/v1/address/delete';
const DEFAULT = '/api/client/v1/address/default';

const home: Address = {
  Id: 1,
  Name: 'مریم احمدی',
  Mobile: '09123456789',
  State: 'تهران',
  City: 'تهران',
  Address: 'خیابان آزادی، کوچه ۱۲',
  PostalCode: '1234567890',
  Plaque: '4',
  Unit: '3',
  IsDefault: true,
};
const work: Address = { ...home, Id: 2, Name: '<script>alert(1)</script>', State: 'فارس', City: 'شیراز', Plaque: '', Unit: '', IsDefault: false };

const ok = (data: Address[]) => () => ({ status: 'ok', data });

describe('address book page', () => {
  it('lists the addresses saved at checkout, the default marked, numbers in Persian digits', async () => {
    mockApi({ [LIST]: ok([home, work]) });
    renderApp('/profile/addresses', { signedIn: true });
    const cards = await screen.findAllByTestId('address-card');
    expect(cards).toHaveLength(2);
    expect(screen.queryByTestId('empty-state')).toBeNull();
    expect(within(cards[0]).getByText('پیش‌فرض')).toBeInTheDocument();
    await waitFor(() => expect(cards[0]).toHaveTextContent('کد پستی: ۱۲۳۴۵۶۷۸۹۰'));
    expect(cards[0]).toHaveTextContent('پلاک ۴');
    expect(cards[0]).toHaveTextContent('واحد ۳');
    expect(within(cards[1]).queryByText('پیش‌فرض')).toBeNull();
  });

  it('markup in a name is shown as text, never run', async () => {
    mockApi({ [LIST]: ok([home, work]) });
    renderApp('/profile/addresses', { signedIn: true });
    expect(await screen.findByText('<script>alert(1)</script>')).toBeInTheDocument();
    expect(document.querySelectorAll('main script, [data-testid="address-card"] script')).toHaveLength(0);
  });

  it('shows the empty state only when the server has no address, and a failure is not "empty"', async () => {
    mockApi({ [LIST]: () => new Response('{"status":"error","message":"خطای سرور","field":null}', { status: 503, headers: { 'Content-Type': 'application/json' } }) });
    const first = renderApp('/profile/addresses', { signedIn: true });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByTestId('empty-state')).toBeNull();
    first.unmount();

    mockApi({ [LIST]: ok([]) });
    renderApp('/profile/addresses', { signedIn: true });
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('هنوز نشانی‌ای ثبت نکرده‌اید.');
    fireEvent.click(screen.getByRole('button', { name: 'افزودن نشانی جدید' }));
    expect(await screen.findByTestId('address-form')).toBeInTheDocument();
  });

  it('chooses another default and deletes after a confirmation', async () => {
    const api = mockApi({
      [LIST]: ok([home, work]),
      [DEFAULT]: ok([{ ...work, IsDefault: true }, { ...home, IsDefault: false }]),
      [DELETE]: ok([{ ...work, IsDefault: true }]),
    });
    renderApp('/profile/addresses', { signedIn: true });
    const cards = await screen.findAllByTestId('address-card');
    fireEvent.click(within(cards[1]).getByRole('button', { name: 'انتخاب به‌عنوان پیش‌فرض' }));
    await waitFor(() => expect(api.callsTo(DEFAULT)[0]?.body).toEqual({ id: 2 }));
    await waitFor(() => expect(within(screen.getAllByTestId('address-card')[0]).getByText('پیش‌فرض')).toBeInTheDocument());

    const homeCard = screen.getAllByTestId('address-card')[1];
    fireEvent.click(within(homeCard).getByRole('button', { name: 'حذف' }));
    expect(api.callsTo(DELETE)).toHaveLength(0);
    fireEvent.click(within(homeCard).getByRole('button', { name: 'بله، حذف شود' }));
    await waitFor(() => expect(screen.getAllByTestId('address-card')).toHaveLength(1));
    expect(api.callsTo(DELETE)[0].body).toEqual({ id: 1 });
  });

  it('another customer’s or a vanished address (404) reloads the book instead of showing stale data', async () => {
    let lists = 0;
    mockApi({
      [LIST]: () => (++lists === 1 ? { status: 'ok', data: [home, work] } : { status: 'ok', data: [home] }),
      [DEFAULT]: () => new Response(JSON.stringify({ status: 'error', message: 'نشانی مورد نظر پیدا نشد', field: 'id' }), { status: 404, headers: { 'Content-Type': 'application/json' } }),
    });
    renderApp('/profile/addresses', { signedIn: true });
    const cards = await screen.findAllByTestId('address-card');
    fireEvent.click(within(cards[1]).getByRole('button', { name: 'انتخاب به‌عنوان پیش‌فرض' }));
    await waitFor(() => expect(screen.getAllByTestId('address-card')).toHaveLength(1));
  });
});
