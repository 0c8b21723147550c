import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The e2e suite runs against the real server binary (`just e2e` builds it and web/dist first).
const PORT = Number(process.env.E2E_PORT ?? 8099);
const BASE_URL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${PORT}`;
const dbDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    locale: 'fa-IR',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
      },
    },
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: '../target/debug/shop serve',
        url: `${BASE_URL}/api/health`,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          SHOP_ADDR: `127.0.0.1:${PORT}`,
          SHOP_DATA_DIR: dbDir,
          SHOP_DATABASE_URL: `sqlite://${join(dbDir, 'shop.db')}?mode=rwc`,
          // Development mode: console SMS and the dev outbox the journeys read codes from.
          SHOP_ENV: 'development',
          SHOP_SMS: 'console',
          // The journeys send more codes from 127.0.0.1 than the per-IP hourly limit allows.
          SHOP_OTP_IP_LIMIT: '1000',
          SHOP_WEB_DIR: 'dist',
        },
      },
});
