//! The area graph, checked (docs/architecture.md "Areas"): which area's code names which
//! other area (`crate::<area>` outside comments). Payment imports none of the areas it is paid
//! for, the cart imports no registered-order code, `platform` imports no area, and the graph
//! has no loop (of any length) beyond the known ones listed here with their reason. A loop that
//! goes away must leave the list too, so the list stays the truth.

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

/// Groups of areas that import one another (strongly connected in the area graph) today,
/// each with why it is left: debt to pay, not a pattern to copy. A group that changes (breaks
/// up, or gains an area) must be written anew here, so the list stays the truth.
const KNOWN_CYCLES: &[(&[&str], &str)] = &[];

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

/// The groups of areas that reach one another (strongly connected components of more than
/// one area, Tarjan's algorithm), each sorted, with one loop through it to show.
fn cycles(g: &BTreeMap<String, BTreeSet<String>>) -> Vec<(BTreeSet<String>, Vec<String>)> {
    struct Walk<'a> {
        g: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        groups: Vec<BTreeSet<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a str) {
            let i = self.index.len();
            self.index.insert(v, i);
            self.low.insert(v, i);
            self.stack.push(v);
            let g = self.g;
            for w in g.get(v).into_iter().flatten() {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let lw = self.low[w];
                    self.low.entry(v).and_modify(|l| *l = (*l).min(lw));
                } else if self.stack.contains(&w) {
                    let iw = self.index[w];
                    self.low.entry(v).and_modify(|l| *l = (*l).min(iw));
                }
            }
            if self.low[v] == self.index[v] {
                let mut group = BTreeSet::new();
                while let Some(w) = self.stack.pop() {
                    group.insert(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if group.len() > 1 {
                    self.groups.push(group);
                }
            }
        }
    }
    let mut walk = Walk { g, index: BTreeMap::new(), low: BTreeMap::new(), stack: Vec::new(), groups: Vec::new() };
    let nodes: BTreeSet<&str> = g.iter().flat_map(|(a, tos)| std::iter::once(a.as_str()).chain(tos.iter().map(String::as_str))).collect();
    for v in nodes {
        if !walk.index.contains_key(v) {
            walk.visit(v);
        }
    }
    walk.groups.into_iter().map(|group| {
        let shown = loop_through(g, &group);
        (group, shown)
    }).collect()
}

/// One loop inside `group`, from its first area back to it (breadth first: a shortest one).
fn loop_through(g: &BTreeMap<String, BTreeSet<String>>, group: &BTreeSet<String>) -> Vec<String> {
    let Some(start) = group.iter().next() else { return Vec::new() };
    let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start.as_str()]);
    while let Some(v) = queue.pop_front() {
        for w in g.get(v).into_iter().flatten().filter(|w| group.contains(*w)) {
            if w == start {
                let mut back = Vec::new();
                let mut at = v;
                while at != start {
                    back.push(at.to_string());
                    at = came_from[at];
                }
                back.reverse();
                return std::iter::once(start.clone()).chain(back).chain(std::iter::once(start.clone())).collect();
            }
            if !came_from.contains_key(w.as_str()) {
                came_from.insert(w, v);
                queue.push_back(w);
            }
        }
    }
    Vec::new()
}

#[test]
fn the_area_graph_has_no_cycle_beyond_the_known_ones() {
    let found = cycles(&graph());
    let known: Vec<BTreeSet<String>> = KNOWN_CYCLES.iter().map(|(c, _)| c.iter().map(|a| a.to_string()).collect()).collect();
    let new: Vec<String> = found.iter().filter(|(c, _)| !known.contains(c)).map(|(c, shown)| format!("{c:?}, e.g. {}", shown.join(" -> "))).collect();
    let gone: Vec<&BTreeSet<String>> = known.iter().filter(|k| !found.iter().any(|(c, _)| c == *k)).collect();
    assert!(new.is_empty(), "areas that import one another (break the loop; see docs/architecture.md \"Areas\"): {new:#?}");
    assert!(gone.is_empty(), "no longer a loop as listed, take it off (or rewrite it in) KNOWN_CYCLES: {gone:?}");
}

#[test]
fn the_cycle_finder_sees_long_loops_and_only_loops() {
    let g: BTreeMap<String, BTreeSet<String>> = [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("d", "e"), ("e", "d"), ("f", "a")]
        .into_iter()
        .fold(BTreeMap::new(), |mut g, (x, y)| {
            g.entry(x.to_string()).or_default().insert(y.to_string());
            g
        });
    let found = cycles(&g);
    let shown: BTreeSet<String> = found.iter().map(|(_, s)| s.join(" -> ")).collect();
    assert_eq!(shown, ["a -> b -> c -> a", "d -> e -> d"].map(String::from).into());
    let acyclic: BTreeMap<String, BTreeSet<String>> = [("a".to_string(), ["b".to_string()].into()), ("b".to_string(), ["c".to_string()].into())].into();
    assert!(cycles(&acyclic).is_empty());
}

#[test]
fn the_reader_finds_crate_paths_outside_comments_only() {
    let areas: BTreeSet<String> = ["order", "payment"].map(String::from).into();
    assert_eq!(named("use crate::order::x; let y = crate::payment::z;", &areas), areas);
    let code: String = "// crate::order\nuse crate::platform;".lines().map(|l| l.split("//").next().unwrap_or("")).collect();
    assert!(named(&code, &areas).is_empty());
}
