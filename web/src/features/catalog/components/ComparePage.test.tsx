import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/shared/testing/render';
import { mockApi } from '@/shared/testing/fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const COMPARE = '/api/client/v1/catalog/compare';

describe('/compare', () => {
  it('says the list is not valid when the server refuses it (422, not 1 to 4 products)', async () => {
    mockApi({ [COMPARE]: () => Response.json({ status: 'error', message: 'برای مقایسه، بین ۱ تا ۴ محصول انتخاب کنید.', field: 'uids' }, { status: 422 }) });
    renderApp('/compare?uids=a1,b2');
    expect(await screen.findByText('فهرست مقایسه معتبر نیست.')).toBeInTheDocument();
  });
});
