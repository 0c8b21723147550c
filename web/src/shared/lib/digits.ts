const PERSIAN = '۰۱۲۳۴۵۶۷۸۹';

/**
 * Persian digits for display of small UI numbers (counts, years) before the WASM core has
 * loaded. Prices go through the core's format_price (features/home/usePriceFormatter).
 */
export function faDigits(value: string | number): string {
  return String(value).replace(/[0-9]/g, (d) => PERSIAN[Number(d)]);
}

/** A whole number with Persian digits and the Persian thousands separator (U+066C). */
export function faNumber(value: number): string {
  const s = Math.trunc(Math.abs(value))
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '\u066c');
  return (value < 0 ? '-' : '') + faDigits(s);
}
