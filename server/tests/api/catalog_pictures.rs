//! Uploaded product pictures over HTTP on both databases: staff upload several, order them and
//! choose the main one (each audited); the storefront shows them with a `srcset` of WebP files
//! cached for a year, and the drawn pictures for a product without any. Refused in Persian:
//! not an image, a truncated one, a 50-megapixel one (from its header, never decoded), an SVG
//! with script, and a picture past the product's quota.

use std::io::Cursor;

use serde_json::{json, Value};

use crate::helpers::{mobile, on_both_dbs, spawn_shop, Resp, TestApp, TestDb, TestUser};

on_both_dbs!(
    uploaded_pictures_are_ordered_the_first_is_main_and_the_storefront_serves_webp_with_srcset,
    order_and_main_changes_are_saved_audited_and_shown_first,
    a_file_that_is_not_an_image_is_refused_in_persian,
    a_truncated_picture_is_refused,
    a_50_megapixel_picture_is_refused_from_its_header,
    an_svg_with_script_is_refused_by_name_and_by_content,
    a_product_takes_at_most_twelve_pictures_and_not_the_same_one_twice,
    deleting_the_main_picture_makes_the_next_one_main_and_a_product_without_pictures_shows_drawn_ones,
    a_picture_over_a_megabyte_goes_in_under_the_uploads_own_body_limit,
    the_product_page_s_first_paint_and_seo_metadata_show_the_uploaded_main_picture,
);

const UID: &str = "asus-zenbook-14-ux3405";

fn base(uid: &str) -> String {
    format!("/api/admin/v1/catalog/products/{uid}/pictures")
}

/// A PNG of `w` × `h` in one colour.
fn png(w: u32, h: u32, shade: u8) -> Vec<u8> {
    let img = image::RgbImage::from_pixel(w, h, image::Rgb([shade, 120, 200]));
    let mut out = Vec::new();
    image::DynamicImage::ImageRgb8(img).write_to(&mut Cursor::new(&mut out), image::ImageFormat::Png).unwrap();
    out
}

async fn upload(app: &TestApp, who: &TestUser, uid: &str, name: &str, bytes: &[u8]) -> Resp {
    let boundary = format!("----pic{}", uuid::Uuid::new_v4().simple());
    let mut body = format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\nContent-Type: application/octet-stream\r\n\r\n").into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let r = app
        .client
        .post(app.url(&format!("{}/upload", base(uid))))
        .bearer_auth(&who.token)
        .header("content-type", format!("multipart/form-data; boundary={boundary}"))
        .body(body)
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    let text = r.text().await.unwrap();
    assert_ne!(status, 500, "{text}");
    Resp { status, headers: Default::default(), body: serde_json::from_str(&text).unwrap_or(Value::Null), text }
}

async fn clerk(app: &TestApp) -> TestUser {
    app.staff_with(&mobile(), &["catalogue"]).await
}

fn ids(r: &Resp) -> Vec<i64> {
    r.body["data"].as_array().unwrap_or_else(|| panic!("{}", r.text)).iter().map(|p| p["id"].as_i64().unwrap()).collect()
}

async fn product(app: &TestApp) -> Value {
    app.advance_clock(1);
    let r = app.get(&format!("/api/client/v1/catalog/products/{UID}")).await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.body["data"].clone()
}

async fn refused(r: &Resp, says: &str) {
    assert_eq!((r.status, r.s("field")), (422, "file".to_string()), "{}", r.text);
    assert!(r.s("message").contains(says), "{}", r.text);
}

async fn uploaded_pictures_are_ordered_the_first_is_main_and_the_storefront_serves_webp_with_srcset(db: TestDb) {
    let app = spawn_shop(db).await;
    let who = clerk(&app).await;
    let r = upload(&app, &who, UID, "front.png", &png(1600, 1200, 10)).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let r = upload(&app, &who, UID, "side.PNG", &png(700, 525, 90)).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let list = &r.body["data"];
    assert_eq!((list[0]["main"].clone(), list[1]["main"].clone()), (json!(true), json!(false)));
    assert_eq!((list[0]["position"].as_i64(), list[1]["position"].as_i64()), (Some(0), Some(1)));
    // 1x and 2x of the breakpoints up to the original's width.
    let set = list[0]["src_set"].as_str().unwrap();
    for w in [320, 640, 768, 1024, 1280, 1536] {
        assert!(set.contains(&format!("-{w}.webp {w}w")), "{set}");
    }
    assert!(!set.contains("2048w"), "never wider than the original: {set}");
    assert!(list[1]["src_set"].as_str().unwrap().ends_with("-640.webp 640w"));

    let p = product(&app).await;
    let images = p["Images"].as_array().unwrap();
    assert_eq!(images.len(), 2);
    assert!(images[0]["Src"].as_str().unwrap().starts_with("/api/client/v1/catalog/pictures/"), "{}", images[0]);
    assert!(images[0]["SrcSet"].as_str().unwrap().contains(" 1536w"));
    let f = app.client.get(app.url(images[0]["Src2x"].as_str().unwrap())).send().await.unwrap();
    assert_eq!(f.status().as_u16(), 200);
    assert_eq!(f.headers()["content-type"], "image/webp");
    assert_eq!(f.headers()["cache-control"], "public, max-age=31536000, immutable");
    let bytes = f.bytes().await.unwrap();
    assert_eq!(&bytes[8..12], b"WEBP");
    let decoded = image::load_from_memory(&bytes).unwrap();
    assert_eq!((decoded.width(), decoded.height()), (640, 480));
    assert_eq!(app.get("/api/client/v1/catalog/pictures/..%2F..%2Fetc-320.webp").await.status, 404);
    assert_eq!(app.get("/api/client/v1/catalog/pictures/0123456789abcdef01234567-320.webp").await.status, 404);
}

async fn order_and_main_changes_are_saved_audited_and_shown_first(db: TestDb) {
    let app = spawn_shop(db).await;
    let who = clerk(&app).await;
    for (i, name) in ["a.png", "b.png", "c.png"].iter().enumerate() {
        assert_eq!(upload(&app, &who, UID, name, &png(400, 300, i as u8 * 40)).await.status, 200);
    }
    let r = app.post_auth(&format!("{}/list", base(UID)), &who.token, json!({})).await;
    let [a, b, c] = ids(&r)[..] else { panic!("{}", r.text) };
    let r = app.post_auth(&format!("{}/arrange", base(UID)), &who.token, json!({ "order": [c, a, b], "main": b })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(ids(&r), [c, a, b]);
    assert_eq!(r.body["data"][2]["main"], true);
    // The storefront shows the main one first.
    let p = product(&app).await;
    assert_eq!(p["Images"][0]["SrcSet"], r.body["data"][2]["src_set"]);
    // Not every picture, a stranger's id, or a main picture that is not the product's: refused.
    for (body, field) in [
        (json!({ "order": [c, a], "main": a }), "order"),
        (json!({ "order": [c, a, b, 999], "main": a }), "order"),
        (json!({ "order": [c, a, a], "main": a }), "order"),
        (json!({ "order": [c, a, b], "main": 999 }), "main"),
    ] {
        let r = app.post_auth(&format!("{}/arrange", base(UID)), &who.token, body).await;
        assert_eq!((r.status, r.s("field")), (422, field.to_string()), "{}", r.text);
    }
    let admin = app.staff(&mobile()).await;
    let log = app.post_auth("/api/admin/v1/audit/list", &admin.token, json!({ "entity": "product", "entity_id": UID })).await;
    let actions: Vec<&str> = log.body["data"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["catalog.picture_order", "catalog.picture_add", "catalog.picture_add", "catalog.picture_add"]);
    assert!(log.body["data"][0]["after"].as_str().unwrap().contains("\"main\":true"));
    assert_eq!(app.post_auth(&format!("{}/list", base("no-such-laptop")), &who.token, json!({})).await.status, 404);
}

async fn a_file_that_is_not_an_image_is_refused_in_persian(db: TestDb) {
    let app = spawn_shop(db).await;
    let who = clerk(&app).await;
    refused(&upload(&app, &who, UID, "photo.png", b"this is plain text, not a picture at all").await, "با پسوند آن مطابقت ندارد").await;
    refused(&upload(&app, &who, UID, "setup.exe", b"MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xFF\xFF").await, "پسوند فایل").await;
    refused(&upload(&app, &who, UID, "doc.pdf", b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n").await, "jpg، png یا webp").await;
    refused(&upload(&app, &who, UID, "empty.png", b"").await, "خالی است").await;
}

async fn a_truncated_picture_is_refused(db: TestDb) {
    let app = spawn_shop(db).await;
    let who = clerk(&app).await;
    let whole = png(800, 600, 33);
    refused(&upload(&app, &who, UID, "cut.png", &whole[..whole.len() / 2]).await, "ناقص یا خراب").await;
    refused(&upload(&app, &who, UID, "head.jpg", &[0xFF, 0xD8, 0xFF, 0xE0, 0, 16, b'J', b'F', b'I', b'F', 0]).await, "ناقص یا خراب").await;
}

/// A PNG whose header says `w` × `h` (its data is not there: nothing may try to decode it).
fn png_header(w: u32, h: u32) -> Vec<u8> {
    let mut ihdr = b"IHDR".to_vec();
    ihdr.extend_from_slice(&w.to_be_bytes());
    ihdr.extend_from_slice(&h.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    let crc = crc32(&ihdr);
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    out.extend_from_slice(&13u32.to_be_bytes());
    out.extend_from_slice(&ihdr);
    out.extend_from_slice(&crc.to_be_bytes());
    out.extend_from_slice(&[0, 0, 0, 0]);
    out.extend_from_slice(b"IDAT");
    out
}

fn crc32(data: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &b in data {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

async fn a_50_megapixel_picture_is_refused_from_its_header(db: TestDb) {
    let app = spawn_shop(db).await;
    let who = clerk(&app).await;
    // 8,660 × 5,774 = 50 MP (2.3 GB as RGBA): refused before a byte is decoded.
    refused(&upload(&app, &who, UID, "huge.png", &png_header(8660, 5774)).await, "۴۰ مگاپیکسل").await;
    refused(&upload(&app, &who, UID, "tall.png", &png_header(100, 60_000)).await, "۴۰ مگاپیکسل").await;
    assert_eq!(upload(&app, &who, UID, "fine.png", &png(640, 480, 1)).await.status, 200, "a normal picture still goes in");
}

async fn an_svg_with_script_is_refused_by_name_and_by_content(db: TestDb) {
    let app = spawn_shop(db).await;
    let who = clerk(&app).await;
    let svg = br#"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>"#;
    refused(&upload(&app, &who, UID, "logo.svg", svg).await, "پسوند فایل").await;
    refused(&upload(&app, &who, UID, "logo.png", svg).await, "با پسوند آن مطابقت ندارد").await;
    let r = app.post_auth(&format!("{}/list", base(UID)), &who.token, json!({})).await;
    assert_eq!(r.body["data"], json!([]));
}

async fn a_product_takes_at_most_twelve_pictures_and_not_the_same_one_twice(db: TestDb) {
    let app = spawn_shop(db).await;
    let who = clerk(&app).await;
    for i in 0..12u8 {
        let r = upload(&app, &who, UID, "p.png", &png(64, 48, i * 20)).await;
        assert_eq!(r.status, 200, "{i}: {}", r.text);
    }
    refused(&upload(&app, &who, UID, "p.png", &png(64, 48, 250)).await, "حداکثر ۱۲ تصویر").await;
    let r = upload(&app, &who, "lenovo-thinkpad-t14-gen3-used", "p.png", &png(64, 48, 0)).await;
    assert_eq!(r.status, 200, "another product has its own quota: {}", r.text);
    refused(&upload(&app, &who, "lenovo-thinkpad-t14-gen3-used", "again.png", &png(64, 48, 0)).await, "پیش‌تر برای این کالا").await;
    let support = app.staff_with(&mobile(), &["support"]).await;
    assert_eq!(upload(&app, &support, UID, "p.png", &png(64, 48, 7)).await.status, 403);
}

async fn deleting_the_main_picture_makes_the_next_one_main_and_a_product_without_pictures_shows_drawn_ones(db: TestDb) {
    let app = spawn_shop(db).await;
    let who = clerk(&app).await;
    upload(&app, &who, UID, "a.png", &png(400, 300, 1)).await;
    let r = upload(&app, &who, UID, "b.png", &png(400, 300, 2)).await;
    let [a, b] = ids(&r)[..] else { panic!("{}", r.text) };
    let src = r.body["data"][0]["src"].as_str().unwrap().to_string();
    let r = app.post_auth(&format!("{}/delete", base(UID)), &who.token, json!({ "id": a })).await;
    assert_eq!((r.status, ids(&r)), (200, vec![b]), "{}", r.text);
    assert_eq!(r.body["data"][0]["main"], true);
    assert_eq!(app.get(&src).await.status, 404, "its files are gone");
    assert_eq!(app.post_auth(&format!("{}/delete", base(UID)), &who.token, json!({ "id": a })).await.status, 404);
    app.post_auth(&format!("{}/delete", base(UID)), &who.token, json!({ "id": b })).await;
    let p = product(&app).await;
    assert!(p["Images"][0]["Src"].as_str().unwrap().starts_with("/api/client/v1/catalog/images/"), "drawn again: {}", p["Images"][0]);
}

async fn a_picture_over_a_megabyte_goes_in_under_the_uploads_own_body_limit(db: TestDb) {
    let app = spawn_shop(db).await;
    let who = clerk(&app).await;
    // Noise does not compress: about 1.9 MB as PNG, past the 1 MB of an ordinary body.
    let mut seed = 7u32;
    let img = image::RgbImage::from_fn(800, 800, |_, _| {
        seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        let b = seed.to_be_bytes();
        image::Rgb([b[0], b[1], b[2]])
    });
    let mut bytes = Vec::new();
    image::DynamicImage::ImageRgb8(img).write_to(&mut Cursor::new(&mut bytes), image::ImageFormat::Png).unwrap();
    assert!(bytes.len() > 1_500_000, "{}", bytes.len());
    let r = upload(&app, &who, UID, "noise.png", &bytes).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["data"][0]["width"], 800);
}

async fn the_product_page_s_first_paint_and_seo_metadata_show_the_uploaded_main_picture(db: TestDb) {
    let app = spawn_shop(db).await;
    let who = clerk(&app).await;
    assert_eq!(upload(&app, &who, UID, "front.png", &png(1600, 1200, 10)).await.status, 200);
    app.advance_clock(1);
    let page = app.client.get(app.url(&format!("/product/{UID}"))).send().await.unwrap();
    assert_eq!(page.status().as_u16(), 200);
    let html = page.text().await.unwrap();
    let p = product(&app).await;
    let main = p["Images"][0]["Src2x"].as_str().unwrap().to_string();
    let stem = main.rsplit('/').next().unwrap().split('-').next().unwrap().to_string();
    let og = html.split("property=\"og:image\" content=\"").nth(1).and_then(|t| t.split('"').next()).unwrap_or_else(|| panic!("{html}"));
    assert!(og.contains(&format!("/api/client/v1/catalog/pictures/{stem}-640.webp")), "og:image {og}");
    // The hero drawn before React and its preload ask for the same uploaded files, not the drawn picture.
    assert!(html.contains(&format!("imagesrcset=\"/api/client/v1/catalog/pictures/{stem}-320.webp 1x, /api/client/v1/catalog/pictures/{stem}-640.webp 2x\"")), "{html}");
    assert!(html.contains(&format!("srcset=\"/api/client/v1/catalog/pictures/{stem}-640.webp 1x, /api/client/v1/catalog/pictures/{stem}-1280.webp 2x\"")), "{html}");
    let drawn = format!("/api/client/v1/catalog/images/{}-", p["Id"].as_i64().unwrap());
    assert!(!html.contains(&drawn), "no drawn picture of a product with uploaded ones: {html}");
}
