//! From the catalogue snapshot to the answers' shapes: cards, product details, spec rows,
//! comparison rows, and what a product picture shows.

use crate::platform::ResponseStatus;
use std::collections::HashSet;

use super::dto::{CategoryRef, CompareRow, ConditionDetails, ImageDto, ProductCard, ProductDetail, ProductResponse, SpecRow, Specs, VariantDto, WarrantyDifference};
use super::images::{self, PictureSpec};
use super::snapshot::{self, Item, Snapshot};
use super::{category, fmt, product, variant};

/// Picture `picture` of a product: its uploaded one (0: the main one), else the drawn one.
pub fn image(item: &Item, picture: i32) -> ImageDto {
    if let Some(p) = usize::try_from(picture).ok().and_then(|n| item.pictures.get(n)) {
        return uploaded(item, p);
    }
    let id = item.product.id;
    ImageDto {
        src: images::url(id, picture, 320),
        src2x: images::url(id, picture, 640),
        src_set: images::WIDTHS.iter().map(|w| format!("{} {w}w", images::url(id, picture, *w))).collect::<Vec<_>>().join(", "),
        alt: item.product.name.clone(),
        width: 320,
        height: 240,
    }
}

/// How many pictures a product shows: its uploaded ones, else its drawn ones.
pub fn image_count(item: &Item) -> i32 {
    match item.pictures.len() {
        0 => item.info.images.clamp(1, images::MAX_PICTURES),
        n => n as i32,
    }
}

/// The address of picture `picture` at least `width` px wide (else its widest file): the
/// uploaded one, else the drawn one. For the page's first paint and its SEO metadata.
pub fn image_url(item: &Item, picture: i32, width: u32) -> String {
    match usize::try_from(picture).ok().and_then(|n| item.pictures.get(n)) {
        Some(p) => super::pictures::url(&p.stem, file_width(p, width)),
        None => images::url(item.product.id, picture, width),
    }
}

/// The narrowest of an uploaded picture's files at least `width` px wide, else its widest.
fn file_width(p: &super::entity::picture::Model, width: u32) -> u32 {
    let widths: Vec<u32> = p.widths.split(',').filter_map(|w| w.parse().ok()).collect();
    widths.iter().copied().find(|w| *w >= width).or_else(|| widths.last().copied()).unwrap_or(width)
}

/// An uploaded picture: `Src` 320 px wide (or its widest file), `Src2x` 640 (or its widest),
/// `SrcSet` every file it has.
fn uploaded(item: &Item, p: &super::entity::picture::Model) -> ImageDto {
    use super::pictures;
    let x1 = file_width(p, 320);
    let x2 = file_width(p, 640);
    let height = (i64::from(p.height) * i64::from(x1) / i64::from(p.width.max(1))).max(1) as u32;
    ImageDto {
        src: pictures::url(&p.stem, x1),
        src2x: pictures::url(&p.stem, x2),
        src_set: super::admin_pictures::src_set(p),
        alt: item.product.name.clone(),
        width: x1,
        height,
    }
}

/// `/shop/category/{slug}-{id}`.
pub fn category_url(slug: &str, id: i64) -> String {
    format!("/shop/category/{slug}-{id}")
}

pub fn category_ref(c: &category::Model) -> CategoryRef {
    CategoryRef { id: c.id, slug: c.slug.clone(), name: c.name.clone(), url: category_url(&c.slug, c.id) }
}

/// The list card of an item at `now`.
pub fn card(snap: &Snapshot, it: &Item, now: i64) -> ProductCard {
    let offer = it.offer(now);
    let price = it.price(now);
    ProductCard {
        id: it.product.id,
        uid: it.product.uid.clone(),
        name: it.product.name.clone(),
        brand: it.product.brand.clone(),
        brand_slug: it.brand_slug.clone(),
        brand_fa: snapshot::brand_persian(&it.product.brand).unwrap_or("").to_string(),
        model: it.info.model.clone(),
        line: it.product.line.clone(),
        line_label: snapshot::line_label(&it.product.line).into(),
        condition: it.product.condition.clone(),
        condition_label: snapshot::condition_label(&it.product.condition).into(),
        price,
        price_text: fmt::toman(price),
        old_price: offer.map(|_| it.base_price),
        old_price_text: offer.map(|_| fmt::toman(it.base_price)),
        discount_percent: offer.map(|(p, _)| i64::from(shop_core::price::discount_percent(it.base_price, p).get())),
        discount_text: offer.map(|(p, _)| shop_core::price::discount_percent(it.base_price, p).text()),
        special_ends_at: offer.map(|(_, end)| fmt::iso(end)),
        in_stock: it.in_stock(),
        ins_payment: it.ins_payment,
        ram_gb: it.info.ram_gb,
        storage_gb: it.info.storage_gb,
        storage_type: it.info.storage_type.clone(),
        cpu: it.info.cpu.clone(),
        cpu_family: it.info.cpu_family.clone(),
        gpu: it.info.gpu.clone(),
        screen_inches: it.info.screen_inches,
        image: image(it, 0),
        category: it.category.map(|i| category_ref(&snap.categories[i])),
        url: format!("/product/{}", it.product.uid),
    }
}

fn hex(c: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

/// A spec number as the shopper reads it: Persian digits and the Persian decimal separator
/// (`1.88` → `۱٫۸۸`, not `۱.۸۸`).
pub fn fa(n: impl ToString) -> String {
    shop_core::digits::format_number_text(&n.to_string())
}

/// A screen resolution as the shopper reads it: `1920x1200` → `۱۹۲۰×۱۲۰۰`, in a left-to-right
/// isolate (U+2066 … U+2069) so that width comes first in a right-to-left line (core's
/// `bidi::isolate_latin_runs`).
fn resolution(r: &str) -> String {
    display(r.trim())
}

/// A text the shopper reads that may mix Persian and Latin (a description, a spec value, a
/// variant's summary, a product name): Latin runs isolated, prose numbers in Persian digits
/// (core's `bidi::isolate_latin_runs`). Not for meta tags or JSON-LD, which take the raw text.
pub fn display(s: &str) -> String {
    shop_core::bidi::isolate_latin_runs(s)
}

/// The labelled spec rows of an item (product page table and comparison).
pub fn spec_rows(it: &Item) -> Vec<SpecRow> {
    let i = &it.info;
    let storage = if i.storage_gb >= 1024 && i.storage_gb % 1024 == 0 {
        format!("{} ترابایت {}", fa(i.storage_gb / 1024), i.storage_type)
    } else if i.storage_gb > 0 {
        format!("{} گیگابایت {}", fa(i.storage_gb), i.storage_type)
    } else {
        String::new()
    };
    let mut rows = vec![
        ("brand", "برند", format!("{} ({})", it.product.brand, snapshot::brand_persian(&it.product.brand).unwrap_or(""))),
        ("model", "مدل", i.model.clone()),
        ("line", "نوع", snapshot::line_label(&it.product.line).to_string()),
        ("condition", "وضعیت", snapshot::condition_label(&it.product.condition).to_string()),
        ("cpu", "پردازنده", i.cpu.clone()),
        ("ram", "حافظه رم", if i.ram_gb > 0 { format!("{} گیگابایت", fa(i.ram_gb)) } else { String::new() }),
        ("storage", "حافظه داخلی", storage),
        ("gpu", "پردازنده گرافیکی", i.gpu.clone()),
        (
            "screen",
            "نمایشگر",
            if i.screen_inches > 0.0 { format!("{} اینچ، {}", fa(i.screen_inches), resolution(&i.screen_resolution)) } else { String::new() },
        ),
        ("weight", "وزن", if i.weight_kg > 0.0 { format!("{} کیلوگرم", fa(i.weight_kg)) } else { String::new() }),
        ("battery", "باتری", if i.battery_wh > 0 { format!("{} وات‌ساعت", fa(i.battery_wh)) } else { String::new() }),
        ("ports", "درگاه‌ها", i.ports.clone()),
        ("os", "سیستم‌عامل", i.os.clone()),
    ];
    if it.product.condition != product::CONDITION_NEW {
        rows.push(("grade", "درجه ظاهری", i.condition_grade.clone().unwrap_or_default()));
        rows.push(("battery_health", "سلامت باتری", i.battery_health.map(|b| format!("{}٪", fa(b))).unwrap_or_default()));
        rows.push(("test_days", "مهلت تست", i.test_days.map(|d| format!("{} روز", fa(d))).unwrap_or_default()));
    }
    rows.into_iter()
        .filter(|r| !r.2.trim().is_empty())
        .map(|(k, l, v)| SpecRow { key: k.into(), label: l.into(), value: display(&v) })
        .collect()
}

/// The answer of `GET /catalog/products/{uid}` for the snapshot's item `i` (also embedded in
/// the product page's HTML by `seo::routes`).
pub fn product_response(snap: &Snapshot, i: usize, now: i64) -> ProductResponse {
    let it = &snap.items[i];
    let mut related: Vec<usize> = (0..snap.items.len())
        .filter(|&j| j != i && snap.items[j].info.category_id == it.info.category_id && snap.items[j].in_stock())
        .collect();
    related.sort_by_key(|&j| ((snap.items[j].price(now) - it.price(now)).abs(), snap.items[j].product.id));
    related.truncate(8);
    ProductResponse {
        status: ResponseStatus::Ok,
        data: detail(snap, it, now),
        related: related.into_iter().map(|j| card(snap, &snap.items[j], now)).collect(),
    }
}

/// The full product at `now`.
pub fn detail(snap: &Snapshot, it: &Item, now: i64) -> ProductDetail {
    let i = &it.info;
    let offer = it.offer(now);
    let mut card = card(snap, it, now);
    card.name = display(&card.name);
    ProductDetail {
        card,
        description: display(&it.product.description),
        specs: Specs {
            cpu: i.cpu.clone(),
            cpu_family: i.cpu_family.clone(),
            ram_gb: i.ram_gb,
            storage_gb: i.storage_gb,
            storage_type: i.storage_type.clone(),
            gpu: i.gpu.clone(),
            screen_inches: i.screen_inches,
            screen_resolution: i.screen_resolution.clone(),
            weight_kg: i.weight_kg,
            battery_wh: i.battery_wh,
            ports: i.ports.split(['،', ',']).map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect(),
            os: i.os.clone(),
        },
        spec_rows: spec_rows(it),
        condition_details: (it.product.condition != product::CONDITION_NEW).then(|| ConditionDetails {
            grade: i.condition_grade.clone(),
            battery_health: i.battery_health,
            test_days: i.test_days,
        }),
        variants: it
            .variants
            .iter()
            .map(|v| {
                let price = it.variant_price(v, now);
                let unit = price.saturating_add(v.warranty_price);
                let unit_old = offer.map(|_| v.price.saturating_add(v.warranty_price));
                let off = unit_old.map_or(shop_core::types::DiscountPercent::NONE, |old| shop_core::price::discount_percent(old, unit));
                VariantDto {
                id: v.id,
                color: v.color.clone(),
                color_hex: hex(images::colour_of(&v.color)),
                name_garanti: v.warranty_name.clone(),
                description_garanti: v.warranty_note.clone(),
                price_garanti: v.warranty_price,
                warranty_differences: warranty_differences(it, v, now),
                price,
                old_price: offer.map(|_| v.price),
                unit_price_text: fmt::toman(unit),
                unit_old_price_text: unit_old.map(fmt::toman),
                discount_percent: i64::from(off.get()),
                discount_text: off.text(),
                price_garanti_text: fmt::toman(v.warranty_price),
                stock: v.stock.max(0),
                in_stock: v.stock > 0,
                ins_payment: v.ins_payment,
                property: display(&v.property),
                dg: v.dg.clone(),
            }})
            .collect(),
        default_variant_id: default_variant(&it.variants).map(|v| v.id),
        images: (0..image_count(it)).map(|n| image(it, n)).collect(),
        breadcrumb: i.category_id.map(|c| snap.category_path(c).into_iter().map(category_ref).collect()).unwrap_or_default(),
    }
}

/// What each variant of `v`'s colour changes one unit's total by when chosen instead of `v`
/// (core's `choice_differences` on the prices at `now`, after any offer).
fn warranty_differences(it: &Item, v: &variant::Model, now: i64) -> Vec<WarrantyDifference> {
    let choices: Vec<shop_core::cart::PriceChoice> = it
        .variants
        .iter()
        .filter(|o| o.color == v.color)
        .map(|o| shop_core::cart::PriceChoice { id: o.id, price: it.variant_price(o, now), price_garanti: o.warranty_price })
        .collect();
    shop_core::cart::choice_differences(&choices, v.id)
        .unwrap_or_default()
        .into_iter()
        .map(|d| WarrantyDifference { id: d.id, difference: d.difference, difference_text: d.difference_text })
        .collect()
}

/// The name the shop gives a variant without a warranty (also shown for an empty name).
pub const NO_WARRANTY: &str = "بدون گارانتی";

/// Whether the variant carries a warranty: a warranty name that is neither empty nor
/// «بدون گارانتی» (spellings folded: ZWNJ, Arabic letters).
pub fn has_warranty(v: &variant::Model) -> bool {
    let name = shop_core::search::fold(&v.warranty_name).replace(' ', "");
    !name.is_empty() && name != shop_core::search::fold(NO_WARRANTY).replace(' ', "")
}

/// The variant the product page preselects, in the server's order (cheapest first): the
/// shop's default warranty, i.e. the first in-stock variant that has a warranty; else the
/// first in stock; else the first (docs/decisions.md "Warranties on the product page").
pub fn default_variant(variants: &[variant::Model]) -> Option<&variant::Model> {
    variants
        .iter()
        .find(|v| v.stock > 0 && has_warranty(v))
        .or_else(|| variants.iter().find(|v| v.stock > 0))
        .or_else(|| variants.first())
}

/// The comparison rows for the given items.
pub fn compare_rows(snap: &Snapshot, items: &[&Item], now: i64) -> Vec<CompareRow> {
    let mut keys: Vec<(String, String)> = vec![("price".into(), "قیمت".into())];
    let per: Vec<Vec<SpecRow>> = items.iter().map(|it| spec_rows(it)).collect();
    for rows in &per {
        for r in rows {
            if !keys.iter().any(|k| k.0 == r.key) {
                keys.push((r.key.clone(), r.label.clone()));
            }
        }
    }
    let _ = snap;
    keys.into_iter()
        .map(|(key, label)| {
            let values: Vec<String> = items
                .iter()
                .zip(&per)
                .map(|(it, rows)| {
                    if key == "price" {
                        fmt::toman(it.price(now))
                    } else {
                        rows.iter().find(|r| r.key == key).map(|r| r.value.clone()).unwrap_or_else(|| "—".into())
                    }
                })
                .collect();
            let differs = values.iter().collect::<HashSet<_>>().len() > 1;
            CompareRow { key, label, values, differs }
        })
        .collect()
}


const ACCENTS: &[[u8; 3]] = &[[72, 118, 220], [40, 160, 150], [230, 120, 60], [150, 90, 210], [220, 70, 110], [60, 140, 80]];

pub fn default_spec(id: i64, pic: i32) -> PictureSpec {
    let k = id.unsigned_abs() as usize;
    PictureSpec { body: [120, 124, 132], tablet: false, view: pic as u8, accent: ACCENTS[k % ACCENTS.len()] }
}

/// What the picture of product `id` shows (its first variant's colour and its line).
pub fn picture_spec(snap: &Snapshot, id: i64, pic: i32) -> PictureSpec {
    match snap.items.iter().find(|it| it.product.id == id) {
        Some(it) => PictureSpec {
            body: images::colour_of(it.variants.first().map(|v| v.color.as_str()).unwrap_or("")),
            tablet: it.product.line == product::LINE_TABLET_LAPTOP,
            view: pic as u8,
            accent: ACCENTS[(snapshot::brand_slug(&it.product.brand).len() + id as usize) % ACCENTS.len()],
        },
        None => default_spec(id, pic),
    }
}


#[cfg(test)]
mod tests {
    #[test]
    fn spec_numbers_use_persian_digits_and_the_persian_decimal_separator() {
        assert_eq!(super::fa(1.88), "۱٫۸۸");
        assert_eq!(super::fa(16), "۱۶");
        assert_eq!(super::fa(15.6), "۱۵٫۶");
    }

    #[test]
    fn a_resolution_reads_width_first_in_persian_digits() {
        assert_eq!(super::resolution("1920x1200"), "\u{2066}۱۹۲۰×۱۲۰۰\u{2069}");
        assert_eq!(super::resolution(""), "");
    }
}
