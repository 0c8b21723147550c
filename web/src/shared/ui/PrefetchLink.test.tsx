import { act, fireEvent, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setPrefetcher } from '@/shared/lib/prefetch';
import { scrollAllIntoView } from '@/shared/testing/intersection';
import { PrefetchLink } from './PrefetchLink';

describe('links prefetch their route when visible', () => {
  afterEach(() => {
    setPrefetcher(null);
    vi.useRealTimers();
  });

  it('calls the prefetcher once the link intersects and the visitor has interacted, once per path', () => {
    vi.useFakeTimers();
    const prefetch = vi.fn();
    setPrefetcher(prefetch);
    render(
      <MemoryRouter>
        <PrefetchLink to="/about-us">a</PrefetchLink>
        <PrefetchLink to="/about-us?x=1">b</PrefetchLink>
      </MemoryRouter>,
    );
    act(() => vi.advanceTimersByTime(3000));
    expect(prefetch).not.toHaveBeenCalled();
    act(() => scrollAllIntoView());
    act(() => vi.advanceTimersByTime(3000));
    expect(prefetch).not.toHaveBeenCalled(); // visible, but nobody has touched the page yet
    fireEvent.pointerDown(document.body);
    act(() => vi.advanceTimersByTime(100));
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(prefetch).toHaveBeenCalledWith('/about-us');
  });

  it('after the first interaction, a link prefetches as soon as it is seen', () => {
    vi.useFakeTimers();
    fireEvent.keyDown(document.body, { key: 'Tab' });
    const prefetch = vi.fn();
    setPrefetcher(prefetch);
    render(
      <MemoryRouter>
        <PrefetchLink to="/shop">a</PrefetchLink>
      </MemoryRouter>,
    );
    act(() => scrollAllIntoView());
    act(() => vi.advanceTimersByTime(3000));
    expect(prefetch).toHaveBeenCalledWith('/shop');
  });
});
