#!/usr/bin/env bash
# `just fuzz` / `just fuzz-short`: schemathesis (PyPI, pinned) against openapi/openapi.json and
# the real debug server, signed in as a customer and again as staff (scripts/fuzz/run.py).
#   scripts/fuzz.sh [CASES]    CASES: the least number of test cases over both sign-ins
#                              (default 10000; `just fuzz-short` passes 1000)
# Schemathesis lives in a project-local venv, .tools/schemathesis (gitignored); python3 and its
# venv module come from Debian's packages when the machine lacks them (as root, like
# scripts/install-tools.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

version=4.32.5
venv=.tools/schemathesis
say() { printf '[fuzz] %s\n' "$*"; }

if ! command -v python3 >/dev/null || ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    say "apt-get install python3 python3-venv python3-pip"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 python3-venv python3-pip
  else
    say "python3 with venv is missing (run: sudo apt-get install python3 python3-venv python3-pip)"; exit 1
  fi
fi
if [ "$("$venv/bin/st" --version 2>/dev/null | awk '{print $3}')" != "$version" ]; then
  say "pip install schemathesis==$version into $venv"
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check "schemathesis==$version"
fi

cargo build -q -p shop-server
target_dir=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
exec "$venv/bin/python" scripts/fuzz/run.py --shop "$target_dir/debug/shop" --st "$venv/bin/st" --cases "${1:-10000}"
