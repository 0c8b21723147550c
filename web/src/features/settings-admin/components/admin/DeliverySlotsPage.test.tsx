import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAdminPage } from '@/shared/testing/render';
import { mockApi } from '@/shared/testing/fixtures';
import { loadCore } from '@/shared/core';
import DeliverySlotsPage from './DeliverySlotsPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LIST = '/api/admin/v1/delivery/slot/list';
const SAVE = '/api/admin/v1/delivery/slot/save';
const slot = { id: 7, city: 'تهران', day: '1405/09/11', start: '09:00', end: '12:00', cutoff: '08:00', capacity: 20, reserved: 3, label: 'چهارشنبه ۱۱ آذر، ساعت ۹ تا ۱۲', closed: false };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const show = () => renderAdminPage('adminDeliverySlots', 'بازه‌های ارسال', <DeliverySlotsPage />);

describe('/admin/settings/delivery-slots', () => {
  it("lists Tehran's slots with Persian digits, checks the form with core before sending, and shows the server's past-day refusal", async () => {
    await loadCore(); // the form checks with core's delivery_slot declaration
    const api = mockApi({
      [LIST]: () => ({ status: 'ok', data: [slot] }),
      [SAVE]: () => json(422, { status: 'error', message: 'این روز یا مهلت ثبت سفارش آن گذشته است', field: 'day' }),
    });
    show();
    const list = await screen.findByTestId('slot-list');
    expect(list).toHaveTextContent('چهارشنبه ۱۱ آذر، ساعت ۹ تا ۱۲');
    expect(list).toHaveTextContent('رزروشده: ۳ از ۲۰');
    expect(api.callsTo(LIST)[0].body).toEqual({ city: 'تهران' });
    const form = screen.getByTestId('slot-form');
    const type = (label: string, value: string) => fireEvent.change(within(form).getByLabelText(label, { exact: true }), { target: { value } });
    type('روز', '۱۴۰۵/۰۹/۱۲');
    type('شروع بازه', '۱۲');
    type('پایان بازه', '۹');
    type('ظرفیت (تعداد سفارش)', '۰');
    fireEvent.click(within(form).getByTestId('slot-save'));
    await waitFor(() => expect(form).toHaveTextContent('پایان بازه باید بعد از شروع آن باشد'));
    expect(form).toHaveTextContent('ظرفیت باید عددی از ۱ تا ۱۰۰۰۰ باشد');
    expect(api.callsTo(SAVE)).toHaveLength(0);
    type('پایان بازه', '۱۴');
    type('ظرفیت (تعداد سفارش)', '۱۰');
    fireEvent.click(within(form).getByTestId('slot-save'));
    await waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(1));
    expect(api.callsTo(SAVE)[0].body).toMatchObject({ city: 'تهران', day: '۱۴۰۵/۰۹/۱۲', start: '۱۲', end: '۱۴', capacity: '۱۰' });
    expect(await within(form).findByText('این روز یا مهلت ثبت سفارش آن گذشته است')).toBeInTheDocument();
  });
});
