import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/shared/testing/render';
import { mockApi } from '@/shared/testing/fixtures';
import { InstalmentCalculator } from './InstalmentCalculator';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PLANS = '/api/client/v1/instalment/plans';
const plans = [
  { Id: 1, Name: 'اقساط ۳ ماهه بدون کارمزد', DownPaymentPercent: 50, Months: 3, MonthlyRateBp: 0, MinTotal: 5_000_000, MaxTotal: 100_000_000 },
  { Id: 2, Name: 'اقساط ۱۲ ماهه', DownPaymentPercent: 40, Months: 12, MonthlyRateBp: 250, MinTotal: 20_000_000, MaxTotal: 300_000_000 },
];

describe('InstalmentCalculator', () => {
  it("runs each plan through the core and shows the chosen plan's schedule", async () => {
    mockApi({ [PLANS]: () => ({ status: 'ok', data: plans }) });
    renderWithApp(<InstalmentCalculator total={10_000_000} />);
    const schedule = await screen.findByTestId('instalment-schedule');
    // The first plan that takes the total is chosen: 50% down, 3 without charge, the
    // remainder of 5,000,000 / 3 in the last instalment.
    expect(within(schedule).getByTestId('schedule-down-payment')).toHaveTextContent('۵٬۰۰۰٬۰۰۰ تومان');
    expect(within(schedule).getAllByText('۱٬۶۶۶٬۶۶۶ تومان')).toHaveLength(2);
    expect(within(schedule).getByText('۱٬۶۶۶٬۶۶۸ تومان')).toBeInTheDocument();
    expect(schedule.textContent).not.toMatch(/[0-9]/);
    // The 12-month plan needs 20,000,000: the core's reason, and it cannot be chosen.
    expect(screen.getByRole('radio', { name: /اقساط ۱۲ ماهه/ })).toBeDisabled();
    expect(screen.getByText('مبلغ سفارش برای این طرح اقساطی باید دست‌کم ۲۰٬۰۰۰٬۰۰۰ تومان باشد')).toBeInTheDocument();
    expect(screen.getByText(/کارمزد ماهانه ۲٫۵٪/)).toBeInTheDocument();
  });

  it('follows the total and lets the visitor switch plans', async () => {
    mockApi({ [PLANS]: () => ({ status: 'ok', data: plans }) });
    renderWithApp(<InstalmentCalculator total={30_000_000} />);
    const twelve = await screen.findByRole('radio', { name: /اقساط ۱۲ ماهه/ });
    expect(twelve).toBeEnabled();
    fireEvent.click(twelve);
    const schedule = screen.getByTestId('instalment-schedule');
    // 40% down = 12,000,000; 18,000,000 × 2.5% × 12 = 5,400,000; 23,400,000 in twelve.
    expect(within(schedule).getByTestId('schedule-down-payment')).toHaveTextContent('۱۲٬۰۰۰٬۰۰۰ تومان');
    expect(within(schedule).getByText('۲۳٬۴۰۰٬۰۰۰ تومان')).toBeInTheDocument();
    expect(within(schedule).getAllByText('۱٬۹۵۰٬۰۰۰ تومان')).toHaveLength(12);
  });

  it('says when no plan is on offer or the plans cannot be loaded', async () => {
    mockApi({ [PLANS]: () => ({ status: 'ok', data: [] }) });
    const { unmount } = renderWithApp(<InstalmentCalculator total={30_000_000} />);
    expect(await screen.findByText('در حال حاضر طرح اقساطی فعالی وجود ندارد.')).toBeInTheDocument();
    unmount();
    mockApi({ [PLANS]: () => new Response('{}', { status: 503 }) });
    renderWithApp(<InstalmentCalculator total={30_000_000} />);
    expect(await screen.findByText('دریافت طرح‌های اقساطی ممکن نشد.')).toBeInTheDocument();
  });
});
