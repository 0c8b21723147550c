/**
 * The login popup against a fake server at the fetch boundary (nothing of ours is stubbed): the
 * captcha token, the resend action of each code dialog and the error-catalogue toasts.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { createStore } from 'jotai';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCore } from '@/shared/core';
import { loginModalAtom } from '@/shared/state';
import { isSignedInAtom } from '@/shared/session/session';
import { mockApi } from '@/shared/testing/fixtures';
import { renderWithApp } from '@/shared/testing/render';
import { AppToaster } from '@/shared/ui/toast';
import { LoginPopup } from './LoginPopup';

const OTP = '/api/client/v1/user/otp';
const FORGET_OTP = '/api/client/v1/user/otp/forget';
const VERIFY_FORGET = '/api/client/v1/user/verify/forget';
const FORGET = '/api/client/v1/user/forget';
const REGISTER = '/api/client/v1/user/register';
const MISMATCH = 'کد تایید ارسال شده معتبر نیست یا منقضی شده است؛ لطفا دوباره کد بگیرید';
const CAPTCHA = 'g-recaptcha-response';
const user = { Id: 1, Uid: 'u-1', Mobile: '09121234567', Name: 'علی', Lastname: 'احمدی' };

type Body = Record<string, unknown>;
/** The request says which code it asks for (`type`), not whether a captcha field is there. */
const isLoginCode = (b: Body) => b.type === 'login';

function open() {
  const store = createStore();
  store.set(loginModalAtom, true);
  return renderWithApp(
    <>
      <LoginPopup />
      <AppToaster />
    </>,
    { store },
  );
}

async function submitMobile(u: ReturnType<typeof userEvent.setup>, mobile = '09121234567') {
  await u.type(screen.getByLabelText('شماره موبایل'), mobile);
  await u.click(screen.getByRole('button', { name: 'ادامه' }));
}

/** Step 0, then password login, then "forgot password", then send the recovery code. */
async function askForRecoveryCode(u: ReturnType<typeof userEvent.setup>) {
  await submitMobile(u);
  await u.click(await screen.findByRole('button', { name: 'ورود با گذرواژه' }));
  await u.click(await screen.findByRole('button', { name: 'فراموشی گذرواژه' }));
  await u.click(await screen.findByRole('button', { name: 'ارسال کد تایید' }));
}

/** Lets the dialog's 59-second countdown run out, so that 'ارسال مجدد' shows. */
async function waitOutCountdown() {
  await act(() => vi.advanceTimersByTimeAsync(60_000));
  return screen.findByRole('button', { name: 'ارسال مجدد' });
}

const flow = () => screen.getByTestId('login-flow');
let errorToast: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  await loadCore();
});
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  errorToast = vi.spyOn(toast, 'error');
});
afterEach(() => {
  act(() => toast.remove());
  errorToast.mockRestore();
  delete window.grecaptcha;
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('captcha', () => {
  it('the provider’s token reaches the login code request', async () => {
    vi.stubEnv('VITE_RECAPTCHA_SITE_KEY', 'site-key-1');
    const execute = vi.fn(async () => 'captcha-token-77');
    window.grecaptcha = { ready: (cb) => cb(), execute };
    const api = mockApi({ [OTP]: () => ({ status: 'ok', data: 'h1' }) });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    open();
    await submitMobile(u);
    await waitFor(() => expect(api.callsTo(OTP)).toHaveLength(1));
    expect(api.callsTo(OTP)[0].body).toEqual({ mobile: '09121234567', [CAPTCHA]: 'captcha-token-77', type: 'login' });
    expect(execute).toHaveBeenCalledWith('site-key-1', { action: 'login' });
  });
});

describe('resend in the code dialog', () => {
  it('login: asks for a login code again (with the captcha field)', async () => {
    const api = mockApi({ [OTP]: () => ({ status: 'ok', data: 'h1' }) });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    open();
    await submitMobile(u);
    await waitFor(() => expect(flow()).toHaveAttribute('data-step', '1'));
    await u.click(await waitOutCountdown());
    await waitFor(() => expect(api.callsTo(OTP)).toHaveLength(2));
    expect(api.callsTo(OTP).map((c) => isLoginCode(c.body as Body))).toEqual([true, true]);
    expect(api.callsTo(FORGET_OTP)).toHaveLength(0);
  });

  it('registration: asks for a registration code again (no captcha field)', async () => {
    const api = mockApi({ [OTP]: (_u, r) => r.clone().json().then((b: Body) => (isLoginCode(b) ? { status: 'not' } : { status: 'ok', data: 'rh1' })) });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    open();
    await submitMobile(u, '09351234567');
    await waitFor(() => expect(flow()).toHaveAttribute('data-step', '2'));
    await u.click(await waitOutCountdown());
    await waitFor(() => expect(api.callsTo(OTP)).toHaveLength(3));
    expect(api.callsTo(OTP).map((c) => isLoginCode(c.body as Body))).toEqual([true, false, false]);
    expect(api.callsTo(OTP)[2].body).toEqual({ mobile: '09351234567', type: 'register' });
  });

  it('password recovery: asks for a recovery code again', async () => {
    const api = mockApi({
      [OTP]: () => ({ status: 'ok', data: 'h1' }),
      [FORGET_OTP]: () => ({ status: 'ok', data: 'fh1' }),
    });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    open();
    await askForRecoveryCode(u);
    await screen.findByRole('button', { name: 'تایید کد' });
    await u.click(await waitOutCountdown());
    await waitFor(() => expect(api.callsTo(FORGET_OTP)).toHaveLength(2));
    expect(api.callsTo(OTP)).toHaveLength(1);
  });
});

describe('error-catalogue toasts', () => {
  it('"already registered, please log in": a warning, then back to the login step', async () => {
    // The login code says "not registered", the registration code then says "exists" (a race).
    mockApi({ [OTP]: (_u, r) => r.clone().json().then((b: Body) => (isLoginCode(b) ? { status: 'not' } : { status: 'exist' })) });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    open();
    await submitMobile(u);
    const shown = await screen.findByText('این شماره قبلا ثبت‌نام کرده است؛ لطفا وارد شوید');
    expect(shown.closest('[role="status"]')?.parentElement?.textContent).toContain('⚠️');
    expect(errorToast).not.toHaveBeenCalled();
    expect(flow()).toHaveAttribute('data-step', '0');
    expect(screen.getByLabelText('شماره موبایل')).toBeInTheDocument();
  });

  it('"not registered yet, please register": an error, then the registration step', async () => {
    const api = mockApi({
      [OTP]: (_u, r) => r.clone().json().then((b: Body) => (isLoginCode(b) ? { status: 'ok', data: 'h1' } : { status: 'ok', data: 'rh1' })),
      [FORGET_OTP]: () => ({ status: 'not' }),
    });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    open();
    await askForRecoveryCode(u);
    expect(await screen.findByText('این شماره هنوز ثبت‌نام نکرده است؛ لطفا ثبت‌نام کنید')).toBeInTheDocument();
    expect(errorToast).toHaveBeenCalledWith('این شماره هنوز ثبت‌نام نکرده است؛ لطفا ثبت‌نام کنید', expect.anything());
    await waitFor(() => expect(flow()).toHaveAttribute('data-step', '2'));
    expect(api.callsTo(OTP).map((c) => isLoginCode(c.body as Body))).toEqual([true, false]);
  });

  it('mismatch of the sent code at registration: the registration submit answers wrong; an error, not signed in', async () => {
    const fresh = { Id: 2, Uid: 'u-2', Mobile: '09351234567' };
    const api = mockApi({
      [OTP]: (_u, r) => r.clone().json().then((b: Body) => (isLoginCode(b) ? { status: 'not' } : { status: 'ok', data: 'rh1' })),
      [REGISTER]: (_u, r) =>
        r.clone().json().then((b: Body) => ('device' in b ? { status: 'wrong', data: 'wrong' } : { status: 'ok', token: 't1', reftoken: 'r1', mcode: 'mc-1', user: fresh })),
    });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { store } = open();
    await submitMobile(u, '09351234567');
    fireEvent.paste(await screen.findByLabelText('رقم ۱ از ۵'), { clipboardData: { getData: () => '54321' } });
    await u.click(screen.getByRole('button', { name: 'تایید کد' }));
    await u.type(await screen.findByLabelText('نام'), 'مریم');
    await u.type(screen.getByLabelText('نام خانوادگی'), 'رضایی');
    await u.type(screen.getByLabelText('گذرواژه'), 'Abc123!x');
    await u.type(screen.getByLabelText('تکرار گذرواژه'), 'Abc123!x');
    await u.selectOptions(screen.getByLabelText('استان'), 'تهران');
    await u.selectOptions(screen.getByLabelText('شهر'), 'تهران');
    await u.click(screen.getByRole('button', { name: 'تکمیل ثبت‌نام' }));
    expect(await screen.findByText(MISMATCH)).toBeInTheDocument();
    expect(errorToast).toHaveBeenCalledWith(MISMATCH, expect.anything());
    expect(api.callsTo(REGISTER).map((c) => (c.body as Body).mcode)).toEqual([undefined, 'mc-1']);
    // The form stays, to be sent again with a new code; the popup is not closed.
    expect(screen.getByRole('heading', { name: 'تکمیل اطلاعات حساب' })).toBeInTheDocument();
    expect(store.get(loginModalAtom)).toBe(true);
  });

  it('mismatch of the sent code at password recovery: the new password answers wrong; an error, back to sending a code', async () => {
    mockApi({
      [OTP]: () => ({ status: 'ok', data: 'h1' }),
      [FORGET_OTP]: () => ({ status: 'ok', data: 'fh1' }),
      [VERIFY_FORGET]: () => ({ status: 'ok', data: 'ok', mcode: 'fm' }),
      [FORGET]: () => ({ status: 'wrong', data: 'wrong' }),
    });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { store } = open();
    await askForRecoveryCode(u);
    fireEvent.paste(await screen.findByLabelText('رقم ۱ از ۵'), { clipboardData: { getData: () => '13579' } });
    await u.click(screen.getByRole('button', { name: 'تایید کد' }));
    await u.type(await screen.findByLabelText('گذرواژه جدید'), 'NewPass1!');
    await u.type(screen.getByLabelText('تکرار گذرواژه جدید'), 'NewPass1!');
    await u.click(screen.getByRole('button', { name: 'ثبت گذرواژه' }));
    expect(await screen.findByText(MISMATCH)).toBeInTheDocument();
    expect(errorToast).toHaveBeenCalledWith(MISMATCH, expect.anything());
    expect(await screen.findByRole('button', { name: 'ارسال کد تایید' })).toBeInTheDocument();
    expect(store.get(isSignedInAtom)).toBe(false);
  });

  it('"password changed successfully" after a recovery, and signed in', async () => {
    mockApi({
      [OTP]: () => ({ status: 'ok', data: 'h1' }),
      [FORGET_OTP]: () => ({ status: 'ok', data: 'fh1' }),
      [VERIFY_FORGET]: () => ({ status: 'ok', data: 'ok', mcode: 'fm' }),
      [FORGET]: () => ({ status: 'ok', data: 'ok', token: 'ft', reftoken: 'fr', user }),
    });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { store } = open();
    await askForRecoveryCode(u);
    fireEvent.paste(await screen.findByLabelText('رقم ۱ از ۵'), { clipboardData: { getData: () => '13579' } });
    await u.click(screen.getByRole('button', { name: 'تایید کد' }));
    await u.type(await screen.findByLabelText('گذرواژه جدید'), 'NewPass1!');
    await u.type(screen.getByLabelText('تکرار گذرواژه جدید'), 'NewPass1!');
    await u.click(screen.getByRole('button', { name: 'ثبت گذرواژه' }));
    expect(await screen.findByText('گذرواژه شما با موفقیت تغییر کرد')).toBeInTheDocument();
    await waitFor(() => expect(store.get(isSignedInAtom)).toBe(true));
  });
});
