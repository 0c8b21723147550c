// Generated from core/src/dispatch.rs (core_functions!) and core/src/forms; `cargo test -p shop-core` checks it.
// Regenerate: UPDATE_GENERATED=1 cargo test -p shop-core --test generated

/** Every export returns one of these (the vectors' `expect` shape). */
export type Outcome<T> = { ok: T; err?: never } | { err: string; ok?: never };

/** A validation rule (serde tag `rule`), see contract/vectors/README.md. */
export type Rule =
  | { rule: "Required" } | { rule: "Select" } | { rule: "Mobile" } | { rule: "Email" }
  | { rule: "Url" } | { rule: "ComplexPassword" } | { rule: "Numeric" } | { rule: "FileExtension" }
  | { rule: "MinLength"; n: number } | { rule: "MaxLength"; n: number } | { rule: "Digits"; n: number } | { rule: "MinValue"; n: number }
  | { rule: "Confirmed"; other: string } | { rule: "FileSize"; max_bytes: number };

export interface ValidateInput { rule: Rule; field: string; value: string }
export interface ValidateFileInput { field: string; size_bytes: number; file_name: string }
/** `head`: the file's first bytes (16 are enough), as numbers 0..255. */
export interface ValidateUploadInput { field: string; size_bytes: number; file_name: string; head: number[] }

/** One field of a form: `name` keys the errors, `label` is the field's Persian name. */
export interface FormField { name: string; label: string; value: string; rules: Rule[] }
/** A form field without its value (`Form.parse`: the rules are read once). */
export type FieldSpec = Omit<FormField, "value">;
/** The first failing rule's message per field name; `{}` when the form is valid. */
export type FormErrors = Record<string, string>;

/** A customer form of core/src/forms (its fields, labels and rules are declared there once). */
export type FormName = "address" | "profile" | "registration" | "ticket" | "ticket_reply" | "official_invoice" | "staff_member" | "faq" | "page" | "blog_post" | "discount" | "discount_edit" | "delivery_option" | "instalment_plan" | "refund" | "return_refund" | "return_reject" | "holiday" | "delivery_slot" | "review" | "moderation_reject" | "question" | "answer";
/** `check_form`'s input: the form and what the client typed by field name (missing: empty). */
export interface CheckFormInput { form: FormName; values: Record<string, string> }

/** What staff typed in the catalogue editor's forms (strings; Persian digits accepted). */
export interface ProductFormInput {
  name?: string; brand?: string; model?: string; line?: string; condition?: string; category?: string;
  description?: string; grade?: string; battery_health?: string; test_days?: string; cpu?: string;
  ram_gb?: string; storage_gb?: string; storage_type?: string; gpu?: string; screen_inches?: string;
  screen_resolution?: string; weight_kg?: string; battery_wh?: string; ports?: string; os?: string;
  special_price?: string; special_ends?: string; cheapest_price?: number | null; now?: number;
}
export interface VariantFormInput {
  color?: string; warranty_name?: string; warranty_price?: string; warranty_note?: string; price?: string;
  stock?: string; ins_payment?: boolean; property?: string; dg?: string;
}
export interface CategoryFormInput { name?: string; slug?: string; parent?: string; position?: string; description?: string }

/** `warranty_end`'s input: the day the warranty started and its months. */
export interface WarrantyEndInput { start: JalaliDate; months: number }
/** `warranty_claim_window`'s input: the claim's day, the warranty's start and months. */
export interface ClaimWindowInput { today: JalaliDate; start: JalaliDate; months: number }
/** A warranty claim's states and the staff's events on it. */
export type ClaimStatus = "received" | "at_repair" | "repaired" | "replaced" | "returned";
export type ClaimEvent = "to_repair" | "repaired" | "replaced" | "return";
export interface ClaimTransitionInput { from: ClaimStatus; event: ClaimEvent }

/** A cart line; extra fields (Id, Name, ...) are ignored. */
export interface CartLine { Num: number; Price: number; PriceGaranti?: number; InsPayment?: boolean }

/** `alert_kinds`' input: the variant's stock and price now. */
export interface AlertVariant { stock: number; price: number }
export type AlertKind = "restock" | "price_drop";

/** A choice of the product page (a variant): its id and unit prices; extra fields are ignored. */
export interface PriceChoice { Id: number; Price: number; PriceGaranti?: number }
/** The choices and the chosen one's id. */
export interface ChoiceDifferencesInput { choices: PriceChoice[]; chosen: number }
/** What taking the choice instead of the chosen one changes the unit total by (signed text). */
export interface ChoiceDifference { Id: number; Difference: number; DifferenceText: string }

export interface DeliveryOption { Id: number; Priority: number; CityActive: { name: string }[] }
export interface FilterDeliveryInput { lines: DeliveryOption[][]; city: string }

/** A discount code's terms, its uses so far, the customer and the cart (times in Unix seconds). */
export interface DiscountTerms {
  kind: "percent" | "fixed"; value: number; min_total?: number; max_discount?: number | null;
  starts_at: number; ends_at: number; usage_limit?: number | null; per_customer_limit?: number | null;
  categories?: number[]; products?: number[]; owner_id?: number | null; first_purchase_only?: boolean;
}
export interface DiscountLine { product_id: number; categories?: number[]; total: number }
export interface DiscountInput {
  terms: DiscountTerms; used?: number; customer_used?: number; customer_id: number; paid_orders?: number;
  lines: DiscountLine[]; now: number;
}

export interface JalaliDate { year: number; month: number; day: number }
export type Ymd = [number, number, number];

/** An instalment plan's terms (rate in basis points a month: 250 = 2.5%). */
export interface InstalmentTerms { down_payment_percent: number; months: number; monthly_rate_bp: number; min_total: number; max_total: number }
export interface ScheduleInput { terms: InstalmentTerms; total: number; start: JalaliDate }
export interface Instalment { number: number; amount: number; due: JalaliDate; remind: JalaliDate }
export interface InstalmentSchedule { total: number; down_payment: number; principal: number; charge: number; financed: number; instalments: Instalment[] }

/** A product's offer: the cheapest variant's price and the offer fields (unix seconds). */
export interface OfferTerms { base_price?: number; special_price?: number | null; special_ends_at?: number | null }
/** What the cart stored for a line when it was last written. */
export interface StoredPrices { price: number; warranty_price?: number; ins_payment?: boolean }
/** The live catalogue's values of a line's variant (`stock`: units that may be taken; absent: not checked). */
export interface LivePrices { price: number; warranty_price?: number; ins_payment?: boolean; offer?: OfferTerms; stock?: number | null }
/** One line to price: its quantity, what the cart stored, the live catalogue (absent: no longer for sale). */
export interface QuoteLineInput { num: number; stored?: StoredPrices | null; live?: LivePrices | null }
export interface QuoteInput {
  lines: QuoteLineInput[]; now?: number; delivery_price?: number; discount?: number;
  plan?: { terms: InstalmentTerms; start: JalaliDate } | null;
}
export interface QuotedLine {
  num: number; unit_price: number; warranty_price: number; unit_total: number; line_total: number;
  old_unit_price: number; old_warranty_price: number; old_unit_total: number;
  price_changed: boolean; available: boolean; ins_payment: boolean;
}
/** Every amount of a cart the customer sees. */
export interface Quote {
  lines: QuotedLine[]; count: number; items_total: number; warranty_total: number; delivery_price: number;
  discount: number; final_price: number; payable: number; instalment_eligible: boolean; price_changed: boolean;
  available: boolean; schedule: InstalmentSchedule | null; pay_now: number;
}

/** `return_window`: a line's condition and test period (days), the Tehran delivery day, the
 * day of the request and the official holidays (the server's holiday table). */
export interface ReturnWindowInput {
  condition: "new" | "used" | "open-box"; test_days?: number | null; delivered: JalaliDate; today: JalaliDate;
  holidays?: JalaliDate[];
}
/** `return_request`: the lines asked back, the reason's code, the description, the photo count,
 * and per order line what was bought and what returns already hold. */
export interface ReturnRequestInput {
  lines: { line_id: number; num: number }[]; reason: string; description?: string; photos?: number;
  held: { line_id: number; bought: number; taken: number }[];
}

/** The five OTP boxes. */
export type CodeBoxes = [string, string, string, string, string];

/** Input and result types of every function the core exports. */
export interface CoreFns {
  normalize_mobile: [string, string];
  normalize_postal_code: [string, string];
  validate: [ValidateInput, null];
  validate_form: [FormField[], FormErrors];
  validate_file: [ValidateFileInput, null];
  validate_upload: [ValidateUploadInput, null];
  normalize_code: [string, string];
  chat_text: [string, string];
  tracking_code: [string, string];
  serial_number: [string, string];
  warranty_end: [WarrantyEndInput, JalaliDate];
  warranty_claim_window: [ClaimWindowInput, JalaliDate];
  warranty_claim_transition: [ClaimTransitionInput, string];
  national_id: [string, string];
  company_id: [string, string];
  economic_code: [string, string];
  spread_paste: [string, CodeBoxes];
  choice_differences: [ChoiceDifferencesInput, ChoiceDifference[]];
  alert_kinds: [AlertVariant, AlertKind[]];
  cart_count: [CartLine[], number];
  line_total: [CartLine, number];
  order_total: [CartLine[], number];
  instalment_eligible: [CartLine[], boolean];
  instalment_schedule: [ScheduleInput, InstalmentSchedule];
  quote: [QuoteInput, Quote];
  filter_delivery: [FilterDeliveryInput, DeliveryOption[]];
  check_form: [CheckFormInput, FormErrors];
  product_form: [ProductFormInput, FormErrors];
  variant_form: [VariantFormInput, FormErrors];
  category_form: [CategoryFormInput, FormErrors];
  fold: [string, string];
  tokenize: [string, string[]];
  joined_pairs: [string[], string[]];
  to_western_digits: [string, string];
  to_persian_digits: [string, string];
  format_number_text: [string, string];
  isolate_latin_runs: [string, string];
  format_price: [number, string];
  discount_percent: [[old: number, new: number], number];
  discount_amount: [DiscountInput, number];
  gregorian_to_jalali: [Ymd, JalaliDate];
  jalali_to_gregorian: [Ymd, Ymd];
  parse_jalali_date: [string, JalaliDate];
  format_jalali: [JalaliDate, string];
  format_jalali_numeric: [JalaliDate, string];
  return_window: [ReturnWindowInput, JalaliDate];
  return_request: [ReturnRequestInput, null];
  tehran_date: [number, JalaliDate];
}
export type CoreFn = keyof CoreFns;

/** The WASM module's typed exports, one per core function. */
export interface CoreExports {
  /** Canonical `09xxxxxxxxx`, or the mobile rule's message. */
  normalize_mobile(input: string): Outcome<string>;
  /** Ten Western digits from a postal code in any digit set (spaces or a dash between the groups allowed), or the postal code rule's message. */
  normalize_postal_code(input: string): Outcome<string>;
  /** One validation rule on one field value. */
  validate(input: ValidateInput): Outcome<null>;
  /** A whole form in one call: every field's rules, in order; the first failing rule of each field gives its message. `{}` when the form is valid. */
  validate_form(input: FormField[]): Outcome<FormErrors>;
  /** File size and extension rules. */
  validate_file(input: ValidateFileInput): Outcome<null>;
  /** File size, emptiness, extension, and the first bytes matching the extension. */
  validate_upload(input: ValidateUploadInput): Outcome<null>;
  /** Exactly 5 ASCII digits after digit normalisation, or the code message. */
  normalize_code(input: string): Outcome<string>;
  /** A chat message's text, trimmed, or why it cannot be sent (empty, too long). */
  chat_text(input: string): Outcome<string>;
  /** A shipment's tracking code, trimmed, digits to ASCII, letters uppercased, or why it is refused (empty, not 4–40 characters, anything but letters, digits and dashes). */
  tracking_code(input: string): Outcome<string>;
  /** A unit's serial number, trimmed, digits to ASCII, letters uppercased, or why it is refused (empty, not 4–40 characters, markup, anything but letters, digits, `-`, `/`). */
  serial_number(input: string): Outcome<string>;
  /** The last Jalali day a unit's warranty covers: `months` after `start`. */
  warranty_end(input: WarrantyEndInput): Outcome<JalaliDate>;
  /** The warranty's end day when a claim may be opened `today`, or why not. */
  warranty_claim_window(input: ClaimWindowInput): Outcome<JalaliDate>;
  /** A warranty claim's next state on a staff event, or why the table refuses it. */
  warranty_claim_transition(input: ClaimTransitionInput): Outcome<string>;
  /** An Iranian national ID (کد ملی): ten ASCII digits with a matching check digit. */
  national_id(input: string): Outcome<string>;
  /** A company's national ID (شناسه ملی): eleven ASCII digits with a matching check digit. */
  company_id(input: string): Outcome<string>;
  /** An economic code in the current form (eleven digits for companies, fourteen for persons). */
  economic_code(input: string): Outcome<string>;
  /** The five code boxes filled from a pasted string. */
  spread_paste(input: string): Outcome<CodeBoxes>;
  /** Each choice's unit price difference relative to the chosen one (the cart's unit price, `Price + PriceGaranti`): what the total changes by when it is taken instead. */
  choice_differences(input: ChoiceDifferencesInput): Outcome<ChoiceDifference[]>;
  /** The alerts a variant accepts now (`shop_core::alert::offer`): `restock` when it is out of stock, `price_drop` when it is in stock. */
  alert_kinds(input: AlertVariant): Outcome<AlertKind[]>;
  /** Sum of line quantities. */
  cart_count(input: CartLine[]): Outcome<number>;
  /** `Num * (Price + PriceGaranti)`, saturating. */
  line_total(input: CartLine): Outcome<number>;
  /** Sum of line totals, saturating. */
  order_total(input: CartLine[]): Outcome<number>;
  /** True only for a non-empty cart whose every line allows instalments. */
  instalment_eligible(input: CartLine[]): Outcome<boolean>;
  /** An instalment plan's schedule: down payment, charge and the monthly instalments with their Jalali due and reminder dates (or why the plan does not apply). */
  instalment_schedule(input: ScheduleInput): Outcome<InstalmentSchedule>;
  /** Every amount of a cart the customer sees: its lines priced (offer, warranty, line total, price changed, available) and the sums (items, warranty, final price, delivery, discount, payable, instalment schedule and what is paid now). */
  quote(input: QuoteInput): Outcome<Quote>;
  /** The delivery options a customer may pick (architecture.md, delivery rule reading). */
  filter_delivery(input: FilterDeliveryInput): Outcome<DeliveryOption[]>;
  /** A customer form of `shop_core::forms` (`address`, `profile`, `registration`, `ticket`, `ticket_reply`): every failing field's message (`{}` when valid), from the same declaration and parse the server applies to the request. */
  check_form(input: CheckFormInput): Outcome<FormErrors>;
  /** The catalogue editor's product form: every failing field's message (`{}` when valid). */
  product_form(input: ProductFormInput): Outcome<FormErrors>;
  /** The catalogue editor's variant row: every failing field's message (`{}` when valid). */
  variant_form(input: VariantFormInput): Outcome<FormErrors>;
  /** The catalogue editor's category form: every failing field's message (`{}` when valid). */
  category_form(input: CategoryFormInput): Outcome<FormErrors>;
  /** Search folding (letters, digits, diacritics, case, NFKC). */
  fold(input: string): Outcome<string>;
  /** Search tokens of a string. */
  tokenize(input: string): Outcome<string[]>;
  /** Adjacent token pairs joined (search helper). */
  joined_pairs(input: string[]): Outcome<string[]>;
  /** Persian and Arabic-Indic digits to ASCII. */
  to_western_digits(input: string): Outcome<string>;
  /** ASCII digits to Persian for display. */
  to_persian_digits(input: string): Outcome<string>;
  /** Persian digits and the Persian decimal separator (`1.88` → `۱٫۸۸`). */
  format_number_text(input: string): Outcome<string>;
  /** Mixed Persian and Latin text for display: Latin runs in left-to-right isolates (U+2066 … U+2069), other numbers in Persian digits (`shop_core::bidi`). */
  isolate_latin_runs(input: string): Outcome<string>;
  /** Whole Toman as `"۱۲٬۵۰۰٬۰۰۰ تومان"`. */
  format_price(input: number): Outcome<string>;
  /** Whole percent off from `old` to `new` price, rounded down, at least 1 when reduced. */
  discount_percent(input: [old: number, new: number]): Outcome<number>;
  /** The Toman a discount code takes off a cart, or why it does not apply. */
  discount_amount(input: DiscountInput): Outcome<number>;
  /** Gregorian `[y, m, d]` to a Jalali date. */
  gregorian_to_jalali(input: Ymd): Outcome<JalaliDate>;
  /** Jalali `[y, m, d]` to Gregorian `[y, m, d]`. */
  jalali_to_gregorian(input: Ymd): Outcome<Ymd>;
  /** `"1403/01/01"` (any digit set, `/` or `-`) to a Jalali date that exists. */
  parse_jalali_date(input: string): Outcome<JalaliDate>;
  /** `"۱ فروردین ۱۴۰۳"`. */
  format_jalali(input: JalaliDate): Outcome<string>;
  /** `"۱۴۰۳/۰۱/۰۱"`. */
  format_jalali_numeric(input: JalaliDate): Outcome<string>;
  /** The last day a delivered line may be asked back, or the closed window's message (`shop_core::returns::window`). */
  return_window(input: ReturnWindowInput): Outcome<JalaliDate>;
  /** A customer's return request (`shop_core::returns::request`): `null`, or the first problem. */
  return_request(input: ReturnRequestInput): Outcome<null>;
  /** The Jalali date in Tehran at a Unix second (Iran's historic summer time included). */
  tehran_date(input: number): Outcome<JalaliDate>;
}

/** The customer forms' fields (core/src/forms): Persian label and longest value per request field. */
export const FORM_FIELDS = {
  address: {
    name: { label: "نام گیرنده", maxLength: 100 },
    mobile: { label: "شماره موبایل گیرنده", maxLength: null },
    state: { label: "استان", maxLength: 100 },
    city: { label: "شهر", maxLength: 100 },
    address: { label: "نشانی", maxLength: 500 },
    postalcode: { label: "کد پستی", maxLength: null },
    plaque: { label: "پلاک", maxLength: 20 },
    unit: { label: "واحد", maxLength: 20 },
  },
  profile: {
    name: { label: "نام", maxLength: 100 },
    lastname: { label: "نام خانوادگی", maxLength: 100 },
    email: { label: "ایمیل", maxLength: 200 },
    state: { label: "استان", maxLength: 100 },
    city: { label: "شهر", maxLength: 100 },
    phone: { label: "تلفن ثابت", maxLength: 20 },
    address1: { label: "نشانی", maxLength: 500 },
    postalCode1: { label: "کد پستی", maxLength: null },
  },
  registration: {
    name: { label: "نام", maxLength: 100 },
    lastname: { label: "نام خانوادگی", maxLength: 100 },
    email: { label: "ایمیل", maxLength: 200 },
    password: { label: "گذرواژه", maxLength: null },
    passwordConfirmation: { label: "تکرار گذرواژه", maxLength: null },
    state: { label: "استان", maxLength: 100 },
    city: { label: "شهر", maxLength: 100 },
    address1: { label: "نشانی", maxLength: 500 },
    postalCode1: { label: "کد پستی", maxLength: null },
    phone: { label: "تلفن", maxLength: 20 },
    info: { label: "توضیحات", maxLength: 2000 },
  },
  ticket: {
    subject: { label: "موضوع", maxLength: 200 },
    department: { label: "بخش", maxLength: null },
    priority: { label: "اولویت", maxLength: null },
    order_code: { label: "کد سفارش", maxLength: 20 },
    message: { label: "متن پیام", maxLength: 5000 },
  },
  ticket_reply: {
    message: { label: "متن پیام", maxLength: 5000 },
  },
  official_invoice: {
    buyer_type: { label: "نوع خریدار", maxLength: null },
    legal_name: { label: "نام خریدار", maxLength: 200 },
    national_id: { label: "کد ملی", maxLength: 10 },
    company_id: { label: "شناسه ملی", maxLength: 11 },
    economic_code: { label: "کد اقتصادی", maxLength: 14 },
    postal_code: { label: "کد پستی", maxLength: null },
  },
  staff_member: {
    mobile: { label: "شماره موبایل", maxLength: null },
    roles: { label: "نقش", maxLength: 100 },
  },
  faq: {
    question: { label: "پرسش", maxLength: 300 },
    answer: { label: "پاسخ", maxLength: 5000 },
    position: { label: "ترتیب", maxLength: 11 },
  },
  page: {
    title: { label: "عنوان", maxLength: 200 },
    body: { label: "متن", maxLength: 100000 },
  },
  blog_post: {
    slug: { label: "نشانی", maxLength: 120 },
    title: { label: "عنوان", maxLength: 200 },
    summary: { label: "خلاصه", maxLength: 500 },
    body: { label: "متن", maxLength: 100000 },
    author: { label: "نویسنده", maxLength: 100 },
  },
  discount: {
    code: { label: "کد تخفیف", maxLength: 40 },
    kind: { label: "نوع تخفیف", maxLength: null },
    value: { label: "مقدار تخفیف", maxLength: 20 },
    min_total: { label: "حداقل خرید", maxLength: 20 },
    max_discount: { label: "سقف تخفیف", maxLength: 20 },
    starts_day: { label: "شروع اعتبار", maxLength: 20 },
    ends_day: { label: "پایان اعتبار", maxLength: 20 },
    usage_limit: { label: "سقف استفاده", maxLength: 20 },
    per_customer_limit: { label: "سقف استفادهٔ هر مشتری", maxLength: 20 },
    description: { label: "توضیح", maxLength: 300 },
  },
  discount_edit: {
    kind: { label: "نوع تخفیف", maxLength: null },
    value: { label: "مقدار تخفیف", maxLength: 20 },
    min_total: { label: "حداقل خرید", maxLength: 20 },
    max_discount: { label: "سقف تخفیف", maxLength: 20 },
    starts_day: { label: "شروع اعتبار", maxLength: 20 },
    ends_day: { label: "پایان اعتبار", maxLength: 20 },
    usage_limit: { label: "سقف استفاده", maxLength: 20 },
    per_customer_limit: { label: "سقف استفادهٔ هر مشتری", maxLength: 20 },
    description: { label: "توضیح", maxLength: 300 },
  },
  delivery_option: {
    name: { label: "نام روش ارسال", maxLength: 100 },
    description: { label: "توضیح", maxLength: 1000 },
    price: { label: "هزینهٔ ارسال", maxLength: 20 },
    priority: { label: "اولویت", maxLength: 20 },
    cities: { label: "شهرها", maxLength: 100000 },
    estimate: { label: "زمان تحویل", maxLength: 100 },
  },
  instalment_plan: {
    name: { label: "نام طرح", maxLength: 100 },
    down_payment_percent: { label: "درصد پیش‌پرداخت", maxLength: 20 },
    months: { label: "تعداد اقساط", maxLength: 20 },
    monthly_rate_bp: { label: "کارمزد ماهانه", maxLength: 20 },
    min_total: { label: "حداقل مبلغ سفارش", maxLength: 20 },
    max_total: { label: "حداکثر مبلغ سفارش", maxLength: 20 },
    position: { label: "ترتیب", maxLength: 20 },
  },
  refund: {
    amount: { label: "مبلغ بازپرداخت", maxLength: 30 },
    reference: { label: "شمارهٔ پیگیری بانک", maxLength: 65 },
    note: { label: "یادداشت", maxLength: 500 },
  },
  return_refund: {
    reference: { label: "شمارهٔ پیگیری بانک", maxLength: 65 },
    note: { label: "یادداشت", maxLength: 500 },
  },
  return_reject: {
    reason: { label: "دلیل رد درخواست", maxLength: 500 },
  },
  holiday: {
    date: { label: "تاریخ", maxLength: 20 },
    name: { label: "نام مناسبت", maxLength: 100 },
  },
  delivery_slot: {
    city: { label: "شهر", maxLength: 100 },
    day: { label: "روز", maxLength: 20 },
    start: { label: "شروع بازه", maxLength: 5 },
    end: { label: "پایان بازه", maxLength: 5 },
    cutoff: { label: "مهلت ثبت سفارش در همان روز", maxLength: 5 },
    capacity: { label: "ظرفیت", maxLength: 20 },
  },
  review: {
    rating: { label: "امتیاز", maxLength: 1 },
    text: { label: "متن نظر", maxLength: 2000 },
    pros: { label: "نقاط قوت", maxLength: 605 },
    cons: { label: "نقاط ضعف", maxLength: 605 },
  },
  moderation_reject: {
    reason: { label: "دلیل رد", maxLength: 300 },
  },
  question: {
    question: { label: "متن پرسش", maxLength: 500 },
  },
  answer: {
    answer: { label: "متن پاسخ", maxLength: 1000 },
  },
} as const;
