/** The named `register` route: the sign-in page opened at registration, against a fake server. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCore } from '@/shared/core';
import { mockApi } from '@/shared/testing/fixtures';
import { renderWithApp } from '@/shared/testing/render';
import RegisterPage from './RegisterPage';

const OTP = '/api/client/v1/user/otp';
const flow = () => screen.getByTestId('login-flow');

async function submitMobile(u: ReturnType<typeof userEvent.setup>, mobile: string) {
  await u.type(screen.getByLabelText('شماره موبایل'), mobile);
  await u.click(screen.getByRole('button', { name: 'ادامه' }));
}

beforeAll(async () => {
  await loadCore();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the register route', () => {
  it('asks for the registration code at once and opens the registration step', async () => {
    const api = mockApi({ [OTP]: () => ({ status: 'ok', data: 'rh1' }) });
    const u = userEvent.setup();
    renderWithApp(<RegisterPage />, { path: '/register' });
    expect(screen.getByRole('heading', { level: 1, name: 'ثبت‌نام' })).toBeInTheDocument();
    await submitMobile(u, '09351234567');
    await waitFor(() => expect(flow()).toHaveAttribute('data-step', '2'), { timeout: 2000 });
    expect(api.callsTo(OTP).map((c) => c.body)).toEqual([{ mobile: '09351234567', type: 'register' }]);
  });

  it('a number already registered is told so and then goes on as a login', async () => {
    const api = mockApi({ [OTP]: (_u, r) => r.clone().json().then((b: Record<string, unknown>) => (b.type === 'login' ? { status: 'ok', data: 'h1' } : { status: 'exist' })) });
    const u = userEvent.setup();
    renderWithApp(<RegisterPage />, { path: '/register' });
    await submitMobile(u, '09121234567');
    await waitFor(() => expect(api.callsTo(OTP)).toHaveLength(1));
    expect(flow()).toHaveAttribute('data-step', '0');
    await u.click(screen.getByRole('button', { name: 'ادامه' }));
    await waitFor(() => expect(flow()).toHaveAttribute('data-step', '1'), { timeout: 2000 });
    expect(api.callsTo(OTP)[1].body).toMatchObject({ mobile: '09121234567', 'g-recaptcha-response': expect.any(String) });
  });
});
