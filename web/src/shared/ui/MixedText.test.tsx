import { render } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCore, type Core } from '@/shared/core';
import { MixedText } from './MixedText';

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

describe('MixedText', () => {
  it('turns each left-to-right isolate into a <bdi dir="ltr">', () => {
    const { container } = render(<MixedText text={'پردازنده \u2066Core i7-1355U\u2069، ۱۶ گیگ'} />);
    const bdi = container.querySelectorAll('bdi');
    expect(bdi).toHaveLength(1);
    expect(bdi[0]).toHaveAttribute('dir', 'ltr');
    expect(bdi[0].textContent).toBe('Core i7-1355U');
  });

  it('leaves no isolate character in the text a shopper copies', () => {
    const { container } = render(<MixedText text={'\u2068مشکی\u2069، \u2068\u2066Core Ultra 7 155H\u2069 / ۱۶ گیگ رم\u2069'} />);
    expect(container.textContent).toBe('مشکی، Core Ultra 7 155H / ۱۶ گیگ رم');
    expect(container.querySelector('bdi bdi[dir="ltr"]')?.textContent).toBe('Core Ultra 7 155H');
  });

  it('isolates the Latin runs of a raw text through the core', () => {
    const { container } = render(<MixedText text="تبلت لپ‌تاپ اچ‌پی اسپکتر x360 ۱۴" core={core} />);
    expect(container.querySelector('bdi[dir="ltr"]')?.textContent).toBe('x360');
    expect(container.textContent).toBe('تبلت لپ‌تاپ اچ‌پی اسپکتر x360 ۱۴');
  });
});
