//! The account's lists over HTTP, on SQLite and on PostgreSQL: the address book's bad inputs,
//! owner-only access, an order's frozen address, delivery by the chosen address's city, and the
//! favourites (add, remove, merge, a page of 1,000, a product later unpublished).

use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{json, Value};
use shop_server::catalog::{product, variant};

use crate::checkout_support::*;
use crate::helpers::{on_both_dbs, spawn_app, Resp, TestApp, TestDb, TestUser};

const FAV_ADD: &str = "/api/client/v1/favourite/add";
const FAV_REMOVE: &str = "/api/client/v1/favourite/remove";
const FAV_MERGE: &str = "/api/client/v1/favourite/merge";
const FAV_LIST: &str = "/api/client/v1/favourite/list";
const FAV_IDS: &str = "/api/client/v1/favourite/ids";

on_both_dbs!(
    postal_codes_are_ten_digits_in_any_digit_set,
    places_come_from_the_provinces_list,
    long_texts_and_markup_in_an_address,
    plaque_and_unit_are_optional_and_kept,
    another_customers_address_is_404_without_its_data,
    editing_an_address_keeps_a_registered_orders_snapshot,
    delivery_follows_the_chosen_address_not_the_profile_city,
    parallel_address_adds_of_many_customers_all_succeed,
    parallel_address_adds_of_one_customer_stop_at_the_cap,
    favourites_add_remove_and_list_with_price_and_stock,
    another_customers_favourites_are_never_touched,
    a_favourite_later_unpublished_is_listed_as_unavailable,
    merging_browser_hearts_is_idempotent_and_ignores_unknown_ids,
    a_thousand_favourites_are_paged,
);

fn assert_no_500(r: &Resp) {
    assert_ne!(r.status, 500, "server error: {}", r.text);
}

async fn book(s: &TestApp, c: &TestUser) -> Vec<Value> {
    let r = s.post_auth(ADDR_LIST, &c.token, json!({})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.body["data"].as_array().unwrap().clone()
}

/// Adds the body; asserts a 422 naming `field` and that nothing was stored.
async fn refused(s: &TestApp, c: &TestUser, body: Value, field: &str) {
    let before = book(s, c).await.len();
    let r = s.post_auth(ADDR_ADD, &c.token, body.clone()).await;
    assert_no_500(&r);
    r.assert_error(422);
    assert_eq!(r.body["field"], field, "{body}: {}", r.text);
    assert_eq!(book(s, c).await.len(), before, "nothing stored for {body}");
}

// ------------------------------------------------------------------ address book

/// 30 customers each add an address at the same moment: every add is stored (on SQLite a
/// deferred transaction that read first answered 500 "database is locked").
async fn parallel_address_adds_of_many_customers_all_succeed(db: TestDb) {
    let s = spawn_app(db).await;
    let mut customers = Vec::new();
    for _ in 0..30 {
        customers.push(customer(&s, "تهران").await);
    }
    let adds = customers.iter().map(|c| s.post_auth(ADDR_ADD, &c.token, address_body("تهران", "تهران")));
    let answers = futures::future::join_all(adds).await;
    for r in &answers {
        assert_eq!(r.status, 200, "{}", r.text);
    }
    for c in &customers {
        assert_eq!(book(&s, c).await.len(), 1);
    }
}

/// 30 parallel adds of one customer with 15 addresses left to fill: exactly the cap (20) is
/// stored and the rest are refused with the cap's Persian message.
async fn parallel_address_adds_of_one_customer_stop_at_the_cap(db: TestDb) {
    let s = spawn_app(db).await;
    let c = customer(&s, "تهران").await;
    for _ in 0..5 {
        add_address(&s, &c, "تهران", "تهران").await;
    }
    let adds = (0..30).map(|_| s.post_auth(ADDR_ADD, &c.token, address_body("تهران", "تهران")));
    let answers = futures::future::join_all(adds).await;
    let stored = answers.iter().filter(|r| r.status == 200).count();
    assert_eq!(stored, 15, "{:?}", answers.iter().map(|r| &r.text).collect::<Vec<_>>());
    for r in answers.iter().filter(|r| r.status != 200) {
        r.assert_error(422);
        assert!(r.body["message"].as_str().unwrap().contains("۲۰"), "{}", r.text);
    }
    assert_eq!(book(&s, &c).await.len(), 20);
}

async fn postal_codes_are_ten_digits_in_any_digit_set(db: TestDb) {
    let s = spawn_app(db).await;
    let c = customer(&s, "تهران").await;
    for bad in ["123456789", "۱۲۳۴۵۶۷۸۹", "12345abcde", "1234567890a", "ABCDEFGHIJ", "12345678901", ""] {
        let mut body = address_body("تهران", "تهران");
        body["postalcode"] = json!(bad);
        refused(&s, &c, body, "postalcode").await;
    }
    // Persian digits, Arabic-Indic digits and the usual dash are accepted once normalised.
    for (good, stored) in [("۱۲۳۴۵۶۷۸۹۰", "1234567890"), ("١٢٣٤٥-٦٧٨٩٠", "1234567890"), ("87159-88111", "8715988111")] {
        let mut body = address_body("تهران", "تهران");
        body["postalcode"] = json!(good);
        let r = s.post_auth(ADDR_ADD, &c.token, body).await;
        assert_eq!(r.status, 200, "{good}: {}", r.text);
        let id = r.body["Id"].as_i64().unwrap();
        let row = r.body["data"].as_array().unwrap().iter().find(|a| a["Id"] == id).unwrap().clone();
        assert_eq!(row["PostalCode"], stored);
    }
}

async fn places_come_from_the_provinces_list(db: TestDb) {
    let s = spawn_app(db).await;
    let c = customer(&s, "تهران").await;
    // A city of another province, an unknown province, an unknown city, empty choices.
    refused(&s, &c, address_body("تهران", "شیراز"), "city").await;
    refused(&s, &c, address_body("کالیفرنیا", "تهران"), "state").await;
    refused(&s, &c, address_body("فارس", "آتلانتیس"), "city").await;
    refused(&s, &c, address_body("", "تهران"), "state").await;
    refused(&s, &c, address_body("فارس", ""), "city").await;
    // A city of its own province is stored as chosen.
    let r = s.post_auth(ADDR_ADD, &c.token, address_body("فارس", "شیراز")).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["data"][0]["State"], "فارس");
    assert_eq!(r.body["data"][0]["City"], "شیراز");
}

async fn long_texts_and_markup_in_an_address(db: TestDb) {
    let s = spawn_app(db).await;
    let c = customer(&s, "تهران").await;
    // A 10 KB address text: refused with a Persian message naming the field, never a 500.
    let mut body = address_body("تهران", "تهران");
    body["address"] = json!("خیابان ".repeat(800));
    assert!(body["address"].as_str().unwrap().len() >= 10 * 1024);
    let r = s.post_auth(ADDR_ADD, &c.token, body).await;
    assert_no_500(&r);
    r.assert_error(422);
    assert_eq!(r.body["field"], "address", "{}", r.text);
    assert!(book(&s, &c).await.is_empty());
    // 500 characters is the limit; 501 is refused.
    let mut body = address_body("تهران", "تهران");
    body["address"] = json!("ب".repeat(501));
    refused(&s, &c, body, "address").await;
    let mut body = address_body("تهران", "تهران");
    body["address"] = json!("ب".repeat(500));
    assert_eq!(s.post_auth(ADDR_ADD, &c.token, body).await.status, 200);

    // Markup in a name is text: stored and answered as typed (the web renders it as text).
    let mut body = address_body("تهران", "تهران");
    body["name"] = json!("<script>alert(1)</script>");
    let r = s.post_auth(ADDR_ADD, &c.token, body).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let id = r.body["Id"].as_i64().unwrap();
    let row = r.body["data"].as_array().unwrap().iter().find(|a| a["Id"] == id).unwrap().clone();
    assert_eq!(row["Name"], "<script>alert(1)</script>");
    assert_eq!(r.headers["content-type"], "application/json; charset=utf-8");
}

async fn plaque_and_unit_are_optional_and_kept(db: TestDb) {
    let s = spawn_app(db).await;
    let c = customer(&s, "تهران").await;
    let mut body = address_body("تهران", "تهران");
    body["plaque"] = json!(" ۱۲ ");
    body["unit"] = json!("۳");
    let r = s.post_auth(ADDR_ADD, &c.token, body.clone()).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let id = r.body["Id"].as_i64().unwrap();
    assert_eq!(r.body["data"][0]["Plaque"], "12");
    assert_eq!(r.body["data"][0]["Unit"], "3");
    // Without them (older clients, the first-time checkout form): empty.
    let r = s.post_auth(ADDR_ADD, &c.token, address_body("تهران", "تهران")).await;
    let other = r.body["Id"].as_i64().unwrap();
    let row = r.body["data"].as_array().unwrap().iter().find(|a| a["Id"] == other).unwrap().clone();
    assert_eq!(row["Plaque"], "");
    assert_eq!(row["Unit"], "");
    // Too long a plaque is named.
    let mut long = address_body("تهران", "تهران");
    long["plaque"] = json!("۱".repeat(21));
    refused(&s, &c, long, "plaque").await;
    // Editing can clear them.
    let mut edit = address_body("تهران", "تهران");
    edit["id"] = json!(id);
    let r = s.post_auth(ADDR_EDIT, &c.token, edit).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let row = r.body["data"].as_array().unwrap().iter().find(|a| a["Id"] == id).unwrap().clone();
    assert_eq!(row["Plaque"], "");
}

async fn another_customers_address_is_404_without_its_data(db: TestDb) {
    let s = spawn_app(db).await;
    let owner = customer(&s, "تهران").await;
    let mut body = address_body("فارس", "شیراز");
    body["name"] = json!("صاحب نشانی");
    body["postalcode"] = json!("7777777777");
    let r = s.post_auth(ADDR_ADD, &owner.token, body).await;
    let theirs = r.body["Id"].as_i64().unwrap();
    let intruder = customer(&s, "تهران").await;
    let mine = add_address(&s, &intruder, "تهران", "تهران").await;

    let no_data = |r: Resp| {
        assert_eq!(r.status, 404, "{}", r.text);
        assert_eq!(r.body["status"], "error");
        for secret in ["صاحب نشانی", "7777777777", "شیراز"] {
            assert!(!r.text.contains(secret), "leaked {secret}: {}", r.text);
        }
    };
    let mut edit = address_body("تهران", "تهران");
    edit["id"] = json!(theirs);
    no_data(s.post_auth(ADDR_EDIT, &intruder.token, edit).await);
    no_data(s.post_auth(ADDR_DELETE, &intruder.token, json!({ "id": theirs })).await);
    no_data(s.post_auth(ADDR_DEFAULT, &intruder.token, json!({ "id": theirs })).await);
    // An unknown id answers the same.
    no_data(s.post_auth(ADDR_DELETE, &intruder.token, json!({ "id": theirs + 1000 })).await);
    // Nothing changed on either side.
    let owners = book(&s, &owner).await;
    assert_eq!(owners.len(), 1);
    assert_eq!(owners[0]["City"], "شیراز");
    assert_eq!(owners[0]["IsDefault"], true);
    let mine_now = book(&s, &intruder).await;
    assert_eq!(mine_now.len(), 1);
    assert_eq!(mine_now[0]["Id"], mine);
    // Without a token: 401.
    s.post(ADDR_LIST, json!({})).await.assert_error(401);
}

async fn editing_an_address_keeps_a_registered_orders_snapshot(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 1).await;
    let code = register(&s, &r, &shop).await;

    let mut edit = address_body("فارس", "شیراز");
    edit["id"] = json!(r.address);
    edit["address"] = json!("خیابان زند، کوچه ۵، پلاک ۹");
    edit["postalcode"] = json!("7134567890");
    let e = s.post_auth(ADDR_EDIT, &r.c.token, edit).await;
    assert_eq!(e.status, 200, "{}", e.text);
    assert_eq!(book(&s, &r.c).await[0]["City"], "شیراز", "the book has the new address");

    let inv = s.post_auth(INVOICE, &r.c.token, json!({ "code": code })).await;
    assert_eq!(inv.status, 200, "{}", inv.text);
    let a = &inv.body["data"]["Address"];
    assert_eq!(a["State"], "تهران");
    assert_eq!(a["City"], "تهران");
    assert_eq!(a["PostalCode"], "1234567890");
    assert!(a["Address"].as_str().unwrap().starts_with("خیابان آزادی"), "{a}");

    // Deleting it does not touch the order either.
    s.post_auth(ADDR_DELETE, &r.c.token, json!({ "id": r.address })).await;
    let inv = s.post_auth(INVOICE, &r.c.token, json!({ "code": code })).await;
    assert_eq!(inv.body["data"]["Address"]["City"], "تهران");
}

async fn delivery_follows_the_chosen_address_not_the_profile_city(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    // Lives in Isfahan by profile, sends to Tehran.
    let c = customer(&s, "اصفهان").await;
    let tehran = add_address(&s, &c, "تهران", "تهران").await;
    let isfahan = add_address(&s, &c, "اصفهان", "اصفهان").await;
    let cart = add_to_cart(&s, &c, &shop, 1).await;
    let offered = |r: &Resp| -> Vec<i64> {
        r.body["DeliveryOptions"].as_array().unwrap().iter().map(|o| o["Id"].as_i64().unwrap()).collect()
    };
    let r = s.post_auth(SUMMARY, &c.token, json!({ "orderid": cart, "addressid": tehran })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(offered(&r), vec![shop.courier, shop.post], "Tehran's courier for the Tehran address");
    let r = s.post_auth(SUMMARY, &c.token, json!({ "orderid": cart, "addressid": isfahan })).await;
    assert_eq!(offered(&r), vec![shop.post]);
    // Moving the address to Isfahan takes the courier away from it.
    let mut edit = address_body("اصفهان", "کاشان");
    edit["id"] = json!(tehran);
    s.post_auth(ADDR_EDIT, &c.token, edit).await;
    let r = s.post_auth(SUMMARY, &c.token, json!({ "orderid": cart, "addressid": tehran })).await;
    assert_eq!(offered(&r), vec![shop.post]);
}

// ------------------------------------------------------------------ favourites

async fn uid_of(s: &TestApp, product_id: i64) -> String {
    product::Entity::find_by_id(product_id).one(&s.db).await.unwrap().unwrap().uid
}

/// The catalogue snapshot is re-read when its version moved and `RECHECK_MS` passed.
fn let_the_catalogue_see_it(s: &TestApp) {
    s.advance_clock(1);
}

async fn list(s: &TestApp, c: &TestUser, page: i64, size: i64) -> Resp {
    let r = s.post_auth(FAV_LIST, &c.token, json!({ "page": page, "size": size })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    r
}

async fn favourites_add_remove_and_list_with_price_and_stock(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 3).await;
    let uid = uid_of(&s, shop.product).await;
    let c = customer(&s, "تهران").await;

    let r = list(&s, &c, 1, 24).await;
    assert_eq!(r.body["data"], json!([]));
    assert_eq!(r.body["page"]["Total"], 0);

    let r = s.post_auth(FAV_ADD, &c.token, json!({ "uid": uid })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["uids"], json!([uid]));
    // Twice is the same as once.
    let r = s.post_auth(FAV_ADD, &c.token, json!({ "uid": uid })).await;
    assert_eq!(r.body["uids"], json!([uid]));
    assert_eq!(s.count("favourite").await, 1);

    let r = list(&s, &c, 1, 24).await;
    assert_eq!(r.body["page"]["Total"], 1);
    let f = &r.body["data"][0];
    assert_eq!(f["Uid"], uid.as_str());
    assert_eq!(f["Available"], true);
    assert_eq!(f["Product"]["Price"], shop.price);
    assert_eq!(f["Product"]["PriceText"], "۱۰٬۰۰۰٬۰۰۰ تومان");
    assert_eq!(f["Product"]["InStock"], true);

    // The catalogue's price rule: a running offer shows in the list as on the product page.
    s.set_offer(shop.product, 9_000_000, s.now() + 3600).await;
    set_stock(&s, shop.variant, 0).await;
    let_the_catalogue_see_it(&s);
    let f = list(&s, &c, 1, 24).await.body["data"][0].clone();
    assert_eq!(f["Product"]["Price"], 9_000_000);
    assert_eq!(f["Product"]["OldPrice"], shop.price);
    assert_eq!(f["Product"]["InStock"], false);

    // An unknown product id: 404 naming the uid, nothing stored.
    for bad in [json!("no-such-laptop"), json!(""), json!("<script>"), json!("x".repeat(100))] {
        let r = s.post_auth(FAV_ADD, &c.token, json!({ "uid": bad })).await;
        assert_no_500(&r);
        r.assert_error(404);
        assert_eq!(r.body["field"], "uid");
    }
    let r = s.post_auth(FAV_ADD, &c.token, json!({ "uid": 12 })).await;
    assert_no_500(&r);
    assert!([400, 404, 422].contains(&r.status), "{}", r.text);
    assert_eq!(r.body["field"], "uid");
    assert_eq!(s.count("favourite").await, 1);

    // Removing, and removing again, is fine.
    let r = s.post_auth(FAV_REMOVE, &c.token, json!({ "uid": uid })).await;
    assert_eq!(r.body["uids"], json!([]));
    let r = s.post_auth(FAV_REMOVE, &c.token, json!({ "uid": uid })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(list(&s, &c, 1, 24).await.body["page"]["Total"], 0);

    // Without a token: 401; a bad page: 422.
    s.post(FAV_LIST, json!({})).await.assert_error(401);
    s.post(FAV_ADD, json!({ "uid": uid })).await.assert_error(401);
    let r = s.post_auth(FAV_LIST, &c.token, json!({ "page": 0 })).await;
    r.assert_error(422);
}

async fn another_customers_favourites_are_never_touched(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 3).await;
    let uid = uid_of(&s, shop.product).await;
    let owner = customer(&s, "تهران").await;
    let other = customer(&s, "تهران").await;
    s.post_auth(FAV_ADD, &owner.token, json!({ "uid": uid })).await;

    // The other customer sees none of it and cannot remove it.
    assert_eq!(list(&s, &other, 1, 24).await.body["data"], json!([]));
    let r = s.post_auth(FAV_IDS, &other.token, json!({})).await;
    assert_eq!(r.body["uids"], json!([]));
    let r = s.post_auth(FAV_REMOVE, &other.token, json!({ "uid": uid })).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.body["uids"], json!([]), "{}", r.text);
    let r = list(&s, &owner, 1, 24).await;
    assert_eq!(r.body["page"]["Total"], 1, "the owner's favourite is still there");
    // Their own heart on the same product is theirs alone.
    s.post_auth(FAV_ADD, &other.token, json!({ "uid": uid })).await;
    s.post_auth(FAV_REMOVE, &owner.token, json!({ "uid": uid })).await;
    assert_eq!(list(&s, &other, 1, 24).await.body["page"]["Total"], 1);
    assert_eq!(list(&s, &owner, 1, 24).await.body["page"]["Total"], 0);
}

async fn a_favourite_later_unpublished_is_listed_as_unavailable(db: TestDb) {
    let s = spawn_app(db).await;
    let a = shop(&s, 3).await;
    let b = shop(&s, 3).await;
    let (ua, ub) = (uid_of(&s, a.product).await, uid_of(&s, b.product).await);
    let c = customer(&s, "تهران").await;
    s.post_auth(FAV_ADD, &c.token, json!({ "uid": ua })).await;
    s.post_auth(FAV_ADD, &c.token, json!({ "uid": ub })).await;

    unpublish(&s, a.product).await;
    let_the_catalogue_see_it(&s);
    let r = list(&s, &c, 1, 24).await;
    assert_eq!(r.body["page"]["Total"], 2, "still listed: {}", r.text);
    let gone = r.body["data"].as_array().unwrap().iter().find(|f| f["Uid"] == ua.as_str()).unwrap().clone();
    assert_eq!(gone["Available"], false);
    assert_eq!(gone["Name"], "لپ‌تاپ آزمایشی ایسوس");
    assert!(gone.get("Product").is_none() || gone["Product"].is_null(), "{gone}");
    let shown = r.body["data"].as_array().unwrap().iter().find(|f| f["Uid"] == ub.as_str()).unwrap().clone();
    assert_eq!(shown["Available"], true);

    // It can no longer be hearted again, but it can be removed.
    s.post_auth(FAV_REMOVE, &c.token, json!({ "uid": ua })).await;
    s.post_auth(FAV_ADD, &c.token, json!({ "uid": ua })).await.assert_error(404);
    assert_eq!(list(&s, &c, 1, 24).await.body["page"]["Total"], 1);

    // A product without any variant left is not shown either: unavailable, not an error.
    s.post_auth(FAV_ADD, &c.token, json!({ "uid": ub })).await;
    s.delete_variant(b.variant).await;
    let_the_catalogue_see_it(&s);
    let r = list(&s, &c, 1, 24).await;
    assert_eq!(r.body["data"][0]["Available"], false, "{}", r.text);
}

async fn merging_browser_hearts_is_idempotent_and_ignores_unknown_ids(db: TestDb) {
    let s = spawn_app(db).await;
    let a = shop(&s, 3).await;
    let b = shop(&s, 3).await;
    let hidden = shop(&s, 3).await;
    let (ua, ub, uh) = (uid_of(&s, a.product).await, uid_of(&s, b.product).await, uid_of(&s, hidden.product).await);
    unpublish(&s, hidden.product).await;
    let_the_catalogue_see_it(&s);
    let c = customer(&s, "تهران").await;
    s.post_auth(FAV_ADD, &c.token, json!({ "uid": ua })).await;

    let hearts = json!({ "uids": [ua, ub, "no-such-laptop", uh, ub, "", "<b>"] });
    let r = s.post_auth(FAV_MERGE, &c.token, hearts.clone()).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["added"], 1);
    assert_eq!(r.body["ignored"], 4, "unknown, unpublished, empty, markup: {}", r.text);
    let mut want = vec![ua.clone(), ub.clone()];
    want.sort();
    assert_eq!(r.body["uids"], json!(want));
    // Twice: nothing new.
    let r = s.post_auth(FAV_MERGE, &c.token, hearts).await;
    assert_eq!(r.body["added"], 0);
    assert_eq!(r.body["uids"], json!(want));
    assert_eq!(s.count("favourite").await, 2);
    // An empty list, and too long a list.
    let r = s.post_auth(FAV_MERGE, &c.token, json!({ "uids": [] })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let many: Vec<String> = (0..1001).map(|i| format!("x{i}")).collect();
    let r = s.post_auth(FAV_MERGE, &c.token, json!({ "uids": many })).await;
    assert_no_500(&r);
    assert!(r.status == 400 || r.status == 422, "{}", r.text);
}

/// `n` published products with one variant each, inserted in bulk; their uids.
async fn many_products(s: &TestApp, n: usize) -> Vec<String> {
    let tag = uuid::Uuid::new_v4().simple().to_string();
    let uids: Vec<String> = (0..n).map(|i| format!("fav-{tag}-{i}")).collect();
    for chunk in uids.chunks(200) {
        product::Entity::insert_many(chunk.iter().map(|u| product::ActiveModel {
            uid: Set(u.clone()),
            name: Set(format!("لپ‌تاپ {u}")),
            brand: Set("ASUS".into()),
            line: Set("laptop".into()),
            condition: Set("new".into()),
            description: Set(String::new()),
            active: Set(true),
            ..Default::default()
        }))
        .exec_without_returning(&s.db)
        .await
        .unwrap();
    }
    let ids: Vec<i64> = product::Entity::find()
        .filter(product::Column::Uid.starts_with(format!("fav-{tag}-")))
        .all(&s.db)
        .await
        .unwrap()
        .into_iter()
        .map(|p| p.id)
        .collect();
    assert_eq!(ids.len(), n);
    for chunk in ids.chunks(200) {
        variant::Entity::insert_many(chunk.iter().map(|&id| variant::ActiveModel {
            product_id: Set(id),
            color: Set("مشکی".into()),
            warranty_name: Set("بدون گارانتی".into()),
            warranty_price: Set(0),
            price: Set(20_000_000 + id),
            stock: Set(1),
            ins_payment: Set(false),
            dg: Set("1-1".into()),
            property: Set("۸ گیگ رم".into()),
            ..Default::default()
        }))
        .exec_without_returning(&s.db)
        .await
        .unwrap();
    }
    uids
}

async fn a_thousand_favourites_are_paged(db: TestDb) {
    let s = spawn_app(db).await;
    let uids = many_products(&s, 1000).await;
    let_the_catalogue_see_it(&s);
    let c = customer(&s, "تهران").await;
    let started = std::time::Instant::now();
    let r = s.post_auth(FAV_MERGE, &c.token, json!({ "uids": uids })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["added"], 1000);
    assert_eq!(r.body["uids"].as_array().unwrap().len(), 1000);
    eprintln!("merge of 1,000 hearts: {} ms", started.elapsed().as_millis());

    let mut seen = std::collections::HashSet::new();
    let first = list(&s, &c, 1, 60).await;
    assert_eq!(first.body["page"]["Total"], 1000);
    assert_eq!(first.body["page"]["Pages"], 17);
    let started = std::time::Instant::now();
    for page in 1..=17 {
        let r = list(&s, &c, page, 60).await;
        let data = r.body["data"].as_array().unwrap();
        assert_eq!(data.len(), if page == 17 { 40 } else { 60 }, "page {page}");
        for f in data {
            assert_eq!(f["Available"], true);
            assert!(f["Product"]["Price"].as_i64().unwrap() > 20_000_000);
            assert!(seen.insert(f["Uid"].as_str().unwrap().to_string()), "no item twice");
        }
    }
    eprintln!("17 pages of favourites: {} ms", started.elapsed().as_millis());
    assert_eq!(seen.len(), 1000);
    // Past the end: an empty page, not an error; a huge size is capped.
    assert_eq!(list(&s, &c, 18, 60).await.body["data"], json!([]));
    let r = list(&s, &c, 1, 100_000).await;
    assert_eq!(r.body["data"].as_array().unwrap().len(), 60);
    // One more heart on top of a full page still works.
    let shop = shop(&s, 1).await;
    let_the_catalogue_see_it(&s);
    let uid = uid_of(&s, shop.product).await;
    let r = s.post_auth(FAV_ADD, &c.token, json!({ "uid": uid })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(list(&s, &c, 1, 1).await.body["page"]["Total"], 1001);
}
