import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/shared/testing/render';
import { mockApi } from '@/shared/testing/fixtures';
import { InstalmentComparison } from './InstalmentComparison';

const PLANS = '/api/client/v1/instalment/plans';
const plans = [
  { Id: 1, Name: 'اقساط ۳ ماهه بدون کارمزد', DownPaymentPercent: 50, Months: 3, MonthlyRateBp: 0, MinTotal: 5_000_000, MaxTotal: 100_000_000 },
  { Id: 2, Name: 'اقساط ۱۲ ماهه', DownPaymentPercent: 40, Months: 12, MonthlyRateBp: 250, MinTotal: 20_000_000, MaxTotal: 300_000_000 },
];

/** The cells of the row headed by `plan`, as text. */
function rowOf(plan: string): string[] {
  const row = screen.getByRole('rowheader', { name: plan }).closest('tr')!;
  return within(row).getAllByRole('cell').map((c) => c.textContent ?? '');
}

describe('InstalmentComparison', () => {
  it('sets each plan down payment, monthly amount, count, total cost and the extra over paying in full side by side', async () => {
    mockApi({ [PLANS]: () => ({ status: 'ok', data: plans }) });
    renderWithApp(<InstalmentComparison total={30_000_000} />);
    await screen.findByRole('table', { name: 'مقایسهٔ طرح‌های اقساطی' });
    // 50% down, 15,000,000 in three without charge: nothing more than paying in full.
    expect(rowOf('اقساط ۳ ماهه بدون کارمزد')).toEqual(['۱۵٬۰۰۰٬۰۰۰ تومان', '۵٬۰۰۰٬۰۰۰ تومان', '۳', '۳۰٬۰۰۰٬۰۰۰ تومان', '۰ تومان']);
    // 40% down = 12,000,000; 18,000,000 × 2.5% × 12 = 5,400,000 charge; 23,400,000 in twelve.
    expect(rowOf('اقساط ۱۲ ماهه')).toEqual(['۱۲٬۰۰۰٬۰۰۰ تومان', '۱٬۹۵۰٬۰۰۰ تومان', '۱۲', '۳۵٬۴۰۰٬۰۰۰ تومان', '۵٬۴۰۰٬۰۰۰ تومان']);
  });

  it("gives a plan that does not take the total the core's reason in its row", async () => {
    mockApi({ [PLANS]: () => ({ status: 'ok', data: plans }) });
    renderWithApp(<InstalmentComparison total={10_000_000} />);
    await screen.findByRole('table');
    expect(rowOf('اقساط ۱۲ ماهه')).toEqual(['مبلغ سفارش برای این طرح اقساطی باید دست‌کم ۲۰٬۰۰۰٬۰۰۰ تومان باشد']);
    expect(rowOf('اقساط ۳ ماهه بدون کارمزد')[2]).toBe('۳');
  });
});
