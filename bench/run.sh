#!/usr/bin/env bash
# `just bench`: the four core cases natively (criterion) and through the WASM build in Node,
# printed as one table with the .wasm size; then the server load test when bench/load.sh exists.
set -euo pipefail
cd "$(dirname "$0")/.."
# Absolute: cargo runs the bench binary from core/, where a relative target dir would send
# criterion's results to core/target/.
export CARGO_TARGET_DIR="$(realpath -m "${CARGO_TARGET_DIR:-target}")"
export CRITERION_HOME="$CARGO_TARGET_DIR/criterion"

# The bench sets short criterion runs itself (0.5 s warm-up, 2 s per case).
log="$CARGO_TARGET_DIR/bench-native.log"
echo "native: cargo bench -p shop-core --bench core (criterion output in $log)"
cargo bench -q -p shop-core --bench core -- --noplot >"$log" 2>&1 \
  || { cat "$log"; exit 1; }

# The bench build adds `call_json` (feature json-text) so that JSON text is measured beside
# serde-wasm-bindgen; the size printed is the shop's module.
just wasm-build json-text "$CARGO_TARGET_DIR/wasm-bench-pkg/"
echo "WASM: Node $(node --version), bench/wasm-bench.mjs"
WASM_BENCH_PKG="$CARGO_TARGET_DIR/wasm-bench-pkg/" node bench/wasm-bench.mjs "$CRITERION_HOME" --crossings

echo "== catalogue search, 10,000 products, bench/search-queries.txt =="; cargo run -q --release -p shop-server --example search_bench
echo "== catalogue search, 100,000 products (issue 25) =="; cargo run -q --release -p shop-server --example search_bench -- 100000 20

# PostgreSQL on this machine is reached through its Unix socket, as docs/operations.md advises for
# a shop and its database on one machine; the PostgreSQL rows then run again over TCP (127.0.0.1).
PG_SOCKET_URL="postgres://postgres@%2Fvar%2Frun%2Fpostgresql/test"
if [ -z "${BENCH_PG_URL:-}" ] && [ -S /var/run/postgresql/.s.PGSQL.5432 ]; then
  echo "== writes: cart edits and order registration (server/examples/order_bench.rs), PostgreSQL over its Unix socket =="
  BENCH_PG_URL="$PG_SOCKET_URL" cargo run -q --release -p shop-server --example order_bench
  echo "== writes, PostgreSQL over TCP 127.0.0.1 =="
  BENCH_DBS=postgres cargo run -q --release -p shop-server --example order_bench
else
  echo "== writes: cart edits and order registration (server/examples/order_bench.rs) =="; cargo run -q --release -p shop-server --example order_bench
fi

echo "== staff order list, 100,000 orders (server/examples/admin_orders_bench.rs) =="; cargo run -q --release -p shop-server --example admin_orders_bench

echo "== bulk prices and stock, 10,000-row sheet (server/examples/price_bulk_bench.rs) =="; cargo run -q --release -p shop-server --example price_bulk_bench

echo "== catalogue follow: a price change on node A in node B's search, 10,000 products (server/examples/catalog_follow_bench.rs) =="; cargo run -q --release -p shop-server --example catalog_follow_bench

echo "== live chat: round trip, 500 sockets, memory per idle socket (server/examples/chat_bench.rs) =="; cargo run -q --release -p shop-server --example chat_bench

if [ -f bench/load.sh ]; then
  echo "== server load test (bench/load.sh) =="
  bash bench/load.sh
fi

echo; echo "== web targets at phone size (bench/web.sh) =="; bash bench/web.sh
