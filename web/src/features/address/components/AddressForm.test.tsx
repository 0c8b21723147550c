import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/shared/testing/fixtures';
import { renderWithApp } from '@/shared/testing/render';
import type { Address } from '@/shared/api/address';
import { AddressForm } from './AddressForm';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ADD = '/api/client/v1/address/add';
const EDIT = '/api/client/v1/address/edit';

const field = (name: string) => document.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)!;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const errorUnder = (name: string) => {
  const id = field(name).getAttribute('aria-describedby');
  return id ? document.getElementById(id.split(' ')[0])?.textContent : undefined;
};

const saved: Address = {
  Id: 7,
  Name: 'مریم احمدی',
  Mobile: '09123456789',
  State: 'اصفهان',
  City: 'کاشان',
  Address: 'خیابان امیرکبیر، کوچه ۱۲',
  PostalCode: '8715988111',
  Plaque: '4',
  Unit: '',
  IsDefault: false,
};

async function open(props: Partial<Parameters<typeof AddressForm>[0]> = {}) {
  const onSaved = vi.fn();
  renderWithApp(<AddressForm submitLabel="ذخیره" onSaved={onSaved} askDefault {...props} />, { signedIn: true });
  await waitFor(() => expect(screen.getByRole('button', { name: 'ذخیره' })).toBeEnabled());
  return onSaved;
}

function fillValid() {
  type('name', 'مریم احمدی');
  type('mobile', '۰۹۱۲۳۴۵۶۷۸۹');
  type('state', 'اصفهان');
  type('city', 'کاشان');
  type('address', 'خیابان امیرکبیر، کوچه ۱۲');
  type('postalcode', '۸۷۱۵۹۸۸۱۱۱');
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'ذخیره' }));

describe('address form', () => {
  it('offers only the cities of the chosen province, from the one provinces list', async () => {
    mockApi({});
    await open();
    type('state', 'اصفهان');
    const cities = [...field('city').querySelectorAll('option')].map((o) => o.value).filter(Boolean);
    expect(cities).toContain('کاشان');
    expect(cities).not.toContain('شیراز');
    type('city', 'کاشان');
    type('state', 'فارس');
    expect(field('city').value).toBe('');
  });

  it('a nine-digit postal code and one with letters get the digits rule message; nothing is sent', async () => {
    const api = mockApi({});
    await open();
    fillValid();
    for (const bad of ['123456789', '12345abcde', '۱۲۳۴۵۶۷۸۹']) {
      type('postalcode', bad);
      submit();
      await waitFor(() => expect(errorUnder('postalcode')).toBe('کد پستی باید ۱۰ رقم باشد'));
      expect(field('postalcode')).toHaveAttribute('aria-invalid', 'true');
    }
    expect(api.callsTo(ADD)).toHaveLength(0);
  });

  it("a receiver's name under 3 letters or of white space only gets core's message (the server's own); nothing is sent", async () => {
    const api = mockApi({});
    await open();
    fillValid();
    type('name', 'عل');
    submit();
    await waitFor(() => expect(errorUnder('name')).toBe('نام گیرنده باید حداقل ۳ کاراکتر باشد'));
    type('name', ' \u200f ');
    submit();
    await waitFor(() => expect(errorUnder('name')).toBe('لطفا نام گیرنده را وارد کنید'));
    expect(field('name')).toHaveAttribute('maxlength', '100');
    expect(api.callsTo(ADD)).toHaveLength(0);
  });

  it('a postal code as printed on envelopes (a dash between the groups) is accepted by the core rule', async () => {
    const api = mockApi({ [ADD]: () => ({ status: 'ok', Id: 9, data: [{ ...saved, Id: 9 }] }) });
    const onSaved = await open();
    fillValid();
    type('postalcode', '۸۷۱۵۹-۸۸۱۱۱');
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect((api.callsTo(ADD)[0].body as { postalcode: string }).postalcode).toBe('8715988111');
  });

  it('Persian digits are accepted and sent as Western digits, with plaque, unit and the default choice', async () => {
    const api = mockApi({ [ADD]: () => ({ status: 'ok', Id: 9, data: [{ ...saved, Id: 9 }] }) });
    const onSaved = await open();
    fillValid();
    type('plaque', '۱۲');
    type('unit', '۳');
    fireEvent.click(screen.getByLabelText('نشانی پیش‌فرض من باشد'));
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(9, [{ ...saved, Id: 9 }]));
    expect(api.callsTo(ADD)[0].body).toEqual({
      name: 'مریم احمدی',
      mobile: '09123456789',
      state: 'اصفهان',
      city: 'کاشان',
      address: 'خیابان امیرکبیر، کوچه ۱۲',
      postalcode: '8715988111',
      plaque: '۱۲',
      unit: '۳',
      default: true,
    });
  });

  it('editing starts from the saved address and sends its id', async () => {
    const api = mockApi({ [EDIT]: () => ({ status: 'ok', data: [{ ...saved, City: 'اصفهان' }] }) });
    const onSaved = await open({ address: saved });
    expect(field('name').value).toBe('مریم احمدی');
    expect(field('city').value).toBe('کاشان');
    expect(field('plaque').value).toBe('4');
    type('city', 'اصفهان');
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(7, [{ ...saved, City: 'اصفهان' }]));
    expect(api.callsTo(EDIT)[0].body).toMatchObject({ id: 7, city: 'اصفهان', state: 'اصفهان', default: false });
    expect(api.callsTo(ADD)).toHaveLength(0);
  });

  it("the server's refusal of a field (a city not in the province) is shown under it in red", async () => {
    mockApi({
      [ADD]: () =>
        new Response(JSON.stringify({ status: 'error', message: 'شهر انتخاب‌شده در این استان نیست', field: 'city' }), {
          status: 422,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    const onSaved = await open();
    fillValid();
    submit();
    await waitFor(() => expect(errorUnder('city')).toBe('شهر انتخاب‌شده در این استان نیست'));
    expect(document.getElementById(field('city').getAttribute('aria-describedby')!)).toHaveClass('text-red-600');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('a refusal without a field (the book is full) is shown above the button', async () => {
    mockApi({
      [ADD]: () =>
        new Response(JSON.stringify({ status: 'error', message: 'حداکثر ۲۰ نشانی می‌توانید ثبت کنید', field: null }), {
          status: 422,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    await open();
    fillValid();
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('حداکثر ۲۰ نشانی می‌توانید ثبت کنید');
  });
});
