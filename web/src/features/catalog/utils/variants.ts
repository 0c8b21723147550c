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

/**
 * The variant the page preselects: the server's `DefaultVariantId` (the shop's default
 * warranty, `catalog::view::default_variant`; its hero shows that price), else the first
 * in-stock variant (the cheapest), else the first.
 */
export function initialVariant(variants: Variant[], defaultId?: number | null): Variant | null {
  return variants.find((v) => v.Id === defaultId) ?? variants.find((v) => v.InStock) ?? variants[0] ?? null;
}

/**
 * What choosing `option` instead of `chosen` changes one unit's total by: the server's
 * `WarrantyDifferences` of the chosen variant (core `choice_differences`: `Price + PriceGaranti`,
 * the cart's unit price), so a shown difference is always what the price changes by.
 */
export function differenceTo(chosen: Variant, option: Variant): Variant['WarrantyDifferences'][number] | undefined {
  return chosen.WarrantyDifferences.find((d) => d.Id === option.Id);
}

/**
 * The variant after choosing `colour`: the same warranty when that colour has it, else the
 * colour's first in-stock variant.
 */
export function pickColour(variants: Variant[], current: Variant | null, colour: string): Variant | null {
  const of = warrantiesFor(variants, colour);
  return of.find((v) => v.NameGaranti === current?.NameGaranti) ?? of.find((v) => v.InStock) ?? of[0] ?? current;
}
