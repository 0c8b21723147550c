//! Catalogue, search, content and SEO, black-box through the real server (SQLite, and
//! PostgreSQL when it answers): filters, sorts, pages, Persian search matching, ETag/304,
//! bad inputs (never a 500), head tags, sitemap, redirects and pictures.

use crate::helpers::{on_both_dbs, spawn_app, spawn_app_with, Resp, TempDir, TestApp, TestDb};
use serde_json::Value;

on_both_dbs!(
    list_filters_sorts_and_pages,
    persian_search_matches_however_typed,
    bad_queries_never_fail,
    detail_compare_categories_specials_and_etags,
    content_pages_blog_and_faq,
    crawlers_see_head_tags_sitemap_and_redirects,
    pictures_are_webp_with_long_cache,
    product_page_html_has_the_static_hero,
    remembered_answers_follow_catalogue_changes,
    product_page_preselects_a_warranty_and_its_differences_are_the_total_change,
    best_sellers_are_the_products_of_paid_orders_and_none_before_a_sale,
    screen_graphics_and_storage_filter_the_list_with_their_facets,
    shop_details_come_from_one_record_for_the_contact_page_pickup_and_json_ld,
    product_texts_isolate_latin_runs_but_seo_texts_stay_plain,
);

const P: &str = "/api/client/v1/catalog";

async fn seeded(s: &TestApp) {
    shop_server::demo::catalogue(&s.db, None).await.expect("order seed");
    shop_server::demo::catalog::seed_catalog(&s.db, None).await.expect("catalogue seed");
}

fn items(r: &Resp) -> &Vec<Value> {
    r.body["data"].as_array().unwrap_or_else(|| panic!("data array: {}", r.text))
}

async fn get_ok(s: &TestApp, path: &str) -> Resp {
    let r = s.get(path).await;
    assert_eq!(r.status, 200, "{path}: {}", r.text);
    r
}

fn enc(q: &str) -> String {
    serde_urlencoded::to_string([("q", q)]).unwrap()
}

async fn search(s: &TestApp, q: &str) -> Resp {
    get_ok(s, &format!("{P}/search?{}&size=60", enc(q))).await
}

fn names(r: &Resp) -> Vec<String> {
    items(r).iter().map(|x| x["Name"].as_str().unwrap_or("").to_string()).collect()
}

async fn list_filters_sorts_and_pages(db: TestDb) {
    let s = spawn_app(db).await;
    seeded(&s).await;
    let all = get_ok(&s, &format!("{P}/products")).await;
    let total = all.body["Total"].as_u64().unwrap();
    assert!(total >= 70, "demo catalogue: {total}");
    assert_eq!(items(&all).len(), 24);
    assert_eq!(all.body["Pages"].as_u64().unwrap(), total.div_ceil(24));
    assert!(all.headers.get("etag").is_some());
    assert!(all.headers["cache-control"].to_str().unwrap().contains("max-age"));

    // Pages: a huge size is capped at 60; far pages are empty; page < 1 and size < 1 are 422.
    let r = get_ok(&s, &format!("{P}/products?size=1000000")).await;
    assert_eq!((r.body["Size"].as_u64(), items(&r).len()), (Some(60), 60));
    let r = get_ok(&s, &format!("{P}/products?page=1000000000")).await;
    assert!(items(&r).is_empty());
    assert_eq!(r.body["Total"].as_u64(), Some(total));
    for bad in ["page=0", "page=-1", "size=0", "size=-5"] {
        let r = s.get(&format!("{P}/products?{bad}")).await;
        r.assert_error(422);
    }
    let r = s.get(&format!("{P}/products?page=abc")).await;
    assert!(r.status == 400 || r.status == 422, "{}", r.text);
    let r = s.get(&format!("{P}/products?page=99999999999999999999999")).await;
    assert!(r.status == 400 || r.status == 422, "{}", r.text);
    // Pages do not overlap.
    let p1 = get_ok(&s, &format!("{P}/products?size=10&page=1&sort=cheapest")).await;
    let p2 = get_ok(&s, &format!("{P}/products?size=10&page=2&sort=cheapest")).await;
    let ids1: Vec<&Value> = items(&p1).iter().map(|x| &x["Id"]).collect();
    assert!(items(&p2).iter().all(|x| !ids1.contains(&&x["Id"])));

    // Filters.
    let r = get_ok(&s, &format!("{P}/products?brand=asus&size=60")).await;
    assert!(!items(&r).is_empty() && items(&r).iter().all(|x| x["BrandSlug"] == "asus"));
    let r2 = get_ok(&s, &format!("{P}/products?brand=%D8%A7%DB%8C%D8%B3%D9%88%D8%B3&size=60")).await; // ایسوس
    assert_eq!(r2.body["Total"], r.body["Total"]);
    let r = get_ok(&s, &format!("{P}/products?condition=used&size=60")).await;
    assert!(items(&r).len() >= 5 && items(&r).iter().all(|x| x["Condition"] == "used"));
    let r = get_ok(&s, &format!("{P}/products?condition=open-box,used&size=60")).await;
    assert!(items(&r).iter().any(|x| x["Condition"] == "open-box"));
    let r = get_ok(&s, &format!("{P}/products?line=tablet-laptop&size=60")).await;
    assert!(items(&r).len() >= 8 && items(&r).iter().all(|x| x["Line"] == "tablet-laptop"));
    let ram16 = get_ok(&s, &format!("{P}/products?ram=16&size=60")).await;
    assert!(!items(&ram16).is_empty() && items(&ram16).iter().all(|x| x["RamGb"] == 16));
    let r = get_ok(&s, &format!("{P}/products?ram=%DB%B1%DB%B6&size=60")).await; // ۱۶
    assert!(!items(&r).is_empty() && items(&r).iter().all(|x| x["RamGb"] == 16));
    assert_eq!(r.body["Total"], ram16.body["Total"], "Persian digits filter the same products");
    let r = get_ok(&s, &format!("{P}/products?cpu_family=intel-core-i7&size=60")).await;
    assert!(!items(&r).is_empty() && items(&r).iter().all(|x| x["CpuFamily"] == "intel-core-i7"));
    let r = get_ok(&s, &format!("{P}/products?min_price=40000000&max_price=60000000&size=60")).await;
    assert!(!items(&r).is_empty());
    assert!(items(&r).iter().all(|x| (40_000_000..=60_000_000).contains(&x["Price"].as_i64().unwrap())));
    let mut in_stock = 0;
    for page in 1..=total.div_ceil(60) {
        let r = get_ok(&s, &format!("{P}/products?size=60&page={page}")).await;
        in_stock += items(&r).iter().filter(|x| x["InStock"] == true).count() as u64;
    }
    assert!(in_stock > 0, "the demo catalogue has products in stock");
    let r = get_ok(&s, &format!("{P}/products?in_stock=1&size=60")).await;
    assert!(!items(&r).is_empty() && items(&r).iter().all(|x| x["InStock"] == true));
    assert_eq!(r.body["Total"].as_u64(), Some(in_stock), "every product in stock, and only those");
    let r = get_ok(&s, &format!("{P}/products?special=1&size=60")).await;
    assert!(!items(&r).is_empty());
    assert!(items(&r).iter().all(|x| x["OldPrice"].as_i64().unwrap() > x["Price"].as_i64().unwrap()));
    let r = get_ok(&s, &format!("{P}/products?category=gaming-laptop&size=60")).await;
    assert!(items(&r).len() >= 8 && items(&r).iter().all(|x| x["Category"]["Slug"] == "gaming-laptop"));
    let gaming_id = items(&r)[0]["Category"]["Id"].as_i64().unwrap();
    let by_id = get_ok(&s, &format!("{P}/products?category={gaming_id}&size=60")).await;
    assert_eq!(by_id.body["Total"], r.body["Total"]);
    let root = get_ok(&s, &format!("{P}/products?category=laptop")).await;
    assert!(root.body["Total"].as_u64() > r.body["Total"].as_u64(), "root includes sub-categories");
    let r = s.get(&format!("{P}/products?min_price=9000000&max_price=1000")).await;
    r.assert_error(422);
    assert_eq!(r.body["field"], "min_price");
    s.get(&format!("{P}/products?min_price=-1")).await.assert_error(422);
    for bad in ["category=99999", "category=a%20b", "category=%D9%84%D9%BE%D8%AA%D8%A7%D9%BE", "category=laptop-99999"] {
        s.get(&format!("{P}/products?{bad}")).await.assert_error(404);
    }
    for bad in ["condition=broken", "line=phone", "ram=lots", "sort=random"] {
        s.get(&format!("{P}/products?{bad}")).await.assert_error(422);
    }

    // Sorts (in-stock products first, then the order).
    let prices = |r: &Resp| -> Vec<i64> {
        items(r).iter().filter(|x| x["InStock"] == true).map(|x| x["Price"].as_i64().unwrap()).collect()
    };
    let r = get_ok(&s, &format!("{P}/products?sort=cheapest&size=60")).await;
    let p = prices(&r);
    assert!(p.windows(2).all(|w| w[0] <= w[1]), "cheapest: {p:?}");
    let r = get_ok(&s, &format!("{P}/products?sort=expensive&size=60")).await;
    let p = prices(&r);
    assert!(p.windows(2).all(|w| w[0] >= w[1]), "expensive: {p:?}");
    get_ok(&s, &format!("{P}/products?sort=newest")).await;
    get_ok(&s, &format!("{P}/products?sort=bestselling")).await;
    // Facets describe the matching set.
    let f = &all.body["Facets"];
    assert!(f["Brands"].as_array().unwrap().len() >= 8);
    assert!(f["PriceMin"].as_i64() <= f["PriceMax"].as_i64());
}

async fn persian_search_matches_however_typed(db: TestDb) {
    let s = spawn_app(db).await;
    seeded(&s).await;
    // '۱۶ گیگ' finds 16 GB RAM first.
    let r = search(&s, "۱۶ گیگ").await;
    let top: Vec<&Value> = items(&r).iter().take(10).collect();
    assert!(!top.is_empty() && top.iter().all(|x| x["RamGb"] == 16), "{:?}", names(&r));
    let r2 = search(&s, "16 گیگ").await;
    assert_eq!(r2.body["Total"], r.body["Total"]);
    // Arabic yeh/kaf, ZWNJ / space / nothing between halves.
    let a = search(&s, "ايسوس").await;
    let b = search(&s, "ایسوس").await;
    assert!(a.body["Total"].as_u64().unwrap() >= 10);
    assert_eq!(a.body["Total"], b.body["Total"]);
    let t = |r: &Resp| r.body["Total"].as_u64().unwrap();
    let zw = search(&s, "ذن\u{200c}بوک").await;
    let sp = search(&s, "ذن بوک").await;
    let no = search(&s, "ذنبوک").await;
    assert!(t(&zw) >= 3);
    assert_eq!((t(&zw), t(&zw)), (t(&sp), t(&no)));
    let k1 = search(&s, "تينك پد").await;
    let k2 = search(&s, "تینک‌پد").await;
    assert!(t(&k1) >= 3 && t(&k1) == t(&k2));
    // Latin any case; exact model first.
    let m = search(&s, "um3402ya").await;
    assert_eq!(items(&m)[0]["Model"], "UM3402YA");
    let m2 = search(&s, "UM3402YA").await;
    assert_eq!(items(&m2)[0]["Uid"], items(&m)[0]["Uid"]);
    let x1 = search(&s, "ThinkPad X1").await;
    assert!(names(&x1).iter().all(|n| n.contains("X1")), "{:?}", names(&x1));
    let mac = search(&s, "مک بوک").await;
    assert!(t(&mac) >= 5 && items(&mac).iter().all(|x| x["BrandSlug"] == "apple"));
    // Mixed scripts.
    let mix = search(&s, "asus ذنبوک").await;
    assert!(t(&mix) >= 3 && items(&mix).iter().all(|x| x["BrandSlug"] == "asus"));
    let rtx = search(&s, "RTX 4060 لپ تاپ گیمینگ").await;
    assert!(t(&rtx) >= 3);
    assert!(items(&rtx).iter().all(|x| x["Gpu"].as_str().unwrap().contains("4060")));
    // Search takes the list filters too.
    let f = get_ok(&s, &format!("{P}/search?{}&condition=used", enc("لنوو"))).await;
    assert!(!items(&f).is_empty() && items(&f).iter().all(|x| x["Condition"] == "used"));
    // Terms for highlighting are the folded tokens.
    assert_eq!(r.body["Terms"], serde_json::json!(["16", "گیگ"]));

    // Suggestions.
    let sg = get_ok(&s, &format!("{P}/suggest?{}", enc("asu"))).await;
    assert!(!items(&sg).is_empty() && items(&sg).len() <= 8);
    assert!(sg.body["Terms"].as_array().unwrap().iter().any(|t| t == "ASUS"));
    let sg = get_ok(&s, &format!("{P}/suggest?{}", enc("گیمینگ"))).await;
    assert!(sg.body["Categories"].as_array().unwrap().iter().any(|c| c["Slug"] == "gaming-laptop"));
    // An empty query suggests best sellers, and a shop with no sales has none to suggest
    // (best_sellers_are_the_products_of_paid_orders_and_none_before_a_sale shows one after a sale).
    let sg = get_ok(&s, &format!("{P}/suggest")).await;
    assert!(items(&sg).is_empty(), "empty query before any sale: {}", sg.text);
}

async fn bad_queries_never_fail(db: TestDb) {
    let s = spawn_app(db).await;
    seeded(&s).await;
    let long = "لپتاپ ".repeat(1000);
    for path in [format!("{P}/search?{}", enc(&long)), format!("{P}/suggest?{}", enc(&long))] {
        let r = s.get(&path).await;
        r.assert_error(422);
        assert_eq!(r.body["field"], "q");
    }
    for q in ["!!!...؟؟", "%", "_", "%%__", "'", "\"", "' OR 1=1 --", "\"; DROP TABLE product; --", "SELECT * FROM product", "", "   ", "\u{200c}", "🙂"] {
        let r = s.get(&format!("{P}/search?{}", enc(q))).await;
        assert_eq!(r.status, 200, "{q:?}: {}", r.text);
        let r = s.get(&format!("{P}/suggest?{}", enc(q))).await;
        assert_eq!(r.status, 200, "suggest {q:?}: {}", r.text);
    }
    for q in ["!!!...؟؟", "%", "_", "'", "\"", ""] {
        assert_eq!(search(&s, q).await.body["Total"], 0, "{q:?} finds nothing");
    }
    // SQL words are just words: the catalogue is intact afterwards.
    let r = get_ok(&s, &format!("{P}/products")).await;
    assert!(r.body["Total"].as_u64().unwrap() >= 70);
    let r = s.get(&format!("{P}/search?q=a&page=0")).await;
    r.assert_error(422);
    let r = get_ok(&s, &format!("{P}/search?q=a&size=1000000")).await;
    assert_eq!(r.body["Size"], 60);
    // Product ids and compare.
    for bad in ["nope", "%D9%84%D9%BE%D8%AA%D8%A7%D9%BE", "a%20b", "1", "'%20OR%201=1"] {
        s.get(&format!("{P}/products/{bad}")).await.assert_error(404);
    }
    s.get(&format!("{P}/compare")).await.assert_error(422);
    s.get(&format!("{P}/compare?uids=a,b,c,d,e")).await.assert_error(422);
    s.get(&format!("{P}/compare?uids=nope")).await.assert_error(404);
}

async fn detail_compare_categories_specials_and_etags(db: TestDb) {
    let s = spawn_app(db).await;
    seeded(&s).await;
    let r = get_ok(&s, &format!("{P}/products/lenovo-thinkpad-t480-used")).await;
    let d = &r.body["data"];
    assert_eq!(d["Condition"], "used");
    assert_eq!(d["ConditionDetails"]["Grade"], "A");
    assert_eq!(d["ConditionDetails"]["BatteryHealth"], 82);
    assert_eq!(d["ConditionDetails"]["TestDays"], 7);
    assert_eq!(d["Specs"]["RamGb"], 8);
    assert!(d["Variants"].as_array().unwrap().len() >= 2);
    let v = &d["Variants"][0];
    for k in ["Id", "Color", "NameGaranti", "PriceGaranti", "Price", "Stock", "InsPayment", "DG", "Property"] {
        assert!(v.get(k).is_some(), "variant field {k}");
    }
    assert_eq!(d["Images"].as_array().unwrap().len(), 3);
    assert!(d["Breadcrumb"].as_array().unwrap().len() >= 2);
    // Products added by the order seed get details too.
    let r = get_ok(&s, &format!("{P}/products/asus-zenbook-14-ux3405")).await;
    assert_eq!(r.body["data"]["Specs"]["RamGb"], 16);

    // ETag / 304 on every public read.
    for path in [
        format!("{P}/products/lenovo-thinkpad-t480-used"),
        format!("{P}/products?brand=hp"),
        format!("{P}/categories"),
        format!("{P}/specials"),
        format!("{P}/search?{}", enc("لپ تاپ")),
        format!("{P}/compare?uids=lenovo-thinkpad-t480-used,dell-xps-15-9530"),
        "/api/client/v1/blog".to_string(),
        "/api/client/v1/faq".to_string(),
        "/api/client/v1/pages/about".to_string(),
    ] {
        let r = get_ok(&s, &path).await;
        let etag = r.headers["etag"].to_str().unwrap().to_string();
        let again = s.client.get(s.url(&path)).header("if-none-match", &etag).send().await.unwrap();
        assert_eq!(again.status().as_u16(), 304, "{path}");
        assert_eq!(again.headers()["etag"].to_str().unwrap(), etag);
        let other = s.client.get(s.url(&path)).header("if-none-match", "\"old\"").send().await.unwrap();
        assert_eq!(other.status().as_u16(), 200, "{path}");
    }

    // A catalogue change (from any connection) is seen within RECHECK_MS and changes the ETag.
    let path = format!("{P}/products/lenovo-thinkpad-t480-used");
    let before = get_ok(&s, &path).await;
    use sea_orm::ConnectionTrait;
    s.db.execute_unprepared("UPDATE product_variant SET stock = 0").await.unwrap();
    // Every node re-reads the catalogue version at most RECHECK_MS after the last read.
    s.clock.advance(shop_server::catalog::cache::RECHECK_MS / 1000 + 1);
    let after = get_ok(&s, &path).await;
    assert_eq!(after.body["data"]["InStock"], false);
    assert_ne!(before.headers["etag"], after.headers["etag"]);

    // Compare.
    let r = get_ok(&s, &format!("{P}/compare?uids=lenovo-thinkpad-t480-used,dell-xps-15-9530,lenovo-thinkpad-t480-used")).await;
    assert_eq!(items(&r).len(), 2, "duplicates count once");
    let rows = r.body["Rows"].as_array().unwrap();
    assert!(rows.iter().any(|x| x["Key"] == "ram" && x["Differs"] == true));
    assert!(rows.iter().all(|x| x["Values"].as_array().unwrap().len() == 2));

    // Categories: a flat tree with counts and canonical URLs.
    let r = get_ok(&s, &format!("{P}/categories")).await;
    let cats = items(&r);
    assert!(cats.len() >= 9);
    let g = cats.iter().find(|c| c["Slug"] == "gaming-laptop").unwrap();
    assert_eq!(g["Depth"], 1);
    assert_eq!(g["Url"], format!("/shop/category/gaming-laptop-{}", g["Id"]));
    assert!(g["Count"].as_u64().unwrap() >= 8);

    // Specials: running offers only, with an end time.
    let r = get_ok(&s, &format!("{P}/specials")).await;
    assert!(!items(&r).is_empty());
    assert!(items(&r).iter().all(|x| x["SpecialEndsAt"].is_string() && x["DiscountPercent"].as_i64().unwrap() > 0));
    s.clock.advance(30 * 86_400);
    let r = get_ok(&s, &format!("{P}/specials")).await;
    assert!(items(&r).is_empty(), "offers end");
}

async fn content_pages_blog_and_faq(db: TestDb) {
    let s = spawn_app(db).await;
    seeded(&s).await;
    let r = get_ok(&s, "/api/client/v1/blog").await;
    assert!(items(&r).len() >= 5);
    let slug = items(&r)[0]["Slug"].as_str().unwrap().to_string();
    assert!(items(&r)[0]["PublishedAtJalali"].as_str().unwrap().chars().any(|c| ('۰'..='۹').contains(&c)));
    let p = get_ok(&s, &format!("/api/client/v1/blog/{slug}")).await;
    assert!(p.body["data"]["Paragraphs"].as_array().unwrap().len() >= 2);
    for bad in ["nope", "a%20b", "%D9%84%D9%BE", "..%2F..%2Fetc"] {
        s.get(&format!("/api/client/v1/blog/{bad}")).await.assert_error(404);
    }
    s.get("/api/client/v1/blog?page=0").await.assert_error(422);
    assert!(items(&get_ok(&s, "/api/client/v1/blog?page=1000000000").await).is_empty());
    for name in ["about", "contact", "terms", "privacy", "about-us", "terms-of-use"] {
        let r = get_ok(&s, &format!("/api/client/v1/pages/{name}")).await;
        assert!(!r.body["data"]["Paragraphs"].as_array().unwrap().is_empty(), "{name}");
    }
    s.get("/api/client/v1/pages/secret").await.assert_error(404);
    let f = get_ok(&s, "/api/client/v1/faq").await;
    assert!(items(&f).len() >= 5);
}

async fn crawlers_see_head_tags_sitemap_and_redirects(db: TestDb) {
    let s = spawn_app_with(db, |c| c.public_url = "https://shop.example".into()).await;
    seeded(&s).await;
    let raw = reqwest::Client::builder().no_proxy().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let get = |path: String| {
        let raw = raw.clone();
        let url = s.url(&path);
        async move {
            let r = raw.get(url).send().await.unwrap();
            let status = r.status().as_u16();
            let loc = r.headers().get("location").map(|v| v.to_str().unwrap().to_string());
            (status, loc, r.text().await.unwrap())
        }
    };
    let (st, _, html) = get("/product/dell-xps-15-9530".into()).await;
    assert_eq!(st, 200);
    assert!(html.contains("<title>لپ‌تاپ دل XPS ۱۵ ۹۵۳۰ | لپ‌تاپ‌شاپ</title>"), "{html}");
    assert!(html.contains("<link rel=\"canonical\" href=\"https://shop.example/product/dell-xps-15-9530\""));
    assert!(html.contains("property=\"og:image\""));
    assert!(html.contains("\"@type\":\"Product\"") && html.contains("\"@type\":\"Offer\""));
    assert!(html.contains("\"@type\":\"WebSite\"") && html.contains("https://shop.example/shop/search-product?q={search_term_string}"));
    assert!(html.contains("\"width\":1088") && html.contains("\"height\":378"));
    assert_eq!(html.matches("<title>").count(), 1);

    let (st, _, html) = get("/product/no-such-laptop".into()).await;
    assert_eq!(st, 404);
    assert!(html.contains("noindex"));
    let (st, _, html) = get("/shop/search-product?q=dell".into()).await;
    assert_eq!(st, 200);
    assert!(html.contains("<meta name=\"robots\" content=\"noindex, follow\""), "search results are not indexed: {html}");
    let cats = s.get(&format!("{P}/categories")).await;
    let g = items(&cats).iter().find(|c| c["Slug"] == "gaming-laptop").unwrap().clone();
    let canonical = g["Url"].as_str().unwrap().to_string();
    let id = g["Id"].as_i64().unwrap();
    let (st, _, _) = get(canonical.clone()).await;
    assert_eq!(st, 200);
    for wrong in [format!("/shop/category/wrong-{id}"), format!("/shop/category/%D9%84%D9%BE-{id}"), format!("/shop/category/a%20b-{id}")] {
        let (st, loc, _) = get(wrong.clone()).await;
        assert_eq!(st, 301, "{wrong}");
        assert_eq!(loc.as_deref(), Some(canonical.as_str()), "{wrong}");
    }
    let (st, loc, _) = get(format!("/shop/category/wrong-{id}?sort=cheapest")).await;
    assert_eq!((st, loc), (301, Some(format!("{canonical}?sort=cheapest"))));
    assert_eq!(get("/shop/category/gaming-laptop-999999".into()).await.0, 404);

    let blog = s.get("/api/client/v1/blog").await;
    let slug = items(&blog)[0]["Slug"].as_str().unwrap().to_string();
    let (st, _, html) = get(format!("/blogs/{slug}")).await;
    assert_eq!(st, 200);
    assert!(html.contains("\"@type\":\"BlogPosting\""));
    assert_eq!(get("/blogs/no-such-post".into()).await.0, 404);
    let (st, _, html) = get(format!("/shop/search-product?{}", enc("لپ تاپ"))).await;
    assert_eq!(st, 200);
    assert!(html.contains("جستجوی «لپ تاپ»"));

    let (st, _, xml) = get("/sitemap.xml".into()).await;
    assert_eq!(st, 200);
    assert!(xml.contains("<loc>https://shop.example/product/dell-xps-15-9530</loc>"));
    assert!(xml.contains(&format!("<loc>https://shop.example{canonical}</loc>")));
    assert!(xml.contains(&format!("<loc>https://shop.example/blogs/{slug}</loc>")));
    let products = s.get(&format!("{P}/products?size=1")).await.body["Total"].as_u64().unwrap() as usize;
    assert!(xml.matches("/product/").count() >= products);
    let (st, _, txt) = get("/robots.txt".into()).await;
    assert_eq!(st, 200);
    assert!(txt.contains("Sitemap: https://shop.example/sitemap.xml"));
}

async fn pictures_are_webp_with_long_cache(db: TestDb) {
    let s = spawn_app(db).await;
    seeded(&s).await;
    let r = get_ok(&s, &format!("{P}/products/dell-xps-15-9530")).await;
    let src = r.body["data"]["Image"]["Src"].as_str().unwrap().to_string();
    let src2x = r.body["data"]["Image"]["Src2x"].as_str().unwrap().to_string();
    for u in [&src, &src2x] {
        let resp = s.client.get(s.url(u)).send().await.unwrap();
        assert_eq!(resp.status().as_u16(), 200, "{u}");
        assert_eq!(resp.headers()["content-type"], "image/webp");
        assert!(resp.headers()["cache-control"].to_str().unwrap().contains("immutable"));
        let b = resp.bytes().await.unwrap();
        assert_eq!(&b[8..12], b"WEBP");
    }
    let resp = s.client.get(s.url(&format!("{P}/images/logo-1088x378.webp"))).send().await.unwrap();
    assert_eq!(resp.status().as_u16(), 200);
    for bad in ["1-0-321.webp", "1-7-320.webp", "x.webp", "..%2F..%2Fetc%2Fpasswd", "1-0-320.png"] {
        s.get(&format!("{P}/images/{bad}")).await.assert_error(404);
    }
}

/// The product page's raw HTML carries a static hero (name, price, main picture with its
/// preload) and the product JSON, so the picture paints before the scripts run; the name is
/// data and is escaped everywhere.
async fn product_page_html_has_the_static_hero(db: TestDb) {
    // A built index.html in miniature: a module script in the head and the static shell's slot.
    let web = TempDir::new("shop-test-web");
    std::fs::write(
        web.0.join("index.html"),
        "<!doctype html><html lang=\"fa\" dir=\"rtl\"><head><meta charset=\"UTF-8\" /><title>x</title>\
<script type=\"module\" crossorigin src=\"/assets/index.js\"></script><link rel=\"stylesheet\" href=\"/assets/index.css\"></head>\
<body><div id=\"root\"><div class=\"flex min-h-dvh flex-col\" aria-hidden=\"true\"><div class=\"flex-1\" data-shell-main></div></div></div></body></html>",
    )
    .unwrap();
    let dir = web.0.clone();
    let s = spawn_app_with(db, move |c| c.web_dir = dir).await;
    seeded(&s).await;
    let uid = "dell-xps-15-9530";
    let api = get_ok(&s, &format!("{P}/products/{uid}")).await;
    let d = &api.body["data"];
    let v = d["Variants"].as_array().unwrap();
    let first = v.iter().find(|x| x["Id"] == d["DefaultVariantId"]).unwrap_or(&v[0]);
    let price = first["Price"].as_i64().unwrap() + first["PriceGaranti"].as_i64().unwrap();
    let id = d["Id"].as_i64().unwrap();
    let img = |w: u32| format!("/api/client/v1/catalog/images/{id}-0-{w}.webp");

    let r = s.get(&format!("/product/{uid}")).await;
    assert_eq!(r.status, 200);
    let html = r.text;
    let (head, body) = html.split_once("</head>").expect("a head");
    assert!(body.contains("<h1 class=\"mt-1 text-lg leading-8 font-bold text-slate-900 md:text-xl md:leading-9\">لپ‌تاپ دل \u{2066}XPS\u{2069} ۱۵ ۹۵۳۰</h1>"), "{body}");
    let price_text = shop_core::digits::format_price(price);
    assert!(price_text.ends_with(" تومان") && price_text.contains('٬'));
    assert!(body.contains(&price_text), "{price_text} in {body}");
    assert!(body.contains(&format!("srcset=\"{} 1x, {} 2x\"", img(320), img(640))), "{body}");
    assert!(body.contains(&format!("<source media=\"(min-width: 640px)\" srcset=\"{} 1x, {} 2x\"", img(640), img(1280))));
    assert!(body.contains("width=\"640\" height=\"480\" fetchpriority=\"high\""));
    assert!(body.contains("data-shell-main><div class=\"mx-auto w-full max-w-7xl px-4 py-6\" data-static-hero=\"product\">"));
    // The preload comes before the scripts and the stylesheet.
    let preload = format!("<link rel=\"preload\" as=\"image\" type=\"image/webp\" media=\"(max-width: 639.98px)\" imagesrcset=\"{} 1x, {} 2x\"", img(320), img(640));
    let at = head.find(&preload).unwrap_or_else(|| panic!("preload in {head}"));
    assert!(at < head.find("<script").unwrap() && at < head.find("<link rel=\"stylesheet\"").unwrap());
    // The embedded JSON is the API's answer.
    let json = body.split_once("<script type=\"application/json\" id=\"product-data\">").unwrap().1.split_once("</script>").unwrap().0;
    let embedded: Value = serde_json::from_str(json).unwrap();
    assert_eq!(embedded["data"], api.body["data"]);
    assert_eq!(embedded["Related"], api.body["Related"]);

    // A hostile name: escaped in the hero, the head and the JSON.
    let hostile = "<script>alert(\"x\")</script> لپ‌تاپ 'ویژه' & <img src=x onerror=alert(1)>";
    use sea_orm::ConnectionTrait;
    s.db.execute_unprepared(&format!("UPDATE product SET name = '{}' WHERE uid = '{uid}'", hostile.replace('\'', "''")))
        .await
        .unwrap();
    s.clock.advance(shop_server::catalog::cache::RECHECK_MS / 1000 + 1);
    let html = s.get(&format!("/product/{uid}")).await.text;
    assert!(!html.contains("<script>alert"), "{html}");
    assert!(!html.contains("<img src=x"), "{html}");
    // maud's escaping: `&`, `<`, `>` and `"` (a `'` is harmless in text and in the
    // double-quoted attributes the hero writes).
    let escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; لپ‌تاپ 'ویژه' &amp; &lt;img src=x onerror=alert(1)&gt;";
    // The heading shows the name as the API does, its Latin runs isolated (core's bidi rule).
    let shown = shop_core::bidi::isolate_latin_runs(hostile);
    let escape = |t: &str| t.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;");
    assert!(html.contains(&format!(">{}</h1>", escape(&shown))), "{html}");
    assert!(html.contains(&format!("alt=\"{escaped}\"")));
    let json = html.split_once("id=\"product-data\">").unwrap().1.split_once("</script>").unwrap().0;
    assert!(!json.contains('<') && !json.contains('>'));
    let embedded: Value = serde_json::from_str(json).unwrap();
    assert_eq!(embedded["data"]["Name"], shown);
    // Every <script> in the page is one the page meant to have (none from the name).
    assert_eq!(html.matches("<script").count(), html.matches("</script>").count());

    // An unknown product gets no hero.
    let r = s.get("/product/no-such-laptop").await;
    assert_eq!(r.status, 404);
    assert!(!r.text.contains("data-static-hero") && !r.text.contains("product-data"));
}

/// Answers and the sitemap are remembered per catalogue version: a query string the server
/// ignores (`_=…`) gets the same answer, and a product added on any node shows up in the
/// list, the search and the sitemap once the version moves. The sitemap is revalidated like
/// the answers (ETag, 304), not kept by HTTP caches for minutes.
async fn remembered_answers_follow_catalogue_changes(db: TestDb) {
    let s = spawn_app_with(db, |c| c.public_url = "https://shop.example".into()).await;
    seeded(&s).await;
    let total = |r: &Resp| r.body["Total"].as_u64().unwrap_or_else(|| panic!("Total: {}", r.text));
    let plain = get_ok(&s, &format!("{P}/products?brand=test")).await;
    let busted = get_ok(&s, &format!("{P}/products?brand=test&_=98765")).await;
    assert_eq!(plain.headers.get("etag"), busted.headers.get("etag"));
    assert_eq!(total(&plain), 0);
    let sitemap = s.get("/sitemap.xml").await;
    assert!(!sitemap.text.contains("/product/fresh-arrival-1"));
    // Asked again each time (an HTTP cache may not keep it for minutes), a 304 while unchanged.
    assert_eq!(sitemap.headers["cache-control"], "public, max-age=0, must-revalidate");
    let tag = sitemap.headers["etag"].to_str().unwrap().to_string();
    let again = s.client.get(s.url("/sitemap.xml")).header("if-none-match", &tag).send().await.unwrap();
    assert_eq!(again.status().as_u16(), 304);

    s.product_with_options("fresh-arrival-1", &[]).await;
    s.advance_clock(1);
    let after = get_ok(&s, &format!("{P}/products?brand=test&_=98765")).await;
    assert_eq!(total(&after), 1, "the new product is listed: {}", after.text);
    assert_ne!(after.headers.get("etag"), plain.headers.get("etag"));
    let found = get_ok(&s, &format!("{P}/search?q=fresh-arrival")).await;
    assert!(found.text.contains("fresh-arrival-1"), "{}", found.text);
    let sitemap = s.get("/sitemap.xml").await;
    assert!(sitemap.text.contains("<loc>https://shop.example/product/fresh-arrival-1</loc>"), "{}", sitemap.text);
    let again = s.client.get(s.url("/sitemap.xml")).header("if-none-match", &tag).send().await.unwrap();
    assert_eq!(again.status().as_u16(), 200, "the old tag no longer matches");
    assert_ne!(again.headers()["etag"].to_str().unwrap(), tag);
}

/// Every variant's `WarrantyDifferences` against the variants of its colour, in the answer's
/// own unit prices (`Price + PriceGaranti`, what the cart charges).
fn assert_differences_are_unit_changes(d: &Value) {
    let vs = d["Variants"].as_array().unwrap();
    let unit = |v: &Value| v["Price"].as_i64().unwrap() + v["PriceGaranti"].as_i64().unwrap();
    for v in vs {
        let same: Vec<&Value> = vs.iter().filter(|o| o["Color"] == v["Color"]).collect();
        let diffs = v["WarrantyDifferences"].as_array().unwrap();
        assert_eq!(diffs.len(), same.len(), "{v}");
        for (o, diff) in same.iter().zip(diffs) {
            assert_eq!(diff["Id"], o["Id"]);
            assert_eq!(diff["Difference"].as_i64().unwrap(), unit(o) - unit(v), "{v} -> {o}");
        }
    }
}

async fn product_page_preselects_a_warranty_and_its_differences_are_the_total_change(db: TestDb) {
    let s = spawn_app(db).await;
    seeded(&s).await;
    let path = format!("{P}/products/asus-zenbook-14-ux3405");
    let r = get_ok(&s, &path).await;
    let d = &r.body["data"];
    let vs = d["Variants"].as_array().unwrap();
    let by = |colour: &str, warranty: &str| {
        vs.iter().find(|v| v["Color"] == colour && v["NameGaranti"] == warranty).unwrap_or_else(|| panic!("{colour} {warranty}"))
    };
    let none = by("نقره‌ای", "بدون گارانتی");
    let w18 = by("نقره‌ای", "گارانتی ۱۸ ماهه آواژنگ");
    // The case: the option said «+ ۲٬۵۰۰٬۰۰۰» (PriceGaranti) but the total rose by 4.8 M.
    let to_w18 = none["WarrantyDifferences"].as_array().unwrap().iter().find(|x| x["Id"] == w18["Id"]).unwrap();
    assert_eq!(to_w18["Difference"], 4_800_000);
    assert_eq!(to_w18["DifferenceText"], "۴٬۸۰۰٬۰۰۰ تومان بیشتر");
    assert_differences_are_unit_changes(d);
    // The cheapest in-stock variant has no warranty; the page preselects the first with one.
    assert_eq!(vs[0]["NameGaranti"], "بدون گارانتی");
    let default = vs.iter().find(|v| v["Id"] == d["DefaultVariantId"]).expect("default variant");
    assert_ne!(default["NameGaranti"], "بدون گارانتی");
    assert_eq!(default["InStock"], true);
    // Each warranty says what it covers.
    for v in vs {
        assert!(!v["DescriptionGaranti"].as_str().unwrap().is_empty(), "{v}");
    }

    // Under a special offer the differences are still the answer's (and the cart's) unit changes.
    let cheapest = vs.iter().map(|v| v["Price"].as_i64().unwrap()).min().unwrap();
    s.set_offer(d["Id"].as_i64().unwrap(), cheapest - 1_000_000, s.now() + 3600).await;
    s.advance_clock(1); // the catalogue sees the change on its next look
    let r = get_ok(&s, &path).await;
    assert!(r.body["data"]["Variants"][0]["OldPrice"].is_i64(), "offer running: {}", r.text);
    assert_differences_are_unit_changes(&r.body["data"]);
}

// ------------------------------------------------------------------ issue 28 items 10-11

async fn best_sellers_are_the_products_of_paid_orders_and_none_before_a_sale(db: TestDb) {
    use crate::checkout_support::*;
    let fake = fake_zarinpal().await;
    let s = spawn_app_with(db, zarinpal_at(fake.base.clone(), 2000)).await;
    seeded(&s).await;
    let shop = shop(&s, 10).await;
    s.advance_clock(1);
    assert_eq!(state(&s).await, (vec![], vec![], false), "no sales: no best sellers anywhere");

    let r = ready(&s, &shop, 2).await;
    let code = register(&s, &r, &shop).await;
    s.advance_clock(1);
    assert_eq!(state(&s).await, (vec![], vec![], false), "a registered, unpaid order is not a sale");

    let (_, authority) = start_payment(&s, &r.c, &code).await;
    fake.pay(&authority);
    let (_, loc) = get_location(&s, &format!("{CALLBACK}?Authority={authority}&Status=OK")).await;
    assert_eq!(loc, format!("/success-payment?code={code}"));
    s.advance_clock(1);
    let (best, suggest, has) = state(&s).await;
    let ours = product_uid(&s, shop.product).await;
    assert_eq!(best, vec![ours.clone()], "the paid product is the one best seller");
    assert_eq!(suggest, vec![ours.clone()]);
    assert!(has);
    let sorted = get_ok(&s, &format!("{P}/products?sort=bestselling&size=1")).await;
    assert_eq!(items(&sorted).iter().map(uid).collect::<Vec<_>>(), vec![ours]);

    // 91 days later the sale has left the 90-day window.
    s.advance_clock(91 * 86_400);
    assert_eq!(state(&s).await, (vec![], vec![], false));
}

fn uid(v: &Value) -> String {
    v["Uid"].as_str().unwrap_or_default().to_string()
}

/// The best sellers, the empty query's suggestions and the list's `HasBestsellers`.
async fn state(s: &TestApp) -> (Vec<String>, Vec<String>, bool) {
    let best = get_ok(s, &format!("{P}/bestsellers")).await;
    let suggest = get_ok(s, &format!("{P}/suggest?q=")).await;
    let list = get_ok(s, &format!("{P}/products?size=1")).await;
    (
        items(&best).iter().map(uid).collect(),
        items(&suggest).iter().map(uid).collect(),
        list.body["HasBestsellers"].as_bool().unwrap_or_else(|| panic!("HasBestsellers: {}", list.text)),
    )
}

async fn total_of(s: &TestApp, q: &str) -> u64 {
    get_ok(s, &format!("{P}/products?{q}&size=1")).await.body["Total"].as_u64().unwrap()
}

async fn product_uid(s: &TestApp, id: i64) -> String {
    use sea_orm::EntityTrait;
    shop_server::catalog::product::Entity::find_by_id(id).one(&s.db).await.unwrap().unwrap().uid
}

async fn screen_graphics_and_storage_filter_the_list_with_their_facets(db: TestDb) {
    let s = spawn_app(db).await;
    seeded(&s).await;
    let all = get_ok(&s, &format!("{P}/products?size=1")).await;
    let facets = &all.body["Facets"];
    let values = |k: &str| -> Vec<(String, u64)> {
        facets[k]
            .as_array()
            .unwrap_or_else(|| panic!("{k}: {facets}"))
            .iter()
            .map(|f| (f["Value"].as_str().unwrap().to_string(), f["Count"].as_u64().unwrap()))
            .collect()
    };
    let screens: Vec<String> = values("Screens").into_iter().map(|v| v.0).collect();
    assert_eq!(screens, ["under-13", "13-14", "15-16", "17-plus"], "bands smallest first");
    let storages: Vec<String> = values("Storages").into_iter().map(|v| v.0).collect();
    assert!(storages.starts_with(&["256".to_string(), "512".into(), "1024".into()]), "{storages:?}");
    let graphics = values("Graphics");
    assert_eq!(graphics[0].0, "integrated");
    assert!(graphics.iter().any(|g| g.0 == "nvidia-rtx"), "{graphics:?}");
    assert!(facets["Screens"][1]["Label"].as_str().unwrap().contains("اینچ"));

    // Each value's count is what filtering by it lists.
    for (key, param) in [("Screens", "screen"), ("Graphics", "graphics"), ("Storages", "storage")] {
        for (value, count) in values(key) {
            let r = get_ok(&s, &format!("{P}/products?{param}={value}&size=1")).await;
            assert_eq!(r.body["Total"].as_u64().unwrap(), count, "{param}={value}");
        }
    }
    // Two values of one filter are either; two filters are both.
    assert_eq!(
        total_of(&s, "screen=15-16,17-plus").await,
        total_of(&s, "screen=15-16").await + total_of(&s, "screen=17-plus").await
    );
    let rtx_big = total_of(&s, "graphics=nvidia-rtx&screen=17-plus").await;
    assert!(rtx_big >= 1 && rtx_big < total_of(&s, "graphics=nvidia-rtx").await);
    let rtx = get_ok(&s, &format!("{P}/products?graphics=nvidia-rtx&size=60")).await;
    assert!(names(&rtx).iter().all(|name| !name.contains("مک‌بوک")), "no MacBook has an RTX: {:?}", names(&rtx));
    // The search takes the same filters.
    let searched = get_ok(&s, &format!("{P}/search?q=lenovo&storage=1024&size=1")).await;
    assert!(searched.body["Total"].as_u64().unwrap() < get_ok(&s, &format!("{P}/search?q=lenovo&size=1")).await.body["Total"].as_u64().unwrap());

    for (param, bad) in [("screen", "21"), ("graphics", "voodoo"), ("storage", "300")] {
        let r = s.get(&format!("{P}/products?{param}={bad}")).await;
        r.assert_error(422);
        assert_eq!(r.body["field"], param);
    }
}

async fn shop_details_come_from_one_record_for_the_contact_page_pickup_and_json_ld(db: TestDb) {
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    use shop_server::delivery::entity::delivery_option;
    let s = spawn_app_with(db, |c| c.public_url = "https://shop.example".into()).await;
    let empty = get_ok(&s, "/api/client/v1/shop").await;
    assert_eq!(empty.body["data"]["Phone"], "", "a new shop has no made-up details");
    seeded(&s).await;
    let r = get_ok(&s, "/api/client/v1/shop").await;
    let d = &r.body["data"];
    assert_eq!(d["Name"], "لپ‌تاپ‌شاپ");
    assert_eq!(d["PhoneHref"], "02166712345");
    assert!(!d["Email"].as_str().unwrap().contains("example"), "{d}");
    assert!(r.headers.get("etag").is_some());
    let again = reqwest::Client::builder()
        .no_proxy()
        .build()
        .unwrap()
        .get(s.url("/api/client/v1/shop"))
        .header("if-none-match", r.headers["etag"].clone())
        .send()
        .await
        .unwrap();
    assert_eq!(again.status().as_u16(), 304);

    let pickup = delivery_option::Entity::find().filter(delivery_option::Column::Pickup.eq(true)).all(&s.db).await.unwrap();
    assert_eq!(pickup.len(), 1);
    assert!(pickup[0].description.contains(d["Address"].as_str().unwrap()), "{}", pickup[0].description);

    let contact = get_ok(&s, "/api/client/v1/pages/contact").await;
    assert!(!contact.text.contains("info@example.com") && !contact.text.contains("۸۸۰۰۰۰۰۰"), "{}", contact.text);

    let html = s.get("/contact-us").await.text;
    assert!(html.contains("\"telephone\":\"02166712345\"") && html.contains(d["Address"].as_str().unwrap()), "{html}");
}

/// What the shopper reads of a product (name, description, spec values, variant summaries) has
/// its Latin runs in U+2066 … U+2069 and its prose numbers in Persian digits (core's
/// `bidi::isolate_latin_runs`); the head's meta tags and JSON-LD carry the stored text, with no
/// isolate.
async fn product_texts_isolate_latin_runs_but_seo_texts_stay_plain(db: TestDb) {
    let s = spawn_app(db).await;
    seeded(&s).await;
    let uid = "hp-spectre-x360-14";
    let d = get_ok(&s, &format!("{P}/products/{uid}")).await.body["data"].clone();
    assert_eq!(d["Name"], "تبلت لپ‌تاپ اچ‌پی اسپکتر \u{2066}x360\u{2069} ۱۴");
    let description = d["Description"].as_str().unwrap();
    assert!(description.contains("با پردازنده \u{2066}Intel Core Ultra 7 155H\u{2069}، ۱۶ گیگابایت رم"), "{description}");
    assert!(description.contains("وزن دستگاه ۱٫۴۴ کیلوگرم"), "{description}");
    assert!(description.contains("با وضوح \u{2066}۲۸۸۰×۱۸۰۰\u{2069}"), "{description}");
    let rows = d["SpecRows"].as_array().unwrap();
    let row = |k: &str| rows.iter().find(|r| r["Key"] == k).unwrap()["Value"].as_str().unwrap().to_string();
    assert_eq!(row("cpu"), "\u{2066}Intel Core Ultra 7 155H\u{2069}");
    assert_eq!(row("screen"), "۱۴ اینچ، \u{2066}۲۸۸۰×۱۸۰۰\u{2069}");
    let property = d["Variants"][0]["Property"].as_str().unwrap();
    assert!(property.starts_with("\u{2066}Intel Core Ultra 7 155H\u{2069} / ۱۶ گیگ رم"), "{property}");

    let html = s.get(&format!("/product/{uid}")).await.text;
    let head = html.split_once("</head>").expect("a head").0;
    assert!(head.contains("اسپکتر x360 ۱۴"), "{head}");
    assert!(!head.contains(['\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}']), "{head}");
}
