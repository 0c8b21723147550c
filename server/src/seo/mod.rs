//! What crawlers and link previews see: for every HTML route the server fills in the title,
//! description, canonical URL (from `SHOP_PUBLIC_URL`), Open Graph tags and JSON-LD
//! (WebSite with a SearchAction to `/shop/search-product?q=…`, Organization with the
//! 1088×378 logo, Product with its Offer on product pages, BlogPosting on posts); it serves
//! `sitemap.xml` (every product, category and post) and `robots.txt`; a category URL with a
//! wrong slug is redirected (301) to the canonical one; an unknown product, category or post
//! answers 404 with the app's HTML (the app shows its not-found page).
//!
//! [`view`] holds the pure builders; [`routes`] is the hook the web app's static handler
//! calls (registered at start-up). The area has no tables and no JSON API of its own.

pub mod routes;
pub mod view;
