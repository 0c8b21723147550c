/** Helpers the browser journeys share: Persian digits, fresh numbers and the dev SMS outbox. */
import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };
export const FA = '۰۱۲۳۴۵۶۷۸۹';
export const toPersian = (s: string) => s.replace(/[0-9]/g, (d) => FA[Number(d)]);
export const fromPersian = (s: string) => s.replace(/[۰-۹]/g, (d) => String(FA.indexOf(d)));
/** `۴۰٬۱۰۰٬۰۰۰ تومان` → 40100000 */
export const toman = (s: string) => Number(fromPersian(s).replace(/[^0-9]/g, ''));

/** Five random digits per run (and per worker), then a counter: no two tests share a number. */
const RUN = String(randomInt(0, 100_000)).padStart(5, '0');
let counter = 0;
/** A fresh mobile number (the server limits sends per number): `09` + area + run + counter. */
export function freshMobile(area: '38' | '39' = '39'): string {
  counter += 1;
  if (counter > 99) throw new Error('more than 99 fresh numbers in one worker');
  return `09${area}${RUN}${String(counter).padStart(2, '0')}`;
}

interface OutboxMessage {
  mobile: string;
  code: string;
  text: string;
  at: string;
}

/** The keys (`at|code`) of the codes already sent to `mobile`. */
export async function outboxKeys(request: APIRequestContext, mobile: string): Promise<string[]> {
  const res = await request.get(`/api/dev/sms?mobile=${mobile}`);
  if (!res.ok()) return [];
  const body = (await res.json()) as { messages: OutboxMessage[] };
  return body.messages.map((m) => `${m.at}|${m.code}`);
}

/** Waits for a code sent to `mobile` that was not in `seen` (newest first in the outbox). */
export async function nextCode(request: APIRequestContext, mobile: string, seen: string[] = []): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/sms?mobile=${mobile}`);
        if (!res.ok()) return '';
        const latest = ((await res.json()) as { messages: OutboxMessage[] }).messages[0];
        code = latest && !seen.includes(`${latest.at}|${latest.code}`) ? latest.code : '';
        return code;
      },
      { timeout: 10_000, message: `no code in the dev outbox for ${mobile}` },
    )
    .toMatch(/^[0-9]{5}$/);
  return code;
}

/** Creates an account for `mobile` through the API (registration OTP, verify, profile). */
export async function registerThroughApi(request: APIRequestContext, mobile: string, name = 'کاربر', city = 'تهران', state = city): Promise<void> {
  const seen = await outboxKeys(request, mobile);
  const otp = await request.post('/api/client/v1/user/otp', { data: { mobile } });
  expect(otp.ok()).toBeTruthy();
  const sent = (await otp.json()) as { status: string; data: string };
  expect(sent.status).toBe('ok');
  const code = await nextCode(request, mobile, seen);
  const verify = await request.post('/api/client/v1/user/register', { data: { mobile, code, hash: sent.data } });
  const verified = (await verify.json()) as { status: string; mcode?: string };
  expect(verified.status, JSON.stringify(verified)).toBe('ok');
  const profile = await request.post('/api/client/v1/user/register', {
    data: {
      name, lastname: 'آزمایشی', password: 'Test123!', mobile, email: '', city, state,
      address1: '', postalCode1: '', phone: '', info: '', device: 'web', mcode: verified.mcode,
    },
  });
  expect(profile.ok()).toBeTruthy();
}

export const loginDialog = (page: Page) => page.getByRole('dialog', { name: 'ورود | ثبت‌نام' });

/** Opens the login popup with the header's sign-in button (signed out; the page stays the same). */
export async function openLogin(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'ورود | ثبت‌نام' }).click();
  await expect(loginDialog(page)).toBeVisible();
}

/** Signs in through the login popup (already open) with a code from the dev outbox. */
export async function signInWithCode(page: Page, request: APIRequestContext, mobile: string): Promise<void> {
  const seen = await outboxKeys(request, mobile);
  await loginDialog(page).getByLabel('شماره موبایل').fill(toPersian(mobile));
  await loginDialog(page).getByRole('button', { name: 'ادامه' }).tap();
  const code = await nextCode(request, mobile, seen);
  await loginDialog(page).getByLabel('رقم ۱ از ۵').click();
  await page.keyboard.type(code);
  await loginDialog(page).getByRole('button', { name: 'تایید کد' }).tap();
  await expect(loginDialog(page)).toBeHidden();
}

/** Signs in through the login popup (already open) with the password `Test123!`. */
export async function signInWithPassword(page: Page, mobile: string): Promise<void> {
  const dialog = loginDialog(page);
  await dialog.getByLabel('شماره موبایل').fill(toPersian(mobile));
  await dialog.getByRole('button', { name: 'ادامه' }).click();
  await dialog.getByRole('button', { name: 'ورود با گذرواژه' }).click();
  await dialog.getByLabel('گذرواژه', { exact: true }).fill('Test123!');
  await dialog.getByRole('button', { name: 'ورود', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Collects every enforced CSP violation of `page` (Trusted Types included: a string refused at
 * a DOM sink is reported as `require-trusted-types-for`), from now on, in the returned list.
 */
export async function watchPolicyViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (execute|load|apply)|TrustedHTML|TrustedScript/i.test(m.text())) violations.push(m.text());
  });
  page.on('pageerror', (e) => {
    if (/Trusted|Content Security Policy/i.test(e.message)) violations.push(e.message);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      if (e.disposition === 'enforce') console.error(`Content Security Policy: ${e.violatedDirective} ${e.blockedURI} ${e.sample}`);
    });
  });
  return violations;
}

/**
 * No middle dot beside a digit in what the page shows: «۱ · عدد» reads as «۱۰ عدد» (a Persian
 * zero is a dot). The shop joins parts with the Persian comma (shared/lib/format.ts).
 */
export async function expectNoDotBesideDigit(page: Page): Promise<void> {
  const text = await page.evaluate(() => document.body.innerText);
  const found = text.match(/.{0,12}(?:[0-9۰-۹٠-٩]\s*[·•∙⋅]|[·•∙⋅]\s*[0-9۰-۹٠-٩]).{0,12}/gu) ?? [];
  expect(found, 'a middle dot beside a digit reads as a Persian zero').toEqual([]);
}

/** Runs a command of the `shop` binary (as a shop owner would) on the journeys' server's database (e2e/server.ts names it); what it printed. */
export function shopCommand(args: string[]): string {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set: run the journeys with e2e/server.ts (npx playwright test)');
  return execFileSync('../target/debug/shop', args, {
    env: { ...process.env, SHOP_ENV: 'development', SHOP_SMS: 'console', SHOP_DATABASE_URL: url, SHOP_DATA_DIR: process.env.E2E_DATA_DIR ?? '', NO_COLOR: '1' },
    encoding: 'utf8',
  });
}

/** `shop staff add MOBILE --role ROLE`; what it printed. */
export function staffAdd(mobile: string, role: string): string {
  return shopCommand(['staff', 'add', mobile, '--role', role]);
}

/**
 * A new browser context (Persian locale, touch) at `path`, signed in as `mobile` through the page's
 * own prompt: the login popup if the page opened it, else the back office's or the shop's
 * "sign in first" notice, else the header's button.
 */
export async function signedIn(
  browser: Browser,
  request: APIRequestContext,
  mobile: string,
  path: string,
  { viewport = DESKTOP, how = 'code', acceptDownloads = false }: { viewport?: { width: number; height: number }; how?: 'code' | 'password'; acceptDownloads?: boolean } = {},
): Promise<Page> {
  const page = await (await browser.newContext({ viewport, locale: 'fa-IR', hasTouch: true, acceptDownloads })).newPage();
  await page.goto(path);
  if (!(await loginDialog(page).isVisible())) {
    const notice = page.getByTestId('admin-notice').or(page.getByTestId('sign-in-required'));
    if (await notice.first().isVisible()) await notice.getByRole('button').first().click();
    else await page.getByRole('button', { name: 'ورود | ثبت‌نام' }).first().click();
  }
  await expect(loginDialog(page)).toBeVisible();
  if (how === 'code') await signInWithCode(page, request, mobile);
  else await signInWithPassword(page, mobile);
  return page;
}

/** The innermost elements that reach past the screen's edges (for a failure's message). */
async function widestElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = [...document.body.querySelectorAll('*')].filter((e) => {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || (r.left >= -1 && r.right <= window.innerWidth + 1)) return false;
      // Inside a scroller (the admin menu, a wide table's region) it scrolls, not the page.
      for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
        if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(a).overflowX)) return false;
      }
      return true;
    });
    const innermost = out.filter((e) => !out.some((o) => o !== e && e.contains(o)));
    return innermost.slice(0, 5).map((e) => `${e.tagName.toLowerCase()}${e.getAttribute('data-testid') ? `[${e.getAttribute('data-testid')}]` : ''}.${e.className}`.slice(0, 160));
  });
}

/**
 * At 375 and then 1280 px: no axe violation, nothing wider than the screen and no Latin dot beside
 * a digit, once the page's heading is drawn, nothing is loading, no toast is shown and nothing is animating. The
 * page is left at `end`.
 */
export async function expectAccessibleAtBothWidths(page: Page, what: string, end = page.viewportSize() ?? DESKTOP): Promise<void> {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('h1').first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    // A toast fading in or out is measured at part opacity, and one that is shown may start
    // fading while axe runs: wait until no toast is left (they close after a second), then until
    // no finite animation runs, twice, half a second apart (a toast may start just after the first look).
    // A toast under the pointer waits (react-hot-toast pauses it on hover, as a reader would
    // want): the pointer leaves for the page's top corner first.
    await page.mouse.move(0, 0);
    await expect(page.locator('.shop-toaster [role="status"]')).toHaveCount(0);
    const settled = () => page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
    await settled();
    await page.waitForTimeout(500);
    await settled();
    const { violations } = await new AxeBuilder({ page }).analyze();
    const report = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(report, `axe violations on ${what} at ${viewport.width}px`).toEqual([]);
    const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    const wide = scroll > inner ? await widestElements(page) : [];
    expect(scroll, `${what} at ${viewport.width}px: nothing wider than the screen (${wide.join('; ')})`).toBeLessThanOrEqual(inner);
    await expectNoDotBesideDigit(page);
  }
  await page.setViewportSize(end);
}

/** A bearer token for `mobile` (registered with the password `Test123!`), for setting up through the API. */
export async function tokenOf(request: APIRequestContext, mobile: string): Promise<string> {
  const r = await request.post('/api/client/v1/user/login', { data: { mobile, password: 'Test123!' } });
  const body = (await r.json()) as { token?: string };
  expect(body.token, JSON.stringify(body)).toBeTruthy();
  return body.token!;
}

/** A POST with `token` (and an Idempotency-Key when given) that must succeed; its JSON answer. */
export async function apiCall<T>(request: APIRequestContext, path: string, token: string, data: unknown, key?: string): Promise<T> {
  const r = await request.post(path, { data, headers: { Authorization: `Bearer ${token}`, ...(key && { 'Idempotency-Key': key }) } });
  const body = (await r.json()) as T;
  expect(r.ok(), `${path}: ${JSON.stringify(body)}`).toBeTruthy();
  return body;
}

type Variant = { Id: number; InStock: boolean; NameGaranti: string };

/**
 * A new customer `name` pays for one in-stock demo laptop through the API and the sandbox bank
 * (`pick` chooses among the first product's variants; the first in stock by default); the
 * order's code, checked paid.
 */
export async function buyAndPay(
  request: APIRequestContext,
  mobile: string,
  name = 'نیلوفر',
  pick: (variants: Variant[]) => Variant | undefined = (vs) => vs.find((v) => v.InStock),
): Promise<string> {
  await registerThroughApi(request, mobile, name);
  const login = (await (await request.post('/api/client/v1/user/login', { data: { mobile, password: 'Test123!' } })).json()) as { token: string };
  const headers = { Authorization: `Bearer ${login.token}` };
  const call = async <T,>(path: string, data: unknown, extra: Record<string, string> = {}) =>
    (await (await request.post(`/api/client/v1${path}`, { data, headers: { ...headers, ...extra } })).json()) as T;
  const list = (await (await request.get('/api/client/v1/catalog/search', { params: { q: 'لپ تاپ', in_stock: 'true', page: 1, size: 24 } })).json()) as { data: { Uid: string }[] };
  const product = (await (await request.get(`/api/client/v1/catalog/products/${list.data[0].Uid}`)).json()) as { data: { Id: number; Variants: Variant[] } };
  const variant = pick(product.data.Variants)!;
  const address = await call<{ Id: number }>('/address/add', {
    name: `${name} آزمایشی`, mobile, state: 'تهران', city: 'تهران', address: 'خیابان آزادی، کوچه ۱۲، پلاک ۴', postalcode: '1234567890',
  });
  const cart = await call<{ OrderId: number }>('/order/edit/product', { spid: product.data.Id, spiddetail: variant.Id, num: 1, orderid: 0, id: 0 });
  const summary = await call<{ DeliveryOptions: { Id: number }[] }>('/order/summary', { orderid: cart.OrderId, addressid: address.Id });
  const key = () => ({ 'Idempotency-Key': crypto.randomUUID() });
  const registered = await call<{ order: { Code: string } }>(
    '/order/register',
    { orderid: cart.OrderId, addressid: address.Id, deliveryid: summary.DeliveryOptions[0].Id, paymentmethod: 'full' },
    key(),
  );
  const code = registered.order.Code;
  const started = await call<{ authority: string }>('/payment/start', { code }, key());
  // «پرداخت» on the sandbox bank's page, then its callback.
  const paid = await request.post(`/api/client/v1/payment/sandbox/${started.authority}/pay`, { maxRedirects: 0 });
  const callback = paid.headers()['location'];
  await request.get(callback, { maxRedirects: 0 });
  const result = await call<{ OrderStatus: string }>('/payment/result', { code });
  expect(result.OrderStatus).toBe('paid');
  return code;
}
