import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadingBar } from './LoadingBar';

describe('top loading bar', () => {
  afterEach(() => vi.useRealTimers());

  it('stays hidden for loads shorter than the 200 ms throttle', () => {
    vi.useFakeTimers();
    const { rerender } = render(<LoadingBar active />);
    act(() => vi.advanceTimersByTime(150));
    rerender(<LoadingBar active={false} />);
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByTestId('loading-bar')).toHaveAttribute('data-visible', 'false');
  });

  it('shows after 200 ms, fills to 100 %, hides 500 ms after the end, resets 400 ms later', () => {
    vi.useFakeTimers();
    const { rerender } = render(<LoadingBar active />);
    const bar = screen.getByTestId('loading-bar');
    act(() => vi.advanceTimersByTime(199));
    expect(bar).toHaveAttribute('data-visible', 'false');
    act(() => vi.advanceTimersByTime(1000));
    expect(bar).toHaveAttribute('data-visible', 'true');
    const inner = bar.firstElementChild as HTMLElement;
    rerender(<LoadingBar active={false} />);
    expect(inner.style.transform).toBe('scaleX(1)');
    act(() => vi.advanceTimersByTime(499));
    expect(bar).toHaveAttribute('data-visible', 'true');
    act(() => vi.advanceTimersByTime(2));
    expect(bar).toHaveAttribute('data-visible', 'false');
    expect(inner.style.transform).toBe('scaleX(1)');
    act(() => vi.advanceTimersByTime(400));
    expect(inner.style.transform).toBe('scaleX(0)');
  });
});
