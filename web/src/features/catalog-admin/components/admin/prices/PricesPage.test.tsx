import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAdminPage } from '@/shared/testing/render';
import { mockApi } from '@/shared/testing/fixtures';
import PricesPage from './PricesPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PREVIEW = '/api/admin/v1/catalog/prices/preview';
const APPLY = '/api/admin/v1/catalog/prices/apply';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const change = {
  line: 2, variant_id: 41, sku: '12-1', name: 'لپ‌تاپ ایسوس ذن‌بوک — نقره‌ای / گارانتی ۱۸ ماهه',
  old_price: 35_000_000, new_price: 36_500_000, old_stock: 3, new_stock: 3,
};

const show = () => renderAdminPage('adminPrices', 'قیمت و موجودی گروهی', <PricesPage />);

function choose(text = 'id,price,stock\n41,36500000,3\n') {
  const file = new File([text], 'prices.csv', { type: 'text/csv' });
  fireEvent.change(screen.getByLabelText('فایل CSV قیمت و موجودی'), { target: { files: [file] } });
  fireEvent.click(screen.getByTestId('prices-preview'));
}

describe('/admin/catalog/prices', () => {
  it('asks for a file before sending anything', async () => {
    const api = mockApi({});
    show();
    fireEvent.click(await screen.findByTestId('prices-preview'));
    expect(await screen.findByTestId('prices-error')).toHaveTextContent('فایل را انتخاب کنید.');
    expect(api.callsTo(PREVIEW)).toHaveLength(0);
  });

  it('shows each change old → new in Persian digits, then applies it with the preview token', async () => {
    const api = mockApi({
      [PREVIEW]: () => ({ status: 'ok', rows: 2, changes: [change], unchanged: 1, rejected: [], token: 'a'.repeat(32) }),
      [APPLY]: () => ({ status: 'ok', changed: 1 }),
    });
    show();
    choose();
    expect(await screen.findByTestId('prices-summary')).toHaveTextContent('۲ ردیف خوانده شد: ۱ تغییر، ۱ بدون تغییر، ۰ ردیف ردشده.');
    const row = await screen.findByTestId('price-change');
    expect(row).toHaveTextContent('۱۲-۱');
    await waitFor(() => expect(row).toHaveTextContent('۳۵٬۰۰۰٬۰۰۰ تومان'));
    expect(within(row).getByText('۳۶٬۵۰۰٬۰۰۰ تومان').closest('ins')).not.toBeNull();
    expect(api.callsTo(PREVIEW)).toHaveLength(1);
    fireEvent.click(screen.getByTestId('prices-apply'));
    await waitFor(() => expect(api.callsTo(APPLY)).toHaveLength(1));
    expect(api.callsTo(APPLY)[0].body).toEqual({ token: 'a'.repeat(32) });
    await waitFor(() => expect(screen.queryByTestId('prices-summary')).toBeNull());
  });

  it('lists refused rows with their lines and offers no apply', async () => {
    mockApi({
      [PREVIEW]: () => ({
        status: 'ok', rows: 3, changes: [change], unchanged: 0, token: '',
        rejected: [{ line: 3, message: 'قیمت باید بیشتر از صفر باشد' }, { line: 4, message: 'تنوعی با شناسه ۹۹۹ نیست' }],
      }),
    });
    show();
    choose();
    const rejected = await screen.findAllByTestId('price-rejected');
    expect(rejected[0]).toHaveTextContent('۳');
    expect(rejected[0]).toHaveTextContent('قیمت باید بیشتر از صفر باشد');
    expect(rejected[1]).toHaveTextContent('تنوعی با شناسه ۹۹۹ نیست');
    expect(screen.getByTestId('prices-rejected')).toHaveTextContent('هیچ تغییری ثبت نمی‌شود');
    expect(screen.queryByTestId('prices-apply')).toBeNull();
  });

  it('shows a sheet refused as a whole under the file field', async () => {
    mockApi({ [PREVIEW]: () => json(422, { status: 'error', message: 'ستون «cost» شناخته نیست. ستون‌های سطر اول باید این‌ها باشند: …', field: 'file' }) });
    show();
    choose('id,cost,stock\n');
    expect(await screen.findByTestId('prices-error')).toHaveTextContent('ستون «cost» شناخته نیست');
    expect(screen.getByLabelText('فایل CSV قیمت و موجودی')).toHaveAttribute('aria-invalid', 'true');
  });

  it('drops the preview and says why when a price moved before the apply', async () => {
    mockApi({
      [PREVIEW]: () => ({ status: 'ok', rows: 1, changes: [change], unchanged: 0, rejected: [], token: 'b'.repeat(32) }),
      [APPLY]: () => json(409, { status: 'error', message: 'از زمان پیش‌نمایش، قیمت یا موجودی ۱ تنوع تغییر کرده است: سطر ۲ (12-1) … هیچ تغییری ثبت نشد', field: null }),
    });
    show();
    choose();
    fireEvent.click(await screen.findByTestId('prices-apply'));
    expect(await screen.findByTestId('prices-error')).toHaveTextContent('هیچ تغییری ثبت نشد');
    expect(screen.queryByTestId('prices-changes')).toBeNull();
  });

  it('draws at most 200 changes of a large sheet and says how many more', async () => {
    const many = Array.from({ length: 250 }, (_, i) => ({ ...change, line: i + 2, variant_id: i + 1 }));
    mockApi({ [PREVIEW]: () => ({ status: 'ok', rows: 250, changes: many, unchanged: 0, rejected: [], token: 'c'.repeat(32) }) });
    show();
    choose();
    await waitFor(() => expect(screen.getAllByTestId('price-change')).toHaveLength(200));
    expect(screen.getByText('و ۵۰ ردیف دیگر (همه ثبت می‌شوند).')).toBeInTheDocument();
    expect(screen.getByTestId('prices-apply')).toHaveTextContent('ثبت ۲۵۰ تغییر');
  });
});
