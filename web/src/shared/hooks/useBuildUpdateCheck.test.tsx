import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from '@/shared/ui/toast';
import { useBuildUpdateCheck } from './useBuildUpdateCheck';

const HOUR_MS = 3_600_000; // spec section 9: every hour
const OFFER = 'نسخه تازه‌ای از سایت منتشر شده است.';

const reload = vi.fn();
function Probe() {
  useBuildUpdateCheck(true, reload);
  return <AppToaster />;
}

const page = (entry: string) => new Response(`<script type="module" crossorigin src="${entry}"></script>`);
let script: HTMLScriptElement;

beforeEach(() => {
  vi.useFakeTimers();
  reload.mockClear();
  script = document.createElement('script');
  script.type = 'module';
  script.setAttribute('src', '/assets/index-abc.js');
  document.head.append(script);
});
afterEach(() => {
  act(() => toast.remove());
  script.remove();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('build-update check', () => {
  it('asks nothing before the hour, then offers one reload for a new build; the button reloads', async () => {
    const fetchMock = vi.fn(async () => page('/assets/index-def.js'));
    vi.stubGlobal('fetch', fetchMock);
    render(<Probe />);
    await act(() => vi.advanceTimersByTimeAsync(HOUR_MS - 1));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByText(OFFER)).toBeInTheDocument();
    // Offered once: the next hours ask nothing and show no second offer.
    await act(() => vi.advanceTimersByTimeAsync(2 * HOUR_MS));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getAllByText(OFFER)).toHaveLength(1);
    expect(reload).not.toHaveBeenCalled();
    act(() => screen.getByRole('button', { name: 'به‌روزرسانی' }).click());
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('the same build offers nothing and asks again the next hour', async () => {
    const fetchMock = vi.fn(async () => page('/assets/index-abc.js'));
    vi.stubGlobal('fetch', fetchMock);
    render(<Probe />);
    await act(() => vi.advanceTimersByTimeAsync(2 * HOUR_MS));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(OFFER)).toBeNull();
  });
});
