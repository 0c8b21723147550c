//! `Url`: an `http`/`https` address with a host.
//!
//! **What:** see [`is_url`]; surrounding white space is ignored, empty passes.
//! **Why:** links the shop stores (a seller's site) are shown as links; other schemes
//! (`javascript:`, `ftp:`) must never be.
//! **Example:**
//! ```
//! use shop_core::validation::{validate, Rule};
//! assert_eq!(validate(&Rule::Url, "وب‌سایت", "example.com").unwrap_err().message(), "وب‌سایت وارد شده معتبر نیست!");
//! ```

use super::email::is_domain;

pub(super) const MESSAGE: &str = super::email::MESSAGE;

/// The URL rule: `http://` or `https://` (any case), a host (DNS name such as `localhost` or
/// `shop.example.ir`, or dotted numbers such as an IPv4 address), an optional port 0..=65535, then an optional
/// path/query/fragment without white space or control chars. No user info, no IPv6 literals.
///
/// ```
/// use shop_core::validation::is_url;
/// assert!(is_url("https://shop.example.ir/product/12?q=لپ‌تاپ"));
/// assert!(is_url("http://localhost:8080"));
/// assert!(!is_url("ftp://example.com"));
/// assert!(!is_url("https://"));
/// ```
pub fn is_url(value: &str) -> bool {
    let strip = |prefix: &str| {
        value
            .get(..prefix.len())
            .filter(|head| head.eq_ignore_ascii_case(prefix))
            .map(|_| &value[prefix.len()..])
    };
    let Some(rest) = strip("https://").or_else(|| strip("http://")) else {
        return false;
    };
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(end);
    let (host, port) = match authority.rsplit_once(':') {
        Some((h, p)) => (h, Some(p)),
        None => (authority, None),
    };
    let port_ok = port.is_none_or(|p| (1..=5).contains(&p.len()) && p.parse::<u16>().is_ok());
    let tail_ok = !tail.chars().any(|c| c.is_whitespace() || c.is_control());
    port_ok && tail_ok && is_domain(host, false)
}

#[cfg(test)]
mod tests {
    use super::super::{tests::err, Rule};

    #[test]
    fn url_needs_http_scheme_and_host() {
        assert_eq!(err(Rule::Url, "https://example.com"), None);
        assert!(err(Rule::Url, "https://exa mple.com").is_some());
        assert!(err(Rule::Url, "https://example.com:99999").is_some());
        assert!(err(Rule::Url, "example.com").is_some());
        assert!(err(Rule::Url, "http:///path").is_some());
    }
}
