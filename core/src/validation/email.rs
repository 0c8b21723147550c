//! `Email`: `local@domain.tld`, ASCII only.
//!
//! **What:** see [`is_email`]; surrounding white space is ignored, empty passes.
//! **Why:** invoices and password resets go to this address; a typo like `ali@gmail` would
//! silently lose them.
//! **Example:**
//! ```
//! use shop_core::validation::{validate, Rule};
//! assert_eq!(validate(&Rule::Email, "ایمیل", "a@b").unwrap_err().message(), "ایمیل وارد شده معتبر نیست!");
//! ```

pub(super) const MESSAGE: &str = "{field} وارد شده معتبر نیست!";

/// The email pattern: `local@domain.tld`, ASCII only, at most 254 chars.
/// Local part: 1..=64 of `A-Z a-z 0-9 ! # $ % & ' * + / = ? ^ _ \` { | } ~ . -`, no leading,
/// trailing or doubled dot. Domain: at least two dot-separated labels of letters, digits and
/// inner hyphens (1..=63 each); the last label (TLD) is 2+ letters.
///
/// ```
/// use shop_core::validation::is_email;
/// assert!(is_email("ali.rezaei+shop@mail.example.ir"));
/// assert!(!is_email("ali@localhost"));
/// assert!(!is_email("ali..r@example.com"));
/// ```
pub fn is_email(value: &str) -> bool {
    let Some((local, domain)) = value.rsplit_once('@') else {
        return false;
    };
    let local_ok = (1..=64).contains(&local.len())
        && local
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+/=?^_`{|}~.-".contains(&b))
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..");
    value.len() <= 254 && local_ok && is_domain(domain, true)
}

/// Dot-separated DNS labels; with `need_tld`, at least two labels and an alphabetic TLD of 2+.
pub(super) fn is_domain(domain: &str, need_tld: bool) -> bool {
    let labels: Vec<&str> = domain.split('.').collect();
    let label_ok = |l: &&str| {
        (1..=63).contains(&l.len())
            && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && !l.starts_with('-')
            && !l.ends_with('-')
    };
    let tld_ok = labels
        .last()
        .is_some_and(|t| t.len() >= 2 && t.bytes().all(|b| b.is_ascii_alphabetic()));
    domain.len() <= 253
        && labels.iter().all(label_ok)
        && (!need_tld || (labels.len() >= 2 && tld_ok))
}

#[cfg(test)]
mod tests {
    use super::super::{tests::err, Rule};

    #[test]
    fn email_needs_a_dotted_domain() {
        assert_eq!(err(Rule::Email, "a@b"), Some("فیلد وارد شده معتبر نیست!".into()));
        assert_eq!(err(Rule::Email, " a@b.co "), None);
        assert!(err(Rule::Email, "@b.co").is_some());
        assert!(err(Rule::Email, "a@b.c").is_some());
        assert!(err(Rule::Email, "a@-b.co").is_some());
        assert!(err(Rule::Email, "علی@b.co").is_some());
    }
}
