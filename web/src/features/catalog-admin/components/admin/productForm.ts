// The product editor's form state and its check: the same core rule the server parses with
// (core/src/product_form.rs, through WASM), so a price of 0, a stock of -1, an offer above the
// price or ending in the past is shown under its field before anything is sent.
import type { Core, FormErrors } from '@/shared/core';
import type { ProductForm, VariantForm } from '../../api/catalogAdmin';

export const CONDITIONS = ['new', 'used', 'open-box'] as const;
export const LINES = ['laptop', 'tablet-laptop'] as const;
export const GRADES = ['A+', 'A', 'B', 'C'] as const;
export const STORAGE_TYPES = ['SSD', 'HDD', 'eMMC'] as const;

/** A blank product form: a new laptop. */
export function emptyProduct(): ProductForm {
  return {
    name: '', brand: '', model: '', line: 'laptop', condition: 'new', category: '', description: '',
    grade: '', battery_health: '', test_days: '', cpu: '', ram_gb: '', storage_gb: '', storage_type: 'SSD',
    gpu: '', screen_inches: '', screen_resolution: '', weight_kg: '', battery_wh: '', ports: '', os: '',
    special_price: '', special_ends: '',
  };
}

/** A blank variant row. */
export function emptyVariant(): VariantForm {
  return { color: '', warranty_name: '', warranty_price: '', warranty_note: '', price: '', stock: '', ins_payment: false, property: '', dg: '' };
}

/** Whether the used-unit fields (grade, battery, test period) apply. */
export function isUsed(condition: string | undefined): boolean {
  return condition === 'used' || condition === 'open-box';
}

/** A typed whole number of Toman (any digits, separators), or null. */
export function wholeToman(core: Core, text: string | undefined): number | null {
  const t = core.toWesternDigits(text ?? '').replace(/[\s,٬_]/g, '');
  return /^\d{1,15}$/.test(t) ? Number(t) : null;
}

/** The cheapest typed price among the rows (the offer must be below it), or null. */
export function cheapestPrice(core: Core, variants: VariantForm[]): number | null {
  const prices = variants.map((v) => wholeToman(core, v.price)).filter((p): p is number => p !== null && p > 0);
  return prices.length ? Math.min(...prices) : null;
}

/** The product form's failing fields (the core's rule). */
export function checkProduct(core: Core, form: ProductForm, variants: VariantForm[], now: Date = new Date()): FormErrors {
  return core.productForm({ ...form, cheapest_price: cheapestPrice(core, variants), now: Math.floor(now.getTime() / 1000) });
}

/** Each variant row's failing fields, by row. */
export function checkVariants(core: Core, variants: VariantForm[]): FormErrors[] {
  return variants.map((v) => core.variantForm(v));
}

/** Whether no field failed. */
export function clean(errors: FormErrors | FormErrors[]): boolean {
  return Array.isArray(errors) ? errors.every((e) => Object.keys(e).length === 0) : Object.keys(errors).length === 0;
}

/** Where a server error belongs: `variants[1].price` → row 1's `price`; anything else: the product's field. */
export function placeServerError(field: string | null): { row: number | null; field: string } {
  const m = /^variants\[(\d+)\]\.(\w+)$/.exec(field ?? '');
  if (m) return { row: Number(m[1]), field: m[2] };
  return { row: null, field: field ?? 'name' };
}
