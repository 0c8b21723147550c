"""`just fuzz`: schemathesis against the real debug server, as a customer and as staff.

Started by scripts/fuzz.sh (which installs schemathesis and builds the server):
    run.py --shop target/debug/shop --st .tools/schemathesis/bin/st --cases 10000

1. Starts `shop serve` on a temporary SQLite database with the demo catalogue, development mode
   (console SMS and the dev outbox GET /api/dev/sms, as web/e2e/server.ts does) and the per-hour
   limits raised so that the fuzzer reaches the handlers rather than a 429.
2. Registers a customer and a second account through the API (the codes read from the outbox),
   and makes the second one staff with every role (`shop staff add`, the owner's command).
3. Runs `st run openapi/openapi.json` with every check (schemathesis.toml) once per account,
   signed in by scripts/fuzz/hooks.py: every phase with `--max-examples` from --cases (10,000:
   20, ~19,000 cases), or below 5,000 cases all but the coverage phase (1,000: ~1,400 cases).
   Prints the cases, failures and errors of each run; exits non-zero on any failure or error,
   a panic in the server's log, or fewer cases than --cases.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "Test123!"
CUSTOMER = "09390000101"
STAFF = "09390000102"
ROLES = ["admin", "orders", "catalogue", "support"]


def call(base: str, path: str, body: dict | None = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(f"{base}{path}", data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as res:
        return json.load(res)


def newest_code(base: str, mobile: str, seen: set) -> str:
    for _ in range(100):
        messages = call(base, f"/api/dev/sms?mobile={mobile}")["messages"]
        if messages and f"{messages[0]['at']}|{messages[0]['code']}" not in seen:
            return messages[0]["code"]
        time.sleep(0.1)
    raise RuntimeError(f"no code in the dev outbox for {mobile}")


def register(base: str, mobile: str, name: str) -> None:
    """The web's registration: code to the number, the code back, then the profile."""
    seen = {f"{m['at']}|{m['code']}" for m in call(base, f"/api/dev/sms?mobile={mobile}")["messages"]}
    sent = call(base, "/api/client/v1/user/otp", {"mobile": mobile})
    assert sent["status"] == "ok", sent
    code = newest_code(base, mobile, seen)
    verified = call(base, "/api/client/v1/user/register", {"mobile": mobile, "code": code, "hash": sent["data"]})
    assert verified["status"] == "ok", verified
    profile = call(base, "/api/client/v1/user/register", {
        "name": name, "lastname": "آزمایشی", "password": PASSWORD, "mobile": mobile, "email": "",
        "city": "تهران", "state": "تهران", "address1": "خیابان آزادی، پلاک ۱", "postalCode1": "1234567890",
        "phone": "", "info": "", "device": "web", "mcode": verified["mcode"],
    })
    assert profile.get("token"), profile


def start_server(shop: str, data_dir: str) -> tuple[subprocess.Popen, str, list]:
    env = {
        **os.environ,
        "NO_COLOR": "1",
        "SHOP_ADDR": "127.0.0.1:0",
        "SHOP_DATA_DIR": data_dir,
        "SHOP_DATABASE_URL": f"sqlite://{data_dir}/shop.db?mode=rwc",
        "SHOP_ENV": "development",
        "SHOP_SMS": "console",
        "SHOP_SEED_DEMO": "1",
        # The fuzzer sends thousands of requests from one address and two accounts in minutes.
        "SHOP_OTP_IP_LIMIT": "100000",
        "SHOP_OTP_VERIFY_IP_LIMIT": "100000",
        "SHOP_SMS_HOURLY_BUDGET": "100000",
        "SHOP_ORDER_REGISTRATIONS_PER_HOUR": "100000",
        "SHOP_ORDER_CANCELS_PER_HOUR": "100000",
        "SHOP_TICKET_ACTIONS_PER_HOUR": "100000",
        "SHOP_PAYMENT_REUSE_MINUTES": "0",
        "SHOP_WEB_DIR": data_dir,
        "RUST_LOG": os.environ.get("RUST_LOG", "info"),
    }
    child = subprocess.Popen([shop, "serve"], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    log: list = []
    found = threading.Event()
    base = []

    def read():
        for line in child.stdout:
            # Keep the last lines and every panic (the access log runs to thousands of lines).
            if "panicked" in line or len(log) < 2000:
                log.append(line)
            elif "panicked" not in log[-1]:
                log[-1] = line
            m = re.search(r"listening on (http://[\d.]+:\d+)", line)
            if m and not found.is_set():
                base.append(m.group(1))
                found.set()

    threading.Thread(target=read, daemon=True).start()
    if not found.wait(120):
        child.kill()
        raise RuntimeError("server did not start in 120 s:\n" + "".join(log))
    return child, base[0], log


def run_schemathesis(st: str, base: str, who: str, mobile: str, examples: int, phases: str, scenarios: int, report_dir: Path) -> tuple[int, int, int, str]:
    """One `st run`; (cases, failures, exit code, summary text)."""
    env = {
        **os.environ,
        "FUZZ_BASE": base,
        "FUZZ_MOBILE": mobile,
        "FUZZ_PASSWORD": PASSWORD,
        "SCHEMATHESIS_HOOKS": str(ROOT / "scripts/fuzz/hooks.py"),
        "NO_COLOR": "1",
    }
    junit = report_dir / f"{who}.xml"
    # The stateful phase runs --max-examples scenarios unless told otherwise: ~25 at 20, a few
    # seconds; it gets its own number (the committed settings plus this one).
    config = report_dir / "schemathesis.toml"
    config.write_text((ROOT / "scripts/fuzz/schemathesis.toml").read_text()
                      + f"\n[phases.stateful.generation]\nmax-examples = {scenarios}\n")
    cmd = [
        st, "--config-file", str(config),
        "run", str(ROOT / "openapi/openapi.json"), "--url", base,
        "--max-examples", str(examples), "--phases", phases,
        "--report", "junit", "--report-junit-path", str(junit),
    ]
    print(f"[fuzz] {who}: {' '.join(cmd[3:])}", flush=True)
    started = time.monotonic()
    done = subprocess.run(cmd, env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    out = done.stdout
    (report_dir / f"{who}.txt").write_text(out)
    cases = sum(int(n) for n in re.findall(r"(\d+) generated", out))
    failures = sum(int(n) for n in re.findall(r"(\d+) unique failures?", out))
    errors = sum(int(n) for n in re.findall(r"(\d+) errored", out))
    print(f"[fuzz] {who}: {cases} cases, {failures} unique failures, {errors} errored, exit {done.returncode}, "
          f"{time.monotonic() - started:.0f} s (report: {(report_dir / f'{who}.txt').relative_to(ROOT)})", flush=True)
    if done.returncode != 0:
        first = min((out.find(f" {s} ===") for s in ("FAILURES", "ERRORS") if f" {s} ===" in out), default=-1)
        print(out[max(0, first - 40) :] if first >= 0 else out[-6000:], flush=True)
    return cases, failures + errors, done.returncode, out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--shop", required=True)
    ap.add_argument("--st", required=True)
    ap.add_argument("--cases", type=int, default=10000)
    args = ap.parse_args()

    report_dir = ROOT / "schemathesis-report"
    report_dir.mkdir(exist_ok=True)
    data_dir = tempfile.mkdtemp(prefix="shop-fuzz-")
    started = time.monotonic()
    child, base, log = start_server(args.shop, data_dir)
    try:
        register(base, CUSTOMER, "مشتری")
        register(base, STAFF, "کارمند")
        env = {**os.environ, "SHOP_ENV": "development", "SHOP_SMS": "console", "NO_COLOR": "1",
               "SHOP_DATA_DIR": data_dir, "SHOP_DATABASE_URL": f"sqlite://{data_dir}/shop.db?mode=rwc"}
        roles = [a for r in ROLES for a in ("--role", r)]
        print("[fuzz] " + subprocess.run([args.shop, "staff", "add", STAFF, *roles], env=env, check=True,
                                         capture_output=True, text=True).stdout.strip(), flush=True)
        # The coverage phase alone makes ~6,000 cases over both sign-ins (its cases do not
        # depend on --max-examples), so a run of fewer than 5,000 cases leaves it out; the
        # fuzzing and stateful phases grow with --max-examples (per operation and phase).
        short = args.cases < 5000
        phases = "examples,fuzzing,stateful" if short else "examples,coverage,fuzzing,stateful"
        # Measured: without coverage about 220 cases over both runs per unit of
        # --max-examples; with it ~12,600 at 5 and more with each unit.
        examples = max(1, -(-args.cases // 220) - 1) if short else max(5, args.cases // 500)
        scenarios = max(10, args.cases // 50)
        total = 0
        failed = False
        for who, mobile in (("customer", CUSTOMER), ("staff", STAFF)):
            cases, failures, code, _ = run_schemathesis(args.st, base, who, mobile, examples, phases, scenarios, report_dir)
            total += cases
            failed |= failures > 0 or code != 0
        if child.poll() is not None:
            print("[fuzz] the server died:\n" + "".join(log[-50:]))
            failed = True
        panics = [l for l in log if "panicked" in l]
        if panics:
            print("[fuzz] the server panicked:\n" + "".join(panics[:20]))
            failed = True
        print(f"[fuzz] {total} cases in all (wanted at least {args.cases}), {time.monotonic() - started:.0f} s; "
              f"reports in {report_dir.relative_to(ROOT)}/", flush=True)
        if total < args.cases:
            print("[fuzz] too few cases")
            failed = True
        return 1 if failed else 0
    finally:
        child.terminate()
        child.wait(10)
        shutil.rmtree(data_dir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
