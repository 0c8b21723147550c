//! The sandbox bank's page: Persian, right to left, with «پرداخت» and «انصراف».

/// Escapes text for HTML.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The page for one attempt of `amount` Toman.
pub fn sandbox_page(authority: &str, amount: i64) -> String {
    let a = esc(authority);
    let price = esc(&shop_core::digits::format_price(amount));
    format!(
        r#"<!doctype html>
<html lang="fa" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>درگاه پرداخت آزمایشی</title>
<style>
body{{font-family:Vazirmatn,Tahoma,sans-serif;background:#eef2f7;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}}
main{{background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002;padding:24px;width:min(92vw,380px)}}
h1{{font-size:1.1rem;margin:0 0 4px}}
p{{color:#555;margin:4px 0 16px;font-size:.9rem}}
.amount{{font-size:1.4rem;font-weight:bold;margin:16px 0;color:#0a7d38}}
.row{{display:flex;gap:8px}}
button,a.cancel{{flex:1;font:inherit;padding:12px;border-radius:8px;border:0;text-align:center;text-decoration:none;cursor:pointer}}
button{{background:#0a7d38;color:#fff}}
a.cancel{{background:#e5e7eb;color:#111}}
</style>
</head>
<body>
<main>
<h1>درگاه پرداخت آزمایشی</h1>
<p>این صفحه فقط برای آزمایش است و هیچ مبلغی از کارت شما برداشت نمی‌شود.</p>
<div>مبلغ قابل پرداخت</div>
<div class="amount">{price}</div>
<div class="row">
<form method="post" action="/api/client/v1/payment/sandbox/{a}/pay" style="flex:1;display:flex"><button type="submit">پرداخت</button></form>
<a class="cancel" href="/api/client/v1/payment/callback?Authority={a}&amp;Status=NOK">انصراف</a>
</div>
</main>
</body>
</html>
"#
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn page_is_persian_rtl_with_both_buttons() {
        let html = super::sandbox_page("S<1>", 1_250_000);
        assert!(html.contains(r#"dir="rtl""#));
        assert!(html.contains(">پرداخت</button>"));
        assert!(html.contains(">انصراف</a>"));
        assert!(html.contains("۱٬۲۵۰٬۰۰۰ تومان"));
        assert!(html.contains("S&lt;1&gt;") && !html.contains("S<1>"));
    }
}
