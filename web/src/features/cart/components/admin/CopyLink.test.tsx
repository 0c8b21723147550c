import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/shared/testing/render';
import { CopyLink } from './CopyLink';

const LINK = 'https://shop.example/order/K7Q2M9XDK7Q2M9XDK7Q2';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CopyLink', () => {
  it('copies the link with the Clipboard API and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithApp(<CopyLink link={LINK} />);
    fireEvent.click(screen.getByTestId('prepared-copy'));
    await waitFor(() => expect(screen.getByTestId('copy-status')).toHaveTextContent('لینک کپی شد'));
    expect(writeText).toHaveBeenCalledWith(LINK);
  });

  it('without a clipboard, selects the link in its box and asks to copy it by hand', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    renderWithApp(<CopyLink link={LINK} />);
    fireEvent.click(screen.getByTestId('prepared-copy'));
    await waitFor(() => expect(screen.getByTestId('copy-status')).toHaveTextContent('کپی خودکار ممکن نشد'));
    const box = screen.getByTestId<HTMLInputElement>('prepared-link');
    expect(box).toHaveValue(LINK);
    expect(document.activeElement).toBe(box);
    expect(box.selectionStart).toBe(0);
    expect(box.selectionEnd).toBe(LINK.length);
  });

  it('a refused clipboard write falls back the same way', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    renderWithApp(<CopyLink link={LINK} />);
    fireEvent.click(screen.getByTestId('prepared-copy'));
    await waitFor(() => expect(screen.getByTestId('copy-status')).toHaveTextContent('کپی خودکار ممکن نشد'));
  });
});
