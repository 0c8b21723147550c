//! The in-memory catalogue: every active product with its variants, details and category,
//! the category tree and the search index, loaded from the database in one go, and the pure
//! query functions (filter, sort, paginate, facets) the API calls.
//!
//! A snapshot is rebuilt when `catalog_meta.version` moves (see [`super::cache`]).

use std::collections::{HashMap, HashSet};

use sea_orm::{ConnectionTrait, DbErr, EntityTrait, QueryOrder};

use super::holders::Holders;
use super::rank::RankKey;
use super::search::{self, DocText, SearchIndex};
use super::{category, info, product, variant};

/// Brands: slug, Latin display name, Persian name.
pub const BRANDS: &[(&str, &str, &str)] = &[
    ("lenovo", "Lenovo", "لنوو"),
    ("hp", "HP", "اچ‌پی"),
    ("dell", "Dell", "دل"),
    ("asus", "ASUS", "ایسوس"),
    ("acer", "Acer", "ایسر"),
    ("apple", "Apple", "اپل"),
    ("msi", "MSI", "ام‌اس‌آی"),
    ("microsoft", "Microsoft", "مایکروسافت"),
    ("samsung", "Samsung", "سامسونگ"),
    ("huawei", "Huawei", "هواوی"),
    ("gigabyte", "Gigabyte", "گیگابایت"),
];

/// The brand's slug (`ASUS`, `asus`, `ایسوس` → `asus`); unknown brands: their compact folded form.
pub fn brand_slug(brand: &str) -> String {
    let c = search::compact(brand);
    for (slug, latin, fa) in BRANDS {
        if c == *slug || c == search::compact(latin) || c == search::compact(fa) {
            return (*slug).to_string();
        }
    }
    c
}

/// The brand's Persian name, when known.
pub fn brand_persian(brand: &str) -> Option<&'static str> {
    let s = brand_slug(brand);
    BRANDS.iter().find(|b| b.0 == s).map(|b| b.2)
}

/// CPU families used by the filter: slug and Persian label.
pub const CPU_FAMILIES: &[(&str, &str)] = &[
    ("intel-core-i3", "اینتل Core i3"),
    ("intel-core-i5", "اینتل Core i5"),
    ("intel-core-i7", "اینتل Core i7"),
    ("intel-core-i9", "اینتل Core i9"),
    ("intel-core-ultra-5", "اینتل Core Ultra 5"),
    ("intel-core-ultra-7", "اینتل Core Ultra 7"),
    ("intel-core-ultra-9", "اینتل Core Ultra 9"),
    ("intel-celeron", "اینتل سلرون و پنتیوم"),
    ("amd-ryzen-3", "ای‌ام‌دی Ryzen 3"),
    ("amd-ryzen-5", "ای‌ام‌دی Ryzen 5"),
    ("amd-ryzen-7", "ای‌ام‌دی Ryzen 7"),
    ("amd-ryzen-9", "ای‌ام‌دی Ryzen 9"),
    ("apple-m1", "اپل M1"),
    ("apple-m2", "اپل M2"),
    ("apple-m3", "اپل M3"),
    ("apple-m4", "اپل M4"),
    ("qualcomm-snapdragon", "کوالکام اسنپدراگون"),
];

/// The CPU family slug of a CPU name (`Core i7-1255U` → `intel-core-i7`,
/// `Ryzen 5 7530U` → `amd-ryzen-5`, `Apple M2 Pro` → `apple-m2`); `other` when unknown.
pub fn cpu_family(cpu: &str) -> String {
    let t = shop_core::search::tokenize(cpu);
    let has = |w: &str| t.iter().any(|x| x == w);
    let after = |w: &str| t.iter().position(|x| x == w).and_then(|i| t.get(i + 1)).cloned();
    if has("ultra") {
        if let Some(n) = after("ultra") {
            if ["5", "7", "9"].contains(&n.as_str()) {
                return format!("intel-core-ultra-{n}");
            }
        }
    }
    for i in ["i3", "i5", "i7", "i9"] {
        if has(i) {
            return format!("intel-core-{i}");
        }
    }
    if has("ryzen") {
        if let Some(n) = after("ryzen") {
            if ["3", "5", "7", "9"].contains(&n.as_str()) {
                return format!("amd-ryzen-{n}");
            }
        }
    }
    for m in ["m1", "m2", "m3", "m4"] {
        if has(m) {
            return format!("apple-{m}");
        }
    }
    if has("celeron") || has("pentium") || t.iter().any(|x| x.starts_with("n100") || x.starts_with("n200")) {
        return "intel-celeron".into();
    }
    if has("snapdragon") {
        return "qualcomm-snapdragon".into();
    }
    "other".into()
}

/// Screen size bands of the filter: slug and Persian label, smallest first. A size belongs to
/// the band of its whole inches: 13.3 and 14.5 are `13-14`, 15.6 and 16.1 are `15-16`.
pub const SCREEN_BANDS: &[(&str, &str)] = &[
    ("under-13", "کمتر از ۱۳ اینچ"),
    ("13-14", "۱۳ تا ۱۴ اینچ"),
    ("15-16", "۱۵ تا ۱۶ اینچ"),
    ("17-plus", "۱۷ اینچ و بیشتر"),
];

/// The screen band slug of a size in inches; `None` when the size is not known (0).
pub fn screen_band(inches: f64) -> Option<&'static str> {
    if !(inches > 0.0) {
        return None;
    }
    Some(match inches {
        x if x < 13.0 => "under-13",
        x if x < 15.0 => "13-14",
        x if x < 17.0 => "15-16",
        _ => "17-plus",
    })
}

/// Graphics families of the filter: slug and Persian label. `integrated` is every GPU built
/// into the processor (Intel UHD/Iris/Arc Graphics, AMD Radeon Graphics and 600M/700M/800M,
/// Apple M, Qualcomm Adreno); the others are discrete GPU families.
pub const GRAPHICS_FAMILIES: &[(&str, &str)] = &[
    ("integrated", "گرافیک مجتمع (آنبورد)"),
    ("nvidia-rtx", "انویدیا GeForce RTX"),
    ("nvidia-gtx", "انویدیا GeForce GTX"),
    ("nvidia-mx", "انویدیا GeForce MX"),
    ("nvidia-pro", "انویدیا حرفه‌ای (RTX A و T)"),
    ("amd-radeon-rx", "ای‌ام‌دی Radeon RX"),
    ("intel-arc-a", "اینتل Arc سری A"),
];

/// The graphics family slug of a GPU name (`NVIDIA GeForce RTX 4060 8GB` → `nvidia-rtx`,
/// `Intel Iris Xe Graphics` → `integrated`, `NVIDIA RTX A2000` → `nvidia-pro`); `None` when
/// the GPU is not given.
pub fn graphics_family(gpu: &str) -> Option<&'static str> {
    let t = shop_core::search::tokenize(gpu);
    if t.is_empty() {
        return None;
    }
    let has = |w: &str| t.iter().any(|x| x == w);
    let starts = |p: &str| t.iter().any(|x| x.starts_with(p) && x.len() > p.len());
    if has("nvidia") || has("geforce") || has("rtx") || has("gtx") || starts("mx") {
        return Some(if has("gtx") {
            "nvidia-gtx"
        } else if has("rtx") && (has("geforce") || t.iter().any(|x| x.len() == 4 && x.bytes().all(|b| b.is_ascii_digit()))) {
            "nvidia-rtx"
        } else if starts("mx") && !has("rtx") {
            "nvidia-mx"
        } else {
            "nvidia-pro"
        });
    }
    if has("rx") || starts("rx") {
        return Some("amd-radeon-rx");
    }
    if has("arc") && t.iter().any(|x| x.starts_with('a') && x.len() > 1 && x[1..].bytes().next().is_some_and(|b| b.is_ascii_digit())) {
        return Some("intel-arc-a");
    }
    Some("integrated")
}

/// Storage bands of the filter: slug and Persian label, smallest first.
pub const STORAGE_BANDS: &[(&str, &str)] = &[
    ("256", "۲۵۶ گیگابایت و کمتر"),
    ("512", "۵۱۲ گیگابایت"),
    ("1024", "۱ ترابایت"),
    ("2048-plus", "۲ ترابایت و بیشتر"),
];

/// The storage band slug of a capacity in GB; `None` when unknown (0).
pub fn storage_band(gb: i32) -> Option<&'static str> {
    Some(match gb {
        x if x <= 0 => return None,
        x if x <= 256 => "256",
        x if x <= 512 => "512",
        x if x <= 1024 => "1024",
        _ => "2048-plus",
    })
}

/// Persian labels of conditions and lines.
pub fn condition_label(c: &str) -> &'static str {
    match c {
        product::CONDITION_USED => "استوک",
        product::CONDITION_OPEN_BOX => "اوپن‌باکس",
        _ => "نو",
    }
}

/// Persian label of a product line.
pub fn line_label(l: &str) -> &'static str {
    match l {
        product::LINE_TABLET_LAPTOP => "تبلت لپ‌تاپ (۲ در ۱)",
        _ => "لپ‌تاپ",
    }
}

/// One product in the snapshot.
#[derive(Debug, Clone)]
pub struct Item {
    pub product: product::Model,
    pub info: info::Model,
    /// Cheapest first.
    pub variants: Vec<variant::Model>,
    /// Index into [`Snapshot::categories`].
    pub category: Option<usize>,
    pub brand_slug: String,
    /// Price of the cheapest variant (before any offer).
    pub base_price: i64,
    pub stock: i64,
    pub ins_payment: bool,
    /// Indexes into [`Snapshot::facet_values`] (brand slug, condition, line, CPU family,
    /// screen band, graphics family, storage band), filled by [`Snapshot::from_parts`].
    pub facet_keys: [u16; FACETS],
    /// Uploaded pictures, the main one first, then in their order (`catalog::pictures`);
    /// empty: the drawn ones are shown.
    pub pictures: Vec<super::entity::picture::Model>,
}

/// How many facets are counted by key ([`Item::facet_keys`]).
pub const FACETS: usize = 7;

/// What a list page reads of every item it counts and orders, packed in one cache line (the
/// item's fields are spread over four): a search for «لپ تاپ» counts and ranks the whole
/// catalogue (bench/README.md, search at 100,000 products). Made by [`Snapshot::from_parts`].
#[derive(Debug, Clone, Copy)]
pub struct ItemKeys {
    /// The offer terms: the price at any time ([`Item::price`]).
    pub offer: shop_core::quote::OfferTerms,
    pub product_id: i64,
    /// `product_info.created_at` (the newest sort).
    pub created_at: i64,
    /// The item's facet values and RAM size: an index into [`Snapshot::facet_sets`].
    pub facet_set: u32,
    pub in_stock: bool,
}

impl ItemKeys {
    /// [`Item::price`].
    pub fn price(&self, now: i64) -> i64 {
        self.offer.product_price(now)
    }
}

impl Item {
    /// The item's value of each facet, in [`Item::facet_keys`]' order (empty: unknown).
    pub fn facet_strings(&self) -> [String; FACETS] {
        [
            self.brand_slug.clone(),
            self.product.condition.clone(),
            self.product.line.clone(),
            self.info.cpu_family.clone(),
            screen_band(self.info.screen_inches).unwrap_or("").to_string(),
            graphics_family(&self.info.gpu).unwrap_or("").to_string(),
            storage_band(self.info.storage_gb).unwrap_or("").to_string(),
        ]
    }

    /// The offer terms (fields and cheapest price) the core's offer rule reads
    /// (`shop_core::quote::OfferTerms`).
    pub fn offer_terms(&self) -> shop_core::quote::OfferTerms {
        shop_core::quote::OfferTerms {
            base_price: self.base_price,
            special_price: self.info.special_price,
            special_ends_at: self.info.special_ends_at,
        }
    }

    /// The special offer when active at `now`: (offer price of the cheapest variant, end).
    pub fn offer(&self, now: i64) -> Option<(i64, i64)> {
        self.offer_terms().offer(now)
    }

    /// What a variant costs at `now` (the offer's discount applies to every variant).
    /// The cart prices its lines with the same rule (`shop_core::quote`, through [`Item::live`]).
    pub fn variant_price(&self, v: &variant::Model, now: i64) -> i64 {
        self.live(v).unit_price(now)
    }

    /// A variant's live catalogue values as the core's pricing rule book reads them (stock
    /// not checked: the cart read).
    pub fn live(&self, v: &variant::Model) -> shop_core::quote::Live {
        shop_core::quote::Live {
            price: v.price,
            warranty_price: v.warranty_price,
            ins_payment: v.ins_payment,
            offer: self.offer_terms(),
            stock: None,
        }
    }

    /// Displayed price at `now`: the cheapest variant's price after any offer.
    pub fn price(&self, now: i64) -> i64 {
        self.offer_terms().product_price(now)
    }

    /// Whether any variant has stock.
    pub fn in_stock(&self) -> bool {
        self.stock > 0
    }
}

/// The whole catalogue in memory.
#[derive(Debug, Default)]
pub struct Snapshot {
    /// `catalog_meta.version` it was built at.
    pub version: i64,
    pub items: Vec<Item>,
    pub by_uid: HashMap<String, usize>,
    /// Product id → item.
    pub by_id: HashMap<i64, usize>,
    /// Per item, what list pages count and sort by ([`ItemKeys`]).
    pub keys: Vec<ItemKeys>,
    /// The distinct (facet keys, RAM in GB) of the items: a page counts items per set, then
    /// adds each set's count to its facet values (many items share one set).
    pub facet_sets: Vec<([u16; FACETS], i32)>,
    /// Sorted by (parent, position, id).
    pub categories: Vec<category::Model>,
    pub category_by_id: HashMap<i64, usize>,
    /// Category id → products in it or below it.
    pub category_counts: HashMap<i64, usize>,
    /// Shared with the previous snapshot when no search text changed (e.g. a stock change).
    pub index: std::sync::Arc<SearchIndex>,
    /// Hash of every (product id, search text, model), to tell when the index can be reused.
    pub text_fingerprint: u64,
    /// Distinct values of each facet (brand slugs, conditions, lines, CPU families, screen
    /// bands, graphics families, storage bands), for facet counting.
    pub facet_values: [Vec<String>; FACETS],
    /// Units sold per product (the best sellers), from the orders.
    pub sales: Sales,
}

/// Units sold: per product, (order time, units) of every line of a paid order (paid,
/// preparing, shipped or delivered) placed in the last [`Sales::WINDOW_SECS`]. The best
/// sellers rank by it; a shop without such an order has no best sellers (no fake counts).
/// An order's status change bumps `catalog_meta.version` (a trigger), so the snapshot, and
/// these numbers, are rebuilt when an order is paid; the window itself is applied at query
/// time, so a sale leaves the count after 90 days even without a rebuild.
#[derive(Debug, Default, Clone)]
pub struct Sales {
    by_product: HashMap<i64, Vec<(i64, i64)>>,
}

impl Sales {
    /// The window the best sellers are counted over: 90 days.
    pub const WINDOW_SECS: i64 = 90 * 86_400;

    /// The order statuses whose lines count as sold.
    pub const SOLD_STATUSES: [shop_core::order_state::OrderStatus; 4] = [
        shop_core::order_state::OrderStatus::Paid,
        shop_core::order_state::OrderStatus::Preparing,
        shop_core::order_state::OrderStatus::Shipped,
        shop_core::order_state::OrderStatus::Delivered,
    ];

    /// Sales from (product id, order time, units) rows.
    pub fn from_rows(rows: impl IntoIterator<Item = (i64, i64, i64)>) -> Self {
        let mut by_product: HashMap<i64, Vec<(i64, i64)>> = HashMap::new();
        for (product, at, units) in rows {
            if units > 0 {
                by_product.entry(product).or_default().push((at, units));
            }
        }
        Self { by_product }
    }

    /// The products with a sold line (in or out of the window).
    pub fn products(&self) -> impl Iterator<Item = i64> + '_ {
        self.by_product.keys().copied()
    }

    /// Units of `product_id` sold in the window ending at `now`.
    pub fn units(&self, product_id: i64, now: i64) -> i64 {
        let since = now - Self::WINDOW_SECS;
        self.by_product
            .get(&product_id)
            .map_or(0, |v| v.iter().filter(|(at, _)| *at >= since && *at <= now).map(|(_, n)| *n).sum())
    }

    /// Loads the sold lines placed since `since` (unix seconds), by the queries `holders` gives.
    pub async fn load<C: ConnectionTrait>(db: &C, holders: &dyn Holders, since: i64) -> Result<Self, DbErr> {
        let mut out = Vec::new();
        for q in holders.sold_since(since) {
            for r in db.query_all_raw(db.get_database_backend().build(&q)).await? {
                out.push((r.try_get_by_index::<i64>(0)?, r.try_get_by_index::<i64>(1)?, r.try_get_by_index::<i64>(2)?));
            }
        }
        Ok(Self::from_rows(out))
    }
}

/// A product's details when it has no `product_info` row yet (e.g. added by another module):
/// specs read from its cheapest variant's `Property` text, like «Core i5-1245U / ۱۶ گیگ رم / ۵۱۲ گیگ SSD».
pub fn derived_info(p: &product::Model, variants: &[variant::Model]) -> info::Model {
    let prop = variants.first().map(|v| v.property.as_str()).unwrap_or("");
    let parts: Vec<&str> = prop.split('/').map(str::trim).collect();
    let cpu = parts.first().copied().unwrap_or("").to_string();
    let mut ram = 0;
    let mut storage = 0;
    let mut gpu = String::new();
    for part in &parts[1.min(parts.len())..] {
        let w = shop_core::digits::to_western_digits(part);
        let num: i32 = w.chars().filter(char::is_ascii_digit).collect::<String>().parse().unwrap_or(0);
        if w.contains("رم") {
            ram = num;
        } else if w.contains("ترابایت") {
            storage = num * 1024;
        } else if w.contains("SSD") || w.contains("HDD") || w.contains("گیگ") {
            storage = num;
        } else {
            gpu = part.to_string();
        }
    }
    let mut m = info::Model {
        product_id: p.id,
        category_id: None,
        model: String::new(),
        condition_grade: None,
        battery_health: None,
        test_days: None,
        cpu_family: cpu_family(&cpu),
        cpu,
        ram_gb: ram,
        storage_gb: storage,
        storage_type: "SSD".into(),
        gpu,
        screen_inches: 0.0,
        screen_resolution: String::new(),
        weight_kg: 0.0,
        battery_wh: 0,
        ports: String::new(),
        os: String::new(),
        special_price: None,
        special_ends_at: None,
        images: 1,
        created_at: 0,
        search_text: String::new(),
    };
    m.search_text = item_search_text(p, &m, None);
    m
}

/// The search text of a product (what `product_info.search_text` stores).
pub fn item_search_text(p: &product::Model, i: &info::Model, category_name: Option<&str>) -> String {
    use search::weight as w;
    let brand_fa = brand_persian(&p.brand).unwrap_or("");
    let brand = format!("{} {}", p.brand, brand_fa);
    let ram = if i.ram_gb > 0 { format!("رم {0} گیگ {0}gb {0} گیگابایت", i.ram_gb) } else { String::new() };
    let storage = if i.storage_gb >= 1024 && i.storage_gb % 1024 == 0 {
        format!("{} ترابایت {}tb {}", i.storage_gb / 1024, i.storage_gb / 1024, i.storage_type)
    } else if i.storage_gb > 0 {
        format!("{0} گیگ {0}gb {1}", i.storage_gb, i.storage_type)
    } else {
        String::new()
    };
    let screen = if i.screen_inches > 0.0 { format!("{} اینچ {}", i.screen_inches, i.screen_resolution) } else { String::new() };
    let specs = format!(
        "{} {} {} {} {} {} {} {}",
        i.cpu,
        ram,
        storage,
        i.gpu,
        screen,
        i.os,
        condition_label(&p.condition),
        line_label(&p.line)
    );
    search::search_text(&[
        (w::NAME, &p.name),
        // The uid is the Latin slug of the name (`lenovo-thinkpad-x1-carbon-gen11`): Latin
        // spellings of series names written in Persian in the name.
        (w::NAME, &p.uid.replace('-', " ")),
        (w::MODEL, &i.model),
        (w::BRAND, &brand),
        (w::SPECS, &specs),
        (w::CATEGORY, category_name.unwrap_or("")),
        (w::DESCRIPTION, &p.description),
    ])
}

impl Snapshot {
    /// Load everything from the database (the sales of the window ending at `now`).
    /// The search index of `previous` is reused when no product's search text changed.
    pub async fn load<C: ConnectionTrait>(
        db: &C,
        holders: &dyn Holders,
        version: i64,
        previous: Option<&Snapshot>,
        now: i64,
    ) -> Result<Self, DbErr> {
        let sales = Sales::load(db, holders, now - Sales::WINDOW_SECS).await?;
        let products = product::Entity::find().order_by_asc(product::Column::Id).all(db).await?;
        let mut variants: HashMap<i64, Vec<variant::Model>> = HashMap::new();
        for v in variant::Entity::find().order_by_asc(variant::Column::Id).all(db).await? {
            variants.entry(v.product_id).or_default().push(v);
        }
        let mut infos: HashMap<i64, info::Model> =
            info::Entity::find().all(db).await?.into_iter().map(|i| (i.product_id, i)).collect();
        let mut categories = category::Entity::find()
            .order_by_asc(category::Column::Position)
            .order_by_asc(category::Column::Id)
            .all(db)
            .await?;
        categories.sort_by_key(|c| (c.parent_id.unwrap_or(0), c.position, c.id));
        let category_by_id: HashMap<i64, usize> = categories.iter().enumerate().map(|(i, c)| (c.id, i)).collect();
        let mut pictures: HashMap<i64, Vec<super::entity::picture::Model>> = HashMap::new();
        for pic in super::entity::picture::Entity::find().all(db).await? {
            pictures.entry(pic.product_id).or_default().push(pic);
        }
        for list in pictures.values_mut() {
            list.sort_by_key(|p| (!p.is_main, p.position, p.id));
        }
        let mut items = Vec::with_capacity(products.len());
        for p in products {
            if !p.active {
                continue;
            }
            let mut vs = variants.remove(&p.id).unwrap_or_default();
            if vs.is_empty() {
                continue;
            }
            vs.sort_by_key(|v| (v.price, v.id));
            let info = infos.remove(&p.id).unwrap_or_else(|| derived_info(&p, &vs));
            let category = info.category_id.and_then(|id| category_by_id.get(&id).copied());
            items.push(Item {
                brand_slug: brand_slug(&p.brand),
                base_price: vs[0].price,
                stock: vs.iter().map(|v| v.stock.max(0)).sum(),
                ins_payment: vs.iter().any(|v| v.ins_payment),
                facet_keys: [0; FACETS],
                pictures: pictures.remove(&p.id).unwrap_or_default(),
                category,
                variants: vs,
                info,
                product: p,
            });
        }
        let mut snap = Self::from_parts_reusing(version, items, categories, previous);
        snap.sales = sales;
        Ok(snap)
    }

    /// Assemble a snapshot (also used by the search bench with generated items).
    pub fn from_parts(version: i64, items: Vec<Item>, categories: Vec<category::Model>) -> Self {
        Self::from_parts_reusing(version, items, categories, None)
    }

    /// Like [`Snapshot::from_parts`], reusing `previous`'s index when the texts are the same.
    pub fn from_parts_reusing(
        version: i64,
        mut items: Vec<Item>,
        categories: Vec<category::Model>,
        previous: Option<&Snapshot>,
    ) -> Self {
        let mut facet_values: [Vec<String>; FACETS] = Default::default();
        for it in &mut items {
            let vals = it.facet_strings();
            for (k, v) in vals.into_iter().enumerate() {
                let pos = match facet_values[k].iter().position(|x| *x == v) {
                    Some(p) => p,
                    None => {
                        facet_values[k].push(v);
                        facet_values[k].len() - 1
                    }
                };
                it.facet_keys[k] = pos.min(u16::MAX as usize) as u16;
            }
        }
        let category_by_id: HashMap<i64, usize> = categories.iter().enumerate().map(|(i, c)| (c.id, i)).collect();
        let by_uid = items.iter().enumerate().map(|(i, it)| (it.product.uid.clone(), i)).collect();
        let by_id = items.iter().enumerate().map(|(i, it)| (it.product.id, i)).collect();
        let mut set_of: HashMap<([u16; FACETS], i32), u32> = HashMap::new();
        let mut facet_sets = Vec::new();
        let keys = items
            .iter()
            .map(|it| {
                let set = (it.facet_keys, it.info.ram_gb);
                let facet_set = *set_of.entry(set).or_insert_with(|| {
                    facet_sets.push(set);
                    facet_sets.len() as u32 - 1
                });
                ItemKeys {
                    offer: it.offer_terms(),
                    product_id: it.product.id,
                    created_at: it.info.created_at,
                    facet_set,
                    in_stock: it.in_stock(),
                }
            })
            .collect();
        let text_fingerprint = {
            use std::hash::{Hash, Hasher};
            let mut h = std::collections::hash_map::DefaultHasher::new();
            for it in &items {
                (it.product.id, &it.info.search_text, &it.info.model).hash(&mut h);
            }
            h.finish()
        };
        let index = match previous {
            Some(p) if p.text_fingerprint == text_fingerprint && p.index.len() == items.len() => p.index.clone(),
            _ => {
                let docs: Vec<DocText> = items
                    .iter()
                    .map(|it| DocText { search_text: &it.info.search_text, model: &it.info.model })
                    .collect();
                std::sync::Arc::new(SearchIndex::build(&docs))
            }
        };
        let mut category_counts: HashMap<i64, usize> = HashMap::new();
        for it in &items {
            let mut cur = it.category.map(|i| categories[i].id);
            let mut guard = 0;
            while let Some(id) = cur {
                *category_counts.entry(id).or_default() += 1;
                cur = category_by_id.get(&id).and_then(|&i| categories[i].parent_id);
                guard += 1;
                if guard > 16 {
                    break;
                }
            }
        }
        Self {
            version,
            items,
            by_uid,
            by_id,
            keys,
            facet_sets,
            categories,
            category_by_id,
            category_counts,
            index,
            text_fingerprint,
            facet_values,
            sales: Sales::default(),
        }
    }

    /// The category with this id.
    pub fn category(&self, id: i64) -> Option<&category::Model> {
        self.category_by_id.get(&id).map(|&i| &self.categories[i])
    }

    /// The category's id and every descendant's id.
    pub fn category_and_descendants(&self, id: i64) -> HashSet<i64> {
        let mut out = HashSet::from([id]);
        loop {
            let before = out.len();
            for c in &self.categories {
                if let Some(p) = c.parent_id {
                    if out.contains(&p) {
                        out.insert(c.id);
                    }
                }
            }
            if out.len() == before {
                return out;
            }
        }
    }

    /// Units of the item sold in the 90 days before `now` ([`Sales`]).
    pub fn sold(&self, i: usize, now: i64) -> i64 {
        self.sales.units(self.items[i].product.id, now)
    }

    /// The best sellers at `now`: items with a sale in the window, in stock, most units first
    /// (ties: newest product first). Empty while nothing has been sold.
    pub fn best_sellers(&self, now: i64) -> Vec<usize> {
        let mut ids: Vec<(i64, usize)> = (0..self.items.len())
            .filter(|&i| self.items[i].in_stock())
            .map(|i| (self.sold(i, now), i))
            .filter(|(n, _)| *n > 0)
            .collect();
        ids.sort_by_key(|&(n, i)| (std::cmp::Reverse(n), std::cmp::Reverse(self.items[i].product.id)));
        ids.into_iter().map(|(_, i)| i).collect()
    }

    /// Whether any product has been sold in the window ending at `now` (the best-selling sort
    /// and the best sellers are offered only then).
    pub fn has_sales(&self, now: i64) -> bool {
        // By the products sold, not by every item: every list page asks.
        self.sales.products().any(|id| self.by_id.contains_key(&id) && self.sales.units(id, now) > 0)
    }

    /// The path from the root to the category (for breadcrumbs).
    pub fn category_path(&self, id: i64) -> Vec<&category::Model> {
        let mut out = Vec::new();
        let mut cur = self.category(id);
        while let Some(c) = cur {
            out.push(c);
            if out.len() > 16 {
                break;
            }
            cur = c.parent_id.and_then(|p| self.category(p));
        }
        out.reverse();
        out
    }
}

/// Sort orders of the product list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sort {
    Newest,
    Cheapest,
    Expensive,
    BestSelling,
    /// Search relevance (the hit order).
    Relevance,
}

impl Sort {
    /// Parse the `sort` parameter.
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "newest" => Some(Self::Newest),
            "cheapest" => Some(Self::Cheapest),
            "expensive" | "most-expensive" => Some(Self::Expensive),
            "bestselling" | "best-selling" => Some(Self::BestSelling),
            "relevance" => Some(Self::Relevance),
            _ => None,
        }
    }
}

/// A validated list query.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Filter {
    /// Allowed category ids (the chosen one and its descendants).
    pub categories: Option<HashSet<i64>>,
    pub brands: Vec<String>,
    pub conditions: Vec<String>,
    pub lines: Vec<String>,
    pub min_price: Option<i64>,
    pub max_price: Option<i64>,
    pub rams: Vec<i32>,
    pub cpu_families: Vec<String>,
    /// Screen band slugs ([`SCREEN_BANDS`]).
    pub screens: Vec<String>,
    /// Graphics family slugs ([`GRAPHICS_FAMILIES`]).
    pub graphics: Vec<String>,
    /// Storage band slugs ([`STORAGE_BANDS`]).
    pub storages: Vec<String>,
    pub in_stock: bool,
    pub special: bool,
}

impl Filter {
    /// Whether every item passes (no filter given).
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    /// Whether the item passes, at `now`.
    pub fn matches(&self, it: &Item, now: i64) -> bool {
        if let Some(cats) = &self.categories {
            match it.category {
                Some(_) => {
                    if !cats.contains(&it.info.category_id.unwrap_or(-1)) {
                        return false;
                    }
                }
                None => return false,
            }
        }
        if !self.brands.is_empty() && !self.brands.contains(&it.brand_slug) {
            return false;
        }
        if !self.conditions.is_empty() && !self.conditions.contains(&it.product.condition) {
            return false;
        }
        if !self.lines.is_empty() && !self.lines.contains(&it.product.line) {
            return false;
        }
        let price = it.price(now);
        if self.min_price.is_some_and(|m| price < m) || self.max_price.is_some_and(|m| price > m) {
            return false;
        }
        if !self.rams.is_empty() && !self.rams.contains(&it.info.ram_gb) {
            return false;
        }
        if !self.cpu_families.is_empty() && !self.cpu_families.contains(&it.info.cpu_family) {
            return false;
        }
        // Each band is worked out only when filtered on (the GPU's family tokenises its name).
        let within = |list: &[String], v: Option<&str>| v.is_some_and(|v| list.iter().any(|x| x == v));
        if (!self.screens.is_empty() && !within(&self.screens, screen_band(it.info.screen_inches)))
            || (!self.graphics.is_empty() && !within(&self.graphics, graphics_family(&it.info.gpu)))
            || (!self.storages.is_empty() && !within(&self.storages, storage_band(it.info.storage_gb)))
        {
            return false;
        }
        if self.in_stock && !it.in_stock() {
            return false;
        }
        if self.special && it.offer(now).is_none() {
            return false;
        }
        true
    }
}

/// Order item indexes by `sort` (stable; out-of-stock items last except for relevance).
pub fn sort_items(snap: &Snapshot, ids: &mut [usize], sort: Sort, now: i64) {
    let items = &snap.items;
    match sort {
        Sort::Relevance => {}
        Sort::Newest => ids.sort_by_key(|&i| {
            (!items[i].in_stock(), std::cmp::Reverse(items[i].info.created_at), std::cmp::Reverse(items[i].product.id))
        }),
        Sort::Cheapest => ids.sort_by_key(|&i| (!items[i].in_stock(), items[i].price(now), items[i].product.id)),
        Sort::Expensive => ids.sort_by_key(|&i| {
            (!items[i].in_stock(), std::cmp::Reverse(items[i].price(now)), items[i].product.id)
        }),
        Sort::BestSelling => ids.sort_by_cached_key(|&i| {
            (!items[i].in_stock(), std::cmp::Reverse(snap.sold(i, now)), std::cmp::Reverse(items[i].product.id))
        }),
    }
}

/// Item `key.3`'s key under `sort`, the order of [`sort_items`] (out-of-stock items last
/// except for relevance; ties by product id, then item). `key` is the item's key in the
/// candidates' own order, which [`Sort::Relevance`] keeps.
pub fn sort_key(snap: &Snapshot, sort: Sort, now: i64, key: RankKey) -> RankKey {
    let i = key.3;
    if sort == Sort::Relevance {
        return key;
    }
    // Read only for the other orders: the relevance order of a broad search needs no item.
    let it = &snap.keys[i];
    let (out, id) = (!it.in_stock, it.product_id);
    match sort {
        Sort::Newest => (out, !it.created_at, !id, i),
        Sort::Cheapest => (out, it.price(now), id, i),
        Sort::Expensive => (out, !it.price(now), id, i),
        Sort::BestSelling | Sort::Relevance => (out, !snap.sold(i, now), !id, i), // (relevance: above)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_families() {
        assert_eq!(cpu_family("Intel Core i7-1255U"), "intel-core-i7");
        assert_eq!(cpu_family("Core Ultra 7 155H"), "intel-core-ultra-7");
        assert_eq!(cpu_family("AMD Ryzen 5 7530U"), "amd-ryzen-5");
        assert_eq!(cpu_family("Apple M2 Pro"), "apple-m2");
        assert_eq!(cpu_family("Intel Celeron N4500"), "intel-celeron");
        assert_eq!(cpu_family("?"), "other");
    }

    #[test]
    fn screen_sizes_fall_in_their_bands() {
        let bands: Vec<_> = [0.0, 10.5, 12.9, 13.0, 13.3, 14.5, 15.0, 15.6, 16.1, 16.9, 17.0, 18.0].map(screen_band).to_vec();
        assert_eq!(
            bands,
            [None, Some("under-13"), Some("under-13"), Some("13-14"), Some("13-14"), Some("13-14"), Some("15-16"), Some("15-16"), Some("15-16"), Some("15-16"), Some("17-plus"), Some("17-plus")]
        );
    }

    #[test]
    fn gpus_are_integrated_or_their_discrete_family() {
        let cases = [
            ("Intel Iris Xe Graphics", "integrated"),
            ("Intel Arc Graphics", "integrated"),
            ("AMD Radeon 660M", "integrated"),
            ("Apple M2 GPU 10-core", "integrated"),
            ("Qualcomm Adreno", "integrated"),
            ("NVIDIA GeForce RTX 4060 8GB", "nvidia-rtx"),
            ("RTX 3050", "nvidia-rtx"),
            ("NVIDIA GeForce GTX 1650", "nvidia-gtx"),
            ("NVIDIA GeForce MX550", "nvidia-mx"),
            ("NVIDIA RTX A2000 4GB", "nvidia-pro"),
            ("NVIDIA T500 4GB", "nvidia-pro"),
            ("AMD Radeon RX 7600S", "amd-radeon-rx"),
            ("Intel Arc A370M", "intel-arc-a"),
        ];
        for (gpu, family) in cases {
            assert_eq!(graphics_family(gpu), Some(family), "{gpu}");
        }
        assert_eq!(graphics_family(""), None);
    }

    #[test]
    fn storage_sizes_fall_in_their_bands() {
        let bands: Vec<_> = [0, 128, 256, 500, 512, 1000, 1024, 2048, 4096].map(storage_band).to_vec();
        assert_eq!(bands, [None, Some("256"), Some("256"), Some("512"), Some("512"), Some("1024"), Some("1024"), Some("2048-plus"), Some("2048-plus")]);
    }

    #[test]
    fn sales_count_only_the_window() {
        let now = 1_000_000_000;
        let sales = Sales::from_rows([(1, now - 10, 2), (1, now - Sales::WINDOW_SECS - 1, 5), (1, now - Sales::WINDOW_SECS, 1), (2, now, 0)]);
        assert_eq!(sales.units(1, now), 3);
        assert_eq!(sales.units(2, now), 0);
        assert_eq!(sales.units(1, now + Sales::WINDOW_SECS), 0, "90 days later the sales have left the window");
    }

    #[test]
    fn brands() {
        assert_eq!(brand_slug("ASUS"), "asus");
        assert_eq!(brand_slug("ايسوس"), "asus");
        assert_eq!(brand_slug("اچ پی"), "hp");
        assert_eq!(brand_slug("Foo Bar"), "foobar");
    }

    #[test]
    fn derives_specs_from_property() {
        let p = product::Model {
            id: 1,
            uid: "x".into(),
            name: "لپ‌تاپ".into(),
            brand: "Lenovo".into(),
            line: "laptop".into(),
            condition: "used".into(),
            description: String::new(),
            active: true,
            version: 0,
        };
        let v = variant::Model {
            id: 1,
            product_id: 1,
            color: String::new(),
            warranty_name: String::new(),
            warranty_price: 0,
            warranty_note: String::new(),
            price: 10,
            stock: 1,
            ins_payment: true,
            dg: String::new(),
            property: "Core i5-1245U / ۱۶ گیگ رم / ۱ ترابایت SSD / RTX 4060".into(),
            version: 0,
        };
        let i = derived_info(&p, &[v]);
        assert_eq!((i.ram_gb, i.storage_gb, i.cpu_family.as_str(), i.gpu.as_str()), (16, 1024, "intel-core-i5", "RTX 4060"));
    }
}
