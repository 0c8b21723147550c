#!/usr/bin/env bash
# Server load test (called by `just bench` after the core table, or on its own).
#
# Builds the release server, then for SQLite (and PostgreSQL when one answers at
# 127.0.0.1:5432): a fresh database, `shop seed --demo`, `shop serve` on a loopback port, the demo
# customer signs in with its password, fills a 10-line cart, and wrk (64 connections, 10 s each)
# measures:
#   health   GET  /api/health                          (the baseline)
#   list     POST /api/client/v1/order/list/preorder   (the 10-line cart)
#   edit     POST /api/client/v1/order/edit/product    (one line's quantity, alternating 1/2)
#   catalogue, on BENCH_PRODUCTS (10,000) products:
#     list          GET /api/client/v1/catalog/products?page=2&size=24
#     filtered      GET /api/client/v1/catalog/products?brand=asus,lenovo&ram=16&in_stock=1&sort=cheapest
#     search        GET /api/client/v1/catalog/search?q=لپ تاپ ایسوس   (one URL: answers remembered)
#     search mix    the 50 queries of bench/search-queries.txt in turn, each with a unique `n=`
#                   parameter so that no answer is served from the API's answer memo (keyed by
#                   URI): every request runs search + filter/sort/page + JSON (bench/search-mix.lua)
# Printed: requests/s, p50 and p99 latency, and each throughput as a ratio of the baseline.
#
# Environment: BENCH_DURATION (10s), BENCH_CONNECTIONS (64), BENCH_THREADS (2),
# BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/test, the admin database used to create a
# scratch database), BENCH_SKIP_BUILD=1 to reuse target/release/shop, BENCH_PRODUCTS (10000: the
# catalogue size seeded with `shop seed --demo --products N`), BENCH_ROWS (all: a space-separated
# subset of health list edit clist cfilter csearch cmix, e.g. "health list" for the cart read).
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION="${BENCH_DURATION:-10s}"
CONNS="${BENCH_CONNECTIONS:-64}"
THREADS="${BENCH_THREADS:-2}"
PRODUCTS="${BENCH_PRODUCTS:-10000}"
export QUERIES="$(realpath bench/search-queries.txt)"
PG_ADMIN_URL="${BENCH_PG_URL:-postgres://postgres@127.0.0.1:5432/test}"
TARGET="${CARGO_TARGET_DIR:-target}"
SHOP="$TARGET/release/shop"

command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }
command -v curl >/dev/null || { echo "curl is missing" >&2; exit 1; }

if [ "${BENCH_SKIP_BUILD:-0}" != 1 ] || [ ! -x "$SHOP" ]; then
  echo "building the release server (cargo build --release -p shop-server)"
  cargo build -q --release -p shop-server
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/shop-bench.XXXXXX")"
SERVER_PID=""
PG_DB=""
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  if [ -n "$PG_DB" ]; then psql -q "$PG_ADMIN_URL" -c "DROP DATABASE IF EXISTS $PG_DB WITH (FORCE)" >/dev/null 2>&1 || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()' 2>/dev/null \
    || echo $((20000 + RANDOM % 20000))
}

# json_get FIELD.PATH < json  (tiny extractor: python3 when present, else sed for flat strings)
json_get() {
  if command -v python3 >/dev/null; then
    python3 -c 'import json,sys
v=json.load(sys.stdin)
for k in sys.argv[1].split("."):
    v=v[int(k)] if isinstance(v,list) else v.get(k)
print("" if v is None else v)' "$1"
  else
    local key="${1##*.}"
    sed -n "s/.*\"$key\":\"\\([^\"]*\\)\".*/\\1/p" | head -n1
  fi
}

# The 10 cart lines, as "product-id:variant-id" of a freshly seeded demo catalogue
# (ids follow server/src/seed.rs: products 1..12 in order, their variants numbered in order).
CART_LINES="1:1 2:4 3:6 4:8 5:11 6:13 7:14 8:16 9:18 10:19"

write_lua() {
  local token="$1" uid="$2" order="$3"
  cat >"$WORK/list.lua" <<EOF
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer $token"
wrk.body = '{"uid":"$uid"}'
EOF
  cat >"$WORK/edit.lua" <<EOF
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer $token"
local n = 0
request = function()
  n = n + 1
  local body = string.format('{"spid":1,"spiddetail":1,"num":%d,"orderid":$order}', (n % 2) + 1)
  return wrk.format(nil, nil, nil, body)
end
EOF
}

# run_wrk NAME URL [LUA] -> prints "rps p50_ms p99_ms non2xx"
run_wrk() {
  local name="$1" url="$2" lua="${3:-}" out="$WORK/$1.txt"
  if [ -n "$lua" ]; then
    wrk -t"$THREADS" -c"$CONNS" -d"$DURATION" --latency -s "$lua" "$url" >"$out" 2>&1
  else
    wrk -t"$THREADS" -c"$CONNS" -d"$DURATION" --latency "$url" >"$out" 2>&1
  fi
  local rps p50 p99 bad
  rps=$(awk '/^Requests\/sec:/ {print $2}' "$out")
  p50=$(awk '$1=="50%" {print $2}' "$out")
  p99=$(awk '$1=="99%" {print $2}' "$out")
  bad=$(awk '/Non-2xx or 3xx responses:/ {print $5}' "$out")
  echo "$rps $(to_ms "$p50") $(to_ms "$p99") ${bad:-0}"
}

# wrk prints latencies like 812.00us, 1.23ms, 2.01s
to_ms() {
  awk -v v="$1" 'BEGIN {
    if (v ~ /us$/) { sub(/us$/, "", v); printf "%.2f", v / 1000 }
    else if (v ~ /ms$/) { sub(/ms$/, "", v); printf "%.2f", v }
    else if (v ~ /s$/) { sub(/s$/, "", v); printf "%.2f", v * 1000 }
    else printf "%s", v }'
}

# want ROW: whether BENCH_ROWS asks for ROW (health always runs: it is the baseline).
want() {
  [ -z "${BENCH_ROWS:-}" ] && return 0
  case " $BENCH_ROWS " in *" $1 "*) return 0 ;; esac
  return 1
}

bench_db() {
  local label="$1" url="$2"
  local port base log
  port="$(free_port)"
  base="http://127.0.0.1:$port"
  log="$WORK/server-$label.log"
  echo
  echo "== $label =="
  SHOP_DATABASE_URL="$url" SHOP_DATA_DIR="$WORK/data-$label" SHOP_LOG=warn \
    "$SHOP" seed --demo --products "$PRODUCTS" >"$WORK/seed-$label.log" 2>&1 || { cat "$WORK/seed-$label.log"; return 1; }
  SHOP_ENV=development SHOP_DATABASE_URL="$url" SHOP_DATA_DIR="$WORK/data-$label" SHOP_ADDR="127.0.0.1:$port" \
    SHOP_SEED_DEMO=0 SHOP_LOG="${BENCH_SERVER_LOG:-warn}" \
    "$SHOP" serve >"$log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 100); do
    curl -fsS "$base/api/health" >/dev/null 2>&1 && break
    sleep 0.1
  done
  curl -fsS "$base/api/health" >/dev/null || { echo "server did not start:"; cat "$log"; return 1; }

  # Sign in as the demo customer (server/src/seed.rs) and fill a 10-line cart.
  local login token uid order resp
  login=$(curl -fsS -H 'Content-Type: application/json' \
    -d '{"mobile":"09120000000","password":"Shop@1234"}' "$base/api/client/v1/user/login")
  token=$(printf '%s' "$login" | json_get token)
  uid=$(printf '%s' "$login" | json_get user.Uid)
  [ -n "$token" ] && [ -n "$uid" ] || { echo "demo login failed: $login"; return 1; }
  order=0
  for pair in $CART_LINES; do
    resp=$(curl -fsS -H 'Content-Type: application/json' -H "Authorization: Bearer $token" \
      -d "{\"spid\":${pair%%:*},\"spiddetail\":${pair##*:},\"num\":1,\"orderid\":$order}" \
      "$base/api/client/v1/order/edit/product")
    [ "$(printf '%s' "$resp" | json_get status)" = ok ] || { echo "cart fill failed for $pair: $resp"; return 1; }
    order=$(printf '%s' "$resp" | json_get OrderId)
  done
  resp=$(curl -fsS -H 'Content-Type: application/json' -H "Authorization: Bearer $token" \
    -d "{\"uid\":\"$uid\"}" "$base/api/client/v1/order/list/preorder")
  local lines
  lines=$(printf '%s' "$resp" | grep -o '"SupProductIdDetail"' | wc -l)
  [ "$lines" -eq 10 ] || { echo "expected a 10-line cart, got $lines: $resp"; return 1; }
  write_lua "$token" "$uid" "$order"

  # The catalogue rows: check each answers 200 with products before measuring it.
  local c_list c_filter c_search c_mix
  c_list="$base/api/client/v1/catalog/products?page=2&size=24"
  c_filter="$base/api/client/v1/catalog/products?brand=asus,lenovo&ram=16&in_stock=1&sort=cheapest"
  c_search="$base/api/client/v1/catalog/search?q=%D9%84%D9%BE%20%D8%AA%D8%A7%D9%BE%20%D8%A7%DB%8C%D8%B3%D9%88%D8%B3"
  c_mix="$base/api/client/v1/catalog/search"
  local u total
  for u in "$c_list" "$c_filter" "$c_search" "$c_mix?q=zenbook&n=1"; do
    resp=$(curl -fsS "$u") || { echo "catalogue request failed: $u"; return 1; }
    total=$(printf '%s' "$resp" | json_get Total)
    [ "${total:-0}" -gt 0 ] || { echo "no products for $u: ${resp:0:300}"; return 1; }
  done
  echo "catalogue: $(curl -fsS "$base/api/client/v1/catalog/products?size=1" | json_get Total) products; filtered list $(curl -fsS "$c_filter" | json_get Total); search «لپ تاپ ایسوس» $(curl -fsS "$c_search" | json_get Total)"

  local h l e cl cf cs cm skip="0 0 0 0"
  h=$(run_wrk "health-$label" "$base/api/health")
  l=$skip; e=$skip; cl=$skip; cf=$skip; cs=$skip; cm=$skip
  want list && l=$(run_wrk "list-$label" "$base/api/client/v1/order/list/preorder" "$WORK/list.lua")
  want edit && e=$(run_wrk "edit-$label" "$base/api/client/v1/order/edit/product" "$WORK/edit.lua")
  want clist && cl=$(run_wrk "clist-$label" "$c_list")
  want cfilter && cf=$(run_wrk "cfilter-$label" "$c_filter")
  want csearch && cs=$(run_wrk "csearch-$label" "$c_search")
  want cmix && cm=$(run_wrk "cmix-$label" "$c_mix" bench/search-mix.lua)

  kill "$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=""

  printf '%-34s %12s %10s %10s %10s %8s\n' "$label ($CONNS conns, $DURATION)" "req/s" "p50 ms" "p99 ms" "x health" "non-2xx"
  local base_rps
  base_rps=$(echo "$h" | awk '{print $1}')
  for row in "GET /api/health|$h" "POST list/preorder (10 lines)|$l" "POST edit/product|$e" \
    "GET catalog/products (page 2)|$cl" "GET catalog/products filtered|$cf" \
    "GET catalog/search «لپ تاپ ایسوس»|$cs" "GET search, 50 q, uncached [1]|$cm"; do
    local name="${row%%|*}" vals="${row#*|}"
    echo "$vals" | awk -v name="$name" -v b="$base_rps" \
      '{ printf "  %-32s %12.0f %10s %10s %9.0f%% %8s\n", name, $1, $2, $3, (b > 0 ? 100 * $1 / b : 0), $4 }'
  done
  echo "  [1] bench/search-mix.lua: the 50 queries of bench/search-queries.txt in turn, each URL made"
  echo "      unique (n=counter) so none is answered from the answer memo; the rows above it repeat one"
  echo "      URL and mostly measure the memo. Catalogue: $PRODUCTS products (shop seed --demo --products)."
}

echo "server load test: wrk, $CONNS connections, $THREADS threads, $DURATION per case, $(nproc) cores"
bench_db sqlite "sqlite://$WORK/bench.db?mode=rwc"

if command -v psql >/dev/null && psql -q "$PG_ADMIN_URL" -c 'select 1' >/dev/null 2>&1; then
  PG_DB="shop_bench_$$"
  psql -q "$PG_ADMIN_URL" -c "CREATE DATABASE $PG_DB" >/dev/null
  bench_db postgres "${PG_ADMIN_URL%/*}/$PG_DB"
else
  echo
  echo "PostgreSQL is not answering at ${PG_ADMIN_URL#*@} (or psql is missing): PostgreSQL figures skipped"
fi
