import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginModalAtom } from '@/shared/state';
import { renderApp } from '@/shared/testing/render';
import { detail, mockApi } from '@/shared/testing/fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PRODUCT = '/api/client/v1/catalog/products/lenovo-ideapad-slim-5';
const SUBSCRIBE = '/api/client/v1/alert/subscribe';
const related = { status: 'ok', Related: [] };

/** The visitor's first interaction, which brings the WASM core and the alert button. */
async function interact() {
  await screen.findByTestId('product-name');
  fireEvent.pointerDown(document.body);
}

describe('«خبرم کن» on the product page', () => {
  it('an out-of-stock variant offers «موجود شد خبرم کن»; signed out, a tap opens the sign-in popup and sends nothing', async () => {
    const api = mockApi({ [PRODUCT]: () => ({ ...related, data: detail({ DefaultVariantId: 73 }) }) });
    const { store } = renderApp('/product/lenovo-ideapad-slim-5');
    await interact();
    const button = await screen.findByTestId('alert-button', {}, { timeout: 5000 });
    expect(button).toHaveTextContent('موجود شد خبرم کن');
    fireEvent.click(button);
    await waitFor(() => expect(store.get(loginModalAtom)).toBe(true));
    expect(screen.getByText('برای «خبرم کن» ابتدا وارد حساب کاربری شوید.')).toBeInTheDocument();
    expect(api.callsTo(SUBSCRIBE)).toHaveLength(0);
  });

  it('an in-stock variant offers a price drop; signed in, a tap subscribes to that variant', async () => {
    const api = mockApi({
      [PRODUCT]: () => ({ ...related, data: detail() }),
      [SUBSCRIBE]: () => ({ status: 'ok', created: true, data: { Id: 5 } }),
    });
    renderApp('/product/lenovo-ideapad-slim-5', { signedIn: true });
    await interact();
    const button = await screen.findByTestId('alert-button', {}, { timeout: 5000 });
    expect(button).toHaveTextContent('ارزان شد خبرم کن');
    fireEvent.click(button);
    expect(await screen.findByTestId('alert-done')).toHaveTextContent('ثبت شد؛ پیامک می‌فرستیم.');
    expect(api.callsTo(SUBSCRIBE)[0].body).toEqual({ variant_id: 71, kind: 'price_drop' });
  });

  it('shows the server’s Persian refusal', async () => {
    const message = 'این کالا هم‌اکنون موجود است و می‌توانید آن را بخرید؛ خبر موجود شدن برای کالای ناموجود است';
    mockApi({
      [PRODUCT]: () => ({ ...related, data: detail({ DefaultVariantId: 73 }) }),
      [SUBSCRIBE]: () => new Response(JSON.stringify({ status: 'error', message, field: 'kind' }), { status: 422, headers: { 'Content-Type': 'application/json' } }),
    });
    renderApp('/product/lenovo-ideapad-slim-5', { signedIn: true });
    await interact();
    fireEvent.click(await screen.findByTestId('alert-button', {}, { timeout: 5000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
