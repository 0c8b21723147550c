import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppToaster, TOAST_DURATION_MS, toasterProps } from './toast';

describe('toasts', () => {
  afterEach(() => {
    act(() => toast.remove());
    vi.useRealTimers();
  });

  it('sit at the bottom left and close after 1000 ms', () => {
    expect(toasterProps.position).toBe('bottom-left');
    expect(toasterProps.toastOptions.duration).toBe(1000);
    expect(TOAST_DURATION_MS).toBe(1000);
  });

  it('a shown toast disappears after its duration', async () => {
    vi.useFakeTimers();
    render(<AppToaster />);
    act(() => {
      toast('سلام');
    });
    expect(screen.getByText('سلام')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 100);
    });
    expect(screen.getByText('سلام')).toBeInTheDocument();
    // dismissed at 1000 ms, then removed after react-hot-toast's 1000 ms exit delay
    act(() => {
      vi.advanceTimersByTime(200);
    });
    act(() => {
      vi.advanceTimersByTime(1100);
    });
    expect(screen.queryByText('سلام')).toBeNull();
  });
});
