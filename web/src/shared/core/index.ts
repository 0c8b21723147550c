// The app's door to the shared rule core (Rust compiled to WASM, docs/architecture.md §2).
// `await loadCore()` once (it is memoised), then call the typed, synchronous wrappers.
// The wasm-bindgen glue and the wrappers (bindings.ts) are loaded by loadCore(), so pages that
// never call the core (the home page) do not download them.
// The export list and its types are generated from the core's function table
// (functions.generated.ts); this file only adapts them to the app's calling style.
import type {
  AlertKind,
  CartLine,
  CategoryFormInput,
  FormName,
  CodeBoxes,
  DeliveryOption,
  FieldSpec,
  FormErrors,
  FormField,
  InstalmentSchedule,
  InstalmentTerms,
  JalaliDate,
  Outcome,
  ProductFormInput,
  Quote,
  QuoteInput,
  ReturnRequestInput,
  Rule,
  VariantFormInput,
} from './functions.generated';

export type { AlertKind, CartLine, CategoryFormInput, FormName, ProductFormInput, VariantFormInput, CodeBoxes, DeliveryOption, FieldSpec, FormErrors, FormField, InstalmentSchedule, InstalmentTerms, JalaliDate, Outcome, Quote, QuoteInput, Rule };

/** The customer forms' fields (labels, longest values), generated from core/src/forms. */
export { FORM_FIELDS } from './functions.generated';

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
  /**
   * A customer form declared once in core/src/forms (address, profile, registration, ticket,
   * ticket_reply): the first failing rule's message per field, from the same declaration and
   * parse the server applies to the request. `values` by the form's field names; missing: empty.
   */
  checkForm(form: FormName, values: Record<string, string>): FormErrors;
  /** The catalogue editor's product form (core/src/product_form.rs): every failing field's message. */
  productForm(input: ProductFormInput): FormErrors;
  /** The catalogue editor's variant row: every failing field's message. */
  variantForm(input: VariantFormInput): FormErrors;
  /** The catalogue editor's category form: every failing field's message. */
  categoryForm(input: CategoryFormInput): FormErrors;
  validateFile(field: string, sizeBytes: number, fileName: string): Outcome<null>;
  /** An upload with its content: size, not empty, extension, and its first bytes (`head`) match the extension. */
  validateUpload(field: string, fileName: string, sizeBytes: number, head: number[]): Outcome<null>;
  /** A customer's return request (`shop_core::returns::request`): `{ ok: null }` or the first problem's Persian message. */
  returnRequest(input: ReturnRequestInput): Outcome<null>;
  /** Exactly 5 ASCII digits, or the code message. */
  normalizeCode(input: string): Outcome<string>;
  /** A unit's serial number as stored (trimmed, uppercased, ASCII digits), or why it is refused. */
  serialNumber(input: string): Outcome<string>;
  /** A chat message's text as it will be sent (trimmed), or why it cannot be (empty, too long). */
  chatText(input: string): Outcome<string>;
  /** A pasted string spread over the code boxes (all empty when it has a non-digit). */
  spreadPaste(input: string): CodeBoxes;
  /** The alerts a variant accepts now (core `alert::offer`): `restock` when out of stock, `price_drop` when in stock. */
  alertKinds(stock: number, price: number): AlertKind[];
  formatPrice(toman: number): string;
  /** Whole percent off from `old` to `price`, rounded down; 0 without a reduction. */
  discountPercent(old: number, price: number): number;
  toPersianDigits(input: string | number): string;
  /** Mixed Persian and Latin text for display: Latin runs in U+2066 … U+2069, other numbers in Persian digits. */
  isolateLatinRuns(input: string): string;
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
  /**
   * The pricing rule book (core `quote`): every amount of a cart the customer sees. For display
   * only: money is computed on the server, which runs the same function.
   */
  quote(input: QuoteInput): Outcome<Quote>;
  /** A plan's schedule for `total` Toman bought on `start`, or the plan's Persian refusal. */
  instalmentSchedule(terms: InstalmentTerms, total: number, start: JalaliDate): Outcome<InstalmentSchedule>;
  /** A moment shown as a Tehran calendar day, e.g. `۱ فروردین ۱۴۰۳` (`numeric`: `۱۴۰۳/۰۱/۰۱`). */
  formatDate(at: Date | string, numeric?: boolean): string;
}

let loading: Promise<Core> | null = null;
let loaded: Core | null = null;

/** Loads the WASM core once; later calls return the same promise. */
export function loadCore(): Promise<Core> {
  loading ??= import('./bindings')
    .then((b) => b.start())
    .then((core) => (loaded = core))
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
