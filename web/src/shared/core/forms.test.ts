// The customer forms declared once in core/src/forms, through the WASM build: the generated
// FORM_FIELDS (labels, longest values) and checkForm agree, so an input's maxLength and the
// message the form shows come from the same declaration the server parses requests with.
import { describe, expect, it } from 'vitest';
import { FORM_FIELDS, loadCore, type FormName } from '@/shared/core';

const forms = Object.keys(FORM_FIELDS) as FormName[];

describe('core forms through WASM', () => {
  it('refuses one character past every declared maxLength with the max-length message naming the label', async () => {
    const core = await loadCore();
    for (const form of forms) {
      const fields = FORM_FIELDS[form] as Record<string, { label: string; maxLength: number | null }>;
      for (const [name, { label, maxLength }] of Object.entries(fields)) {
        if (maxLength === null) continue;
        const tooLong = `${label} باید حداکثر ${core.toPersianDigits(maxLength)} کاراکتر باشد`;
        const over = core.checkForm(form, { [name]: 'ب'.repeat(maxLength + 1) });
        expect(over[name], `${form}.${name}`).toBe(tooLong);
        // A list typed one item per line (a review's pros and cons) also bounds each line: at
        // the declared length it is given as whole lines (core/src/review/lists.rs).
        const list = `${form}.${name}` === 'review.pros' || `${form}.${name}` === 'review.cons';
        const atValue = list ? Array.from({ length: 5 }, () => 'ب'.repeat(120)).join('\n') : 'ب'.repeat(maxLength);
        if (list) expect(atValue.length, `${form}.${name}`).toBeLessThanOrEqual(maxLength);
        const at = core.checkForm(form, { [name]: atValue });
        expect(at[name] ?? '', `${form}.${name}`).not.toBe(tooLong);
      }
    }
  });

  it("asks for three letters in an address's receiver name, as the server does", async () => {
    const core = await loadCore();
    expect(core.checkForm('address', { name: 'عل' }).name).toBe('نام گیرنده باید حداقل ۳ کاراکتر باشد');
    expect(core.checkForm('address', { name: ' \u200f ' }).name).toBe('لطفا نام گیرنده را وارد کنید');
    expect(core.checkForm('address', { name: 'علی' }).name).toBeUndefined();
  });

  it('answers every failing field in form order, {} for a valid form', async () => {
    const core = await loadCore();
    expect(Object.keys(core.checkForm('ticket', {}))).toEqual(['subject', 'department', 'priority', 'message']);
    const ticket = { subject: 'باتری', department: 'warranty', priority: 'normal', order_code: ' ab۲۳cd۴۵ ', message: '<b>سلام</b>' };
    expect(core.checkForm('ticket', ticket)).toStrictEqual({});
    expect(core.checkForm('ticket', { ...ticket, order_code: '<b>' })).toStrictEqual({ order_code: 'کد سفارش وارد شده معتبر نیست!' });
  });

  it('an unknown form answers {} rather than throwing', async () => {
    const core = await loadCore();
    expect(core.checkForm('nope' as FormName, {})).toStrictEqual({});
  });
});
