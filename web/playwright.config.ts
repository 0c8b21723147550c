import { defineConfig, devices } from '@playwright/test';

// The e2e suite runs against the real server binary (`just e2e` builds it and web/dist first),
// which e2e/server.ts starts on a free port and names in E2E_BASE_URL (set it to use another).
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
  // On CI a journey that fails is run once more and, if it then passes, reported as flaky (the
  // list names it): the run is one shot on a slower, loaded machine. Locally a failure is final.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
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
  globalSetup: './e2e/server.ts',
});
