import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCore } from '@/shared/core';
import { loginModalAtom } from '@/shared/state';
import { LoginPopup } from './LoginPopup';
import { FADE_MS } from './LoginFlow';
import { isSignedInAtom, sessionAtom } from '@/shared/session/session';
import { renderWithApp } from '@/shared/testing/render';
import { mockApi } from '@/shared/testing/fixtures';
import type { User } from '@/shared/session/api';

// The server is faked at the fetch boundary (mockApi): the popup's own calls run as shipped.
const OTP = '/api/client/v1/user/otp';
const LOGIN = '/api/client/v1/user/login';
const REGISTER = '/api/client/v1/user/register';
const FORGET_OTP = '/api/client/v1/user/otp/forget';
const VERIFY_FORGET = '/api/client/v1/user/verify/forget';
const FORGET = '/api/client/v1/user/forget';
type Body = Record<string, unknown>;
type Reply = Body | Response;
/** A login code request carries the captcha field; a registration code request does not. */
/** The request says which code it asks for (`type`), not whether a captcha field is there. */
const isLoginCode = (b: Body) => b.type === 'login';
/** Registration's second call (the form) carries the device; its first (the code) does not. */
const isRegistrationForm = (b: Body) => 'device' in b;

/** Fakes the server: each path answers from the request body. */
function serve(routes: Record<string, (body: Body) => Reply | Promise<Reply>>) {
  return mockApi(Object.fromEntries(Object.entries(routes).map(([path, answer]) => [path, async (_u: URL, r: Request) => answer((await r.clone().json()) as Body)])));
}
const bodiesTo = (api: ReturnType<typeof mockApi>, path: string) => api.callsTo(path).map((c) => c.body);

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
afterEach(() => {
  vi.unstubAllGlobals();
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
    const api = serve({});
    open();
    await submitMobile(u, text);
    expect(await screen.findByText('شماره موبایل وارد شده معتبر نیست!')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('requires a number', async () => {
    const u = userEvent.setup();
    const api = serve({});
    open();
    await u.click(screen.getByRole('button', { name: 'ادامه' }));
    expect(await screen.findByText('لطفا شماره موبایل را وارد کنید')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it("'ok' goes to step 1 through the transient step -1, with Persian digits normalised", async () => {
    const u = userEvent.setup();
    const api = serve({ [OTP]: () => ({ status: 'ok', data: 'h1' }) });
    open();
    await submitMobile(u, '۰۹۱۲۱۲۳۴۵۶۷');
    expect(bodiesTo(api, OTP)).toEqual([{ mobile: '09121234567', 'g-recaptcha-response': '', type: 'login' }]);
    expect(flow()).toHaveAttribute('data-step', '-1');
    await waitFor(() => expect(flow()).toHaveAttribute('data-step', '1'), { timeout: FADE_MS + 1000 });
    expect(screen.getByRole('heading', { name: 'تایید شماره همراه' })).toBeInTheDocument();
  });

  it('a step changes 495 ms after the answer (step -1 until then), and the new step fades in over 495 ms', async () => {
    serve({ [OTP]: () => ({ status: 'ok', data: 'h1' }) });
    open();
    vi.useFakeTimers(); // from here time moves only as the test says
    fireEvent.change(mobileInput(), { target: { value: '09121234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'ادامه' }));
    // The answer arrives (promises only, no time passes).
    for (let i = 0; i < 100 && flow().getAttribute('data-step') !== '-1'; i++) await act(() => vi.advanceTimersByTimeAsync(0));
    expect(flow()).toHaveAttribute('data-step', '-1');
    await act(() => vi.advanceTimersByTimeAsync(FADE_MS - 1));
    expect(flow()).toHaveAttribute('data-step', '-1');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(flow()).toHaveAttribute('data-step', '1');
    expect(FADE_MS).toBe(495);
    const fade = flow().querySelector<HTMLElement>('.auth-fade')!;
    expect(fade.style.transition).toBe('opacity 495ms ease-in-out');
  });

  it("'not' goes to step 2 (registration) after sending the registration code", async () => {
    const u = userEvent.setup();
    const api = serve({ [OTP]: (b) => (isLoginCode(b) ? { status: 'not' } : { status: 'ok', data: 'rh1' }) });
    open();
    await submitMobile(u, '09351234567');
    await waitFor(() => expect(flow()).toHaveAttribute('data-step', '2'), { timeout: FADE_MS + 1000 });
    expect(bodiesTo(api, OTP)[1]).toEqual({ mobile: '09351234567', type: 'register' });
    expect(screen.getByText(/هنوز در فروشگاه ثبت‌نام نکرده است/)).toBeInTheDocument();
  });

  it.each([
    ['wrong', () => ({ status: 'wrong' })],
    ['exist', () => ({ status: 'exist' })],
    ['a rate limit', () => Response.json({ status: 'error', message: 'تعداد درخواست‌ها زیاد است' }, { status: 429 })],
  ])('any other result (%s) stays at step 0', async (_n, answer) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    serve({ [OTP]: answer });
    open();
    await submitMobile(u, '09121234567');
    // Longer than a step change takes: a move would have happened by now.
    await act(() => vi.advanceTimersByTimeAsync(FADE_MS + 50));
    expect(flow()).toHaveAttribute('data-step', '0');
    expect(mobileInput()).toBeInTheDocument();
  });

  it('shows the loader overlay while the code is being sent', async () => {
    const u = userEvent.setup();
    let resolve!: (o: Reply) => void;
    serve({ [OTP]: () => new Promise<Reply>((r) => (resolve = r)) });
    open();
    await submitMobile(u, '09121234567');
    expect(screen.getByTestId('sending-overlay')).toHaveTextContent('در حال ارسال کد تایید…');
    await act(async () => resolve({ status: 'wrong' }));
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
    serve({ [OTP]: () => ({ status: 'ok', data: 'h1' }) });
    open();
    await submitMobile(u, '09121234567');
    await waitFor(() => expect(flow()).toHaveAttribute('data-step', '1'), { timeout: 2000 });
    await u.click(screen.getByRole('button', { name: 'بازگشت' }));
    await waitFor(() => expect(flow()).toHaveAttribute('data-step', '0'), { timeout: 2000 });
    expect(mobileInput()).toHaveValue('09121234567');
  });

  it('a right code signs in, redirects to redirectTo and closes the popup', async () => {
    const u = userEvent.setup();
    const api = serve({ [OTP]: () => ({ status: 'ok', data: 'h1' }), [LOGIN]: () => ({ status: 'ok', token: 'tok', reftoken: 'ref', user }) });
    const { store } = open('/?redirectTo=%2Fprofile');
    await submitMobile(u, '09121234567');
    await pasteCode('12345');
    await u.click(screen.getByRole('button', { name: 'تایید کد' }));
    await waitFor(() => expect(store.get(loginModalAtom)).toBe(false));
    expect(store.get(isSignedInAtom)).toBe(true);
    expect(store.get(sessionAtom)).toMatchObject({ accessToken: 'tok', refreshToken: 'ref' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile$/));
    expect(bodiesTo(api, LOGIN)).toEqual([{ mobile: '09121234567', code: '12345', hash: 'h1' }]);
    expect(localStorage.getItem('token')).toBeTruthy();
  });

  it('registration: code, then the form with the complex-password and confirmation rules, then signed in', async () => {
    const u = userEvent.setup();
    const fresh = { Id: 2, Uid: 'u-2', Mobile: '09351234567' } as User;
    const api = serve({
      [OTP]: (b) => (isLoginCode(b) ? { status: 'not' } : { status: 'ok', data: 'rh1' }),
      [REGISTER]: (b) =>
        isRegistrationForm(b)
          ? { status: 'ok', data: 'ok', token: 't2', reftoken: 'r2', user: { ...fresh, Name: 'مریم' } }
          : { status: 'ok', token: 't1', reftoken: 'r1', mcode: 'mc-1', user: fresh },
    });
    const { store } = open('/?redirectTo=%2Fprofile');
    await submitMobile(u, '09351234567');
    await pasteCode('54321');
    await u.click(screen.getByRole('button', { name: 'تایید کد' }));
    expect(await screen.findByRole('heading', { name: 'تکمیل اطلاعات حساب' })).toBeInTheDocument();
    expect(bodiesTo(api, REGISTER)).toEqual([{ mobile: '09351234567', code: '54321', hash: 'rh1' }]);

    await u.type(screen.getByLabelText('نام'), 'مریم');
    await u.type(screen.getByLabelText('نام خانوادگی'), 'رضایی');
    await u.type(screen.getByLabelText('گذرواژه'), 'weak');
    await u.type(screen.getByLabelText('تکرار گذرواژه'), 'other');
    await u.click(screen.getByRole('button', { name: 'تکمیل ثبت‌نام' }));
    expect(screen.getByText('گذرواژه وارد شده ضعیف است')).toBeInTheDocument();
    expect(screen.getByText('عدم تطابق گذرواژه')).toBeInTheDocument();
    expect(screen.getByText('لطفا استان را انتخاب کنید')).toBeInTheDocument();
    expect(api.callsTo(REGISTER)).toHaveLength(1);

    await u.clear(screen.getByLabelText('گذرواژه'));
    await u.type(screen.getByLabelText('گذرواژه'), 'Abc123!x');
    await u.clear(screen.getByLabelText('تکرار گذرواژه'));
    await u.type(screen.getByLabelText('تکرار گذرواژه'), 'Abc123!x');
    await u.selectOptions(screen.getByLabelText('استان'), 'تهران');
    await u.selectOptions(screen.getByLabelText('شهر'), 'تهران');
    await u.click(screen.getByRole('button', { name: 'تکمیل ثبت‌نام' }));
    await waitFor(() => expect(store.get(loginModalAtom)).toBe(false));
    expect(bodiesTo(api, REGISTER)[1]).toEqual({
      name: 'مریم',
      lastname: 'رضایی',
      email: '',
      password: 'Abc123!x',
      mobile: '09351234567',
      state: 'تهران',
      city: 'تهران',
      address1: '',
      postalCode1: '',
      phone: '',
      info: '',
      device: 'web',
      mcode: 'mc-1',
    });
    expect(store.get(sessionAtom)).toMatchObject({ accessToken: 't2', user: { Name: 'مریم' } });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile$/));
  });

  it('step 2 has a back button in both phases (the code, then the form)', async () => {
    const u = userEvent.setup();
    serve({
      [OTP]: (b) => (isLoginCode(b) ? { status: 'not' } : { status: 'ok', data: 'rh1' }),
      [REGISTER]: () => ({ status: 'ok', token: 't1', reftoken: 'r1', mcode: 'mc-1', user: { Id: 2, Uid: 'u-2', Mobile: '09351234567' } }),
    });
    open();
    await submitMobile(u, '09351234567');
    await waitFor(() => expect(flow()).toHaveAttribute('data-step', '2'), { timeout: FADE_MS + 1000 });
    expect(screen.getByRole('button', { name: 'بازگشت' })).toBeInTheDocument();
    await pasteCode('54321');
    await u.click(screen.getByRole('button', { name: 'تایید کد' }));
    expect(await screen.findByRole('heading', { name: 'تکمیل اطلاعات حساب' })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'بازگشت' }));
    await waitFor(() => expect(flow()).toHaveAttribute('data-step', '0'), { timeout: FADE_MS + 1000 });
    expect(mobileInput()).toHaveValue('09351234567');
  });

  it('password login: wrong then right', async () => {
    const u = userEvent.setup();
    let tries = 0;
    const api = serve({ [OTP]: () => ({ status: 'ok', data: 'h1' }), [LOGIN]: () => ((tries += 1) === 1 ? { status: 'wrong' } : { status: 'ok', token: 'pt', user }) });
    const { store } = open('/shop');
    await submitMobile(u, '09121234567');
    await u.click(await screen.findByRole('button', { name: 'ورود با گذرواژه' }));
    await u.type(await screen.findByLabelText('گذرواژه'), 'Secret1!');
    await u.click(screen.getByRole('button', { name: 'ورود' }));
    expect(await screen.findByText('شماره موبایل یا گذرواژه اشتباه است')).toBeInTheDocument();
    await u.type(screen.getByLabelText('گذرواژه'), 'Secret1!');
    await u.click(screen.getByRole('button', { name: 'ورود' }));
    await waitFor(() => expect(store.get(isSignedInAtom)).toBe(true));
    expect(bodiesTo(api, LOGIN).at(-1)).toEqual({ mobile: '09121234567', password: 'Secret1!' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/shop$/));
  });

  it('password recovery: code, mcode, new password, signed in', async () => {
    const u = userEvent.setup();
    const api = serve({
      [OTP]: () => ({ status: 'ok', data: 'h1' }),
      [FORGET_OTP]: () => ({ status: 'ok', data: 'fh1' }),
      [VERIFY_FORGET]: () => ({ status: 'ok', data: 'ok', mcode: 'fm' }),
      [FORGET]: () => ({ status: 'ok', data: 'ok', token: 'ft', user }),
    });
    const { store } = open();
    await submitMobile(u, '09121234567');
    await u.click(await screen.findByRole('button', { name: 'ورود با گذرواژه' }));
    await u.click(await screen.findByRole('button', { name: 'فراموشی گذرواژه' }));
    await u.click(await screen.findByRole('button', { name: 'ارسال کد تایید' }));
    await pasteCode('13579');
    await u.click(screen.getByRole('button', { name: 'تایید کد' }));
    expect(bodiesTo(api, VERIFY_FORGET)).toEqual([{ mobile: '09121234567', code: '13579', hash: 'fh1' }]);
    await u.type(await screen.findByLabelText('گذرواژه جدید'), 'NewPass1!');
    await u.type(screen.getByLabelText('تکرار گذرواژه جدید'), 'NewPass1!');
    await u.click(screen.getByRole('button', { name: 'ثبت گذرواژه' }));
    await waitFor(() => expect(store.get(isSignedInAtom)).toBe(true));
    expect(bodiesTo(api, FORGET)).toEqual([{ password: 'NewPass1!', mobile: '09121234567', mcode: 'fm' }]);
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
