//! The area graph, checked (docs/architecture.md "Areas"): which area's code names which
//! other area (`crate::<area>` outside comments). Payment imports none of the areas it is paid
//! for, the cart imports no registered-order code, `platform` imports no area, and no two areas
//! import each other beyond the known pairs listed here with their reason. A pair that goes
//! away must leave the list too, so the list stays the truth.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The areas: the folders of `server/src`.
fn areas(src: &Path) -> BTreeSet<String> {
    std::fs::read_dir(src)
        .expect("server/src")
        .filter_map(Result::ok)
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect()
}

/// Every `.rs` file under `dir`, as (path relative to `src`, text without `//` comments).
fn sources(src: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
    for e in std::fs::read_dir(dir).expect("area folder").filter_map(Result::ok) {
        let p = e.path();
        if p.is_dir() {
            sources(src, &p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            let text = std::fs::read_to_string(&p).expect("source file");
            let code: String = text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n");
            let rel = p.strip_prefix(src).expect("under src").to_string_lossy().replace('\\', "/");
            out.push((rel, code));
        }
    }
}

/// The areas a piece of code names (`crate::<area>`), among `areas`.
fn named(code: &str, areas: &BTreeSet<String>) -> BTreeSet<String> {
    code.match_indices("crate::")
        .filter_map(|(i, _)| {
            let rest = &code[i + "crate::".len()..];
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            areas.contains(&name).then_some(name)
        })
        .collect()
}

/// Each file's imports of other areas: (file, area it names).
fn file_edges() -> Vec<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let areas = areas(&src);
    let mut out = Vec::new();
    for area in &areas {
        let mut files = Vec::new();
        sources(&src, &src.join(area), &mut files);
        for (file, code) in files {
            for other in named(&code, &areas) {
                if &other != area {
                    out.push((file.clone(), other));
                }
            }
        }
    }
    out
}

/// The area a file (path under `src`) belongs to.
fn area_of(file: &str) -> &str {
    file.split('/').next().unwrap_or(file)
}

/// The area graph, without the [`KNOWN_FILE_EDGES`].
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (file, other) in file_edges() {
        if KNOWN_FILE_EDGES.iter().any(|(kf, ka, _)| *kf == file && *ka == other) {
            continue;
        }
        g.entry(area_of(&file).to_string()).or_default().insert(other);
    }
    g
}

/// Pairs of areas that import each other today, each with why it is left: debt to pay, not
/// a pattern to copy.
const KNOWN_PAIRS: &[(&str, &str, &str)] = &[
    ("instalment", "order", "a plan belongs to an order; the order's views show its plan"),
];

/// Files that may import an area their own area must not (with the reason).
const KNOWN_FILE_EDGES: &[(&str, &str, &str)] = &[];

#[test]
fn payment_imports_no_area_it_is_paid_for() {
    let bad: Vec<_> = file_edges()
        .into_iter()
        .filter(|(f, a)| area_of(f) == "payment" && (a == "order" || a == "instalment" || a == "cart"))
        .filter(|(f, a)| !KNOWN_FILE_EDGES.iter().any(|(kf, ka, _)| kf == f && ka == a))
        .collect();
    assert!(bad.is_empty(), "payment must reach what it pays for through payment::purpose::Settle: {bad:?}");
}

#[test]
fn the_cart_imports_no_registered_order_code() {
    let g = graph();
    let cart = g.get("cart").cloned().unwrap_or_default();
    assert!(!cart.contains("order") && !cart.contains("payment") && !cart.contains("instalment"), "cart imports {cart:?}");
}

#[test]
fn platform_imports_no_area() {
    let g = graph();
    let platform: Vec<_> = g.get("platform").cloned().unwrap_or_default().into_iter().filter(|a| a != "migration").collect();
    assert!(platform.is_empty(), "platform imports {platform:?}");
}

#[test]
fn no_two_areas_import_each_other_beyond_the_known_pairs() {
    let g = graph();
    let mut pairs = BTreeSet::new();
    for (a, tos) in &g {
        for b in tos {
            if a < b && g.get(b).is_some_and(|s| s.contains(a)) {
                pairs.insert((a.clone(), b.clone()));
            }
        }
    }
    let known: BTreeSet<(String, String)> = KNOWN_PAIRS.iter().map(|(a, b, _)| (a.to_string(), b.to_string())).collect();
    let new: Vec<_> = pairs.difference(&known).collect();
    let gone: Vec<_> = known.difference(&pairs).collect();
    assert!(new.is_empty(), "areas that import each other: {new:?}");
    assert!(gone.is_empty(), "no longer a loop, take it off KNOWN_PAIRS: {gone:?}");
}

#[test]
fn the_reader_finds_crate_paths_outside_comments_only() {
    let areas: BTreeSet<String> = ["order", "payment"].map(String::from).into();
    assert_eq!(named("use crate::order::x; let y = crate::payment::z;", &areas), areas);
    let code: String = "// crate::order\nuse crate::platform;".lines().map(|l| l.split("//").next().unwrap_or("")).collect();
    assert!(named(&code, &areas).is_empty());
}
