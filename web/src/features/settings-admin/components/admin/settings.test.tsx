import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAdminPage } from '@/shared/testing/render';
import { mockApi } from '@/shared/testing/fixtures';
import DeliveryPage from './DeliveryPage';
import BlogPage from './BlogPage';
import PlansPage from './PlansPage';
import { toNumber } from './parts';
import { loadCore } from '@/shared/core';

afterEach(() => {
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const show = renderAdminPage;

const courier = {
  id: 4, name: 'پیک تهران', description: '', price: 50_000, priority: 1, cities: ['تهران'], estimate: 'همان روز', pickup: false,
  active: true, all_products: false, linked_products: 12, version: 3,
};

describe('numbers typed by staff', () => {
  it('reads Persian and Arabic digits and separators, and refuses the rest', () => {
    expect(toNumber('۱۲۰٬۰۰۰')).toBe(120000);
    expect(toNumber('٣٥')).toBe(35);
    expect(toNumber('-۱')).toBe(-1);
    expect(toNumber('ده')).toBeNaN();
    expect(toNumber('')).toBeNaN();
  });
});

describe('/admin/settings/delivery', () => {
  it('lists options with Persian digits, checks the form before sending, and sends the chosen cities', async () => {
    await loadCore(); // the form checks with core's delivery_option declaration
    const api = mockApi({
      '/api/admin/v1/delivery/list': () => ({ status: 'ok', data: [courier] }),
      '/api/admin/v1/delivery/save': () => ({ status: 'ok', data: { ...courier, id: 9, name: 'پیک شیراز', cities: ['شیراز'], version: 1, all_products: true } }),
    });
    show('adminDelivery', 'روش‌های ارسال', <DeliveryPage />);
    const list = await screen.findByTestId('delivery-list');
    expect(list).toHaveTextContent('۵۰٬۰۰۰ تومان');
    expect(list).toHaveTextContent('۱۲ محصول');
    const form = screen.getByTestId('delivery-form');
    fireEvent.click(within(form).getByTestId('delivery-save'));
    await waitFor(() => expect(within(form).getByLabelText('نام روش ارسال')).toHaveAttribute('aria-invalid', 'true'));
    expect(form).toHaveTextContent('دست‌کم یک شهر');
    expect(api.callsTo('/api/admin/v1/delivery/save')).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('نام روش ارسال'), { target: { value: 'پیک شیراز' } });
    fireEvent.change(within(form).getByLabelText('هزینه (تومان)'), { target: { value: '۷۵۰۰۰' } });
    fireEvent.change(within(form).getByLabelText('شهر'), { target: { value: 'شیراز' } });
    fireEvent.click(within(form).getByTestId('add-city'));
    fireEvent.click(within(form).getByTestId('delivery-save'));
    await waitFor(() => expect(api.callsTo('/api/admin/v1/delivery/save')).toHaveLength(1));
    expect(api.callsTo('/api/admin/v1/delivery/save')[0].body).toMatchObject({ name: 'پیک شیراز', price: 75000, priority: 0, cities: ['شیراز'], all_products: true, version: 0 });
  });

  it('an edit sends the version it was opened at, and a stale save shows what changed', async () => {
    const stale = 'همکار دیگری پس از باز شدن این فرم این‌ها را تغییر داده است: هزینه. فرم را دوباره باز کنید و تغییر خود را دوباره ثبت کنید.';
    const api = mockApi({
      '/api/admin/v1/delivery/list': () => ({ status: 'ok', data: [courier] }),
      '/api/admin/v1/delivery/save': () => json(409, { status: 'error', message: stale, field: null }),
    });
    show('adminDelivery', 'روش‌های ارسال', <DeliveryPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'ویرایش پیک تهران' }));
    const form = screen.getByTestId('delivery-form');
    expect(within(form).getByLabelText('هزینه (تومان)')).toHaveValue('۵۰۰۰۰');
    fireEvent.click(within(form).getByTestId('delivery-save'));
    expect(await within(form).findByTestId('form-error')).toHaveTextContent('هزینه');
    expect(api.callsTo('/api/admin/v1/delivery/save')[0].body).toMatchObject({ id: 4, version: 3, cities: ['تهران'] });
  });
});

describe('/admin/settings/plans', () => {
  const fill = (form: HTMLElement, values: [string, string][]) => {
    for (const [label, value] of values) fireEvent.change(within(form).getByLabelText(label), { target: { value } });
  };
  const good: [string, string][] = [['نام طرح', 'طرح'], ['پیش‌پرداخت (درصد)', '۳۰'], ['تعداد اقساط (ماه)', '۶'], ['حداقل مبلغ سفارش (تومان)', '۱'], ['حداکثر مبلغ سفارش (تومان)', '۱۰']];

  it('checks each term with core\'s plan form under its own field, before sending', async () => {
    await loadCore(); // core/src/forms/instalment_plan.rs
    const api = mockApi({ '/api/admin/v1/instalment/plan/list': () => ({ status: 'ok', data: [] }) });
    show('adminPlans', 'طرح‌های اقساطی', <PlansPage />);
    const form = await screen.findByTestId('plan-form');
    fill(form, [...good, ['پیش‌پرداخت (درصد)', '۰'], ['حداکثر مبلغ سفارش (تومان)', '۰']]);
    fireEvent.click(within(form).getByTestId('plan-save'));
    await waitFor(() => expect(within(form).getByLabelText('پیش‌پرداخت (درصد)')).toHaveAttribute('aria-invalid', 'true'));
    expect(form).toHaveTextContent('پیش‌پرداخت باید درصدی از ۱ تا ۹۹ باشد');
    expect(form).toHaveTextContent('حداکثر مبلغ سفارش نباید از حداقل آن کمتر باشد');
    expect(api.callsTo('/api/admin/v1/instalment/plan/save')).toHaveLength(0);
  });

  it('sends the plan as numbers and shows a server refusal on the field it names', async () => {
    await loadCore();
    const api = mockApi({
      '/api/admin/v1/instalment/plan/list': () => ({ status: 'ok', data: [] }),
      '/api/admin/v1/instalment/plan/save': () => json(422, { status: 'error', message: 'تعداد اقساط باید عددی از ۱ تا ۶۰ باشد', field: 'months' }),
    });
    show('adminPlans', 'طرح‌های اقساطی', <PlansPage />);
    const form = await screen.findByTestId('plan-form');
    fill(form, good);
    fireEvent.click(within(form).getByTestId('plan-save'));
    await waitFor(() => expect(within(form).getByLabelText('تعداد اقساط (ماه)')).toHaveAttribute('aria-invalid', 'true'));
    expect(api.callsTo('/api/admin/v1/instalment/plan/save')[0].body).toMatchObject({ name: 'طرح', down_payment_percent: 30, months: 6, monthly_rate_bp: 0, min_total: 1, max_total: 10, position: 0 });
  });
});

describe('/admin/content/blog', () => {
  it('checks the post with core\'s blog_post form before sending (the server\'s messages)', async () => {
    const api = mockApi({
      '/api/admin/v1/content/blog/list': () => ({ status: 'ok', data: [], total: 0, per_page: 30 }),
      '/api/admin/v1/content/preview': () => ({ status: 'ok', html: '' }),
    });
    await loadCore();
    show('adminBlog', 'وبلاگ', <BlogPage />);
    const form = await screen.findByTestId('blog-form');
    fireEvent.change(form.querySelector('input[name="slug"]')!, { target: { value: 'باتری' } });
    expect(form.querySelector('input[name="slug"]')).toHaveAttribute('maxLength', '120');
    fireEvent.click(within(form).getByTestId('blog-save'));
    expect(await within(form).findByText('نشانی مطلب فقط حروف کوچک انگلیسی، رقم و خط تیره است')).toBeInTheDocument();
    expect(within(form).getByText('لطفا عنوان را وارد کنید')).toBeInTheDocument();
    expect(api.callsTo('/api/admin/v1/content/blog/save')).toHaveLength(0);
  });

  it('previews the Markdown with the server\'s rendering, markup escaped as the storefront shows it', async () => {
    const api = mockApi({
      '/api/admin/v1/content/blog/list': () => ({ status: 'ok', data: [], total: 0, per_page: 30 }),
      '/api/admin/v1/content/preview': () => ({ status: 'ok', html: '<p><strong>سلام</strong> &lt;script&gt;alert(1)&lt;/script&gt;</p>\n' }),
    });
    show('adminBlog', 'وبلاگ', <BlogPage />);
    const form = await screen.findByTestId('blog-form');
    fireEvent.change(within(form).getByLabelText('متن (Markdown)'), { target: { value: '**سلام** <script>alert(1)</script>' } });
    await waitFor(() => expect(api.callsTo('/api/admin/v1/content/preview').at(-1)?.body).toEqual({ markdown: '**سلام** <script>alert(1)</script>' }));
    const preview = await screen.findByTestId('markdown-preview');
    await waitFor(() => expect(preview.querySelector('strong')).toHaveTextContent('سلام'));
    expect(preview.querySelector('script')).toBeNull();
    expect(preview).toHaveTextContent('<script>alert(1)</script>');
  });
});
