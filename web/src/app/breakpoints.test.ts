import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const src = (path: string) => readFileSync(join(__dirname, '..', path), 'utf8');
const theme = src('theme.css');
const bottomBar = src('app/BottomBar.tsx');
const deviceSync = src('shared/hooks/useMobileDeviceSync.ts');

/** Spec section 9: breakpoint widths xs 320, sm 640, md 768, lg 1024, xl 1280, 2xl 1536. */
describe('breakpoints', () => {
  const px = Object.fromEntries([...theme.matchAll(/--breakpoint-([\w]+):\s*([\d.]+)rem/g)].map(([, name, rem]) => [name, Number(rem) * 16]));

  it('the theme defines exactly the spec’s widths (Tailwind reads them, 1 rem = 16 px)', () => {
    expect(px).toEqual({ xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 });
  });

  it('the mobile bottom bar is hidden from lg (1024 px), the width the mobileDevice state uses', () => {
    expect(bottomBar).toMatch(/lg:hidden/);
    expect(deviceSync).toContain(`(min-width: ${px.lg}px)`);
  });
});
