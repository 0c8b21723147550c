//! Checkout over HTTP against the real server, on SQLite and on PostgreSQL: the address book,
//! the summary, registration with its stock reservation and idempotency, the expiry job,
//! payments through the sandbox bank and a fake Zarinpal, invoices, and owner-only access for
//! every call.

use serde_json::{json, Value};
use shop_server::platform::Config;

use crate::checkout_support::*;
use crate::helpers::{on_both_dbs, spawn_app, spawn_app_with, Resp, TestApp, TestDb};

on_both_dbs!(
    address_book_add_edit_default_delete,
    address_bad_fields_are_named_in_persian,
    summary_offers_delivery_for_the_address_city_and_sums_on_the_server,
    a_delivery_option_not_offered_to_the_city_is_refused,
    registration_reserves_stock_and_freezes_a_snapshot,
    a_changed_price_needs_the_customers_confirmation,
    a_cart_changed_in_another_tab_is_not_registered_at_the_old_payable,
    the_same_idempotency_key_never_registers_twice,
    a_key_commits_with_its_order_and_a_refusal_records_nothing,
    a_claim_an_older_version_left_open_waits_out_the_lease_then_the_cart_registers_once,
    a_product_unpublished_or_sold_out_after_adding_is_not_registered,
    bad_quantities_and_methods_are_refused,
    hundred_customers_for_ten_laptops_get_ten_orders,
    an_unpaid_order_expires_and_gives_its_stock_back,
    cancelling_releases_once,
    registering_the_cart_again_replaces_the_unpaid_order,
    paying_in_the_sandbox_commits_stock_and_empties_the_cart,
    cancelling_at_the_bank_keeps_the_order_and_it_can_be_paid_again,
    an_unknown_authority_or_an_unpaid_ok_callback_is_not_a_payment,
    a_payment_after_expiry_is_flagged_for_a_refund,
    the_same_key_never_starts_two_payments,
    another_customers_cart_address_order_and_invoice_are_closed,
    zarinpal_verifies_with_the_amount_from_our_database,
    zarinpal_refusing_the_verify_settles_nothing,
    zarinpal_slow_verify_is_reconciled_later,
    zarinpal_erroring_verify_is_reconciled_later,
    zarinpal_silent_verify_is_reconciled_later,
    zarinpal_refusing_the_request_answers_503_and_keeps_the_order,
    registering_again_when_the_earlier_order_holds_the_last_unit_replaces_it,
    an_order_asking_too_many_units_of_one_variant_is_refused_and_holds_nothing,
    thirty_parallel_registrations_of_one_customer_stay_within_the_caps,
    many_customers_registering_and_replacing_orders_at_once_never_get_a_server_error,
    a_registration_replacing_an_order_reads_everything_before_it_takes_the_shared_locks,
    the_eleventh_registration_in_an_hour_is_refused,
    the_eleventh_cancellation_in_an_hour_is_refused,
);

fn zarinpal(base: String) -> impl Fn(&mut Config) {
    zarinpal_at(base, 500)
}

// ------------------------------------------------------------------ address book

async fn address_book_add_edit_default_delete(db: TestDb) {
    let s = spawn_app(db).await;
    let c = customer(&s, "تهران").await;
    let first = add_address(&s, &c, "تهران", "تهران").await;
    let second = add_address(&s, &c, "اصفهان", "کاشان").await;
    let r = s.post_auth(ADDR_LIST, &c.token, json!({})).await;
    let data = r.body["data"].as_array().unwrap();
    assert_eq!(data.len(), 2);
    assert_eq!(data[0]["Id"], first, "the first address is the default and comes first");
    assert_eq!(data[0]["IsDefault"], true);
    assert_eq!(data[0]["Mobile"], "09123456789");
    assert_eq!(data[0]["PostalCode"], "1234567890");

    let r = s.post_auth(ADDR_DEFAULT, &c.token, json!({ "id": second })).await;
    assert_eq!(r.body["data"][0]["Id"], second);
    let mut edit = address_body("فارس", "شیراز");
    edit["id"] = json!(second);
    let r = s.post_auth(ADDR_EDIT, &c.token, edit).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["data"][0]["City"], "شیراز");

    let r = s.post_auth(ADDR_DELETE, &c.token, json!({ "id": second })).await;
    let data = r.body["data"].as_array().unwrap();
    assert_eq!(data.len(), 1);
    assert_eq!(data[0]["Id"], first);
    assert_eq!(data[0]["IsDefault"], true, "the remaining address became the default");
}

async fn address_bad_fields_are_named_in_persian(db: TestDb) {
    let s = spawn_app(db).await;
    let c = customer(&s, "تهران").await;
    let cases: Vec<(&str, Value, &str)> = vec![
        ("name", json!(""), "name"),
        ("mobile", json!("0912"), "mobile"),
        ("state", json!("کالیفرنیا"), "state"),
        ("city", json!("تبریز"), "city"),
        ("address", json!("کوتاه"), "address"),
        ("postalcode", json!("12345"), "postalcode"),
        ("postalcode", json!("۱۲۳۴۵۶۷۸۹۰۱"), "postalcode"),
    ];
    for (key, value, field) in cases {
        let mut body = address_body("تهران", "تهران");
        body[key] = value.clone();
        let r = s.post_auth(ADDR_ADD, &c.token, body).await;
        r.assert_error(422);
        assert_eq!(r.body["field"], field, "{key}={value}: {}", r.text);
    }
    let r = s.post_auth(ADDR_LIST, &c.token, json!({})).await;
    assert_eq!(r.body["data"], json!([]), "nothing was stored");
}

// ------------------------------------------------------------------ summary

async fn summary_offers_delivery_for_the_address_city_and_sums_on_the_server(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 2).await;
    let isfahan = add_address(&s, &r.c, "اصفهان", "اصفهان").await;

    let resp = s
        .post_auth(
            SUMMARY,
            &r.c.token,
            json!({ "orderid": r.cart, "addressid": r.address }),
        )
        .await;
    assert_eq!(resp.status, 200, "{}", resp.text);
    let ids: Vec<i64> = resp.body["DeliveryOptions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["Id"].as_i64().unwrap())
        .collect();
    // Tehran: the courier has the lowest priority (1, not 0), so the shared options follow it.
    assert_eq!(ids, vec![shop.courier, shop.post]);
    assert_eq!(resp.body["ItemsTotal"], 2 * (shop.price + shop.warranty));
    assert_eq!(resp.body["Payable"], 2 * (shop.price + shop.warranty));
    assert_eq!(resp.body["InstalmentEligible"], true);
    assert_eq!(resp.body["PaymentMethods"], json!(["full", "instalment"]));

    let resp = s
        .post_auth(SUMMARY, &r.c.token, json!({ "orderid": r.cart, "addressid": isfahan }))
        .await;
    let ids: Vec<i64> = resp.body["DeliveryOptions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["Id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, vec![shop.post], "the Tehran courier is not offered in Isfahan");

    let resp = s
        .post_auth(
            SUMMARY,
            &r.c.token,
            json!({ "orderid": r.cart, "addressid": r.address, "deliveryid": shop.courier }),
        )
        .await;
    assert_eq!(resp.body["DeliveryPrice"], 50_000);
    assert_eq!(resp.body["Payable"], 2 * (shop.price + shop.warranty) + 50_000);
}

async fn a_delivery_option_not_offered_to_the_city_is_refused(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let c = customer(&s, "تهران").await;
    let isfahan = add_address(&s, &c, "اصفهان", "اصفهان").await;
    let cart = add_to_cart(&s, &c, &shop, 1).await;
    let before = stock(&s, shop.variant).await;
    let body = json!({ "orderid": cart, "addressid": isfahan, "deliveryid": shop.courier, "paymentmethod": "full" });
    let r = post_key(&s, REGISTER, &c.token, &key(), body).await;
    r.assert_error(422);
    assert_eq!(r.body["field"], "deliveryid");
    assert!(r.s("message").contains("اصفهان"), "{}", r.text);
    assert_eq!(stock(&s, shop.variant).await, before);
    assert_eq!(s.count("customer_order").await, 0);
}

// ------------------------------------------------------------------ registration

async fn registration_reserves_stock_and_freezes_a_snapshot(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 3).await;
    let resp = post_key(&s, REGISTER, &r.c.token, &key(), register_body(&r, shop.courier)).await;
    assert_eq!(resp.s("status"), "ok", "{}", resp.text);
    let code = resp.body["order"]["Code"].as_str().unwrap().to_string();
    let payable = 3 * (shop.price + shop.warranty) + 50_000;
    assert_eq!(resp.body["order"]["Payable"], payable);
    assert_eq!(resp.body["order"]["Status"], "registered");
    assert_eq!(stock(&s, shop.variant).await, 7, "three reserved");

    // Later catalogue changes do not alter the order.
    s.set_price(shop.variant, 1_000).await;
    let inv = s.post_auth(INVOICE, &r.c.token, json!({ "code": code })).await;
    assert_eq!(inv.status, 200, "{}", inv.text);
    let d = &inv.body["data"];
    assert_eq!(d["Lines"][0]["Price"], shop.price);
    assert_eq!(d["Lines"][0]["PriceGaranti"], shop.warranty);
    assert_eq!(d["Lines"][0]["NameGaranti"], "گارانتی ۱۸ ماهه");
    assert_eq!(d["Lines"][0]["Num"], 3);
    assert_eq!(d["WarrantyTotal"], 3 * shop.warranty);
    assert_eq!(d["DeliveryName"], "پیک تهران");
    assert_eq!(d["DeliveryPrice"], 50_000);
    assert_eq!(d["Payable"], payable);
    assert_eq!(d["Address"]["City"], "تهران");
    assert_eq!(d["Timeline"][0]["Status"], "registered");
    assert!(
        d["Date"].as_str().unwrap().chars().any(|c| ('۰'..='۹').contains(&c)),
        "Jalali date in Persian digits"
    );

    // The cart stays until the order is paid.
    let cart = s.post_auth(LIST, &r.c.token, json!({ "uid": r.c.uid })).await;
    assert_eq!(cart.body["data"].as_array().unwrap().len(), 1);

    let list = s.post_auth(ORDERS, &r.c.token, json!({})).await;
    assert_eq!(list.body["data"][0]["Code"], code);
    assert_eq!(list.body["data"][0]["StatusLabel"], "ثبت‌شده");
    assert_eq!(list.body["data"][0]["Count"], 3);
}

async fn a_changed_price_needs_the_customers_confirmation(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 1).await;
    s.set_price(shop.variant, 11_000_000).await;

    let resp = post_key(&s, REGISTER, &r.c.token, &key(), register_body(&r, shop.post)).await;
    assert_eq!(resp.s("status"), "price_changed", "{}", resp.text);
    let line = &resp.body["summary"]["Lines"][0];
    assert_eq!(line["OldPrice"], shop.price);
    assert_eq!(line["Price"], 11_000_000);
    assert_eq!(line["PriceChanged"], true);
    let new_payable = resp.body["summary"]["Payable"].as_i64().unwrap();
    assert_eq!(new_payable, 11_000_000 + shop.warranty + 120_000);
    assert_eq!(s.count("customer_order").await, 0, "nothing registered");
    assert_eq!(stock(&s, shop.variant).await, 10, "nothing reserved");

    let mut body = register_body(&r, shop.post);
    body["acceptprices"] = json!(true);
    body["payable"] = json!(new_payable);
    let resp = post_key(&s, REGISTER, &r.c.token, &key(), body).await;
    assert_eq!(resp.s("status"), "ok", "{}", resp.text);
    assert_eq!(resp.body["order"]["Payable"], new_payable);
}

async fn a_cart_changed_in_another_tab_is_not_registered_at_the_old_payable(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 1).await;
    let summary = s
        .post_auth(
            SUMMARY,
            &r.c.token,
            json!({ "orderid": r.cart, "addressid": r.address, "deliveryid": shop.post }),
        )
        .await;
    let seen = summary.body["Payable"].as_i64().unwrap();
    // Another tab doubles the quantity.
    add_to_cart(&s, &r.c, &shop, 2).await;
    let mut body = register_body(&r, shop.post);
    body["payable"] = json!(seen);
    let resp = post_key(&s, REGISTER, &r.c.token, &key(), body).await;
    assert_eq!(resp.s("status"), "price_changed", "{}", resp.text);
    assert_eq!(
        resp.body["summary"]["Payable"],
        2 * (shop.price + shop.warranty) + 120_000
    );
    assert_eq!(stock(&s, shop.variant).await, 10);
}

async fn the_same_idempotency_key_never_registers_twice(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 1).await;
    let k = key();
    let a = post_key(&s, REGISTER, &r.c.token, &k, register_body(&r, shop.post)).await;
    let b = post_key(&s, REGISTER, &r.c.token, &k, register_body(&r, shop.post)).await;
    assert_eq!(a.s("status"), "ok");
    assert_eq!(a.body, b.body, "the retry gets the first answer");
    assert_eq!(s.count("customer_order").await, 1);
    assert_eq!(stock(&s, shop.variant).await, 9);

    let other = post_key(&s, REGISTER, &r.c.token, &k, register_body(&r, shop.courier)).await;
    other.assert_error(409);
    assert_eq!(s.count("customer_order").await, 1);

    // Without a key nothing happens.
    let none = s.post_auth(REGISTER, &r.c.token, register_body(&r, shop.post)).await;
    none.assert_error(422);
    assert_eq!(none.body["field"], "Idempotency-Key");
    assert_eq!(s.count("customer_order").await, 1);
}

/// The key's records (the idempotency table), as rows.
async fn records_of(s: &TestApp, key: &str) -> Vec<serde_json::Value> {
    s.rows("idempotency_key").await.into_iter().filter(|r| r["key"] == key).collect()
}

async fn a_key_commits_with_its_order_and_a_refusal_records_nothing(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 1).await;
    // Sold out: refused, and nothing of the key is written (the refusal rolled back with the
    // registration), so the same key runs again later.
    set_stock(&s, shop.variant, 0).await;
    let k = key();
    let first = post_key(&s, REGISTER, &r.c.token, &k, register_body(&r, shop.post)).await;
    assert_eq!(first.s("status"), "not", "{}", first.text);
    assert!(records_of(&s, &k).await.is_empty());
    set_stock(&s, shop.variant, 10).await;
    let retry = post_key(&s, REGISTER, &r.c.token, &k, register_body(&r, shop.post)).await;
    assert_eq!(retry.s("status"), "ok", "{}", retry.text);
    // Registered: the record holds the answer, written by the registration's transaction.
    let rec = records_of(&s, &k).await;
    assert_eq!(rec.len(), 1);
    assert_eq!(rec[0]["status_code"], 200);
    assert!(rec[0]["response"].as_str().unwrap().contains(retry.body["order"]["Code"].as_str().unwrap()));
    let again = post_key(&s, REGISTER, &r.c.token, &k, register_body(&r, shop.post)).await;
    assert_eq!(again.body, retry.body);
    assert_eq!(s.count("customer_order").await, 1);
    assert_eq!(stock(&s, shop.variant).await, 9);
}

async fn a_claim_an_older_version_left_open_waits_out_the_lease_then_the_cart_registers_once(db: TestDb) {
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    use shop_server::platform::idempotency::{entity as claim, LEASE_SECS};
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 1).await;
    let k = key();
    let first = post_key(&s, REGISTER, &r.c.token, &k, register_body(&r, shop.post)).await;
    assert_eq!(first.s("status"), "ok", "{}", first.text);
    // As the claim-first records of an older version were left by a kill after the commit.
    let reopened = claim::Entity::update_many()
        .col_expr(claim::Column::StatusCode, sea_orm::sea_query::Expr::value(Option::<i32>::None))
        .col_expr(claim::Column::Response, sea_orm::sea_query::Expr::value(Option::<String>::None))
        .filter(claim::Column::Key.eq(k.as_str()))
        .exec(&s.db)
        .await
        .unwrap();
    assert_eq!(reopened.rows_affected, 1);
    post_key(&s, REGISTER, &r.c.token, &k, register_body(&r, shop.post)).await.assert_error(409);
    // Past the lease it runs again: registering the cart again replaces its earlier order, so
    // the stock is held once and one order stands.
    s.advance_clock(LEASE_SECS + 1);
    let token = s.fresh_token(&r.c);
    let retry = post_key(&s, REGISTER, &token, &k, register_body(&r, shop.post)).await;
    assert_eq!(retry.s("status"), "ok", "{}", retry.text);
    assert_eq!(stock(&s, shop.variant).await, 9);
    let standing: Vec<_> = s.rows("customer_order").await.into_iter().filter(|o| o["status"] != "cancelled").collect();
    assert_eq!(standing.len(), 1, "{standing:?}");
    let again = post_key(&s, REGISTER, &token, &k, register_body(&r, shop.post)).await;
    assert_eq!(again.body, retry.body);
}

async fn a_product_unpublished_or_sold_out_after_adding_is_not_registered(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 2).await;
    set_stock(&s, shop.variant, 1).await;
    let resp = post_key(&s, REGISTER, &r.c.token, &key(), register_body(&r, shop.post)).await;
    assert_eq!(resp.s("status"), "not", "{}", resp.text);
    assert_eq!(resp.s("Name"), "لپ‌تاپ آزمایشی ایسوس");
    assert!(resp.s("message").contains("موجود نیست"));
    assert_eq!(stock(&s, shop.variant).await, 1);

    set_stock(&s, shop.variant, 10).await;
    unpublish(&s, shop.product).await;
    let resp = post_key(&s, REGISTER, &r.c.token, &key(), register_body(&r, shop.post)).await;
    assert_eq!(resp.s("status"), "not", "{}", resp.text);
    assert_eq!(stock(&s, shop.variant).await, 10);
    assert_eq!(s.count("customer_order").await, 0);
}

async fn bad_quantities_and_methods_are_refused(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 1).await;
    for num in [
        json!(0),
        json!(-1),
        json!(101),
        json!(9_007_199_254_740_992_i64),
        json!("3"),
        json!("سه"),
    ] {
        let body = json!({ "spid": shop.product, "spiddetail": shop.variant, "num": num, "orderid": r.cart, "id": 0 });
        let resp = s.post_auth(EDIT, &r.c.token, body).await;
        assert!(resp.status == 422 || resp.status == 400, "{num}: {}", resp.text);
        resp.assert_error(resp.status);
    }
    let mut body = register_body(&r, shop.post);
    body["paymentmethod"] = json!("bitcoin");
    let resp = post_key(&s, REGISTER, &r.c.token, &key(), body.clone()).await;
    resp.assert_error(422);
    assert_eq!(resp.body["field"], "paymentmethod");
    body["paymentmethod"] = json!("instalment");
    let resp = post_key(&s, REGISTER, &r.c.token, &key(), body).await;
    resp.assert_error(422);
    assert_eq!(s.count("customer_order").await, 0);
}

async fn hundred_customers_for_ten_laptops_get_ten_orders(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let mut ready_all = Vec::new();
    for _ in 0..100 {
        ready_all.push(ready(&s, &shop, 1).await);
    }
    let s = std::sync::Arc::new(s);
    let tasks: Vec<_> = ready_all
        .into_iter()
        .map(|r| {
            let s = s.clone();
            tokio::spawn(async move { post_key(&s, REGISTER, &r.c.token, &key(), register_body(&r, shop.post)).await })
        })
        .collect();
    let (mut ok, mut not) = (0, 0);
    for t in tasks {
        let resp = t.await.unwrap();
        match resp.s("status").as_str() {
            "ok" => ok += 1,
            "not" => {
                assert!(resp.s("message").contains("موجود نیست"), "{}", resp.text);
                not += 1
            }
            other => panic!("unexpected {other}: {}", resp.text),
        }
    }
    assert_eq!((ok, not), (10, 90));
    assert_eq!(stock(&s, shop.variant).await, 0);
    assert_eq!(s.count("customer_order").await, 10);
    assert_eq!(s.count("customer_order_line").await, 10);
}

// ------------------------------------------------------------------ expiry and cancel

async fn an_unpaid_order_expires_and_gives_its_stock_back(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 3).await;
    let code = register(&s, &r, &shop).await;
    assert_eq!(stock(&s, shop.variant).await, 7);
    s.clock.advance(19 * 60);
    tokio::time::sleep(std::time::Duration::from_millis(400)).await;
    assert_eq!(
        order_row(&s, &code).await.status,
        "registered",
        "still inside the window"
    );
    s.clock.advance(2 * 60);
    eventually("expired", || async { order_row(&s, &code).await.status == "expired" }).await;
    assert_eq!(stock(&s, shop.variant).await, 10);
    let inv = s
        .post_auth(INVOICE, &s.fresh_token(&r.c), json!({ "code": code }))
        .await;
    let steps: Vec<&str> = inv.body["data"]["Timeline"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["Status"].as_str().unwrap())
        .collect();
    assert_eq!(steps, vec!["registered", "expired"]);
    // Paying an expired order is refused.
    let resp = post_key(&s, PAY_START, &s.fresh_token(&r.c), &key(), json!({ "code": code })).await;
    resp.assert_error(422);
}

async fn registering_the_cart_again_replaces_the_unpaid_order(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    // One laptop: the order at the bank and the new one together stay within 3 per customer.
    let r = ready(&s, &shop, 1).await;
    let first = register(&s, &r, &shop).await;
    let second = register(&s, &r, &shop).await;
    assert_ne!(first, second);
    assert_eq!(order_row(&s, &first).await.status, "cancelled");
    assert_eq!(order_row(&s, &second).await.status, "registered");
    assert_eq!(stock(&s, shop.variant).await, 9, "one reservation, not two");
    // An order already at the bank is not replaced.
    start_payment(&s, &r.c, &second).await;
    let third = register(&s, &r, &shop).await;
    assert_eq!(order_row(&s, &second).await.status, "awaiting_payment");
    assert_eq!(order_row(&s, &third).await.status, "registered");
    assert_eq!(stock(&s, shop.variant).await, 8);
}

async fn cancelling_releases_once(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 2).await;
    let code = register(&s, &r, &shop).await;
    let resp = s.post_auth(CANCEL, &r.c.token, json!({ "code": code })).await;
    assert_eq!(resp.body["data"]["Status"], "cancelled", "{}", resp.text);
    assert_eq!(stock(&s, shop.variant).await, 10);
    let again = s.post_auth(CANCEL, &r.c.token, json!({ "code": code })).await;
    again.assert_error(422);
    assert_eq!(stock(&s, shop.variant).await, 10, "released only once");
}

// ------------------------------------------------------------------ sandbox payments

async fn paying_in_the_sandbox_commits_stock_and_empties_the_cart(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 1).await;
    let code = register(&s, &r, &shop).await;
    let (url, authority) = start_payment(&s, &r.c, &code).await;
    assert!(
        url.ends_with(&format!("/api/client/v1/payment/sandbox/{authority}")),
        "{url}"
    );
    assert_eq!(order_row(&s, &code).await.status, "awaiting_payment");

    let page = s.get(&format!("/api/client/v1/payment/sandbox/{authority}")).await;
    assert!(page.text.contains(r#"dir="rtl""#) && page.text.contains("پرداخت") && page.text.contains("انصراف"));
    let resp = no_redirect()
        .post(s.url(&format!("/api/client/v1/payment/sandbox/{authority}/pay")))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 303);
    let to = resp.headers()["location"].to_str().unwrap().to_string();
    let (status, loc) = get_location(&s, &to).await;
    assert_eq!(
        (status, loc.as_str()),
        (303, format!("/success-payment?code={code}").as_str())
    );

    let res = s.post_auth(PAY_RESULT, &r.c.token, json!({ "code": code })).await;
    assert_eq!(res.body["PaymentStatus"], "paid", "{}", res.text);
    assert_eq!(res.body["OrderStatus"], "paid");
    assert_eq!(res.body["Amount"], shop.price + shop.warranty + 120_000);
    assert!(!res.s("RefId").is_empty());
    assert!(res.s("Date").chars().any(|c| ('۰'..='۹').contains(&c)));
    assert_eq!(order_row(&s, &code).await.stock_state, "committed");
    assert_eq!(stock(&s, shop.variant).await, 9);
    let cart = s.post_auth(LIST, &r.c.token, json!({ "uid": r.c.uid })).await;
    assert_eq!(cart.body["data"], json!([]), "the bought lines left the cart");

    // A replayed callback changes nothing.
    let (_, loc) = get_location(&s, &to).await;
    assert_eq!(loc, format!("/success-payment?code={code}"));
    assert_eq!(stock(&s, shop.variant).await, 9);
    let inv = s.post_auth(INVOICE, &r.c.token, json!({ "code": code })).await;
    let steps: Vec<&str> = inv.body["data"]["Timeline"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["Status"].as_str().unwrap())
        .collect();
    assert_eq!(steps, vec!["registered", "awaiting_payment", "paid"]);
    assert_eq!(inv.body["data"]["RefId"], res.body["RefId"]);
}

/// «انصراف» at the bank closes that attempt only (issue 22 item 5): the order keeps its hold
/// and the cart, and the same order is paid with a new attempt.
async fn cancelling_at_the_bank_keeps_the_order_and_it_can_be_paid_again(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 2).await;
    let code = register(&s, &r, &shop).await;
    let (_, authority) = start_payment(&s, &r.c, &code).await;
    let (_, loc) = get_location(&s, &format!("{CALLBACK}?Authority={authority}&Status=NOK")).await;
    assert_eq!(loc, format!("/error-payment?code={code}"));
    let res = s.post_auth(PAY_RESULT, &r.c.token, json!({ "code": code })).await;
    assert_eq!(res.body["PaymentStatus"], "failed");
    assert_eq!(res.body["OrderStatus"], "awaiting_payment");
    assert_eq!(stock(&s, shop.variant).await, 8, "still held");
    let cart = s.post_auth(LIST, &r.c.token, json!({ "uid": r.c.uid })).await;
    assert_eq!(cart.body["data"][0]["Num"], 2, "the cart is intact");

    let (_, authority2) = start_payment(&s, &r.c, &code).await;
    assert_ne!(authority2, authority);
    no_redirect()
        .post(s.url(&format!("/api/client/v1/payment/sandbox/{authority2}/pay")))
        .send()
        .await
        .unwrap();
    let (_, loc) = get_location(&s, &format!("{CALLBACK}?Authority={authority2}&Status=OK")).await;
    assert_eq!(loc, format!("/success-payment?code={code}"));
    assert_eq!(stock(&s, shop.variant).await, 8);
    assert_eq!(order_row(&s, &code).await.status, "paid");
}

async fn an_unknown_authority_or_an_unpaid_ok_callback_is_not_a_payment(db: TestDb) {
    let s = spawn_app(db).await;
    let (_, loc) = get_location(&s, &format!("{CALLBACK}?Authority=S-nobody&Status=OK")).await;
    assert_eq!(loc, "/error-payment");
    let (_, loc) = get_location(&s, CALLBACK).await;
    assert_eq!(loc, "/error-payment");

    // «OK» without paying at the bank: the sandbox refuses the verify, nothing is settled.
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 1).await;
    let code = register(&s, &r, &shop).await;
    let (_, authority) = start_payment(&s, &r.c, &code).await;
    let (_, loc) = get_location(&s, &format!("{CALLBACK}?Authority={authority}&Status=OK&Amount=1000")).await;
    assert_eq!(loc, format!("/error-payment?code={code}"));
    assert_eq!(payment_row(&s, &authority).await.status, "pending");
    assert_eq!(order_row(&s, &code).await.status, "awaiting_payment");
}

async fn a_payment_after_expiry_is_flagged_for_a_refund(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 1).await;
    let code = register(&s, &r, &shop).await;
    let (_, authority) = start_payment(&s, &r.c, &code).await;
    s.clock.advance(21 * 60);
    eventually("expired", || async { order_row(&s, &code).await.status == "expired" }).await;
    no_redirect()
        .post(s.url(&format!("/api/client/v1/payment/sandbox/{authority}/pay")))
        .send()
        .await
        .unwrap();
    let (_, loc) = get_location(&s, &format!("{CALLBACK}?Authority={authority}&Status=OK")).await;
    assert_eq!(loc, format!("/error-payment?code={code}"));
    let p = payment_row(&s, &authority).await;
    assert_eq!((p.status.as_str(), p.refund_needed), ("paid", true));
    assert_eq!(order_row(&s, &code).await.status, "expired");
    assert_eq!(
        stock(&s, shop.variant).await,
        10,
        "the expired order's stock stays released"
    );
    let res = s
        .post_auth(PAY_RESULT, &s.fresh_token(&r.c), json!({ "code": code }))
        .await;
    assert_eq!(res.body["RefundNeeded"], true);
}

async fn the_same_key_never_starts_two_payments(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 1).await;
    let code = register(&s, &r, &shop).await;
    let k = key();
    let a = post_key(&s, PAY_START, &r.c.token, &k, json!({ "code": code })).await;
    let b = post_key(&s, PAY_START, &r.c.token, &k, json!({ "code": code })).await;
    assert_eq!(a.body, b.body);
    assert_eq!(s.count("payment").await, 1);
    let other = post_key(&s, PAY_START, &r.c.token, &k, json!({ "code": "ZZZZZZZZ" })).await;
    other.assert_error(409);
}

// ------------------------------------------------------------------ owner only

async fn another_customers_cart_address_order_and_invoice_are_closed(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let owner = ready(&s, &shop, 1).await;
    let code = register(&s, &owner, &shop).await;
    let (_, authority) = start_payment(&s, &owner.c, &code).await;
    let intruder = ready(&s, &shop, 1).await;
    let t = &intruder.c.token;

    let no_data = |r: &Resp| {
        assert!(r.status == 403 || r.status == 404, "{}", r.text);
        assert!(
            !r.text.contains(&code) && !r.text.contains("مریم"),
            "leaked: {}",
            r.text
        );
    };
    no_data(&s.post_auth(SUMMARY, t, json!({ "orderid": owner.cart })).await);
    no_data(
        &s.post_auth(
            SUMMARY,
            t,
            json!({ "orderid": intruder.cart, "addressid": owner.address }),
        )
        .await,
    );
    no_data(&post_key(&s, REGISTER, t, &key(), register_body(&owner, shop.post)).await);
    let mut theirs = register_body(&intruder, shop.post);
    theirs["addressid"] = json!(owner.address);
    no_data(&post_key(&s, REGISTER, t, &key(), theirs).await);
    no_data(&s.post_auth(INVOICE, t, json!({ "code": code })).await);
    no_data(&s.post_auth(CANCEL, t, json!({ "code": code })).await);
    no_data(&s.post_auth(PAY_RESULT, t, json!({ "code": code })).await);
    no_data(&post_key(&s, PAY_START, t, &key(), json!({ "code": code })).await);
    let mut edit = address_body("تهران", "تهران");
    edit["id"] = json!(owner.address);
    no_data(&s.post_auth(ADDR_EDIT, t, edit).await);
    no_data(&s.post_auth(ADDR_DELETE, t, json!({ "id": owner.address })).await);
    no_data(&s.post_auth(ADDR_DEFAULT, t, json!({ "id": owner.address })).await);
    let list = s.post_auth(ORDERS, t, json!({})).await;
    assert_eq!(list.body["data"], json!([]));
    let book = s.post_auth(ADDR_LIST, t, json!({})).await;
    assert_eq!(
        book.body["data"].as_array().unwrap().len(),
        1,
        "only the intruder's own address"
    );

    // Nothing of the owner's changed.
    assert_eq!(order_row(&s, &code).await.status, "awaiting_payment");
    assert_eq!(payment_row(&s, &authority).await.status, "pending");
    let owners = s.post_auth(ADDR_LIST, &owner.c.token, json!({})).await;
    assert_eq!(owners.body["data"][0]["City"], "تهران");
    // And without a token: 401.
    s.post(ORDERS, json!({})).await.assert_error(401);
}

// ------------------------------------------------------------------ Zarinpal (fake, real wire format)

async fn zarinpal_order(s: &TestApp) -> (Shop, Ready, String, String) {
    let shop = shop(s, 10).await;
    let r = ready(s, &shop, 1).await;
    let code = register(s, &r, &shop).await;
    let (url, authority) = start_payment(s, &r.c, &code).await;
    assert_eq!(url, format!("https://www.zarinpal.com/pg/StartPay/{authority}"));
    (shop, r, code, authority)
}

async fn zarinpal_verifies_with_the_amount_from_our_database(db: TestDb) {
    let fake = fake_zarinpal().await;
    let s = spawn_app_with(db, zarinpal(fake.base.clone())).await;
    let (shop, r, code, authority) = zarinpal_order(&s).await;
    let payable = shop.price + shop.warranty + 120_000;
    let sent = fake
        .requests()
        .into_iter()
        .find(|q| q["amount"] == payable)
        .expect("request.json received");
    assert_eq!(sent["merchant_id"], MERCHANT);
    assert_eq!(sent["currency"], "IRT");
    assert!(sent["callback_url"]
        .as_str()
        .unwrap()
        .ends_with("/api/client/v1/payment/callback"));

    fake.pay(&authority);
    // A tampered amount in the callback is ignored: we verify what we asked for.
    let (_, loc) = get_location(&s, &format!("{CALLBACK}?Authority={authority}&Status=OK&Amount=1000")).await;
    assert_eq!(loc, format!("/success-payment?code={code}"));
    let v = fake
        .verifies()
        .into_iter()
        .rev()
        .find(|v| v["authority"] == authority.as_str())
        .unwrap();
    assert_eq!(v["amount"], payable);
    let res = s.post_auth(PAY_RESULT, &r.c.token, json!({ "code": code })).await;
    assert_eq!(res.body["PaymentStatus"], "paid");
    assert_eq!(res.body["CardPan"], "502229******5995");
    // Replayed: no second verify.
    let before = fake.verifies().len();
    let (_, loc) = get_location(&s, &format!("{CALLBACK}?Authority={authority}&Status=OK")).await;
    assert_eq!(loc, format!("/success-payment?code={code}"));
    assert_eq!(fake.verifies().len(), before);
}

async fn zarinpal_refusing_the_verify_settles_nothing(db: TestDb) {
    let fake = fake_zarinpal().await;
    let s = spawn_app_with(db, zarinpal(fake.base.clone())).await;
    let (shop, _r, code, authority) = zarinpal_order(&s).await;
    // Not paid at Zarinpal: verify answers -51; the attempt stays open, the order keeps its hold.
    let (_, loc) = get_location(&s, &format!("{CALLBACK}?Authority={authority}&Status=OK")).await;
    assert_eq!(loc, format!("/error-payment?code={code}"));
    assert_eq!(payment_row(&s, &authority).await.status, "pending");
    assert_eq!(order_row(&s, &code).await.status, "awaiting_payment");
    assert_eq!(stock(&s, shop.variant).await, 9);
    // Paid afterwards on the same page: the callback settles it.
    fake.pay(&authority);
    let (_, loc) = get_location(&s, &format!("{CALLBACK}?Authority={authority}&Status=OK")).await;
    assert_eq!(loc, format!("/success-payment?code={code}"));
    assert_eq!(order_row(&s, &code).await.status, "paid");
}

async fn unreachable_verify_stays_pending_then_reconciles(db: TestDb, mode: VerifyMode) {
    let fake = fake_zarinpal().await;
    let s = spawn_app_with(db, zarinpal(fake.base.clone())).await;
    fake.set_mode(mode);
    let (shop, _r, code, authority) = zarinpal_order(&s).await;
    fake.pay(&authority);
    let (_, loc) = get_location(&s, &format!("{CALLBACK}?Authority={authority}&Status=OK")).await;
    assert_eq!(loc, format!("/error-payment?code={code}"));
    assert_eq!(
        payment_row(&s, &authority).await.status,
        "pending",
        "fate unknown: not failed"
    );
    assert_eq!(order_row(&s, &code).await.status, "awaiting_payment");
    assert_eq!(stock(&s, shop.variant).await, 9, "still reserved");
    // The gateway recovers; reconciliation (unVerified.json) settles the payment.
    fake.set_mode(VerifyMode::Normal);
    eventually("reconciled", || async {
        payment_row(&s, &authority).await.status == "paid"
    })
    .await;
    assert_eq!(order_row(&s, &code).await.status, "paid");
}

async fn zarinpal_slow_verify_is_reconciled_later(db: TestDb) {
    unreachable_verify_stays_pending_then_reconciles(db, VerifyMode::Slow).await;
}

async fn zarinpal_erroring_verify_is_reconciled_later(db: TestDb) {
    unreachable_verify_stays_pending_then_reconciles(db, VerifyMode::Error).await;
}

async fn zarinpal_silent_verify_is_reconciled_later(db: TestDb) {
    unreachable_verify_stays_pending_then_reconciles(db, VerifyMode::Silent).await;
}

async fn zarinpal_refusing_the_request_answers_503_and_keeps_the_order(db: TestDb) {
    let s = spawn_app_with(db, zarinpal("http://127.0.0.1:9".into())).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 1).await;
    let code = register(&s, &r, &shop).await;
    let resp = post_key(&s, PAY_START, &r.c.token, &key(), json!({ "code": code })).await;
    resp.assert_error(503);
    assert_eq!(order_row(&s, &code).await.status, "registered");
    assert_eq!(s.count("payment").await, 0);
}

// ------------------------------------------------------------------ stock holds (issue 22)

/// Units the customer's unpaid orders hold now, and how many such orders there are.
async fn held(s: &TestApp, user_id: i64) -> (i64, usize) {
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    use shop_server::order::entity::{customer_order, customer_order_line};
    let open = customer_order::Entity::find()
        .filter(customer_order::Column::UserId.eq(user_id))
        .filter(customer_order::Column::StockState.eq(customer_order::STOCK_RESERVED))
        .all(&s.db)
        .await
        .unwrap();
    let ids: Vec<i64> = open.iter().map(|o| o.id).collect();
    let units = customer_order_line::Entity::find()
        .filter(customer_order_line::Column::OrderId.is_in(ids))
        .all(&s.db)
        .await
        .unwrap()
        .iter()
        .map(|l| l.num)
        .sum();
    (units, open.len())
}

/// Item 12: the customer's own earlier order holds the last unit; registering the cart again
/// (as it is, then with a second laptop added) replaces it instead of answering "not available".
async fn registering_again_when_the_earlier_order_holds_the_last_unit_replaces_it(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 1).await;
    let r = ready(&s, &shop, 1).await;
    let first = register(&s, &r, &shop).await;
    assert_eq!(stock(&s, shop.variant).await, 0);

    let resp = post_key(&s, REGISTER, &r.c.token, &key(), register_body(&r, shop.post)).await;
    assert_eq!(resp.s("status"), "ok", "the cart as it was: {}", resp.text);
    let second = resp.body["order"]["Code"].as_str().unwrap().to_string();
    assert_eq!(order_row(&s, &first).await.status, "cancelled");
    assert_eq!(order_row(&s, &second).await.status, "registered");
    assert_eq!(stock(&s, shop.variant).await, 0);
    assert_eq!(held(&s, r.c.id).await, (1, 1), "the last unit is held once");

    // The cart edited: a second laptop added.
    let other = s.product_with_options(&format!("holds-{}", key()), &[shop.post, shop.courier]).await;
    let other_variant = s.first_variant_of(other).await;
    let add = s
        .post_auth(EDIT, &r.c.token, json!({ "spid": other, "spiddetail": other_variant, "num": 1, "orderid": r.cart, "id": 0 }))
        .await;
    assert_eq!(add.s("status"), "ok", "{}", add.text);
    let resp = post_key(&s, REGISTER, &r.c.token, &key(), register_body(&r, shop.post)).await;
    assert_eq!(resp.s("status"), "ok", "the cart edited: {}", resp.text);
    let third = resp.body["order"]["Code"].as_str().unwrap().to_string();
    assert_eq!(order_row(&s, &second).await.status, "cancelled");
    assert_eq!(order_row(&s, &third).await.status, "registered");
    assert_eq!(stock(&s, shop.variant).await, 0);
    assert_eq!(stock(&s, other_variant).await, 9);
    assert_eq!(held(&s, r.c.id).await, (2, 1));

    // A refused re-registration (a price moved) leaves the earlier order holding its stock.
    s.set_price(shop.variant, shop.price + 1_000).await;
    let resp = post_key(&s, REGISTER, &r.c.token, &key(), register_body(&r, shop.post)).await;
    assert_eq!(resp.s("status"), "price_changed", "{}", resp.text);
    assert_eq!(order_row(&s, &third).await.status, "registered", "nothing replaced");
    assert_eq!(held(&s, r.c.id).await, (2, 1));
    assert_eq!(stock(&s, shop.variant).await, 0);
}

/// Item 2: one order may hold at most 3 units of a variant, and one customer at most 3 across
/// their unpaid orders; a refusal names the product and reserves nothing.
async fn an_order_asking_too_many_units_of_one_variant_is_refused_and_holds_nothing(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 4).await;
    let resp = post_key(&s, REGISTER, &r.c.token, &key(), register_body(&r, shop.post)).await;
    resp.assert_error(422);
    let m = resp.s("message");
    assert!(m.contains("«لپ‌تاپ آزمایشی ایسوس»") && m.contains('۳'), "{m}");
    assert_eq!(stock(&s, shop.variant).await, 10, "nothing reserved");
    assert_eq!(s.count("customer_order").await, 0, "nothing written");

    // Two at the bank, then two more in a new order: 4 of the variant for one customer.
    add_to_cart(&s, &r.c, &shop, 2).await;
    let at_bank = register(&s, &r, &shop).await;
    start_payment(&s, &r.c, &at_bank).await;
    let resp = post_key(&s, REGISTER, &r.c.token, &key(), register_body(&r, shop.post)).await;
    resp.assert_error(422);
    assert!(resp.s("message").contains("«لپ‌تاپ آزمایشی ایسوس»"), "{}", resp.text);
    assert_eq!(stock(&s, shop.variant).await, 8);
    assert_eq!(held(&s, r.c.id).await, (2, 1));
    assert_eq!(order_row(&s, &at_bank).await.status, "awaiting_payment");

    // One more fits.
    add_to_cart(&s, &r.c, &shop, 1).await;
    register(&s, &r, &shop).await;
    assert_eq!(held(&s, r.c.id).await, (3, 2));
    assert_eq!(stock(&s, shop.variant).await, 7);
}

/// Item 2 under a race. A customer with 2 laptops at the bank sends 30 parallel registrations
/// of 2 more: every one is refused (3 per customer), nothing held. Then 30 parallel
/// registrations of 1: exactly the 9 left of the hourly 10 get through (each replacing the
/// one before), the rest get 429; 2 unpaid orders hold 3 units and the stock adds up.
async fn thirty_parallel_registrations_of_one_customer_stay_within_the_caps(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 50).await;
    let r = ready(&s, &shop, 2).await;
    let at_bank = register(&s, &r, &shop).await;
    start_payment(&s, &r.c, &at_bank).await;
    let s = std::sync::Arc::new(s);
    let r = std::sync::Arc::new(r);
    let burst = || {
        futures::future::join_all((0..30).map(|_| {
            let (s, r) = (s.clone(), r.clone());
            async move {
                let resp = post_key(&s, REGISTER, &r.c.token, &key(), register_body(&r, shop.post)).await;
                match resp.status {
                    200 => assert_eq!(resp.s("status"), "ok", "{}", resp.text),
                    429 => assert!(resp.headers.get("retry-after").is_some(), "{}", resp.text),
                    _ => {}
                }
                if resp.status != 200 {
                    resp.assert_error(resp.status);
                }
                resp.status
            }
        }))
    };
    let count = |answers: &[u16], status: u16| answers.iter().filter(|a| **a == status).count();

    let answers = burst().await;
    let (units, open) = held(&s, r.c.id).await;
    assert_eq!(count(&answers, 422), 30, "{open} unpaid orders hold {units} units: {answers:?}");
    assert_eq!((units, open), (2, 1));
    assert_eq!(stock(&s, shop.variant).await, 48);

    add_to_cart(&s, &r.c, &shop, 1).await;
    let answers = burst().await;
    let (units, open) = held(&s, r.c.id).await;
    assert_eq!((count(&answers, 200), count(&answers, 429)), (9, 21), "{open} unpaid orders hold {units} units: {answers:?}");
    assert_eq!((units, open), (3, 2));
    assert_eq!(stock(&s, shop.variant).await, 47, "every unit is on a shelf or in one open order");
}

/// Item 2: the 11th registration within an hour is refused with 429 and Retry-After, and the
/// refusal leaves the 10th order holding its stock; the window slides.
async fn the_eleventh_registration_in_an_hour_is_refused(db: TestDb) {
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 1).await;
    let mut last = String::new();
    for _ in 0..10 {
        last = register(&s, &r, &shop).await;
    }
    let resp = post_key(&s, REGISTER, &r.c.token, &key(), register_body(&r, shop.post)).await;
    resp.assert_error(429);
    let retry: i64 = resp.headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=3600).contains(&retry), "Retry-After {retry}");
    assert_eq!(order_row(&s, &last).await.status, "registered", "the refusal replaced nothing");
    assert_eq!(held(&s, r.c.id).await, (1, 1));
    assert_eq!(stock(&s, shop.variant).await, 9);

    s.clock.advance(retry);
    let token = s.fresh_token(&r.c);
    let resp = post_key(&s, REGISTER, &token, &key(), register_body(&r, shop.post)).await;
    assert_eq!(resp.s("status"), "ok", "the window slid: {}", resp.text);
}

/// Item 2: the 11th cancellation within an hour is refused with 429; the order keeps its hold
/// until it expires.
async fn the_eleventh_cancellation_in_an_hour_is_refused(db: TestDb) {
    let s = spawn_app_with(db, |c| c.order_limits.registrations_per_hour = 100).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 1).await;
    for _ in 0..10 {
        let code = register(&s, &r, &shop).await;
        let resp = s.post_auth(CANCEL, &r.c.token, json!({ "code": code })).await;
        assert_eq!(resp.status, 200, "{}", resp.text);
    }
    let code = register(&s, &r, &shop).await;
    let resp = s.post_auth(CANCEL, &r.c.token, json!({ "code": code })).await;
    resp.assert_error(429);
    assert!(resp.headers.get("retry-after").is_some());
    assert_eq!(order_row(&s, &code).await.status, "registered");
    assert_eq!(stock(&s, shop.variant).await, 9);
}

/// Sixteen customers register the same laptop at once, eight times each: each registration
/// after the first replaces the customer's earlier order (its stock released, then taken
/// again). On PostgreSQL the release and a first reservation took `catalog_meta` and the
/// variant in opposite orders and deadlocked (answered 500, issue 25's order bench).
async fn many_customers_registering_and_replacing_orders_at_once_never_get_a_server_error(db: TestDb) {
    let s = spawn_app_with(db, |c| c.db_max_connections = 16).await;
    let shop = shop(&s, 1_000).await;
    // A second laptop in every cart, sent by the first one's post too.
    let other = crate::checkout_support::shop(&s, 1_000).await;
    use sea_orm::ActiveModelTrait;
    shop_server::delivery::entity::product_delivery::ActiveModel { product_id: sea_orm::ActiveValue::Set(other.product), delivery_option_id: sea_orm::ActiveValue::Set(shop.post) }
        .insert(&s.db)
        .await
        .unwrap();
    let mut customers = Vec::new();
    for _ in 0..16 {
        let r = ready(&s, &shop, 2).await;
        add_to_cart(&s, &r.c, &other, 1).await;
        customers.push(r);
    }
    let s = std::sync::Arc::new(s);
    let rounds = futures::future::join_all(customers.iter().map(|r| {
        let s = s.clone();
        let post = shop.post;
        async move {
            for _ in 0..8 {
                // post_key asserts the answer is not a 500.
                let resp = post_key(&s, REGISTER, &r.c.token, &key(), register_body(r, post)).await;
                assert_eq!((resp.status, resp.s("status")), (200, "ok".to_string()), "{}", resp.text);
            }
        }
    }));
    rounds.await;
    assert_eq!(stock(&s, shop.variant).await, 1_000 - 16 * 2, "each customer's one open order holds its two units");
    assert_eq!(stock(&s, other.variant).await, 1_000 - 16, "and one of the other laptop");
}

/// Issue 25 item 1: a registration that replaces the cart's earlier order reads and checks
/// everything (the quote, the address, the delivery options, the caps) before it takes the
/// locks every registration waits for (PostgreSQL: the earlier order's status change, whose
/// trigger locks `catalog_meta`, then the variants), and from there on only writes: at most 10
/// statements from that status change to the commit (it was 22: the quote and the caps ran while
/// every other registration waited: on PostgreSQL at 16 customers, 125 ms of a call's 145 ms
/// were spent waiting on that status change, `write_profile`).
async fn a_registration_replacing_an_order_reads_everything_before_it_takes_the_shared_locks(db: TestDb) {
    use shop_server::order::service::checkout::{self, PaymentMethod, RegisterOutcome, RegisterRequest};
    use shop_server::cart::service::Caller;
    use std::sync::{Arc, Mutex};
    let mut s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 1).await;
    let first = register(&s, &r, &shop).await;
    let seen: Arc<Mutex<Vec<String>>> = Arc::default();
    let log = seen.clone();
    s.db.set_metric_callback(move |info| log.lock().unwrap().push(info.statement.sql.clone()));
    let req = RegisterRequest {
        cart_id: r.cart,
        address_id: r.address,
        delivery_id: shop.post,
        method: PaymentMethod::Full,
        plan_id: None,
        accept_prices: false,
        expected_payable: None,
        discount_code: None,
        slot_id: None,
    };
    let caller = Caller { id: r.c.id, uid: r.c.uid.clone() };
    let limits = s.state.config.order_limits;
    let out = checkout::register(&s.db, &shop_server::platform::sqlite_writer::SqliteWriter::NONE, &caller, "تهران", &req, 900, &limits, None, s.state.clock.unix()).await.unwrap();
    let sql = seen.lock().unwrap().clone();
    assert!(matches!(out, RegisterOutcome::Registered(_)), "{out:?}");
    assert_eq!(order_row(&s, &first).await.status, "cancelled", "the earlier order was replaced");
    assert_eq!(stock(&s, shop.variant).await, 9, "one unit held, once");
    let released = sql
        .iter()
        .position(|q| q.starts_with(r#"UPDATE "customer_order" SET "status""#))
        .expect("the earlier order's status changed");
    let tail: Vec<&String> = sql[released..].iter().collect();
    // The earlier order's release (its status, its stock handed over, its timeline) and then the
    // one statement on the variants, last: their rows are what every registration of the same
    // laptops waits for, and nothing else runs while they are held (22 statements at first, then
    // 10, the order's insert among them).
    assert!(tail.len() <= 5, "{} statements from the release to the commit: {tail:#?}", tail.len());
    let stock_writes: Vec<&&String> = tail.iter().filter(|q| q.contains("product_variant")).collect();
    assert_eq!(stock_writes.len(), 1, "the variants are written once: {tail:#?}");
    assert!(tail.last().unwrap().contains("UPDATE product_variant"), "the variants last: {tail:#?}");
    assert!(
        tail.iter().all(|q| !q.starts_with("SELECT \"address\"") && !q.starts_with("SELECT \"rate_limits\"")),
        "reads after the release: {tail:#?}"
    );
}

/// The catalogue version on PostgreSQL, read outside any transaction or inside `txn`.
async fn catalogue_version<C: sea_orm::ConnectionTrait>(db: &C) -> i64 {
    let row = db
        .query_one_raw(sea_orm::Statement::from_string(
            sea_orm::DbBackend::Postgres,
            "SELECT version FROM catalog_meta WHERE id = 1",
        ))
        .await
        .unwrap()
        .unwrap();
    row.try_get_by_index::<i64>(0).unwrap()
}

/// PostgreSQL (issue 25 item 1): a registration does not wait for another transaction that has
/// written to the catalogue and not yet committed (a staff edit, another registration), because
/// `catalog_meta` is bumped when a transaction commits, not at its first catalogue write. With
/// the bump at the first write (and registration locking `catalog_meta` first), this one waited
/// for the open transaction to end.
#[tokio::test]
async fn a_registration_does_not_wait_for_an_open_catalogue_write() {
    use sea_orm::{ConnectionTrait, TransactionTrait};
    let Some(db) = TestDb::postgres_or_skip("a_registration_does_not_wait_for_an_open_catalogue_write").await else {
        return;
    };
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 1).await;
    let before = catalogue_version(&s.db).await;
    let open = s.db.begin().await.unwrap();
    open.execute_unprepared(&format!("UPDATE product SET version = version + 1 WHERE id = {}", shop.product))
        .await
        .unwrap();
    let registered = tokio::time::timeout(std::time::Duration::from_secs(5), register(&s, &r, &shop)).await;
    open.commit().await.unwrap();
    assert!(registered.is_ok(), "the registration waited for another transaction's catalogue write");
    assert_eq!(stock(&s, shop.variant).await, 9);
    assert_eq!(catalogue_version(&s.db).await, before + 2, "one bump per committed transaction");
}

/// PostgreSQL: a transaction that changes the catalogue moves its version once, when it commits
/// (however many rows and statements it wrote), and not at all when it rolls back. The cart
/// read and every node's catalogue cache rely on the version moving with the change.
#[tokio::test]
async fn the_catalogue_version_moves_once_when_a_write_commits_and_not_on_a_rollback() {
    use sea_orm::{ConnectionTrait, TransactionTrait};
    let Some(db) = TestDb::postgres_or_skip("the_catalogue_version_moves_once_when_a_write_commits_and_not_on_a_rollback").await else {
        return;
    };
    let s = spawn_app(db).await;
    let shop = shop(&s, 10).await;
    let r = ready(&s, &shop, 1).await;
    let code = register(&s, &r, &shop).await;
    let v0 = catalogue_version(&s.db).await;
    let stmts = [
        format!("UPDATE product_variant SET stock = stock + 1 WHERE product_id = {}", shop.product),
        format!("UPDATE product SET version = version + 1 WHERE id = {}", shop.product),
        format!("UPDATE customer_order SET status = 'expired' WHERE code = '{code}'"),
    ];
    async fn write(txn: &sea_orm::DatabaseTransaction, stmts: &[String]) {
        for sql in stmts {
            txn.execute_unprepared(sql).await.unwrap();
        }
    }
    let txn = s.db.begin().await.unwrap();
    write(&txn, &stmts).await;
    assert_eq!(catalogue_version(&txn).await, v0, "not before the commit");
    txn.rollback().await.unwrap();
    assert_eq!(catalogue_version(&s.db).await, v0, "a rollback leaves it");
    let txn = s.db.begin().await.unwrap();
    write(&txn, &stmts).await;
    txn.commit().await.unwrap();
    assert_eq!(catalogue_version(&s.db).await, v0 + 1, "once for the whole transaction");
    let txn = s.db.begin().await.unwrap();
    txn.execute_unprepared(&format!("UPDATE customer_order SET status = 'expired' WHERE code = '{code}'")).await.unwrap();
    txn.commit().await.unwrap();
    assert_eq!(catalogue_version(&s.db).await, v0 + 1, "a status written again unchanged is no change");
}
