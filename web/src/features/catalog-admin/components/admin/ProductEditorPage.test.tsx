import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteInfoContext } from '@/shared/hooks/routeInfo';
import { renderWithApp } from '@/shared/testing/render';
import { mockApi } from '@/shared/testing/fixtures';
import ProductEditorPage from './ProductEditorPage';
import { filterOf } from './ProductsPage';
import { emptyProduct } from './productForm';

afterEach(() => {
  vi.unstubAllGlobals();
});

const GET = '/api/admin/v1/catalog/product/get';
const UPDATE = '/api/admin/v1/catalog/product/update';
const CREATE = '/api/admin/v1/catalog/product/create';
const CATEGORIES = '/api/admin/v1/catalog/category/list';

const product = {
  id: 9,
  uid: 'asus-ux5406sa',
  version: 3,
  published: true,
  url: '/product/asus-ux5406sa',
  form: { ...emptyProduct(), name: 'لپ‌تاپ ایسوس <script>x</script>', brand: 'ASUS', model: 'UX5406SA', category: '2' },
  variants: [{ id: 41, version: 1, form: { color: 'نقره‌ای', warranty_name: 'گارانتی', warranty_price: '0', warranty_note: '', price: '65000000', stock: '3', ins_payment: true, property: '', dg: '9-1' } }],
};
const categories = [{ id: 2, version: 1, parent_id: null, products: 1, form: { name: 'اداری', slug: 'office', parent: '', position: '0', description: '' } }];
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderEditor(name: string, params: Record<string, string>) {
  const info = { name, title: 'ویرایش محصول', layout: 'admin', requiresAuth: true, params };
  return renderWithApp(
    <RouteInfoContext.Provider value={info}>
      <ProductEditorPage />
    </RouteInfoContext.Provider>,
  );
}

describe('the product editor', () => {
  it('shows markup as text and sends the version it was opened at; a stale save offers a reload', async () => {
    const message = 'همکار دیگری پس از باز شدن این فرم این‌ها را تغییر داده است: نام محصول. فرم را دوباره باز کنید و تغییر خود را دوباره ثبت کنید.';
    const api = mockApi({
      [GET]: () => ({ status: 'ok', data: product }),
      [CATEGORIES]: () => ({ status: 'ok', data: categories }),
      [UPDATE]: () => json(409, { status: 'error', message, field: null }),
    });
    renderEditor('adminCatalogProduct', { uid: 'asus-ux5406sa' });
    const form = await screen.findByTestId('catalog-admin-form');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('<script>x</script>');
    expect(screen.getByTestId('catalog-admin-published')).toHaveTextContent('منتشرشده در فروشگاه');
    expect(screen.getByRole('link', { name: 'تصاویر محصول' })).toHaveAttribute('href', '/admin/catalog/products/asus-ux5406sa/pictures');
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('توضیحات'), 'متن تازه');
    await user.click(screen.getByTestId('catalog-admin-save'));
    const stale = await screen.findByTestId('catalog-admin-stale');
    expect(stale).toHaveTextContent('نام محصول');
    expect(within(stale).getByRole('button', { name: 'بارگذاری دوباره' })).toBeInTheDocument();
    expect(api.callsTo(UPDATE)[0].body).toMatchObject({ uid: 'asus-ux5406sa', version: 3, product: { description: 'متن تازه' } });
    await user.click(within(stale).getByRole('button', { name: 'بارگذاری دوباره' }));
    await waitFor(() => expect(api.callsTo(GET)).toHaveLength(2));
  });

  it('checks a new product with the core rule before sending: a price of 0 stays here', async () => {
    const api = mockApi({ [CATEGORIES]: () => ({ status: 'ok', data: categories }), [CREATE]: () => ({ status: 'ok', data: product }) });
    renderEditor('adminCatalogProductNew', {});
    const form = await screen.findByTestId('catalog-admin-form');
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('نام محصول'), 'لپ‌تاپ تازه');
    await user.type(within(form).getByLabelText('برند'), 'ASUS');
    await user.selectOptions(within(form).getByLabelText('دسته‌بندی'), '2');
    const row = screen.getAllByTestId('catalog-admin-variant')[0];
    await user.type(within(row).getByLabelText('رنگ'), 'مشکی');
    await user.type(within(row).getByLabelText('گارانتی'), 'گارانتی ۱۸ ماهه');
    await user.type(within(row).getByLabelText('قیمت (تومان)'), '0');
    await user.type(within(row).getByLabelText('موجودی'), '-1');
    await user.click(screen.getByTestId('catalog-admin-save'));
    expect(await within(row).findByText('قیمت باید بیشتر از ۰ باشد')).toBeInTheDocument();
    expect(within(row).getByText('موجودی باید عدد صحیح ۰ یا بیشتر باشد')).toBeInTheDocument();
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });
});

describe('the product list', () => {
  it('reads its filters and page from the URL', () => {
    expect(filterOf(new URLSearchParams('q=ایسوس&category=4&published=no&page=2'))).toEqual({ q: 'ایسوس', category: 4, condition: '', published: 'no', page: 2 });
    expect(filterOf(new URLSearchParams('category=x&page=-1'))).toMatchObject({ category: 0, page: 1 });
  });
});
