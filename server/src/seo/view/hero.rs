//! The product page's static hero: the top of `/product/{uid}` (breadcrumbs, main picture,
//! name, price bar) written into the served HTML, so the largest paint (the picture) starts
//! from the HTML instead of after the scripts and the API call. React replaces it with the
//! same markup (`web/src/features/catalog/ProductDetailPage.tsx`, `ui/Gallery.tsx`,
//! `ui/Breadcrumbs.tsx`: keep the classes in step), adopting the product JSON embedded beside
//! it (`<script type="application/json" id="product-data">`) instead of asking the API again.
//!
//! Pure builders; the markup is a `maud` template, which escapes every value spliced in.

use maud::{html, PreEscaped};
use shop_core::digits::format_price;

/// Id of the embedded product JSON (read by the web app).
pub const DATA_ID: &str = "product-data";
/// The static shell's main slot in `web/index.html`.
const SHELL_MAIN: &str = "<div class=\"flex-1\" data-shell-main>";

/// What the hero shows.
#[derive(Debug, Clone)]
pub struct HeroFacts {
    pub name: String,
    /// Persian brand name (or the Latin one).
    pub brand: String,
    pub model: String,
    /// (name, path) from the top category down.
    pub crumbs: Vec<(String, String)>,
    /// Unit price of the variant the page preselects (`DefaultVariantId`), Toman.
    pub price: i64,
    /// Price before the running offer, when there is one (shown only in stock).
    pub old_price: Option<i64>,
    pub in_stock: bool,
    /// Main picture: 1x/2x below 640 px and 1x/2x from 640 px.
    pub phone: (String, String),
    pub wide: (String, String),
    pub alt: String,
    /// Thumbnails (1x, 2x) when the product has more than one picture.
    pub thumbs: Vec<(String, String)>,
}

const CART_ICON: &str = "<svg viewBox=\"0 0 24 24\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.8\" stroke-linecap=\"round\" stroke-linejoin=\"round\" aria-hidden=\"true\" focusable=\"false\" width=\"24\" height=\"24\" class=\"h-5 w-5\"><path d=\"M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2\"></path><circle cx=\"10\" cy=\"20.5\" r=\"1.2\"></circle><circle cx=\"17\" cy=\"20.5\" r=\"1.2\"></circle></svg>";

const HEART_ICON: &str = "<svg viewBox=\"0 0 24 24\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.8\" stroke-linecap=\"round\" stroke-linejoin=\"round\" aria-hidden=\"true\" focusable=\"false\" width=\"24\" height=\"24\" class=\"h-6 w-6\"><path d=\"M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z\"></path></svg>";

/// The hero's markup (inside the static shell's main slot). A `maud` template: the tags are
/// checked when the server compiles, and every value spliced in, `(…)`, is escaped by maud.
pub fn product_hero(f: &HeroFacts) -> String {
    let home = [("خانه", "/"), ("فروشگاه", "/shop")];
    let links = home.into_iter().chain(f.crumbs.iter().map(|(n, p)| (n.as_str(), p.as_str())));
    let off = f.old_price.filter(|_| f.in_stock).map(|old| (old, shop_core::price::discount_percent(old, f.price)));
    html! {
        div class="mx-auto w-full max-w-7xl px-4 py-6" data-static-hero="product" { article class="pb-28 lg:pb-0" {
            // Breadcrumbs (ui/Breadcrumbs.tsx).
            nav class="mb-3 overflow-x-auto text-xs text-slate-600" { ol class="flex items-center gap-1.5 whitespace-nowrap" {
                @for (i, (label, to)) in links.enumerate() {
                    li class="flex items-center gap-1.5" {
                        @if i > 0 { span aria-hidden="true" { "›" } }
                        a href=(to) class="hover:text-brand-700 hover:underline" { (label) }
                    }
                }
                li class="flex items-center gap-1.5" {
                    span aria-hidden="true" { "›" }
                    span class="font-bold text-slate-700" { (f.name) }
                }
            } }
            div class="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,4fr)_17rem]" {
                // Gallery (ui/Gallery.tsx): the main picture, and the thumbnails as boxes of
                // the React buttons' size, so nothing below moves.
                div {
                    picture {
                        source media="(min-width: 640px)" srcset={ (f.wide.0) " 1x, " (f.wide.1) " 2x" } type="image/webp";
                        img src=(f.phone.0) srcset={ (f.phone.0) " 1x, " (f.phone.1) " 2x" } alt=(f.alt) width="640" height="480"
                            fetchpriority="high" decoding="async" class="aspect-[4/3] h-auto w-full rounded-2xl bg-slate-100 object-cover";
                    }
                    @if f.thumbs.len() > 1 {
                        ul class="mt-3 flex gap-2" {
                            @for (i, (x1, x2)) in f.thumbs.iter().enumerate() {
                                li { span class={ "block overflow-hidden rounded-xl border-2 " (if i == 0 { "border-brand-600" } else { "border-transparent" }) } {
                                    img src=(x1) srcset={ (x1) " 1x, " (x2) " 2x" } alt="" width="80" height="60" loading="lazy" decoding="async"
                                        class="h-14 w-[4.7rem] bg-slate-100 object-cover";
                                } }
                            }
                        }
                    }
                }
                // Name.
                div class="min-w-0 space-y-4" { div class="flex items-start justify-between gap-3" {
                    div class="min-w-0" {
                        p class="text-xs text-slate-600" dir="auto" { (f.brand) "، " span dir="ltr" { (f.model) } }
                        h1 class="mt-1 text-lg leading-8 font-bold text-slate-900 md:text-xl md:leading-9" { (f.name) }
                    }
                    span class="flex h-11 w-11 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-600" { (PreEscaped(HEART_ICON)) }
                } }
                // Price bar (BuyBox: a fixed bottom bar at phone size).
                div class="lg:sticky lg:top-32 lg:self-start" {
                    div class="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur lg:static lg:z-auto lg:rounded-2xl lg:border lg:p-4 lg:shadow-sm" {
                        div class="mx-auto flex max-w-7xl items-center justify-between gap-3 lg:flex-col lg:items-stretch" {
                            div class="min-w-0" {
                                @if let Some((old, off)) = off {
                                    p class="flex items-center gap-2 text-xs" {
                                        span class="text-slate-500 line-through" { span class="sr-only" { "قیمت قبل از تخفیف: " } (format_price(old)) }
                                        @if off.get() > 0 {
                                            span class="rounded-full bg-red-600 px-2 py-0.5 font-bold text-white" { "٪" (off.text()) " تخفیف" }
                                        }
                                    }
                                }
                                p class="text-lg font-bold text-slate-900 lg:text-xl" data-static-price { span class="sr-only" { "قیمت نهایی: " } (format_price(f.price)) }
                            }
                            div class="flex shrink-0 flex-col items-end gap-1 lg:items-stretch" {
                                // The button's look (it works once React has rendered; out of
                                // stock it is disabled there too).
                                @if f.in_stock {
                                    span class=(BUTTON) { (PreEscaped(CART_ICON)) "افزودن به سبد خرید" }
                                } @else {
                                    button type="button" disabled class=(BUTTON) { (PreEscaped(CART_ICON)) "ناموجود" }
                                }
                            }
                        }
                    }
                }
            }
        } }
    }
    .into_string()
}

/// The buy button's classes.
const BUTTON: &str = "flex h-12 items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 font-bold text-white disabled:cursor-not-allowed disabled:bg-slate-300";

/// The head's preload links for the main picture (the same candidates as the `<picture>`,
/// so the browser makes one request).
pub fn preload_links(f: &HeroFacts) -> String {
    html! {
        @for (media, (x1, x2)) in [("(max-width: 639.98px)", &f.phone), ("(min-width: 640px)", &f.wide)] {
            link rel="preload" as="image" type="image/webp" media=(media) imagesrcset={ (x1) " 1x, " (x2) " 2x" } fetchpriority="high";
        }
    }
    .into_string()
}

/// JSON text safe inside `<script type="application/json">`: `<`, `>`, `&` and the JS line
/// separators are written as `\u` escapes (still the same JSON).
pub fn script_json(json: &str) -> String {
    let mut o = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        match c {
            '<' => o.push_str("\\u003c"),
            '>' => o.push_str("\\u003e"),
            '&' => o.push_str("\\u0026"),
            '\u{2028}' => o.push_str("\\u2028"),
            '\u{2029}' => o.push_str("\\u2029"),
            _ => o.push(c),
        }
    }
    o
}

/// Put the hero into the static shell's main slot (or at the start of the body when the
/// page has no static shell), the embedded JSON after it, and the preloads into the head
/// (before the stylesheet and scripts, so the picture is asked for first).
pub fn inject(html: &str, hero: &str, preload: &str, data_json: Option<&str>) -> String {
    let mut s = html.to_string();
    let data = data_json
        .map(|j| format!("<script type=\"application/json\" id=\"{DATA_ID}\">{}</script>", script_json(j)))
        .unwrap_or_default();
    if let Some(i) = s.find(SHELL_MAIN) {
        s.insert_str(i + SHELL_MAIN.len(), hero);
    } else if let Some(i) = s.find("<body>") {
        s.insert_str(i + "<body>".len(), hero);
    }
    if !data.is_empty() {
        match s.find("</body>") {
            Some(i) => s.insert_str(i, &data),
            None => s.push_str(&data),
        }
    }
    if let Some(end) = s.find("</head>") {
        let first = ["<script", "<link rel=\"modulepreload\"", "<link rel=\"stylesheet\""]
            .iter()
            .filter_map(|m| s[..end].find(m))
            .min()
            .unwrap_or(end);
        s.insert_str(first, preload);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(name: &str) -> HeroFacts {
        HeroFacts {
            name: name.into(),
            brand: "لنوو".into(),
            model: "X1".into(),
            crumbs: vec![("لپ‌تاپ".into(), "/shop/category/laptop-1".into())],
            price: 12_500_000,
            old_price: Some(13_000_000),
            in_stock: true,
            phone: ("/a-320.webp".into(), "/a-640.webp".into()),
            wide: ("/a-640.webp".into(), "/a-1280.webp".into()),
            alt: name.into(),
            thumbs: vec![("/t1.webp".into(), "/t1-2x.webp".into()), ("/t2.webp".into(), "/t2-2x.webp".into())],
        }
    }

    #[test]
    fn hero_escapes_the_name_and_shows_the_price() {
        let h = product_hero(&facts("<script>alert(\"x\")</script> 'q' & co"));
        assert!(!h.contains("<script>"), "{h}");
        assert!(h.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; 'q' &amp; co</h1>"), "{h}");
        assert!(h.contains("۱۲٬۵۰۰٬۰۰۰ تومان"));
        assert!(h.contains("۱۳٬۰۰۰٬۰۰۰ تومان"));
        assert!(h.contains("٪۳ تخفیف")); // 3.85% off, rounded down (shop_core::price)
        assert!(h.contains("srcset=\"/a-320.webp 1x, /a-640.webp 2x\""));
        assert!(h.contains("fetchpriority=\"high\""));
        assert_eq!(h.matches("<li><span class=\"block overflow-hidden").count(), 2);
    }

    #[test]
    fn markup_in_any_field_is_escaped() {
        let bad = "<script>x()</script>\"><img src=x onerror=y()>";
        let mut f = facts(bad);
        f.brand = bad.into();
        f.model = bad.into();
        f.crumbs = vec![(bad.into(), bad.into())];
        f.phone = (bad.into(), bad.into());
        f.wide = (bad.into(), bad.into());
        f.thumbs = vec![(bad.into(), bad.into()), (bad.into(), bad.into())];
        for h in [product_hero(&f), preload_links(&f)] {
            assert!(!h.contains("<script") && !h.contains("<img src=x"), "{h}");
            assert!(h.contains("&lt;script&gt;x()&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=y()&gt;"), "{h}");
        }
        // Out of stock: the disabled button, no old price.
        f.in_stock = false;
        let h = product_hero(&f);
        assert!(h.contains("<button type=\"button\" disabled class=") && h.contains("ناموجود</button>"), "{h}");
        assert!(!h.contains("line-through"));
    }

    #[test]
    fn json_cannot_close_the_script() {
        let j = script_json(r#"{"Name":"</script><b>&"}"#);
        assert!(!j.contains('<') && !j.contains('>') && !j.contains('&'));
        let back: serde_json::Value = serde_json::from_str(&j).unwrap();
        assert_eq!(back["Name"], "</script><b>&");
    }

    #[test]
    fn injects_into_the_shell_and_head() {
        let html = "<html><head><title>t</title><script type=\"module\" src=\"/a.js\"></script></head><body><div id=\"root\"><div class=\"flex-1\" data-shell-main></div></div></body></html>";
        let out = inject(html, "<h1>H</h1>", "<link rel=\"preload\">", Some("{}"));
        assert!(out.contains("data-shell-main><h1>H</h1></div>"));
        assert!(out.contains("<link rel=\"preload\"><script type=\"module\""));
        assert!(out.contains("<script type=\"application/json\" id=\"product-data\">{}</script></body>"));
    }
}
