//! Staff's Markdown as HTML, safely: the one renderer of blog posts, pages and FAQ answers,
//! used by the storefront's reads and the back office's preview alike.
//!
//! pulldown-cmark (CommonMark, tables, strikethrough) with every raw HTML block and inline tag
//! turned into text, so it is escaped like any other text: `<script>` shows as `<script>`.
//! Link and image addresses keep only `http`, `https`, `mailto`, `tel` and addresses without a
//! scheme (`/blog`, `#top`); anything else (`javascript:`, `data:`, `vbscript:`) becomes `#`.
//! Attribute values and text are escaped by pulldown-cmark's writer.

use pulldown_cmark::{html, CowStr, Event, Options, Parser, Tag};

/// Whether a link or image address may be kept (see the module docs).
fn safe_url(url: &str) -> bool {
    // Browsers ignore tabs, new lines and leading spaces/control characters in a scheme.
    let cleaned: String = url.chars().filter(|c| !c.is_whitespace() && !c.is_control()).collect::<String>().to_ascii_lowercase();
    let before_path = cleaned.split(['/', '?', '#']).next().unwrap_or("");
    match before_path.split_once(':') {
        None => true,
        Some((scheme, _)) => matches!(scheme, "http" | "https" | "mailto" | "tel"),
    }
}

fn checked(url: CowStr<'_>) -> CowStr<'_> {
    if safe_url(&url) {
        url
    } else {
        CowStr::Borrowed("#")
    }
}

/// `markdown` as safe HTML (see the module docs).
///
/// ```
/// use shop_server::content::view::render_markdown;
/// assert_eq!(render_markdown("**سلام** <script>alert(1)</script>"), "<p><strong>سلام</strong> &lt;script&gt;alert(1)&lt;/script&gt;</p>\n");
/// assert_eq!(render_markdown("[x](javascript:alert(1))"), "<p><a href=\"#\">x</a></p>\n");
/// ```
pub fn render_markdown(markdown: &str) -> String {
    let parser = Parser::new_ext(markdown, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH).map(|event| match event {
        Event::Html(raw) | Event::InlineHtml(raw) => Event::Text(raw),
        Event::Start(Tag::Link { link_type, dest_url, title, id }) => {
            Event::Start(Tag::Link { link_type, dest_url: checked(dest_url), title, id })
        }
        Event::Start(Tag::Image { link_type, dest_url, title, id }) => {
            Event::Start(Tag::Image { link_type, dest_url: checked(dest_url), title, id })
        }
        other => other,
    });
    let mut out = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut out, parser);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_html_is_text() {
        for bad in [
            "<script>alert(1)</script>",
            "<img src=x onerror=alert(1)>",
            "<div>\n<iframe src=\"https://x\"></iframe>\n</div>",
            "a <b onclick=\"x()\">b</b>",
            "<!-- c --><svg onload=alert(1)>",
        ] {
            let out = render_markdown(bad);
            assert!(!out.contains('<') || !out.contains("<script") && !out.contains("<img") && !out.contains("<iframe") && !out.contains("<svg") && !out.contains("<b ") && !out.contains("<div"), "{bad} → {out}");
            assert!(out.contains("&lt;"), "{bad} → {out}");
        }
    }

    #[test]
    fn unsafe_addresses_become_hash() {
        for bad in ["javascript:alert(1)", "JaVaScRiPt:alert(1)", " java\tscript:alert(1)", "data:text/html;base64,PHNjcmlwdD4=", "vbscript:x"] {
            assert!(render_markdown(&format!("[x](<{bad}>)")).contains("href=\"#\""), "{bad}");
            assert!(render_markdown(&format!("![x](<{bad}>)")).contains("src=\"#\""), "{bad}");
        }
        for good in ["https://example.com/a?b=1", "/blog", "#top", "mailto:a@b.ir", "tel:02112345678"] {
            let out = render_markdown(&format!("[x]({good})"));
            assert!(!out.contains("href=\"#\"") || good == "#top", "{good} → {out}");
        }
    }

    #[test]
    fn attribute_values_are_escaped() {
        let out = render_markdown("[x](https://a.ir/\"onmouseover=\"alert(1) \"t\\\"itle\")");
        assert!(!out.contains("\"onmouseover"), "{out}");
    }

    #[test]
    fn paragraphs_headings_lists_and_tables() {
        assert_eq!(render_markdown("الف\n\nب"), "<p>الف</p>\n<p>ب</p>\n");
        assert!(render_markdown("## عنوان\n\n- یک\n- دو").contains("<h2>عنوان</h2>"));
        assert!(render_markdown("| a | b |\n|---|---|\n| 1 | 2 |").contains("<table>"));
    }
}
