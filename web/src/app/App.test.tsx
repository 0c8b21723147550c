import { act, render, screen } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageReadyAtom } from '@/shared/state';
import { sessionRestoredAtom } from '@/shared/session/session';
import { mockApi } from '@/shared/testing/fixtures';
import { App } from './App';

afterEach(() => vi.unstubAllGlobals());

describe('the app on start (spec section 4 "On start")', () => {
  it('marks the page ready once it has mounted, and restores the session', async () => {
    mockApi({});
    const store = getDefaultStore();
    expect(store.get(pageReadyAtom)).toBe(false);
    const { unmount } = render(<App />);
    expect(store.get(pageReadyAtom)).toBe(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'لپ‌تاپ مناسب خودت را پیدا کن' })).toBeInTheDocument();
    // Nothing stored: restored as signed out.
    await act(async () => {});
    expect(store.get(sessionRestoredAtom)).toBe(true);
    unmount();
  });
});
