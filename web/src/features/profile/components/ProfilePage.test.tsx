import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCore } from '@/shared/core';
import { renderApp } from '@/shared/testing/render';
import { mockApi } from '@/shared/testing/fixtures';

const INFO = '/api/client/v1/user/info';
const ORDERS = '/api/client/v1/order/list';

const me = {
  Id: 1,
  Uid: 'u-1',
  Name: 'مریم',
  Lastname: 'احمدی',
  Mobile: '09123456789',
  Email: '',
  State: 'فارس',
  City: 'شیراز',
  Profile: '',
  Address1: '',
  Address2: '',
  PostalCode1: '',
  PostalCode2: '',
  Type: 1,
  Phone: '',
  Block: false,
};

const order = (n: number) => ({
  Code: `LS-${n}`,
  Status: 'paid',
  StatusLabel: 'پرداخت‌شده',
  Date: '۱ آذر ۱۴۰۵',
  CreatedAt: 1_790_000_000 + n,
  Count: 2,
  ItemsTotal: 1000,
  DeliveryPrice: 0,
  Discount: 0,
  Payable: 1000,
});

beforeAll(async () => {
  await loadCore();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the profile page', () => {
  it("shows the customer's name and mobile in Persian digits, recent orders and a link into every profile page", async () => {
    mockApi({
      [INFO]: () => ({ status: 'ok', user: me }),
      [ORDERS]: () => ({ status: 'ok', data: [order(4), order(3), order(2), order(1)] }),
    });
    renderApp('/profile', { signedIn: true });
    expect(await screen.findByTestId('profile-name')).toHaveTextContent('مریم احمدی');
    await waitFor(() => expect(screen.getByTestId('profile-mobile')).toHaveTextContent('۰۹۱۲۳۴۵۶۷۸۹'));
    expect(screen.getByTestId('profile-city')).toHaveTextContent('شیراز، فارس');
    const recent = await screen.findByTestId('recent-orders');
    expect(within(recent).getAllByTestId('order-row').map((r) => r.textContent)).toEqual([
      expect.stringContaining('LS-4'),
      expect.stringContaining('LS-3'),
      expect.stringContaining('LS-2'),
    ]);
    const links = within(screen.getByTestId('profile-links'))
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      '/profile/edit',
      '/profile/factors',
      '/profile/finance',
      '/profile/addresses',
      '/profile/cart',
      '/profile/discounts',
      '/profile/favorites',
      '/profile/alerts',
      '/profile/tickets',
      '/profile/messages',
    ]);
    // Tickets and messages: a way there, never a claim that there are none.
    expect(screen.getByRole('link', { name: 'مشاهده تیکت‌ها' })).toHaveAttribute('href', '/profile/tickets');
    expect(screen.getByRole('link', { name: 'مشاهده پیام‌ها' })).toHaveAttribute('href', '/profile/messages');
    expect(screen.queryByText(/تیکتی ثبت نکرده/)).not.toBeInTheDocument();
  });

  it('says "no orders yet" only when the server answers an empty list, and shows a failure as a failure', async () => {
    mockApi({ [INFO]: () => ({ status: 'ok', user: me }), [ORDERS]: () => ({ status: 'ok', data: [] }) });
    const first = renderApp('/profile', { signedIn: true });
    expect(await screen.findByText('هنوز سفارشی ثبت نکرده‌اید.')).toBeInTheDocument();
    first.unmount();

    mockApi({
      [INFO]: () => ({ status: 'ok', user: me }),
      [ORDERS]: () => new Response(JSON.stringify({ status: 'error', message: 'خطای سرور' }), { status: 503, headers: { 'Content-Type': 'application/json' } }),
    });
    renderApp('/profile', { signedIn: true });
    await screen.findByTestId('profile-name');
    await waitFor(() => expect(screen.getAllByRole('alert').length).toBeGreaterThan(0), { timeout: 4000 });
    expect(screen.queryByText('هنوز سفارشی ثبت نکرده‌اید.')).not.toBeInTheDocument();
  });

  it('renders markup typed into a name as text', async () => {
    mockApi({ [INFO]: () => ({ status: 'ok', user: { ...me, Name: '<script>alert(1)</script>', Lastname: '<b>x</b>' } }), [ORDERS]: () => ({ status: 'ok', data: [] }) });
    renderApp('/profile', { signedIn: true });
    expect(await screen.findByTestId('profile-name')).toHaveTextContent('<script>alert(1)</script> <b>x</b>');
    expect(document.querySelector('[data-testid="profile-name"] script, [data-testid="profile-name"] b')).toBeNull();
  });

  it('invites a customer without a name to complete the profile', async () => {
    mockApi({ [INFO]: () => ({ status: 'ok', user: { ...me, Name: '', Lastname: '', City: '', State: '' } }), [ORDERS]: () => ({ status: 'ok', data: [] }) });
    renderApp('/profile', { signedIn: true });
    expect(await screen.findByTestId('profile-name')).toHaveTextContent('نام شما هنوز ثبت نشده است');
    expect(screen.getByRole('link', { name: 'تکمیل اطلاعات حساب' })).toHaveAttribute('href', '/profile/edit');
    expect(screen.getByTestId('profile-city')).toHaveTextContent('ثبت نشده');
  });
});
