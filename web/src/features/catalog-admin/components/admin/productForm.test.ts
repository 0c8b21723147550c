import { beforeAll, describe, expect, it } from 'vitest';
import { loadCore, type Core } from '@/shared/core';
import { checkProduct, checkVariants, cheapestPrice, clean, emptyProduct, emptyVariant, placeServerError } from './productForm';

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const now = new Date('2026-11-27T10:00:00Z');
const laptop = () => ({ ...emptyProduct(), name: 'لپ‌تاپ ایسوس ذن‌بوک', brand: 'ASUS', model: 'UX5406', category: '۳' });
const row = (price: string, stock: string) => ({ ...emptyVariant(), color: 'نقره‌ای', warranty_name: 'گارانتی ۱۸ ماهه', price, stock });

describe('product form (the core rule through WASM)', () => {
  it('accepts a new laptop typed with Persian digits', () => {
    expect(checkProduct(core, laptop(), [row('۶۵٬۰۰۰٬۰۰۰', '۳')], now)).toEqual({});
    expect(clean(checkVariants(core, [row('۶۵٬۰۰۰٬۰۰۰', '۳')]))).toBe(true);
  });

  it('refuses a price of 0 and a stock of -1 in Persian', () => {
    const [errors] = checkVariants(core, [row('0', '-1')]);
    expect(errors).toEqual({ price: 'قیمت باید بیشتر از ۰ باشد', stock: 'موجودی باید عدد صحیح ۰ یا بیشتر باشد' });
  });

  it('refuses an offer above the cheapest price and one that has ended', () => {
    const form = { ...laptop(), special_price: '۷۰٬۰۰۰٬۰۰۰', special_ends: '1400/01/01' };
    const errors = checkProduct(core, form, [row('65000000', '1'), row('68000000', '1')], now);
    expect(errors.special_price).toBe('قیمت ویژه باید کمتر از قیمت کالا باشد');
    expect(errors.special_ends).toBe('تاریخ پایان پیشنهاد ویژه باید در آینده باشد');
  });

  it('asks for the used-unit details only for used and open-box units', () => {
    expect(checkProduct(core, { ...laptop(), condition: 'new' }, [], now)).toEqual({});
    const errors = checkProduct(core, { ...laptop(), condition: 'open-box', battery_health: '۱۲۰' }, [], now);
    expect(Object.keys(errors).sort()).toEqual(['battery_health', 'grade', 'test_days']);
  });

  it('keeps markup as text (it is data, printed escaped)', () => {
    expect(checkProduct(core, { ...laptop(), name: '<script>alert(1)</script>' }, [], now)).toEqual({});
  });

  it('reads the cheapest typed price in any digits', () => {
    expect(cheapestPrice(core, [row('۶۶٬۰۰۰٬۰۰۰', '1'), row('65,000,000', '1'), row('x', '1')])).toBe(65_000_000);
    expect(cheapestPrice(core, [])).toBeNull();
  });

  it('places a server error on its row', () => {
    expect(placeServerError('variants[1].price')).toEqual({ row: 1, field: 'price' });
    expect(placeServerError('special_ends')).toEqual({ row: null, field: 'special_ends' });
  });
});
