/**
 * Starts the real server binary on a port the OS picks (SHOP_ADDR 127.0.0.1:0, so no fixed port
 * can clash), reads the bound address from its log line and hands it to the workers through
 * E2E_BASE_URL. The teardown stops it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default async function startServer(): Promise<() => Promise<void>> {
  if (process.env.E2E_BASE_URL) return async () => {};
  const dbDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
  const child = spawn('../target/debug/shop', ['serve'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NO_COLOR: '1',
      SHOP_ADDR: '127.0.0.1:0',
      SHOP_DATA_DIR: dbDir,
      SHOP_DATABASE_URL: `sqlite://${join(dbDir, 'shop.db')}?mode=rwc`,
      // Development mode: console SMS and the dev outbox the journeys read codes from.
      SHOP_ENV: 'development',
      SHOP_SMS: 'console',
      // The journeys send more codes from 127.0.0.1 than the per-IP hourly limit allows.
      SHOP_OTP_IP_LIMIT: '1000',
      // …and verify more codes from it than the 60 an hour one address may (80 journeys sign in).
      SHOP_OTP_VERIFY_IP_LIMIT: '1000',
      // Every payment start is a new attempt, so a journey can pay one order in two bank tabs.
      SHOP_PAYMENT_REUSE_MINUTES: '0',
      SHOP_WEB_DIR: 'dist',
      // The alerts' job every second, so a journey sees a restock's SMS at once (production: 20 s).
      SHOP_ALERT_EVERY_MS: '1000',
    },
  });
  let log = '';
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 120 s:\n${log}`)), 120_000);
    const read = (chunk: Buffer) => {
      log += chunk.toString();
      // eslint-disable-next-line no-control-regex
      const m = /listening on (http:\/\/[\d.]+:\d+)/.exec(log.replace(/\x1b\[[0-9;]*m/g, ''));
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${log}`)));
  });
  const health = await fetch(`${base}/api/health`);
  if (!health.ok) throw new Error(`server at ${base} answers /api/health with ${health.status}`);
  process.env.E2E_BASE_URL = base;
  // For journeys that run the binary's own commands on the same database (`shop staff add`).
  process.env.E2E_DATA_DIR = dbDir;
  process.env.E2E_DATABASE_URL = `sqlite://${join(dbDir, 'shop.db')}?mode=rwc`;
  return async () => {
    child.kill('SIGTERM');
  };
}
