import type { Variant } from '@/features/catalog/api/catalog';

/** Distinct colours in the server's order (cheapest variant first). */
export function colours(variants: Variant[]): { name: string; hex: string; inStock: boolean }[] {
  const out: { name: string; hex: string; inStock: boolean }[] = [];
  for (const v of variants) {
    const c = out.find((x) => x.name === v.Color);
    if (c) c.inStock ||= v.InStock;
    else out.push({ name: v.Color, hex: v.ColorHex, inStock: v.InStock });
  }
  return out;
}

/** The variants of one colour (one per warranty). */
export function warrantiesFor(variants: Variant[], colour: string): Variant[] {
  return variants.filter((v) => v.Color === colour);
}

/** The first in-stock variant (the cheapest), else the first. */
export function initialVariant(variants: Variant[]): Variant | null {
  return variants.find((v) => v.InStock) ?? variants[0] ?? null;
}

/**
 * The variant after choosing `colour`: the same warranty when that colour has it, else the
 * colour's first in-stock variant.
 */
export function pickColour(variants: Variant[], current: Variant | null, colour: string): Variant | null {
  const of = warrantiesFor(variants, colour);
  return of.find((v) => v.NameGaranti === current?.NameGaranti) ?? of.find((v) => v.InStock) ?? of[0] ?? current;
}

/** What one unit of the variant costs: price plus its warranty (`Price + PriceGaranti`, as the cart). */
export function unitPrice(v: Variant): number {
  return v.Price + v.PriceGaranti;
}

export function unitOldPrice(v: Variant): number | null {
  return v.OldPrice ? v.OldPrice + v.PriceGaranti : null;
}
