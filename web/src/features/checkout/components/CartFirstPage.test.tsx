import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/shared/testing/render';
import { mockApi } from '@/shared/testing/fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ADD = '/api/client/v1/address/add';

const field = (name: string) => document.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)!;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const errorUnder = (name: string) => {
  const id = field(name).getAttribute('aria-describedby');
  return id ? document.getElementById(id.split(' ')[0])?.textContent : undefined;
};

async function openForm() {
  const utils = renderApp('/profile/cart/first-time', { signedIn: true });
  await screen.findByTestId('address-form');
  // The core (WASM) enables the submit button once loaded.
  await waitFor(() => expect(screen.getByRole('button', { name: 'ذخیره و ادامهٔ ثبت سفارش' })).toBeEnabled());
  return utils;
}

function fillValid() {
  type('name', 'مریم احمدی');
  type('mobile', '۰۹۱۲۳۴۵۶۷۸۹');
  type('state', 'تهران');
  type('city', 'تهران');
  type('address', 'خیابان آزادی، کوچه ۱۲، پلاک ۴');
  type('postalcode', '۱۲۳۴۵۶۷۸۹۰');
}

describe('first-time cart', () => {
  it('an empty form shows the core rule messages in red under each field and sends nothing', async () => {
    const api = mockApi({});
    await openForm();
    type('name', '');
    type('mobile', '');
    fireEvent.click(screen.getByRole('button', { name: 'ذخیره و ادامهٔ ثبت سفارش' }));
    await waitFor(() => expect(field('state')).toHaveAttribute('aria-invalid', 'true'));
    expect(errorUnder('state')).toBe('لطفا استان را انتخاب کنید');
    expect(errorUnder('city')).toBe('لطفا شهر را انتخاب کنید');
    for (const name of ['name', 'mobile', 'address', 'postalcode']) {
      expect(field(name)).toHaveAttribute('aria-invalid', 'true');
      expect(errorUnder(name)).toMatch(/[\u0600-\u06FF]/);
    }
    expect(document.getElementById(field('city').getAttribute('aria-describedby')!)).toHaveClass('text-red-600');
    expect(api.callsTo(ADD)).toHaveLength(0);
  });

  it('a wrong mobile, a short address and a nine-digit postal code get their own messages', async () => {
    mockApi({});
    await openForm();
    fillValid();
    type('mobile', '0912345');
    type('address', 'کوتاه');
    type('postalcode', '123456789');
    fireEvent.click(screen.getByRole('button', { name: 'ذخیره و ادامهٔ ثبت سفارش' }));
    await waitFor(() => expect(errorUnder('mobile')).toBe('شماره موبایل وارد شده معتبر نیست!'));
    expect(errorUnder('address')).toBe('نشانی باید حداقل ۱۰ کاراکتر باشد');
    expect(errorUnder('postalcode')).toBe('کد پستی باید ۱۰ رقم باشد');
    expect(field('name')).not.toHaveAttribute('aria-invalid');
  });

  it('valid details are saved as the default address (Western digits) and lead to order registration', async () => {
    const api = mockApi({
      [ADD]: () => ({ status: 'ok', Id: 5, data: [{ Id: 5, Name: 'مریم احمدی', Mobile: '09123456789', State: 'تهران', City: 'تهران', Address: 'خیابان آزادی، کوچه ۱۲، پلاک ۴', PostalCode: '1234567890', IsDefault: true }] }),
      '/api/client/v1/*': () => new Response('{}', { status: 500 }),
    });
    const { router } = await openForm();
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'ذخیره و ادامهٔ ثبت سفارش' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/cart/order-register'));
    expect(api.callsTo(ADD)[0].body).toEqual({
      name: 'مریم احمدی',
      mobile: '09123456789',
      state: 'تهران',
      city: 'تهران',
      address: 'خیابان آزادی، کوچه ۱۲، پلاک ۴',
      postalcode: '1234567890',
      plaque: '',
      unit: '',
      default: true,
    });
  });

  it("the server's refusal of a field is shown under that field and the page stays", async () => {
    mockApi({
      [ADD]: () =>
        new Response(JSON.stringify({ status: 'error', message: 'شهر انتخاب‌شده در این استان نیست', field: 'city' }), {
          status: 422,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    const { router } = await openForm();
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'ذخیره و ادامهٔ ثبت سفارش' }));
    await waitFor(() => expect(errorUnder('city')).toBe('شهر انتخاب‌شده در این استان نیست'));
    expect(router.state.location.pathname).toBe('/profile/cart/first-time');
  });
});
