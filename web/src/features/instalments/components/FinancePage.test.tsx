import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/shared/testing/render';
import { mockApi } from '@/shared/testing/fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const FINANCE = '/api/client/v1/instalment/finance';
const PAY = '/api/client/v1/instalment/pay';
const ORDER = '/api/client/v1/instalment/order';

const row = (id: number, n: string, state: string, label: string, paid: string | null = null) => ({
  Id: id, Number: id, NumberText: n, Amount: 1_387_680, AmountText: '۱٬۳۸۷٬۶۸۰ تومان', DueText: `۲ ${['دی', 'بهمن', 'اسفند'][id - 1]} ۱۴۰۵`,
  State: state, StateLabel: label, PaidText: paid,
});

const plan = {
  Code: 'K7Q2M9XD', PlanName: 'اقساط ۳ ماهه', DateText: '۲ آذر ۱۴۰۵', Total: 10_620_000, TotalText: '۱۰٬۶۲۰٬۰۰۰ تومان',
  DownPayment: 3_186_000, DownPaymentText: '۳٬۱۸۶٬۰۰۰ تومان', ChargeText: '۸۹۲٬۰۸۰ تومان', FinancedText: '۴٬۱۶۳٬۰۴۰ تومان',
  PaidText: '۱٬۳۸۷٬۶۸۰ تومان', RemainingText: '۲٬۷۷۵٬۳۶۰ تومان', NextId: 2,
  Instalments: [row(1, '۱', 'paid', 'پرداخت‌شده', '۳ دی ۱۴۰۵'), row(2, '۲', 'overdue', 'معوق'), row(3, '۳', 'upcoming', 'در انتظار سررسید')],
};

const payments = [
  { Id: 2, Code: 'K7Q2M9XD', Kind: 'instalment', KindLabel: 'قسط ۱', Amount: 1_387_680, AmountText: '۱٬۳۸۷٬۶۸۰ تومان', DateText: '۳ دی ۱۴۰۵', RefId: '201002' },
  { Id: 1, Code: 'K7Q2M9XD', Kind: 'down_payment', KindLabel: 'پیش‌پرداخت', Amount: 3_186_000, AmountText: '۳٬۱۸۶٬۰۰۰ تومان', DateText: '۲ آذر ۱۴۰۵', RefId: '201001' },
];

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('/profile/finance', () => {
  it('shows every payment and the schedule with paid, overdue and upcoming instalments', async () => {
    mockApi({ [FINANCE]: () => ({ status: 'ok', payments, plans: [plan] }) });
    renderApp('/profile/finance', { signedIn: true });
    const rows = await screen.findAllByTestId('instalment-row');
    expect(rows.map((r) => r.dataset.state)).toEqual(['paid', 'overdue', 'upcoming']);
    expect(rows[0]).toHaveTextContent('پرداخت‌شده');
    expect(rows[0]).toHaveTextContent('پرداخت در ۳ دی ۱۴۰۵');
    expect(rows[1]).toHaveTextContent('معوق');
    expect(rows[1]).toHaveTextContent('۲ بهمن ۱۴۰۵');
    const list = screen.getAllByTestId('payment');
    expect(list[0]).toHaveTextContent('قسط ۱');
    expect(list[1]).toHaveTextContent('پیش‌پرداخت');
    expect(list[1]).toHaveTextContent('۳٬۱۸۶٬۰۰۰ تومان');
    expect(screen.getByTestId('plan')).toHaveTextContent('۲٬۷۷۵٬۳۶۰ تومان');
  });

  it('«پرداخت قسط» asks for the next instalment with an Idempotency-Key and goes to the bank', async () => {
    const seen: { key: string | null; body: unknown }[] = [];
    const api = mockApi({
      [FINANCE]: () => ({ status: 'ok', payments, plans: [plan] }),
      [PAY]: async (_: URL, request: Request) => {
        seen.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() });
        return { status: 'ok', url: 'about:blank#bank', authority: 'S1' };
      },
    });
    renderApp('/profile/finance', { signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'پرداخت قسط ۲' }));
    await waitFor(() => expect(api.callsTo(PAY)).toHaveLength(1));
    expect(seen[0].body).toEqual({ id: 2 });
    expect(seen[0].key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("the server's refusal is shown in Persian and nothing else happens", async () => {
    mockApi({
      [FINANCE]: () => ({ status: 'ok', payments, plans: [plan] }),
      [PAY]: () => json(422, { status: 'error', message: 'این قسط قبلا پرداخت شده است', field: 'id' }),
    });
    renderApp('/profile/finance', { signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'پرداخت قسط ۲' }));
    expect(await screen.findByTestId('pay-error')).toHaveTextContent('این قسط قبلا پرداخت شده است');
    expect(screen.getByRole('button', { name: 'پرداخت قسط ۲' })).toBeEnabled();
  });

  it('with nothing bought in instalments it says so, and a fully paid plan offers no button', async () => {
    mockApi({ [FINANCE]: () => ({ status: 'ok', payments: [], plans: [] }) });
    renderApp('/profile/finance', { signedIn: true });
    expect(await screen.findByText('خرید اقساطی فعالی ندارید.')).toBeInTheDocument();
    expect(screen.getByText('هنوز پرداختی انجام نداده‌اید.')).toBeInTheDocument();

    const done = { ...plan, NextId: undefined, Instalments: plan.Instalments.map((i) => ({ ...i, State: 'paid', StateLabel: 'پرداخت‌شده' })) };
    mockApi({ [FINANCE]: () => ({ status: 'ok', payments, plans: [done] }) });
    renderApp('/profile/finance', { signedIn: true });
    const card = await screen.findByTestId('plan');
    expect(within(card).queryByRole('button')).toBeNull();
    expect(card).toHaveTextContent('همهٔ اقساط این سفارش پرداخت شده است.');
  });

  it("the bank's answer is shown after returning", async () => {
    mockApi({ [FINANCE]: () => ({ status: 'ok', payments, plans: [plan] }) });
    renderApp('/profile/finance?instalment=1&result=paid', { signedIn: true });
    expect(await screen.findByTestId('pay-result')).toHaveTextContent('قسط شما با موفقیت پرداخت شد.');
  });
});

describe('/success-inspayment', () => {
  it('shows what the server says about the down payment, with the schedule', async () => {
    const api = mockApi({ [ORDER]: () => ({ status: 'ok', DownPaymentPaid: true, Message: 'پیش‌پرداخت با موفقیت انجام شد. اقساط شما به شرح زیر است.', Plan: plan }) });
    renderApp('/success-inspayment?code=K7Q2M9XD', { signedIn: true });
    expect(await screen.findByTestId('payment-message')).toHaveTextContent('پیش‌پرداخت با موفقیت انجام شد');
    expect(screen.getAllByTestId('instalment-row')).toHaveLength(3);
    expect(api.callsTo(ORDER)[0].body).toEqual({ code: 'K7Q2M9XD' });
  });

  it('an unpaid down payment is not shown as paid', async () => {
    mockApi({ [ORDER]: () => ({ status: 'ok', DownPaymentPaid: false, Message: 'پیش‌پرداخت این سفارش هنوز انجام نشده است؛ تا پرداخت آن، اقساط فعال نمی‌شوند.', Plan: plan }) });
    renderApp('/success-inspayment?code=K7Q2M9XD', { signedIn: true });
    expect(await screen.findByTestId('payment-message')).toHaveTextContent('هنوز انجام نشده است');
  });

  it("an unknown or another customer's code shows no order", async () => {
    mockApi({ [ORDER]: () => json(404, { status: 'error', message: 'سفارش اقساطی مورد نظر پیدا نشد', field: 'code' }) });
    renderApp('/success-inspayment?code=NOPE1234', { signedIn: true });
    expect(await screen.findByTestId('unknown-order')).toHaveTextContent('سفارش اقساطی با این کد پیدا نشد.');
    expect(screen.queryByTestId('instalment-row')).toBeNull();
  });
});
