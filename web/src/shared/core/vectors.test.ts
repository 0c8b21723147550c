// WASM parity: every case of contract/vectors/*.json through the WASM build, plus the bad
// JavaScript input the Rust side never sees natively. `just test-wasm` runs this file.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import * as wasm from 'shop-core-wasm';
import { coreIfLoaded, loadCore } from '@/shared/core';

interface Case {
  fn: string;
  input: unknown;
  expect: { ok?: unknown; err?: string; err_prefix?: string };
  note?: string;
}

// Path strings: under jsdom the global URL is jsdom's, which node:fs does not accept.
const here = dirname(fileURLToPath(import.meta.url));
const vectorsDir = join(here, '../../../../contract/vectors');
const wasmPath = join(here, '../../../../core-wasm/pkg/shop_core_wasm_bg.wasm');
const files = readdirSync(vectorsDir)
  .filter((name) => name.endsWith('.json'))
  .sort();
const suites = files.map((name) => ({
  name,
  cases: JSON.parse(readFileSync(join(vectorsDir, name), 'utf8')) as Case[],
}));

type Export = (...args: unknown[]) => unknown;
const exportsByName = wasm as unknown as Record<string, unknown>;
// The typed exports: every function of the glue except the loader entry points, the
// dispatcher and the prepared-value classes (tested below).
const typedExports = Object.entries(exportsByName).filter(
  (entry): entry is [string, Export] =>
    typeof entry[1] === 'function' &&
    !['default', 'initSync', 'call', 'Form', 'DeliveryTable'].includes(entry[0]),
);

/** Exactly one of `ok` / `err`, and `err` a string: the contract's result shape. */
function expectOutcome(out: unknown): void {
  expect(out).toBeTypeOf('object');
  expect(out).not.toBeNull();
  const keys = Object.keys(out as object);
  expect(keys).toHaveLength(1);
  expect(['ok', 'err']).toContain(keys[0]);
  if (keys[0] === 'err') expect((out as { err: unknown }).err).toBeTypeOf('string');
}

beforeAll(async () => {
  await loadCore();
});

describe('vectors', () => {
  it('has the shared vector files with at least 200 cases', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(suites.reduce((n, s) => n + s.cases.length, 0)).toBeGreaterThanOrEqual(200);
  });

  it('covers every typed export, and every vector fn has one', () => {
    const known = (c: Case) => !c.expect.err?.startsWith('unknown fn:');
    const vectorFns = new Set(suites.flatMap((s) => s.cases.filter(known).map((c) => c.fn)));
    const exported = new Set(typedExports.map(([name]) => name));
    expect([...vectorFns].filter((fn) => !exported.has(fn))).toEqual([]);
    expect([...exported].filter((fn) => !vectorFns.has(fn))).toEqual([]);
  });

  for (const { name, cases } of suites) {
    describe(name, () => {
      cases.forEach((c, i) => {
        it(`${name}#${i} ${c.fn}`, () => {
          const out = wasm.call(c.fn, c.input);
          expectOutcome(out);
          if (c.expect.err_prefix !== undefined) {
            expect(out).toHaveProperty('err');
            expect((out as { err: string }).err.startsWith(c.expect.err_prefix)).toBe(true);
          } else {
            expect(out).toStrictEqual(c.expect);
          }
          // The typed export of the same name (its own export, not the dispatcher) agrees with it;
          // error texts of bad input may differ after the contract's prefix.
          const typed = exportsByName[c.fn];
          if (typeof typed === 'function') {
            const viaExport = (typed as Export)(c.input);
            if (c.expect.err_prefix !== undefined) expect(viaExport).toHaveProperty('err');
            else expect(viaExport).toStrictEqual(out);
          }
        });
      });
    });
  }
});

describe('bad input from JavaScript never throws or traps', () => {
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  const tenKb = '۰۹۱۲ abc ي\u200c😀-'.repeat(1024).slice(0, 10 * 1024);
  const oneMb = 'x۱٢\u200fك '.repeat(200_000);
  const bad: [string, unknown][] = [
    ['undefined', undefined],
    ['null', null],
    ['42', 42],
    ['-1.5', -1.5],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['1e300', 1e300],
    ['true', true],
    ['{}', {}],
    ['[]', []],
    ['[[]]', [[]]],
    ['array of nulls', [null, null, null]],
    ['wrong-shape object', { rule: { rule: 'Nope' }, lines: 'x', city: 7, Num: 'two' }],
    ['BigInt', 10n],
    ['symbol', Symbol('s')],
    ['function', () => 1],
    ['cyclic object', cyclic],
    ['5000-deep array', JSON.parse('['.repeat(5000) + ']'.repeat(5000))],
    [
      'throwing toJSON',
      {
        toJSON: () => {
          throw new Error('no');
        },
      },
    ],
    ['full-width digits', '０９１２３４５６７８９'],
    ['lone surrogate', '09\ud800123'],
    ['empty string', ''],
    ['10 KB string', tenKb],
    ['1 MB string', oneMb],
  ];

  for (const [fnName, fn] of typedExports) {
    it(`${fnName} returns { ok } | { err } for every bad input`, () => {
      for (const [, value] of bad) expectOutcome(fn(value));
      // Extra arguments and no argument at all.
      expectOutcome(fn());
      expectOutcome(fn('09123456789', 'extra'));
    });
  }

  it('survives seeded random strings and JSON values in every export', () => {
    // Deterministic (mulberry32) so a failure reproduces; the alphabet leans on the
    // characters the rules care about.
    let seed = 0x5eed;
    const rand = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
    const chars = [
      ...'0123456789۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩０９+- ._@/:aZيكیکهمه',
      '\u200c', '\u200d', '\u200e', '\u200f', '\u202a', '\u2066', '\u0640', '\u064b',
      '😀', '\ud800', '\u0000',
    ];
    const str = () => Array.from({ length: Math.floor(rand() * 24) }, () => pick(chars)).join('');
    const num = () => pick([0, -1, 1, 5, 59, 1403, 2 ** 31, -(2 ** 53), 2 ** 53, 0.5, Number.NaN]);
    const keys = ['rule', 'n', 'other', 'max_bytes', 'field', 'value', 'lines', 'city', 'Num',
      'Price', 'PriceGaranti', 'InsPayment', 'Id', 'Priority', 'CityActive', 'name', 'year',
      'month', 'day', 'size_bytes', 'file_name'];
    const value = (depth: number): unknown => {
      const kind = Math.floor(rand() * (depth > 2 ? 4 : 6));
      if (kind === 0) return str();
      if (kind === 1) return num();
      if (kind === 2) return pick([null, true, false, undefined]);
      if (kind === 3) return pick(['Required', 'MinLength', 'Digits', 'Confirmed', 'FileSize']);
      if (kind === 4) return Array.from({ length: Math.floor(rand() * 4) }, () => value(depth + 1));
      return Object.fromEntries(
        Array.from({ length: Math.floor(rand() * 5) }, () => [pick(keys), value(depth + 1)]),
      );
    };
    for (let i = 0; i < 300; i++) {
      for (const [, fn] of typedExports) {
        expectOutcome(fn(str()));
        expectOutcome(fn(value(0)));
      }
    }
  }, 60_000); // thousands of crossings: slow on a loaded 2-core machine

  it('Form.parse and DeliveryTable.parse answer { err } for what is not a form or a table', () => {
    for (const [, value] of bad) {
      expectOutcome(wasm.Form.parse(value));
      expectOutcome(wasm.DeliveryTable.parse(value));
    }
    expect(wasm.Form.parse([{ name: 'x' }])).toHaveProperty('err');
  });

  it('call rejects a missing, non-string or unknown fn name', () => {
    expect(wasm.call(undefined as unknown as string, '0912')).toHaveProperty('err');
    expect(wasm.call(42 as unknown as string, '0912')).toHaveProperty('err');
    expect(wasm.call('no_such_fn', '0912')).toStrictEqual({ err: 'unknown fn: no_such_fn' });
    for (const [, value] of bad) expectOutcome(wasm.call('validate', value));
  });

  it('treats undefined as null, as the vectors README says', () => {
    for (const [fnName] of typedExports) {
      expect(wasm.call(fnName, undefined)).toStrictEqual(wasm.call(fnName, null));
    }
  });

  it('still works after all of the above', () => {
    expect(wasm.normalize_mobile('\u200f+۹۸ ۹۱۲ ۳۴۵ ۶۷۸۹ ')).toStrictEqual({ ok: '09123456789' });
  });
});

describe('batch calls', () => {
  const validation = suites.find((s) => s.name === 'validation.json')?.cases ?? [];
  const forms = validation.filter((c) => c.fn === 'validate_form' && 'ok' in c.expect);
  const delivery = suites.find((s) => s.name === 'delivery.json')?.cases ?? [];
  const tables = delivery.filter((c) => c.fn === 'filter_delivery' && 'ok' in c.expect);

  it('has form and delivery vectors to check them with', () => {
    expect(forms.length).toBeGreaterThan(2);
    expect(tables.length).toBeGreaterThan(5);
  });

  it('Form.validate agrees with validate_form on every form vector', async () => {
    const core = await loadCore();
    for (const c of forms) {
      const fields = c.input as { name: string; label: string; value: string; rules: unknown[] }[];
      const form = core.prepareForm(fields.map(({ value: _, ...spec }) => spec as never));
      expect(form.validate(fields.map((f) => f.value))).toStrictEqual(c.expect.ok);
    }
  });

  it('DeliveryTable.filter gives the Ids of filter_delivery on every delivery vector', async () => {
    const core = await loadCore();
    for (const c of tables) {
      const { lines, city } = c.input as { lines: never[][]; city: string };
      const ids = (c.expect.ok as { Id: number }[]).map((o) => o.Id);
      expect(core.deliveryTable(lines).filter(city)).toStrictEqual(ids);
    }
  });
});

describe('size', () => {
  it('keeps the .wasm within its gzip budget (docs/decisions.md "WASM budget")', () => {
    // zlib packs a few % looser than `gzip -9`, so this errs on the strict side. 104 KB since
    // issue 28/23 (docs/decisions.md "WASM budget"): the bidi rule, tracking codes and the
    // first-purchase term took it from 100.3 to 103.5 KB; 114 KB since issue 24: the catalogue
    // editor's three forms took it to 112.5 KB by this measure; 132 KB since issue 29: the
    // customer forms (check_form, with the provinces list, about 10 KB) and the pricing rule
    // book (`quote`, about 4.5 KB) took it to 128.1 KB by this measure (124.5 KB by `gzip -9`); 148 KB since
    // issue 26: the after-sale rules (return window and request, serials, warranty end, the
    // buyer IDs and the official-invoice form) took it to 143.9 KB; 152 KB since issue 29's
    // back-office forms (staff, content, discount, delivery: 141.3 → 150.9 KB, after the string
    // crossing's removal gave back 2.7 KB); 156 KB since the last four back-office forms (plan,
    // refund, return reject and refund, holiday: 150.9 → 155.0 KB); 158 KB since issue 27's delivery
    // slot form (with the alerts: 157.5 KB; the slot's label and offer rules stay native); 162 KB since
    // issue 27's review, question, answer and rejection forms (160.5 KB). The module loads lazily,
    // never on the first paint.
    expect(gzipSync(readFileSync(wasmPath), { level: 9 }).length).toBeLessThanOrEqual(162 * 1024);
  });
});

describe('loadCore', () => {
  it('is memoised and gives the typed wrappers', async () => {
    const core = await loadCore();
    expect(await loadCore()).toBe(core);
    expect(coreIfLoaded()).toBe(core);
    expect(core.normalizeMobile('۰۹۱۲۳۴۵۶۷۸۹')).toStrictEqual({ ok: '09123456789' });
    expect(core.validate({ rule: 'MinLength', n: 6 }, 'نام', 'ab')).toStrictEqual({
      err: 'نام باید حداقل ۶ کاراکتر باشد',
    });
    expect(core.formatPrice(12_500_000)).toBe('۱۲٬۵۰۰٬۰۰۰ تومان');
    expect(core.spreadPaste('۱۲۳')).toStrictEqual(['1', '2', '3', '', '']);
    expect(core.cartCount([{ Num: 2, Price: 10 }, { Num: 3, Price: 5 }])).toBe(5);
    expect(core.instalmentEligible([])).toBe(false);
    expect(core.formatDate('2024-03-19T21:00:00Z', true)).toBe('۱۴۰۳/۰۱/۰۱');
    // Summer 2010: Tehran was at +4:30, so 19:45 UTC was already 2 July (۱۱ تیر).
    expect(core.formatDate('2010-07-01T19:45:00Z')).toBe('۱۱ تیر ۱۳۸۹');
    expect(core.discountPercent(1000, 873)).toBe(12);
    expect(core.validateForm([{ name: 'm', label: 'موبایل', value: '0912', rules: [{ rule: 'Mobile' }] }])).toStrictEqual({
      m: 'شماره موبایل وارد شده معتبر نیست!',
    });
  });

  it('falls back instead of throwing when untyped data slips through', async () => {
    const core = await loadCore();
    expect(core.formatPrice('12' as unknown as number)).toBe('12');
    expect(core.cartCount({} as unknown as [])).toBe(0);
    expect(core.formatDate('not a date')).toBe('');
  });
});
