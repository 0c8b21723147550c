import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from '@/shared/ui/toast';
import { entryScriptOf } from '@/shared/lib/buildUpdate';
import { builtPages } from '@/shared/testing/builtPage';
import { useBuildUpdateCheck } from './useBuildUpdateCheck';

const HOUR_MS = 3_600_000; // spec section 9: every hour
const OFFER = 'نسخه تازه‌ای از سایت منتشر شده است.';

const reload = vi.fn();
function Probe() {
  useBuildUpdateCheck(true, reload);
  return <AppToaster />;
}

/**
 * This page is the built one (web/dist/index.html when built, else one of its shape): its
 * first-paint loader names the entry, there is no module script tag. Inserted as markup, so
 * the loader is not run.
 */
const [, built] = builtPages().at(-1)!;
const entry = entryScriptOf(built)!;
const loader = [...new DOMParser().parseFromString(built, 'text/html').querySelectorAll('script:not([src])')].find((s) =>
  s.textContent?.includes(`import("${entry}")`),
)!.outerHTML;
const page = (html: string) => new Response(html);
const deployedWith = (next: string) => built.replace(entry, next);

beforeEach(() => {
  vi.useFakeTimers();
  reload.mockClear();
  document.body.insertAdjacentHTML('beforeend', loader);
  expect(document.querySelector('script[type="module"][src]')).toBeNull();
});
afterEach(() => {
  act(() => toast.remove());
  document.querySelectorAll('body > script').forEach((s) => s.remove());
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('build-update check', () => {
  it('asks nothing before the hour, then offers one reload for a new build; the button reloads', async () => {
    const fetchMock = vi.fn(async () => page(deployedWith('/assets/index-NEXTBUILD.js')));
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
    const fetchMock = vi.fn(async () => page(built));
    vi.stubGlobal('fetch', fetchMock);
    render(<Probe />);
    await act(() => vi.advanceTimersByTimeAsync(2 * HOUR_MS));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(OFFER)).toBeNull();
  });
});
