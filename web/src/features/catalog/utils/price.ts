import type { Core } from '@/shared/core';
import { faNumber } from '@/shared/lib/digits';

/**
 * A price in Toman as the core's `format_price` writes it (`۱۲٬۵۰۰٬۰۰۰ تومان`): the core's
 * own function when it is loaded, else the same text built in JS (price.test.ts checks the two
 * agree), so a price is never shown in another form while the WASM module is on its way.
 */
export function formatToman(toman: number, core: Core | null): string {
  return core ? core.formatPrice(toman) : faPrice(toman);
}

export function faPrice(toman: number): string {
  return `${faNumber(toman)} تومان`;
}

/** Whole percent off, at least 1 when there is any discount. */
export function discountPercent(price: number, before: number | null | undefined): number {
  if (!before || before <= price || before <= 0) return 0;
  return Math.max(1, Math.round(((before - price) / before) * 100));
}
