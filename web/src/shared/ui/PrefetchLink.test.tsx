import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setPrefetcher } from '@/shared/lib/prefetch';
import { PrefetchLink } from './PrefetchLink';

describe('links prefetch their route when visible', () => {
  const RealIO = globalThis.IntersectionObserver;
  afterEach(() => {
    globalThis.IntersectionObserver = RealIO;
    setPrefetcher(null);
    vi.useRealTimers();
  });

  it('calls the prefetcher once the link intersects, once per path', () => {
    vi.useFakeTimers();
    const observers: { cb: IntersectionObserverCallback; el?: Element }[] = [];
    globalThis.IntersectionObserver = class {
      rec: { cb: IntersectionObserverCallback; el?: Element };
      constructor(cb: IntersectionObserverCallback) {
        this.rec = { cb };
        observers.push(this.rec);
      }
      observe(el: Element) {
        this.rec.el = el;
      }
      disconnect() {}
      unobserve() {}
      takeRecords() {
        return [];
      }
    } as unknown as typeof IntersectionObserver;
    const prefetch = vi.fn();
    setPrefetcher(prefetch);
    render(
      <MemoryRouter>
        <PrefetchLink to="/about-us">a</PrefetchLink>
        <PrefetchLink to="/about-us?x=1">b</PrefetchLink>
      </MemoryRouter>,
    );
    expect(prefetch).not.toHaveBeenCalled();
    act(() => {
      for (const o of observers)
        o.cb([{ isIntersecting: true, target: o.el! } as IntersectionObserverEntry], {} as IntersectionObserver);
      vi.advanceTimersByTime(3000);
    });
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(prefetch).toHaveBeenCalledWith('/about-us');
  });
});
