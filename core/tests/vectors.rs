//! Runs every case of `contract/vectors/*.json` through `shop_core::dispatch::call`.
//! The WASM runner (web/src/shared/core/vectors.test.ts) runs the same files. The cases of
//! `contract/vectors/native/*.json` (functions only the server applies, not in the WASM build:
//! `dispatch::NATIVE_FUNCTIONS`) run here alone.

use serde_json::Value;
use shop_core::dispatch::{call, call_json};
use std::path::{Path, PathBuf};

fn json_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the vector folder exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

fn vector_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../contract/vectors");
    let mut files = json_files(&dir);
    files.extend(json_files(&dir.join("native")));
    files
}

/// Whether `actual` satisfies `expect` (`{"ok"}`, `{"err"}` or `{"err_prefix"}`).
fn matches(expect: &Value, actual: &Value) -> bool {
    match expect.get("err_prefix").and_then(Value::as_str) {
        Some(prefix) => actual["err"]
            .as_str()
            .is_some_and(|e| e.starts_with(prefix)),
        None => expect == actual,
    }
}

fn load(file: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(file).expect("readable vector file");
    serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{}: not a JSON array of cases: {e}", file.display()))
}

#[test]
fn every_vector_case_passes() {
    let mut failures = Vec::new();
    let mut total = 0;
    for file in vector_files() {
        let name = file
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("?")
            .to_owned();
        for (i, case) in load(&file).iter().enumerate() {
            total += 1;
            let f = case["fn"]
                .as_str()
                .unwrap_or_else(|| panic!("{name}[{i}]: missing fn"));
            let actual = call(f, &case["input"]);
            if !matches(&case["expect"], &actual) {
                failures.push(format!(
                    "{name}[{i}] {f}({}): expected {} got {}",
                    case["input"], case["expect"], actual
                ));
            }
            // The JSON-text entry point (used by the WASM facade) must agree exactly.
            let text = call_json(f, &case["input"].to_string());
            let via_text: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
            if !matches(&case["expect"], &via_text) {
                failures.push(format!(
                    "{name}[{i}] {f} via call_json: expected {} got {text}",
                    case["expect"]
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {total} vector cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(total >= 240, "only {total} vector cases");
}

#[test]
fn every_function_has_vectors() {
    let covered: Vec<String> = vector_files()
        .iter()
        .flat_map(|f| load(f))
        .filter_map(|c| c["fn"].as_str().map(str::to_owned))
        .collect();
    for f in shop_core::dispatch::FUNCTIONS.iter().chain(shop_core::dispatch::NATIVE_FUNCTIONS) {
        assert!(covered.iter().any(|c| c == f), "no vectors for {f}");
    }
}
