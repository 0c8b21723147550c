// The app's door to the shared rule core (Rust compiled to WASM, docs/architecture.md §2).
// `await loadCore()` once (it is memoised), then call the typed, synchronous wrappers.
import init, * as wasm from 'shop-core-wasm';
import type {
  CartLine,
  DeliveryOption,
  JalaliDate,
  Outcome,
  Rule,
} from 'shop-core-wasm';

export type { CartLine, DeliveryOption, JalaliDate, Outcome, Rule };

/** The five OTP boxes. */
export type CodeBoxes = [string, string, string, string, string];

export interface Core {
  /** Canonical `09xxxxxxxxx` or the mobile rule's Persian message. */
  normalizeMobile(input: string): Outcome<string>;
  /** `{ ok: null }` when valid, else the rule's Persian message. */
  validate(rule: Rule, field: string, value: string): Outcome<null>;
  validateFile(field: string, sizeBytes: number, fileName: string): Outcome<null>;
  /** Exactly 5 ASCII digits, or the code message. */
  normalizeCode(input: string): Outcome<string>;
  /** A pasted string spread over the code boxes (all empty when it has a non-digit). */
  spreadPaste(input: string): CodeBoxes;
  formatPrice(toman: number): string;
  toPersianDigits(input: string): string;
  toWesternDigits(input: string): string;
  cartCount(lines: CartLine[]): number;
  lineTotal(line: CartLine): number;
  orderTotal(lines: CartLine[]): number;
  instalmentEligible(lines: CartLine[]): boolean;
  filterDelivery(lines: DeliveryOption[][], city: string): DeliveryOption[];
  fold(input: string): string;
  tokenize(input: string): string[];
  gregorianToJalali(year: number, month: number, day: number): JalaliDate | null;
  formatJalali(date: JalaliDate): string;
  formatJalaliNumeric(date: JalaliDate): string;
  /** A moment shown as a Tehran calendar day, e.g. `۱ فروردین ۱۴۰۳` (`numeric`: `۱۴۰۳/۰۱/۰۱`). */
  formatDate(at: Date | string, numeric?: boolean): string;
}

// Infallible rules only fail on input the types already forbid (e.g. a number from untyped
// JSON); the UI then shows this fallback rather than throwing during render.
function okOr<T>(out: Outcome<T>, fallback: T): T {
  return 'ok' in out && out.ok !== undefined ? out.ok : fallback;
}

const EMPTY_BOXES: CodeBoxes = ['', '', '', '', ''];

// Iran has no DST since 2022: the Tehran calendar day of a UTC instant is enough.
const tehranDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tehran',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const core: Core = {
  normalizeMobile: (input) => wasm.normalize_mobile(input),
  validate: (rule, field, value) => wasm.validate({ rule, field, value }),
  validateFile: (field, size_bytes, file_name) =>
    wasm.validate_file({ field, size_bytes, file_name }),
  normalizeCode: (input) => wasm.normalize_code(input),
  spreadPaste: (input) => okOr(wasm.spread_paste(input), EMPTY_BOXES),
  formatPrice: (toman) => okOr(wasm.format_price(toman), String(toman)),
  toPersianDigits: (input) => okOr(wasm.to_persian_digits(input), input),
  toWesternDigits: (input) => okOr(wasm.to_western_digits(input), input),
  cartCount: (lines) => okOr(wasm.cart_count(lines), 0),
  lineTotal: (line) => okOr(wasm.line_total(line), 0),
  orderTotal: (lines) => okOr(wasm.order_total(lines), 0),
  instalmentEligible: (lines) => okOr(wasm.instalment_eligible(lines), false),
  filterDelivery: (lines, city) => okOr(wasm.filter_delivery({ lines, city }), []),
  fold: (input) => okOr(wasm.fold(input), input),
  tokenize: (input) => okOr(wasm.tokenize(input), []),
  gregorianToJalali: (y, m, d) => okOr<JalaliDate | null>(wasm.gregorian_to_jalali([y, m, d]), null),
  formatJalali: (date) => okOr(wasm.format_jalali(date), ''),
  formatJalaliNumeric: (date) => okOr(wasm.format_jalali_numeric(date), ''),
  formatDate(at, numeric = false) {
    const when = typeof at === 'string' ? new Date(at) : at;
    if (Number.isNaN(when.getTime())) return '';
    const [y, m, d] = tehranDay.format(when).split('-').map(Number);
    const jalali = core.gregorianToJalali(y, m, d);
    if (!jalali) return '';
    return numeric ? core.formatJalaliNumeric(jalali) : core.formatJalali(jalali);
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
