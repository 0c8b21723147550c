import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@/shared/api';
import { renderApp } from '@/shared/testing/render';
import { mockApi } from '@/shared/testing/fixtures';

type Item = components['schemas']['DiscountItem'];

afterEach(() => {
  vi.unstubAllGlobals();
});

const LIST = '/api/client/v1/discount/list';

const item = (over: Partial<Item>): Item => ({
  Code: 'WELCOME10',
  Description: 'تخفیف خوش‌آمد برای اولین خرید',
  Kind: 'percent',
  Value: 10,
  TermsText: '۱۰٪ تخفیف تا سقف ۲٬۰۰۰٬۰۰۰ تومان، برای خرید از ۱۰٬۰۰۰٬۰۰۰ تومان',
  MinTotal: 10_000_000,
  MaxDiscount: 2_000_000,
  StartsAt: 1_700_000_000,
  EndsAt: 1_800_000_000,
  StartsText: '۲۴ آبان ۱۴۰۲',
  EndsText: '۲۴ خرداد ۱۴۰۶',
  Started: true,
  UsesLeft: 1,
  Categories: [],
  ProductsOnly: false,
  Personal: false,
  ...over,
});

describe('/profile/discounts', () => {
  it('lists every usable code with its terms, Jalali expiry and uses left in Persian digits', async () => {
    mockApi({
      [LIST]: () => ({
        status: 'ok',
        data: [
          item({}),
          item({ Code: 'GAMING5', TermsText: '۵٪ تخفیف', Categories: ['لپ‌تاپ گیمینگ'], UsesLeft: 2, Personal: true }),
          item({ Code: 'SOON', Started: false, StartsText: '۱ دی ۱۴۰۵', UsesLeft: undefined }),
        ],
      }),
    });
    renderApp('/profile/discounts', { signedIn: true });
    const cards = await screen.findAllByTestId('discount-code');
    expect(cards).toHaveLength(3);
    const first = within(cards[0]);
    expect(first.getByText('WELCOME10')).toBeInTheDocument();
    expect(first.getByText('۱۰٪ تخفیف تا سقف ۲٬۰۰۰٬۰۰۰ تومان، برای خرید از ۱۰٬۰۰۰٬۰۰۰ تومان')).toBeInTheDocument();
    expect(first.getByText('معتبر تا ۲۴ خرداد ۱۴۰۶')).toBeInTheDocument();
    expect(await first.findByText('۱ بار دیگر می‌توانید از این کد استفاده کنید')).toBeInTheDocument();
    const second = within(cards[1]);
    expect(second.getByText('فقط برای: لپ‌تاپ گیمینگ')).toBeInTheDocument();
    expect(second.getByText('ویژهٔ شما')).toBeInTheDocument();
    expect(await second.findByText('۲ بار دیگر می‌توانید از این کد استفاده کنید')).toBeInTheDocument();
    const third = within(cards[2]);
    expect(third.getByText('هنوز فعال نشده')).toBeInTheDocument();
    expect(third.getByText('از ۱ دی ۱۴۰۵ فعال می‌شود، معتبر تا ۲۴ خرداد ۱۴۰۶')).toBeInTheDocument();
    expect(third.queryByText(/بار دیگر/)).toBeNull();
    // No Western digit in what the customer reads (the code itself aside).
    for (const c of cards) expect(c.textContent!.replace(/[A-Z0-9]+(?=\s|$)/g, '').replace(/WELCOME10|GAMING5|SOON/g, '')).not.toMatch(/[0-9]/);
  });

  it('with no usable code it says so, and never shows an empty list', async () => {
    mockApi({ [LIST]: () => ({ status: 'ok', data: [] }) });
    renderApp('/profile/discounts', { signedIn: true });
    expect(await screen.findByText(/در حال حاضر کد تخفیفی برای شما فعال نیست/)).toBeInTheDocument();
    expect(screen.queryByTestId('discounts')).toBeNull();
  });

  it('a failed load says so (not "no codes") and retries', async () => {
    let n = 0;
    const api = mockApi({
      [LIST]: () => {
        n += 1;
        // The first load and the HTTP layer's one retry both fail.
        if (n <= 2) return new Response(JSON.stringify({ status: 'error', message: 'خطای سرور', field: null }), { status: 503, headers: { 'Content-Type': 'application/json' } });
        return { status: 'ok', data: [item({})] };
      },
    });
    renderApp('/profile/discounts', { signedIn: true });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByText(/کد تخفیفی برای شما فعال نیست/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /تلاش/ }));
    expect(await screen.findByText('WELCOME10')).toBeInTheDocument();
    expect(api.callsTo(LIST).length).toBeGreaterThanOrEqual(2);
  });
});
