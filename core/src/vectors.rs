//! Call any rule by its vector/WASM name on JSON (cargo feature `vectors`).
//!
//! One dispatcher for the native vector runner and the WASM facade, so both builds produce
//! the same JSON for the same input. Shapes per function: `core/vectors/README.md`.
//! Every result is `{"ok": value}` or `{"err": "message"}`; nothing here panics.
//!
//! [`run`] is generic over any serde `Deserializer`; [`call`] feeds it a `serde_json::Value`
//! (the native runner), [`call_json`] feeds it JSON text directly (the WASM facade: no
//! intermediate `Value` tree, which is faster and keeps the module smaller).
//!
//! ```
//! use serde_json::json;
//! assert_eq!(shop_core::vectors::call("fold", &json!("كيف")), json!({"ok": "کیف"}));
//! ```

use crate::cart::{self, CartLine};
use crate::delivery::{self, DeliveryOption};
use crate::jalali::{self, JalaliDate};
use crate::validation::{self, Rule, RuleJson};
use crate::{digits, mobile, otp, search};
use serde::de::{self, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use std::fmt;

/// The error for a date that does not exist: the spec's "not valid" wording for `تاریخ`.
///
/// ```
/// assert_eq!(shop_core::vectors::DATE_MESSAGE, "تاریخ وارد شده معتبر نیست!");
/// ```
pub const DATE_MESSAGE: &str = "تاریخ وارد شده معتبر نیست!";

/// Every function name [`call`] knows, in the order of `core/vectors/README.md`.
///
/// ```
/// assert!(shop_core::vectors::FUNCTIONS.contains(&"filter_delivery"));
/// ```
pub const FUNCTIONS: [&str; 20] = [
    "normalize_mobile",
    "validate",
    "validate_file",
    "normalize_code",
    "spread_paste",
    "cart_count",
    "line_total",
    "order_total",
    "instalment_eligible",
    "filter_delivery",
    "fold",
    "tokenize",
    "joined_pairs",
    "to_western_digits",
    "to_persian_digits",
    "format_price",
    "gregorian_to_jalali",
    "jalali_to_gregorian",
    "format_jalali",
    "format_jalali_numeric",
];

/// A successful result of [`run`]; serialises as the plain JSON value (`null`, a number, …).
///
/// ```
/// use shop_core::vectors::Output;
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
}

/// Runs `fn_name` on `input`. `Err` holds the rule's message, `unknown fn: …`, or
/// `bad input: …` when `input` does not have the function's shape.
///
/// ```
/// use shop_core::vectors::{run, Output};
/// let out = run("format_price", &serde_json::json!(1000));
/// assert_eq!(out, Ok(Output::Text("۱٬۰۰۰ تومان".into())));
/// ```
pub fn run<'de, D: Deserializer<'de>>(fn_name: &str, input: D) -> Result<Output, String> {
    let bad = |e: D::Error| format!("bad input: {e}");
    // Each arm reads `input` once, in the shape its function takes.
    macro_rules! read {
        ($t:ty) => {
            <$t>::deserialize(input).map_err(bad)?
        };
    }
    Ok(match fn_name {
        "normalize_mobile" => {
            Output::Text(mobile::normalize_mobile(&read!(String)).map_err(|e| e.to_string())?)
        }
        "validate" => {
            let v = read!(ValidateInput);
            let rule = v
                .rule
                .0
                .ok_or_else(|| validation::default_message(&v.field))?;
            validation::validate(&rule, &v.field, &v.value)?;
            Output::Null
        }
        "validate_file" => {
            let f = read!(FileInput);
            validation::validate_file(&f.field, f.size_bytes, &f.file_name)?;
            Output::Null
        }
        "normalize_code" => {
            Output::Text(otp::normalize_code(&read!(String)).map_err(|e| e.to_string())?)
        }
        "spread_paste" => Output::Boxes(otp::spread_paste(&read!(String))),
        "cart_count" => Output::Int(cart::cart_count(&read!(Vec<CartLine>))),
        "line_total" => Output::Int(cart::line_total(&read!(CartLine))),
        "order_total" => Output::Int(cart::order_total(&read!(Vec<CartLine>))),
        "instalment_eligible" => Output::Bool(cart::instalment_eligible(&read!(Vec<CartLine>))),
        "filter_delivery" => {
            let d = read!(DeliveryInput);
            Output::Options(delivery::filter_delivery(&d.lines, &d.city))
        }
        "fold" => Output::Text(search::fold(&read!(String))),
        "tokenize" => Output::Texts(search::tokenize(&read!(String))),
        "joined_pairs" => Output::Texts(search::joined_pairs(&read!(Vec<String>))),
        "to_western_digits" => Output::Text(digits::to_western_digits(&read!(String))),
        "to_persian_digits" => Output::Text(digits::to_persian_digits(&read!(String))),
        "format_price" => Output::Text(digits::format_price(read!(i64))),
        "gregorian_to_jalali" => {
            let (y, m, d) = read!((i32, u32, u32));
            Output::Date(jalali::gregorian_to_jalali(y, m, d).ok_or(DATE_MESSAGE)?)
        }
        "jalali_to_gregorian" => {
            let (y, m, d) = read!((i32, u32, u32));
            Output::Ymd(jalali::jalali_to_gregorian(y, m, d).ok_or(DATE_MESSAGE)?)
        }
        "format_jalali" => Output::Text(jalali::format_jalali(&valid_jalali(read!(JalaliDate))?)),
        "format_jalali_numeric" => Output::Text(jalali::format_jalali_numeric(&valid_jalali(
            read!(JalaliDate),
        )?)),
        other => return Err(format!("unknown fn: {other}")),
    })
}

/// Runs `fn_name` on a JSON value: `{"ok": …}` or `{"err": "…"}`.
///
/// ```
/// use serde_json::json;
/// use shop_core::vectors::call;
/// assert_eq!(call("normalize_mobile", &json!("+۹۸ ۹۱۲ ۳۴۵ ۶۷۸۹")), json!({"ok": "09123456789"}));
/// assert_eq!(call("cart_count", &json!([{"Num": 2, "Price": 10}])), json!({"ok": 2}));
/// assert_eq!(call("nope", &json!(null)), json!({"err": "unknown fn: nope"}));
/// ```
pub fn call(fn_name: &str, input: &Value) -> Value {
    let outcome = run(fn_name, input);
    serde_json::to_value(Outcome::from(&outcome))
        .unwrap_or_else(|e| serde_json::json!({ "err": e.to_string() }))
}

/// Runs `fn_name` on JSON text and returns the outcome as JSON text; same results as [`call`].
/// Text that is not JSON (or has trailing data) is `bad input`.
///
/// ```
/// use shop_core::vectors::call_json;
/// assert_eq!(call_json("normalize_code", r#""۱۲۳۴۵""#), r#"{"ok":"12345"}"#);
/// assert_eq!(call_json("spread_paste", r#""12a45""#), r#"{"ok":["","","","",""]}"#);
/// assert!(call_json("fold", "not json").starts_with(r#"{"err":"bad input:"#));
/// ```
pub fn call_json(fn_name: &str, input_json: &str) -> String {
    let mut de = serde_json::Deserializer::from_str(input_json);
    let outcome = run(fn_name, &mut de).and_then(|out| {
        de.end().map_err(|e| format!("bad input: {e}"))?;
        Ok(out)
    });
    serde_json::to_string(&Outcome::from(&outcome))
        .unwrap_or_else(|_| r#"{"err":"bad output"}"#.to_owned())
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

#[derive(Deserialize)]
struct ValidateInput {
    rule: MaybeRule,
    field: String,
    value: String,
}

#[derive(Deserialize)]
struct FileInput {
    field: String,
    size_bytes: u64,
    file_name: String,
}

#[derive(Deserialize)]
struct DeliveryInput {
    lines: Vec<Vec<DeliveryOption>>,
    city: String,
}

/// A Jalali date that must exist.
fn valid_jalali(date: JalaliDate) -> Result<JalaliDate, &'static str> {
    if jalali::is_valid_jalali(&date) {
        Ok(date)
    } else {
        Err(DATE_MESSAGE)
    }
}

/// A rule, or `None` for any JSON that is not a known rule (the dispatcher then answers with
/// the spec's default message). Read leniently by hand so that nothing needs buffering.
struct MaybeRule(Option<Rule>);

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
    fn every_listed_function_is_known() {
        for f in FUNCTIONS {
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
