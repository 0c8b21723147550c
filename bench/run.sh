#!/usr/bin/env bash
# `just bench`: the four core cases natively (criterion) and through the WASM build in Node,
# printed as one table with the .wasm size; then the server load test when bench/load.sh exists.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}"

# The bench sets short criterion runs itself (0.5 s warm-up, 2 s per case).
log="$CARGO_TARGET_DIR/bench-native.log"
echo "native: cargo bench -p shop-core --bench core (criterion output in $log)"
cargo bench -q -p shop-core --bench core -- --noplot >"$log" 2>&1 \
  || { cat "$log"; exit 1; }

echo "WASM: Node $(node --version), bench/wasm-bench.mjs"
node bench/wasm-bench.mjs "$CARGO_TARGET_DIR/criterion"

if [ -f bench/load.sh ]; then
  echo "== server load test (bench/load.sh) =="
  bash bench/load.sh
fi
