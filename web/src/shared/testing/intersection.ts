/**
 * jsdom has no IntersectionObserver. Tests get one that records what is observed and reports
 * nothing until a test scrolls: `scrollAllIntoView()` tells every observer its elements are in view.
 */
type Callback = (entries: Partial<IntersectionObserverEntry>[], observer: unknown) => void;

const observed = new Map<Element, TestIntersectionObserver>();

class TestIntersectionObserver {
  constructor(private readonly callback: Callback) {}
  observe(el: Element) {
    observed.set(el, this);
  }
  unobserve(el: Element) {
    observed.delete(el);
  }
  disconnect() {
    for (const [el, io] of observed) if (io === this) observed.delete(el);
  }
  takeRecords() {
    return [];
  }
  report(el: Element) {
    this.callback([{ isIntersecting: true, target: el }], this);
  }
}

export function installTestIntersectionObserver(): void {
  if (!('IntersectionObserver' in globalThis)) {
    (globalThis as unknown as { IntersectionObserver: unknown }).IntersectionObserver = TestIntersectionObserver;
  }
}

/** Every observed element comes into view (call inside act()). */
export function scrollAllIntoView(): void {
  for (const [el, io] of [...observed]) io.report(el);
}
