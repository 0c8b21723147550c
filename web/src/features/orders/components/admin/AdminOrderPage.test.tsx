import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteInfoContext } from '@/shared/hooks/routeInfo';
import { renderWithApp } from '@/shared/testing/render';
import { mockApi } from '@/shared/testing/fixtures';
import AdminOrderPage from './AdminOrderPage';
import AdminOrdersPage, { filterOf } from './AdminOrdersPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SHOW = '/api/admin/v1/order/show';
const SHIP = '/api/admin/v1/order/ship';
const LIST = '/api/admin/v1/order/list';

const order = {
  code: 'K7Q2M9XD',
  status: 'preparing',
  status_label: 'در حال آماده‌سازی',
  payment_method: 'full',
  customer_id: 7,
  customer_mobile: '09123456789',
  customer_name: 'مریم احمدی',
  lines: [{ id: 11, serials: [], name: 'لپ‌تاپ لنوو', color: 'نقره‌ای', property: '', warranty_name: 'گارانتی', variant_id: 1, num: 1, unit_price: 1000, warranty_price: 0, line_total: 1000 }],
  items_total: 1000,
  delivery_name: 'پست پیشتاز',
  delivery_price: 0,
  discount: 0,
  discount_code: null,
  payable: 1000,
  address: { Name: 'مریم احمدی', Mobile: '09123456789', State: 'تهران', City: 'تهران', Address: 'خیابان آزادی', PostalCode: '1234567890' },
  carrier: null,
  tracking_code: null,
  payments: [],
  plan: null,
  timeline: [
    { status: 'paid', label: 'پرداخت‌شده', note: '', actor: 'system', staff_id: null, staff_mobile: '', at: 0, at_text: '۶ آذر ۱۴۰۵، ۱۰:۰۰' },
    { status: 'preparing', label: 'در حال آماده‌سازی', note: '', actor: 'staff', staff_id: 3, staff_mobile: '09120000000', at: 0, at_text: '۶ آذر ۱۴۰۵، ۱۱:۰۰' },
  ],
  actions: ['ship', 'cancel'],
  carriers: ['پست', 'تیپاکس'],
  created_text: '۶ آذر ۱۴۰۵، ۹:۰۰',
};

function renderOrder() {
  const info = { name: 'adminOrder', title: 'سفارش', layout: 'admin', requiresAuth: true, params: { code: 'K7Q2M9XD' } };
  return renderWithApp(
    <RouteInfoContext.Provider value={info}>
      <AdminOrderPage />
    </RouteInfoContext.Provider>,
  );
}

describe('the staff order page', () => {
  it('offers only the moves the server allows and names who moved the order', async () => {
    mockApi({ [SHOW]: () => ({ status: 'ok', data: order }) });
    renderOrder();
    const actions = await screen.findByTestId('admin-order-actions');
    expect(within(actions).queryByRole('button', { name: 'شروع آماده‌سازی' })).not.toBeInTheDocument();
    expect(within(actions).queryByRole('button', { name: 'تحویل شد' })).not.toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'لغو سفارش' })).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'ثبت ارسال' })).toBeInTheDocument();
    const timeline = screen.getByTestId('admin-order-timeline');
    expect(timeline).toHaveTextContent('کارمند ۰۹۱۲۰۰۰۰۰۰۰');
    expect(timeline).toHaveTextContent('سامانه');
  });

  it("shows the server's refusal of a tracking code under its field", async () => {
    const message = 'کد رهگیری فقط می‌تواند حرف انگلیسی، رقم و خط تیره داشته باشد';
    const api = mockApi({
      [SHOW]: () => ({ status: 'ok', data: order }),
      [SHIP]: () => new Response(JSON.stringify({ status: 'error', message, field: 'tracking_code' }), { status: 422, headers: { 'Content-Type': 'application/json' } }),
    });
    renderOrder();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('شرکت حمل'), 'تیپاکس');
    await user.type(screen.getByLabelText('کد رهگیری'), '<b>1234</b>');
    await user.type(within(screen.getByTestId('ship-serials')).getAllByRole('textbox')[0], '5CD1234');
    await user.click(screen.getByRole('button', { name: 'ثبت ارسال' }));
    await waitFor(() => expect(screen.getByLabelText('کد رهگیری')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(api.callsTo(SHIP)[0].body).toEqual({
      code: 'K7Q2M9XD',
      carrier: 'تیپاکس',
      tracking_code: '<b>1234</b>',
      serials: [{ line_id: 11, serials: ['5CD1234'] }],
    });
  });
});

describe('the staff order list', () => {
  it('reads its filters and page from the URL', () => {
    expect(filterOf(new URLSearchParams('q=0912&status=paid&from=1405/09/01&page=3'))).toEqual({
      q: '0912',
      status: 'paid',
      method: '',
      from: '1405/09/01',
      to: '',
      page: 3,
    });
    expect(filterOf(new URLSearchParams('page=-4')).page).toBe(1);
    expect(filterOf(new URLSearchParams('page=abc')).page).toBe(1);
  });

  const row = {
    code: 'K7Q2M9XD',
    status: 'paid',
    status_label: 'پرداخت‌شده',
    payment_method: 'full',
    customer_mobile: '09123456789',
    customer_name: 'مریم احمدی',
    count: 1,
    payable: 1000,
    created_at: 0,
    created_text: '۶ آذر ۱۴۰۵، ۹:۰۰',
  };

  function renderList(path = '/admin/orders') {
    const info = { name: 'adminOrders', title: 'سفارش‌ها', layout: 'admin', requiresAuth: true, params: {} };
    return renderWithApp(
      <RouteInfoContext.Provider value={info}>
        <AdminOrdersPage />
      </RouteInfoContext.Provider>,
      { path },
    );
  }

  it('says «more than» when the server stopped counting, and pages on', async () => {
    mockApi({ [LIST]: () => ({ status: 'ok', data: [row], total: 10000, more: true, per_page: 50, page: 1 }) });
    renderList();
    expect(await screen.findByText('بیش از ۱۰٬۰۰۰ سفارش')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'صفحه‌بندی' });
    expect(within(nav).getByRole('link', { name: 'بعدی' })).toBeInTheDocument();
    expect(within(nav).getByTestId('pagination-more')).toBeInTheDocument();
  });

  it('shows an exact total as it is', async () => {
    mockApi({ [LIST]: () => ({ status: 'ok', data: [row], total: 1, more: false, per_page: 50, page: 1 }) });
    renderList();
    expect(await screen.findByText('۱ سفارش')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'صفحه‌بندی' })).toBeNull();
  });
});
