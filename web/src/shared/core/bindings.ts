// The WASM core's glue and the typed wrappers behind `Core` (loaded by loadCore() in index.ts).
import init, * as wasm from 'shop-core-wasm';
import type { CodeBoxes, CoreExports, FormErrors, JalaliDate, Outcome } from './functions.generated';
import type { Core } from './index';

const fns = wasm as unknown as CoreExports;

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
      // Only the values cross per call; the rules were read once by Form.parse.
      validate: (values) => okOr(form.validate(values) as Outcome<FormErrors>, {}),
    };
  },
  checkForm: (form, values) => okOr(fns.check_form({ form, values }), {}),
  productForm: (input) => okOr(fns.product_form(input), {}),
  variantForm: (input) => okOr(fns.variant_form(input), {}),
  categoryForm: (input) => okOr(fns.category_form(input), {}),
  validateFile: (field, size_bytes, file_name) => fns.validate_file({ field, size_bytes, file_name }),
  validateUpload: (field, file_name, size_bytes, head) => fns.validate_upload({ field, file_name, size_bytes, head }),
  returnRequest: (input) => fns.return_request(input),
  normalizeCode: (input) => fns.normalize_code(input),
  chatText: (input) => fns.chat_text(input),
  serialNumber: (input) => fns.serial_number(input),
  spreadPaste: (input) => okOr(fns.spread_paste(input), EMPTY_BOXES),
  alertKinds: (stock, price) => okOr(fns.alert_kinds({ stock, price }), []),
  formatPrice: (toman) => okOr(fns.format_price(toman), String(toman)),
  discountPercent: (old, price) => okOr(fns.discount_percent([old, price]), 0),
  toPersianDigits: (input) => okOr(fns.to_persian_digits(String(input)), String(input)),
  isolateLatinRuns: (input) => okOr(fns.isolate_latin_runs(input), input),
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
  quote: (input) => fns.quote(input),
  instalmentSchedule: (terms, total, start) => fns.instalment_schedule({ terms, total, start }),
  formatDate(at, numeric = false) {
    const ms = (typeof at === 'string' ? new Date(at) : at).getTime();
    if (Number.isNaN(ms)) return '';
    const date = okOr<JalaliDate | null>(fns.tehran_date(Math.floor(ms / 1000)), null);
    if (!date) return '';
    return numeric ? core.formatJalaliNumeric(date) : core.formatJalali(date);
  },
};

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

/** Instantiates the module and returns the wrappers. */
export async function start(): Promise<Core> {
  await init(await wasmSource());
  return core;
}
