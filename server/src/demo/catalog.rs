//! The demo catalogue (`shop seed --demo`): the category tree, 65 realistic laptops from
//! `server/demo/laptops.txt` (new, used «استوک» and open-box, laptops and tablet-laptops,
//! Persian names and descriptions, colour × warranty variants, special offers), details for
//! products other modules added, and the blog, content pages and FAQ.
//!
//! Idempotent: rows are matched by slug/uid and only what is missing is added.
//! `products: Some(n)`: generated copies of the demo laptops are added until the catalogue
//! holds at least `n` products (load tests).

use std::collections::{HashMap, HashSet};

use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QuerySelect,
};

use crate::catalog::snapshot::{cpu_family, derived_info, item_search_text};
use crate::catalog::{category, info, product, variant};
use crate::catalog::sample::{demo_laptops, describe, fa, ports_of, storage_text, DemoLaptop, CATEGORIES};

/// A small deterministic hash for demo variety.
fn h(s: &str) -> u64 {
    s.bytes().fold(1469598103934665603u64, |a, b| (a ^ u64::from(b)).wrapping_mul(1099511628211))
}

fn round_to(x: i64, step: i64) -> i64 {
    ((x + step / 2) / step) * step
}

/// What [`seed_catalog`] added.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct CatalogSeedReport {
    pub categories: usize,
    pub products: usize,
    pub variants: usize,
    /// `product_info` rows written for products added by other modules.
    pub details_filled: usize,
    pub blog_posts: usize,
    pub pages: usize,
    pub faq: usize,
    /// Product–delivery-option links added (see [`super::link_delivery`]).
    pub delivery_links: usize,
}

/// Loads the demo catalogue, then the content (see the module docs).
pub async fn seed_catalog(db: &DatabaseConnection, products: Option<usize>) -> Result<CatalogSeedReport, DbErr> {
    let mut report = CatalogSeedReport::default();
    let now = chrono::Utc::now().timestamp();
    let txn = crate::platform::db::begin_write(db).await?;

    // Categories.
    let mut cats: HashMap<String, category::Model> =
        category::Entity::find().all(&txn).await?.into_iter().map(|c| (c.slug.clone(), c)).collect();
    for (pos, (slug, parent, name, desc)) in CATEGORIES.iter().enumerate() {
        if cats.contains_key(*slug) {
            continue;
        }
        let parent_id = if parent.is_empty() { None } else { cats.get(*parent).map(|c| c.id) };
        let c = category::ActiveModel {
            parent_id: Set(parent_id),
            slug: Set(slug.to_string()),
            name: Set(name.to_string()),
            description: Set(desc.to_string()),
            position: Set(pos as i32),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        cats.insert(c.slug.clone(), c);
        report.categories += 1;
    }

    let existing = product::existing_uids(&txn).await?;
    let laptops = demo_laptops();
    let mut count = existing.len();
    let mut order = 0i64;
    for l in &laptops {
        order += 1;
        if existing.contains(&l.uid) {
            continue;
        }
        insert_laptop(&txn, l, &l.uid, &l.name, &cats, now - order * 5400, now, &mut report).await?;
        count += 1;
    }
    if let Some(n) = products {
        let mut i = 0usize;
        while count < n && !laptops.is_empty() {
            let t = &laptops[i % laptops.len()];
            let series = i / laptops.len() + 2;
            let uid = format!("{}-s{}", t.uid, series);
            i += 1;
            if existing.contains(&uid) {
                continue;
            }
            let mut l = t.clone();
            // Vary price (±12%) and memory so generated products differ.
            let k = h(&uid);
            l.price = round_to(t.price * (88 + (k % 25) as i64) / 100, 100_000);
            if k.is_multiple_of(3) && l.brand != "Apple" {
                l.ram_gb = if l.ram_gb >= 32 { 16 } else { l.ram_gb * 2 };
            }
            let name = format!("{} (سری {})", t.name, fa(series));
            insert_laptop(&txn, &l, &uid, &name, &cats, now - (order + i as i64) * 600, now, &mut report).await?;
            count += 1;
        }
    }

    // Details for products other modules added (derived from their variants' text).
    let have: HashSet<i64> = info::Entity::find()
        .select_only()
        .column(info::Column::ProductId)
        .into_tuple::<i64>()
        .all(&txn)
        .await?
        .into_iter()
        .collect();
    let missing: Vec<product::Model> = product::Entity::find()
        .all(&txn)
        .await?
        .into_iter()
        .filter(|p| !have.contains(&p.id))
        .collect();
    if !missing.is_empty() {
        let mut vars: HashMap<i64, Vec<variant::Model>> = HashMap::new();
        for v in variant::Entity::find().all(&txn).await? {
            vars.entry(v.product_id).or_default().push(v);
        }
        for p in missing {
            let mut vs = vars.remove(&p.id).unwrap_or_default();
            vs.sort_by_key(|v| (v.price, v.id));
            let mut i = derived_info(&p, &vs);
            let slug = if p.line == product::LINE_TABLET_LAPTOP {
                if crate::catalog::snapshot::brand_slug(&p.brand) == "microsoft" { "surface" } else { "convertible" }
            } else if i.gpu.contains("RTX") || i.gpu.contains("GTX") {
                "gaming-laptop"
            } else if p.condition == product::CONDITION_USED {
                "business-laptop"
            } else {
                "student-laptop"
            };
            let cat = cats.get(slug);
            i.category_id = cat.map(|c| c.id);
            i.model = p
                .uid
                .split('-')
                .rev()
                .find(|s| s.chars().any(|c| c.is_ascii_digit()) && s.chars().any(|c| c.is_ascii_alphabetic()))
                .map(str::to_ascii_uppercase)
                .unwrap_or_default();
            if p.condition != product::CONDITION_NEW {
                i.condition_grade = Some("A".into());
                i.battery_health = Some(85);
                i.test_days = Some(7);
            }
            i.created_at = now - 86_400 * 3 - p.id;
            i.search_text = item_search_text(&p, &i, cat.map(|c| c.name.as_str()));
            info::ActiveModel::from(i).reset_all().insert(&txn).await?;
            report.details_filled += 1;
        }
    }
    // Every demo laptop offers the demo delivery options (earlier loads linked them to none).
    report.delivery_links = super::link_delivery(&txn).await?;
    txn.commit().await?;

    let c = super::content::seed(db, now).await?;
    report.blog_posts = c.0;
    report.pages = c.1;
    report.faq = c.2;
    tracing::info!(?report, "catalogue demo data loaded (only what was missing)");
    Ok(report)
}

#[allow(clippy::too_many_arguments)]
async fn insert_laptop<C: ConnectionTrait>(
    db: &C,
    l: &DemoLaptop,
    uid: &str,
    name: &str,
    cats: &HashMap<String, category::Model>,
    created_at: i64,
    now: i64,
    report: &mut CatalogSeedReport,
) -> Result<(), DbErr> {
    let k = h(uid);
    let p = product::ActiveModel {
        uid: Set(uid.to_string()),
        name: Set(name.to_string()),
        brand: Set(l.brand.clone()),
        line: Set(l.line.to_string()),
        condition: Set(l.condition.to_string()),
        description: Set(describe(l)),
        active: Set(true),
        ..Default::default()
    }
    .insert(db)
    .await?;
    let out_of_stock = k.is_multiple_of(11);
    let warranties: [(&str, i64); 2] = if l.condition == product::CONDITION_NEW {
        [("گارانتی ۱۸ ماهه شرکتی", round_to(l.price * 3 / 100, 100_000)), ("گارانتی ۶ ماهه فروشگاه", 0)]
    } else {
        [("گارانتی ۶ ماهه فروشگاه", round_to(l.price * 2 / 100, 100_000)), ("گارانتی ۳ ماهه فروشگاه", 0)]
    };
    let property = format!("{} / {} گیگ رم / {} {}", l.cpu, fa(l.ram_gb), storage_text(l.storage_gb).replace("گیگابایت", "گیگ"), "SSD");
    let mut rows = Vec::new();
    for (ci, colour) in l.colours.iter().enumerate() {
        for (wi, (wname, wprice)) in warranties.iter().enumerate() {
            let stock = if out_of_stock { 0 } else { ((k >> (ci * 4 + wi * 2)) % 6) as i64 + i64::from(ci == 0 && wi == 0) };
            rows.push(variant::ActiveModel {
                product_id: Set(p.id),
                color: Set(colour.clone()),
                warranty_name: Set(wname.to_string()),
                warranty_price: Set(*wprice),
                warranty_note: Set(super::warranty_note(wname).to_string()),
                price: Set(l.price + round_to(l.price * 15 * ci as i64 / 1000, 100_000)),
                stock: Set(stock),
                ins_payment: Set(l.condition != product::CONDITION_USED && l.price >= 30_000_000 || (k % 4 == 1)),
                dg: Set(format!("{}-{}", p.id, rows.len() + 1)),
                property: Set(property.clone()),
                ..Default::default()
            });
        }
    }
    report.variants += rows.len();
    variant::Entity::insert_many(rows).exec_without_returning(db).await?;
    let cat = cats.get(&l.category).or_else(|| cats.get("laptop"));
    let (special_price, special_ends_at) = if l.special_percent > 0 {
        (
            Some(round_to(l.price * (100 - l.special_percent) / 100, 100_000)),
            Some(now + 86_400 * (2 + (k % 8) as i64) + 3600 * (k % 24) as i64),
        )
    } else {
        (None, None)
    };
    let mut i = info::Model {
        product_id: p.id,
        category_id: cat.map(|c| c.id),
        model: l.model.clone(),
        condition_grade: l.grade.clone(),
        battery_health: l.battery_health,
        test_days: l.test_days,
        cpu: l.cpu.clone(),
        cpu_family: cpu_family(&l.cpu),
        ram_gb: l.ram_gb,
        storage_gb: l.storage_gb,
        storage_type: "SSD".into(),
        gpu: l.gpu.clone(),
        screen_inches: l.screen_inches,
        screen_resolution: l.resolution.clone(),
        weight_kg: l.weight_kg,
        battery_wh: l.battery_wh,
        ports: ports_of(l),
        os: l.os.clone(),
        special_price,
        special_ends_at,
        images: crate::catalog::images::MAX_PICTURES,
        created_at,
        search_text: String::new(),
    };
    i.search_text = item_search_text(&p, &i, cat.map(|c| c.name.as_str()));
    info::ActiveModel::from(i).reset_all().insert(db).await?;
    report.products += 1;
    Ok(())
}
