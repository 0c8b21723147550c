#!/usr/bin/env bash
# Dependency audit (docs/security.md, "Dependency audit"): RustSec advisories for Cargo.lock
# (cargo-audit, ignores in audit.toml with their reasons) and npm advisories for the
# production packages (npm audit --omit=dev). Both need their advisory service: where it cannot
# be reached the audit says so on one line and passes, unless SHOP_AUDIT_REQUIRE=1.
set -euo pipefail
cd "$(dirname "$0")/.."
require="${SHOP_AUDIT_REQUIRE:-0}"
unreachable() {
  echo "SKIPPED: $1 (advisory service unreachable from this machine)"
  [ "$require" = 1 ] && { echo "SHOP_AUDIT_REQUIRE=1: failing"; exit 1; }
  return 0
}

# RustSec: the advisory database is a git repository; cargo-audit is built only where it can be fetched.
if timeout 10 git ls-remote https://github.com/rustsec/advisory-db HEAD >/dev/null 2>&1; then
  command -v cargo-audit >/dev/null || cargo install --locked cargo-audit
  cargo audit
else
  unreachable "cargo audit"
fi

# npm: the registry's bulk advisory endpoint.
if out=$(npm audit --omit=dev --audit-level=high 2>&1); then
  echo "$out" | tail -3
elif echo "$out" | grep -q "audit endpoint returned an error\|ENOTFOUND\|ECONNREFUSED\|EAI_AGAIN"; then
  unreachable "npm audit"
else
  echo "$out"
  exit 1
fi
