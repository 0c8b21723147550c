//! Search bench (issue 25 targets at 100,000 products: p50 < 1 ms, p99 < 5 ms, index built
//! in < 3 s; issue 5's at 10,000: p50 < 2 ms, p99 < 10 ms).
//!
//! Builds the catalogue snapshot in memory from N products generated from the demo laptops
//! (the same search text the seed stores), then runs the fixed query set
//! `bench/search-queries.txt` many times through what the search handler does after reading
//! the snapshot: index search, filter/rank/page, and JSON serialisation of the answer.
//!
//! `cargo run --release -p shop-server --example search_bench [-- N_PRODUCTS ROUNDS]`
//! (default 10,000 products, 40 rounds; `SEARCH_PRODUCTS` / `SEARCH_ROUNDS` also set them).
//!
//! Prints the snapshot build time and, apart, the search index build (built again on its own),
//! then p50/p99 over all queries and per query class, by the share of the catalogue the query
//! matches: broad (≥ 25 %: «لپ تاپ», «۱۶ گیگ»), medium (5–25 %), narrow (< 5 %: one laptop
//! of the 65 demo ones is 1.5 %, a model code).
//! Two more lines time the broad queries sorted by price (`cheapest`) and on page 40. Every
//! figure is also given in the thread's CPU time: on the shared 2-core machine the wall clock
//! counts the turns other processes take on the core too. `SEARCH_DUMP=file` writes the
//! answers instead (see [`dump`]), to compare two builds.

use std::time::Instant;

use poem_openapi::types::ToJSON;
use shop_server::catalog::dto::ProductListResponse;
use shop_server::catalog::search::{DocText, SearchIndex};
use shop_server::catalog::engine::{engine, SearchRequest};
use shop_server::catalog::service::list_response;
use shop_server::platform::http::page::Paging;
use shop_server::catalog::sample::{demo_laptops, describe, CATEGORIES};
use shop_server::catalog::snapshot::{brand_slug, cpu_family, item_search_text, Filter, Item, Snapshot, Sort};
use shop_server::catalog::{category, info, product, variant};

// The server's allocator (server/src/main.rs), so the figures are the server's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// What the search handler computes for one request (after reading the snapshot).
fn answer(snap: &Snapshot, q: &str, filter: &Filter, sort: Sort, paging: Paging, now: i64) -> ProductListResponse {
    let page = engine().search(snap, &SearchRequest { query: q, filter, sort, paging, now });
    let mut terms = shop_core::search::tokenize(q);
    terms.truncate(shop_server::catalog::search::MAX_QUERY_TOKENS);
    list_response(snap, page, paging, now, terms)
}

fn arg(args: &[String], i: usize, env: &str, default: usize) -> usize {
    args.get(i).cloned().or_else(|| std::env::var(env).ok()).and_then(|s| s.replace('_', "").parse().ok()).unwrap_or(default)
}

/// This thread's CPU time in ms: on the shared 2-core machine the wall clock also counts the
/// time other processes held the core, so both are reported.
fn cpu_ms() -> f64 {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `t` is a valid timespec for clock_gettime to write.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 * 1000.0 + t.tv_nsec as f64 / 1e6
}

/// Wall-clock and CPU times of a set of runs, in ms.
#[derive(Default)]
struct Samples {
    wall: Vec<f64>,
    cpu: Vec<f64>,
}

impl Samples {
    fn push(&mut self, (wall, cpu): (f64, f64)) {
        self.wall.push(wall);
        self.cpu.push(cpu);
    }

    /// "p50 … ms, p99 … ms (CPU p50 …, p99 …)"; the wall-clock p50 and p99.
    fn line(&mut self) -> (String, f64, f64) {
        let (w50, w99) = pcts(&mut self.wall);
        let (c50, c99) = pcts(&mut self.cpu);
        (format!("p50 {w50:.3} ms, p99 {w99:.3} ms  (CPU p50 {c50:.3}, p99 {c99:.3})"), w50, w99)
    }
}

/// p50 and p99 of `samples` (sorted in place), in ms.
fn pcts(samples: &mut [f64]) -> (f64, f64) {
    samples.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let pct = |p: f64| samples[((samples.len() as f64 - 1.0) * p).round() as usize];
    (pct(0.5), pct(0.99))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n = arg(&args, 0, "SEARCH_PRODUCTS", 10_000);
    let rounds = arg(&args, 1, "SEARCH_ROUNDS", 40);
    let queries_path = concat!(env!("CARGO_MANIFEST_DIR"), "/../bench/search-queries.txt");
    let text = std::fs::read_to_string(queries_path).expect("bench/search-queries.txt");
    let queries: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).collect();

    let t0 = Instant::now();
    let (items, categories) = generate(n);
    let gen_ms = t0.elapsed().as_secs_f64() * 1000.0;
    let t0 = Instant::now();
    let snap = Snapshot::from_parts(1, items, categories);
    let build_ms = t0.elapsed().as_secs_f64() * 1000.0;
    // The index alone, built again from the same texts.
    let docs: Vec<DocText> = snap.items.iter().map(|it| DocText { search_text: &it.info.search_text, model: &it.info.model }).collect();
    let (t0, c0) = (Instant::now(), cpu_ms());
    let again = SearchIndex::build(&docs);
    let (index_ms, index_cpu) = (t0.elapsed().as_secs_f64() * 1000.0, cpu_ms() - c0);
    assert_eq!(again.vocabulary(), snap.index.vocabulary());
    drop(again);
    let now = 1_800_000_000;
    let filter = Filter::default();
    let first = Paging { page: 1, size: 24 };
    if let Ok(path) = std::env::var("SEARCH_DUMP") {
        dump(&snap, &queries, now, &path);
        return;
    }

    // Warm-up (and each query's class by its share of the catalogue), then timed rounds.
    let mut hits_total = 0u64;
    let mut class: Vec<usize> = Vec::new();
    for q in &queries {
        let total = answer(&snap, q, &filter, Sort::Relevance, first, now).page.total;
        hits_total += total;
        let share = total as f64 / snap.items.len().max(1) as f64;
        class.push(if share >= 0.25 { 0 } else if share >= 0.05 { 1 } else { 2 });
    }
    let names = ["broad (>= 25 %)", "medium (5-25 %)", "narrow (< 5 %)"];
    let mut all = Samples::default();
    let mut by_class: [Samples; 3] = Default::default();
    let mut per_query: Vec<(f64, &str)> = Vec::new();
    let time = |q: &str, sort: Sort, paging: Paging| {
        let (t, c) = (Instant::now(), cpu_ms());
        let json = answer(&snap, q, &filter, sort, paging, now).to_json_string();
        std::hint::black_box(json);
        (t.elapsed().as_secs_f64() * 1000.0, cpu_ms() - c)
    };
    for (qi, q) in queries.iter().enumerate() {
        let mut worst = 0f64;
        for _ in 0..rounds {
            let ms = time(q, Sort::Relevance, first);
            worst = worst.max(ms.0);
            all.push(ms);
            by_class[class[qi]].push(ms);
        }
        per_query.push((worst, q));
    }
    let broad: Vec<&str> = queries.iter().zip(&class).filter(|(_, &c)| c == 0).map(|(q, _)| *q).collect();
    let mut cheapest = Samples::default();
    let mut deep = Samples::default();
    for _ in 0..rounds {
        for q in &broad {
            cheapest.push(time(q, Sort::Cheapest, first));
            deep.push(time(q, Sort::Relevance, Paging { page: 40, size: 24 }));
        }
    }
    let max = all.wall.iter().cloned().fold(0f64, f64::max);
    per_query.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap());
    println!(
        "search: {} products ({} terms, {} postings), generated in {:.0} ms, snapshot built in {:.0} ms, index alone {:.0} ms (CPU {:.0} ms); {} queries x {} rounds, {} hits per round",
        snap.items.len(),
        snap.index.vocabulary(),
        snap.index.postings(),
        gen_ms,
        build_ms,
        index_ms,
        index_cpu,
        queries.len(),
        rounds,
        hits_total
    );
    let (line, p50, p99) = all.line();
    println!("search latency (index + filter/rank/page + JSON): {line}, max {max:.3} ms");
    for (c, s) in by_class.iter_mut().enumerate() {
        if !s.wall.is_empty() {
            let n_q = class.iter().filter(|&&x| x == c).count();
            println!("  {:<16} {:>2} queries: {}", names[c], n_q, s.line().0);
        }
    }
    if !broad.is_empty() {
        println!("  broad, cheapest first:  {}", cheapest.line().0);
        println!("  broad, page 40:         {}", deep.line().0);
    }
    println!("slowest queries (worst round): {}", per_query.iter().take(3).map(|(ms, q)| format!("{q:?} {ms:.2} ms")).collect::<Vec<_>>().join(", "));
    let (t50, t99, tb) = if n >= 100_000 { (1.0, 5.0, 3000.0) } else { (2.0, 10.0, f64::INFINITY) };
    let ok = p50 < t50 && p99 < t99 && index_ms < tb;
    println!("search targets (p50 < {t50} ms, p99 < {t99} ms{}): {}", if tb.is_finite() { ", index < 3 s" } else { "" }, if ok { "met" } else { "NOT met" });
}

/// `SEARCH_DUMP=file`: writes the JSON answer of every query under every sort, on pages 1, 2
/// and 40, with and without a filter, one per line, and stops (to compare two builds' answers).
fn dump(snap: &Snapshot, queries: &[&str], now: i64, path: &str) {
    use std::io::Write;
    let lenovo_in_stock = Filter { brands: vec!["lenovo".into()], in_stock: true, ..Filter::default() };
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).expect("SEARCH_DUMP file"));
    for q in queries.iter().copied().chain(["x", "zzzz"]) {
        for filter in [&Filter::default(), &lenovo_in_stock] {
            for sort in [Sort::Relevance, Sort::Newest, Sort::Cheapest, Sort::Expensive, Sort::BestSelling] {
                for paging in [Paging { page: 1, size: 24 }, Paging { page: 2, size: 60 }, Paging { page: 40, size: 24 }] {
                    let json = answer(snap, q, filter, sort, paging, now).to_json_string();
                    writeln!(out, "{q}\t{sort:?}\t{}\t{}\t{json}", paging.page, filter.in_stock).expect("write");
                }
            }
        }
    }
}

/// `n` products generated from the demo laptops, like `seed --demo --products n`, and the categories.
fn generate(n: usize) -> (Vec<Item>, Vec<category::Model>) {
    let categories: Vec<category::Model> = CATEGORIES
        .iter()
        .enumerate()
        .map(|(i, (slug, parent, name, desc))| category::Model {
            id: i as i64 + 1,
            parent_id: CATEGORIES.iter().position(|c| c.0 == *parent).map(|p| p as i64 + 1),
            slug: slug.to_string(),
            name: name.to_string(),
            description: desc.to_string(),
            position: i as i32,
            version: 0,
        })
        .collect();
    let laptops = demo_laptops();
    let mut items = Vec::with_capacity(n);
    for i in 0..n {
        let t = &laptops[i % laptops.len()];
        let series = i / laptops.len();
        let id = i as i64 + 1;
        let (uid, name) =
            if series == 0 { (t.uid.clone(), t.name.clone()) } else { (format!("{}-s{}", t.uid, series + 1), format!("{} (سری {})", t.name, series + 1)) };
        let price = t.price * (88 + (i % 25) as i64) / 100;
        let ram = if i % 3 == 0 && t.brand != "Apple" { t.ram_gb * 2 } else { t.ram_gb };
        let p = product::Model {
            id,
            uid,
            name,
            brand: t.brand.clone(),
            line: t.line.to_string(),
            condition: t.condition.to_string(),
            description: describe(t),
            active: true,
            version: 0,
        };
        let variants: Vec<variant::Model> = t
            .colours
            .iter()
            .enumerate()
            .map(|(c, colour)| variant::Model {
                id: id * 10 + c as i64,
                product_id: id,
                color: colour.clone(),
                warranty_name: "گارانتی ۱۸ ماهه شرکتی".into(),
                warranty_price: 0,
                warranty_note: String::new(),
                price: price + c as i64 * 500_000,
                stock: (i % 7) as i64,
                ins_payment: true,
                dg: String::new(),
                property: String::new(),
                version: 0,
            })
            .collect();
        let cat = categories.iter().find(|c| c.slug == t.category);
        let mut inf = info::Model {
            product_id: id,
            category_id: cat.map(|c| c.id),
            model: t.model.clone(),
            condition_grade: t.grade.clone(),
            battery_health: t.battery_health,
            test_days: t.test_days,
            cpu: t.cpu.clone(),
            cpu_family: cpu_family(&t.cpu),
            ram_gb: ram,
            storage_gb: t.storage_gb,
            storage_type: "SSD".into(),
            gpu: t.gpu.clone(),
            screen_inches: t.screen_inches,
            screen_resolution: t.resolution.clone(),
            weight_kg: t.weight_kg,
            battery_wh: t.battery_wh,
            ports: String::new(),
            os: t.os.clone(),
            special_price: None,
            special_ends_at: None,
            images: 3,
            created_at: i as i64,
            search_text: String::new(),
        };
        inf.search_text = item_search_text(&p, &inf, cat.map(|c| c.name.as_str()));
        let base_price = variants[0].price;
        let stock = variants.iter().map(|v| v.stock).sum();
        items.push(Item {
            brand_slug: brand_slug(&p.brand),
            category: cat.map(|c| (c.id - 1) as usize),
            base_price,
            stock,
            ins_payment: true,
            facet_keys: [0; shop_server::catalog::snapshot::FACETS],
            pictures: Vec::new(),
            variants,
            info: inf,
            product: p,
        });
    }
    (items, categories)
}
