import { describe, expect, it, vi } from 'vitest';
import { afterEach } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, pageReloader, reloadOnChunkError } from './chunkReload';

/** What a reload does to this module: a fresh page has asked for nothing yet. */
const freshPage = () => {
  pageReloader.requested = false;
};
afterEach(freshPage);

describe('chunk-load failure reload guard', () => {
  it('recognises failed dynamic imports', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('reloads at most once per 10 s per path', () => {
    expect(CHUNK_RELOAD_GUARD_MS).toBe(10_000);
    const reload = vi.fn();
    const t0 = 1_000_000;
    expect(reloadOnChunkError('/shop', t0, reload)).toBe(true);
    freshPage();
    expect(reloadOnChunkError('/shop', t0 + 5_000, reload)).toBe(false);
    expect(reloadOnChunkError('/shop', t0 + 9_999, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // another path has its own guard
    expect(reloadOnChunkError('/blogs', t0 + 5_000, reload)).toBe(true);
    freshPage();
    // after 10 s the same path may reload again
    expect(reloadOnChunkError('/shop', t0 + 10_000, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
    expect(sessionStorage.getItem('chunk-reload:/shop')).toBe(String(t0 + 10_000));
  });

  it('one failure seen twice in a page (listener and error boundary, two paths) reloads once', () => {
    const reload = vi.fn();
    expect(reloadOnChunkError('/', 1_000_000, reload)).toBe(true);
    expect(reloadOnChunkError('/about-us', 1_000_001, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when session storage is unavailable (no loop guard)', () => {
    const reload = vi.fn();
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(reloadOnChunkError('/x', 5, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
