// The shopper's first page as the build lays it out: index.html's stylesheet and the scripts its
// loader names (the entry and its static imports), raw and brotli-compressed (quality 11), per
// file and in all. No server and no browser: for comparing two builds of web/dist, e.g. that a
// back-office change adds no byte to it. `node bench/first-page.mjs [web/dist]`
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const dist = process.argv[2] ?? 'web/dist';
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const files = [...new Set(html.match(/\/assets\/[^"']+\.(?:js|css)/g) ?? [])].sort();
let raw = 0;
let br = 0;
for (const f of files) {
  const bytes = readFileSync(join(dist, f));
  const packed = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  raw += bytes.length;
  br += packed;
  console.log(`${String(bytes.length).padStart(8)} ${String(packed).padStart(7)}  ${f}`);
}
console.log(`${String(raw).padStart(8)} ${String(br).padStart(7)}  in all (${files.length} files; raw, brotli 11)`);
