//! Hostile input through the dispatcher: every function, any JSON or text, never panics and
//! always answers with exactly one of `ok` / `err`.

use proptest::prelude::*;
use serde_json::{json, Value};
use shop_core::dispatch::{call, call_json, FUNCTIONS};

fn assert_envelope(out: &Value) {
    let obj = out.as_object().expect("an object");
    assert_eq!(obj.len(), 1, "{out}");
    assert!(obj.contains_key("ok") || obj["err"].is_string(), "{out}");
}

fn hostile_strings() -> Vec<String> {
    vec![
        String::new(),
        "😀".repeat(2_600),
        "۱٢3".repeat(3_500),
        "\u{200F}\u{200C}\u{202E}".repeat(1_000),
        "０９１２３４５６７８９".into(),
        "+98 0912 345 6789".into(),
        "\u{0}\u{FFFF}\u{10FFFF}".into(),
        "ي".repeat(10_240),
    ]
}

#[test]
fn ten_kilobyte_and_odd_strings_never_panic() {
    for f in FUNCTIONS {
        for s in hostile_strings() {
            assert_envelope(&call(f, &json!(s)));
            assert_envelope(&call(
                f,
                &json!({"rule": {"rule": "Email"}, "field": s, "value": s}),
            ));
            assert_envelope(&call(
                f,
                &json!({"lines": [[{"Id": 1, "Priority": 0, "CityActive": [{"name": s}]}]], "city": s}),
            ));
        }
    }
}

#[test]
fn extreme_numbers_never_panic() {
    let numbers = [
        json!(i64::MAX),
        json!(i64::MIN),
        json!(u64::MAX),
        json!(-0.0),
        json!(1e308),
    ];
    for f in FUNCTIONS {
        for n in &numbers {
            assert_envelope(&call(f, n));
            assert_envelope(&call(f, &json!([n, n, n])));
            assert_envelope(&call(
                f,
                &json!([{"Num": n, "Price": n, "PriceGaranti": n, "InsPayment": true}]),
            ));
            assert_envelope(&call(f, &json!({"year": n, "month": n, "day": n})));
        }
    }
}

#[test]
fn undefined_and_wrong_types_are_errors() {
    for f in FUNCTIONS {
        for input in [Value::Null, json!(true), json!({}), json!([[[]]])] {
            let out = call(f, &input);
            assert_envelope(&out);
        }
    }
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        "\\PC{0,12}".prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
            proptest::collection::btree_map(
                prop_oneof![
                    Just("Num".to_owned()),
                    Just("rule".to_owned()),
                    Just("lines".to_owned()),
                    Just("city".to_owned()),
                    "[a-z]{1,4}"
                ],
                inner,
                0..4
            )
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

proptest! {
    #[test]
    fn any_json_never_panics(f in proptest::sample::select(FUNCTIONS.to_vec()), input in json_value()) {
        let out = call(f, &input);
        assert_envelope(&out);
        let via_text: Value = serde_json::from_str(&call_json(f, &input.to_string())).expect("JSON out");
        prop_assert_eq!(out.get("ok"), via_text.get("ok"));
        prop_assert_eq!(out.get("err").is_some(), via_text.get("err").is_some());
    }

    #[test]
    fn any_text_never_panics(f in proptest::sample::select(FUNCTIONS.to_vec()), text in "\\PC{0,40}") {
        let out: Value = serde_json::from_str(&call_json(f, &text)).expect("JSON out");
        assert_envelope(&out);
    }
}
