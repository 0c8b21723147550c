import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteInfoContext } from '@/shared/hooks/routeInfo';
import { mockApi } from '@/shared/testing/fixtures';
import { renderWithApp } from '@/shared/testing/render';
import type { Dashboard } from '../api/dashboard';
import DashboardPage from './DashboardPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const day = (n: number, orders: number, revenue: number) => ({ date: `1405/08/${String(n).padStart(2, '0')}`, label: `${n} آبان`, orders, revenue, revenue_text: `${revenue} تومان` });

const summary: Dashboard = {
  status: 'ok',
  today: { ...day(30, 3, 31_000_000), label: '۳۰ آبان', revenue_text: '۳۱٬۰۰۰٬۰۰۰ تومان' },
  yesterday: { ...day(29, 1, 10_620_000), label: '۲۹ آبان', revenue_text: '۱۰٬۶۲۰٬۰۰۰ تومان' },
  waiting: [
    { status: 'registered', label: 'ثبت‌شده', count: 2 },
    { status: 'paid', label: 'پرداخت‌شده', count: 12 },
  ],
  refunds: 1,
  open_tickets: 4,
  unanswered_chats: 0,
  low_stock_threshold: 3,
  low_stock: [{ variant_id: 7, product_uid: 'zen', product_name: 'ایسوس ذنبوک ۱۴', color: 'نقره‌ای', warranty_name: 'بدون گارانتی', stock: 1 }],
  days: Array.from({ length: 30 }, (_, i) => day(i + 1, i % 3, i * 1_000_000)),
};

describe('dashboard', () => {
  it('shows today against yesterday, the work waiting and low stock in Persian digits', async () => {
    mockApi({ '/api/admin/v1/dashboard/summary': () => summary });
    renderWithApp(
      <RouteInfoContext.Provider value={{ name: 'adminDashboard', title: 'پیشخوان', layout: 'admin', requiresAuth: true, params: {} }}>
        <DashboardPage />
      </RouteInfoContext.Provider>,
    );
    const today = await screen.findByTestId('today-orders');
    expect(today).toHaveTextContent('۳');
    expect(today).toHaveTextContent('دیروز: ۱ سفارش، ۱۰٬۶۲۰٬۰۰۰ تومان');
    expect(screen.getByTestId('today-revenue')).toHaveTextContent('۳۱٬۰۰۰٬۰۰۰ تومان');
    const work = screen.getByTestId('dashboard-work');
    expect(work).toHaveTextContent('سفارش‌های در انتظار: پرداخت‌شده۱۲');
    expect(work).toHaveTextContent('تیکت‌های در انتظار پاسخ۴');
    expect(within(screen.getByTestId('low-stock')).getByText('۱ عدد')).toBeInTheDocument();
    // The chart's figures are also a table for screen readers, one row per day.
    expect(screen.getByRole('table', { name: 'جدول داده‌های نمودار' }).querySelectorAll('tbody tr')).toHaveLength(30);
  });
});
