import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderAdminPage } from '@/shared/testing/render';
import { mockApi } from '@/shared/testing/fixtures';
import { loadCore } from '@/shared/core';
import ReturnsPage from './ReturnsPage';

beforeAll(() => loadCore()); // the forms check with core/src/forms/holiday.rs and return_reject.rs
afterEach(() => {
  vi.unstubAllGlobals();
});

const LIST = '/api/admin/v1/returns/list';
const H_LIST = '/api/admin/v1/returns/holidays/list';
const H_SAVE = '/api/admin/v1/returns/holidays/save';

const show = () => renderAdminPage('adminReturns', 'مرجوعی‌ها', <ReturnsPage />);

describe('/admin/returns: the holiday table', () => {
  it('refuses a day the calendar lacks and a missing name with core\'s words, before sending', async () => {
    const api = mockApi({
      [LIST]: () => ({ status: 'ok', data: [], total: 0, per_page: 30 }),
      [H_LIST]: () => ({ status: 'ok', data: [] }),
    });
    show();
    const box = await screen.findByTestId('holidays');
    fireEvent.change(within(box).getByLabelText('تاریخ (مثل ۱۴۰۵/۰۱/۰۱)'), { target: { value: '۱۴۰۵/۰۷/۳۱' } });
    fireEvent.click(within(box).getByText('افزودن'));
    await waitFor(() => expect(within(box).getByLabelText('مناسبت')).toHaveAttribute('aria-invalid', 'true'));
    expect(box).toHaveTextContent('لطفا نام مناسبت را وارد کنید');
    expect(within(box).getByLabelText('تاریخ (مثل ۱۴۰۵/۰۱/۰۱)')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(H_SAVE)).toHaveLength(0);
  });

  it('sends a good day and shows the table the server answers', async () => {
    const api = mockApi({
      [LIST]: () => ({ status: 'ok', data: [], total: 0, per_page: 30 }),
      [H_LIST]: () => ({ status: 'ok', data: [] }),
      [H_SAVE]: () => ({ status: 'ok', data: [{ id: 1, date: '1405/01/13', date_text: '۱۳ فروردین ۱۴۰۵', name: 'روز طبیعت' }] }),
    });
    show();
    const box = await screen.findByTestId('holidays');
    fireEvent.change(within(box).getByLabelText('تاریخ (مثل ۱۴۰۵/۰۱/۰۱)'), { target: { value: '۱۴۰۵/۰۱/۱۳' } });
    fireEvent.change(within(box).getByLabelText('مناسبت'), { target: { value: 'روز طبیعت' } });
    fireEvent.click(within(box).getByText('افزودن'));
    expect(await within(box).findByText(/روز طبیعت/)).toBeInTheDocument();
    expect(api.callsTo(H_SAVE)[0].body).toEqual({ date: '۱۴۰۵/۰۱/۱۳', name: 'روز طبیعت' });
  });
});
