import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
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

  describe('the library loads on first need, not with the page', () => {
    async function freshToasts() {
      vi.resetModules();
      const loaded = vi.fn();
      vi.doMock('react-hot-toast', async (importOriginal) => {
        loaded();
        return importOriginal();
      });
      const fresh = await import('./toast');
      render(<fresh.AppToaster />);
      await act(async () => {});
      return { fresh, loaded };
    }
    afterEach(() => {
      vi.doUnmock('react-hot-toast');
    });

    it('not before the first interaction, then on it', async () => {
      const { loaded } = await freshToasts();
      expect(loaded).not.toHaveBeenCalled();
      fireEvent.pointerDown(document.body);
      await waitFor(() => expect(loaded).toHaveBeenCalledTimes(1));
    });

    it('a toast raised before any interaction loads it and shows', async () => {
      const { fresh, loaded } = await freshToasts();
      expect(loaded).not.toHaveBeenCalled();
      act(() => {
        fresh.toast.error('خطا');
      });
      expect(await screen.findByText('خطا')).toBeInTheDocument();
      expect(loaded).toHaveBeenCalledTimes(1);
    });
  });
});
