import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderAdminPage } from '@/shared/testing/render';
import { mockApi } from '@/shared/testing/fixtures';
import RefundsPage from './RefundsPage';
import { loadCore } from '@/shared/core';

afterEach(() => {
  vi.unstubAllGlobals();
});

const QUEUE = '/api/admin/v1/payment/refunds';
const REFUND = '/api/admin/v1/payment/refund';

const item = {
  payment_id: 7, order_id: 3, order_code: 'K7Q2M9XD', user_id: 5, customer_name: 'مریم احمدی', customer_mobile: '09123456789',
  amount: 10_620_000, refunded: 0, remaining: 10_620_000, ref_id: '201002', gateway: 'sandbox', at: 0, at_text: '۶ آذر ۱۴۰۵، ۱۴:۰۵',
  reason: 'سفارش پیش‌تر با پرداخت دیگری پرداخت شده بود',
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const show = () => renderAdminPage('adminRefunds', 'بازپرداخت‌ها', <RefundsPage />);

describe('/admin/refunds', () => {
  beforeAll(() => loadCore()); // the form checks with core/src/forms/refund.rs

  it('lists what is owed back with the order, customer, gateway reference and why', async () => {
    mockApi({ [QUEUE]: () => ({ status: 'ok', data: [item] }) });
    show();
    const row = await screen.findByTestId('refund-item');
    expect(row).toHaveTextContent('۰۹۱۲۳۴۵۶۷۸۹');
    expect(row).toHaveTextContent('K7Q2M9XD');
    expect(row).toHaveTextContent('۲۰۱۰۰۲');
    expect(row).toHaveTextContent(item.reason);
  });

  it('shows the server\'s refusal under the amount and keeps the form open', async () => {
    const api = mockApi({
      [QUEUE]: () => ({ status: 'ok', data: [item] }),
      [REFUND]: () => json(422, { status: 'error', message: 'مبلغ بازپرداخت از باقی‌ماندهٔ این پرداخت (۱۰٬۶۲۰٬۰۰۰ تومان) بیشتر است', field: 'amount' }),
    });
    show();
    fireEvent.click(await screen.findByTestId('refund-open'));
    const form = screen.getByTestId('refund-form');
    const amount = within(form).getByLabelText('مبلغ (تومان)');
    expect(amount).toHaveValue('۱۰٬۶۲۰٬۰۰۰');
    fireEvent.change(amount, { target: { value: '99999999' } });
    fireEvent.change(within(form).getByLabelText('شمارهٔ پیگیری بانک'), { target: { value: 'REF-1' } });
    fireEvent.click(within(form).getByTestId('refund-save'));
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'));
    expect(form).toHaveTextContent('بیشتر است');
    expect(api.callsTo(REFUND)[0].body).toEqual({ payment_id: 7, amount: '99999999', reference: 'REF-1', note: '' });
  });

  it('a full refund reloads the queue, which no longer has the payment', async () => {
    let rounds = 0;
    mockApi({
      [QUEUE]: () => ({ status: 'ok', data: rounds++ === 0 ? [item] : [] }),
      [REFUND]: () => ({ status: 'ok', refund_id: 1, remaining: 0 }),
    });
    show();
    fireEvent.click(await screen.findByTestId('refund-open'));
    fireEvent.change(screen.getByLabelText('شمارهٔ پیگیری بانک'), { target: { value: 'REF-1' } });
    fireEvent.click(screen.getByTestId('refund-save'));
    expect(await screen.findByText('پرداختی در صف بازپرداخت نیست.')).toBeInTheDocument();
    expect(screen.queryByTestId('refund-item')).toBeNull();
  });

  it('checks the reference and amount with core before sending', async () => {
    const api = mockApi({ [QUEUE]: () => ({ status: 'ok', data: [item] }) });
    show();
    fireEvent.click(await screen.findByTestId('refund-open'));
    const form = screen.getByTestId('refund-form');
    fireEvent.change(within(form).getByLabelText('مبلغ (تومان)'), { target: { value: '۰' } });
    fireEvent.change(within(form).getByLabelText('شمارهٔ پیگیری بانک'), { target: { value: 'REF 1' } });
    fireEvent.click(within(form).getByTestId('refund-save'));
    await waitFor(() => expect(within(form).getByLabelText('شمارهٔ پیگیری بانک')).toHaveAttribute('aria-invalid', 'true'));
    expect(form).toHaveTextContent('مبلغ بازپرداخت باید بیشتر از صفر باشد');
    expect(api.callsTo(REFUND)).toHaveLength(0);
  });
});
