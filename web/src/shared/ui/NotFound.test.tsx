import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/shared/testing/render';
import { NotFound } from './NotFound';

afterEach(() => vi.restoreAllMocks());

describe('the not-found page (spec section 2)', () => {
  it("an unmatched path is the non-fatal error 'Page not found: {path}' with status 404", () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    renderWithApp(<NotFound />, { path: '/no/such/page' });
    expect(info).toHaveBeenCalledWith('Page not found: /no/such/page');
    expect(screen.getByTestId('not-found')).toHaveAttribute('data-status', '404');
    expect(screen.getByRole('heading', { name: 'صفحه مورد نظر یافت نشد!' })).toBeInTheDocument();
    expect(screen.getByRole('img')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'بازگشت به صفحه اصلی' })).toHaveAttribute('href', '/');
  });

  it.each([400, 403, 500, 503])('status %i shows nothing on this page (and reports no missing page)', (status) => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    renderWithApp(<NotFound statusCode={status} />, { path: '/somewhere' });
    expect(screen.queryByTestId('not-found')).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText('صفحه مورد نظر یافت نشد!')).toBeNull();
    expect(info).not.toHaveBeenCalled();
  });
});
