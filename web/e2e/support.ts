/** Helpers the browser journeys share: Persian digits, fresh numbers and the dev SMS outbox. */
import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

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
  expect(verified.status).toBe('ok');
  const profile = await request.post('/api/client/v1/user/register', {
    data: {
      name, lastname: 'آزمایشی', password: 'Test123!', mobile, email: '', city, state,
      address1: '', postalCode1: '', phone: '', info: '', device: 'web', mcode: verified.mcode,
    },
  });
  expect(profile.ok()).toBeTruthy();
}

export const loginDialog = (page: Page) => page.getByRole('dialog', { name: 'ورود | ثبت‌نام' });

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
