//! WASM facade over shop-core (docs/architecture.md section 2): it only converts.
//!
//! Every core function is declared once, in `shop_core::core_functions!`; the macro below turns
//! each entry into a typed export of the same name. Its TypeScript signature is generated from
//! the same table (`web/src/shared/core/functions.generated.ts`).
//!
//! Every export takes any JS value, so `undefined`, numbers or objects of the wrong shape reach
//! Rust and come back as `{ err }` instead of a thrown `TypeError` from the generated glue, and
//! returns `{ ok } | { err }`, what `shop_core::dispatch::call` returns natively for the same
//! input, so one vector file checks both builds.
//!
//! Inputs are read with serde-wasm-bindgen (a JS value read in place, no JSON text); a string
//! through wasm-bindgen's own conversion (`JsValue::as_string`), and every string answer goes
//! out through its `&str` glue. A home-made crossing (module-side buffers, UTF-16 answers) was
//! faster by under 3.2 µs a call and was removed (docs/decisions.md, "The WASM strings:
//! wasm-bindgen's glue"). No export takes a `&str` parameter: its glue throws on `undefined` and
//! traps (memory access out of bounds) on a number, where the contract asks for `{ err }`.
//! JSON text (`JSON.stringify`, serde_json, `JSON.parse`) measured slower for every function
//! on the app's inputs; it was faster only for large one-shot inputs (a whole form of 13 rules,
//! 20×20 delivery options), and those have batch calls that beat both. The bench build
//! (feature `json-text`) adds `call_json` to keep measuring it.
//!
//! Batch calls for the app's repeated work: `validate_form` (a whole form in one crossing),
//! `Form` (a form's rules parsed once, then only the values cross) and `DeliveryTable` (the
//! delivery options parsed once, then filtered per city).
//!
//! Nothing here may panic: the wasm profile aborts on panic, which would kill the instance.

use js_sys::Array;
use serde::de::DeserializeOwned;
use shop_core::delivery::{self, DeliveryOption};
use shop_core::dispatch::{self, Output};
use wasm_bindgen::prelude::*;

// Plain-object builders: one JS call per result instead of Object.new plus Reflect.set.
#[wasm_bindgen(inline_js = "export function ok(v) { return { ok: v }; }
export function ok_empty() { return { ok: {} }; }
export function err(e) { return { err: e }; }")]
extern "C" {
    /// `{ ok: {} }`: a form without errors, in one call.
    fn ok_empty() -> JsValue;
    #[wasm_bindgen(js_name = ok)]
    fn ok_js(v: JsValue) -> JsValue;
    #[wasm_bindgen(js_name = ok)]
    fn ok_f64(v: f64) -> JsValue;
    #[wasm_bindgen(js_name = ok)]
    fn ok_str(v: &str) -> JsValue;
    /// `{ err: message }`.
    fn err(message: &str) -> JsValue;
}

fn bad(e: impl std::fmt::Display) -> String {
    format!("bad input: {e}")
}

/// A JS value read in place into `T`. `undefined` reads as `null`, as the vectors README asks.
fn from_js<T: DeserializeOwned>(input: JsValue) -> Result<T, String> {
    let input = if input.is_undefined() { JsValue::NULL } else { input };
    serde_wasm_bindgen::from_value(input).map_err(bad)
}

/// The `{ ok } | { err }` object for a result.
fn outcome(result: Result<Output, String>) -> JsValue {
    match result {
        Ok(Output::Null) => ok_js(JsValue::NULL),
        Ok(Output::Bool(b)) => ok_js(JsValue::from_bool(b)),
        // Above 2^53 a JS number is approximate, as JSON.parse would read it.
        Ok(Output::Int(n)) => ok_f64(n as f64),
        Ok(Output::Text(s)) => ok_str(&s),
        Ok(Output::Errors(errors)) if errors.0.is_empty() => ok_empty(),
        Ok(other) => {
            let serializer = serde_wasm_bindgen::Serializer::json_compatible();
            match serde::Serialize::serialize(&other, &serializer) {
                Ok(value) => ok_js(value),
                Err(_) => err("bad output"),
            }
        }
        Err(message) => err(&message),
    }
}

/// One typed export per entry of `shop_core::core_functions!`: any JS value in (read with
/// serde-wasm-bindgen), `{ ok } | { err }` out.
macro_rules! wasm_exports {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident($arg:ident: $ty:ty): $ts_in:literal => $ts_out:literal $body:block
    )*) => {
        // Docs stay in the generated TypeScript: wasm-bindgen would copy a macro-forwarded
        // `///` into its .d.ts as the raw `r"…"` literal.
        $(
            #[wasm_bindgen]
            pub fn $name(input: JsValue) -> JsValue {
                let run = || -> Result<Output, String> {
                    let $arg: $ty = from_js::<$ty>(input)?;
                    $body
                };
                outcome(run())
            }
        )*
    };
}

shop_core::core_functions!(wasm_exports);

/// Runs any core function by its name: `call("normalize_mobile", "0912…")` (the vector runner).
#[wasm_bindgen]
pub fn call(fn_name: JsValue, input: JsValue) -> JsValue {
    let Some(name) = fn_name.as_string() else {
        return err("bad input: fn name must be a string");
    };
    let input = if input.is_undefined() { JsValue::NULL } else { input };
    outcome(dispatch::run(&name, serde_wasm_bindgen::Deserializer::from(input)))
}

/// `call` on JSON text, answering JSON text. Only in the bench build (feature `json-text`), to
/// measure JSON text against serde-wasm-bindgen; the shop's module leaves serde_json out.
#[cfg(feature = "json-text")]
#[wasm_bindgen]
pub fn call_json(fn_name: JsValue, input_json: JsValue) -> String {
    match (fn_name.as_string(), input_json.as_string()) {
        (Some(name), Some(text)) => dispatch::call_json(&name, &text),
        (None, _) => r#"{"err":"bad input: fn name must be a string"}"#.into(),
        (_, None) => r#"{"err":"bad input: input must be JSON text"}"#.into(),
    }
}

/// The delivery options of a cart, parsed once; `filter` then answers per city without
/// reading the options again.
#[wasm_bindgen]
pub struct DeliveryTable {
    lines: Vec<Vec<DeliveryOption>>,
}

#[wasm_bindgen]
impl DeliveryTable {
    /// `{ ok: DeliveryTable }` for `DeliveryOption[][]`, else `{ err }`.
    pub fn parse(lines: JsValue) -> JsValue {
        match from_js::<Vec<Vec<DeliveryOption>>>(lines) {
            Ok(lines) => ok_js(DeliveryTable { lines }.into()),
            Err(message) => err(&message),
        }
    }

    /// The `Id`s of `filter_delivery(lines, city)`, in result order; none when `city` is not
    /// a string. (A `&str` parameter's glue throws on `undefined` and traps on a number.)
    pub fn filter(&self, city: JsValue) -> Vec<f64> {
        let Some(city) = city.as_string() else {
            return Vec::new();
        };
        delivery::filter_delivery(&self.lines, &city)
            .iter()
            .map(|o| o.id as f64)
            .collect()
    }
}

/// A form's fields and rules, parsed once; `validate` then takes only the values.
#[wasm_bindgen]
pub struct Form {
    fields: Vec<dispatch::FieldSpec>,
}

#[wasm_bindgen]
impl Form {
    /// `{ ok: Form }` for `FieldSpec[]` (`{ name, label, rules }`), else `{ err }`.
    pub fn parse(fields: JsValue) -> JsValue {
        match from_js::<Vec<dispatch::FieldSpec>>(fields) {
            Ok(fields) => ok_js(Form { fields }.into()),
            Err(message) => err(&message),
        }
    }

    /// `{ ok: FormErrors }` for `values: string[]` (`values[i]` is field `i`'s value; a
    /// missing one or one that is not a string is empty): the first failing rule's message per
    /// field name.
    pub fn validate(&self, values: &JsValue) -> JsValue {
        if !Array::is_array(values) {
            return err("bad input: values must be an array of strings");
        }
        let values: &Array = values.unchecked_ref();
        let values: Vec<String> = (0..self.fields.len() as u32)
            .map(|i| values.get(i).as_string().unwrap_or_default())
            .collect();
        outcome(Ok(Output::Errors(dispatch::validate_values(&self.fields, &values))))
    }
}
