import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
for (const width of [375, 1280]) {
  test(`price history ${width}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/product/asus-expertbook-b1-b1502cva');
    const section = page.getByTestId('price-history');
    for (let i = 0; i < 20 && !(await section.count()); i++) {
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(200);
    }
    await section.scrollIntoViewIfNeeded();
    await expect(page.getByTestId('price-chart')).toBeVisible();
    await page.waitForTimeout(500);
    await section.screenshot({ path: `/tmp/shot-price-${width}.png` });
    await page.getByTestId('instalment-box').locator('summary').click();
    await expect(page.getByTestId('instalment-comparison').getByRole('row').nth(1)).toBeVisible();
    await page.getByTestId('instalment-box').screenshot({ path: `/tmp/shot-inst-${width}.png` });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    const axe = await new AxeBuilder({ page }).analyze();
    console.log(width, 'axe violations', axe.violations.map((v) => `${v.id}: ${v.nodes.length}`));
    console.log(await page.getByTestId('lowest-30').count(), await section.innerText());
  });
}
