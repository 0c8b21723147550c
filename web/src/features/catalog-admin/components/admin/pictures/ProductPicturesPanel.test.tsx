import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/shared/testing/render';
import { mockApi } from '@/shared/testing/fixtures';
import { moved, ProductPicturesPanel } from './ProductPicturesPanel';

afterEach(() => {
  vi.unstubAllGlobals();
});

const BASE = '/api/admin/v1/catalog/products/asus-zenbook/pictures';
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const pic = (id: number, position: number, main: boolean) => ({
  id, position, main, width: 1600, height: 1200,
  src: `/api/client/v1/catalog/pictures/${'a'.repeat(23)}${id}-320.webp`, src_set: `/api/client/v1/catalog/pictures/${'a'.repeat(23)}${id}-320.webp 320w`,
});

describe('ProductPicturesPanel', () => {
  it('moves a picture by one place and keeps the ends', () => {
    expect(moved([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });

  it('lists the pictures, makes another one main and moves one earlier', async () => {
    const api = mockApi({
      [`${BASE}/list`]: () => ({ status: 'ok', data: [pic(1, 0, true), pic(2, 1, false)], max: 12 }),
      [`${BASE}/arrange`]: () => ({ status: 'ok', data: [pic(2, 0, true), pic(1, 1, false)], max: 12 }),
    });
    renderWithApp(<ProductPicturesPanel uid="asus-zenbook" />, { signedIn: true });
    const items = await screen.findAllByTestId('product-picture');
    expect(items[0]).toHaveAttribute('data-main', 'true');
    expect(screen.getByText('۲ از ۱۲ تصویر')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'اصلی شود' }));
    await waitFor(() => expect(api.callsTo(`${BASE}/arrange`)).toHaveLength(1));
    expect(api.callsTo(`${BASE}/arrange`)[0].body).toEqual({ order: [1, 2], main: 2 });
    await waitFor(() => expect(screen.getAllByTestId('product-picture')[0]).toHaveAttribute('data-main', 'true'));
    fireEvent.click(screen.getByRole('button', { name: 'جابه‌جایی به قبل (تصویر ۲)' }));
    await waitFor(() => expect(api.callsTo(`${BASE}/arrange`)).toHaveLength(2));
    expect(api.callsTo(`${BASE}/arrange`)[1].body).toEqual({ order: [1, 2], main: 2 });
  });

  it("shows the server's refusal of an upload under the file field", async () => {
    mockApi({
      [`${BASE}/list`]: () => ({ status: 'ok', data: [], max: 12 }),
      [`${BASE}/upload`]: () => json(422, { status: 'error', message: 'تصویر بیش از ۴۰ مگاپیکسل است', field: 'file' }),
    });
    renderWithApp(<ProductPicturesPanel uid="asus-zenbook" />, { signedIn: true });
    expect(await screen.findByText(/هنوز تصویری ندارد/)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('picture-upload'));
    expect(await screen.findByTestId('picture-error')).toHaveTextContent('تصویر را انتخاب کنید.');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'huge.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('picture-file'), { target: { files: [file] } });
    fireEvent.click(screen.getByTestId('picture-upload'));
    expect(await screen.findByTestId('picture-error')).toHaveTextContent('۴۰ مگاپیکسل');
  });
});
