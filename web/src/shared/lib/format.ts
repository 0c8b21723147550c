// Small UI numbers (counts, page numbers, years, badges) in Persian digits, through the
// platform's CLDR formatter rather than a hand-written digit table: it is there before the WASM
// core loads. Prices go through the core's format_price; text that mixes digits with other
// characters (a mobile number, a plaque) through the core's to_persian_digits.
// format.test.ts checks every function here against the WASM core on a range of numbers.

const grouped = new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 0 });
const plain = new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 0, useGrouping: false });
const twoDigits = new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 0, useGrouping: false, minimumIntegerDigits: 2 });

/** A count in Persian digits, grouped by three with U+066C: `۱۲٬۵۰۰`. */
export function formatCount(n: number): string {
  return grouped.format(n);
}

/** A page number, year, day or id in Persian digits, not grouped: `۱۴۰۳`. */
export function formatPlain(n: number): string {
  return plain.format(n);
}

/** A clock field in Persian digits, at least two of them: `۰۵`. */
export function formatTwoDigits(n: number): string {
  return twoDigits.format(n);
}

/** Every ASCII digit of `text` (a mobile number, an order code) as a Persian digit, one by one: `۰۹۱۲…`. */
export function formatDigits(text: string): string {
  return text.replace(/[0-9]/g, (d) => plain.format(Number(d)));
}

/**
 * What joins the parts of one line of text («سبز، گارانتی ۱۸ ماهه، ۱ عدد»): the Persian comma.
 * Never « · »: beside a Persian digit the middle dot reads as a zero («۱ · عدد» as «۱۰ عدد»).
 * format.test.ts checks that no source or resource file shows a middle dot.
 */
export const PART_SEPARATOR = '، ';

/** The parts that are not empty, joined with [PART_SEPARATOR] (Persian parts; see [joinMixedParts]). */
export function joinParts(parts: readonly (string | null | undefined | false)[]): string {
  return parts.filter(Boolean).join(PART_SEPARATOR);
}

/**
 * [joinParts] for parts that may hold Latin text (a colour and a variant's «Core i7 / ۱۶ گیگ رم»):
 * each part in a first-strong isolate (U+2068 … U+2069) when there are two or more, so a part
 * that ends in a Latin run cannot pull the next part's number into its run and each part keeps
 * its place in the right-to-left line. Show the result with `MixedText` (isolates become <bdi>).
 */
export function joinMixedParts(parts: readonly (string | null | undefined | false)[]): string {
  const kept = parts.filter((p): p is string => Boolean(p));
  return kept.length < 2 ? kept.join('') : kept.map((p) => `\u2068${p}\u2069`).join(PART_SEPARATOR);
}
