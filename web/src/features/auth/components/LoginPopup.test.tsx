import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCore } from '@/shared/core';
import { loginModalAtom } from '@/shared/state';
import { LoginPopup } from './LoginPopup';
import { FADE_MS } from './LoginFlow';
import { isSignedInAtom, sessionAtom } from '@/shared/session/session';
import { renderWithApp } from '@/shared/testing/render';
import * as api from '@/features/auth/api/auth';
import type { User } from '@/shared/session/api';

vi.mock('@/features/auth/api/auth', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/features/auth/api/auth')>();
  return {
    ...actual,
    sendLoginOtp: vi.fn(),
    sendRegisterOtp: vi.fn(),
    verifyLogin: vi.fn(),
    verifyRegister: vi.fn(),
    completeRegistration: vi.fn(),
    passwordLogin: vi.fn(),
    sendForgetOtp: vi.fn(),
    verifyForget: vi.fn(),
    resetPassword: vi.fn(),
  };
});

const m = vi.mocked(api);
const user = { Id: 1, Uid: 'u-1', Mobile: '09121234567', Name: 'علی' } as User;

function open(path = '/') {
  const store = createStore();
  store.set(loginModalAtom, true);
  return renderWithApp(<LoginPopup />, { path, store });
}

const flow = () => screen.getByTestId('login-flow');
const mobileInput = () => screen.getByLabelText('شماره موبایل');

async function submitMobile(u: ReturnType<typeof userEvent.setup>, text: string) {
  await u.type(mobileInput(), text);
  await u.click(screen.getByRole('button', { name: 'ادامه' }));
}

async function pasteCode(code: string) {
  const first = await screen.findByLabelText('رقم ۱ از ۵');
  fireEvent.paste(first, { clipboardData: { getData: () => code } });
}

beforeAll(async () => {
  await loadCore();
});
beforeEach(() => {
  vi.clearAllMocks();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('login popup, step 0', () => {
  it('shows the mobile field, the terms notice with links to termsOfUse, continue and close', () => {
    open();
    const dialog = screen.getByRole('dialog', { name: 'ورود | ثبت‌نام' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const input = mobileInput();
    expect(input).toHaveAttribute('type', 'tel');
    expect(input).toHaveAttribute('dir', 'ltr');
    expect(input).toHaveAttribute('autocomplete', 'off');
    expect(within(dialog).getByRole('link', { name: 'شرایط و قوانین استفاده' })).toHaveAttribute('href', '/terms-of-use');
    expect(within(dialog).getByRole('link', { name: 'قوانین حریم خصوصی کاربران' })).toHaveAttribute('href', '/terms-of-use');
    expect(within(dialog).getByRole('button', { name: 'بستن' })).toBeInTheDocument();
    expect(flow()).toHaveAttribute('data-step', '0');
  });

  it.each([
    ['letters', 'abcdefghijk'],
    ['Persian letters', 'سلام'],
    ['12 digits', '091212345678'],
  ])('rejects %s with the mobile rule message and sends nothing', async (_n, text) => {
    const u = userEvent.setup();
    open();
    await submitMobile(u, text);
    expect(await screen.findByText('شماره موبایل وارد شده معتبر نیست!')).toBeInTheDocument();
    expect(m.sendLoginOtp).not.toHaveBeenCalled();
  });

  it('requires a number', async () => {
    const u = userEvent.setup();
    open();
    await u.click(screen.getByRole('button', { name: 'ادامه' }));
    expect(await screen.findByText('لطفا شماره موبایل را وارد کنید')).toBeInTheDocument();
    expect(m.sendLoginOtp).not.toHaveBeenCalled();
  });

  it("'ok' goes to step 1 through the transient step -1, with Persian digits normalised", async () => {
    const u = userEvent.setup();
    m.sendLoginOtp.mockResolvedValue({ status: 'ok', data: 'h1', httpStatus: 200 });
    open();
    await submitMobile(u, '۰۹۱۲۱۲۳۴۵۶۷');
    expect(m.sendLoginOtp).toHaveBeenCalledWith('09121234567', '');
    expect(flow()).toHaveAttribute('data-step', '-1');
    await waitFor(() => expect(flow()).toHaveAttribute('data-step', '1'), { timeout: FADE_MS + 1000 });
    expect(screen.getByRole('heading', { name: 'تایید شماره همراه' })).toBeInTheDocument();
  });

  it("'not' goes to step 2 (registration) after sending the registration code", async () => {
    const u = userEvent.setup();
    m.sendLoginOtp.mockResolvedValue({ status: 'not', httpStatus: 200 });
    m.sendRegisterOtp.mockResolvedValue({ status: 'ok', data: 'rh1', httpStatus: 200 });
    open();
    await submitMobile(u, '09351234567');
    await waitFor(() => expect(flow()).toHaveAttribute('data-step', '2'), { timeout: FADE_MS + 1000 });
    expect(m.sendRegisterOtp).toHaveBeenCalledWith('09351234567');
    expect(screen.getByText(/هنوز در فروشگاه ثبت‌نام نکرده است/)).toBeInTheDocument();
  });

  it.each([
    ['wrong', { status: 'wrong' as const, httpStatus: 200 }],
    ['exist', { status: 'exist' as const, httpStatus: 200 }],
    ['a rate limit', { status: 'error' as const, message: 'تعداد درخواست‌ها زیاد است', httpStatus: 429 }],
  ])('any other result (%s) stays at step 0', async (_n, answer) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    m.sendLoginOtp.mockResolvedValue(answer);
    open();
    await submitMobile(u, '09121234567');
    // Longer than a step change takes: a move would have happened by now.
    await act(() => vi.advanceTimersByTimeAsync(FADE_MS + 50));
    expect(flow()).toHaveAttribute('data-step', '0');
    expect(mobileInput()).toBeInTheDocument();
  });

  it('shows the loader overlay while the code is being sent', async () => {
    const u = userEvent.setup();
    let resolve!: (o: api.Outcome) => void;
    m.sendLoginOtp.mockReturnValue(new Promise((r) => (resolve = r)));
    open();
    await submitMobile(u, '09121234567');
    expect(screen.getByTestId('sending-overlay')).toHaveTextContent('در حال ارسال کد تایید…');
    await act(async () => resolve({ status: 'wrong', httpStatus: 200 }));
    expect(screen.queryByTestId('sending-overlay')).not.toBeInTheDocument();
  });

  it('the close button and Escape set the login modal off', async () => {
    const u = userEvent.setup();
    const { store } = open();
    await u.click(screen.getByRole('button', { name: 'بستن' }));
    expect(store.get(loginModalAtom)).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => store.set(loginModalAtom, true));
    await u.keyboard('{Escape}');
    expect(store.get(loginModalAtom)).toBe(false);
  });
});

describe('login popup, steps 1 and 2', () => {
  it('back from step 1 returns to step 0 with the number kept', async () => {
    const u = userEvent.setup();
    m.sendLoginOtp.mockResolvedValue({ status: 'ok', data: 'h1', httpStatus: 200 });
    open();
    await submitMobile(u, '09121234567');
    await waitFor(() => expect(flow()).toHaveAttribute('data-step', '1'), { timeout: 2000 });
    await u.click(screen.getByRole('button', { name: 'بازگشت' }));
    await waitFor(() => expect(flow()).toHaveAttribute('data-step', '0'), { timeout: 2000 });
    expect(mobileInput()).toHaveValue('09121234567');
  });

  it('a right code signs in, redirects to redirectTo and closes the popup', async () => {
    const u = userEvent.setup();
    m.sendLoginOtp.mockResolvedValue({ status: 'ok', data: 'h1', httpStatus: 200 });
    m.verifyLogin.mockResolvedValue({ status: 'ok', token: 'tok', reftoken: 'ref', user, httpStatus: 200 });
    const { store } = open('/?redirectTo=%2Fprofile');
    await submitMobile(u, '09121234567');
    await pasteCode('12345');
    await u.click(screen.getByRole('button', { name: 'تایید کد' }));
    await waitFor(() => expect(store.get(loginModalAtom)).toBe(false));
    expect(store.get(isSignedInAtom)).toBe(true);
    expect(store.get(sessionAtom)).toMatchObject({ accessToken: 'tok', refreshToken: 'ref' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile$/));
    expect(m.verifyLogin).toHaveBeenCalledWith('09121234567', '12345', 'h1');
    expect(localStorage.getItem('token')).toBeTruthy();
  });

  it('registration: code, then the form with the complex-password and confirmation rules, then signed in', async () => {
    const u = userEvent.setup();
    m.sendLoginOtp.mockResolvedValue({ status: 'not', httpStatus: 200 });
    m.sendRegisterOtp.mockResolvedValue({ status: 'ok', data: 'rh1', httpStatus: 200 });
    const fresh = { Id: 2, Uid: 'u-2', Mobile: '09351234567' } as User;
    m.verifyRegister.mockResolvedValue({ status: 'ok', token: 't1', reftoken: 'r1', mcode: 'mc-1', user: fresh, httpStatus: 200 });
    m.completeRegistration.mockResolvedValue({
      status: 'ok',
      data: 'ok',
      token: 't2',
      reftoken: 'r2',
      user: { ...fresh, Name: 'مریم' },
      httpStatus: 200,
    });
    const { store } = open('/?redirectTo=%2Fprofile');
    await submitMobile(u, '09351234567');
    await pasteCode('54321');
    await u.click(screen.getByRole('button', { name: 'تایید کد' }));
    expect(await screen.findByRole('heading', { name: 'تکمیل اطلاعات حساب' })).toBeInTheDocument();
    expect(m.verifyRegister).toHaveBeenCalledWith('09351234567', '54321', 'rh1');

    await u.type(screen.getByLabelText('نام'), 'مریم');
    await u.type(screen.getByLabelText('نام خانوادگی'), 'رضایی');
    await u.type(screen.getByLabelText('گذرواژه'), 'weak');
    await u.type(screen.getByLabelText('تکرار گذرواژه'), 'other');
    await u.click(screen.getByRole('button', { name: 'تکمیل ثبت‌نام' }));
    expect(screen.getByText('گذرواژه وارد شده ضعیف است')).toBeInTheDocument();
    expect(screen.getByText('عدم تطابق گذرواژه')).toBeInTheDocument();
    expect(screen.getByText('لطفا استان را انتخاب کنید')).toBeInTheDocument();
    expect(m.completeRegistration).not.toHaveBeenCalled();

    await u.clear(screen.getByLabelText('گذرواژه'));
    await u.type(screen.getByLabelText('گذرواژه'), 'Abc123!x');
    await u.clear(screen.getByLabelText('تکرار گذرواژه'));
    await u.type(screen.getByLabelText('تکرار گذرواژه'), 'Abc123!x');
    await u.selectOptions(screen.getByLabelText('استان'), 'تهران');
    await u.selectOptions(screen.getByLabelText('شهر'), 'تهران');
    await u.click(screen.getByRole('button', { name: 'تکمیل ثبت‌نام' }));
    await waitFor(() => expect(store.get(loginModalAtom)).toBe(false));
    expect(m.completeRegistration).toHaveBeenCalledWith({
      name: 'مریم',
      lastname: 'رضایی',
      email: '',
      password: 'Abc123!x',
      mobile: '09351234567',
      state: 'تهران',
      city: 'تهران',
      mcode: 'mc-1',
    });
    expect(store.get(sessionAtom)).toMatchObject({ accessToken: 't2', user: { Name: 'مریم' } });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile$/));
  });

  it('password login: wrong then right', async () => {
    const u = userEvent.setup();
    m.sendLoginOtp.mockResolvedValue({ status: 'ok', data: 'h1', httpStatus: 200 });
    m.passwordLogin.mockResolvedValueOnce({ status: 'wrong', httpStatus: 200 });
    m.passwordLogin.mockResolvedValueOnce({ status: 'ok', token: 'pt', user, httpStatus: 200 });
    const { store } = open('/shop');
    await submitMobile(u, '09121234567');
    await u.click(await screen.findByRole('button', { name: 'ورود با گذرواژه' }));
    await u.type(await screen.findByLabelText('گذرواژه'), 'Secret1!');
    await u.click(screen.getByRole('button', { name: 'ورود' }));
    expect(await screen.findByText('شماره موبایل یا گذرواژه اشتباه است')).toBeInTheDocument();
    await u.type(screen.getByLabelText('گذرواژه'), 'Secret1!');
    await u.click(screen.getByRole('button', { name: 'ورود' }));
    await waitFor(() => expect(store.get(isSignedInAtom)).toBe(true));
    expect(m.passwordLogin).toHaveBeenLastCalledWith('09121234567', 'Secret1!');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/shop$/));
  });

  it('password recovery: code, mcode, new password, signed in', async () => {
    const u = userEvent.setup();
    m.sendLoginOtp.mockResolvedValue({ status: 'ok', data: 'h1', httpStatus: 200 });
    m.sendForgetOtp.mockResolvedValue({ status: 'ok', data: 'fh1', httpStatus: 200 });
    m.verifyForget.mockResolvedValue({ status: 'ok', data: 'ok', mcode: 'fm', httpStatus: 200 });
    m.resetPassword.mockResolvedValue({ status: 'ok', data: 'ok', token: 'ft', user, httpStatus: 200 });
    const { store } = open();
    await submitMobile(u, '09121234567');
    await u.click(await screen.findByRole('button', { name: 'ورود با گذرواژه' }));
    await u.click(await screen.findByRole('button', { name: 'فراموشی گذرواژه' }));
    await u.click(await screen.findByRole('button', { name: 'ارسال کد تایید' }));
    await pasteCode('13579');
    await u.click(screen.getByRole('button', { name: 'تایید کد' }));
    expect(m.verifyForget).toHaveBeenCalledWith('09121234567', '13579', 'fh1');
    await u.type(await screen.findByLabelText('گذرواژه جدید'), 'NewPass1!');
    await u.type(screen.getByLabelText('تکرار گذرواژه جدید'), 'NewPass1!');
    await u.click(screen.getByRole('button', { name: 'ثبت گذرواژه' }));
    await waitFor(() => expect(store.get(isSignedInAtom)).toBe(true));
    expect(m.resetPassword).toHaveBeenCalledWith('09121234567', 'NewPass1!', 'fm');
  });
});

describe('focus', () => {
  it('traps Tab inside the dialog', async () => {
    const u = userEvent.setup();
    open();
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(mobileInput()).toHaveFocus());
    for (let i = 0; i < 12; i += 1) {
      await u.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    for (let i = 0; i < 12; i += 1) {
      await u.tab({ shift: true });
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('returns focus to the opener when the popup closes', async () => {
    const u = userEvent.setup();
    const store = createStore();
    renderWithApp(
      <>
        <button type="button" onClick={() => store.set(loginModalAtom, true)}>
          باز کردن
        </button>
        <LoginPopup />
      </>,
      { store },
    );
    const opener = screen.getByRole('button', { name: 'باز کردن' });
    await u.click(opener);
    await waitFor(() => expect(mobileInput()).toHaveFocus());
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
