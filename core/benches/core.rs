//! Native benchmarks of the core calls; `just bench` compares them with the WASM build.
//! Results: $CARGO_TARGET_DIR/criterion/<id>/new/estimates.json (mean point_estimate, ns).

use criterion::{criterion_group, criterion_main, Criterion};
use shop_core::delivery::{filter_delivery, DeliveryOption};
use shop_core::mobile::normalize_mobile;
use shop_core::search::fold;
use shop_core::validation::{validate, Rule};
use std::hint::black_box;
use std::time::Duration;

/// Mixed Persian, Arabic-Indic and Western digits with spaces.
const MOBILE: &str = "+۹۸ 912 ٣٤٥ 6789";

/// Every rule once, each with a value that passes it (the common path).
fn all_rules() -> Vec<(Rule, &'static str)> {
    vec![
        (Rule::Required, "علی"),
        (Rule::Select, "تهران"),
        (Rule::Mobile, "۰۹۱۲۳۴۵۶۷۸۹"),
        (Rule::Email, "ali.rezaei@example.ir"),
        (Rule::Url, "https://shop.example.ir/product/12"),
        (Rule::ComplexPassword, "Abc12!xy"),
        (Rule::MinLength { n: 6 }, "abcdefgh"),
        (Rule::Digits { n: 10 }, "۰۰۱۲۳۴۵۶۷۸"),
        (Rule::Numeric, "۱۲٫۵"),
        (Rule::MinValue { n: 0 }, "3"),
        (
            Rule::Confirmed {
                other: "Abc12!xy".into(),
            },
            "Abc12!xy",
        ),
        (
            Rule::FileSize {
                max_bytes: 1_048_576,
            },
            "524288",
        ),
        (Rule::FileExtension, "photo.webp"),
    ]
}

/// 20 cart lines × 20 options: cities mixed, a few shared ids, priorities 1..=20.
pub fn delivery_lines() -> Vec<Vec<DeliveryOption>> {
    let cities = ["همه", "تهران", "اصفهان", "شيراز", "کرج"];
    (0..20)
        .map(|line| {
            (0..20)
                .map(|k| DeliveryOption {
                    id: if k < 5 { k } else { line * 100 + k },
                    priority: (k + line) % 20 + 1,
                    city_active: vec![cities[(k % 5) as usize].to_owned(), "تهران".to_owned()],
                })
                .collect()
        })
        .collect()
}

/// A 200-char product title mixing Persian (with Arabic letter forms and ZWNJ) and Latin.
fn title_200() -> String {
    let base = "لپ‌تاپ ۱۵.۶ اينچی ايسوس مدل VivoBook 15 X1504VA-NJ817 Core i7-1355U رم ۱۶ گيگابايت حافظه ۵۱۲ گيگابايت SSD كارت گرافيك Intel Iris Xe همراه با كيف و ماوس هديه ";
    base.chars().cycle().take(200).collect()
}

fn benches(c: &mut Criterion) {
    c.bench_function("normalize_mobile", |b| {
        b.iter(|| normalize_mobile(black_box(MOBILE)))
    });

    let rules = all_rules();
    c.bench_function("validate_all_rules", |b| {
        b.iter(|| {
            for (rule, value) in &rules {
                let _ = black_box(validate(black_box(rule), "فیلد", black_box(value)));
            }
        })
    });

    let lines = delivery_lines();
    c.bench_function("filter_delivery_20x20", |b| {
        b.iter(|| filter_delivery(black_box(&lines), black_box("تهران")))
    });

    let title = title_200();
    c.bench_function("fold_title_200", |b| b.iter(|| fold(black_box(&title))));
}

criterion_group! {
    name = core;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(50);
    targets = benches
}
criterion_main!(core);
