import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/shared/testing/render';
import { PAGE_FADE_MS } from './PageTransition';

describe('page transition (fade, out-in)', () => {
  it('fades the old page out, then shows the new one fading in', async () => {
    expect(PAGE_FADE_MS * 2).toBe(500);
    renderApp('/about-us');
    expect(await screen.findByRole('heading', { level: 1, name: 'درباره ما' })).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    await userEvent.click(footer.querySelector('a[href="/contact-us"]')!);
    // out: the old page is still shown while it fades
    const fade = await screen.findByText((_, el) => el?.getAttribute('data-phase') === 'out');
    expect(fade).toHaveTextContent('درباره ما');
    // in: after the fade the new page is there
    expect(await screen.findByRole('heading', { level: 1, name: 'تماس با ما' })).toBeInTheDocument();
    expect(document.querySelector('.page-fade')).toHaveAttribute('data-phase', 'in');
    await act(async () => {});
  });
});
