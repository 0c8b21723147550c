import { beforeAll, describe, expect, it } from 'vitest';
import { loadCore, type Core } from '@/shared/core';
import { discountPercent, faPrice, formatToman } from './price';

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

describe('prices', () => {
  it('the JS fallback writes exactly what the core’s format_price writes', () => {
    const values = [0, 5, 999, 1000, 12_500_000, 48_500_000, 123_456_789, 9_007_199_254, -2_500_000];
    // Seeded (mulberry32) so that a failure reproduces.
    let seed = 0x5eed;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    for (let i = 0; i < 200; i++) values.push(Math.floor(random() * 10 ** (1 + (i % 12))));
    for (const v of values) expect(faPrice(v), String(v)).toBe(core.formatPrice(v));
    expect(formatToman(12_500_000, core)).toBe('۱۲٬۵۰۰٬۰۰۰ تومان');
    expect(formatToman(12_500_000, null)).toBe('۱۲٬۵۰۰٬۰۰۰ تومان');
  });

  it('discount percent', () => {
    expect(discountPercent(90, 100)).toBe(10);
    expect(discountPercent(100, 100)).toBe(0);
    expect(discountPercent(100, null)).toBe(0);
    expect(discountPercent(999, 1000)).toBe(1);
  });
});
