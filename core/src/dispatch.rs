//! Call any core function by name on serde input (cargo feature `dispatch`).
//!
//! The function list is declared once, in [`core_functions!`](crate::core_functions): that
//! table generates this dispatcher, the WASM facade's typed exports (`core-wasm`) and the
//! TypeScript types of the web app (`web/src/shared/core/functions.generated.ts`, checked for
//! staleness by `cargo test`). Shapes per function: `contract/vectors/README.md`.
//! Every result is `{"ok": value}` or `{"err": "message"}`; nothing here panics.
//!
//! [`run`] is generic over any serde `Deserializer`; [`call`] feeds it a `serde_json::Value`
//! (the native vector runner), [`call_json`] feeds it JSON text directly.
//!
//! ```
//! use serde_json::json;
//! assert_eq!(shop_core::dispatch::call("fold", &json!("كيف")), json!({"ok": "کیف"}));
//! ```

use crate::delivery::DeliveryOption;
use crate::jalali::{self, JalaliDate};
use crate::otp;
use crate::validation::{self, Rule, RuleJson};
use serde::de::{self, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
use std::fmt;

pub use crate::jalali::DATE_MESSAGE;

/// The one declaration of every core function callable by name (from JS or a vector file).
///
/// `core_functions!(then)` calls the macro `then` with one entry per function:
/// `name(arg: InputType): "TS input" => "TS output" { body }`, where the body gives
/// `Result<Output, String>`. The dispatcher below, the WASM exports (each reads its input with
/// serde-wasm-bindgen, a string through wasm-bindgen's own conversion) and the TypeScript types
/// are all generated from it.
#[macro_export]
macro_rules! core_functions {
    ($then:ident) => {
        $then! {
            /// Canonical `09xxxxxxxxx`, or the mobile rule's message.
            normalize_mobile(s: String): "string" => "string" {
                $crate::mobile::normalize_mobile(&s).map($crate::dispatch::Output::Text).map_err(|e| e.to_string())
            }
            /// Ten Western digits from a postal code in any digit set (spaces or a dash between
            /// the groups allowed), or the postal code rule's message.
            normalize_postal_code(s: String): "string" => "string" {
                $crate::types::PostalCode::parse(&s)
                    .map(|p| $crate::dispatch::Output::Text(p.as_str().to_owned()))
                    .map_err(|e| e.message)
            }
            /// One validation rule on one field value.
            validate(v: $crate::dispatch::ValidateInput): "ValidateInput" => "null" {
                v.check().map(|()| $crate::dispatch::Output::Null)
            }
            /// A whole form in one call: every field's rules, in order; the first failing rule
            /// of each field gives its message. `{}` when the form is valid.
            validate_form(f: Vec<$crate::dispatch::FormField>): "FormField[]" => "FormErrors" {
                Ok($crate::dispatch::Output::Errors($crate::dispatch::validate_form(f)))
            }
            /// File size and extension rules.
            validate_file(f: $crate::dispatch::FileInput): "ValidateFileInput" => "null" {
                $crate::validation::validate_file(&f.field, f.size_bytes, &f.file_name)?;
                Ok($crate::dispatch::Output::Null)
            }
            /// File size, emptiness, extension, and the first bytes matching the extension.
            validate_upload(u: $crate::dispatch::UploadInput): "ValidateUploadInput" => "null" {
                $crate::validation::validate_upload(&u.field, &u.file_name, u.size_bytes, &u.head)?;
                Ok($crate::dispatch::Output::Null)
            }
            /// Exactly 5 ASCII digits after digit normalisation, or the code message.
            normalize_code(s: String): "string" => "string" {
                $crate::otp::normalize_code(&s).map($crate::dispatch::Output::Text).map_err(|e| e.to_string())
            }
            /// A chat message's text, trimmed, or why it cannot be sent (empty, too long).
            chat_text(s: String): "string" => "string" {
                $crate::chat::ChatText::parse(&s).map(|t| $crate::dispatch::Output::Text(t.into_string())).map_err(|e| e.to_string())
            }
            /// A shipment's tracking code, trimmed, digits to ASCII, letters uppercased, or why
            /// it is refused (empty, not 4–40 characters, anything but letters, digits and dashes).
            tracking_code(s: String): "string" => "string" {
                $crate::shipment::TrackingCode::parse(&s).map(|t| $crate::dispatch::Output::Text(t.into_string())).map_err(|e| e.to_string())
            }
            /// A unit's serial number, trimmed, digits to ASCII, letters uppercased, or why it is
            /// refused (empty, not 4–40 characters, markup, anything but letters, digits, `-`, `/`).
            serial_number(s: String): "string" => "string" {
                $crate::warranty::serial::SerialNumber::parse(&s).map(|t| $crate::dispatch::Output::Text(t.into_string())).map_err(|e| e.to_string())
            }
            /// The last Jalali day a unit's warranty covers: `months` after `start`.
            warranty_end(w: $crate::dispatch::WarrantyEndInput): "WarrantyEndInput" => "JalaliDate" {
                $crate::warranty::end::warranty_end(w.start, w.months)
                    .map($crate::dispatch::Output::Date)
                    .ok_or_else(|| $crate::jalali::DATE_MESSAGE.to_owned())
            }
            /// The warranty's end day when a claim may be opened `today`, or why not.
            warranty_claim_window(w: $crate::warranty::end::ClaimWindowInput): "ClaimWindowInput" => "JalaliDate" {
                $crate::warranty::end::check_claim_window(&w).map($crate::dispatch::Output::Date)
            }
            /// A warranty claim's next state on a staff event, or why the table refuses it.
            warranty_claim_transition(t: $crate::dispatch::ClaimTransitionInput): "ClaimTransitionInput" => "string" {
                $crate::warranty::claim_state::transition(t.from, t.event)
                    .map(|s| $crate::dispatch::Output::Text(s.as_str().to_owned()))
                    .map_err(|e| e.to_string())
            }
            /// An Iranian national ID (کد ملی): ten ASCII digits with a matching check digit.
            national_id(s: String): "string" => "string" {
                $crate::tax_id::national_id::NationalId::parse(&s).map(|i| $crate::dispatch::Output::Text(i.as_str().to_owned())).map_err(|e| e.message)
            }
            /// A company's national ID (شناسه ملی): eleven ASCII digits with a matching check digit.
            company_id(s: String): "string" => "string" {
                $crate::tax_id::company_id::CompanyId::parse(&s).map(|i| $crate::dispatch::Output::Text(i.as_str().to_owned())).map_err(|e| e.message)
            }
            /// An economic code in the current form (eleven digits for companies, fourteen for persons).
            economic_code(s: String): "string" => "string" {
                $crate::tax_id::economic_code::EconomicCode::parse(&s).map(|i| $crate::dispatch::Output::Text(i.as_str().to_owned())).map_err(|e| e.message)
            }
            /// The five code boxes filled from a pasted string.
            spread_paste(s: String): "string" => "CodeBoxes" {
                Ok($crate::dispatch::Output::Boxes($crate::otp::spread_paste(&s)))
            }
            /// Each choice's unit price difference relative to the chosen one (the cart's unit
            /// price, `Price + PriceGaranti`): what the total changes by when it is taken instead.
            choice_differences(c: $crate::dispatch::ChoiceDifferencesInput): "ChoiceDifferencesInput" => "ChoiceDifference[]" {
                $crate::cart::choice_differences(&c.choices, c.chosen)
                    .map($crate::dispatch::Output::Differences)
                    .map_err(str::to_owned)
            }
            /// The alerts a variant accepts now (`shop_core::alert::offer`): `restock` when it is
            /// out of stock, `price_drop` when it is in stock.
            alert_kinds(v: $crate::alert::VariantNow): "AlertVariant" => "AlertKind[]" {
                Ok($crate::dispatch::Output::Texts($crate::alert::offer::offered(v).into_iter().map(|k| k.as_str().to_owned()).collect()))
            }
            /// Sum of line quantities.
            cart_count(lines: Vec<$crate::cart::CartLine>): "CartLine[]" => "number" {
                Ok($crate::dispatch::Output::Int($crate::cart::cart_count(&lines)))
            }
            /// `Num * (Price + PriceGaranti)`, saturating.
            line_total(line: $crate::cart::CartLine): "CartLine" => "number" {
                Ok($crate::dispatch::Output::Int($crate::cart::line_total(&line)))
            }
            /// Sum of line totals, saturating.
            order_total(lines: Vec<$crate::cart::CartLine>): "CartLine[]" => "number" {
                Ok($crate::dispatch::Output::Int($crate::cart::order_total(&lines)))
            }
            /// True only for a non-empty cart whose every line allows instalments.
            instalment_eligible(lines: Vec<$crate::cart::CartLine>): "CartLine[]" => "boolean" {
                Ok($crate::dispatch::Output::Bool($crate::cart::instalment_eligible(&lines)))
            }
            /// An instalment plan's schedule: down payment, charge and the monthly instalments
            /// with their Jalali due and reminder dates (or why the plan does not apply).
            instalment_schedule(i: $crate::instalment::ScheduleInput): "ScheduleInput" => "InstalmentSchedule" {
                $crate::instalment::instalment_schedule(&i).map($crate::dispatch::Output::Schedule).map_err(|e| e.to_string())
            }
            /// Every amount of a cart the customer sees: its lines priced (offer, warranty,
            /// line total, price changed, available) and the sums (items, warranty, final
            /// price, delivery, discount, payable, instalment schedule and what is paid now).
            quote(q: $crate::quote::QuoteInput): "QuoteInput" => "Quote" {
                $crate::quote::quote(&q).map(|q| $crate::dispatch::Output::Quote(Box::new(q))).map_err(|e| e.to_string())
            }
            /// The delivery options a customer may pick (architecture.md, delivery rule reading).
            filter_delivery(d: $crate::dispatch::DeliveryInput): "FilterDeliveryInput" => "DeliveryOption[]" {
                Ok($crate::dispatch::Output::Options($crate::delivery::filter_delivery(&d.lines, &d.city)))
            }
            /// A customer form of `shop_core::forms` (`address`, `profile`, `registration`,
            /// `ticket`, `ticket_reply`): every failing field's message (`{}` when valid), from
            /// the same declaration and parse the server applies to the request.
            check_form(f: $crate::dispatch::CheckFormInput): "CheckFormInput" => "FormErrors" {
                $crate::forms::problems(&f.form, &f.values).map(|p| $crate::dispatch::Output::Errors($crate::dispatch::FormErrors(p.0)))
            }
            /// The catalogue editor's product form: every failing field's message (`{}` when valid).
            product_form(i: $crate::product_form::ProductInput): "ProductFormInput" => "FormErrors" {
                Ok($crate::dispatch::Output::Errors($crate::dispatch::problems($crate::product_form::parse_product(&i))))
            }
            /// The catalogue editor's variant row: every failing field's message (`{}` when valid).
            variant_form(i: $crate::product_form::VariantInput): "VariantFormInput" => "FormErrors" {
                Ok($crate::dispatch::Output::Errors($crate::dispatch::problems($crate::product_form::parse_variant(&i))))
            }
            /// The catalogue editor's category form: every failing field's message (`{}` when valid).
            category_form(i: $crate::product_form::CategoryInput): "CategoryFormInput" => "FormErrors" {
                Ok($crate::dispatch::Output::Errors($crate::dispatch::problems($crate::product_form::parse_category(&i))))
            }
            /// Search folding (letters, digits, diacritics, case, NFKC).
            fold(s: String): "string" => "string" {
                Ok($crate::dispatch::Output::Text($crate::search::fold(&s)))
            }
            /// Search tokens of a string.
            tokenize(s: String): "string" => "string[]" {
                Ok($crate::dispatch::Output::Texts($crate::search::tokenize(&s)))
            }
            /// Adjacent token pairs joined (search helper).
            joined_pairs(tokens: Vec<String>): "string[]" => "string[]" {
                Ok($crate::dispatch::Output::Texts($crate::search::joined_pairs(&tokens)))
            }
            /// Persian and Arabic-Indic digits to ASCII.
            to_western_digits(s: String): "string" => "string" {
                Ok($crate::dispatch::Output::Text($crate::digits::to_western_digits(&s)))
            }
            /// ASCII digits to Persian for display.
            to_persian_digits(s: String): "string" => "string" {
                Ok($crate::dispatch::Output::Text($crate::digits::to_persian_digits(&s)))
            }
            /// Persian digits and the Persian decimal separator (`1.88` → `۱٫۸۸`).
            format_number_text(s: String): "string" => "string" {
                Ok($crate::dispatch::Output::Text($crate::digits::format_number_text(&s)))
            }
            /// Mixed Persian and Latin text for display: Latin runs in left-to-right isolates
            /// (U+2066 … U+2069), other numbers in Persian digits (`shop_core::bidi`).
            isolate_latin_runs(s: String): "string" => "string" {
                Ok($crate::dispatch::Output::Text($crate::bidi::isolate_latin_runs(&s)))
            }
            /// Whole Toman as `"۱۲٬۵۰۰٬۰۰۰ تومان"`.
            format_price(amount: i64): "number" => "string" {
                Ok($crate::dispatch::Output::Text($crate::digits::format_price(amount)))
            }
            /// Whole percent off from `old` to `new` price, rounded down, at least 1 when reduced.
            discount_percent(p: (i64, i64)): "[old: number, new: number]" => "number" {
                Ok($crate::dispatch::Output::Int(i64::from($crate::price::discount_percent(p.0, p.1).get())))
            }
            /// The Toman a discount code takes off a cart, or why it does not apply.
            discount_amount(d: $crate::discount::DiscountInput): "DiscountInput" => "number" {
                $crate::discount::discount_amount(&d).map($crate::dispatch::Output::Int).map_err(|e| e.to_string())
            }
            /// Gregorian `[y, m, d]` to a Jalali date.
            gregorian_to_jalali(ymd: (i32, u32, u32)): "Ymd" => "JalaliDate" {
                $crate::jalali::gregorian_to_jalali(ymd.0, ymd.1, ymd.2)
                    .map($crate::dispatch::Output::Date)
                    .ok_or_else(|| $crate::jalali::DATE_MESSAGE.to_owned())
            }
            /// Jalali `[y, m, d]` to Gregorian `[y, m, d]`.
            jalali_to_gregorian(ymd: (i32, u32, u32)): "Ymd" => "Ymd" {
                $crate::jalali::jalali_to_gregorian(ymd.0, ymd.1, ymd.2)
                    .map($crate::dispatch::Output::Ymd)
                    .ok_or_else(|| $crate::jalali::DATE_MESSAGE.to_owned())
            }
            /// `"1403/01/01"` (any digit set, `/` or `-`) to a Jalali date that exists.
            parse_jalali_date(s: String): "string" => "JalaliDate" {
                $crate::jalali::JalaliDate::parse(&s).map($crate::dispatch::Output::Date).map_err(String::from)
            }
            /// `"۱ فروردین ۱۴۰۳"`.
            format_jalali(date: $crate::jalali::JalaliDate): "JalaliDate" => "string" {
                $crate::dispatch::valid_jalali(date).map(|d| $crate::dispatch::Output::Text($crate::jalali::format_jalali(&d)))
            }
            /// `"۱۴۰۳/۰۱/۰۱"`.
            format_jalali_numeric(date: $crate::jalali::JalaliDate): "JalaliDate" => "string" {
                $crate::dispatch::valid_jalali(date).map(|d| $crate::dispatch::Output::Text($crate::jalali::format_jalali_numeric(&d)))
            }
            /// The last day a delivered line may be asked back, or the closed window's message
            /// (`shop_core::returns::window`).
            return_window(w: $crate::returns::window::WindowInput): "ReturnWindowInput" => "JalaliDate" {
                $crate::returns::window::check_window(&w).map($crate::dispatch::Output::Date).map_err(|e| e.to_string())
            }
            /// A customer's return request (`shop_core::returns::request`): `null`, or the first problem.
            return_request(r: $crate::dispatch::ReturnRequestInput): "ReturnRequestInput" => "null" {
                $crate::returns::request::check_request(&r.lines, &r.reason, &r.description, r.photos, &r.held)
                    .map(|()| $crate::dispatch::Output::Null)
                    .map_err(|e| e.to_string())
            }
            /// The Jalali date in Tehran at a Unix second (Iran's historic summer time included).
            tehran_date(at: i64): "number" => "JalaliDate" {
                $crate::tehran::tehran_date(at)
                    .map($crate::dispatch::Output::Date)
                    .ok_or_else(|| $crate::jalali::DATE_MESSAGE.to_owned())
            }
        }
    };
}

/// Generates [`FUNCTIONS`], [`run`] and [`typescript_functions`] from the table.
macro_rules! define_dispatcher {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident($arg:ident: $ty:ty): $ts_in:literal => $ts_out:literal $body:block
    )*) => {
        /// Every function name [`run`] knows, in table order.
        ///
        /// ```
        /// assert!(shop_core::dispatch::FUNCTIONS.contains(&"filter_delivery"));
        /// ```
        pub const FUNCTIONS: &[&str] = &[$(stringify!($name)),*];

        /// Runs `fn_name` on `input`. `Err` holds the rule's message, `unknown fn: …`, or
        /// `bad input: …` when `input` does not have the function's shape.
        ///
        /// ```
        /// use shop_core::dispatch::{run, Output};
        /// let out = run("format_price", &serde_json::json!(1000));
        /// assert_eq!(out, Ok(Output::Text("۱٬۰۰۰ تومان".into())));
        /// ```
        pub fn run<'de, D: Deserializer<'de>>(fn_name: &str, input: D) -> Result<Output, String> {
            match fn_name {
                $(stringify!($name) => {
                    let $arg = <$ty>::deserialize(input).map_err(|e| format!("bad input: {e}"))?;
                    $body
                })*
                other => Err(format!("unknown fn: {other}")),
            }
        }

        /// The TypeScript declaration of every function: `CoreFns[name] = [input, output]`,
        /// and the typed exports of the WASM module.
        pub fn typescript_functions() -> String {
            let mut fns = String::from("/** Input and result types of every function the core exports. */\nexport interface CoreFns {\n");
            let mut exports = String::from("/** The WASM module's typed exports, one per core function. */\nexport interface CoreExports {\n");
            $(
                fns.push_str(&format!("  {}: [{}, {}];\n", stringify!($name), $ts_in, $ts_out));
                let doc: &[&str] = &[$($doc.trim()),*];
                exports.push_str(&format!("  /** {} */\n", doc.join(" ")));
                exports.push_str(&format!("  {}(input: {}): Outcome<{}>;\n", stringify!($name), $ts_in, $ts_out));
            )*
            fns.push_str("}\nexport type CoreFn = keyof CoreFns;\n\n");
            exports.push_str("}\n");
            fns + &exports
        }
    };
}

core_functions!(define_dispatcher);

/// The types the functions take and give, in TypeScript (the head of the generated file).
pub const TYPESCRIPT_TYPES: &str = r#"/** Every export returns one of these (the vectors' `expect` shape). */
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
"#;

/// The customer forms' fields (`crate::forms::FORMS`) as a TypeScript constant: per form, per
/// request field, its Persian label and its longest value (`null`: no `MaxLength` rule), so a
/// web input's `maxLength` and label come from the one declaration.
pub fn typescript_forms() -> String {
    let mut out = String::from("/** The customer forms' fields (core/src/forms): Persian label and longest value per request field. */\nexport const FORM_FIELDS = {\n");
    for form in crate::forms::FORMS {
        out.push_str(&format!("  {}: {{\n", form.name));
        for f in form.fields {
            let max = f.max_length().map_or_else(|| "null".to_owned(), |n| n.to_string());
            let label = serde_json::to_string(f.label).unwrap_or_default();
            out.push_str(&format!("    {}: {{ label: {label}, maxLength: {max} }},\n", f.name));
        }
        out.push_str("  },\n");
    }
    out.push_str("} as const;\n");
    out
}

/// The whole generated TypeScript file.
pub fn typescript() -> String {
    format!(
        "// Generated from core/src/dispatch.rs (core_functions!) and core/src/forms; `cargo test -p shop-core` checks it.\n// Regenerate: UPDATE_GENERATED=1 cargo test -p shop-core --test generated\n\n{TYPESCRIPT_TYPES}\n{}\n{}",
        typescript_functions(),
        typescript_forms()
    )
}

/// `return_request`'s input (`shop_core::returns::request::check_request`'s arguments).
#[derive(Debug, Clone, Deserialize)]
pub struct ReturnRequestInput {
    /// The lines and quantities asked back.
    pub lines: Vec<crate::returns::request::Asked>,
    /// A reason code of `returns::request::REASONS`.
    pub reason: String,
    /// The customer's words.
    #[serde(default)]
    pub description: String,
    /// Photos attached.
    #[serde(default)]
    pub photos: usize,
    /// What the order's lines hold (bought, returned or asked already).
    pub held: Vec<crate::returns::request::Held>,
}

/// A successful result of [`run`]; serialises as the plain JSON value (`null`, a number, …).
///
/// ```
/// use shop_core::dispatch::Output;
/// assert_eq!(serde_json::to_string(&Output::Null).unwrap(), "null");
/// assert_eq!(serde_json::to_string(&Output::Int(5)).unwrap(), "5");
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Output {
    /// Success without a value (`validate`, `validate_file`).
    Null,
    /// A boolean (`instalment_eligible`).
    Bool(bool),
    /// An integer (counts and totals).
    Int(i64),
    /// A string.
    Text(String),
    /// A list of strings (tokens).
    Texts(Vec<String>),
    /// The five code boxes.
    Boxes([String; otp::CODE_LENGTH]),
    /// Delivery options in result order.
    Options(Vec<DeliveryOption>),
    /// A Jalali date.
    Date(JalaliDate),
    /// A Gregorian date `[y, m, d]`.
    Ymd((i32, u32, u32)),
    /// Messages by field name (`validate_form`).
    Errors(FormErrors),
    /// An instalment schedule.
    Schedule(crate::instalment::Schedule),
    /// Price differences between choices (`choice_differences`).
    Differences(Vec<crate::cart::ChoiceDifference>),
    /// A priced cart (`quote`).
    Quote(Box<crate::quote::Quote>),
}

/// The failing fields of a form, in form order: `(name, message)`; a JSON object.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FormErrors(pub Vec<(String, String)>);

impl Serialize for FormErrors {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

/// Runs `fn_name` on a JSON value: `{"ok": …}` or `{"err": "…"}`.
///
/// ```
/// use serde_json::json;
/// use shop_core::dispatch::call;
/// assert_eq!(call("normalize_mobile", &json!("+۹۸ ۹۱۲ ۳۴۵ ۶۷۸۹")), json!({"ok": "09123456789"}));
/// assert_eq!(call("cart_count", &json!([{"Num": 2, "Price": 10}])), json!({"ok": 2}));
/// assert_eq!(call("nope", &json!(null)), json!({"err": "unknown fn: nope"}));
/// ```
pub fn call(fn_name: &str, input: &Value) -> Value {
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(out) = run_native(fn_name, input) {
        return native_outcome(out);
    }
    let outcome = run(fn_name, input);
    serde_json::to_value(Outcome::from(&outcome))
        .unwrap_or_else(|e| serde_json::json!({ "err": e.to_string() }))
}

/// Runs `fn_name` on JSON text and returns the outcome as JSON text; same results as [`call`].
/// Text that is not JSON (or has trailing data) is `bad input`.
///
/// ```
/// use shop_core::dispatch::call_json;
/// assert_eq!(call_json("normalize_code", r#""۱۲۳۴۵""#), r#"{"ok":"12345"}"#);
/// assert_eq!(call_json("spread_paste", r#""12a45""#), r#"{"ok":["","","","",""]}"#);
/// assert!(call_json("fold", "not json").starts_with(r#"{"err":"bad input:"#));
/// ```
pub fn call_json(fn_name: &str, input_json: &str) -> String {
    #[cfg(not(target_arch = "wasm32"))]
    if NATIVE_FUNCTIONS.contains(&fn_name) {
        let out = match serde_json::from_str::<Value>(input_json) {
            Ok(v) => run_native(fn_name, &v).unwrap_or_else(|| Err(format!("unknown fn: {fn_name}"))),
            Err(e) => Err(format!("bad input: {e}")),
        };
        return native_outcome(out).to_string();
    }
    let mut de = serde_json::Deserializer::from_str(input_json);
    let outcome = run(fn_name, &mut de).and_then(|out| {
        de.end().map_err(|e| format!("bad input: {e}"))?;
        Ok(out)
    });
    serde_json::to_string(&Outcome::from(&outcome))
        .unwrap_or_else(|_| r#"{"err":"bad output"}"#.to_owned())
}

/// The functions only the server applies: callable by name natively ([`call`], [`call_json`]:
/// the vector runner, with their vectors in `contract/vectors/native/`), left out of the WASM
/// build, whose size is budgeted (docs/decisions.md "WASM budget"). Shapes: the vectors' README.
#[cfg(not(target_arch = "wasm32"))]
pub const NATIVE_FUNCTIONS: &[&str] = &["price_sheet", "alert_check", "alert_fires", "alert_sms", "delivery_slot_label", "delivery_slot_offered", "review_summary"];

/// Runs a native-only function: `None` when `fn_name` is not one.
#[cfg(not(target_arch = "wasm32"))]
fn run_native(fn_name: &str, input: &Value) -> Option<Result<Value, String>> {
    let bad = |e: serde_json::Error| format!("bad input: {e}");
    let to_value = |v: Result<_, String>| v.and_then(|v| serde_json::to_value(v).map_err(|e| e.to_string()));
    match fn_name {
        // A price sheet, header row first (`shop_core::price_row`).
        "price_sheet" => Some(to_value(
            Vec::<Vec<String>>::deserialize(input).map_err(bad).and_then(|r| crate::price_row::parse_sheet(r).map_err(|e| e.0)),
        )),
        // A subscription to a variant as it is now: its threshold, or the refusal (`shop_core::alert::offer`).
        "alert_check" => Some(AlertCase::deserialize(input).map_err(bad).and_then(|c| {
            crate::alert::offer::check(c.kind, c.variant()).map(|t| serde_json::json!(t)).map_err(|e| e.to_string())
        })),
        // Whether a waiting alert fires (`shop_core::alert::fire`).
        "alert_fires" => Some(AlertCase::deserialize(input).map_err(bad).map(|c| serde_json::json!(crate::alert::fire::fires(c.kind, c.threshold, c.variant())))),
        // The alert's SMS text (`shop_core::alert::sms`).
        "alert_sms" => Some(AlertCase::deserialize(input).map_err(bad).map(|c| {
            serde_json::json!(crate::alert::sms::alert_sms(c.kind, &c.name, c.threshold, c.price, &c.url))
        })),
        // A delivery slot's Persian label (`shop_core::delivery_slot::label`).
        "delivery_slot_label" => Some(crate::delivery_slot::SlotTimes::deserialize(input).map_err(bad).and_then(|t| {
            crate::delivery_slot::label::slot_label(&t).map(Value::from).ok_or_else(|| crate::jalali::DATE_MESSAGE.to_owned())
        })),
        // Whether a slot is offered at `now`: the second it closes, or why not (`…::window`).
        "delivery_slot_offered" => Some(
            crate::delivery_slot::window::OfferedInput::deserialize(input).map_err(bad).and_then(|i| crate::delivery_slot::window::offered_at(&i)).map(Value::from),
        ),
        // A product's rating summary from its approved reviews' ratings (`shop_core::review::summary`).
        "review_summary" => Some(Vec::<u8>::deserialize(input).map_err(bad).and_then(|r| serde_json::to_value(crate::review::summary::summarize(&r)).map_err(|e| e.to_string()))),
        _ => None,
    }
}

/// The native alert functions' input: an alert (kind, threshold) and its variant now (stock,
/// price), with the product's name and page for `alert_sms`.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Deserialize)]
struct AlertCase {
    kind: crate::alert::AlertKind,
    #[serde(default)]
    threshold: i64,
    #[serde(default)]
    stock: i64,
    #[serde(default)]
    price: i64,
    #[serde(default)]
    name: String,
    #[serde(default)]
    url: String,
}

#[cfg(not(target_arch = "wasm32"))]
impl AlertCase {
    fn variant(&self) -> crate::alert::VariantNow {
        crate::alert::VariantNow { stock: self.stock, price: self.price }
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn native_outcome(out: Result<Value, String>) -> Value {
    match out {
        Ok(v) => serde_json::json!({ "ok": v }),
        Err(e) => serde_json::json!({ "err": e }),
    }
}

/// The `{ok}` / `{err}` envelope.
#[derive(Serialize)]
enum Outcome<'a> {
    #[serde(rename = "ok")]
    Ok(&'a Output),
    #[serde(rename = "err")]
    Err(&'a str),
}

impl<'a> From<&'a Result<Output, String>> for Outcome<'a> {
    fn from(r: &'a Result<Output, String>) -> Self {
        match r {
            Ok(v) => Outcome::Ok(v),
            Err(e) => Outcome::Err(e),
        }
    }
}

/// `choice_differences`' input: the choices and the chosen one's id.
#[derive(Deserialize)]
pub struct ChoiceDifferencesInput {
    /// The choices (variants), in the order the answer keeps.
    pub choices: Vec<crate::cart::PriceChoice>,
    /// The chosen choice's id.
    pub chosen: i64,
}

/// `validate`'s input: one rule, the field's Persian name, the value.
#[derive(Deserialize)]
pub struct ValidateInput {
    rule: MaybeRule,
    field: String,
    value: String,
}

impl ValidateInput {
    /// The rule's verdict; an unknown rule gives the spec's default message.
    pub fn check(&self) -> Result<(), String> {
        let rule = self
            .rule
            .0
            .as_ref()
            .ok_or_else(|| validation::default_message(&self.field))?;
        Ok(validation::validate(rule, &self.field, &self.value)?)
    }
}

/// One field of a form for `validate_form`.
#[derive(Deserialize)]
pub struct FormField {
    /// The key of the field's error in the answer.
    name: String,
    /// The field's Persian name, as messages show it.
    label: String,
    value: String,
    rules: Vec<MaybeRule>,
}

/// A form field without its value: a form's rules, read once and checked against many values.
#[derive(Deserialize)]
pub struct FieldSpec {
    /// The key of the field's error in the answer.
    name: String,
    /// The field's Persian name, as messages show it.
    label: String,
    rules: Vec<MaybeRule>,
}

/// The message of the first rule `value` breaks (an unknown rule: the default message).
fn first_failure(label: &str, rules: &[MaybeRule], value: &str) -> Option<String> {
    rules.iter().find_map(|rule| match &rule.0 {
        Some(rule) => validation::validate(rule, label, value).err().map(String::from),
        None => Some(validation::default_message(label)),
    })
}

/// Every field's rules in order; the first failing rule of each field gives its message.
///
/// ```
/// use shop_core::dispatch::{validate_form, FormField};
/// let form: Vec<FormField> = serde_json::from_value(serde_json::json!([
///     {"name": "mobile", "label": "موبایل", "value": "0912", "rules": [{"rule": "Required"}, {"rule": "Mobile"}]},
///     {"name": "name", "label": "نام", "value": "علی", "rules": [{"rule": "Required"}]},
/// ])).unwrap();
/// assert_eq!(validate_form(form).0, [("mobile".to_owned(), "شماره موبایل وارد شده معتبر نیست!".to_owned())]);
/// ```
pub fn validate_form(fields: Vec<FormField>) -> FormErrors {
    FormErrors(
        fields
            .into_iter()
            .filter_map(|f| Some((f.name, first_failure(&f.label, &f.rules, &f.value)?)))
            .collect(),
    )
}

/// [`validate_form`] on a form read once: `values[i]` is the value of `form[i]` (a missing
/// value is empty).
///
/// ```
/// use shop_core::dispatch::{validate_values, FieldSpec};
/// let form: Vec<FieldSpec> = serde_json::from_value(serde_json::json!([
///     {"name": "code", "label": "کد پستی", "rules": [{"rule": "Digits", "n": 10}]},
/// ])).unwrap();
/// assert_eq!(validate_values(&form, &["123"]).0, [("code".to_owned(), "کد پستی باید ۱۰ رقم باشد".to_owned())]);
/// assert!(validate_values(&form, &["۱۲۳۴۵۶۷۸۹۰"]).0.is_empty());
/// ```
pub fn validate_values<S: AsRef<str>>(form: &[FieldSpec], values: &[S]) -> FormErrors {
    FormErrors(
        form.iter()
            .enumerate()
            .filter_map(|(i, f)| {
                let value = values.get(i).map_or("", AsRef::as_ref);
                // The name is copied only for a failing field.
                first_failure(&f.label, &f.rules, value).map(|message| (f.name.clone(), message))
            })
            .collect(),
    )
}

/// A catalogue form's outcome as `validate_form`'s answer: the failing fields, or none.
pub fn problems<T>(r: Result<T, crate::product_form::FormProblems>) -> FormErrors {
    match r {
        Ok(_) => FormErrors::default(),
        Err(p) => FormErrors(p.0),
    }
}

/// `warranty_end`'s input.
#[derive(Debug, Clone, Copy, Deserialize)]
pub struct WarrantyEndInput {
    /// The day the warranty started.
    pub start: JalaliDate,
    /// Its length in months.
    pub months: u32,
}

/// `warranty_claim_transition`'s input.
#[derive(Debug, Clone, Copy, Deserialize)]
pub struct ClaimTransitionInput {
    /// The claim's state.
    pub from: crate::warranty::claim_state::ClaimStatus,
    /// What staff do.
    pub event: crate::warranty::claim_state::ClaimEvent,
}

/// `check_form`'s input: the form's name and what the client typed, by field name.
#[derive(Deserialize)]
pub struct CheckFormInput {
    /// `address`, `profile`, `registration`, `ticket` or `ticket_reply`.
    pub form: String,
    /// Field name → text; a field not given is empty.
    #[serde(default)]
    pub values: crate::forms::Values,
}

/// `validate_file`'s input.
#[derive(Deserialize)]
pub struct FileInput {
    /// The field's Persian name.
    pub field: String,
    /// Size in bytes.
    pub size_bytes: u64,
    /// The file's name.
    pub file_name: String,
}

/// `validate_upload`'s input.
#[derive(Deserialize)]
pub struct UploadInput {
    /// The field's Persian name.
    pub field: String,
    /// The file's name.
    pub file_name: String,
    /// Size in bytes.
    pub size_bytes: u64,
    /// The file's first bytes (at most [`validation::SIGNATURE_BYTES`] are read).
    pub head: Vec<u8>,
}

/// `filter_delivery`'s input: each cart line's options and the customer's city.
#[derive(Deserialize)]
pub struct DeliveryInput {
    /// Options per cart line.
    pub lines: Vec<Vec<DeliveryOption>>,
    /// The customer's city.
    pub city: String,
}

/// A Jalali date that must exist.
pub fn valid_jalali(date: JalaliDate) -> Result<JalaliDate, String> {
    if jalali::is_valid_jalali(&date) {
        Ok(date)
    } else {
        Err(DATE_MESSAGE.to_owned())
    }
}

/// A rule, or `None` for any JSON that is not a known rule (the dispatcher then answers with
/// the spec's default message). Read leniently by hand so that nothing needs buffering.
pub struct MaybeRule(Option<Rule>);

impl<'de> Deserialize<'de> for MaybeRule {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(RuleVisitor)
    }
}

struct RuleVisitor;

impl<'de> Visitor<'de> for RuleVisitor {
    type Value = MaybeRule;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a rule object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<MaybeRule, A::Error> {
        let mut j = RuleJson {
            rule: String::new(),
            n: None,
            other: None,
            max_bytes: None,
        };
        while let Some(key) = map.next_key::<String>()? {
            let value: Scalar = map.next_value()?;
            match (key.as_str(), value) {
                ("rule", Scalar::Text(s)) => j.rule = s,
                ("other", Scalar::Text(s)) => j.other = Some(s),
                ("n", Scalar::Int(n)) => j.n = Some(n),
                ("n", Scalar::Unsigned(n)) => j.n = i64::try_from(n).ok(),
                ("max_bytes", Scalar::Unsigned(n)) => j.max_bytes = Some(n),
                _ => {}
            }
        }
        Ok(MaybeRule(Rule::try_from(j).ok()))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<MaybeRule, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(MaybeRule(None))
    }

    fn visit_str<E: de::Error>(self, _: &str) -> Result<MaybeRule, E> {
        Ok(MaybeRule(None))
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<MaybeRule, E> {
        Ok(MaybeRule(None))
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<MaybeRule, E> {
        Ok(MaybeRule(None))
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<MaybeRule, E> {
        Ok(MaybeRule(None))
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<MaybeRule, E> {
        Ok(MaybeRule(None))
    }

    fn visit_unit<E: de::Error>(self) -> Result<MaybeRule, E> {
        Ok(MaybeRule(None))
    }
}

/// A rule field's value: the kinds a rule uses, anything else skipped.
enum Scalar {
    Text(String),
    Int(i64),
    Unsigned(u64),
    Other,
}

impl<'de> Deserialize<'de> for Scalar {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(ScalarVisitor)
    }
}

struct ScalarVisitor;

impl<'de> Visitor<'de> for ScalarVisitor {
    type Value = Scalar;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Scalar, E> {
        Ok(Scalar::Text(v.to_owned()))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Scalar, E> {
        Ok(u64::try_from(v).map_or(Scalar::Int(v), Scalar::Unsigned))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Scalar, E> {
        Ok(Scalar::Unsigned(v))
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Scalar, E> {
        Ok(Scalar::Other)
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Scalar, E> {
        Ok(Scalar::Other)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Scalar, E> {
        Ok(Scalar::Other)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Scalar, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Scalar::Other)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Scalar, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(Scalar::Other)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_typescript_form_names_are_cores_forms() {
        let line = TYPESCRIPT_TYPES.lines().find(|l| l.starts_with("export type FormName = ")).unwrap_or_default();
        let names: Vec<&str> = line.split('"').skip(1).step_by(2).collect();
        let forms: Vec<&str> = crate::forms::FORMS.iter().map(|f| f.name).collect();
        assert_eq!(names, forms, "FormName in TYPESCRIPT_TYPES lists core/src/forms' FORMS in order");
    }

    #[test]
    fn every_listed_function_is_known() {
        for f in FUNCTIONS.iter().copied() {
            let out = call(f, &Value::Null);
            let err = out["err"].as_str().unwrap_or_default().to_owned();
            assert!(!err.starts_with("unknown fn"), "{f}: {out}");
        }
    }

    #[test]
    fn wrong_type_is_a_bad_input_error() {
        let out = call("normalize_mobile", &json!(42));
        assert!(
            out["err"]
                .as_str()
                .is_some_and(|e| e.starts_with("bad input:")),
            "{out}"
        );
    }

    #[test]
    fn unknown_rule_gives_the_default_message() {
        let input = json!({"rule": {"rule": "Telepathy"}, "field": "نام", "value": "x"});
        assert_eq!(
            call("validate", &input),
            json!({"err": "نام is not valid."})
        );
    }

    #[test]
    fn rule_with_odd_field_values_gives_the_default_message() {
        for rule in [
            json!({"rule": "MinLength", "n": 1.5}),
            json!({"rule": "MinLength", "n": [1]}),
            json!(["Required"]),
            json!({"rule": {"x": 1}}),
        ] {
            let input = json!({"rule": rule, "field": "f", "value": "x"});
            assert_eq!(
                call("validate", &input),
                json!({"err": "f is not valid."}),
                "{rule}"
            );
        }
    }

    #[test]
    fn success_without_value_is_ok_null() {
        let input = json!({"rule": {"rule": "Required"}, "field": "نام", "value": "x"});
        assert_eq!(call("validate", &input), json!({"ok": null}));
    }

    #[test]
    fn invalid_jalali_date_is_an_error() {
        assert_eq!(
            call(
                "format_jalali",
                &json!({"year": 1402, "month": 12, "day": 30})
            ),
            json!({"err": DATE_MESSAGE})
        );
        assert_eq!(
            call("gregorian_to_jalali", &json!([2023, 2, 29])),
            json!({"err": DATE_MESSAGE})
        );
    }

    #[test]
    fn negative_month_is_a_bad_input_error() {
        let out = call("jalali_to_gregorian", &json!([1403, -1, 1]));
        assert!(out["err"]
            .as_str()
            .is_some_and(|e| e.starts_with("bad input:")));
    }

    #[test]
    fn float_price_is_a_bad_input_error() {
        assert!(call("format_price", &json!(1.5))["err"].is_string());
    }

    #[test]
    fn json_text_and_value_give_the_same_result() {
        let input = json!({"lines": [[{"Id": 1, "Priority": 2, "CityActive": [{"name": "همه"}]}]], "city": "تهران"});
        let via_text: Value =
            serde_json::from_str(&call_json("filter_delivery", &input.to_string())).unwrap();
        assert_eq!(via_text, call("filter_delivery", &input));
    }

    #[test]
    fn trailing_text_is_bad_input() {
        assert!(call_json("fold", r#""a" "b""#).starts_with(r#"{"err":"bad input:"#));
    }

    #[test]
    fn empty_text_is_bad_input() {
        assert!(call_json("fold", "").starts_with(r#"{"err":"bad input:"#));
    }
}
