import { expect, test } from '@playwright/test';

/**
 * The pages run under the server's Content-Security-Policy (no 'unsafe-inline' or
 * 'unsafe-eval' for scripts; the inline shell script allowed by its hash): no violation is
 * reported while they load, and the static shell script did run.
 */
for (const path of ['/', '/shop', '/login', '/shop/search-product?q=dell']) {
  test(`${path} loads under the CSP without a violation`, async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to (execute|load|apply)/i.test(m.text())) violations.push(m.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        if (e.disposition === 'enforce') console.error(`Content Security Policy: ${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    const response = await page.goto(path);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp.replace("'wasm-unsafe-eval'", '')).not.toContain('unsafe-eval');
    await expect(page.locator('#root')).not.toBeEmpty();
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });
}
