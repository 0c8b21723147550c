#!/usr/bin/env bash
# Web performance targets (issues 4 and 5; called by `just bench` at the end, or on its own).
#
# Serves the built app (web/dist) with target/release/shop (else a debug build, said so) on a
# loopback port with a fresh demo database, then at phone size (375x812, mobile emulation) for
# the home page `/` and one product page `/product/{uid}`:
#   - the JavaScript + CSS + WASM bytes transferred before any user action, as the server sends
#     them (gzip/br): Playwright (playwright-core from node_modules) in /usr/bin/chromium, after
#     load + network idle + 2 s, summing the encoded body size of every response of type
#     script/stylesheet or with a JS/CSS/WASM content type (so prefetches and the .wasm fetch count);
#     then the same after one tap on the page's heading (what the first interaction adds);
#   - Lighthouse 12 (npx lighthouse@12.8.2, mobile emulation, simulated throttling), 5 runs per
#     page: performance median (range), accessibility and SEO medians, LCP median.
# Targets: home <= 130 KB, product <= 250 KB; performance >= 97 and
# LCP < 2.0 s on both, accessibility >= 95 on home, SEO 100 on the product page.
#
# Environment: BENCH_WEB_RUNS (5 Lighthouse runs per page), BENCH_WEB_SKIP_LIGHTHOUSE=1,
# BENCH_WEB_LIST=1 (also print each file counted, with its bytes).
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS="${BENCH_WEB_RUNS:-5}"
LIGHTHOUSE="lighthouse@12.8.2"
CHROMIUM=/usr/bin/chromium
CHROME_FLAGS="--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking --disable-component-update --disable-sync"
TARGET="${CARGO_TARGET_DIR:-target}"

command -v curl >/dev/null || { echo "curl is missing" >&2; exit 1; }
[ -x "$CHROMIUM" ] || { echo "web targets skipped: $CHROMIUM is missing (apt-get install -y chromium)"; exit 0; }

if [ ! -f web/dist/index.html ]; then
  echo "web/dist is missing: npm run build -w web"
  npm run build -w web >/dev/null
fi
if [ -x "$TARGET/release/shop" ]; then
  SHOP="$TARGET/release/shop"; build=release
else
  echo "no release server: cargo build -p shop-server (debug)"
  cargo build -q -p shop-server
  SHOP="$TARGET/debug/shop"; build="debug (no release binary)"
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/shop-bench-web.XXXXXX")"
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()' 2>/dev/null \
    || echo $((20000 + RANDOM % 20000))
}
port="$(free_port)"
base="http://127.0.0.1:$port"

# `serve` loads the demo catalogue into the empty database.
SHOP_ENV=development SHOP_DATABASE_URL="sqlite://$WORK/s.db?mode=rwc" SHOP_DATA_DIR="$WORK/data" SHOP_ADDR="127.0.0.1:$port" \
  SHOP_PUBLIC_URL="$base" SHOP_WEB_DIR="$PWD/web/dist" SHOP_LOG=warn \
  "$SHOP" serve >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 300); do
  curl -fsS "$base/api/health" >/dev/null 2>&1 && break
  kill -0 "$SERVER_PID" 2>/dev/null || break
  sleep 0.1
done
curl -fsS "$base/api/health" >/dev/null 2>&1 || { echo "server did not start:"; cat "$WORK/server.log"; exit 1; }

uid=""
for _ in $(seq 1 50); do
  uid=$(curl -fsS "$base/api/client/v1/catalog/products?size=1" 2>/dev/null | node -e '
    let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
      const find = (v) => { if (v && typeof v === "object") { if (typeof v.Uid === "string") return v.Uid;
        for (const x of Object.values(v)) { const r = find(x); if (r) return r; } } return ""; };
      try { console.log(find(JSON.parse(s))); } catch { console.log(""); } });') || true
  [ -n "$uid" ] && break
  sleep 0.2
done
[ -n "$uid" ] || { echo "no product in the catalogue at $base"; exit 1; }
HOME_URL="$base/"
PRODUCT_URL="$base/product/$uid"

echo "web targets: $SHOP ($build) serving web/dist at $base; product page /product/$uid"

# --- bytes transferred (Playwright) --------------------------------------------------------
cat >"$WORK/transfer.mjs" <<'EOF'
import { createRequire } from 'node:module';
const require = createRequire(process.env.RESOLVE_FROM);
const { chromium } = require('playwright-core');
const { brotliCompressSync, constants: zlib } = await import('node:zlib');
const [exe, flags, ...urls] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: exe, args: flags.split(' '), headless: true });
const out = {};
try {
  for (const url of urls) {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true,
      locale: 'fa-IR',
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
    });
    const page = await context.newPage();
    const seen = [];
    page.on('requestfinished', (req) => seen.push(req));
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
    await page.waitForTimeout(2000);
    let bytes = 0, raw = 0, files = 0;
    const list = [];
    const enc = new Set();
    for (const req of seen) {
      const resp = await req.response();
      if (!resp) continue;
      const type = req.resourceType();
      const ct = (resp.headers()['content-type'] || '').toLowerCase();
      const isCode = type === 'script' || type === 'stylesheet' || /javascript|text\/css|application\/wasm/.test(ct)
        || /\.(m?js|css|wasm)(\?|$)/.test(new URL(req.url()).pathname);
      if (!isCode) continue;
      const sizes = await req.sizes();
      bytes += sizes.responseBodySize;
      list.push(`${(sizes.responseBodySize / 1024).toFixed(1).padStart(7)} KB ${new URL(req.url()).pathname}`);
      const body = await resp.body().catch(() => null);
      raw += body ? body.length : 0;
      files += 1;
      enc.add(resp.headers()['content-encoding'] || 'identity');
    }
    // A stylesheet inlined in the HTML (the build once did) still counts: as the brotli
    // (quality 5, the server's on-the-fly level) of each sizeable <style>.
    for (const css of await page.$$eval('style', (els) => els.map((e) => e.textContent ?? ''))) {
      if (css.length < 256) continue; // a library's one-line style element, not the page's CSS
      const br = brotliCompressSync(Buffer.from(css), { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }).length;
      bytes += br;
      raw += Buffer.byteLength(css);
      files += 1;
      list.push(`${(br / 1024).toFixed(1).padStart(7)} KB <style> inlined in the HTML (brotli 5)`);
    }
    // The same page after one tap on its heading (not a link): what the first interaction adds
    // (prefetched routes, the toast library, the product page's WASM core).
    let tapped = bytes;
    const heading = page.locator('h1').first();
    if (await heading.count()) {
      const before = seen.length;
      await heading.tap().catch(() => {});
      await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
      await page.waitForTimeout(2000);
      for (const req of seen.slice(before)) {
        const resp = await req.response();
        if (!resp) continue;
        const ct = (resp.headers()['content-type'] || '').toLowerCase();
        const type = req.resourceType();
        if (type === 'script' || type === 'stylesheet' || /javascript|text\/css|application\/wasm/.test(ct)
          || /\.(m?js|css|wasm)(\?|$)/.test(new URL(req.url()).pathname)) tapped += (await req.sizes()).responseBodySize;
      }
    }
    out[url] = { bytes, tapped, raw, files, encodings: [...enc].sort().join('+'), list: list.join('\n') };
    await context.close();
  }
} finally {
  await browser.close();
}
console.log(JSON.stringify(out));
EOF
transfer=$(RESOLVE_FROM="$PWD/web/package.json" node "$WORK/transfer.mjs" "$CHROMIUM" "$CHROME_FLAGS" "$HOME_URL" "$PRODUCT_URL")

# field URL KEY: from the transfer JSON
field() { printf '%s' "$transfer" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s)[process.argv[1]][process.argv[2]]))' "$1" "$2"; }

# --- Lighthouse ------------------------------------------------------------------------------
lh_ok=0
if [ "${BENCH_WEB_SKIP_LIGHTHOUSE:-0}" = 1 ]; then
  echo "Lighthouse skipped (BENCH_WEB_SKIP_LIGHTHOUSE=1)"
elif ! timeout 120 npx -y "$LIGHTHOUSE" --version >"$WORK/lh-version.txt" 2>&1; then
  echo "Lighthouse skipped: npx could not fetch or start $LIGHTHOUSE ($(tail -n1 "$WORK/lh-version.txt"))"
else
  lh_ok=1
  echo "Lighthouse $(tail -n1 "$WORK/lh-version.txt"): $RUNS runs per page, mobile emulation, simulated throttling"
  for page in home product; do
    url=$HOME_URL; [ "$page" = product ] && url=$PRODUCT_URL
    for i in $(seq 1 "$RUNS"); do
      CHROME_PATH="$CHROMIUM" timeout 120 npx -y "$LIGHTHOUSE" "$url" --quiet --form-factor=mobile \
        --output=json --output-path="$WORK/lh-$page-$i.json" --chrome-flags="$CHROME_FLAGS" \
        --only-categories=performance,accessibility,seo >"$WORK/lh-$page-$i.log" 2>&1 \
        || { echo "Lighthouse run $i on $page failed: $(tail -n3 "$WORK/lh-$page-$i.log")"; rm -f "$WORK/lh-$page-$i.json"; }
    done
  done
fi

# lh_summary PAGE -> "perf_median (min-max)|a11y|seo|lcp_s" (or "n/a|n/a|n/a|n/a")
lh_summary() {
  node - "$WORK" "$1" <<'EOF'
const fs = require('node:fs');
const [dir, page] = process.argv.slice(2);
const runs = fs.readdirSync(dir).filter((f) => f.startsWith(`lh-${page}-`) && f.endsWith('.json'))
  .map((f) => JSON.parse(fs.readFileSync(`${dir}/${f}`, 'utf8')))
  .filter((r) => r.categories && r.categories.performance && r.categories.performance.score != null);
const med = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
if (!runs.length) { console.log('n/a|n/a|n/a|n/a'); process.exit(0); }
const score = (r, c) => Math.round(100 * (r.categories[c]?.score ?? NaN));
const perf = runs.map((r) => score(r, 'performance'));
const lcp = runs.map((r) => r.audits['largest-contentful-paint'].numericValue / 1000);
const n = runs.length < 3 ? ` [${runs.length} run${runs.length > 1 ? 's' : ''}]` : '';
console.log(`${Math.round(med(perf))} (${Math.min(...perf)}-${Math.max(...perf)})${n}|${Math.round(med(runs.map((r) => score(r, 'accessibility'))))}` +
  `|${Math.round(med(runs.map((r) => score(r, 'seo'))))}|${med(lcp).toFixed(2)} s`);
EOF
}

echo
printf '%-22s %14s %8s %20s %6s %6s %12s\n' "page (375x812)" "JS+CSS+WASM KB" "target" "perf median (range)" "a11y" "SEO" "LCP median"
for page in home product; do
  url=$HOME_URL; limit=130; name="/ (home)"
  [ "$page" = product ] && { url=$PRODUCT_URL; limit=250; name="/product/{uid}"; }
  bytes=$(field "$url" bytes)
  kb=$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1024 }')
  verdict=$(awk -v b="$bytes" -v l="$limit" 'BEGIN { print (b <= l * 1024 ? "ok" : "OVER") }')
  if [ "$lh_ok" = 1 ]; then lh=$(lh_summary "$page"); else lh="skipped|-|-|-"; fi
  IFS='|' read -r perf a11y seo lcp <<<"$lh"
  printf '  %-20s %14s %8s %20s %6s %6s %12s\n' "$name" "$kb" "<=$limit $verdict" "$perf" "$a11y" "$seo" "$lcp"
done
for page in home product; do
  url=$HOME_URL; [ "$page" = product ] && url=$PRODUCT_URL
  echo "  $page: $(field "$url" files) files, $(awk -v b="$(field "$url" raw)" 'BEGIN { printf "%.1f", b / 1024 }') KB uncompressed, sent as $(field "$url" encodings); $(awk -v b="$(field "$url" tapped)" 'BEGIN { printf "%.1f", b / 1024 }') KB after one tap on the heading"
done
if [ "${BENCH_WEB_LIST:-0}" = 1 ]; then
  for page in home product; do
    url=$HOME_URL; [ "$page" = product ] && url=$PRODUCT_URL
    echo "  $page, each file (BENCH_WEB_LIST=1):"; field "$url" list | sed 's/^/    /'
  done
fi
echo "  KB = encoded body bytes (as sent, gzip/br) of JS, CSS and WASM responses after load + network idle + 2 s,"
echo "  Chromium $("$CHROMIUM" --version 2>/dev/null | awk '{print $2}'), 375x812 mobile emulation, no user action. Lighthouse targets:"
echo "  performance >= 97 and LCP < 2.0 s (both, issue 9), accessibility >= 95 (home), SEO 100 (product)."
