// The platform's CLDR formatter (format.ts) against the WASM core's digit rules, so the two can
// never disagree silently: same digits as to_persian_digits, same grouping as format_price.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCore, type Core } from '@/shared/core';
import { formatCount, formatDigits, formatPlain, formatTwoDigits, joinMixedParts, joinParts } from './format';

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

// Every number to 10,000, then powers of ten and their neighbours up to 2^53, then a seeded
// spread in between.
function numbers(): number[] {
  const out: number[] = [];
  for (let n = 0; n <= 10_000; n++) out.push(n);
  for (let p = 10n; p <= 2n ** 53n; p *= 10n) out.push(Number(p) - 1, Number(p), Number(p) + 1);
  out.push(Number.MAX_SAFE_INTEGER);
  let seed = 7;
  for (let i = 0; i < 2_000; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    out.push(Math.floor((seed / 2 ** 31) * 10 ** (1 + (i % 15))));
  }
  return out;
}

describe('format.ts agrees with the core', () => {
  it('formatDigits keeps leading zeros and letters, as to_persian_digits does', () => {
    for (const text of ['09121234567', 'K7Q2M9XD', '0', 'abc']) expect(formatDigits(text), text).toBe(core.toPersianDigits(text));
  });

  it('formatPlain gives the digits of to_persian_digits', () => {
    for (const n of numbers()) expect(formatPlain(n), String(n)).toBe(core.toPersianDigits(String(n)));
  });

  it('formatCount groups as format_price does (U+066C every three digits)', () => {
    for (const n of numbers()) expect(`${formatCount(n)} تومان`, String(n)).toBe(core.formatPrice(n));
    expect(formatCount(12_500_000)).toBe('۱۲٬۵۰۰٬۰۰۰');
  });

  it('formatTwoDigits pads to two Persian digits', () => {
    for (let n = 0; n < 100; n++) expect(formatTwoDigits(n)).toBe(core.toPersianDigits(String(n).padStart(2, '0')));
  });
});

describe('PART_SEPARATOR', () => {
  // What the shopper reads comes from these folders; a middle dot there sits beside a digit
  // sooner or later («۱ · عدد» reads «۱۰ عدد»).
  it('no source or resource file of the web app or the server shows a middle dot', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = join(__dirname, '../../../..');
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.(tsx?|json|rs)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) {
          readFileSync(p, 'utf8')
            .split('\n')
            .forEach((line, i) => {
              const code = line.replace(/^\s*(\/\/|\*|\/\*).*$/, '');
              if (/[·•∙⋅]/.test(code)) found.push(`${p}:${i + 1}`);
            });
        }
      }
    };
    for (const dir of ['web/src', 'server/src', 'core/src']) walk(join(root, dir));
    expect(found).toEqual([]);
  });

  it('joins the parts that are not empty with the Persian comma', () => {
    expect(joinParts(['سبز', null, 'گارانتی ۱۸ ماهه', '', '۱ عدد'])).toBe('سبز، گارانتی ۱۸ ماهه، ۱ عدد');
  });

  it('isolates each part of a mixed join, so a Latin part cannot take the next part\'s number', () => {
    expect(joinMixedParts(['مشکی', null, '\u2066Core i7\u2069 / ۱۶ گیگ رم'])).toBe('\u2068مشکی\u2069، \u2068\u2066Core i7\u2069 / ۱۶ گیگ رم\u2069');
  });

  it('leaves a single part of a mixed join as it is', () => {
    expect(joinMixedParts([null, 'سبز', ''])).toBe('سبز');
  });
});
