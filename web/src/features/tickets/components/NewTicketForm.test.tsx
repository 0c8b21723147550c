import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/shared/testing/fixtures';
import { renderApp } from '@/shared/testing/render';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LIST = '/api/client/v1/ticket/list';
const OPEN = '/api/client/v1/ticket/open';
const ORDERS = '/api/client/v1/order/list';
const SHOW = '/api/client/v1/ticket/show';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];
const EXE = [0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0];

function file(name: string, bytes: number[], size = bytes.length, type = 'image/png'): File {
  const body = new Uint8Array(size);
  body.set(bytes.slice(0, size));
  return new File([body], name, { type });
}

const orders = {
  status: 'ok',
  data: [{ Code: 'K7Q2M9XD', Status: 'paid', StatusLabel: 'پرداخت‌شده', Date: '۳ آذر ۱۴۰۵', CreatedAt: 0, Count: 1, ItemsTotal: 1, DeliveryPrice: 0, Discount: 0, Payable: 1 }],
};

const summary = (over: Record<string, unknown> = {}) => ({
  Id: 42,
  Subject: 'لپ‌تاپ روشن نمی‌شود',
  Department: 'technical',
  Priority: 'normal',
  Status: 'open',
  OrderCode: null,
  Unread: false,
  CreatedAt: '۱۴۰۵/۰۹/۰۲ ۱۳:۳۰',
  UpdatedAt: '۱۴۰۵/۰۹/۰۲ ۱۳:۳۰',
  ...over,
});

async function openForm() {
  const user = userEvent.setup();
  await user.click(await screen.findByTestId('new-ticket'));
  const form = await screen.findByTestId('new-ticket-form');
  // The form waits for the WASM core before it accepts files and a submit.
  await waitFor(() => expect(within(form).getByTestId('ticket-submit')).toBeEnabled());
  return { user, form };
}

describe('new ticket form', () => {
  it('names every missing field with the core rule messages and sends nothing', async () => {
    const api = mockApi({ [LIST]: () => ({ status: 'ok', data: [] }), [ORDERS]: () => orders });
    renderApp('/profile/tickets', { signedIn: true });
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('هنوز تیکتی ثبت نکرده‌اید');
    const { user, form } = await openForm();
    await user.click(within(form).getByTestId('ticket-submit'));
    expect(await within(form).findByText('لطفا موضوع را وارد کنید')).toBeVisible();
    expect(within(form).getByText('لطفا بخش را انتخاب کنید')).toBeVisible();
    expect(within(form).getByText('لطفا متن پیام را وارد کنید')).toBeVisible();
    expect(within(form).getByLabelText('موضوع')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(OPEN)).toHaveLength(0);
  });

  it("checks with core's ticket form: white space only is empty, a subject past its bound gets the max-length message", async () => {
    const api = mockApi({ [LIST]: () => ({ status: 'ok', data: [] }), [ORDERS]: () => orders });
    renderApp('/profile/tickets', { signedIn: true });
    const { user, form } = await openForm();
    expect(within(form).getByLabelText('موضوع')).toHaveAttribute('maxlength', '200');
    // A paste past maxLength (or a script) still meets the rule the server applies.
    fireEvent.change(within(form).getByLabelText('موضوع'), { target: { value: 'س'.repeat(201) } });
    fireEvent.change(within(form).getByLabelText('متن پیام'), { target: { value: ' \n\t ' } });
    await user.click(within(form).getByTestId('ticket-submit'));
    expect(await within(form).findByText('موضوع باید حداکثر ۲۰۰ کاراکتر باشد')).toBeVisible();
    expect(within(form).getByText('لطفا متن پیام را وارد کنید')).toBeVisible();
    expect(api.callsTo(OPEN)).toHaveLength(0);
  });

  it('refuses a renamed .exe, a 2 MB file, an empty file and a fourth file before sending', async () => {
    mockApi({ [LIST]: () => ({ status: 'ok', data: [] }), [ORDERS]: () => orders });
    renderApp('/profile/tickets', { signedIn: true });
    const { user, form } = await openForm();
    const input = within(form).getByTestId('ticket-files');
    await user.upload(input, file('photo.jpg', EXE, EXE.length, 'image/jpeg'));
    expect(await within(form).findByTestId('files-error')).toHaveTextContent('photo.jpg: محتوای فایل «پیوست» با پسوند آن مطابقت ندارد');
    await user.upload(input, file('big.png', PNG, 2 * 1024 * 1024));
    await waitFor(() => expect(within(form).getByTestId('files-error')).toHaveTextContent('big.png: پیوست باید حداکثر ۱ مگابایت باشد'));
    await user.upload(input, file('empty.png', [], 0));
    await waitFor(() => expect(within(form).getByTestId('files-error')).toHaveTextContent('empty.png: فایل «پیوست» خالی است'));
    expect(within(form).queryByRole('button', { name: /حذف فایل/ })).toBeNull();
    // Three good files are kept; the input is then disabled.
    await user.upload(input, [file('a.png', PNG), file('b.png', PNG), file('c.png', PNG)]);
    await waitFor(() => expect(within(form).getAllByRole('button', { name: /حذف فایل/ })).toHaveLength(3));
    expect(input).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'حذف فایل b.png' }));
    expect(within(form).getAllByRole('button', { name: /حذف فایل/ })).toHaveLength(2);
    expect(input).toBeEnabled();
  });

  it('sends the fields and the picture as a multipart form with a key, then opens the new ticket', async () => {
    let sent: FormData | null = null;
    let key: string | null = null;
    const api = mockApi({
      [LIST]: () => ({ status: 'ok', data: [] }),
      [ORDERS]: () => orders,
      [OPEN]: async (_url, request) => {
        key = request.headers.get('Idempotency-Key');
        sent = await request.formData();
        return { status: 'ok', Id: 42 };
      },
      [SHOW]: () => ({ status: 'ok', data: { ...summary({ OrderCode: 'K7Q2M9XD' }), Messages: [], CanReply: true } }),
    });
    const { router } = renderApp('/profile/tickets', { signedIn: true });
    const { user, form } = await openForm();
    await user.type(within(form).getByLabelText('موضوع'), 'لپ‌تاپ روشن نمی‌شود');
    await user.selectOptions(within(form).getByLabelText('بخش'), 'technical');
    await user.selectOptions(within(form).getByLabelText('اولویت'), 'high');
    await waitFor(() => expect(within(form).getByRole('option', { name: 'K7Q2M9XD — ۳ آذر ۱۴۰۵' })).toBeInTheDocument());
    await user.selectOptions(within(form).getByLabelText('سفارش مربوط (اختیاری)'), 'K7Q2M9XD');
    await user.type(within(form).getByLabelText('متن پیام'), 'از دیروز روشن نمی‌شود.');
    await user.upload(within(form).getByTestId('ticket-files'), file('screen.png', PNG));
    await waitFor(() => expect(within(form).getByRole('button', { name: 'حذف فایل screen.png' })).toBeVisible());
    await user.click(within(form).getByTestId('ticket-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/tickets/ticket-42'));
    expect(api.callsTo(OPEN)).toHaveLength(1);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    const fd = sent as unknown as FormData;
    expect(fd.get('subject')).toBe('لپ‌تاپ روشن نمی‌شود');
    expect(fd.get('department')).toBe('technical');
    expect(fd.get('priority')).toBe('high');
    expect(fd.get('order_code')).toBe('K7Q2M9XD');
    expect(fd.get('message')).toBe('از دیروز روشن نمی‌شود.');
    // One file part is sent. (jsdom's File loses its name and bytes on the way through Node's
    // Request; the browser journey, e2e/tickets.spec.ts, checks the picture the staff receive.)
    expect(fd.getAll('files')).toHaveLength(1);
  });

  it("shows the server's refusal under the field it names", async () => {
    mockApi({
      [LIST]: () => ({ status: 'ok', data: [] }),
      [ORDERS]: () => orders,
      [OPEN]: () =>
        new Response(JSON.stringify({ status: 'error', message: 'سفارش مورد نظر پیدا نشد', field: 'order_code' }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    renderApp('/profile/tickets', { signedIn: true });
    const { user, form } = await openForm();
    await user.type(within(form).getByLabelText('موضوع'), 'سفارش');
    await user.selectOptions(within(form).getByLabelText('بخش'), 'sales');
    await user.type(within(form).getByLabelText('متن پیام'), 'کجاست؟');
    await user.click(within(form).getByTestId('ticket-submit'));
    const select = within(form).getByLabelText('سفارش مربوط (اختیاری)');
    await waitFor(() => expect(select).toHaveAttribute('aria-invalid', 'true'));
    expect(within(form).getByText('سفارش مورد نظر پیدا نشد')).toBeVisible();
  });
});

describe('ticket pages', () => {
  it('render markup and long unbroken strings as text that wraps', async () => {
    const script = '<script>alert(1)</script><img src=x onerror=alert(1)>';
    const long = 'ب'.repeat(5000);
    mockApi({
      [LIST]: () => ({ status: 'ok', data: [summary({ Subject: script, Unread: true, Status: 'answered' })] }),
      [SHOW]: () => ({
        status: 'ok',
        data: {
          ...summary({ Subject: script }),
          Messages: [
            { Id: 1, FromStaff: false, Body: `${script}\n${long}`, At: '۱۴۰۵/۰۹/۰۲ ۱۳:۳۰', Files: [] },
            { Id: 2, FromStaff: true, Body: 'پاسخ پشتیبانی', At: '۱۴۰۵/۰۹/۰۲ ۱۴:۰۰', Files: [] },
          ],
          CanReply: true,
        },
      }),
    });
    const { container, router } = renderApp('/profile/tickets', { signedIn: true });
    const row = await screen.findByTestId('ticket-row');
    expect(row).toHaveTextContent(script);
    expect(within(row).getByTestId('ticket-unread')).toHaveTextContent('پاسخ تازه');
    expect(within(row).getByTestId('ticket-status')).toHaveTextContent('پاسخ داده شده');
    expect(container.querySelector('script, img[src="x"]')).toBeNull();
    await router.navigate('/profile/tickets/ticket-42');
    const bodies = await screen.findAllByTestId('ticket-message-body');
    expect(bodies[0].textContent).toBe(`${script}\n${long}`);
    expect(bodies[0].className).toContain('[overflow-wrap:anywhere]');
    expect(screen.getByTestId('ticket-subject').className).toContain('[overflow-wrap:anywhere]');
    expect(container.querySelector('script, img[src="x"]')).toBeNull();
    const messages = screen.getAllByTestId('ticket-message');
    expect(messages[1]).toHaveTextContent('پشتیبانی فروشگاه');
  });

  it('another customer’s ticket id shows a plain not-found message', async () => {
    mockApi({
      [SHOW]: () =>
        new Response(JSON.stringify({ status: 'error', message: 'تیکت مورد نظر پیدا نشد', field: 'id' }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    renderApp('/profile/tickets/ticket-9', { signedIn: true });
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('تیکتی با این شماره در حساب کاربری شما پیدا نشد.');
    expect(screen.queryByTestId('reply-form')).toBeNull();
  });

  it('the staff pages make no staff call for a customer', async () => {
    const api = mockApi({});
    renderApp('/admin/tickets', { signedIn: true });
    expect(await screen.findByText('این بخش فقط برای کارکنان فروشگاه است.')).toBeVisible();
    expect(api.calls.filter((c) => c.url.pathname.startsWith('/api/admin/'))).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'تیکت‌های مشتریان' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'پیشخوان فروشگاه' })).toBeNull();
  });
});
