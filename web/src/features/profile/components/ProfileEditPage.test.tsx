import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCore } from '@/shared/core';
import { sessionAtom } from '@/shared/session/session';
import { renderApp } from '@/shared/testing/render';
import { mockApi } from '@/shared/testing/fixtures';

const INFO = '/api/client/v1/user/info';
const EDIT = '/api/client/v1/account/edit';
const MOBILE_OTP = '/api/client/v1/account/mobile/otp';
const MOBILE_VERIFY = '/api/client/v1/account/mobile/verify';
const PASSWORD = '/api/client/v1/account/password';

const me = {
  Id: 1,
  Uid: 'u-1',
  Name: 'مریم',
  Lastname: 'احمدی',
  Mobile: '09123456789',
  Email: 'maryam@example.com',
  State: 'تهران',
  City: 'تهران',
  Profile: '',
  Address1: '',
  Address2: '',
  PostalCode1: '',
  PostalCode2: '',
  Type: 1,
  Phone: '',
  Block: false,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const field = (name: string) => document.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)!;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
/** The text shown under an input (its aria-describedby error), in red. */
const errorUnder = (name: string) => {
  const id = field(name).getAttribute('aria-describedby')?.split(' ')[0];
  const el = id ? document.getElementById(id) : null;
  if (el) expect(el).toHaveClass('text-red-600');
  return el?.textContent;
};

beforeAll(async () => {
  await loadCore();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function openPage(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ [INFO]: () => ({ status: 'ok', user: me }), ...routes });
  const utils = renderApp('/profile/edit', { signedIn: true });
  await screen.findByTestId('profile-form');
  await waitFor(() => expect(screen.getByRole('button', { name: 'ذخیره تغییرات' })).toBeEnabled());
  return { ...utils, api };
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'ذخیره تغییرات' }));

describe('the profile edit form', () => {
  it('is filled from the server and shows each core rule message in red under its input, sending nothing', async () => {
    const { api } = await openPage();
    expect(field('name')).toHaveValue('مریم');
    expect(field('city')).toHaveValue('تهران');
    type('name', '  ');
    type('lastname', '');
    type('email', 'ali@');
    type('phone', '021-abc');
    type('postalCode1', '۱۲۳۴۵۶۷۸۹');
    save();
    await waitFor(() => expect(errorUnder('name')).toBe('لطفا نام را وارد کنید'));
    expect(errorUnder('lastname')).toBe('لطفا نام خانوادگی را وارد کنید');
    expect(errorUnder('email')).toBe('ایمیل وارد شده معتبر نیست!');
    expect(errorUnder('phone')).toBe('تلفن ثابت باید مقدار عددی باشد');
    expect(errorUnder('postalCode1')).toBe('کد پستی باید ۱۰ رقم باشد');
    expect(field('name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('name')).toHaveFocus();
    expect(api.callsTo(EDIT)).toHaveLength(0);
  });

  it('an email without a domain is refused, one with a domain accepted', async () => {
    const { api } = await openPage({ [EDIT]: async (_u, req) => ({ status: 'ok', user: { ...me, ...(await req.json()) } }) });
    type('email', 'maryam@example');
    save();
    await waitFor(() => expect(errorUnder('email')).toBe('ایمیل وارد شده معتبر نیست!'));
    expect(api.callsTo(EDIT)).toHaveLength(0);
    type('email', 'maryam@example.ir');
    expect(errorUnder('email')).toBeUndefined();
    save();
    await waitFor(() => expect(api.callsTo(EDIT)).toHaveLength(1));
  });

  it('offers only the chosen province’s cities; changing the province asks for a city again', async () => {
    const { api } = await openPage();
    type('state', 'فارس');
    const cities = within(field('city') as HTMLSelectElement).getAllByRole('option').map((o) => o.textContent);
    expect(cities).toContain('شیراز');
    expect(cities).not.toContain('تبریز');
    expect(field('city')).toHaveValue('');
    save();
    await waitFor(() => expect(errorUnder('city')).toBe('لطفا شهر را انتخاب کنید'));
    type('state', '');
    save();
    await waitFor(() => expect(errorUnder('state')).toBe('لطفا استان را انتخاب کنید'));
    expect(api.callsTo(EDIT)).toHaveLength(0);
  });

  it('saves name and city with Western digits and shows what the server saved', async () => {
    const saved = { ...me, Name: 'سارا', State: 'فارس', City: 'شیراز', Phone: '07112345678', PostalCode1: '7134567890' };
    const { api, store } = await openPage({ [EDIT]: () => ({ status: 'ok', data: 'ok', user: saved }) });
    type('name', ' سارا ');
    type('state', 'فارس');
    type('city', 'شیراز');
    type('phone', '۰۷۱۱۲۳۴۵۶۷۸');
    type('postalCode1', '۷۱۳۴۵۶۷۸۹۰');
    save();
    await waitFor(() => expect(api.callsTo(EDIT)).toHaveLength(1));
    expect(api.callsTo(EDIT)[0].body).toEqual({
      name: 'سارا',
      lastname: 'احمدی',
      email: 'maryam@example.com',
      state: 'فارس',
      city: 'شیراز',
      phone: '07112345678',
      address1: '',
      postalCode1: '7134567890',
    });
    await waitFor(() => expect(store.get(sessionAtom).user?.City).toBe('شیراز'));
    expect(field('name')).toHaveValue('سارا');
    expect(await screen.findByText('اطلاعات حساب کاربری ذخیره شد.')).toBeInTheDocument();
  });

  it("refuses a 10 KB name with core's max-length message before sending (the server's own answer)", async () => {
    const { api } = await openPage();
    fireEvent.change(field('name'), { target: { value: 'ا'.repeat(10 * 1024) } });
    save();
    await waitFor(() => expect(errorUnder('name')).toBe('نام باید حداکثر ۱۰۰ کاراکتر باشد'));
    expect(api.callsTo(EDIT)).toHaveLength(0);
  });

  it("shows the server's refusal (a city outside the province) under the field it names", async () => {
    await openPage({ [EDIT]: () => json(422, { status: 'error', field: 'city', message: 'لطفا شهر را انتخاب کنید' }) });
    type('name', 'مریم');
    save();
    await waitFor(() => expect(errorUnder('city')).toBe('لطفا شهر را انتخاب کنید'));
    expect(errorUnder('name')).toBeUndefined();
  });

  it('keeps the name field at the server’s length limit', async () => {
    await openPage();
    expect(field('name')).toHaveAttribute('maxlength', '100');
    expect(field('address1')).toHaveAttribute('maxlength', '500');
  });
});

describe('changing the mobile number', () => {
  const box = (n: number) => screen.getByLabelText(`رقم ${'۱۲۳۴۵'[n - 1]} از ۵`) as HTMLInputElement;
  const paste = (text: string) => fireEvent.paste(box(1), { clipboardData: { getData: () => text } });

  async function askForCode(routes: Parameters<typeof mockApi>[0]) {
    const page = await openPage(routes);
    expect(screen.getByTestId('current-mobile')).toHaveTextContent('۰۹۱۲۳۴۵۶۷۸۹');
    fireEvent.click(screen.getByRole('button', { name: 'تغییر شماره موبایل' }));
    return page;
  }

  it('checks the number with the mobile rule before sending', async () => {
    const { api } = await askForCode({});
    type('mobile', '0912345');
    fireEvent.click(screen.getByRole('button', { name: 'ارسال کد تایید' }));
    await waitFor(() => expect(errorUnder('mobile')).toBe('شماره موبایل وارد شده معتبر نیست!'));
    expect(api.callsTo(MOBILE_OTP)).toHaveLength(0);
  });

  it('a number of another account is refused with the server’s message and nothing changes', async () => {
    const { api } = await askForCode({
      [MOBILE_OTP]: () => json(422, { status: 'error', field: 'mobile', message: 'این شماره موبایل متعلق به حساب کاربری دیگری است.' }),
    });
    type('mobile', '۰۹۳۵۱۲۳۴۵۶۷');
    fireEvent.click(screen.getByRole('button', { name: 'ارسال کد تایید' }));
    await waitFor(() => expect(errorUnder('mobile')).toBe('این شماره موبایل متعلق به حساب کاربری دیگری است.'));
    expect(api.callsTo(MOBILE_OTP)[0].body).toEqual({ mobile: '09351234567' });
    expect(screen.queryByRole('heading', { name: 'تایید شماره همراه' })).not.toBeInTheDocument();
    expect(screen.getByTestId('current-mobile')).toHaveTextContent('۰۹۱۲۳۴۵۶۷۸۹');
  });

  it('confirms the code sent to the new number in the sign-in code dialog; a wrong code changes nothing', async () => {
    let right = false;
    const { api, store } = await askForCode({
      [MOBILE_OTP]: () => ({ status: 'ok', data: 'hash-1', resend_in: 59 }),
      [MOBILE_VERIFY]: () =>
        right
          ? { status: 'ok', data: 'ok', user: { ...me, Mobile: '09351234567' }, message: 'شماره موبایل شما تغییر کرد.' }
          : { status: 'wrong', data: 'wrong', message: 'کد وارد شده اشتباه است' },
    });
    type('mobile', '09351234567');
    fireEvent.click(screen.getByRole('button', { name: 'ارسال کد تایید' }));
    expect(await screen.findByRole('heading', { name: 'تایید شماره همراه' })).toBeInTheDocument();
    expect(screen.getByText('کد ۵ رقمی ارسال شده به شماره ۰۹۳۵۱۲۳۴۵۶۷ را وارد کنید')).toBeInTheDocument();

    paste('۱۲۳۴۵');
    fireEvent.click(screen.getByRole('button', { name: 'تایید کد' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('کد وارد شده اشتباه است'));
    expect(screen.getByTestId('current-mobile')).toHaveTextContent('۰۹۱۲۳۴۵۶۷۸۹');

    right = true;
    paste('54321');
    fireEvent.click(screen.getByRole('button', { name: 'تایید کد' }));
    await waitFor(() => expect(screen.getByTestId('current-mobile')).toHaveTextContent('۰۹۳۵۱۲۳۴۵۶۷'));
    expect(api.callsTo(MOBILE_VERIFY).map((c) => c.body)).toEqual([
      { mobile: '09351234567', code: '12345', hash: 'hash-1' },
      { mobile: '09351234567', code: '54321', hash: 'hash-1' },
    ]);
    expect(store.get(sessionAtom).user?.Mobile).toBe('09351234567');
    expect(screen.queryByRole('heading', { name: 'تایید شماره همراه' })).not.toBeInTheDocument();
  });

  it('an account with a password is asked for it before a code is sent, and keeps this session with the new sign-in', async () => {
    const { api, store } = await askForCode({
      [MOBILE_OTP]: async (_url, req) =>
        ((await req.json()) as { password?: string }).password === 'Secret#123'
          ? { status: 'ok', data: 'hash-1', resend_in: 59 }
          : json(422, { status: 'error', field: 'password', message: 'لطفا گذرواژه را وارد کنید' }),
      [MOBILE_VERIFY]: () => ({
        status: 'ok',
        data: 'ok',
        token: 'access-2',
        reftoken: 'refresh-2',
        user: { ...me, Mobile: '09351234567' },
        message: 'شماره موبایل شما تغییر کرد.',
      }),
    });
    type('mobile', '09351234567');
    fireEvent.click(screen.getByRole('button', { name: 'ارسال کد تایید' }));
    await waitFor(() => expect(errorUnder('password')).toBe('لطفا گذرواژه را وارد کنید'));
    expect(screen.queryByRole('heading', { name: 'تایید شماره همراه' })).not.toBeInTheDocument();
    type('password', 'Secret#123');
    fireEvent.click(screen.getByRole('button', { name: 'ارسال کد تایید' }));
    expect(await screen.findByRole('heading', { name: 'تایید شماره همراه' })).toBeInTheDocument();
    expect(api.callsTo(MOBILE_OTP).map((c) => c.body)).toEqual([
      { mobile: '09351234567' },
      { mobile: '09351234567', password: 'Secret#123' },
    ]);
    paste('12345');
    fireEvent.click(screen.getByRole('button', { name: 'تایید کد' }));
    await waitFor(() => expect(screen.getByTestId('current-mobile')).toHaveTextContent('۰۹۳۵۱۲۳۴۵۶۷'));
    expect(store.get(sessionAtom).accessToken).toBe('access-2');
    expect(store.get(sessionAtom).refreshToken).toBe('refresh-2');
  });

  it('an account without a password confirms a second code sent to its current number', async () => {
    const { api } = await askForCode({
      [MOBILE_OTP]: () => ({ status: 'ok', data: 'hash-new', current_hash: 'hash-current', resend_in: 59 }),
      [MOBILE_VERIFY]: async (_url, req) =>
        ((await req.json()) as { currentCode?: string }).currentCode === '54321'
          ? { status: 'ok', data: 'ok', token: 'access-2', reftoken: 'refresh-2', user: { ...me, Mobile: '09351234567' } }
          : json(422, { status: 'error', field: 'currentCode', message: 'کد ارسال‌شده به شماره فعلی اشتباه است.' }),
    });
    type('mobile', '09351234567');
    fireEvent.click(screen.getByRole('button', { name: 'ارسال کد تایید' }));
    expect(await screen.findByRole('heading', { name: 'تایید شماره همراه' })).toBeInTheDocument();
    expect(screen.getByText('کدی که به شماره ۰۹۱۲۳۴۵۶۷۸۹ فرستادیم')).toBeInTheDocument();
    type('currentCode', '11111');
    paste('12345');
    fireEvent.click(screen.getByRole('button', { name: 'تایید کد' }));
    await waitFor(() => expect(errorUnder('currentCode')).toBe('کد ارسال‌شده به شماره فعلی اشتباه است.'));
    expect(screen.getByTestId('current-mobile')).toHaveTextContent('۰۹۱۲۳۴۵۶۷۸۹');
    type('currentCode', '54321');
    paste('12345');
    fireEvent.click(screen.getByRole('button', { name: 'تایید کد' }));
    await waitFor(() => expect(screen.getByTestId('current-mobile')).toHaveTextContent('۰۹۳۵۱۲۳۴۵۶۷'));
    expect(api.callsTo(MOBILE_VERIFY).map((c) => c.body)).toEqual([
      { mobile: '09351234567', code: '12345', hash: 'hash-new', currentCode: '11111', currentHash: 'hash-current' },
      { mobile: '09351234567', code: '12345', hash: 'hash-new', currentCode: '54321', currentHash: 'hash-current' },
    ]);
  });
});

describe('the password form', () => {
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'ثبت گذرواژه' }));

  it('refuses a weak password and a mismatched confirmation with the rules’ messages', async () => {
    const { api } = await openPage();
    type('password', 'abcdef');
    type('passwordConfirmation', 'abcdef');
    submit();
    await waitFor(() => expect(errorUnder('password')).toBe('گذرواژه وارد شده ضعیف است'));
    type('password', 'Xyz#9876');
    type('passwordConfirmation', 'Xyz#9877');
    submit();
    await waitFor(() => expect(errorUnder('passwordConfirmation')).toBe('عدم تطابق گذرواژه'));
    expect(api.callsTo(PASSWORD)).toHaveLength(0);
  });

  it('shows a wrong current password under its input, and keeps the new sign-in on success', async () => {
    let ok = false;
    const { api, store } = await openPage({
      [PASSWORD]: () =>
        ok
          ? { status: 'ok', data: 'ok', token: 'new-token', reftoken: 'new-ref', user: me, message: 'گذرواژه با موفقیت تغییر کرد.' }
          : json(422, { status: 'error', field: 'currentPassword', message: 'گذرواژه فعلی اشتباه است.' }),
    });
    type('currentPassword', 'Old#1234');
    type('password', 'Xyz#9876');
    type('passwordConfirmation', 'Xyz#9876');
    submit();
    await waitFor(() => expect(errorUnder('currentPassword')).toBe('گذرواژه فعلی اشتباه است.'));
    expect(store.get(sessionAtom).accessToken).toBe('token');
    ok = true;
    submit();
    await waitFor(() => expect(store.get(sessionAtom).accessToken).toBe('new-token'));
    expect(store.get(sessionAtom).refreshToken).toBe('new-ref');
    expect(api.callsTo(PASSWORD)[1].body).toEqual({ password: 'Xyz#9876', passwordConfirmation: 'Xyz#9876', currentPassword: 'Old#1234' });
    await waitFor(() => expect(field('password')).toHaveValue(''));
  });
});
