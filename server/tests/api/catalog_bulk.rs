//! Bulk prices and stock over HTTP on both databases: a sheet is previewed (every change old →
//! new, every refused row with its line and reason, nothing written), applied in one
//! transaction (all or nothing, refused when a price moved since the preview, one audit row per
//! variant, the storefront's search shows it), and exported with the same columns, a BOM and
//! formulas guarded. Bad sheets: wrong columns, 0 and negative prices, stock -1, unknown ids,
//! duplicates, garbage bytes, Windows-1256, a BOM with Persian digits, 10,000 rows.

use sea_orm::{ActiveModelTrait, ActiveValue::Set, EntityTrait};
use serde_json::{json, Value};
use shop_server::catalog::{product, variant};

use crate::helpers::{mobile, on_both_dbs, spawn_shop, Resp, TestApp, TestDb, TestUser};

on_both_dbs!(
    a_preview_shows_each_change_old_to_new_and_writes_nothing,
    applying_writes_every_change_audits_each_variant_and_the_search_shows_the_new_price,
    wrong_or_missing_columns_refuse_the_whole_sheet_naming_the_expected_columns,
    zero_and_negative_prices_and_a_negative_stock_are_rejected_with_their_lines,
    unknown_ids_and_codes_are_rejected_with_their_lines,
    a_variant_named_twice_is_rejected_on_each_line_even_by_id_and_by_code,
    a_sheet_with_a_refused_row_gets_no_token_and_cannot_be_applied,
    a_price_moved_since_the_preview_refuses_the_whole_apply_naming_the_row,
    a_preview_is_applied_once_and_only_by_the_staff_member_who_made_it,
    bytes_that_are_not_utf8_or_windows_1256_text_are_refused_in_persian,
    a_windows_1256_sheet_with_persian_columns_is_read,
    a_bom_persian_digits_and_semicolons_are_read,
    a_10000_row_sheet_is_previewed_and_applied,
    the_export_has_the_same_columns_a_bom_and_guards_formulas_and_reads_back_unchanged,
    a_form_without_a_file_and_an_empty_body_are_refused_in_persian,
);

const PREVIEW: &str = "/api/admin/v1/catalog/prices/preview";
const APPLY: &str = "/api/admin/v1/catalog/prices/apply";
const EXPORT: &str = "/api/admin/v1/catalog/prices/export";

async fn read(resp: reqwest::Response) -> Resp {
    let status = resp.status().as_u16();
    let headers = resp.headers().clone();
    let text = resp.text().await.unwrap_or_default();
    let body = serde_json::from_str(&text).unwrap_or(Value::Null);
    assert_ne!(status, 500, "server error: {text}");
    Resp { status, headers, body, text }
}

/// Sends `bytes` as the `file` of a multipart form.
async fn preview(app: &TestApp, who: &TestUser, bytes: &[u8]) -> Resp {
    let boundary = format!("----bulk{}", uuid::Uuid::new_v4().simple());
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"prices.csv\"\r\nContent-Type: text/csv\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let req = app
        .client
        .post(app.url(PREVIEW))
        .bearer_auth(&who.token)
        .header("content-type", format!("multipart/form-data; boundary={boundary}"))
        .body(body);
    read(req.send().await.expect("preview")).await
}

/// Sends `bytes` as a `text/csv` body.
async fn preview_raw(app: &TestApp, who: &TestUser, bytes: Vec<u8>) -> Resp {
    let req = app.client.post(app.url(PREVIEW)).bearer_auth(&who.token).header("content-type", "text/csv").body(bytes);
    read(req.send().await.expect("preview")).await
}

async fn apply(app: &TestApp, who: &TestUser, token: &str) -> Resp {
    app.post_auth(APPLY, &who.token, json!({ "token": token })).await
}

async fn clerk(app: &TestApp) -> TestUser {
    app.staff_with(&mobile(), &["catalogue"]).await
}

async fn price_stock(app: &TestApp, id: i64) -> (i64, i64) {
    let v = variant::Entity::find_by_id(id).one(&app.db).await.unwrap().unwrap();
    (v.price, v.stock)
}

fn lines(r: &Resp) -> Vec<(u64, String)> {
    r.body["rejected"]
        .as_array()
        .unwrap_or_else(|| panic!("rejected: {}", r.text))
        .iter()
        .map(|x| (x["line"].as_u64().unwrap(), x["message"].as_str().unwrap().to_string()))
        .collect()
}

async fn a_preview_shows_each_change_old_to_new_and_writes_nothing(db: TestDb) {
    let app = spawn_shop(db).await;
    let who = clerk(&app).await;
    let a = app.variant("asus-zenbook-14-ux3405", 0).await;
    let b = app.variant("asus-zenbook-14-ux3405", 1).await;
    let sheet = format!("id,price,stock\n{},{},{}\n{},{},{}\n", a.id, a.price + 1000, a.stock, b.id, b.price, b.stock);
    let r = preview(&app, &who, sheet.as_bytes()).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!((r.body["rows"].clone(), r.body["unchanged"].clone()), (json!(2), json!(1)));
    let c = &r.body["changes"][0];
    assert_eq!((c["line"].clone(), c["variant_id"].clone()), (json!(2), json!(a.id)));
    assert_eq!((c["old_price"].as_i64(), c["new_price"].as_i64()), (Some(a.price), Some(a.price + 1000)));
    assert_eq!((c["old_stock"].as_i64(), c["new_stock"].as_i64()), (Some(a.stock), Some(a.stock)));
    assert!(c["name"].as_str().unwrap().contains(&a.color), "{}", c["name"]);
    assert_eq!(r.body["token"].as_str().unwrap().len(), 32);
    assert_eq!(price_stock(&app, a.id).await, (a.price, a.stock), "a preview writes nothing");
}

async fn applying_writes_every_change_audits_each_variant_and_the_search_shows_the_new_price(db: TestDb) {
    let app = spawn_shop(db).await;
    let who = clerk(&app).await;
    let uid = "asus-zenbook-14-ux3405";
    let p = app.variant(uid, 0).await;
    let all: Vec<variant::Model> = {
        use sea_orm::{ColumnTrait, QueryFilter};
        variant::Entity::find().filter(variant::Column::ProductId.eq(p.product_id)).all(&app.db).await.unwrap()
    };
    // Every variant of the product at a new, lowest price, the first with new stock too.
    let mut sheet = String::from("sku,price,stock\n");
    for (i, v) in all.iter().enumerate() {
        sheet.push_str(&format!("{},{},{}\n", v.dg, 1_234_000 + i as i64 * 1000, if i == 0 { 7 } else { v.stock }));
    }
    let r = preview(&app, &who, sheet.as_bytes()).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["changes"].as_array().unwrap().len(), all.len());
    let r = apply(&app, &who, r.body["token"].as_str().unwrap()).await;
    assert_eq!((r.status, r.body["changed"].as_u64()), (200, Some(all.len() as u64)), "{}", r.text);
    assert_eq!(price_stock(&app, all[0].id).await, (1_234_000, 7));
    assert_eq!(price_stock(&app, all[1].id).await.0, 1_235_000);

    let admin = app.staff(&mobile()).await;
    let log = app.post_auth("/api/admin/v1/audit/list", &admin.token, json!({ "entity": "product_variant", "entity_id": all[0].id.to_string() })).await;
    let entry = &log.body["data"][0];
    assert_eq!((entry["action"].as_str(), entry["staff_id"].as_i64()), (Some("catalog.bulk_price"), Some(who.id)), "{}", log.text);
    let before: Value = serde_json::from_str(entry["before"].as_str().unwrap()).unwrap();
    let after: Value = serde_json::from_str(entry["after"].as_str().unwrap()).unwrap();
    assert_eq!(before, json!({ "price": all[0].price, "stock": all[0].stock, "version": all[0].version }));
    assert_eq!(after, json!({ "price": 1_234_000, "stock": 7, "version": all[0].version + 1 }));
    let now = variant::Entity::find_by_id(all[0].id).one(&app.db).await.unwrap().unwrap();
    assert_eq!(now.version, all[0].version + 1, "the editor's forms opened before are stale");

    // The storefront's search answers the new price on its next look at the catalogue.
    app.advance_clock(1);
    let found = app.get("/api/client/v1/catalog/search?q=UX3405&size=60").await;
    let card = found.body["data"].as_array().unwrap().iter().find(|c| c["Uid"] == uid).cloned().expect("found");
    let shown = card["OldPrice"].as_i64().unwrap_or(card["Price"].as_i64().unwrap());
    assert_eq!(shown, 1_234_000, "{card}");
}

async fn wrong_or_missing_columns_refuse_the_whole_sheet_naming_the_expected_columns(db: TestDb) {
    let app = spawn_shop(db).await;
    let who = clerk(&app).await;
    for (sheet, says) in [
        ("id,cost,stock\n1,2,3\n", "ستون «cost» شناخته نیست"),
        ("id,price\n1,2\n", "ستون stock (موجودی) نیست"),
        ("price,stock\n1,2\n", "ستون id (شناسه تنوع) یا sku (کد تنوع) نیست"),
        ("id,price,price,stock\n", "ستون «price» دو بار آمده است"),
    ] {
        let r = preview(&app, &who, sheet.as_bytes()).await;
        assert_eq!((r.status, r.s("field")), (422, "file".to_string()), "{sheet}: {}", r.text);
        let m = r.s("message");
        assert!(m.starts_with(says) && m.contains("price (قیمت به تومان)") && m.contains("stock (موجودی)"), "{m}");
    }
}

async fn zero_and_negative_prices_and_a_negative_stock_are_rejected_with_their_lines(db: TestDb) {
    let app = spawn_shop(db).await;
    let who = clerk(&app).await;
    let (a, b, c, d) = (
        app.variant("asus-zenbook-14-ux3405", 0).await,
        app.variant("asus-zenbook-14-ux3405", 1).await,
        app.variant("lenovo-thinkpad-t14-gen3-used", 0).await,
        app.variant("hp-elitebook-840-g8-used", 0).await,
    );
    let sheet = format!("id,price,stock\n{},0,1\n{},-5000000,1\n{},1000,-1\n{},12.5,1\n", a.id, b.id, c.id, d.id);
    let r = preview(&app, &who, sheet.as_bytes()).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(
        lines(&r),
        [
            (2, "قیمت باید بیشتر از صفر باشد".to_string()),
            (3, "قیمت باید بیشتر از صفر باشد".to_string()),
            (4, "موجودی نمی‌تواند منفی باشد".to_string()),
            (5, "قیمت باید عدد صحیح (تومان) باشد".to_string()),
        ]
    );
    assert_eq!(r.body["changes"], json!([]));
    assert_eq!(r.s("token"), "");
}

async fn unknown_ids_and_codes_are_rejected_with_their_lines(db: TestDb) {
    let app = spawn_shop(db).await;
    let who = clerk(&app).await;
    let r = preview(&app, &who, "id,sku,price,stock\n999999,,1000,1\n,no-such,1000,1\nabc,,1000,1\n".as_bytes()).await;
    assert_eq!(
        lines(&r),
        [
            (2, "تنوعی با شناسه ۹۹۹۹۹۹ نیست".to_string()),
            (3, "تنوعی با کد «no-such» نیست".to_string()),
            (4, "شناسه تنوع «abc» عدد نیست".to_string()),
        ],
        "{}",
        r.text
    );
}

async fn a_variant_named_twice_is_rejected_on_each_line_even_by_id_and_by_code(db: TestDb) {
    let app = spawn_shop(db).await;
    let who = clerk(&app).await;
    let a = app.variant("asus-zenbook-14-ux3405", 0).await;
    let b = app.variant("asus-zenbook-14-ux3405", 1).await;
    let dg = variant::Entity::find_by_id(b.id).one(&app.db).await.unwrap().unwrap().dg;
    let sheet = format!("id,sku,price,stock\n{a},,1000,1\n{a},,2000,1\n{b},,1000,1\n,{dg},1000,1\n", a = a.id, b = b.id);
    let r = preview(&app, &who, sheet.as_bytes()).await;
    assert_eq!(
        lines(&r),
        [
            (2, "این تنوع در سطرهای ۲، ۳ تکرار شده است؛ هر تنوع یک بار بیاید".to_string()),
            (3, "این تنوع در سطرهای ۲، ۳ تکرار شده است؛ هر تنوع یک بار بیاید".to_string()),
            (4, "این تنوع در سطرهای ۴، ۵ تکرار شده است؛ هر تنوع یک بار بیاید".to_string()),
            (5, "این تنوع در سطرهای ۴، ۵ تکرار شده است؛ هر تنوع یک بار بیاید".to_string()),
        ],
        "{}",
        r.text
    );
}

async fn a_sheet_with_a_refused_row_gets_no_token_and_cannot_be_applied(db: TestDb) {
    let app = spawn_shop(db).await;
    let who = clerk(&app).await;
    let a = app.variant("asus-zenbook-14-ux3405", 0).await;
    let b = app.variant("asus-zenbook-14-ux3405", 1).await;
    let sheet = format!("id,price,stock\n{},{},1\n{},0,1\n", a.id, a.price + 5000, b.id);
    let r = preview(&app, &who, sheet.as_bytes()).await;
    assert_eq!((r.body["changes"].as_array().unwrap().len(), r.s("token")), (1, String::new()), "{}", r.text);
    for token in ["", "0123456789abcdef0123456789abcdef", "../../etc", "'; DROP TABLE product_variant; --"] {
        let r = apply(&app, &who, token).await;
        assert_eq!((r.status, r.s("field")), (404, "token".to_string()), "{token}: {}", r.text);
    }
    assert_eq!(price_stock(&app, a.id).await.0, a.price, "nothing written");
}

async fn a_price_moved_since_the_preview_refuses_the_whole_apply_naming_the_row(db: TestDb) {
    let app = spawn_shop(db).await;
    let who = clerk(&app).await;
    let a = app.variant("asus-zenbook-14-ux3405", 0).await;
    let b = app.variant("asus-zenbook-14-ux3405", 1).await;
    let dg = variant::Entity::find_by_id(b.id).one(&app.db).await.unwrap().unwrap().dg;
    let sheet = format!("id,price,stock\n{},{},{}\n{},{},{}\n", a.id, a.price + 1000, a.stock, b.id, b.price + 2000, b.stock + 1);
    let r = preview(&app, &who, sheet.as_bytes()).await;
    let token = r.s("token");
    // Another staff member changes the second variant's price meanwhile.
    app.set_price(b.id, 99_000_000).await;
    let r = apply(&app, &who, &token).await;
    assert_eq!(r.status, 409, "{}", r.text);
    let m = r.s("message");
    assert!(m.contains(&format!("سطر ۳ ({dg}): قیمت از")) && m.contains("۹۹٬۰۰۰٬۰۰۰ تومان") && m.contains("هیچ تغییری ثبت نشد"), "{m}");
    assert_eq!(price_stock(&app, a.id).await, (a.price, a.stock), "all or nothing: the good row is not written either");
    assert_eq!(price_stock(&app, b.id).await, (99_000_000, b.stock), "the other change is kept");
    let admin = app.staff(&mobile()).await;
    let log = app.post_auth("/api/admin/v1/audit/list", &admin.token, json!({ "entity": "product_variant" })).await;
    assert_eq!(log.body["data"], json!([]), "nothing audited");
}

async fn a_preview_is_applied_once_and_only_by_the_staff_member_who_made_it(db: TestDb) {
    let app = spawn_shop(db).await;
    let who = clerk(&app).await;
    let other = clerk(&app).await;
    let a = app.variant("asus-zenbook-14-ux3405", 0).await;
    let r = preview(&app, &who, format!("id,price,stock\n{},{},{}\n", a.id, a.price + 1000, a.stock).as_bytes()).await;
    let token = r.s("token");
    assert_eq!(apply(&app, &other, &token).await.status, 404, "another staff member's preview");
    let (first, second) = tokio::join!(apply(&app, &who, &token), apply(&app, &who, &token));
    let mut statuses = [first.status, second.status];
    statuses.sort();
    assert_eq!(statuses, [200, 404], "{} / {}", first.text, second.text);
    assert_eq!(price_stock(&app, a.id).await.0, a.price + 1000);
    // An hour later a fresh preview's token has expired.
    let r = preview(&app, &who, format!("id,price,stock\n{},{},{}\n", a.id, a.price + 2000, a.stock).as_bytes()).await;
    app.advance_clock(3601);
    let who = TestUser { token: app.fresh_token(&who), ..who };
    assert_eq!(apply(&app, &who, &r.s("token")).await.status, 404);
}

async fn bytes_that_are_not_utf8_or_windows_1256_text_are_refused_in_persian(db: TestDb) {
    let app = spawn_shop(db).await;
    let who = clerk(&app).await;
    let mut garbage: Vec<u8> = (0..4096u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    garbage[0] = 0xFF;
    for bytes in [garbage, b"id,price,stock\ncaf\xe9,1,1\n".to_vec(), b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec()] {
        let r = preview(&app, &who, &bytes).await;
        assert_eq!((r.status, r.s("field")), (422, "file".to_string()), "{}", r.text);
        assert!(r.s("message").contains("UTF-8 یا Windows-1256"), "{}", r.text);
    }
    let r = preview(&app, &who, b"PK\x03\x04\x14\0\0\0").await;
    assert!(r.s("message").starts_with("فایل اکسل (xlsx) خوانده نمی‌شود"), "{}", r.text);
}

async fn a_windows_1256_sheet_with_persian_columns_is_read(db: TestDb) {
    let app = spawn_shop(db).await;
    let who = clerk(&app).await;
    let a = app.variant("asus-zenbook-14-ux3405", 0).await;
    // Windows-1256 has no Persian ی (U+06CC): Excel writes the Arabic ي, which reads the same.
    let text = format!("شناسه,نام,قیمت,موجودی\r\n{},لپتاپ ایسوس,{},{}\r\n", a.id, a.price + 3000, a.stock).replace('ی', "ي");
    let (bytes, _, lossy) = encoding_rs::WINDOWS_1256.encode(&text);
    assert!(!lossy && std::str::from_utf8(&bytes).is_err(), "really Windows-1256");
    let r = preview(&app, &who, &bytes).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["changes"][0]["new_price"].as_i64(), Some(a.price + 3000), "{}", r.text);
}

async fn a_bom_persian_digits_and_semicolons_are_read(db: TestDb) {
    let app = spawn_shop(db).await;
    let who = clerk(&app).await;
    let a = app.variant("asus-zenbook-14-ux3405", 0).await;
    let fa = |n: i64| shop_core::digits::to_persian_digits(&n.to_string());
    let text = format!("\u{feff}id;price;stock\n{};{};{}\n", fa(a.id), fa(41_500_000), fa(12));
    let r = preview_raw(&app, &who, text.into_bytes()).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let c = &r.body["changes"][0];
    assert_eq!((c["variant_id"].as_i64(), c["new_price"].as_i64(), c["new_stock"].as_i64()), (Some(a.id), Some(41_500_000), Some(12)), "{}", r.text);
}

async fn a_10000_row_sheet_is_previewed_and_applied(db: TestDb) {
    let app = spawn_shop(db).await;
    let who = clerk(&app).await;
    let p = app.variant("asus-zenbook-14-ux3405", 0).await;
    let rows: Vec<variant::ActiveModel> = (0..10_000)
        .map(|i| variant::ActiveModel {
            product_id: Set(p.product_id),
            color: Set(format!("رنگ {i}")),
            warranty_name: Set("گارانتی".into()),
            warranty_price: Set(0),
            warranty_note: Set(String::new()),
            price: Set(10_000_000),
            stock: Set(1),
            ins_payment: Set(false),
            dg: Set(format!("bulk-{i}")),
            property: Set(String::new()),
            ..Default::default()
        })
        .collect();
    for chunk in rows.chunks(500) {
        variant::Entity::insert_many(chunk.to_vec()).exec_without_returning(&app.db).await.unwrap();
    }
    let mut sheet = String::from("sku,price,stock\n");
    for i in 0..10_000 {
        sheet.push_str(&format!("bulk-{i},{},{}\n", 11_000_000 + i, i % 7));
    }
    let r = preview(&app, &who, sheet.as_bytes()).await;
    assert_eq!((r.status, r.body["rows"].as_u64()), (200, Some(10_000)), "{}", &r.text[..r.text.len().min(500)]);
    assert_eq!((r.body["changes"].as_array().unwrap().len(), r.body["rejected"].as_array().unwrap().len()), (10_000, 0));
    let r = apply(&app, &who, &r.s("token")).await;
    assert_eq!((r.status, r.body["changed"].as_u64()), (200, Some(10_000)), "{}", r.text);
    let last = variant::Entity::find().all(&app.db).await.unwrap().into_iter().find(|v| v.dg == "bulk-9999").unwrap();
    assert_eq!((last.price, last.stock), (11_009_999, 9999 % 7));
    assert!(app.count("audit_log").await >= 10_000);
}

async fn the_export_has_the_same_columns_a_bom_and_guards_formulas_and_reads_back_unchanged(db: TestDb) {
    let app = spawn_shop(db).await;
    let who = clerk(&app).await;
    let a = app.variant("asus-zenbook-14-ux3405", 0).await;
    let mut v: variant::ActiveModel = variant::Entity::find_by_id(a.id).one(&app.db).await.unwrap().unwrap().into();
    v.dg = Set("=cmd|' /C calc'!A0".into());
    v.update(&app.db).await.unwrap();
    let mut p: product::ActiveModel = product::Entity::find_by_id(a.product_id).one(&app.db).await.unwrap().unwrap().into();
    p.name = Set("@SUM(1+1)".into());
    p.update(&app.db).await.unwrap();

    let r = app.client.get(app.url(EXPORT)).bearer_auth(&who.token).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/csv"));
    assert!(r.headers()["content-disposition"].to_str().unwrap().starts_with("attachment; filename=\"prices-"));
    let bytes = r.bytes().await.unwrap().to_vec();
    assert!(bytes.starts_with(b"\xEF\xBB\xBFid,sku,name,price,stock\r\n"), "{:?}", String::from_utf8_lossy(&bytes[..40]));
    let text = String::from_utf8(bytes.clone()).unwrap();
    let row = text.lines().find(|l| l.starts_with(&format!("{},", a.id))).expect("the variant's row");
    assert!(row.starts_with(&format!("{},'=cmd|' /C calc'!A0,'@SUM(1+1) — ", a.id)), "{row}");
    assert!(!text.lines().skip(1).any(|l| l.split(',').nth(1).is_some_and(|c| c.starts_with('='))), "no cell starts a formula");

    // The export read back changes nothing (the guard's quote is dropped on reading).
    let r = preview(&app, &who, &bytes).await;
    assert_eq!(r.status, 200, "{}", &r.text[..r.text.len().min(600)]);
    assert_eq!((r.body["changes"].clone(), r.body["rejected"].clone()), (json!([]), json!([])), "{}", &r.text[..r.text.len().min(600)]);
    assert!(r.body["unchanged"].as_u64().unwrap() > 10);

    let support = app.staff_with(&mobile(), &["support"]).await;
    let r = app.client.get(app.url(EXPORT)).bearer_auth(&support.token).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 403);
}

async fn a_form_without_a_file_and_an_empty_body_are_refused_in_persian(db: TestDb) {
    let app = spawn_shop(db).await;
    let who = clerk(&app).await;
    let boundary = "zzzz";
    // (A part the form does not name is refused before this, 400: tests/api/contract.rs.)
    let body = format!("--{boundary}--\r\n");
    let req = app
        .client
        .post(app.url(PREVIEW))
        .bearer_auth(&who.token)
        .header("content-type", format!("multipart/form-data; boundary={boundary}"))
        .body(body);
    let r = read(req.send().await.unwrap()).await;
    assert_eq!((r.status, r.s("field"), r.s("message")), (422, "file".to_string(), "فایل قیمت‌ها را انتخاب کنید".to_string()));
    let r = preview_raw(&app, &who, Vec::new()).await;
    assert_eq!((r.status, r.s("message")), (422, "فایل خالی است".to_string()), "{}", r.text);
    let r = preview(&app, &who, b"\n\n  \n").await;
    assert_eq!((r.status, r.s("message")), (422, "فایل خالی است".to_string()), "{}", r.text);
}
