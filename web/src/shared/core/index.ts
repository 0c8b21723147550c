// The app's door to the shared rule core (Rust compiled to WASM, docs/architecture.md §2).
// `await loadCore()` once (it is memoised), then call the typed, synchronous wrappers.
// The export list and its types are generated from the core's function table
// (functions.generated.ts); this file only adapts them to the app's calling style.
import init, * as wasm from 'shop-core-wasm';
import type {
  CartLine,
  CodeBoxes,
  CoreExports,
  DeliveryOption,
  FieldSpec,
  FormErrors,
  FormField,
  InstalmentSchedule,
  InstalmentTerms,
  JalaliDate,
  Outcome,
  Rule,
} from './functions.generated';

export type { CartLine, CodeBoxes, DeliveryOption, FieldSpec, FormErrors, FormField, InstalmentSchedule, InstalmentTerms, JalaliDate, Outcome, Rule };

const fns = wasm as unknown as CoreExports;

/** A form's rules read once; `validate(values)` gives the first failing message per field. */
export interface PreparedForm {
  validate(values: string[]): FormErrors;
}

/** Delivery options read once; `filter(city)` gives the `Id`s to offer, best first. */
export interface DeliveryTable {
  filter(city: string): number[];
}

export interface Core {
  /** Canonical `09xxxxxxxxx` or the mobile rule's Persian message. */
  normalizeMobile(input: string): Outcome<string>;
  /** Ten Western digits (any digit set, spaces or a dash between the groups), or the postal code message. */
  normalizePostalCode(input: string): Outcome<string>;
  /** `{ ok: null }` when valid, else the rule's Persian message. */
  validate(rule: Rule, field: string, value: string): Outcome<null>;
  /** A whole form in one call: the first failing rule's message per field name. */
  validateForm(fields: FormField[]): FormErrors;
  /** A form whose rules are read once (for forms validated on every keystroke). */
  prepareForm(fields: FieldSpec[]): PreparedForm;
  validateFile(field: string, sizeBytes: number, fileName: string): Outcome<null>;
  /** An upload with its content: size, not empty, extension, and its first bytes (`head`) match the extension. */
  validateUpload(field: string, fileName: string, sizeBytes: number, head: number[]): Outcome<null>;
  /** Exactly 5 ASCII digits, or the code message. */
  normalizeCode(input: string): Outcome<string>;
  /** A chat message's text as it will be sent (trimmed), or why it cannot be (empty, too long). */
  chatText(input: string): Outcome<string>;
  /** A pasted string spread over the code boxes (all empty when it has a non-digit). */
  spreadPaste(input: string): CodeBoxes;
  formatPrice(toman: number): string;
  /** Whole percent off from `old` to `price`, rounded down; 0 without a reduction. */
  discountPercent(old: number, price: number): number;
  toPersianDigits(input: string | number): string;
  toWesternDigits(input: string): string;
  cartCount(lines: CartLine[]): number;
  lineTotal(line: CartLine): number;
  orderTotal(lines: CartLine[]): number;
  instalmentEligible(lines: CartLine[]): boolean;
  filterDelivery(lines: DeliveryOption[][], city: string): DeliveryOption[];
  deliveryTable(lines: DeliveryOption[][]): DeliveryTable;
  fold(input: string): string;
  tokenize(input: string): string[];
  gregorianToJalali(year: number, month: number, day: number): JalaliDate | null;
  /** `1403/01/01` (any digit set) to a date that exists, or the date message. */
  parseJalaliDate(input: string): Outcome<JalaliDate>;
  formatJalali(date: JalaliDate): string;
  formatJalaliNumeric(date: JalaliDate): string;
  /** The Tehran calendar day of a moment (null outside the calendar's range). */
  tehranDate(at: Date): JalaliDate | null;
  /** A plan's schedule for `total` Toman bought on `start`, or the plan's Persian refusal. */
  instalmentSchedule(terms: InstalmentTerms, total: number, start: JalaliDate): Outcome<InstalmentSchedule>;
  /** A moment shown as a Tehran calendar day, e.g. `۱ فروردین ۱۴۰۳` (`numeric`: `۱۴۰۳/۰۱/۰۱`). */
  formatDate(at: Date | string, numeric?: boolean): string;
}

// Infallible rules only fail on input the types already forbid (e.g. a number from untyped
// JSON); the UI then shows this fallback rather than throwing during render.
function okOr<T>(out: Outcome<T>, fallback: T): T {
  return 'ok' in out && out.ok !== undefined ? out.ok : fallback;
}

const EMPTY_BOXES: CodeBoxes = ['', '', '', '', ''];

const core: Core = {
  normalizeMobile: (input) => fns.normalize_mobile(input),
  normalizePostalCode: (input) => fns.normalize_postal_code(input),
  validate: (rule, field, value) => fns.validate({ rule, field, value }),
  validateForm: (fields) => okOr(fns.validate_form(fields), {}),
  prepareForm(fields) {
    const parsed = wasm.Form.parse(fields) as Outcome<wasm.Form>;
    if (!('ok' in parsed) || !parsed.ok) throw new Error(`bad form: ${parsed.err}`);
    const form = parsed.ok;
    return {
      // One string and its lengths cross instead of one string per value.
      validate: (values) =>
        okOr(form.validate(values.join(''), Uint32Array.from(values, (v) => v.length)) as Outcome<FormErrors>, {}),
    };
  },
  validateFile: (field, size_bytes, file_name) => fns.validate_file({ field, size_bytes, file_name }),
  validateUpload: (field, file_name, size_bytes, head) => fns.validate_upload({ field, file_name, size_bytes, head }),
  normalizeCode: (input) => fns.normalize_code(input),
  chatText: (input) => fns.chat_text(input),
  spreadPaste: (input) => okOr(fns.spread_paste(input), EMPTY_BOXES),
  formatPrice: (toman) => okOr(fns.format_price(toman), String(toman)),
  discountPercent: (old, price) => okOr(fns.discount_percent([old, price]), 0),
  toPersianDigits: (input) => okOr(fns.to_persian_digits(String(input)), String(input)),
  toWesternDigits: (input) => okOr(fns.to_western_digits(input), input),
  cartCount: (lines) => okOr(fns.cart_count(lines), 0),
  lineTotal: (line) => okOr(fns.line_total(line), 0),
  orderTotal: (lines) => okOr(fns.order_total(lines), 0),
  instalmentEligible: (lines) => okOr(fns.instalment_eligible(lines), false),
  filterDelivery: (lines, city) => okOr(fns.filter_delivery({ lines, city }), []),
  deliveryTable(lines) {
    const parsed = wasm.DeliveryTable.parse(lines) as Outcome<wasm.DeliveryTable>;
    const table = 'ok' in parsed ? parsed.ok : undefined;
    return { filter: (city) => (table ? Array.from(table.filter(city)) : []) };
  },
  fold: (input) => okOr(fns.fold(input), input),
  tokenize: (input) => okOr(fns.tokenize(input), []),
  gregorianToJalali: (y, m, d) => okOr<JalaliDate | null>(fns.gregorian_to_jalali([y, m, d]), null),
  parseJalaliDate: (input) => fns.parse_jalali_date(input),
  formatJalali: (date) => okOr(fns.format_jalali(date), ''),
  formatJalaliNumeric: (date) => okOr(fns.format_jalali_numeric(date), ''),
  tehranDate: (at) => okOr<JalaliDate | null>(fns.tehran_date(Math.floor(at.getTime() / 1000)), null),
  instalmentSchedule: (terms, total, start) => fns.instalment_schedule({ terms, total, start }),
  formatDate(at, numeric = false) {
    const ms = (typeof at === 'string' ? new Date(at) : at).getTime();
    if (Number.isNaN(ms)) return '';
    const date = okOr<JalaliDate | null>(fns.tehran_date(Math.floor(ms / 1000)), null);
    if (!date) return '';
    return numeric ? core.formatJalaliNumeric(date) : core.formatJalali(date);
  },
};

let loading: Promise<Core> | null = null;
let loaded: Core | null = null;

// Under Node (Vitest) there is nothing to fetch from: read the module's bytes from disk. The
// specifiers are variables so that Vite's build neither bundles `node:fs` nor copies the file.
const NODE_FS = 'node:fs/promises';
const WASM_FROM_HERE = '../../../../core-wasm/pkg/shop_core_wasm_bg.wasm';

async function wasmSource(): Promise<{ module_or_path: BufferSource } | undefined> {
  const proc = (globalThis as { process?: { versions?: { node?: string } } }).process;
  if (!proc?.versions?.node) return undefined; // browser: the glue fetches the .wasm beside it
  const fs = (await import(/* @vite-ignore */ NODE_FS)) as {
    readFile(path: string): Promise<Uint8Array<ArrayBuffer>>;
  };
  // A path string: under jsdom the global URL is jsdom's, which node:fs does not accept.
  const path = decodeURIComponent(new URL(WASM_FROM_HERE, import.meta.url).pathname);
  return { module_or_path: await fs.readFile(path) };
}

/** Loads the WASM core once; later calls return the same promise. */
export function loadCore(): Promise<Core> {
  loading ??= wasmSource()
    .then((source) => init(source))
    .then(() => (loaded = core))
    .catch((error: unknown) => {
      loading = null; // let a later call retry (e.g. after a network hiccup)
      throw error;
    });
  return loading;
}

/** The core if `loadCore()` has finished, else null (for synchronous render paths). */
export function coreIfLoaded(): Core | null {
  return loaded;
}
