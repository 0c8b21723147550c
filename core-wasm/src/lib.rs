//! WASM facade over shop-core (docs/architecture.md section 2).
//!
//! Every export takes `JsValue`, so `undefined`, numbers or objects of the wrong shape reach
//! Rust and come back as `{ err }` instead of a thrown `TypeError` from the generated glue.
//! Every export returns `{ ok } | { err }`, exactly what `shop_core::vectors::call` returns
//! for the same input, so one vector file checks both the native and the WASM build.
//!
//! Two paths:
//! * string-in exports convert the string directly and call the rule (the hot, small calls);
//! * everything else, and any input a fast path does not accept, crosses as JSON text
//!   (`JSON.stringify` in JS) into the shared dispatcher `shop_core::vectors::call_json`, and
//!   its JSON text answer goes back through `JSON.parse`. For large inputs (delivery options)
//!   one native `JSON.stringify` plus one string copy is cheaper than serde-wasm-bindgen's
//!   one JS call per field, and the input shapes and error texts stay the dispatcher's own.
//!
//! Nothing here may panic: the wasm profile aborts on panic, which would kill the instance.

use shop_core::{digits, mobile, otp, search};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** Every export returns one of these (the vectors' `expect` shape). */
export type Outcome<T> = { ok: T; err?: never } | { err: string; ok?: never };

/** A validation rule (serde tag `rule`), see core/vectors/README.md. */
export type Rule =
  | { rule: "Required" } | { rule: "Select" } | { rule: "Mobile" } | { rule: "Email" }
  | { rule: "Url" } | { rule: "ComplexPassword" } | { rule: "Numeric" } | { rule: "FileExtension" }
  | { rule: "MinLength"; n: number } | { rule: "Digits"; n: number } | { rule: "MinValue"; n: number }
  | { rule: "Confirmed"; other: string } | { rule: "FileSize"; max_bytes: number };

export interface ValidateInput { rule: Rule; field: string; value: string }
export interface ValidateFileInput { field: string; size_bytes: number; file_name: string }

/** A cart line; extra fields (Id, Name, ...) are ignored. */
export interface CartLine { Num: number; Price: number; PriceGaranti?: number; InsPayment?: boolean }

export interface DeliveryOption { Id: number; Priority: number; CityActive: { name: string }[] }
export interface FilterDeliveryInput { lines: DeliveryOption[][]; city: string }

export interface JalaliDate { year: number; month: number; day: number }
export type Ymd = [number, number, number];

/** Input and result types of every `fn` the dispatcher knows. */
export interface CoreFns {
  normalize_mobile: [string, string];
  validate: [ValidateInput, null];
  validate_file: [ValidateFileInput, null];
  normalize_code: [string, string];
  spread_paste: [string, [string, string, string, string, string]];
  cart_count: [CartLine[], number];
  line_total: [CartLine, number];
  order_total: [CartLine[], number];
  instalment_eligible: [CartLine[], boolean];
  filter_delivery: [FilterDeliveryInput, DeliveryOption[]];
  fold: [string, string];
  tokenize: [string, string[]];
  joined_pairs: [string[], string[]];
  to_western_digits: [string, string];
  to_persian_digits: [string, string];
  format_price: [number, string];
  gregorian_to_jalali: [Ymd, JalaliDate];
  jalali_to_gregorian: [Ymd, Ymd];
  format_jalali: [JalaliDate, string];
  format_jalali_numeric: [JalaliDate, string];
}
export type CoreFn = keyof CoreFns;
"#;

// Plain-object builders: one JS call per result instead of Object.new plus Reflect.set.
#[wasm_bindgen(inline_js = "export function ok(v) { return { ok: v }; }
export function err(m) { return { err: m }; }")]
extern "C" {
    #[wasm_bindgen(js_name = ok)]
    fn ok_str(v: &str) -> JsValue;
    #[wasm_bindgen(js_name = ok)]
    fn ok_js(v: JsValue) -> JsValue;
    #[wasm_bindgen(js_name = err)]
    fn err_str(m: &str) -> JsValue;
}

#[wasm_bindgen]
extern "C" {
    // `catch`: BigInt and cyclic values make JSON.stringify throw; that becomes `{ err }`.
    // Typed `Option<String>` so the text is copied in during the same call (`None`: JSON
    // has no text for `undefined`, functions and symbols).
    #[wasm_bindgen(catch, js_namespace = JSON, js_name = stringify)]
    fn json_stringify(v: &JsValue) -> Result<Option<String>, JsValue>;
    #[wasm_bindgen(catch, js_namespace = JSON, js_name = parse)]
    fn json_parse(s: &str) -> Result<JsValue, JsValue>;
}

const NOT_JSON: &str = "bad input: not representable as JSON";

/// JS value -> JSON text. `undefined` (and functions, symbols) become `null`, as the
/// vectors README asks; values JSON cannot hold are an error.
fn to_json_text(input: &JsValue) -> Result<String, &'static str> {
    if input.is_undefined() {
        return Ok("null".into());
    }
    match json_stringify(input) {
        Ok(text) => Ok(text.unwrap_or_else(|| "null".into())),
        Err(_) => Err(NOT_JSON),
    }
}

/// The shared dispatcher on JS values.
fn dispatch(name: &str, input: &JsValue) -> JsValue {
    let text = match to_json_text(input) {
        Ok(text) => text,
        Err(msg) => return err_str(msg),
    };
    // call_json reads the text straight into the function's input type (no serde_json::Value).
    let out = shop_core::vectors::call_json(name, &text);
    // The commonest answers (every passing `validate`) skip the text round trip.
    match out.as_str() {
        r#"{"ok":null}"# => ok_js(JsValue::NULL),
        r#"{"ok":true}"# => ok_js(JsValue::TRUE),
        r#"{"ok":false}"# => ok_js(JsValue::FALSE),
        _ => json_parse(&out).unwrap_or_else(|_| err_str("bad output")),
    }
}

/// Runs any core function by its vector name: `call("normalize_mobile", "0912…")`.
/// The vector runner uses this; the app uses the typed exports below.
#[wasm_bindgen(unchecked_return_type = "Outcome<unknown>")]
pub fn call(
    #[wasm_bindgen(unchecked_param_type = "CoreFn | string")] fn_name: JsValue,
    #[wasm_bindgen(unchecked_param_type = "unknown")] input: JsValue,
) -> JsValue {
    match fn_name.as_string() {
        Some(name) => dispatch(&name, &input),
        None => err_str("bad input: fn name must be a string"),
    }
}

/// `call` on JSON text, answering JSON text: for callers that already hold JSON (a fetch
/// body), which skips `JSON.parse` / `JSON.stringify` on the JS side.
#[wasm_bindgen(unchecked_return_type = "string")]
pub fn call_json(
    #[wasm_bindgen(unchecked_param_type = "CoreFn | string")] fn_name: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] input_json: JsValue,
) -> String {
    match (fn_name.as_string(), input_json.as_string()) {
        (Some(name), Some(text)) => shop_core::vectors::call_json(&name, &text),
        (None, _) => r#"{"err":"bad input: fn name must be a string"}"#.into(),
        (_, None) => r#"{"err":"bad input: input must be JSON text"}"#.into(),
    }
}

// Doc strings are plain literals: wasm-bindgen would copy the r"…" of a `///` passed through
// a macro into the .d.ts verbatim.
/// Declares a string-in export: `Some(string)` takes the direct path, anything else goes
/// to the dispatcher so that its error text matches the native build's.
macro_rules! string_export {
    ($doc:literal $name:ident : $ret:literal, |$s:ident| $body:expr) => {
        #[doc = $doc]
        #[wasm_bindgen(unchecked_return_type = $ret)]
        pub fn $name(#[wasm_bindgen(unchecked_param_type = "string")] input: JsValue) -> JsValue {
            match input.as_string() {
                Some($s) => $body,
                None => dispatch(stringify!($name), &input),
            }
        }
    };
}

string_export!(
    "Canonical `09xxxxxxxxx`, or the mobile rule's message."
    normalize_mobile: "Outcome<string>",
    |s| match mobile::normalize_mobile(&s) {
        Ok(m) => ok_str(&m),
        Err(e) => err_str(&e.to_string()),
    }
);

string_export!(
    "Exactly 5 ASCII digits after digit normalisation, or the code message."
    normalize_code: "Outcome<string>",
    |s| match otp::normalize_code(&s) {
        Ok(c) => ok_str(&c),
        Err(e) => err_str(&e.to_string()),
    }
);

string_export!(
    "Persian and Arabic-Indic digits to ASCII."
    to_western_digits: "Outcome<string>",
    |s| ok_str(&digits::to_western_digits(&s))
);

string_export!(
    "ASCII digits to Persian for display."
    to_persian_digits: "Outcome<string>",
    |s| ok_str(&digits::to_persian_digits(&s))
);

string_export!(
    "Search folding (letters, digits, diacritics, case, NFKC)."
    fold: "Outcome<string>",
    |s| ok_str(&search::fold(&s))
);

/// Declares an export whose input is structured: it goes through the dispatcher.
macro_rules! json_export {
    ($doc:literal $name:ident : $param:literal => $ret:literal) => {
        #[doc = $doc]
        #[wasm_bindgen(unchecked_return_type = $ret)]
        pub fn $name(#[wasm_bindgen(unchecked_param_type = $param)] input: JsValue) -> JsValue {
            dispatch(stringify!($name), &input)
        }
    };
}

json_export!(
    "The five code boxes filled from a pasted string."
    spread_paste: "string" => "Outcome<[string, string, string, string, string]>"
);
json_export!(
    "Search tokens of a string."
    tokenize: "string" => "Outcome<string[]>"
);
json_export!(
    "Adjacent token pairs joined (search helper)."
    joined_pairs: "string[]" => "Outcome<string[]>"
);
json_export!(
    "Whole Toman as `\"۱۲٬۵۰۰٬۰۰۰ تومان\"`."
    format_price: "number" => "Outcome<string>"
);
json_export!(
    "One validation rule on one field value."
    validate: "ValidateInput" => "Outcome<null>"
);
json_export!(
    "File size and extension rules."
    validate_file: "ValidateFileInput" => "Outcome<null>"
);
json_export!(
    "Sum of line quantities."
    cart_count: "CartLine[]" => "Outcome<number>"
);
json_export!(
    "`Num * (Price + PriceGaranti)`, saturating."
    line_total: "CartLine" => "Outcome<number>"
);
json_export!(
    "Sum of line totals, saturating."
    order_total: "CartLine[]" => "Outcome<number>"
);
json_export!(
    "True only for a non-empty cart whose every line allows instalments."
    instalment_eligible: "CartLine[]" => "Outcome<boolean>"
);
json_export!(
    "The delivery options a customer may pick (architecture.md, delivery rule reading)."
    filter_delivery: "FilterDeliveryInput" => "Outcome<DeliveryOption[]>"
);
json_export!(
    "Gregorian `[y, m, d]` to a Jalali date."
    gregorian_to_jalali: "Ymd" => "Outcome<JalaliDate>"
);
json_export!(
    "Jalali `[y, m, d]` to Gregorian `[y, m, d]`."
    jalali_to_gregorian: "Ymd" => "Outcome<Ymd>"
);
json_export!(
    "`\"۱ فروردین ۱۴۰۳\"`."
    format_jalali: "JalaliDate" => "Outcome<string>"
);
json_export!(
    "`\"۱۴۰۳/۰۱/۰۱\"`."
    format_jalali_numeric: "JalaliDate" => "Outcome<string>"
);
