import { beforeAll, describe, expect, it } from 'vitest';
import { loadCore, type Core } from '@/shared/core';
import { highlight } from './highlight';

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const marked = (text: string, q: string) =>
  highlight(text, q, core)
    .filter((s) => s.match)
    .map((s) => s.text);

describe('highlighting search matches (folded with the core)', () => {
  it("an Arabic 'ي' or 'ك' in the query marks the Persian 'ی' and 'ک' of the text", () => {
    expect(marked('لپ‌تاپ لنوو آیدیاپد', 'آيدياپد')).toEqual(['آیدیاپد']);
    expect(marked('کیبورد مکانیکی', 'كيبورد')).toEqual(['کیبورد']);
  });

  it('ZWNJ, a space or nothing between word halves all match', () => {
    expect(marked('لپ‌تاپ ایسوس', 'لپتاپ')).toEqual(['لپ‌تاپ']);
    expect(marked('لپ تاپ ایسوس', 'لپتاپ')).toEqual(['لپ تاپ']);
    expect(marked('لپتاپ ایسوس', 'لپ تاپ')).toEqual(['لپتاپ']);
  });

  it('Persian digits in the query mark Western digits and back; Latin in any case', () => {
    expect(marked('Core i7 / 16GB', '۱۶ گیگ')).toEqual(['16']);
    expect(marked('رم ۱۶ گیگ', '16')).toEqual(['۱۶']);
    expect(marked('ASUS Zenbook UX3405', 'zenbook ux3405')).toEqual(['Zenbook UX3405']);
  });

  it('a number marks only whole numbers, never digits inside a longer one', () => {
    expect(marked('ایسوس ویووبوک 16 M1605YA', '۱۶ گیگ')).toEqual(['16']);
    expect(marked('مدل 2016، رم ۱۶ گیگ', '16')).toEqual(['۱۶']);
    expect(marked('Core i5 16GB', '16')).toEqual(['16']);
  });

  it('keeps the text intact and marks nothing without a query or a core', () => {
    const text = 'لپ‌تاپ لنوو';
    expect(highlight(text, 'لنوو', core).map((s) => s.text).join('')).toBe(text);
    expect(highlight(text, '', core)).toEqual([{ text, match: false }]);
    expect(highlight(text, 'لنوو', null)).toEqual([{ text, match: false }]);
    expect(marked(text, '!!! ???')).toEqual([]);
  });
});
