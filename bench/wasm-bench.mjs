// Times the four core/benches/core.rs cases through the built WASM module in Node and prints
// the comparison table with criterion's native figures.
// Usage: WASM_BENCH_PKG=<dir/> node bench/wasm-bench.mjs [criterion dir] [--crossings]
// (run by bench/run.sh after cargo bench, on the bench build with `call_json`: feature json-text)
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
const pkgDir = process.env.WASM_BENCH_PKG ?? '../core-wasm/pkg/';
const core = await import(new URL(`${pkgDir}shop_core_wasm.js`, import.meta.url).href);

const pkg = new URL(pkgDir, import.meta.url);
const wasmBytes = readFileSync(new URL('shop_core_wasm_bg.wasm', pkg));
core.initSync({ module: wasmBytes });

// --- inputs: mirror core/benches/core.rs exactly ------------------------------------------
const MOBILE = '+۹۸ 912 ٣٤٥ 6789';

const RULES = [
  [{ rule: 'Required' }, 'علی'],
  [{ rule: 'Select' }, 'تهران'],
  [{ rule: 'Mobile' }, '۰۹۱۲۳۴۵۶۷۸۹'],
  [{ rule: 'Email' }, 'ali.rezaei@example.ir'],
  [{ rule: 'Url' }, 'https://shop.example.ir/product/12'],
  [{ rule: 'ComplexPassword' }, 'Abc12!xy'],
  [{ rule: 'MinLength', n: 6 }, 'abcdefgh'],
  [{ rule: 'Digits', n: 10 }, '۰۰۱۲۳۴۵۶۷۸'],
  [{ rule: 'Numeric' }, '۱۲٫۵'],
  [{ rule: 'MinValue', n: 0 }, '3'],
  [{ rule: 'Confirmed', other: 'Abc12!xy' }, 'Abc12!xy'],
  [{ rule: 'FileSize', max_bytes: 1_048_576 }, '524288'],
  [{ rule: 'FileExtension' }, 'photo.webp'],
].map(([rule, value]) => ({ rule, field: 'فیلد', value }));

function deliveryLines() {
  const cities = ['همه', 'تهران', 'اصفهان', 'شيراز', 'کرج'];
  return Array.from({ length: 20 }, (_, line) =>
    Array.from({ length: 20 }, (_, k) => ({
      Id: k < 5 ? k : line * 100 + k,
      Priority: ((k + line) % 20) + 1,
      CityActive: [{ name: cities[k % 5] }, { name: 'تهران' }],
    })),
  );
}
const DELIVERY = { lines: deliveryLines(), city: 'تهران' };

// The 200 chars (code points, as Rust's chars().cycle().take(200)) of the Rust bench's title.
const TITLE_BASE =
  'لپ‌تاپ ۱۵.۶ اينچی ايسوس مدل VivoBook 15 X1504VA-NJ817 Core i7-1355U رم ۱۶ گيگابايت حافظه ۵۱۲ گيگابايت SSD كارت گرافيك Intel Iris Xe همراه با كيف و ماوس هديه ';
const baseChars = [...TITLE_BASE];
const TITLE = Array.from({ length: 200 }, (_, i) => baseChars[i % baseChars.length]).join('');

// The batch forms of the cases: the four validate cases as one form (rules parsed once, values
// cross per call) and the delivery options as a table parsed once, filtered per call.
const FORM_FIELDS = RULES.map((r, i) => ({ name: `f${i}`, label: r.field, value: r.value, rules: [r.rule] }));
const FORM = core.Form.parse(FORM_FIELDS.map(({ name, label, rules }) => ({ name, label, rules }))).ok;
const FORM_VALUES = FORM_FIELDS.map((f) => f.value);
const TABLE = core.DeliveryTable.parse(DELIVERY.lines).ok;

// Each case returns something so the work cannot be optimised away; the sink checks it.
// Per case: the function, its input, the typed export (what the app calls) and, where the
// app has one, the batch call.
const cases = [
  { id: 'normalize_mobile', fn: 'normalize_mobile', input: MOBILE, typed: () => core.normalize_mobile(MOBILE) },
  {
    id: 'validate_all_rules',
    fn: 'validate_form',
    input: FORM_FIELDS,
    typed: () => core.validate_form(FORM_FIELDS),
    batch: () => FORM.validate(FORM_VALUES),
    batchNote: 'Form.validate(values)',
  },
  {
    id: 'filter_delivery_20x20',
    fn: 'filter_delivery',
    input: DELIVERY,
    typed: () => core.filter_delivery(DELIVERY),
    batch: () => TABLE.filter('تهران'),
    batchNote: 'DeliveryTable.filter(city)',
  },
  { id: 'fold_title_200', fn: 'fold', input: TITLE, typed: () => core.fold(TITLE) },
];
// The two ways a structured value can cross, for every case: serde-wasm-bindgen reading the JS
// value in place (`call`), and JSON text both ways (`JSON.stringify` → `call_json` → `JSON.parse`).
for (const c of cases) {
  c.serde = () => core.call(c.fn, c.input);
  c.json = () => JSON.parse(core.call_json(c.fn, JSON.stringify(c.input)));
}

// Sanity: the cases succeed (a bench of error paths would measure the wrong thing), and the
// crossings agree.
for (const c of cases) {
  const out = c.typed();
  if (!out || !('ok' in out)) throw new Error(`${c.id}: ${JSON.stringify(out)}`);
  for (const other of [c.serde(), c.json()]) {
    if (JSON.stringify(other) !== JSON.stringify(out)) throw new Error(`${c.id}: crossings differ`);
  }
}
if (core.normalize_mobile(MOBILE).ok !== '09123456789') throw new Error('normalize_mobile input');
if (Object.keys(FORM.validate(FORM_VALUES).ok).length !== 0) throw new Error('form does not pass');
const ids = [...TABLE.filter('تهران')];
if (JSON.stringify(ids) !== JSON.stringify(core.filter_delivery(DELIVERY).ok.map((o) => o.Id))) {
  throw new Error('DeliveryTable.filter differs from filter_delivery');
}

// --- timing: warm up, size a batch to ~2 ms, fastest of 100 batches ------------------------
// The fastest sample, here and for criterion below: these machines run other work, and the
// minimum is the figure that load disturbs least (a median moved 3x between runs).
const now = () => process.hrtime.bigint();
let sink = 0;
function nsPerOp(run) {
  const warmEnd = now() + 300_000_000n;
  let iters = 0;
  while (now() < warmEnd) {
    sink ^= run() ? 1 : 0;
    iters++;
  }
  // Short batches, as criterion's samples: on a shared machine a long batch is almost always
  // interrupted, and the fastest sample is the comparable figure.
  const batch = Math.max(1, Math.round(iters / 150)); // ≈ 2 ms per batch
  let best = Infinity;
  for (let s = 0; s < 100; s++) {
    const t0 = now();
    for (let i = 0; i < batch; i++) sink ^= run() ? 1 : 0;
    best = Math.min(best, Number(now() - t0) / batch);
  }
  return best;
}

// --- native figures from criterion: its fastest sample (sample.json: iters[i], times[i] ns) ----
const criterionDir = process.argv[2] ?? fileURLToPath(new URL('../target/criterion', import.meta.url));
function nativeNs(id) {
  const file = `${criterionDir}/${id}/new/sample.json`;
  if (!existsSync(file)) return null;
  const { iters, times } = JSON.parse(readFileSync(file, 'utf8'));
  return Math.min(...times.map((t, i) => t / iters[i]));
}

// --- the table ---------------------------------------------------------------------------------
const fmt = (ns) => (ns == null ? '' : ns >= 100_000 ? ns.toFixed(0) : ns.toPrecision(4));
const ratio = (a, b) => (a == null ? '' : b ? `${(a / b).toFixed(2)}x` : 'n/a');
const rows = cases.map((c) => {
  const native = nativeNs(c.id);
  const serde = nsPerOp(c.serde);
  const json = nsPerOp(c.json);
  const typed = nsPerOp(c.typed);
  const batch = c.batch ? nsPerOp(c.batch) : null;
  return [
    c.id, fmt(native),
    fmt(serde), ratio(serde, native),
    fmt(json), ratio(json, native),
    fmt(typed), ratio(typed, native),
    fmt(batch), ratio(batch, native),
  ];
});
const header = [
  'case', 'native ns/op',
  'serde-wasm-bindgen', '/native',
  'JSON text', '/native',
  'typed export', '/native',
  'batch call', '/native',
];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) => `| ${cells.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
console.log(line(header));
console.log(`|${widths.map((w, i) => (i ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|')}|`);
for (const r of rows) console.log(line(r));
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
// The size is the shop's module (core-wasm/pkg, without the bench-only `call_json`).
const wasmPath = fileURLToPath(new URL('../core-wasm/pkg/shop_core_wasm_bg.wasm', import.meta.url));
const shopBytes = readFileSync(wasmPath);
// `gzip -9` (the measure; it packs ~4% tighter than zlib), zlib when gzip is absent.
let gzipped;
try {
  gzipped = execFileSync('gzip', ['-9c', wasmPath], { maxBuffer: 1 << 26 }).length;
} catch {
  gzipped = gzipSync(shopBytes, { level: 9 }).length;
}
console.log(
  `\nshop .wasm (core-wasm/pkg): ${shopBytes.length} bytes (${kb(shopBytes.length)}) raw, ${gzipped} bytes (${kb(gzipped)}) gzip -9`,
);
console.log(
  `ns/op = fastest sample. native: criterion. WASM: fastest of 100 batches of ~2 ms after 0.3 s warm-up, Node ${process.version}; ` +
    'JS values in, {ok}|{err} objects out. serde-wasm-bindgen: call(fn, value). JSON text: ' +
    'JSON.parse(call_json(fn, JSON.stringify(value))). typed export: the function of that name. batch: ' + cases.filter((c) => c.batch).map((c) => `${c.id} = ${c.batchNote}`).join(', ') + '.',
);
// --- every function: serde-wasm-bindgen against JSON text, on its first passing vector ------
// (typed = the export as built: since issue 29 it reads its input as `call` does)
if (process.argv.includes('--crossings')) {
  const vectorsDir = new URL('../contract/vectors/', import.meta.url);
  const { readdirSync } = await import('node:fs');
  const firstOk = new Map();
  for (const name of readdirSync(vectorsDir).filter((n) => n.endsWith('.json')).sort()) {
    for (const c of JSON.parse(readFileSync(new URL(name, vectorsDir), 'utf8'))) {
      if ('ok' in c.expect && !firstOk.has(c.fn)) firstOk.set(c.fn, c.input);
    }
  }
  console.log('\n| fn | serde-wasm-bindgen ns/op | JSON text ns/op | typed export ns/op |');
  console.log('|---|---:|---:|---:|');
  for (const [fn, input] of firstOk) {
    const serde = nsPerOp(() => core.call(fn, input));
    const json = nsPerOp(() => JSON.parse(core.call_json(fn, JSON.stringify(input))));
    const typed = nsPerOp(() => core[fn](input));
    console.log(`| ${fn} | ${fmt(serde)} | ${fmt(json)} | ${fmt(typed)} |`);
  }
}
if (sink === 2) console.log(''); // keep `sink` observable
