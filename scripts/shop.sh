#!/usr/bin/env bash
# The README's two commands: `npm start` runs `scripts/shop.sh run`, `npm test` runs
# `scripts/shop.sh test`. They need only rustup and Node.js: whatever else is missing
# (just, the wasm32 target, wasm-bindgen-cli, binaryen, chromium, npm packages) is installed
# first by scripts/install-tools.sh, then the justfile recipe of the same name runs.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$(npm prefix -g 2>/dev/null)/bin:$PATH"
start=$(date +%s)
case "${1:-}" in
  run)
    # The server's build (profile `serve`, Cargo.toml) needs nothing but cargo, so on a new
    # machine it runs beside the tool installs (wasm-bindgen-cli, npm, apt) instead of after them.
    build_log=$(mktemp)
    echo "[shop] building the server (profile serve) in the background; log: $build_log"
    cargo build --profile serve -p shop-server >"$build_log" 2>&1 &
    build=$!
    bash scripts/install-tools.sh
    echo "[shop] tools ready after $(( $(date +%s) - start )) s; building the WASM core beside the server"
    # The WASM core needs only the tools: built now, at low priority, it takes the core the
    # server's own crate leaves idle (its front end runs on one), not minutes after the server.
    wasm_log=$(mktemp)
    nice -n 10 just wasm >"$wasm_log" 2>&1 &
    wasm=$!
    if ! wait "$build"; then cat "$build_log" >&2; echo "[shop] the server build failed" >&2; exit 1; fi
    if ! wait "$wasm"; then cat "$wasm_log" >&2; echo "[shop] the WASM build failed" >&2; exit 1; fi
    echo "[shop] server built after $(( $(date +%s) - start )) s; building the web app and serving"
    exec just run
    ;;
  test)
    bash scripts/install-tools.sh --with-browser
    # PostgreSQL answers on these machines, so its tests must not quietly skip: a missing
    # server fails the run. SHOP_TEST_REQUIRE_PG=0 npm test runs without it (printed skips).
    export SHOP_TEST_REQUIRE_PG="${SHOP_TEST_REQUIRE_PG:-1}"
    just test
    echo "[shop] every test passed in $(( $(date +%s) - start )) s"
    ;;
  *)
    echo "usage: scripts/shop.sh run|test   (npm start / npm test)" >&2
    exit 2
    ;;
esac
