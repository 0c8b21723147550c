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

/**
 * Every journey runs against ONE server on one SQLite database, so the files are in two groups
 * (docs/decisions.md, "Browser journeys in two workers (CI time)"):
 *
 * - `customer`: files that only touch their own fresh customers, staff and orders and read demo
 *   data no other file in this group changes. They run in two workers, a file at a time per
 *   worker (fullyParallel stays false: a file's tests keep their order in one worker).
 * - `shop-wide`: files that change what every visitor sees or what other files read, one at a
 *   time (the project's own `workers: 1`) and only after every `customer` file has finished
 *   (`dependencies`), so none of them runs beside any other journey:
 *   - admin-catalog, alerts: publish new laptops (search, /shop, brand filter, first product);
 *   - catalogue-manager: publishes a laptop, adds a delivery option and a blog post;
 *   - admin-settings: publishes a blog post (the routes' blog sample, /blogs) and scans the
 *     discount, plan and content settings pages;
 *   - delivery-slots: adds a Tehran delivery slot (every Tehran checkout shows it);
 *   - discounts: adds a discount code every customer is offered, and a prepared order (the
 *     newest of /admin/prepared-orders, which admin-money reads);
 *   - admin-customers: reads the newest `customer.block` entry of the audit log as its own,
 *     which back-office also writes.
 * A new file goes in `customer` unless it is listed here; one that changes shop-wide state
 * (settings, delivery, discounts, plans, content, catalogue prices, stock or products of the
 * demo) belongs in SHOP_WIDE.
 */
const SHOP_WIDE = [
  'admin-catalog',
  'admin-customers',
  'admin-settings',
  'alerts',
  'catalogue-manager',
  'delivery-slots',
  'discounts',
].map((name) => `${name}.spec.ts`);

const browser = {
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 2,
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
    { name: 'customer', testIgnore: SHOP_WIDE, use: browser },
    { name: 'shop-wide', testMatch: SHOP_WIDE, dependencies: ['customer'], workers: 1, use: browser },
  ],
  globalSetup: './e2e/server.ts',
});
