//! Price history (issue 27 item 3) on both databases: every change of a variant's price made in
//! the back office is recorded by the database's triggers, and the storefront answers the
//! variant's last 90 days with its Jalali days and "the lowest of 30 days"; a save that does
//! not touch the price records nothing; unknown products and variants are 404 in Persian.

use sea_orm::ConnectionTrait;
use serde_json::{json, Value};

use crate::helpers::{mobile, on_both_dbs, spawn_app, TestApp, TestDb};

on_both_dbs!(
    a_price_cut_in_the_back_office_shows_in_the_history_as_the_lowest_of_30_days,
    a_save_that_leaves_the_price_records_nothing,
    an_unknown_product_or_a_variant_of_another_product_is_404_in_persian,
);

const A: &str = "/api/admin/v1/catalog";

async fn ok(s: &TestApp, path: &str, token: &str, body: Value) -> Value {
    let r = s.post_auth(&format!("{A}{path}"), token, body).await;
    assert_eq!(r.status, 200, "{path}: {}", r.text);
    r.body["data"].clone()
}

/// A published laptop with one variant at 65,000,000 whose recorded prices are moved 20 days
/// back (the triggers stamp the database's clock, which a test cannot move); its editor view.
async fn laptop_20_days_old(s: &TestApp, token: &str) -> Value {
    let cat = ok(s, "/category/create", token, json!({ "category": { "name": "اداری", "slug": "office" } })).await["id"].as_i64().unwrap();
    let body = json!({
        "product": {
            "name": "لپ‌تاپ ایسوس ذن‌بوک ۱۴", "brand": "ASUS", "model": "UX3405", "condition": "new",
            "category": cat.to_string(), "description": "سبک", "cpu": "Intel Core Ultra 5", "ram_gb": "16",
            "storage_gb": "512", "screen_inches": "14", "os": "Windows 11"
        },
        "variants": [{ "color": "نقره‌ای", "warranty_name": "گارانتی ۱۸ ماهه", "price": "65000000", "stock": "3", "ins_payment": true }],
        "publish": true
    });
    let p = ok(s, "/product/create", token, body).await;
    s.db.execute_unprepared("UPDATE price_event SET at = at - 20 * 86400").await.unwrap();
    p
}

async fn history(s: &TestApp, uid: &str, variant: i64) -> (u16, Value) {
    s.advance_clock(1);
    let r = s.get(&format!("/api/client/v1/catalog/products/{uid}/price-history?variant={variant}")).await;
    (r.status, r.body)
}

async fn a_price_cut_in_the_back_office_shows_in_the_history_as_the_lowest_of_30_days(db: TestDb) {
    let s = spawn_app(db).await;
    let m = s.staff_with(&mobile(), &["catalogue"]).await;
    let p = laptop_20_days_old(&s, &m.token).await;
    let (uid, v) = (p["uid"].as_str().unwrap().to_string(), p["variants"][0].clone());
    let id = v["id"].as_i64().unwrap();

    let (status, before) = history(&s, &uid, id).await;
    assert_eq!(status, 200, "{before}");
    assert_eq!(before["data"]["Points"].as_array().unwrap().len(), 1, "{before}");
    assert_eq!(before["data"]["IsLowest30Days"], false, "a price that never moved is not news");

    let mut form = v["form"].clone();
    form["price"] = json!("۶۱٬۰۰۰٬۰۰۰");
    ok(&s, "/variant/update", &m.token, json!({ "id": id, "version": v["version"], "variant": form })).await;

    let (_, after) = history(&s, &uid, id).await;
    let points = after["data"]["Points"].as_array().unwrap();
    assert_eq!(points.iter().map(|p| p["Price"].as_i64().unwrap()).collect::<Vec<_>>(), [65_000_000, 61_000_000], "{after}");
    assert!(points[0]["At"].as_i64().unwrap() < points[1]["At"].as_i64().unwrap());
    assert_eq!(points[1]["PriceText"], "۶۱٬۰۰۰٬۰۰۰ تومان");
    let day = points[1]["Date"].as_str().unwrap();
    assert!(day.chars().any(|c| ('۰'..='۹').contains(&c)) && !day.chars().any(|c| c.is_ascii_digit()), "{day}");
    // The chart's days: 20 at the old price (the first recorded day included), today at the new.
    let days = after["data"]["Days"].as_array().unwrap();
    assert_eq!(days.len(), 21, "{after}");
    assert_eq!((days[0]["Price"].as_i64(), days[20]["Price"].as_i64()), (Some(65_000_000), Some(61_000_000)));
    assert_eq!(after["data"]["Lowest30Days"], 61_000_000);
    assert_eq!(after["data"]["IsLowest30Days"], true);
}

async fn a_save_that_leaves_the_price_records_nothing(db: TestDb) {
    let s = spawn_app(db).await;
    let m = s.staff_with(&mobile(), &["catalogue"]).await;
    let p = laptop_20_days_old(&s, &m.token).await;
    let v = p["variants"][0].clone();
    let mut form = v["form"].clone();
    form["stock"] = json!("9");
    ok(&s, "/variant/update", &m.token, json!({ "id": v["id"], "version": v["version"], "variant": form })).await;
    use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
    use shop_server::catalog::entity::price_event;
    let rows = price_event::Entity::find().filter(price_event::Column::VariantId.is_not_null()).count(&s.db).await.unwrap();
    assert_eq!(rows, 1, "only the variant's first price is recorded");
}

async fn an_unknown_product_or_a_variant_of_another_product_is_404_in_persian(db: TestDb) {
    let s = spawn_app(db).await;
    let m = s.staff_with(&mobile(), &["catalogue"]).await;
    let p = laptop_20_days_old(&s, &m.token).await;
    let uid = p["uid"].as_str().unwrap();
    let (status, body) = history(&s, "no-such-laptop", p["variants"][0]["id"].as_i64().unwrap()).await;
    assert_eq!((status, body["message"].as_str()), (404, Some("محصول مورد نظر یافت نشد.")));
    let (status, body) = history(&s, uid, 999_999).await;
    assert_eq!((status, body["message"].as_str()), (404, Some("این گزینه از محصول یافت نشد.")));
    let r = s.get(&format!("/api/client/v1/catalog/products/{uid}/price-history?variant=abc")).await;
    assert_eq!(r.status, 422, "{}", r.text);
    assert!(r.body["message"].as_str().is_some_and(|m| m.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c))), "{}", r.text);
    let r = s.get(&format!("/api/client/v1/catalog/products/{uid}/price-history")).await;
    assert_eq!(r.status, 422, "{}", r.text);
}
