//! The catalogue editor over HTTP on both databases: a catalogue manager creates a laptop with
//! variants, publishes it and the storefront (page, search, sitemap) follows; unpublished
//! products are gone from it; the uid never changes; two saves from one version: the second
//! is refused naming what changed and the first is kept; the issue's bad input (a price of 0,
//! a stock of -1, an offer above the price or ending in the past, an unknown category, markup
//! in text fields) and the support role are refused or shown as text; variants and categories.

use serde_json::{json, Value};

use crate::helpers::{mobile, on_both_dbs, spawn_app, Resp, TestApp, TestDb, TestUser};

on_both_dbs!(
    a_new_laptop_is_a_draft_until_published_then_search_page_and_sitemap_show_it,
    unpublishing_takes_a_product_off_the_storefront,
    the_uid_is_made_from_brand_and_model_and_never_changes,
    two_saves_from_the_same_version_the_second_is_refused_naming_what_changed,
    two_variant_saves_from_the_same_version_the_second_names_the_price,
    bad_input_is_refused_in_persian_and_nothing_is_written,
    markup_in_text_fields_is_stored_and_shown_as_text,
    variants_are_added_changed_and_removed_unless_a_cart_holds_them,
    categories_are_made_and_edited_with_ascii_slugs_and_no_loops,
    the_staff_list_finds_drafts_by_name_model_and_uid_and_filters_them,
    customers_and_other_roles_are_refused,
    every_save_is_audited_with_its_version,
    a_change_on_one_node_shows_on_the_other_within_a_second,
    a_change_on_one_node_is_on_the_other_within_two_seconds_of_real_time,
);

const A: &str = "/api/admin/v1/catalog";

async fn call(s: &TestApp, path: &str, token: &str, body: Value) -> Resp {
    let r = s.post_auth(&format!("{A}{path}"), token, body).await;
    assert_ne!(r.status, 500, "{path}: {}", r.text);
    r
}

async fn ok(s: &TestApp, path: &str, token: &str, body: Value) -> Value {
    let r = call(s, path, token, body).await;
    assert_eq!(r.status, 200, "{path}: {}", r.text);
    r.body["data"].clone()
}

async fn manager(s: &TestApp) -> TestUser {
    s.staff_with(&mobile(), &["catalogue"]).await
}

/// A category made through the API; its id.
async fn category(s: &TestApp, t: &str, name: &str, slug: &str) -> i64 {
    ok(s, "/category/create", t, json!({ "category": { "name": name, "slug": slug } })).await["id"].as_i64().unwrap()
}

fn laptop(cat: i64) -> Value {
    json!({
        "name": "لپ‌تاپ ایسوس ذن‌بوک پرستیژ ۱۴",
        "brand": "ASUS",
        "model": "UX5406SA",
        "condition": "new",
        "category": cat.to_string(),
        "description": "سبک و خوش‌ساخت",
        "cpu": "Intel Core Ultra 7 258V",
        "ram_gb": "۳۲",
        "storage_gb": "1024",
        "screen_inches": "۱۴",
        "os": "Windows 11 Home"
    })
}

fn variant(color: &str, price: &str, stock: &str) -> Value {
    json!({ "color": color, "warranty_name": "گارانتی ۱۸ ماهه", "price": price, "stock": stock, "ins_payment": true })
}

/// A product with two variants, published when `publish`; its editor view.
async fn create(s: &TestApp, t: &str, cat: i64, publish: bool) -> Value {
    let body = json!({
        "product": laptop(cat),
        "variants": [variant("نقره‌ای", "۶۵٬۰۰۰٬۰۰۰", "3"), variant("مشکی", "66000000", "1")],
        "publish": publish
    });
    ok(s, "/product/create", t, body).await
}

/// The storefront's view after the snapshot's recheck window has passed.
async fn storefront(s: &TestApp, path: &str) -> Resp {
    s.advance_clock(1);
    s.get(path).await
}

async fn search_uids(s: &TestApp, q: &str) -> Vec<String> {
    let q = serde_urlencoded::to_string([("q", q)]).unwrap();
    let r = storefront(s, &format!("/api/client/v1/catalog/search?{q}&size=60")).await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.body["data"].as_array().unwrap().iter().map(|x| x["Uid"].as_str().unwrap_or("").to_string()).collect()
}

async fn page_status(s: &TestApp, uid: &str) -> (u16, u16) {
    let html = storefront(s, &format!("/product/{uid}")).await.status;
    let api = s.get(&format!("/api/client/v1/catalog/products/{uid}")).await.status;
    (html, api)
}

fn jalali_in(s: &TestApp, days: i64) -> String {
    let d = shop_core::tehran::tehran_date(s.now() + days * 86_400).unwrap();
    format!("{}/{:02}/{:02}", d.year, d.month, d.day)
}

async fn a_new_laptop_is_a_draft_until_published_then_search_page_and_sitemap_show_it(db: TestDb) {
    let s = spawn_app(db).await;
    let m = manager(&s).await;
    let cat = category(&s, &m.token, "لپ‌تاپ اداری", "office-laptop").await;
    let p = create(&s, &m.token, cat, false).await;
    let uid = p["uid"].as_str().unwrap().to_string();
    assert_eq!((p["published"].as_bool(), p["version"].as_i64()), (Some(false), Some(1)));
    assert_eq!(p["variants"].as_array().unwrap().len(), 2);
    assert_eq!(p["form"]["ram_gb"], "32");
    assert_eq!(p["variants"][0]["form"]["price"], "65000000");

    assert_eq!(page_status(&s, &uid).await, (404, 404));
    assert!(!search_uids(&s, "پرستیژ").await.contains(&uid));

    let p = ok(&s, "/product/publish", &m.token, json!({ "uid": uid, "version": 1, "published": true })).await;
    assert_eq!((p["published"].as_bool(), p["version"].as_i64()), (Some(true), Some(2)));
    // The storefront follows within the snapshot's recheck window (200 ms; the clock moves 1 s).
    assert!(search_uids(&s, "پرستیژ").await.contains(&uid), "a Persian word of the name finds it");
    assert!(search_uids(&s, "ذن بوک").await.contains(&uid));
    assert_eq!(page_status(&s, &uid).await, (200, 200));
    let page = s.get(&format!("/api/client/v1/catalog/products/{uid}")).await;
    assert_eq!(page.body["data"]["Name"], "لپ‌تاپ ایسوس ذن‌بوک پرستیژ ۱۴", "{}", page.text);
    let sitemap = s.get("/sitemap.xml").await;
    assert!(sitemap.text.contains(&format!("/product/{uid}")), "{}", sitemap.text);

    // A price change is visible on the product at once.
    let v = &p["variants"][0];
    let mut form = v["form"].clone();
    form["price"] = json!("60000000");
    ok(&s, "/variant/update", &m.token, json!({ "id": v["id"], "version": v["version"], "variant": form })).await;
    let page = storefront(&s, &format!("/api/client/v1/catalog/products/{uid}")).await;
    assert!(page.text.contains("60000000"), "{}", page.text);
}

async fn unpublishing_takes_a_product_off_the_storefront(db: TestDb) {
    let s = spawn_app(db).await;
    let m = manager(&s).await;
    let cat = category(&s, &m.token, "گیمینگ", "gaming").await;
    let p = create(&s, &m.token, cat, true).await;
    let uid = p["uid"].as_str().unwrap().to_string();
    assert_eq!(page_status(&s, &uid).await, (200, 200));
    ok(&s, "/product/publish", &m.token, json!({ "uid": uid, "version": p["version"], "published": false })).await;
    assert_eq!(page_status(&s, &uid).await, (404, 404));
    assert!(!search_uids(&s, "پرستیژ").await.contains(&uid));
    assert!(!s.get("/sitemap.xml").await.text.contains(&format!("/product/{uid}")));
    // The staff still see and edit it.
    let got = ok(&s, "/product/get", &m.token, json!({ "uid": uid })).await;
    assert_eq!(got["published"], false);
    // Publishing a product without variants is refused.
    let bare = ok(&s, "/product/create", &m.token, json!({ "product": laptop(cat) })).await;
    let r = call(&s, "/product/publish", &m.token, json!({ "uid": bare["uid"], "version": bare["version"], "published": true })).await;
    r.assert_error(422);
    assert_eq!(r.body["field"], "published");
}

async fn the_uid_is_made_from_brand_and_model_and_never_changes(db: TestDb) {
    let s = spawn_app(db).await;
    let m = manager(&s).await;
    let cat = category(&s, &m.token, "اداری", "office").await;
    let a = create(&s, &m.token, cat, true).await;
    let b = create(&s, &m.token, cat, true).await;
    assert_eq!(a["uid"], "asus-ux5406sa");
    assert_eq!(b["uid"], "asus-ux5406sa-2");
    assert_eq!(a["url"], "/product/asus-ux5406sa");
    // A save that sends another uid (anywhere) changes nothing of it.
    let mut form = laptop(cat);
    form["name"] = json!("لپ‌تاپ ایسوس با نام تازه");
    form["brand"] = json!("Lenovo");
    form["uid"] = json!("hacked");
    let r = ok(&s, "/product/update", &m.token, json!({ "uid": "asus-ux5406sa", "version": a["version"], "product": form, "new_uid": "hacked" })).await;
    assert_eq!((r["uid"].as_str(), r["form"]["brand"].as_str()), (Some("asus-ux5406sa"), Some("Lenovo")));
    assert_eq!(page_status(&s, "asus-ux5406sa").await, (200, 200));
    assert_eq!(page_status(&s, "hacked").await.1, 404);
    assert!(search_uids(&s, "نام تازه").await.contains(&"asus-ux5406sa".to_string()));
}

async fn two_saves_from_the_same_version_the_second_is_refused_naming_what_changed(db: TestDb) {
    let s = spawn_app(db).await;
    let (m1, m2) = (manager(&s).await, manager(&s).await);
    let cat = category(&s, &m1.token, "اداری", "office").await;
    let p = create(&s, &m1.token, cat, true).await;
    let (uid, version) = (p["uid"].clone(), p["version"].clone());

    let mut first = p["form"].clone();
    first["name"] = json!("نام ذخیره‌شده اول");
    let saved = ok(&s, "/product/update", &m1.token, json!({ "uid": uid, "version": version, "product": first })).await;
    assert_eq!(saved["version"].as_i64(), Some(version.as_i64().unwrap() + 1));

    let mut second = p["form"].clone();
    second["description"] = json!("توضیح دوم");
    let r = call(&s, "/product/update", &m2.token, json!({ "uid": uid, "version": version, "product": second })).await;
    r.assert_error(409);
    let msg = r.s("message");
    assert!(msg.contains("نام محصول"), "names the field: {msg}");
    assert!(!msg.contains("توضیحات"), "{msg}");

    let now = ok(&s, "/product/get", &m1.token, json!({ "uid": uid })).await;
    assert_eq!(now["form"]["name"], "نام ذخیره‌شده اول", "the first save is kept");
    assert_eq!(now["form"]["description"], "سبک و خوش‌ساخت");
    // A publish from the old version is refused too.
    call(&s, "/product/publish", &m2.token, json!({ "uid": uid, "version": version, "published": false })).await.assert_error(409);
}

async fn two_variant_saves_from_the_same_version_the_second_names_the_price(db: TestDb) {
    let s = spawn_app(db).await;
    let (m1, m2) = (manager(&s).await, manager(&s).await);
    let cat = category(&s, &m1.token, "اداری", "office").await;
    let p = create(&s, &m1.token, cat, true).await;
    let v = p["variants"][0].clone();
    let mut a = v["form"].clone();
    a["price"] = json!("61000000");
    let mut b = v["form"].clone();
    b["stock"] = json!("9");
    let caller = s.caller();
    let path = format!("{A}/variant/update");
    let (ra, rb) = tokio::join!(
        caller.post(&path, Some(&m1.token), json!({ "id": v["id"], "version": v["version"], "variant": a })),
        caller.post(&path, Some(&m2.token), json!({ "id": v["id"], "version": v["version"], "variant": b })),
    );
    let mut statuses = [ra.0, rb.0];
    statuses.sort();
    assert_eq!(statuses, [200, 409], "{ra:?} {rb:?}");
    let (winner, loser) = if ra.0 == 200 { (&ra.1, &rb.1) } else { (&rb.1, &ra.1) };
    let msg = loser["message"].as_str().unwrap();
    let won_price = winner["data"]["variants"][0]["form"]["price"] == "61000000";
    if won_price {
        assert!(msg.contains("قیمت"), "{msg}");
    } else {
        assert!(msg.contains("موجودی"), "{msg}");
    }
    let now = ok(&s, "/product/get", &m1.token, json!({ "uid": p["uid"] })).await;
    assert_eq!(now["variants"][0]["version"].as_i64(), Some(v["version"].as_i64().unwrap() + 1));
    assert_eq!(now["variants"][0]["form"]["price"] == "61000000", won_price, "the winner's save is kept");
}

async fn bad_input_is_refused_in_persian_and_nothing_is_written(db: TestDb) {
    let s = spawn_app(db).await;
    let m = manager(&s).await;
    let cat = category(&s, &m.token, "اداری", "office").await;
    let before = s.count("product").await;
    let cases: Vec<(Value, &str, &str)> = vec![
        (json!({ "product": laptop(cat), "variants": [variant("نقره‌ای", "0", "1")] }), "variants[0].price", "قیمت باید بیشتر از ۰ باشد"),
        (json!({ "product": laptop(cat), "variants": [variant("نقره‌ای", "100", "-1")] }), "variants[0].stock", "موجودی باید عدد صحیح ۰ یا بیشتر باشد"),
        (json!({ "product": laptop(cat), "variants": [variant("نقره‌ای", "100", "1.5")] }), "variants[0].stock", "موجودی باید عدد صحیح ۰ یا بیشتر باشد"),
        (json!({ "product": laptop(cat), "variants": [variant("نقره‌ای", "99999999999999999999", "1")] }), "variants[0].price", "قیمت باید بیشتر از ۰ باشد"),
        (
            json!({ "product": laptop_with(cat, &[("special_price", json!("70000000")), ("special_ends", json!(jalali_in(&s, 10)))]), "variants": [variant("نقره‌ای", "65000000", "1")] }),
            "special_price",
            "قیمت ویژه باید کمتر از قیمت کالا باشد",
        ),
        (
            json!({ "product": laptop_with(cat, &[("special_price", json!("60000000")), ("special_ends", json!(jalali_in(&s, -2)))]), "variants": [variant("نقره‌ای", "65000000", "1")] }),
            "special_ends",
            "تاریخ پایان پیشنهاد ویژه باید در آینده باشد",
        ),
        (json!({ "product": laptop(cat + 999) }), "category", "این دسته‌بندی وجود ندارد؛ آن را از فهرست انتخاب کنید"),
        (json!({ "product": laptop_with(cat, &[("condition", json!("used"))]) }), "grade", "لطفا درجه کالا را انتخاب کنید"),
        (json!({ "product": laptop_with(cat, &[("condition", json!("used")), ("grade", json!("A")), ("battery_health", json!("150")), ("test_days", json!("7"))]) }), "battery_health", "سلامت باتری باید درصدی بین ۰ و ۱۰۰ باشد"),
        (json!({ "product": laptop_with(cat, &[("condition", json!("broken"))]) }), "condition", "وضعیت کالا را از فهرست انتخاب کنید"),
        (json!({ "product": laptop_with(cat, &[("name", json!(""))]) }), "name", "لطفا نام محصول را وارد کنید"),
        (json!({ "product": laptop(cat), "variants": [{ "color": "سفید", "warranty_name": "x", "price": "100", "stock": "1", "warranty_price": "-5" }] }), "variants[0].warranty_price", "قیمت گارانتی باید عدد صحیح ۰ یا بیشتر باشد"),
    ];
    for (body, field, message) in cases {
        let r = call(&s, "/product/create", &m.token, body.clone()).await;
        r.assert_error(422);
        assert_eq!((r.s("field").as_str(), r.s("message").as_str()), (field, message), "{body}");
    }
    // Wrong JSON types and a malformed body are 400/422, never a 500.
    for raw in ["{", "[]", r#"{"product": 5}"#, r#"{"product": {"name": 5}}"#, r#"{"product": {}, "variants": "x"}"#] {
        let r = s.post_raw(&format!("{A}/product/create"), "application/json", raw.to_string()).await;
        assert!(r.status == 400 || r.status == 401 || r.status == 422, "{raw}: {}", r.status);
        let (st, _) = s.caller().post_raw(&format!("{A}/product/create"), Some(&m.token), raw).await;
        assert!(st == 400 || st == 422, "{raw}: {st}");
    }
    assert_eq!(s.count("product").await, before, "nothing written");

    // The same rules on update and on variants.
    let p = create(&s, &m.token, cat, true).await;
    let v = &p["variants"][0];
    let mut f = v["form"].clone();
    f["price"] = json!("0");
    let r = call(&s, "/variant/update", &m.token, json!({ "id": v["id"], "version": v["version"], "variant": f })).await;
    r.assert_error(422);
    assert_eq!(r.s("field"), "price");
    let r = call(&s, "/variant/add", &m.token, json!({ "uid": p["uid"], "variant": variant("سبز", "100", "-1") })).await;
    assert_eq!((r.status, r.s("field")), (422, "stock".to_string()));
    let mut f = p["form"].clone();
    f["special_price"] = json!("65000000");
    f["special_ends"] = json!(jalali_in(&s, 5));
    let r = call(&s, "/product/update", &m.token, json!({ "uid": p["uid"], "version": p["version"], "product": f })).await;
    assert_eq!((r.status, r.s("message")), (422, "قیمت ویژه باید کمتر از قیمت کالا باشد".to_string()), "equal to the cheapest price");
    let r = call(&s, "/product/update", &m.token, json!({ "uid": "no-such", "version": 1, "product": p["form"] })).await;
    r.assert_error(404);
    // A valid offer is kept with its Jalali last day.
    let mut f = p["form"].clone();
    f["special_price"] = json!("۵۹٬۰۰۰٬۰۰۰");
    f["special_ends"] = json!(jalali_in(&s, 5));
    let saved = ok(&s, "/product/update", &m.token, json!({ "uid": p["uid"], "version": p["version"], "product": f })).await;
    assert_eq!((saved["form"]["special_price"].as_str(), saved["form"]["special_ends"].as_str()), (Some("59000000"), Some(jalali_in(&s, 5).as_str())));
    let page = storefront(&s, &format!("/api/client/v1/catalog/products/{}", p["uid"].as_str().unwrap())).await;
    assert!(page.text.contains("59000000"), "{}", page.text);
}

fn laptop_map(cat: i64) -> serde_json::Map<String, Value> {
    laptop(cat).as_object().unwrap().clone()
}

/// [`laptop`] with some fields changed.
fn laptop_with(cat: i64, fields: &[(&str, Value)]) -> Value {
    let mut m = laptop_map(cat);
    for (k, v) in fields {
        m.insert(k.to_string(), v.clone());
    }
    Value::Object(m)
}

async fn markup_in_text_fields_is_stored_and_shown_as_text(db: TestDb) {
    let s = spawn_app(db).await;
    let m = manager(&s).await;
    let cat = category(&s, &m.token, "<b>دسته</b>", "markup").await;
    let script = "<script>alert('x')</script>";
    let mut form = laptop(cat);
    form["name"] = json!(format!("لپ‌تاپ {script}"));
    form["description"] = json!(format!("<img src=x onerror=alert(1)> {script}"));
    form["cpu"] = json!(script);
    let body = json!({ "product": form, "variants": [{ "color": script, "warranty_name": "<i>گارانتی</i>", "price": "1000", "stock": "1" }], "publish": true });
    let p = ok(&s, "/product/create", &m.token, body).await;
    assert_eq!(p["form"]["name"], format!("لپ‌تاپ {script}"), "the admin gets it as typed");
    assert_eq!(p["variants"][0]["form"]["color"], script);
    let uid = p["uid"].as_str().unwrap();
    let html = storefront(&s, &format!("/product/{uid}")).await;
    assert_eq!(html.status, 200);
    assert!(!html.text.contains("<script>alert"), "never raw markup in the page: {}", html.text);
    assert!(!html.text.contains("<img src=x"), "{}", html.text);
    assert!(html.text.contains("&lt;script&gt;alert") || html.text.contains("\\u003cscript\\u003e"), "shown as text: {}", html.text);
    let api = s.get(&format!("/api/client/v1/catalog/products/{uid}")).await;
    let name = api.body["data"]["Name"].as_str().unwrap();
    assert!(name.contains(script), "JSON carries the text (Latin runs bidi-isolated); the app prints it as text: {name}");
}

async fn variants_are_added_changed_and_removed_unless_a_cart_holds_them(db: TestDb) {
    let s = spawn_app(db).await;
    let m = manager(&s).await;
    let cat = category(&s, &m.token, "اداری", "office").await;
    let p = create(&s, &m.token, cat, true).await;
    let uid = p["uid"].as_str().unwrap().to_string();
    let p = ok(&s, "/variant/add", &m.token, json!({ "uid": uid, "variant": variant("طلایی", "70000000", "2") })).await;
    assert_eq!(p["variants"].as_array().unwrap().len(), 3);
    let gold = p["variants"][2].clone();
    assert_eq!((gold["form"]["color"].as_str(), gold["version"].as_i64()), (Some("طلایی"), Some(1)));
    assert!(!gold["form"]["dg"].as_str().unwrap().is_empty(), "a SKU is made when none is given");

    // A customer puts the gold one in the cart: it cannot be removed.
    let c = s.user(&mobile(), "تهران").await;
    let r = s
        .post_auth(
            "/api/client/v1/order/edit/product",
            &c.token,
            json!({ "spid": p["id"], "spiddetail": gold["id"], "num": 1, "orderid": 0, "id": 0 }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let r = call(&s, "/variant/remove", &m.token, json!({ "id": gold["id"], "version": gold["version"] })).await;
    r.assert_error(422);
    assert!(r.s("message").contains("موجودی آن را صفر کنید"), "{}", r.text);

    // Another one goes.
    let black = p["variants"][1].clone();
    let after = ok(&s, "/variant/remove", &m.token, json!({ "id": black["id"], "version": black["version"] })).await;
    assert_eq!(after["variants"].as_array().unwrap().len(), 2);
    call(&s, "/variant/remove", &m.token, json!({ "id": black["id"], "version": black["version"] })).await.assert_error(404);
    let page = storefront(&s, &format!("/api/client/v1/catalog/products/{uid}")).await;
    assert!(!page.text.contains("مشکی"), "{}", page.text);

    // The last variant of a published product stays.
    let silver = after["variants"][0].clone();
    let lone = ok(&s, "/product/create", &m.token, json!({ "product": laptop(cat), "variants": [variant("سفید", "100", "1")], "publish": true })).await;
    let v = &lone["variants"][0];
    call(&s, "/variant/remove", &m.token, json!({ "id": v["id"], "version": v["version"] })).await.assert_error(422);
    // Removing from an old version is refused.
    let mut f = silver["form"].clone();
    f["stock"] = json!("0");
    ok(&s, "/variant/update", &m.token, json!({ "id": silver["id"], "version": silver["version"], "variant": f })).await;
    call(&s, "/variant/remove", &m.token, json!({ "id": silver["id"], "version": silver["version"] })).await.assert_error(409);
}

async fn categories_are_made_and_edited_with_ascii_slugs_and_no_loops(db: TestDb) {
    let s = spawn_app(db).await;
    let m = manager(&s).await;
    let top = category(&s, &m.token, "لپ‌تاپ", "laptops").await;
    let child = ok(&s, "/category/create", &m.token, json!({ "category": { "name": "گیمینگ", "slug": "gaming", "parent": top.to_string(), "position": "۲" } })).await;
    assert_eq!((child["parent_id"].as_i64(), child["form"]["position"].as_str()), (Some(top), Some("2")));
    let child_id = child["id"].as_i64().unwrap();

    let r = call(&s, "/category/create", &m.token, json!({ "category": { "name": "گیمینگ", "slug": "گیمینگ" } })).await;
    r.assert_error(422);
    assert_eq!(r.s("field"), "slug");
    let r = call(&s, "/category/create", &m.token, json!({ "category": { "name": "دوباره", "slug": "gaming" } })).await;
    assert_eq!((r.status, r.s("field")), (422, "slug".to_string()));
    let r = call(&s, "/category/create", &m.token, json!({ "category": { "name": "یتیم", "slug": "orphan", "parent": "99999" } })).await;
    assert_eq!((r.status, r.s("field")), (422, "parent".to_string()));

    // A category cannot go below itself.
    let list = ok(&s, "/category/list", &m.token, json!({})).await;
    let t = list.as_array().unwrap().iter().find(|c| c["id"] == top).unwrap().clone();
    let mut f = t["form"].clone();
    f["parent"] = json!(child_id.to_string());
    let r = call(&s, "/category/update", &m.token, json!({ "id": top, "version": t["version"], "category": f })).await;
    assert_eq!((r.status, r.s("field")), (422, "parent".to_string()));

    // A product in it, found by the category's new name after a rename.
    let p = create(&s, &m.token, child_id, true).await;
    let mut f = child["form"].clone();
    f["name"] = json!("گیمینگ حرفه‌ای");
    let renamed = ok(&s, "/category/update", &m.token, json!({ "id": child_id, "version": child["version"], "category": f.clone() })).await;
    assert_eq!(renamed["version"].as_i64(), Some(2));
    assert_eq!(renamed["products"].as_u64(), Some(1));
    assert!(search_uids(&s, "حرفه‌ای").await.contains(&p["uid"].as_str().unwrap().to_string()));
    let cats = storefront(&s, "/api/client/v1/catalog/categories").await;
    assert!(cats.text.contains("گیمینگ حرفه‌ای"), "{}", cats.text);
    // From the old version: 409 naming the name.
    let r = call(&s, "/category/update", &m.token, json!({ "id": child_id, "version": child["version"], "category": f })).await;
    r.assert_error(409);
    assert!(r.s("message").contains("نام دسته"), "{}", r.text);
}

async fn the_staff_list_finds_drafts_by_name_model_and_uid_and_filters_them(db: TestDb) {
    let s = spawn_app(db).await;
    let m = manager(&s).await;
    let office = category(&s, &m.token, "اداری", "office").await;
    let gaming = category(&s, &m.token, "گیمینگ", "gaming").await;
    let draft = create(&s, &m.token, office, false).await;
    let mut used = laptop_map(gaming);
    used.insert("name".into(), json!("لپ‌تاپ استوک دل لتیتود"));
    used.insert("brand".into(), json!("Dell"));
    used.insert("model".into(), json!("Latitude 7420"));
    used.insert("condition".into(), json!("used"));
    used.insert("grade".into(), json!("A"));
    used.insert("battery_health".into(), json!("88"));
    used.insert("test_days".into(), json!("7"));
    let used = ok(&s, "/product/create", &m.token, json!({ "product": used, "variants": [variant("مشکی", "30000000", "1")], "publish": true })).await;
    assert_eq!(used["form"]["grade"], "A");

    let list = |body: Value| {
        let s = &s;
        let t = m.token.clone();
        async move {
            let r = call(s, "/product/list", &t, body).await;
            assert_eq!(r.status, 200, "{}", r.text);
            let uids: Vec<String> = r.body["data"].as_array().unwrap().iter().map(|x| x["uid"].as_str().unwrap().to_string()).collect();
            (uids, r.body["total"].as_u64().unwrap())
        }
    };
    let (all, total) = list(json!({})).await;
    assert_eq!(total, 2);
    assert!(all.contains(&draft["uid"].as_str().unwrap().to_string()), "drafts are listed");
    assert_eq!(list(json!({ "q": "لتیتود" })).await.0, vec!["dell-latitude-7420"]);
    assert_eq!(list(json!({ "q": "latitude 7420" })).await.0, vec!["dell-latitude-7420"]);
    assert_eq!(list(json!({ "q": "asus-ux" })).await.0, vec!["asus-ux5406sa"]);
    assert_eq!(list(json!({ "q": "ux5406" })).await.0, vec!["asus-ux5406sa"]);
    assert_eq!(list(json!({ "q": "100%_" })).await.1, 0);
    assert_eq!(list(json!({ "published": "no" })).await.0, vec!["asus-ux5406sa"]);
    assert_eq!(list(json!({ "condition": "used" })).await.0, vec!["dell-latitude-7420"]);
    assert_eq!(list(json!({ "category": gaming })).await.0, vec!["dell-latitude-7420"]);
    assert_eq!(list(json!({ "page": 1000 })).await, (vec![], 2));
    let r = call(&s, "/product/list", &m.token, json!({ "condition": "x" })).await;
    r.assert_error(422);
    let r = call(&s, "/product/list", &m.token, json!({ "published": "maybe" })).await;
    r.assert_error(422);
    let row = call(&s, "/product/list", &m.token, json!({ "q": "لتیتود" })).await;
    let row = &row.body["data"][0];
    assert_eq!((row["category_name"].as_str(), row["min_price"].as_i64(), row["stock"].as_i64()), (Some("گیمینگ"), Some(30_000_000), Some(1)));
}

async fn customers_and_other_roles_are_refused(db: TestDb) {
    let s = spawn_app(db).await;
    let m = manager(&s).await;
    let cat = category(&s, &m.token, "اداری", "office").await;
    let support = s.staff_with(&mobile(), &["support"]).await;
    let orders = s.staff_with(&mobile(), &["orders"]).await;
    let customer = s.user(&mobile(), "تهران").await;
    let body = json!({ "product": laptop(cat), "variants": [variant("نقره‌ای", "100", "1")] });
    for t in [&support.token, &orders.token, &customer.token] {
        let r = call(&s, "/product/create", t, body.clone()).await;
        r.assert_error(403);
        call(&s, "/product/list", t, json!({})).await.assert_error(403);
        call(&s, "/category/create", t, json!({ "category": { "name": "x", "slug": "xx" } })).await.assert_error(403);
    }
    let r = s.post(&format!("{A}/product/create"), body.clone()).await;
    assert_eq!(r.status, 401);
    let admin = s.staff(&mobile()).await;
    assert_eq!(call(&s, "/product/create", &admin.token, body).await.status, 200, "admin may");
    assert_eq!(s.count("product").await, 1);
}

async fn every_save_is_audited_with_its_version(db: TestDb) {
    let s = spawn_app(db).await;
    let m = manager(&s).await;
    let admin = s.staff(&mobile()).await;
    let cat = category(&s, &m.token, "اداری", "office").await;
    let p = create(&s, &m.token, cat, false).await;
    let uid = p["uid"].as_str().unwrap();
    let mut f = p["form"].clone();
    f["name"] = json!("نام تازه برای ممیزی");
    let p2 = ok(&s, "/product/update", &m.token, json!({ "uid": uid, "version": p["version"], "product": f })).await;
    ok(&s, "/product/publish", &m.token, json!({ "uid": uid, "version": p2["version"], "published": true })).await;
    let log = s.post_auth("/api/admin/v1/audit/list", &admin.token, json!({ "entity": "product", "entity_id": uid })).await;
    let rows = log.body["data"].as_array().unwrap_or_else(|| panic!("{}", log.text)).clone();
    let actions: Vec<&str> = rows.iter().map(|r| r["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["catalog.product.publish", "catalog.product.update", "catalog.product.create"], "{}", log.text);
    let text = log.text.clone();
    assert!(text.contains("نام تازه برای ممیزی"), "{text}");
    for r in &rows {
        let after = r["after"].to_string();
        assert!(after.contains("version"), "the snapshot carries the version: {after}");
    }
    let v = &p["variants"][0];
    let log = s.post_auth("/api/admin/v1/audit/list", &admin.token, json!({ "entity": "product_variant", "entity_id": v["id"].to_string() })).await;
    assert_eq!(log.body["data"].as_array().map(Vec::len), Some(1), "{}", log.text);
    let log = s.post_auth("/api/admin/v1/audit/list", &admin.token, json!({ "entity": "category", "entity_id": cat.to_string() })).await;
    assert_eq!(log.body["data"][0]["action"], "catalog.category.create", "{}", log.text);
}

/// Two nodes on one database: what staff publish and reprice through one is on the other's
/// storefront (search and product) once that node's clock has moved a second (past its
/// catalogue snapshot's poll of the version: 200 ms on SQLite, 1 s on PostgreSQL behind the
/// notification; the issue asks for 2 s).
async fn a_change_on_one_node_shows_on_the_other_within_a_second(db: TestDb) {
    let other = db.another_node();
    let a = spawn_app(db).await;
    let data_dir = a.state.config.data_dir.clone();
    let b = crate::helpers::spawn_app_with(other, move |c| c.data_dir = data_dir).await;
    let m = manager(&a).await;
    let cat = category(&a, &m.token, "لپ‌تاپ اداری", "office-laptop").await;
    let p = create(&a, &m.token, cat, false).await;
    let uid = p["uid"].as_str().unwrap().to_string();
    assert!(!search_uids(&b, "پرستیژ").await.contains(&uid), "a draft is on neither node");
    let p = ok(&a, "/product/publish", &m.token, json!({ "uid": uid, "version": 1, "published": true })).await;
    assert!(search_uids(&b, "پرستیژ").await.contains(&uid), "published through the first node, found on the second");
    let v = &p["variants"][0];
    let mut form = v["form"].clone();
    form["price"] = json!("59000000");
    ok(&a, "/variant/update", &m.token, json!({ "id": v["id"], "version": v["version"], "variant": form })).await;
    let page = storefront(&b, &format!("/api/client/v1/catalog/products/{uid}")).await;
    assert!(page.text.contains("59000000"), "the second node shows the new price: {}", page.text);
}

/// Two nodes, and real time: neither clock is moved. What staff publish and reprice through
/// node A is on node B within 2 s: its search, product answer, product page head (the price in
/// the description and the JSON-LD offer) and sitemap. On PostgreSQL both nodes poll the
/// catalogue version once an hour only, so this is the notification path (`catalog_meta`'s
/// trigger sends a note on commit; B's listener marks its snapshot stale): B waits until both
/// listeners are listening, then sees each change in tens of milliseconds. On SQLite (several
/// processes on one file) B's own 200 ms poll finds it.
async fn a_change_on_one_node_is_on_the_other_within_two_seconds_of_real_time(db: TestDb) {
    let postgres = db.url.starts_with("postgres");
    let recheck = move |c: &mut shop_server::platform::Config| {
        if postgres {
            c.catalog_recheck_ms = 3_600_000;
        }
    };
    let other = db.another_node();
    let a = crate::helpers::spawn_app_with(db, recheck).await;
    let data_dir = a.state.config.data_dir.clone();
    let b = crate::helpers::spawn_app_with(other, move |c| {
        c.data_dir = data_dir;
        recheck(c);
    })
    .await;
    if postgres {
        listening_nodes(&a, 2, &[]).await;
    }
    let m = manager(&a).await;
    let cat = category(&a, &m.token, "لپ‌تاپ اداری", "office-laptop").await;
    let p = create(&a, &m.token, cat, false).await;
    let uid = p["uid"].as_str().unwrap().to_string();
    let search = format!("/api/client/v1/catalog/search?{}&size=60", serde_urlencoded::to_string([("q", "پرستیژ")]).unwrap());
    let in_sitemap = format!("/product/{uid}</loc>");
    assert!(!b.get(&search).await.text.contains(&uid), "a draft is not on the second node");
    assert!(!b.get("/sitemap.xml").await.text.contains(&in_sitemap));

    let p = ok(&a, "/product/publish", &m.token, json!({ "uid": uid, "version": 1, "published": true })).await;
    let took = within_two_seconds(&b, "/sitemap.xml", |r| r.text.contains(&in_sitemap)).await;
    eprintln!("published on A, in B's sitemap after {took:?}");
    let found = b.get(&search).await;
    assert!(found.text.contains(&uid), "{}", found.text);
    assert_eq!(b.get(&format!("/product/{uid}")).await.status, 200);

    let v = &p["variants"][0];
    let mut form = v["form"].clone();
    form["price"] = json!("59000000");
    ok(&a, "/variant/update", &m.token, json!({ "id": v["id"], "version": v["version"], "variant": form })).await;
    let card_price = |r: &Resp| r.body["data"].as_array().is_some_and(|d| d.iter().any(|c| c["Uid"] == uid && c["Price"] == 59_000_000));
    let took = within_two_seconds(&b, &search, card_price).await;
    eprintln!("repriced on A, in B's search after {took:?}");
    let answer = b.get(&format!("/api/client/v1/catalog/products/{uid}")).await;
    assert_eq!(answer.body["data"]["Price"], 59_000_000, "{}", answer.text);
    let html = b.get(&format!("/product/{uid}")).await.text;
    assert!(html.contains(&shop_server::catalog::fmt::toman(59_000_000)), "the description names the new price: {html}");
    assert!(html.contains("\"590000000\""), "the JSON-LD offer is in Rial: {html}");
}

/// Waits (at most 10 s) until `n` connections to the test's database, none of the processes
/// `gone`, are listening; their process ids.
async fn listening_nodes(s: &TestApp, n: usize, gone: &[i32]) -> Vec<i32> {
    use sea_orm::{ConnectionTrait, Statement};
    let sql = "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %' ORDER BY pid";
    let started = std::time::Instant::now();
    loop {
        let rows = s.db.query_all_raw(Statement::from_string(sea_orm::DbBackend::Postgres, sql)).await.unwrap();
        let pids: Vec<i32> = rows.iter().map(|r| r.try_get_by_index::<i32>(0).unwrap()).filter(|p| !gone.contains(p)).collect();
        if pids.len() >= n {
            return pids;
        }
        assert!(started.elapsed() < std::time::Duration::from_secs(10), "{n} nodes never listened");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

/// Real time until a GET of `path` satisfies `check` (asked every 10 ms); fails after 2 s.
async fn within_two_seconds(s: &TestApp, path: &str, check: impl Fn(&Resp) -> bool) -> std::time::Duration {
    let started = std::time::Instant::now();
    loop {
        let r = s.get(path).await;
        assert_eq!(r.status, 200, "{path}: {}", r.text);
        if check(&r) {
            return started.elapsed();
        }
        assert!(started.elapsed() < std::time::Duration::from_secs(2), "{path} did not follow within 2 s: {}", r.text);
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
}

/// PostgreSQL: the nodes' listening connections are cut (`pg_terminate_backend`) and a price
/// changed at once, before or while they come back; with the poll an hour long, B still shows
/// it within 2 s (a listener that is listening again marks the snapshot stale: notes sent
/// meanwhile are lost). Once both listen again, a second change is heard as before.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_whose_listening_connection_was_cut_follows_again() {
    let test = "catalog_admin::a_node_whose_listening_connection_was_cut_follows_again";
    let Some(db) = TestDb::postgres_or_skip(test).await else { return };
    let other = db.another_node();
    let a = crate::helpers::spawn_app_with(db, |c| c.catalog_recheck_ms = 3_600_000).await;
    let b = crate::helpers::spawn_app_with(other, |c| c.catalog_recheck_ms = 3_600_000).await;
    let before = listening_nodes(&a, 2, &[]).await;
    let m = manager(&a).await;
    let cat = category(&a, &m.token, "لپ‌تاپ اداری", "office-laptop").await;
    let p = create(&a, &m.token, cat, true).await;
    let uid = p["uid"].as_str().unwrap().to_string();
    let product = format!("/api/client/v1/catalog/products/{uid}");
    within_two_seconds(&b, &product, |r| r.body["data"]["Price"] == 65_000_000).await;

    use sea_orm::ConnectionTrait;
    let cut = "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'";
    a.db.execute_unprepared(cut).await.unwrap();
    let mut v = p["variants"][0].clone();
    for price in [58_000_000, 57_000_000] {
        let mut form = v["form"].clone();
        form["price"] = json!(price.to_string());
        let saved = ok(&a, "/variant/update", &m.token, json!({ "id": v["id"], "version": v["version"], "variant": form })).await;
        let took = within_two_seconds(&b, &product, |r| r.body["data"]["Price"] == price).await;
        eprintln!("{price} on B after {took:?}");
        v = saved["variants"].as_array().unwrap().iter().find(|x| x["id"] == v["id"]).unwrap().clone();
        listening_nodes(&a, 2, &before).await;
    }
}
