import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteInfoContext } from '@/shared/hooks/routeInfo';
import { mockApi } from '@/shared/testing/fixtures';
import { renderWithApp } from '@/shared/testing/render';
import type { CustomerFile } from '../api/customers';
import CustomerPage, { customerId } from './CustomerPage';
import CustomersPage, { searchOf } from './CustomersPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const GET = '/api/admin/v1/customer/get';
const BLOCK = '/api/admin/v1/customer/block';
const LIST = '/api/admin/v1/customer/list';

function file(over: Partial<CustomerFile['profile']> = {}): CustomerFile {
  return {
    status: 'ok',
    profile: { id: 5, uid: 'u-5', mobile: '09121234567', name: 'مهتاب', lastname: 'کریمی', email: 'm@example.com', state: 'تهران', city: 'تهران', phone: '', block: false, block_reason: '', joined_text: '۱ آذر ۱۴۰۵', ...over },
    addresses: [{ id: 1, receiver_name: 'مهتاب کریمی', receiver_mobile: '09121234567', province: 'تهران', city: 'تهران', line: 'خیابان آزادی', postal_code: '1234567890', is_default: true }],
    orders: [{ code: 'K7Q2M9XD', status: 'paid', status_label: 'پرداخت‌شده', payment_method: 'full', payable: 10_620_000, payable_text: '۱۰٬۶۲۰٬۰۰۰ تومان', date_text: '۵ آذر ۱۴۰۵' }],
    order_count: 1,
    tickets: [],
    chat: { conversations: 0, messages: 0, last_text: '', unanswered: false },
    favourites: 3,
    plans: [],
  };
}

function page(id: string, ui = <CustomerPage />) {
  return renderWithApp(
    <RouteInfoContext.Provider value={{ name: 'adminCustomer', title: 'مشتری', layout: 'admin', requiresAuth: true, params: { id } }}>{ui}</RouteInfoContext.Provider>,
  );
}

describe('customer page (back office)', () => {
  it('reads only a positive whole id from the URL', () => {
    expect(customerId('12')).toBe(12);
    for (const bad of [undefined, '', '0', '-1', '1e3', '12a', '01']) expect(customerId(bad)).toBeNull();
  });

  it('shows the profile, the orders with their Jalali dates and totals, addresses and favourites in Persian digits', async () => {
    const api = mockApi({ [GET]: () => file() });
    page('5');
    expect(await screen.findByRole('heading', { level: 1, name: 'مهتاب کریمی' })).toBeInTheDocument();
    expect(api.callsTo(GET)[0].body).toEqual({ id: 5 });
    const orders = screen.getByTestId('customer-orders');
    expect(within(orders).getByText('K7Q2M9XD')).toBeInTheDocument();
    expect(orders).toHaveTextContent('پرداخت‌شده');
    expect(orders).toHaveTextContent('۱۰٬۶۲۰٬۰۰۰ تومان');
    expect(orders).toHaveTextContent('۵ آذر ۱۴۰۵');
    expect(screen.getByRole('region', { name: 'مشخصات' })).toHaveTextContent('موبایل:۰۹۱۲۱۲۳۴۵۶۷');
    expect(screen.getByText('کد پستی: ۱۲۳۴۵۶۷۸۹۰')).toBeInTheDocument();
    expect(screen.getByText('۳ محصول')).toBeInTheDocument();
  });

  it('blocks with the reason typed, shows the server refusal when there is none, and then the blocked state', async () => {
    const api = mockApi({
      [GET]: () => file(),
      [BLOCK]: async (_url, req) => {
        const body = (await req.json()) as { reason: string };
        if (!body.reason.trim()) return new Response(JSON.stringify({ status: 'error', message: 'دلیل را بنویسید.', field: 'reason' }), { status: 422, headers: { 'Content-Type': 'application/json' } });
        return file({ block: true, block_reason: body.reason });
      },
    });
    page('5');
    const block = await screen.findByRole('button', { name: 'مسدود کردن' });
    fireEvent.click(block);
    expect(await screen.findByText('دلیل را بنویسید.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('دلیل'), { target: { value: 'سفارش‌های جعلی' } });
    fireEvent.click(block);
    await waitFor(() => expect(screen.getByTestId('block-state')).toHaveTextContent('این حساب مسدود است. دلیل: سفارش‌های جعلی'));
    expect(api.callsTo(BLOCK).at(-1)?.body).toEqual({ id: 5, block: true, reason: 'سفارش‌های جعلی' });
    expect(screen.getByRole('button', { name: 'رفع مسدودی' })).toBeInTheDocument();
  });

  it('says so for an id the server does not know', async () => {
    mockApi({});
    page('99');
    expect(await screen.findByRole('alert')).toHaveTextContent('این مشتری پیدا نشد.');
  });
});

describe('customers search (back office)', () => {
  it('keeps the search and the page in the URL', () => {
    expect(searchOf(new URLSearchParams('q=0912&page=3'))).toEqual({ q: '0912', page: 3 });
    expect(searchOf(new URLSearchParams('page=-2'))).toEqual({ q: '', page: 1 });
    expect(searchOf(new URLSearchParams('page=x'))).toEqual({ q: '', page: 1 });
  });

  it('asks the server for what was typed and links each customer to their page', async () => {
    const api = mockApi({
      [LIST]: () => ({ status: 'ok', data: [{ id: 5, mobile: '09121234567', name: 'مهتاب', lastname: 'کریمی', email: '', city: 'تهران', block: true, joined_text: '۱ آذر ۱۴۰۵' }], total: 1, per_page: 20 }),
    });
    renderWithApp(
      <RouteInfoContext.Provider value={{ name: 'adminCustomers', title: 'مشتریان', layout: 'admin', requiresAuth: true, params: {} }}>
        <CustomersPage />
      </RouteInfoContext.Provider>,
      { path: '/?q=%DB%B0%DB%B9%DB%B1%DB%B2' },
    );
    const row = await screen.findByTestId('customer-row');
    expect(api.callsTo(LIST)[0].body).toEqual({ q: '۰۹۱۲', page: 1 });
    expect(within(row).getByRole('link', { name: 'مهتاب کریمی' })).toHaveAttribute('href', '/admin/customers/5');
    expect(row).toHaveTextContent('مسدود');
    expect(row).toHaveTextContent('۰۹۱۲۱۲۳۴۵۶۷');
  });
});
