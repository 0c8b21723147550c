#!/usr/bin/env bash
# Installs what a fresh machine lacks for building and testing the shop (it needs only rustup
# and Node.js). Each step is skipped when the tool is already there at the right version, so a
# warm machine pays only for the checks. Safe to run repeatedly.
#   --with-browser   also install Debian's chromium (browser tests)
#   --with-bench     also install Debian's wrk (load tests)
# The downloads (apt, npm) run in the background while cargo compiles wasm-bindgen-cli, the one
# step that costs minutes on a new machine.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$(npm prefix -g 2>/dev/null)/bin:$PATH"

with_browser=false
with_bench=false
for arg in "$@"; do
  case "$arg" in
    --with-browser) with_browser=true ;;
    --with-bench) with_bench=true ;;
    *) echo "usage: $0 [--with-browser] [--with-bench]" >&2; exit 2 ;;
  esac
done

say() { printf '[install] %s\n' "$*"; }
logs=$(mktemp -d)
pids=()
names=()
background() { # name command...: run in the background, output to a log shown on failure
  local name=$1; shift
  ( "$@" ) >"$logs/$name.log" 2>&1 &
  pids+=($!); names+=("$name")
}

# 1. Debian packages: wasm-opt (binaryen) always, chromium for the browser tests.
apt_want=()
command -v wasm-opt >/dev/null || apt_want+=(binaryen)
if $with_browser && ! command -v chromium >/dev/null; then apt_want+=(chromium); fi
if $with_bench && ! command -v wrk >/dev/null; then apt_want+=(wrk); fi
if [ ${#apt_want[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    say "apt-get install ${apt_want[*]} (background)"
    background apt bash -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${apt_want[*]}"
  else
    say "missing Debian packages: ${apt_want[*]} (run: sudo apt-get install ${apt_want[*]})"; exit 1
  fi
fi

# 2. npm packages (the lock file is committed; Node 20's npm).
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "npm ci (background)"
  background npm npm ci --no-audit --no-fund
fi

# 3. `just`: the npm package rust-just ships the prebuilt binary (seconds, against minutes for
#    `cargo install just`). Installed globally, not in the lock file: the registry mirror here
#    serves only this platform's binary package, which `npm ci` would count as out of sync.
if ! command -v just >/dev/null; then
  say "npm install -g rust-just (background)"
  background just npm install -g --no-audit --no-fund rust-just@1.57.0
fi

# 4. The wasm32 target.
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "rustup target add wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

# 5. wasm-bindgen-cli at exactly the version Cargo.lock pins (without --locked: see
#    ../shared/toolchain.md). Nothing else is compiled: the justfile's `wasm` recipe drives
#    cargo, wasm-bindgen and wasm-opt itself, so wasm-pack is not needed.
want=$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/version = |"/, ""); print; exit}' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ -n "$want" ] && [ "$want" != "$have" ]; then
  say "cargo install wasm-bindgen-cli $want (about 1.5 minutes; had '${have:-none}')"
  # opt-level 1, not the release profile's 3: it compiles in 1.5 minutes instead of 4 on a
  # 2-core machine, and the tool still turns the shop's .wasm around in well under a second.
  # Without its default rustls: only its test runner's downloads use TLS.
  CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_DEBUG=0 \
    cargo install wasm-bindgen-cli --version "$want" --no-default-features --force
fi

status=0
for i in "${!pids[@]}"; do
  if wait "${pids[$i]}"; then
    say "${names[$i]}: done"
  else
    say "${names[$i]}: FAILED"; cat "$logs/${names[$i]}.log" >&2; status=1
  fi
done
rm -rf "$logs"
[ $status = 0 ] || exit $status
say "tools ready"
