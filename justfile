# The shop's commands. `just run` serves the shop; `just test` runs every test.
set shell := ["bash", "-euo", "pipefail", "-c"]
set dotenv-load := false

export CARGO_TERM_COLOR := "never"
# The server tests' PostgreSQL half: required unless SHOP_TEST_REQUIRE_PG=0 is set (then its
# tests print why they skip). Plain `cargo test` outside just keeps skipping without it.
export SHOP_TEST_REQUIRE_PG := env_var_or_default("SHOP_TEST_REQUIRE_PG", "1")

# Build everything in release mode and serve shop + API on http://127.0.0.1:8080
run: tools wasm web-build
    cargo build --profile serve -p shop-server
    SHOP_ENV="${SHOP_ENV:-development}" ./target/serve/shop serve

# Every test: core (native + WASM vectors), server (SQLite and PostgreSQL: a missing PostgreSQL fails unless SHOP_TEST_REQUIRE_PG=0), web unit, browser e2e
test: (tools "--with-browser") test-core wasm test-wasm test-server crash-short fuzz-short test-web e2e audit

# Development: server (debug) on :8080 and Vite with hot reload on :5173 proxying /api
dev: tools wasm
    cargo build -p shop-server
    SHOP_ENV=development ./target/debug/shop serve & server=$!; trap 'kill $server 2>/dev/null' EXIT INT TERM; cd web && npx vite --port 5173 --strictPort

# Benchmarks: core native vs WASM table, then the server load tests
bench: tools wasm
    @bash scripts/install-tools.sh --with-bench
    bash bench/run.sh

# Browser journeys in Debian's Chromium against the real server
e2e: (tools "--with-browser") wasm web-build
    cargo build -p shop-server
    cd web && npx playwright test

# Regenerate openapi/openapi.json from the server
openapi:
    cargo run -q -p shop-server -- openapi > openapi/openapi.json

# --- parts -------------------------------------------------------------------

# Install what this machine lacks (wasm target, wasm-bindgen-cli, binaryen, just, npm packages; chromium with --with-browser)
tools *flags:
    @bash scripts/install-tools.sh {{flags}}

# Build the WASM core into core-wasm/pkg: cargo (wasm-release profile), wasm-bindgen (the CLI
# version Cargo.lock pins), wasm-opt -O3; skipped when up to date
wasm:
    #!/usr/bin/env bash
    set -euo pipefail
    # The stamp is written only after a whole successful build, so a failed wasm-opt step
    # (which leaves a fresh but unoptimised .wasm) never counts as up to date.
    stamp=core-wasm/pkg/.built
    if [ -f "$stamp" ] && [ -z "$(find core/src core/Cargo.toml core-wasm/src core-wasm/Cargo.toml Cargo.toml Cargo.lock -newer "$stamp" -print -quit)" ]; then
        echo "core-wasm/pkg is up to date"; exit 0
    fi
    rm -f "$stamp"
    just wasm-build "" core-wasm/pkg
    touch "$stamp"

# cargo build (wasm-release, `features`), wasm-bindgen, wasm-opt -O3 into `out` (-O3: up to
# 8% faster than -Oz on the bench cases, for about 1 KB more gzipped; bench/README.md)
wasm-build features out:
    #!/usr/bin/env bash
    set -euo pipefail
    want=$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/version = |"/, ""); print; exit}' Cargo.lock)
    have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
    [ "$have" = "$want" ] || { echo "wasm-bindgen $want is needed (have '${have:-none}'): run 'just tools'"; exit 1; }
    # No reference types: Debian's wasm-opt 108 rewrites the export of wasm-bindgen's externref
    # table to the function table (the module then fails to load). Without them wasm-bindgen
    # keeps JS values in a JS-side slab instead. (A RUSTFLAGS from the environment wins.)
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="${CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS:--C target-feature=-reference-types}" \
        cargo build -q -p shop-core-wasm --target wasm32-unknown-unknown --profile wasm-release --features "{{features}}"
    target_dir=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
    mkdir -p "{{out}}"
    wasm-bindgen --target web --no-demangle --out-dir "{{out}}" \
        "$target_dir/wasm32-unknown-unknown/wasm-release/shop_core_wasm.wasm"
    # Debian's wasm-opt (108) predates Rust's default wasm features, so they are named.
    wasm="{{out}}/shop_core_wasm_bg.wasm"
    wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
        --enable-mutable-globals --enable-multivalue --strip-debug --strip-producers \
        -o "$wasm.opt" "$wasm"
    mv "$wasm.opt" "$wasm"
    echo "$wasm: $(stat -c %s "$wasm") bytes, $(gzip -9c "$wasm" | wc -c) gzipped (-9)"

web-build:
    npm run build -w web

# Dependency audit: cargo audit (RustSec) and npm audit --omit=dev (docs/security.md)
audit:
    bash scripts/audit.sh

test-core:
    cargo test -p shop-core

# WASM parity: contract/vectors/*.json and bad JS input through the built module (Vitest)
test-wasm: wasm
    cd web && npx vitest run src/shared/core

test-server:
    cargo test -p shop-server

# Crash safety (issue 25): checkouts from 8 clients for 60 s while `shop serve` is SIGKILLed 20+
# times and restarted, then a SIGTERM under load; SQLite and PostgreSQL (server/examples/crash_test.rs)
crash:
    cargo build -p shop-server --example crash_test
    ./target/debug/examples/crash_test

# API contract (issue 25): schemathesis 4.32.5 (pip, in .tools/schemathesis) against
# openapi/openapi.json and the debug server, every check and phase (stateful included), signed
# in as a customer and again as staff, at least 10,000 cases; 0 failures expected (scripts/fuzz)
fuzz:
    bash scripts/fuzz.sh 10000

# The contract fuzz's short form for `just test`: about 1,000 cases (no coverage phase)
fuzz-short:
    bash scripts/fuzz.sh 1000

# The crash test's short form for `just test`: 10 s and 5 kills per database
crash-short:
    cargo build -p shop-server --example crash_test
    CRASH_SECONDS=10 CRASH_KILLS=5 CRASH_CLIENTS=4 ./target/debug/examples/crash_test

# (`just test` needs no separate run: the server tests' `openapi_document_is_current` checks it.)
openapi-check:
    cargo run -q -p shop-server -- openapi > target/openapi.json
    diff -u openapi/openapi.json target/openapi.json || { echo "openapi/openapi.json is stale: run 'just openapi' and commit it"; exit 1; }

# Feature boundaries (eslint), then the unit tests
test-web:
    cd web && npx eslint . && npx vitest run
