// Times the four core/benches/core.rs cases through the built WASM module in Node and prints
// the comparison table with criterion's native figures.
// Usage: node bench/wasm-bench.mjs [criterion dir]   (run by bench/run.sh after cargo bench)
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as core from '../core-wasm/pkg/shop_core_wasm.js';

const pkg = new URL('../core-wasm/pkg/', import.meta.url);
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

// Each case returns something so the work cannot be optimised away; the sink checks it.
const cases = [
  ['normalize_mobile', () => core.normalize_mobile(MOBILE)],
  ['validate_all_rules', () => {
    let last;
    for (const input of RULES) last = core.validate(input);
    return last;
  }],
  ['filter_delivery_20x20', () => core.filter_delivery(DELIVERY)],
  ['fold_title_200', () => core.fold(TITLE)],
];

// The same cases through `call_json` with the input already JSON text (what a caller holding a
// fetch body can do): shows how much of the WASM figure is JS-object marshalling.
const asJson = (fn, input) => {
  const text = JSON.stringify(input);
  return () => core.call_json(fn, text);
};
const VALIDATE_TEXTS = RULES.map((input) => JSON.stringify(input));
const jsonCases = {
  normalize_mobile: asJson('normalize_mobile', MOBILE),
  validate_all_rules: () => {
    let last;
    for (const text of VALIDATE_TEXTS) last = core.call_json('validate', text);
    return last;
  },
  filter_delivery_20x20: asJson('filter_delivery', DELIVERY),
  fold_title_200: asJson('fold', TITLE),
};

// Sanity: the cases succeed (a bench of error paths would measure the wrong thing).
for (const [id, run] of cases) {
  const out = run();
  if (!out || !('ok' in out)) throw new Error(`${id}: ${JSON.stringify(out)}`);
  if (JSON.stringify(JSON.parse(jsonCases[id]())) !== JSON.stringify(out)) throw new Error(`${id}: call_json differs`);
}
if (core.normalize_mobile(MOBILE).ok !== '09123456789') throw new Error('normalize_mobile input');

// --- timing: warm up, size a batch to ~50 ms, fastest of 15 batches -------------------------
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
  const batch = Math.max(1, Math.round(iters / 6)); // ≈ 50 ms per batch
  let best = Infinity;
  for (let s = 0; s < 15; s++) {
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
const fmt = (ns) => (ns == null ? 'n/a' : ns >= 100_000 ? ns.toFixed(0) : ns.toPrecision(4));
const ratio = (a, b) => (b ? `${(a / b).toFixed(2)}x` : 'n/a');
const rows = cases.map(([id, run]) => {
  const wasm = nsPerOp(run);
  const text = nsPerOp(jsonCases[id]);
  const native = nativeNs(id);
  return [id, fmt(native), fmt(wasm), ratio(wasm, native), fmt(text), ratio(text, native)];
});
const header = ['case', 'native ns/op', 'WASM ns/op', 'WASM/native', 'WASM JSON-text ns/op', 'JSON-text/native'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) => `| ${cells.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
console.log(line(header));
console.log(`|${widths.map((w, i) => (i ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|')}|`);
for (const r of rows) console.log(line(r));
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const wasmPath = fileURLToPath(new URL('shop_core_wasm_bg.wasm', pkg));
// `gzip -9` (the measure; it packs ~4% tighter than zlib), zlib when gzip is absent.
let gzipped;
try {
  gzipped = execFileSync('gzip', ['-9c', wasmPath], { maxBuffer: 1 << 26 }).length;
} catch {
  gzipped = gzipSync(wasmBytes, { level: 9 }).length;
}
console.log(
  `\n.wasm: ${wasmBytes.length} bytes (${kb(wasmBytes.length)}) raw, ${gzipped} bytes (${kb(gzipped)}) gzip -9`,
);
console.log(
  `ns/op = fastest sample. native: criterion. WASM: 15 batches after 0.3 s warm-up, Node ${process.version}; ` +
    'JS objects in, {ok}|{err} objects out (the app\'s calls). JSON-text: call_json on prepared JSON text.',
);
if (sink === 2) console.log(''); // keep `sink` observable
