//! [`SeoHook`], the [`PageHook`] registered on the platform's static handler
//! (`platform::web::WebApp`) at start-up: [`special`] answers `/sitemap.xml` and `/robots.txt`; [`page`] takes the app's
//! `index.html` answer for a path and fills in its head, or turns it into a 404 (unknown
//! product, category or post) or a 301 (category URL with a wrong slug).
//!
//! Both read the [`AppState`] and the [`CatalogCache`] from the request data; without them
//! (a bare `WebApp` in a unit test) they leave the answer unchanged.

use poem::http::{header, StatusCode};
use poem::{Request, Response};
use serde_json::Value;

use super::view::head::{self, Head, ProductFacts, SitemapUrl};
use super::view::hero::{self, HeroFacts};
use crate::catalog::view::{self, category_url, product_response};
use crate::catalog::cache::CatalogCache;
use crate::catalog::fmt;
use crate::platform::http::cache::{etag_of, none_match, Prepared, PUBLIC_SHORT};
use crate::state::AppState;
use crate::platform::web::{PageHook, RouteDef};

/// The seo area's hook on the web app.
#[derive(Default)]
pub struct SeoHook {
    /// The last sitemap built: (catalogue version, 10-minute bucket, body and ETag). Blog
    /// posts bump the catalogue version too; the bucket only bounds how long a body lives.
    sitemap: std::sync::Mutex<Option<(i64, i64, Prepared)>>,
}

#[async_trait::async_trait]
impl PageHook for SeoHook {
    async fn special(&self, req: &Request) -> Option<Response> {
        special(req, &self.sitemap).await
    }

    async fn page(&self, req: &Request, route: Option<&RouteDef>, index: Response) -> Response {
        page(req, route, index).await
    }
}

/// Static paths listed in the sitemap.
const STATIC_PATHS: &[&str] =
    &["/", "/shop", "/specials", "/categories", "/blogs", "/about-us", "/contact-us", "/terms-of-use", "/privacy-policy", "/common-questions"];

/// Route names that must not be indexed.
const NOINDEX: &[&str] = &[
    "login",
    "register",
    // Search results: endless query variants, thin pages (search engines' guidelines).
    "productSearch",
    "mobileSearch",
    "orderLink",
    "errorPayment",
    "successPayment",
    "successInsPayment",
    "cart",
    "cartFirst",
    "CartOrderRegistration",
];

/// `/sitemap.xml` and `/robots.txt` (GET/HEAD); `None` for any other path.
async fn special(req: &Request, built: &std::sync::Mutex<Option<(i64, i64, Prepared)>>) -> Option<Response> {
    let path = req.uri().path();
    if path != "/sitemap.xml" && path != "/robots.txt" {
        return None;
    }
    let state = req.data::<AppState>()?;
    let public = state.config.public_url.clone();
    if path == "/robots.txt" {
        return Some(
            Response::builder()
                .content_type("text/plain; charset=utf-8")
                .header(header::CACHE_CONTROL, "public, max-age=3600")
                .body(head::robots(&public)),
        );
    }
    let cache = req.data::<CatalogCache>()?;
    let snap = match cache.get(&state.db).await {
        Ok(s) => s,
        Err(e) => {
            tracing::error!(error = %e, "sitemap: catalogue unavailable");
            return Some(Response::builder().status(StatusCode::SERVICE_UNAVAILABLE).body(()));
        }
    };
    let bucket = state.clock.unix().div_euclid(600);
    let reuse = built.lock().ok().and_then(|g| g.as_ref().filter(|(v, b, _)| *v == snap.version && *b == bucket).map(|(_, _, x)| x.clone()));
    let body = match reuse {
        Some(body) => body,
        None => {
            let xml = sitemap_xml(state, &snap).await;
            let body = Prepared { etag: etag_of(&xml), body: bytes::Bytes::from(xml) };
            if let Ok(mut g) = built.lock() {
                *g = Some((snap.version, bucket, body.clone()));
            }
            body
        }
    };
    // Asked again each time, like the catalogue's answers: a product published on any node is
    // in the next fetch (a 304 while nothing changed).
    let inm = req.headers().get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok());
    let resp = Response::builder().header(header::ETAG, body.etag.as_str()).header(header::CACHE_CONTROL, PUBLIC_SHORT);
    Some(if inm.is_some_and(|h| none_match(h, &body.etag)) {
        resp.status(StatusCode::NOT_MODIFIED).body(())
    } else {
        resp.content_type("application/xml; charset=utf-8").body(body.body)
    })
}

/// The sitemap: static pages, categories, products and blog posts.
async fn sitemap_xml(state: &AppState, snap: &crate::catalog::snapshot::Snapshot) -> String {
    let public = &state.config.public_url;
    let mut urls: Vec<SitemapUrl> = STATIC_PATHS.iter().map(|p| SitemapUrl { path: p.to_string(), lastmod: None }).collect();
    for c in &snap.categories {
        urls.push(SitemapUrl { path: category_url(&c.slug, c.id), lastmod: None });
    }
    for it in &snap.items {
        let lastmod = (it.info.created_at > 0).then(|| fmt::iso(it.info.created_at)[..10].to_string());
        urls.push(SitemapUrl { path: format!("/product/{}", it.product.uid), lastmod });
    }
    use crate::content::entity::blog_post;
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    if let Ok(posts) = blog_post::Entity::find().filter(blog_post::Column::Published.eq(true)).all(&state.db).await {
        for p in posts {
            urls.push(SitemapUrl { path: format!("/blogs/{}", p.slug), lastmod: Some(fmt::iso(p.published_at)[..10].to_string()) });
        }
    }
    head::sitemap(public, &urls)
}

enum Outcome {
    Page(StatusCode, Head),
    /// A product page with its static hero.
    Product(Head, Box<Hero>),
    Redirect(String),
}

/// The product hero's parts (see [`hero`]).
struct Hero {
    body: String,
    preload: String,
    json: Option<String>,
}

/// The hero of the snapshot's item `i`, from the same answer the API gives for it.
fn product_hero(snap: &crate::catalog::snapshot::Snapshot, i: usize, now: i64) -> Hero {
    use poem_openapi::types::ToJSON;
    let resp = product_response(snap, i, now);
    let d = &resp.data;
    // The variant the page preselects (the shop's default warranty): its price, as React shows it.
    let first = d.variants.iter().find(|v| Some(v.id) == d.default_variant_id).or_else(|| d.variants.first());
    let it = &snap.items[i];
    let facts = HeroFacts {
        name: d.card.name.clone(),
        brand: if d.card.brand_fa.is_empty() { d.card.brand.clone() } else { d.card.brand_fa.clone() },
        model: d.card.model.clone(),
        crumbs: d.breadcrumb.iter().map(|c| (c.name.clone(), c.url.clone())).collect(),
        price: first.map(|v| v.price + v.price_garanti).unwrap_or_else(|| it.price(now)),
        old_price: first.and_then(|v| v.old_price.map(|o| o + v.price_garanti)),
        in_stock: first.is_some_and(|v| v.in_stock),
        phone: (view::image_url(it, 0, 320), view::image_url(it, 0, 640)),
        wide: (view::image_url(it, 0, 640), view::image_url(it, 0, 1280)),
        thumbs: d.images.iter().map(|im| (im.src.clone(), im.src2x.clone())).collect(),
        alt: d.images.first().map(|im| im.alt.clone()).filter(|a| !a.is_empty()).unwrap_or_else(|| shop_core::bidi::strip_isolates(&d.card.name)),
    };
    Hero { body: hero::product_hero(&facts), preload: hero::preload_links(&facts), json: Some(resp.to_json_string()) }
}

fn not_found_head(base: &str, path: &str) -> Head {
    Head {
        title: head::title("صفحه مورد نظر یافت نشد!"),
        description: head::SITE_DESCRIPTION.into(),
        canonical: format!("{base}{path}"),
        og_type: "website".into(),
        image: None,
        json_ld: Vec::new(),
        robots: Some("noindex, follow".into()),
    }
}

/// The product's approved reviews in its JSON-LD (the review area's summary and its five most
/// helpful); left out when the database does not answer.
async fn reviews_ld(state: &AppState, product_id: i64, ld: &mut Value) {
    use crate::review::service as reviews;
    let (Ok(summary), Ok(top)) = (reviews::summary(&state.db, product_id).await, reviews::top_reviews(&state.db, product_id, 5).await) else {
        tracing::warn!("seo: reviews unavailable");
        return;
    };
    let list: Vec<head::LdReview> = top
        .into_iter()
        .map(|r| head::LdReview { author: r.author_name, rating: r.rating, body: r.body, date: fmt::iso(r.created_at).get(..10).unwrap_or_default().to_owned() })
        .collect();
    head::with_reviews(ld, summary.average_tenths, summary.count, &list);
}

fn site_ld(public: &str, shop: &crate::shop_settings::entity::shop_settings::Model) -> Vec<Value> {
    vec![head::website_ld(public), head::shop_organization_ld(public, shop)]
}

async fn decide(req: &Request, state: &AppState, route: Option<&RouteDef>) -> Outcome {
    let public = state.config.public_url.clone();
    let base = head::base(&public).to_string();
    let raw_path = req.uri().path();
    let path = if raw_path.len() > 1 { raw_path.trim_end_matches('/') } else { raw_path };
    let Some(route) = route else {
        return Outcome::Page(StatusCode::NOT_FOUND, not_found_head(&base, path));
    };
    // The shop's details for the Organization JSON-LD (one primary-key read; empty on error).
    let shop = match crate::shop_settings::service::get(&state.db).await {
        Ok(s) => s,
        Err(e) => {
            tracing::warn!(error = %e, "seo: shop settings unavailable");
            Default::default()
        }
    };
    let mut h = Head {
        title: if route.name == "home" {
            format!("{} | خرید لپ‌تاپ نو، استوک و اوپن‌باکس", head::SITE_NAME)
        } else {
            head::title(&route.title)
        },
        description: head::SITE_DESCRIPTION.into(),
        canonical: format!("{base}{}", if path == "/" { "/" } else { path }),
        og_type: "website".into(),
        image: Some(format!("{base}{}", head::LOGO_PATH)),
        json_ld: site_ld(&public, &shop),
        robots: (route.requires_auth || NOINDEX.contains(&route.name.as_str())).then(|| "noindex, follow".to_string()),
    };
    let last = path.rsplit('/').next().unwrap_or("");
    let last = percent_decode(last);
    let cache = req.data::<CatalogCache>();
    match route.name.as_str() {
        "productDetail" => {
            let Some(cache) = cache else { return Outcome::Page(StatusCode::OK, h) };
            let snap = match cache.get(&state.db).await {
                Ok(s) => s,
                Err(_) => return Outcome::Page(StatusCode::OK, h),
            };
            let Some(&i) = snap.by_uid.get(&last) else {
                return Outcome::Page(StatusCode::NOT_FOUND, not_found_head(&base, path));
            };
            let it = &snap.items[i];
            let now = state.clock.unix();
            let price = it.price(now);
            let imgs: Vec<String> = (0..view::image_count(it)).map(|n| format!("{base}{}", view::image_url(it, n, 640))).collect();
            h.title = head::title(&it.product.name);
            h.description = head::clip(
                &format!("{}، قیمت {}. {}", it.product.name, fmt::toman(price), it.product.description),
                160,
            );
            h.og_type = "product".into();
            h.image = imgs.first().cloned();
            let cat = it.category.map(|c| &snap.categories[c]);
            let mut ld = head::product_ld(
                &public,
                &ProductFacts {
                    uid: it.product.uid.clone(),
                    name: it.product.name.clone(),
                    description: it.product.description.clone(),
                    brand: it.product.brand.clone(),
                    model: it.info.model.clone(),
                    images: imgs,
                    price,
                    in_stock: it.in_stock(),
                    condition: it.product.condition.clone(),
                    price_valid_until: it.offer(now).map(|(_, end)| fmt::iso(end)),
                    category: cat.map(|c| c.name.clone()),
                },
            );
            reviews_ld(state, it.product.id, &mut ld).await;
            h.json_ld.push(ld);
            if let Some(cid) = it.info.category_id {
                let mut crumbs = vec![(head::SITE_NAME.to_string(), format!("{base}/"))];
                for c in snap.category_path(cid) {
                    crumbs.push((c.name.clone(), format!("{base}{}", category_url(&c.slug, c.id))));
                }
                crumbs.push((it.product.name.clone(), h.canonical.clone()));
                h.json_ld.push(head::breadcrumb_ld(&crumbs));
            }
            Outcome::Product(h, Box::new(product_hero(&snap, i, now)))
        }
        "category" => {
            let Some(cache) = cache else { return Outcome::Page(StatusCode::OK, h) };
            let snap = match cache.get(&state.db).await {
                Ok(s) => s,
                Err(_) => return Outcome::Page(StatusCode::OK, h),
            };
            let found = last.rsplit_once('-').and_then(|(_, id)| id.parse::<i64>().ok()).and_then(|id| snap.category(id));
            let Some(c) = found else {
                return Outcome::Page(StatusCode::NOT_FOUND, not_found_head(&base, path));
            };
            let canonical = category_url(&c.slug, c.id);
            if path != canonical {
                let q = req.uri().query().map(|q| format!("?{q}")).unwrap_or_default();
                return Outcome::Redirect(format!("{canonical}{q}"));
            }
            h.title = head::title(&format!("خرید {}", c.name));
            h.description = head::clip(&format!("{}: {}. قیمت و مشخصات، مقایسه و خرید اقساطی در {}.", c.name, c.description, head::SITE_NAME), 160);
            Outcome::Page(StatusCode::OK, h)
        }
        "blogDetail" => match crate::content::service::post_by_slug(&state.db, &last).await {
            Ok(Some(p)) => {
                let img = format!("{base}{}", crate::content::service::cover_url(&p, 1280));
                h.title = head::title(&p.title);
                h.description = head::clip(&p.summary, 160);
                h.og_type = "article".into();
                h.image = Some(img.clone());
                h.json_ld.push(head::blog_posting_ld(&public, &p.slug, &p.title, &p.summary, &p.author, &fmt::iso(p.published_at), &img));
                Outcome::Page(StatusCode::OK, h)
            }
            Ok(None) => Outcome::Page(StatusCode::NOT_FOUND, not_found_head(&base, path)),
            Err(_) => Outcome::Page(StatusCode::OK, h),
        },
        "productSearch" => {
            let q: String = req
                .uri()
                .query()
                .and_then(|qs| serde_urlencoded::from_str::<Vec<(String, String)>>(qs).ok())
                .and_then(|v| v.into_iter().find(|(k, _)| k == "q").map(|(_, v)| v))
                .unwrap_or_default();
            let q: String = q.chars().take(100).collect();
            if !q.trim().is_empty() {
                h.title = head::title(&format!("جستجوی «{}»", q.trim()));
                h.description = head::clip(&format!("نتایج جستجوی «{}» در لپ‌تاپ‌شاپ: قیمت، مشخصات و خرید.", q.trim()), 160);
                let enc = serde_urlencoded::to_string([("q", q.trim())]).unwrap_or_default();
                h.canonical = format!("{base}{path}?{enc}");
            }
            Outcome::Page(StatusCode::OK, h)
        }
        "shop" => {
            h.title = head::title("فروشگاه: خرید لپ‌تاپ نو، استوک و اوپن‌باکس");
            Outcome::Page(StatusCode::OK, h)
        }
        "specials" => {
            h.title = head::title("پیشنهادهای ویژه و تخفیف لپ‌تاپ");
            Outcome::Page(StatusCode::OK, h)
        }
        _ => Outcome::Page(StatusCode::OK, h),
    }
}

/// A path segment's `%XX` escapes decoded (invalid UTF-8 replaced, a stray `%` kept).
fn percent_decode(s: &str) -> String {
    percent_encoding::percent_decode_str(s).decode_utf8_lossy().into_owned()
}

/// Fill in the head of the app's `index.html` answer for this request (see the module docs).
/// `index` is the platform's answer (200 for a path in the route table, 404 otherwise).
async fn page(req: &Request, route: Option<&RouteDef>, index: Response) -> Response {
    let Some(state) = req.data::<AppState>() else { return index };
    let outcome = decide(req, state, route).await;
    let (status, h, hero) = match outcome {
        Outcome::Redirect(to) => {
            return Response::builder()
                .status(StatusCode::MOVED_PERMANENTLY)
                .header(header::LOCATION, to)
                .header(header::CACHE_CONTROL, "public, max-age=3600")
                .body(());
        }
        Outcome::Page(s, h) => (if index.status() == StatusCode::NOT_FOUND { StatusCode::NOT_FOUND } else { s }, h, None),
        Outcome::Product(h, hero) => (index.status(), h, Some(hero)),
    };
    let headers = index.headers().clone();
    let bytes = match index.into_body().into_bytes().await {
        Ok(b) => b,
        Err(_) => return Response::builder().status(status).body(()),
    };
    let html = String::from_utf8_lossy(&bytes);
    let mut out = head::inject(&html, &h);
    if let Some(x) = hero {
        out = hero::inject(&out, &x.body, &x.preload, x.json.as_deref());
    }
    let mut resp = Response::builder().status(status).body(out);
    for (k, v) in headers.iter() {
        if k != header::CONTENT_LENGTH {
            resp.headers_mut().insert(k.clone(), v.clone());
        }
    }
    resp
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_percent_escapes() {
        assert_eq!(percent_decode("a%20b"), "a b");
        assert_eq!(percent_decode("%D9%84%D9%BE"), "لپ");
        assert_eq!(percent_decode("100%"), "100%");
        assert_eq!(percent_decode("%zz"), "%zz");
        // An escape at the very end, and a lone lead byte (replaced, not dropped).
        assert_eq!(percent_decode("a%41"), "aA");
        assert_eq!(percent_decode("%D9%84%D9%BE-%DB%B1"), "لپ-۱");
        assert_eq!(percent_decode("%D9"), "\u{FFFD}");
    }
}
