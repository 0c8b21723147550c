import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/shared/testing/render';

describe('page transition (fade, out-in)', () => {
  it('while the old page fades out the new one is absent; after it, only the new page shows', async () => {
    renderApp('/about-us');
    expect(await screen.findByRole('heading', { level: 1, name: 'درباره ما' })).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    await userEvent.click(footer.querySelector('a[href="/contact-us"]')!);
    // out: the old page is still shown while it fades, and nothing of the new one yet
    const fade = await screen.findByText((_, el) => el?.getAttribute('data-phase') === 'out');
    expect(fade).toHaveTextContent('درباره ما');
    expect(screen.queryByRole('heading', { level: 1, name: 'تماس با ما' })).toBeNull();
    // in: after the fade the new page is there and the old one is gone
    expect(await screen.findByRole('heading', { level: 1, name: 'تماس با ما' })).toBeInTheDocument();
    expect(document.querySelector('.page-fade')).toHaveAttribute('data-phase', 'in');
    expect(screen.queryByRole('heading', { level: 1, name: 'درباره ما' })).toBeNull();
    await act(async () => {});
  });
});
