import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCore } from '@/shared/core';
import { loadingAtom } from '@/shared/state';
import { ConfirmMobileDialog } from './ConfirmMobileDialog';
import { renderWithApp } from '@/shared/testing/render';
import { mockApi } from '@/shared/testing/fixtures';
import type { User } from '@/shared/session/api';

// The server is faked at the fetch boundary (mockApi): the dialog's own calls run as shipped.
const LOGIN = '/api/client/v1/user/login';
const REGISTER = '/api/client/v1/user/register';
type Reply = Record<string, unknown> | Response;
/** Fakes the login and registration verify calls; returns the recorded calls. */
function serve(answer: () => Reply | Promise<Reply>) {
  return mockApi({ [LOGIN]: answer, [REGISTER]: answer });
}
const sent = (api: ReturnType<typeof mockApi>, path = LOGIN) => api.callsTo(path).map((c) => c.body);

const box = (n: number) => screen.getByLabelText(`رقم ${'۱۲۳۴۵'[n - 1]} از ۵`) as HTMLInputElement;
const values = () => [1, 2, 3, 4, 5].map((n) => box(n).value);

function paste(target: HTMLElement, text: string) {
  fireEvent.paste(target, { clipboardData: { getData: () => text } });
}

const user = { Id: 1, Uid: 'u-1', Mobile: '09121234567' } as User;

function renderDialog(props: Partial<Parameters<typeof ConfirmMobileDialog>[0]> = {}) {
  const onResend = vi.fn(async () => 'hash-2' as string | null);
  const onVerified = vi.fn();
  const result = renderWithApp(
    <ConfirmMobileDialog mode="login" mobile="09121234567" hash="hash-1" onResend={onResend} onVerified={onVerified} {...props} />,
  );
  return { ...result, onResend, onVerified };
}

beforeAll(async () => {
  await loadCore();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the confirm-mobile dialog', () => {
  it('shows the logo, title, instruction, five labelled boxes left to right and the submit button', () => {
    renderDialog();
    expect(screen.getByRole('heading', { name: 'تایید شماره همراه' })).toBeInTheDocument();
    expect(screen.getByText('کد ۵ رقمی ارسال شده به شماره ۰۹۱۲۱۲۳۴۵۶۷ را وارد کنید')).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'کد تایید ۵ رقمی' });
    expect(group).toHaveAttribute('dir', 'ltr');
    expect(values()).toEqual(['', '', '', '', '']);
    expect(screen.getByRole('button', { name: 'تایید کد' })).toBeInTheDocument();
    expect(box(1)).toHaveFocus();
  });
});

describe('code boxes', () => {
  it('typing auto-advances and shows Persian digits', async () => {
    const u = userEvent.setup();
    renderDialog();
    await u.click(box(1));
    await u.keyboard('1');
    expect(box(2)).toHaveFocus();
    await u.keyboard('2345');
    expect(values()).toEqual(['۱', '۲', '۳', '۴', '۵']);
    expect(box(5)).toHaveFocus();
  });

  it('accepts Persian digits typed and ignores letters', async () => {
    const u = userEvent.setup();
    renderDialog();
    await u.click(box(1));
    await u.keyboard('۷a');
    expect(values()).toEqual(['۷', '', '', '', '']);
    expect(box(2)).toHaveFocus();
  });

  it('typing in the middle box fills only that box and advances', async () => {
    const u = userEvent.setup();
    renderDialog();
    await u.click(box(3));
    await u.keyboard('8');
    expect(values()).toEqual(['', '', '۸', '', '']);
    expect(box(4)).toHaveFocus();
  });

  it('re-typing a filled box replaces its digit', async () => {
    const u = userEvent.setup();
    renderDialog();
    paste(box(1), '12345');
    await u.click(box(2));
    await u.keyboard('9');
    expect(values()).toEqual(['۱', '۹', '۳', '۴', '۵']);
  });

  it("a pasted '۱۲۳۴۵' fills the boxes", () => {
    renderDialog();
    paste(box(2), '۱۲۳۴۵');
    expect(values()).toEqual(['۱', '۲', '۳', '۴', '۵']);
    expect(box(5)).toHaveFocus();
  });

  it('a shorter paste fills from the first box and focuses the next empty one', () => {
    renderDialog();
    paste(box(1), ' 12 ');
    expect(values()).toEqual(['۱', '۲', '', '', '']);
    expect(box(3)).toHaveFocus();
  });

  it("a pasted 'abcde' clears the boxes", () => {
    renderDialog();
    paste(box(1), '123');
    paste(box(1), 'abcde');
    expect(values()).toEqual(['', '', '', '', '']);
    expect(box(1)).toHaveFocus();
  });

  it('arrow keys move between boxes left to right', async () => {
    const u = userEvent.setup();
    renderDialog();
    await u.click(box(1));
    await u.keyboard('{ArrowRight}');
    expect(box(2)).toHaveFocus();
    await u.keyboard('{ArrowRight}{ArrowRight}');
    expect(box(4)).toHaveFocus();
    await u.keyboard('{ArrowLeft}');
    expect(box(3)).toHaveFocus();
    await u.keyboard('{End}');
    expect(box(5)).toHaveFocus();
    await u.keyboard('{Home}');
    expect(box(1)).toHaveFocus();
  });

  it('backspace clears a filled box, and on an empty box moves back and clears that one', async () => {
    const u = userEvent.setup();
    renderDialog();
    await u.click(box(1));
    await u.keyboard('12');
    expect(box(3)).toHaveFocus();
    await u.keyboard('{Backspace}');
    expect(box(2)).toHaveFocus();
    expect(values()).toEqual(['۱', '', '', '', '']);
    await u.keyboard('{Backspace}');
    expect(box(1)).toHaveFocus();
    expect(values()).toEqual(['', '', '', '', '']);
    await u.keyboard('{Backspace}');
    expect(box(1)).toHaveFocus();
  });

  it('delete removes the digit and shifts the rest left', async () => {
    const u = userEvent.setup();
    renderDialog();
    paste(box(1), '12345');
    await u.click(box(2));
    await u.keyboard('{Delete}');
    expect(values()).toEqual(['۱', '۳', '۴', '۵', '']);
    expect(box(2)).toHaveFocus();
  });
});

describe('countdown and resend', () => {
  it("counts down from 59 as 'seconds : 00', then offers 'ارسال مجدد' which restarts it", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const { onResend } = renderDialog();
    expect(screen.getByRole('timer')).toHaveTextContent('۵۹ : ۰۰');
    expect(screen.queryByRole('button', { name: 'ارسال مجدد' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer')).toHaveTextContent('۵۸ : ۰۰');
    act(() => vi.advanceTimersByTime(49_000));
    expect(screen.getByRole('timer')).toHaveTextContent('۰۹ : ۰۰');
    act(() => vi.advanceTimersByTime(9_000));
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    const resend = screen.getByRole('button', { name: 'ارسال مجدد' });
    await act(async () => {
      fireEvent.click(resend);
    });
    expect(onResend).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('timer')).toHaveTextContent('۵۹ : ۰۰');
  });

  it("counts down from the server's resend_in, and from the new one after a resend", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    renderDialog({ resendIn: 30, onResend: vi.fn(async () => ({ hash: 'hash-2', resendIn: 45 })) });
    expect(screen.getByRole('timer')).toHaveTextContent('۳۰ : ۰۰');
    act(() => vi.advanceTimersByTime(30_000));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'ارسال مجدد' }));
    });
    expect(screen.getByRole('timer')).toHaveTextContent('۴۵ : ۰۰');
  });

  it('keeps the resend button when no new hash comes back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    renderDialog({ onResend: vi.fn(async () => null) });
    act(() => vi.advanceTimersByTime(59_000));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'ارسال مجدد' }));
    });
    expect(screen.getByRole('button', { name: 'ارسال مجدد' })).toBeInTheDocument();
  });

  it('verifies with the new hash after a resend', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const api = serve(() => ({ status: 'ok', token: 't', user }));
    renderDialog();
    act(() => vi.advanceTimersByTime(59_000));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'ارسال مجدد' }));
    });
    paste(box(1), '12345');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'تایید کد' }));
    });
    expect(sent(api)).toEqual([{ mobile: '09121234567', code: '12345', hash: 'hash-2' }]);
  });
});

describe('submit', () => {
  it('asks for the code when a box is empty, without calling the server', async () => {
    const u = userEvent.setup();
    const api = serve(() => ({ status: 'ok', token: 't', user }));
    renderDialog();
    paste(box(1), '123');
    await u.click(screen.getByRole('button', { name: 'تایید کد' }));
    expect(screen.getByRole('alert')).toHaveTextContent('لطفا کد تایید را وارد کنید');
    expect(api.fetchMock).not.toHaveBeenCalled();
    expect(box(4)).toHaveFocus();
  });

  it("'wrong' shows 'کد وارد شده اشتباه است' and clears the digits", async () => {
    const u = userEvent.setup();
    const api = serve(() => ({ status: 'wrong' }));
    const { onVerified } = renderDialog();
    paste(box(1), '۱۲۳۴۵');
    await u.click(screen.getByRole('button', { name: 'تایید کد' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('کد وارد شده اشتباه است');
    expect(sent(api)).toEqual([{ mobile: '09121234567', code: '12345', hash: 'hash-1' }]);
    expect(values()).toEqual(['', '', '', '', '']);
    expect(onVerified).not.toHaveBeenCalled();
  });

  it("data 'wrong' (register mode) shows the same message", async () => {
    const u = userEvent.setup();
    const api = serve(() => ({ status: 'wrong', data: 'wrong' }));
    renderDialog({ mode: 'register' });
    paste(box(1), '11111');
    await u.click(screen.getByRole('button', { name: 'تایید کد' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('کد وارد شده اشتباه است');
    expect(sent(api, REGISTER)).toEqual([{ mobile: '09121234567', code: '11111', hash: 'hash-1' }]);
  });

  it("any other non-ok answer shows 'خطای سرور'", async () => {
    const u = userEvent.setup();
    serve(() => Response.json({ status: 'error', message: 'سرویس در دسترس نیست' }, { status: 500 }));
    renderDialog();
    paste(box(1), '12345');
    await u.click(screen.getByRole('button', { name: 'تایید کد' }));
    // (after the client's one retry of a 500)
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('خطای سرور'), { timeout: 3000 });
    expect(values()).toEqual(['', '', '', '', '']);
  });

  it("a rate limit with the server's own message still shows 'خطای سرور' inline", async () => {
    const u = userEvent.setup();
    serve(() => Response.json({ status: 'error', message: 'تعداد تلاش‌ها زیاد است' }, { status: 429 }));
    renderDialog();
    paste(box(1), '12345');
    await u.click(screen.getByRole('button', { name: 'تایید کد' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('خطای سرور'), { timeout: 3000 });
    expect(screen.getByRole('alert')).not.toHaveTextContent('تعداد تلاش‌ها زیاد است');
  });

  it('sets the global loading flag during the attempt and resets it after', async () => {
    let resolve: ((o: Reply) => void) | undefined;
    serve(() => new Promise<Reply>((r) => (resolve = r)));
    const { store } = renderDialog();
    paste(box(1), '12345');
    fireEvent.click(screen.getByRole('button', { name: 'تایید کد' }));
    await waitFor(() => expect(store.get(loadingAtom)).toBe(true));
    await waitFor(() => expect(resolve).toBeDefined());
    await act(async () => resolve!({ status: 'wrong' }));
    await waitFor(() => expect(store.get(loadingAtom)).toBe(false));
  });

  it('a thrown request error only clears the loading flag (and the digits)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const { store, onVerified } = renderDialog();
    paste(box(1), '12345');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'تایید کد' }));
    });
    expect(store.get(loadingAtom)).toBe(false);
    expect(screen.getByRole('alert')).toHaveTextContent('');
    expect(onVerified).not.toHaveBeenCalled();
    expect(values()).toEqual(['', '', '', '', '']);
  });

  it('double-clicking submit sends once', async () => {
    let resolve: ((o: Reply) => void) | undefined;
    const api = serve(() => new Promise<Reply>((r) => (resolve = r)));
    renderDialog();
    paste(box(1), '12345');
    const submit = screen.getByRole('button', { name: 'تایید کد' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    fireEvent.submit(submit.closest('form')!);
    await waitFor(() => expect(resolve).toBeDefined());
    await act(async () => resolve!({ status: 'ok', token: 't', user }));
    expect(api.callsTo(LOGIN)).toHaveLength(1);
  });

  it('calls onVerified with the answer on success and clears the digits', async () => {
    const u = userEvent.setup();
    serve(() => ({ status: 'ok', token: 't', reftoken: 'r', user }));
    const { onVerified } = renderDialog();
    paste(box(1), '12345');
    await u.keyboard('{Enter}');
    await waitFor(() => expect(onVerified).toHaveBeenCalledWith({ status: 'ok', token: 't', reftoken: 'r', user, httpStatus: 200 }, '09121234567'));
    expect(values()).toEqual(['', '', '', '', '']);
  });

  it('register mode: the success event carries the mobile number', async () => {
    const u = userEvent.setup();
    serve(() => ({ status: 'ok', token: 't', mcode: 'mc', user }));
    const { onVerified } = renderDialog({ mode: 'register', mobile: '09351234567' });
    paste(box(1), '12345');
    await u.click(screen.getByRole('button', { name: 'تایید کد' }));
    await waitFor(() => expect(onVerified).toHaveBeenCalledTimes(1));
    expect(onVerified.mock.calls[0][1]).toBe('09351234567');
  });
});
