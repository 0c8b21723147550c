//! Pure builders: the `<head>` tags of a page, their injection into `index.html`,
//! `sitemap.xml` and `robots.txt`.

use serde_json::{json, Value};

/// The shop's name.
pub const SITE_NAME: &str = "لپ‌تاپ‌شاپ";
/// Default description.
pub const SITE_DESCRIPTION: &str =
    "لپ‌تاپ‌شاپ، فروشگاه اینترنتی لپ‌تاپ نو، استوک و اوپن‌باکس و تبلت لپ‌تاپ با ضمانت اصالت کالا، مهلت تست، ارسال سریع و خرید اقساطی.";
/// The organisation logo (1088×378, drawn by code).
pub const LOGO_PATH: &str = "/api/client/v1/catalog/images/logo-1088x378.webp";
/// Logo size.
pub const LOGO_SIZE: (u32, u32) = (1088, 378);

/// Everything that goes into a page's head.
#[derive(Debug, Clone, PartialEq)]
pub struct Head {
    pub title: String,
    pub description: String,
    /// Absolute canonical URL.
    pub canonical: String,
    /// `website`, `product`, `article`.
    pub og_type: String,
    /// Absolute image URL.
    pub image: Option<String>,
    pub json_ld: Vec<Value>,
    /// e.g. `noindex, follow`.
    pub robots: Option<String>,
}

/// Trim the trailing slash of the public URL.
pub fn base(public_url: &str) -> &str {
    public_url.trim_end_matches('/')
}

/// Escape text for HTML attribute and element content.
pub fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            _ => o.push(c),
        }
    }
    o
}

/// Cut to at most `n` characters on a word boundary, adding `…`.
pub fn clip(s: &str, n: usize) -> String {
    let s = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if s.chars().count() <= n {
        return s;
    }
    let cut: String = s.chars().take(n).collect();
    let cut = match cut.rfind(' ') {
        Some(i) if i > n / 2 => cut[..i].to_string(),
        _ => cut,
    };
    format!("{cut}…")
}

/// JSON-LD WebSite with the search action.
pub fn website_ld(public_url: &str) -> Value {
    let b = base(public_url);
    json!({
        "@context": "https://schema.org",
        "@type": "WebSite",
        "name": SITE_NAME,
        "url": format!("{b}/"),
        "inLanguage": "fa-IR",
        "potentialAction": {
            "@type": "SearchAction",
            "target": {
                "@type": "EntryPoint",
                "urlTemplate": format!("{b}/shop/search-product?q={{search_term_string}}")
            },
            "query-input": "required name=search_term_string"
        }
    })
}

/// JSON-LD Organization with the 1088×378 logo.
pub fn organization_ld(public_url: &str) -> Value {
    let b = base(public_url);
    json!({
        "@context": "https://schema.org",
        "@type": "Organization",
        "name": SITE_NAME,
        "url": format!("{b}/"),
        "logo": {
            "@type": "ImageObject",
            "url": format!("{b}{LOGO_PATH}"),
            "width": LOGO_SIZE.0,
            "height": LOGO_SIZE.1
        }
    })
}

/// The site's Organization JSON-LD with the shop's own details from `shop_settings` (the one
/// record the contact page shows): its name, phone, email and postal address, where filled in.
pub fn shop_organization_ld(public_url: &str, shop: &crate::shop_settings::entity::shop_settings::Model) -> Value {
    let mut v = organization_ld(public_url);
    if !shop.name.trim().is_empty() {
        v["name"] = json!(shop.name);
    }
    let tel = crate::shop_settings::service::tel(&shop.phone);
    if !tel.is_empty() {
        v["telephone"] = json!(tel);
    }
    if !shop.email.trim().is_empty() {
        v["email"] = json!(shop.email);
    }
    if !shop.address.trim().is_empty() {
        let mut a = json!({ "@type": "PostalAddress", "streetAddress": shop.address, "addressCountry": "IR" });
        if !shop.city.trim().is_empty() {
            a["addressLocality"] = json!(shop.city);
        }
        if !shop.postal_code.trim().is_empty() {
            a["postalCode"] = json!(shop_core::digits::to_western_digits(&shop.postal_code));
        }
        v["address"] = a;
    }
    v
}

/// What the product JSON-LD needs.
#[derive(Debug, Clone)]
pub struct ProductFacts {
    pub uid: String,
    pub name: String,
    pub description: String,
    pub brand: String,
    pub model: String,
    /// Absolute image URLs.
    pub images: Vec<String>,
    /// Toman.
    pub price: i64,
    pub in_stock: bool,
    /// `new`, `used`, `open-box`.
    pub condition: String,
    /// RFC 3339 date the price holds until (a running special offer).
    pub price_valid_until: Option<String>,
    pub category: Option<String>,
}

/// JSON-LD Product with its Offer. Prices are given in Iranian rial (ISO 4217 `IRR`,
/// 1 Toman = 10 rial), since schema.org needs an ISO currency code.
pub fn product_ld(public_url: &str, p: &ProductFacts) -> Value {
    let b = base(public_url);
    let condition = match p.condition.as_str() {
        "used" | "open-box" => "https://schema.org/UsedCondition",
        _ => "https://schema.org/NewCondition",
    };
    let mut offer = json!({
        "@type": "Offer",
        "url": format!("{b}/product/{}", p.uid),
        "priceCurrency": "IRR",
        "price": (p.price.saturating_mul(10)).to_string(),
        "availability": if p.in_stock { "https://schema.org/InStock" } else { "https://schema.org/OutOfStock" },
        "itemCondition": condition,
        "seller": { "@type": "Organization", "name": SITE_NAME }
    });
    if let Some(until) = &p.price_valid_until {
        offer["priceValidUntil"] = json!(until.get(..10).unwrap_or(until));
    }
    let mut v = json!({
        "@context": "https://schema.org",
        "@type": "Product",
        "name": p.name,
        "description": clip(&p.description, 500),
        "sku": p.uid,
        "image": p.images,
        "brand": { "@type": "Brand", "name": p.brand },
        "offers": offer
    });
    if !p.model.is_empty() {
        v["model"] = json!(p.model);
        v["mpn"] = json!(p.model);
    }
    if let Some(c) = &p.category {
        v["category"] = json!(c);
    }
    v
}

/// One approved review for a product's JSON-LD.
pub struct LdReview {
    pub author: String,
    /// 1–5.
    pub rating: i32,
    pub body: String,
    /// `YYYY-MM-DD`.
    pub date: String,
}

/// Adds `aggregateRating` (the approved reviews' average and count) and up to a few approved
/// `review`s to a Product JSON-LD; nothing when there is no approved review.
///
/// ```
/// use shop_server::seo::view::head::{with_reviews, LdReview};
/// let mut v = serde_json::json!({"@type": "Product"});
/// with_reviews(&mut v, 43, 3, &[LdReview { author: "مریم".into(), rating: 5, body: "<b>عالی</b>".into(), date: "2026-11-28".into() }]);
/// assert_eq!(v["aggregateRating"]["ratingValue"], "4.3");
/// assert_eq!(v["aggregateRating"]["reviewCount"], 3);
/// assert_eq!(v["review"][0]["reviewRating"]["ratingValue"], 5);
/// ```
pub fn with_reviews(v: &mut Value, average_tenths: u32, count: u64, reviews: &[LdReview]) {
    if count == 0 {
        return;
    }
    v["aggregateRating"] = json!({
        "@type": "AggregateRating",
        "ratingValue": format!("{}.{}", average_tenths / 10, average_tenths % 10),
        "reviewCount": count,
        "bestRating": 5,
        "worstRating": 1
    });
    v["review"] = json!(reviews
        .iter()
        .map(|r| json!({
            "@type": "Review",
            "author": { "@type": "Person", "name": r.author },
            "datePublished": r.date,
            "reviewBody": clip(&r.body, 500),
            "reviewRating": { "@type": "Rating", "ratingValue": r.rating, "bestRating": 5, "worstRating": 1 }
        }))
        .collect::<Vec<_>>());
}

/// JSON-LD BlogPosting.
pub fn blog_posting_ld(public_url: &str, slug: &str, title: &str, summary: &str, author: &str, published: &str, image: &str) -> Value {
    let b = base(public_url);
    json!({
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        "headline": title,
        "description": summary,
        "author": { "@type": "Person", "name": author },
        "datePublished": published,
        "image": image,
        "inLanguage": "fa-IR",
        "mainEntityOfPage": format!("{b}/blogs/{slug}"),
        "publisher": organization_ld(public_url)
    })
}

/// JSON-LD BreadcrumbList from (name, absolute URL) pairs.
pub fn breadcrumb_ld(items: &[(String, String)]) -> Value {
    json!({
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        "itemListElement": items.iter().enumerate().map(|(i, (name, url))| json!({
            "@type": "ListItem", "position": i + 1, "name": name, "item": url
        })).collect::<Vec<_>>()
    })
}

/// The page title with the site name.
pub fn title(page: &str) -> String {
    if page.is_empty() {
        SITE_NAME.to_string()
    } else {
        format!("{page} | {SITE_NAME}")
    }
}

/// The head tags as HTML.
pub fn render(h: &Head) -> String {
    let mut o = String::new();
    o.push_str(&format!("<title>{}</title>\n", esc(&h.title)));
    o.push_str(&format!("<meta name=\"description\" content=\"{}\" />\n", esc(&h.description)));
    if let Some(r) = &h.robots {
        o.push_str(&format!("<meta name=\"robots\" content=\"{}\" />\n", esc(r)));
    }
    o.push_str(&format!("<link rel=\"canonical\" href=\"{}\" />\n", esc(&h.canonical)));
    o.push_str(&format!("<meta property=\"og:site_name\" content=\"{}\" />\n", esc(SITE_NAME)));
    o.push_str("<meta property=\"og:locale\" content=\"fa_IR\" />\n");
    o.push_str(&format!("<meta property=\"og:type\" content=\"{}\" />\n", esc(&h.og_type)));
    o.push_str(&format!("<meta property=\"og:title\" content=\"{}\" />\n", esc(&h.title)));
    o.push_str(&format!("<meta property=\"og:description\" content=\"{}\" />\n", esc(&h.description)));
    o.push_str(&format!("<meta property=\"og:url\" content=\"{}\" />\n", esc(&h.canonical)));
    if let Some(img) = &h.image {
        o.push_str(&format!("<meta property=\"og:image\" content=\"{}\" />\n", esc(img)));
        o.push_str("<meta name=\"twitter:card\" content=\"summary_large_image\" />\n");
    } else {
        o.push_str("<meta name=\"twitter:card\" content=\"summary\" />\n");
    }
    for ld in &h.json_ld {
        // `</` must not appear inside a script element.
        // `<`, `>` and `&` as JSON \u escapes: no text from the data can end or alter the script.
        let text = super::hero::script_json(&ld.to_string());
        o.push_str(&format!("<script type=\"application/ld+json\">{text}</script>\n"));
    }
    o
}

/// Put the head tags into `index.html`: the existing `<title>` and description are replaced;
/// the rest goes before `</head>`.
pub fn inject(html: &str, h: &Head) -> String {
    let mut s = html.to_string();
    if let (Some(a), Some(b)) = (s.find("<title>"), s.find("</title>")) {
        if a < b {
            s.replace_range(a..b + "</title>".len(), "");
        }
    }
    for marker in ["<meta name=\"description\"", "<link rel=\"canonical\""] {
        if let Some(a) = s.find(marker) {
            if let Some(len) = s[a..].find('>') {
                s.replace_range(a..a + len + 1, "");
            }
        }
    }
    let tags = render(h);
    match s.find("</head>") {
        Some(i) => {
            s.insert_str(i, &tags);
            s
        }
        None => format!("{tags}{s}"),
    }
}

/// One sitemap entry.
#[derive(Debug, Clone)]
pub struct SitemapUrl {
    /// Path (starting with `/`).
    pub path: String,
    /// `YYYY-MM-DD`.
    pub lastmod: Option<String>,
}

/// `sitemap.xml`.
pub fn sitemap(public_url: &str, urls: &[SitemapUrl]) -> String {
    let b = base(public_url);
    let mut o = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    for u in urls {
        o.push_str("  <url><loc>");
        o.push_str(&esc(&format!("{b}{}", u.path)));
        o.push_str("</loc>");
        if let Some(m) = &u.lastmod {
            o.push_str(&format!("<lastmod>{}</lastmod>", esc(m)));
        }
        o.push_str("</url>\n");
    }
    o.push_str("</urlset>\n");
    o
}

/// `robots.txt`.
pub fn robots(public_url: &str) -> String {
    format!(
        "User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin\nDisallow: /profile\nDisallow: /order/\nDisallow: /login\nDisallow: /error-payment\nDisallow: /success-payment\nDisallow: /success-inspayment\n\nSitemap: {}/sitemap.xml\n",
        base(public_url)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head() -> Head {
        Head {
            title: title("<تست>"),
            description: "توضیح \"ویژه\"".into(),
            canonical: "https://shop.example/product/a".into(),
            og_type: "product".into(),
            image: None,
            json_ld: vec![json!({"x": "</script><b>"})],
            robots: None,
        }
    }

    #[test]
    fn renders_escaped_tags_and_safe_json_ld() {
        let html = inject("<html><head><title>old</title><meta name=\"description\" content=\"old\" /></head><body></body></html>", &head());
        assert!(!html.contains("old"));
        assert!(html.contains("<title>&lt;تست&gt; | لپ‌تاپ‌شاپ</title>"));
        assert!(html.contains("content=\"توضیح &quot;ویژه&quot;\""));
        assert!(html.contains("\\u003c/script\\u003e\\u003cb\\u003e"));
        assert!(!html.contains("</script><b>") && !html.contains("<b>"));
        assert!(html.find("canonical").unwrap() < html.find("</head>").unwrap());
    }

    #[test]
    fn website_has_search_action() {
        let v = website_ld("https://shop.example/");
        assert_eq!(
            v["potentialAction"]["target"]["urlTemplate"],
            "https://shop.example/shop/search-product?q={search_term_string}"
        );
        let o = organization_ld("https://shop.example");
        assert_eq!((o["logo"]["width"].as_u64(), o["logo"]["height"].as_u64()), (Some(1088), Some(378)));
    }

    #[test]
    fn sitemap_and_robots() {
        let s = sitemap("https://s.example", &[SitemapUrl { path: "/product/a&b".into(), lastmod: None }]);
        assert!(s.contains("<loc>https://s.example/product/a&amp;b</loc>"));
        assert!(robots("https://s.example/").contains("Sitemap: https://s.example/sitemap.xml"));
    }

    #[test]
    fn clips_on_words() {
        assert_eq!(clip("a b c", 10), "a b c");
        assert_eq!(clip("aaaa bbbb cccc", 10), "aaaa bbbb…");
    }
}
