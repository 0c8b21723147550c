//! The spec's validation rules (section 5) with their exact Persian messages.
//!
//! Decisions the spec leaves open (see also `docs/architecture.md`):
//! - An empty value (after trimming white space) passes every rule except `Required`, `Select`
//!   and `Confirmed` (which compares exactly): optional fields stay optional; combine a rule
//!   with `Required` to demand a value.
//! - `Email`, `Url`, `Numeric`, `Digits`, `MinValue` and `Mobile` ignore surrounding white space
//!   and direction marks; `Numeric`, `Digits` and `MinValue` also accept Persian and
//!   Arabic-Indic digits (and `٫` U+066B as the decimal point).
//! - `MinLength` and `ComplexPassword` count chars (Unicode scalar values), not bytes, and do
//!   not trim (so only a truly empty value counts as empty for them).
//! - `MinValue { n }` means strictly greater than `n`, compared exactly (no floating point).
//! - File rules: [`ALLOWED_FILE_EXTENSIONS`] (case-insensitive) and [`MAX_FILE_BYTES`] (1 MB).
//!
//! ```
//! use shop_core::validation::{validate, Rule};
//! assert_eq!(validate(&Rule::Select, "شهر", ""), Err("لطفا شهر را انتخاب کنید".to_owned()));
//! ```

use crate::digits::to_western_digits;
use crate::mobile::{normalize_mobile, MOBILE_MESSAGE};
use crate::text::is_invisible_or_space;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// The spec's message for rules that have none of their own; `{field}` is substituted.
///
/// ```
/// assert_eq!(shop_core::validation::DEFAULT_MESSAGE, "{field} is not valid.");
/// ```
pub const DEFAULT_MESSAGE: &str = "{field} is not valid.";

/// File extensions an upload may have (compared case-insensitively, without the dot):
/// the images the shop shows and PDF for documents such as invoices and ID scans.
///
/// ```
/// assert!(shop_core::validation::ALLOWED_FILE_EXTENSIONS.contains(&"webp"));
/// ```
pub const ALLOWED_FILE_EXTENSIONS: [&str; 5] = ["jpg", "jpeg", "png", "webp", "pdf"];

/// The upload limit the spec's message names: 1 MB = 1 048 576 bytes (inclusive).
///
/// ```
/// assert_eq!(shop_core::validation::MAX_FILE_BYTES, 1_048_576);
/// ```
pub const MAX_FILE_BYTES: u64 = 1_048_576;

/// Shortest and longest accepted complex password, in chars.
///
/// ```
/// assert_eq!(shop_core::validation::PASSWORD_CHARS, 6..=20);
/// ```
pub const PASSWORD_CHARS: std::ops::RangeInclusive<usize> = 6..=20;

/// One validation rule; JSON form `{"rule": "MinLength", "n": 6}` and so on.
///
/// ```
/// use shop_core::validation::Rule;
/// let rule: Rule = serde_json::from_str(r#"{"rule":"MinLength","n":6}"#).unwrap();
/// assert_eq!(rule, Rule::MinLength { n: 6 });
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "rule", try_from = "RuleJson")]
pub enum Rule {
    /// A value is present (not empty after trimming white space and direction marks).
    Required,
    /// An option is chosen (same test as `Required`, the "choose" message).
    Select,
    /// The spec's mobile rule, see [`crate::mobile`].
    Mobile,
    /// `local@domain.tld`, ASCII only; see [`is_email`].
    Email,
    /// An `http` or `https` URL with a host; see [`is_url`].
    Url,
    /// 6 to 20 chars with a lowercase and an uppercase ASCII letter, a digit and a symbol.
    ComplexPassword,
    /// At least `n` chars.
    MinLength {
        /// The minimum number of chars.
        n: u32,
    },
    /// Exactly `n` digits and nothing else.
    Digits {
        /// The required number of digits.
        n: u32,
    },
    /// A decimal number: optional `-`, digits, optional fraction.
    Numeric,
    /// A number strictly greater than `n`.
    MinValue {
        /// The bound the value must exceed.
        n: i64,
    },
    /// Equal to `other` (the password being confirmed).
    Confirmed {
        /// The value this one must match.
        other: String,
    },
    /// The value is a size in bytes (decimal string) of at most `max_bytes`.
    FileSize {
        /// The largest accepted size in bytes.
        max_bytes: u64,
    },
    /// The value is a file name whose extension is in [`ALLOWED_FILE_EXTENSIONS`].
    FileExtension,
}

/// The flat JSON form of a rule. Reading it through this struct (instead of serde's
/// internally tagged enum) keeps the WASM build several KB smaller.
#[derive(Deserialize)]
pub(crate) struct RuleJson {
    pub(crate) rule: String,
    pub(crate) n: Option<i64>,
    pub(crate) other: Option<String>,
    pub(crate) max_bytes: Option<u64>,
}

impl TryFrom<RuleJson> for Rule {
    type Error = String;

    fn try_from(j: RuleJson) -> Result<Self, String> {
        let missing = |what: &str| format!("rule {} needs {what}", j.rule);
        let count = || {
            j.n.and_then(|n| u32::try_from(n).ok())
                .ok_or_else(|| missing("a non-negative n"))
        };
        Ok(match j.rule.as_str() {
            "Required" => Rule::Required,
            "Select" => Rule::Select,
            "Mobile" => Rule::Mobile,
            "Email" => Rule::Email,
            "Url" => Rule::Url,
            "ComplexPassword" => Rule::ComplexPassword,
            "MinLength" => Rule::MinLength { n: count()? },
            "Digits" => Rule::Digits { n: count()? },
            "Numeric" => Rule::Numeric,
            "MinValue" => Rule::MinValue {
                n: j.n.ok_or_else(|| missing("n"))?,
            },
            "Confirmed" => Rule::Confirmed {
                other: j.other.clone().ok_or_else(|| missing("other"))?,
            },
            "FileSize" => Rule::FileSize {
                max_bytes: j.max_bytes.ok_or_else(|| missing("max_bytes"))?,
            },
            "FileExtension" => Rule::FileExtension,
            other => return Err(format!("unknown rule {other}")),
        })
    }
}

/// The spec's message template for a rule, before `{field}` and `N` are substituted.
///
/// ```
/// use shop_core::validation::{message_template, Rule};
/// assert_eq!(message_template(&Rule::Numeric), "{field} باید مقدار عددی باشد");
/// ```
pub fn message_template(rule: &Rule) -> &'static str {
    match rule {
        Rule::Required => "لطفا {field} را وارد کنید",
        Rule::Select => "لطفا {field} را انتخاب کنید",
        Rule::Mobile => MOBILE_MESSAGE,
        Rule::Email | Rule::Url => "{field} وارد شده معتبر نیست!",
        Rule::ComplexPassword => "گذرواژه وارد شده ضعیف است",
        Rule::MinLength { .. } => "{field} باید حداقل N کاراکتر باشد",
        Rule::Digits { .. } => "{field} باید N رقم باشد",
        Rule::Numeric => "{field} باید مقدار عددی باشد",
        Rule::MinValue { .. } => "{field} باید بزرگتر از N باشد",
        Rule::Confirmed { .. } => "عدم تطابق گذرواژه",
        Rule::FileSize { .. } => "{field} باید حداکثر N مگابایت باشد",
        Rule::FileExtension => "پسوند فایل آپلود شده مورد قبول نیست",
    }
}

/// The rule's `N`, printed with Western digits as the spec writes it.
fn rule_n(rule: &Rule) -> Option<String> {
    match rule {
        Rule::MinLength { n } | Rule::Digits { n } => Some(n.to_string()),
        Rule::MinValue { n } => Some(n.to_string()),
        Rule::FileSize { max_bytes } => Some(megabytes(*max_bytes)),
        _ => None,
    }
}

/// Bytes as megabytes: whole numbers plainly, otherwise up to two decimals (`1.5`).
fn megabytes(bytes: u64) -> String {
    let whole = bytes / MAX_FILE_BYTES;
    let hundredths = (bytes % MAX_FILE_BYTES) * 100 / MAX_FILE_BYTES;
    match hundredths {
        0 => whole.to_string(),
        h if h % 10 == 0 => format!("{whole}.{}", h / 10),
        h => format!("{whole}.{h:02}"),
    }
}

/// The exact message `rule` gives for `field`.
///
/// ```
/// use shop_core::validation::{message, Rule};
/// assert_eq!(message(&Rule::MinLength { n: 6 }, "نام"), "نام باید حداقل 6 کاراکتر باشد");
/// assert_eq!(message(&Rule::FileSize { max_bytes: 1_048_576 }, "تصویر"), "تصویر باید حداکثر 1 مگابایت باشد");
/// ```
pub fn message(rule: &Rule, field: &str) -> String {
    let template = message_template(rule);
    // Substitute N first so that a field name containing "N" is left alone.
    let with_n = match rule_n(rule) {
        Some(n) => template.replace('N', &n),
        None => template.to_owned(),
    };
    with_n.replace("{field}", field)
}

/// The spec's default message for `field`.
///
/// ```
/// assert_eq!(shop_core::validation::default_message("ایمیل"), "ایمیل is not valid.");
/// ```
pub fn default_message(field: &str) -> String {
    DEFAULT_MESSAGE.replace("{field}", field)
}

/// Checks `value` against `rule`; `Err` holds the exact message for `field`.
///
/// ```
/// use shop_core::validation::{validate, Rule};
/// assert_eq!(validate(&Rule::Required, "نام", ""), Err("لطفا نام را وارد کنید".to_owned()));
/// assert_eq!(validate(&Rule::Digits { n: 10 }, "کد ملی", "۰۰۱۲۳۴۵۶۷۸"), Ok(()));
/// assert_eq!(validate(&Rule::MinValue { n: 0 }, "تعداد", "0"), Err("تعداد باید بزرگتر از 0 باشد".to_owned()));
/// assert_eq!(validate(&Rule::Email, "ایمیل", ""), Ok(())); // empty passes: pair with Required
/// ```
pub fn validate(rule: &Rule, field: &str, value: &str) -> Result<(), String> {
    if passes(rule, value) {
        Ok(())
    } else {
        Err(message(rule, field))
    }
}

/// Checks an upload: size first (at most [`MAX_FILE_BYTES`]), then the extension.
///
/// ```
/// use shop_core::validation::validate_file;
/// assert_eq!(validate_file("تصویر", 2_000, "photo.JPG"), Ok(()));
/// assert_eq!(validate_file("تصویر", 2_000_000, "photo.jpg"), Err("تصویر باید حداکثر 1 مگابایت باشد".to_owned()));
/// assert_eq!(validate_file("تصویر", 2_000, "setup.exe"), Err("پسوند فایل آپلود شده مورد قبول نیست".to_owned()));
/// ```
pub fn validate_file(field: &str, size_bytes: u64, file_name: &str) -> Result<(), String> {
    let size_rule = Rule::FileSize {
        max_bytes: MAX_FILE_BYTES,
    };
    if size_bytes > MAX_FILE_BYTES {
        return Err(message(&size_rule, field));
    }
    // An upload always has a name: an empty one fails here (unlike the optional-field rule).
    if has_allowed_extension(trimmed(file_name)) {
        Ok(())
    } else {
        Err(message(&Rule::FileExtension, field))
    }
}

/// `value` without surrounding white space and direction marks.
fn trimmed(value: &str) -> &str {
    value.trim_matches(is_invisible_or_space)
}

/// Whether `value` satisfies `rule` (see the module docs for empty values).
fn passes(rule: &Rule, value: &str) -> bool {
    let t = trimmed(value);
    // Rules that count chars see the raw value: six spaces are not an empty password.
    let empty = match rule {
        Rule::ComplexPassword | Rule::MinLength { .. } => value.is_empty(),
        _ => t.is_empty(),
    };
    match rule {
        Rule::Required | Rule::Select => !empty,
        // Compared before the empty check: an empty confirmation of a set password fails.
        Rule::Confirmed { other } => value == other,
        _ if empty => true,
        Rule::Mobile => normalize_mobile(value).is_ok(),
        Rule::Email => is_email(t),
        Rule::Url => is_url(t),
        Rule::ComplexPassword => is_complex_password(value),
        Rule::MinLength { n } => value.chars().count() >= *n as usize,
        Rule::Digits { n } => is_digits(t, *n),
        Rule::Numeric => parse_decimal(t).is_some(),
        Rule::MinValue { n } => {
            parse_decimal(t).is_some_and(|d| d.cmp_int(*n) == Ordering::Greater)
        }
        Rule::FileSize { max_bytes } => to_western_digits(t)
            .parse::<u64>()
            .is_ok_and(|size| size <= *max_bytes),
        Rule::FileExtension => has_allowed_extension(t),
    }
}

/// Exactly `n` digits (any of the three digit sets) and nothing else.
fn is_digits(value: &str, n: u32) -> bool {
    let western = to_western_digits(value);
    western.len() == n as usize && western.bytes().all(|b| b.is_ascii_digit())
}

/// The complex password rule: 6..=20 chars with an ASCII lowercase letter, an ASCII uppercase
/// letter, a digit (ASCII, Persian or Arabic-Indic) and a symbol (any char that is neither
/// alphanumeric in any script nor white space nor a control char, e.g. `!`, `@`, `_`, `€`).
///
/// ```
/// use shop_core::validation::is_complex_password;
/// assert!(is_complex_password("Abc12!"));
/// assert!(!is_complex_password("Abc123"));     // no symbol
/// assert!(!is_complex_password("Ab1!"));       // too short
/// ```
pub fn is_complex_password(value: &str) -> bool {
    let len = value.chars().count();
    let has = |p: fn(char) -> bool| value.chars().any(p);
    PASSWORD_CHARS.contains(&len)
        && has(|c| c.is_ascii_lowercase())
        && has(|c| c.is_ascii_uppercase())
        && has(|c| crate::digits::western_digit(c).is_ascii_digit())
        && has(|c| !c.is_alphanumeric() && !c.is_whitespace() && !c.is_control())
}

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
fn is_domain(domain: &str, need_tld: bool) -> bool {
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

/// Whether the name ends in `.ext` with `ext` in [`ALLOWED_FILE_EXTENSIONS`].
fn has_allowed_extension(file_name: &str) -> bool {
    file_name.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty()
            && ALLOWED_FILE_EXTENSIONS
                .iter()
                .any(|a| a.eq_ignore_ascii_case(ext))
    })
}

/// A decimal number parsed exactly: sign, integer digits without leading zeros, fraction
/// digits without trailing zeros.
#[derive(Debug, PartialEq, Eq)]
struct Decimal {
    negative: bool,
    int: String,
    frac: String,
}

impl Decimal {
    /// Compares this number with the integer `n`, exactly.
    fn cmp_int(&self, n: i64) -> Ordering {
        let zero = self.int.is_empty() && self.frac.is_empty();
        let neg = self.negative && !zero;
        let n_digits = n.unsigned_abs().to_string();
        let n_digits = if n == 0 { String::new() } else { n_digits };
        let magnitude = self
            .int
            .len()
            .cmp(&n_digits.len())
            .then_with(|| self.int.as_str().cmp(n_digits.as_str()))
            .then_with(|| {
                if self.frac.is_empty() {
                    Ordering::Equal
                } else {
                    Ordering::Greater
                }
            });
        match (neg, n < 0) {
            (false, false) => magnitude,
            (true, true) => magnitude.reverse(),
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
        }
    }
}

/// `-?[0-9]+([.٫][0-9]+)?` after digit normalisation; `None` otherwise.
fn parse_decimal(value: &str) -> Option<Decimal> {
    let western = to_western_digits(value).replace('\u{066B}', ".");
    let (negative, body) = match western.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, western.as_str()),
    };
    let (int, frac) = match body.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (body, None),
    };
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(int) || frac.is_some_and(|f| !all_digits(f)) {
        return None;
    }
    Some(Decimal {
        negative,
        int: int.trim_start_matches('0').to_owned(),
        frac: frac.unwrap_or("").trim_end_matches('0').to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(rule: Rule, value: &str) -> Option<String> {
        validate(&rule, "فیلد", value).err()
    }

    #[test]
    fn every_rule_round_trips_through_json() {
        let rules = [
            Rule::Required,
            Rule::Select,
            Rule::Mobile,
            Rule::Email,
            Rule::Url,
            Rule::ComplexPassword,
            Rule::MinLength { n: 6 },
            Rule::Digits { n: 10 },
            Rule::Numeric,
            Rule::MinValue { n: -3 },
            Rule::Confirmed { other: "x".into() },
            Rule::FileSize { max_bytes: 9 },
            Rule::FileExtension,
        ];
        for rule in rules {
            let json = serde_json::to_string(&rule).unwrap();
            assert_eq!(serde_json::from_str::<Rule>(&json).unwrap(), rule, "{json}");
        }
    }

    #[test]
    fn malformed_rules_do_not_parse() {
        for bad in [
            r#"{"rule":"MinLength"}"#,
            r#"{"rule":"MinLength","n":-1}"#,
            r#"{"rule":"Nope"}"#,
            r#""Required""#,
        ] {
            assert!(serde_json::from_str::<Rule>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn required_rejects_empty_and_blank() {
        assert_eq!(
            err(Rule::Required, ""),
            Some("لطفا فیلد را وارد کنید".into())
        );
        assert!(err(Rule::Required, " \u{200F}\t").is_some());
        assert_eq!(err(Rule::Required, "x"), None);
    }

    #[test]
    fn blank_password_is_not_empty() {
        assert!(err(Rule::ComplexPassword, "      ").is_some());
        assert!(err(Rule::MinLength { n: 8 }, "  ").is_some());
    }

    #[test]
    fn upload_without_a_name_fails() {
        assert!(validate_file("فایل", 1, "").is_err());
    }

    #[test]
    fn select_uses_the_choose_message() {
        assert_eq!(
            err(Rule::Select, ""),
            Some("لطفا فیلد را انتخاب کنید".into())
        );
    }

    #[test]
    fn empty_value_passes_non_required_rules() {
        for rule in [
            Rule::Mobile,
            Rule::Email,
            Rule::Url,
            Rule::ComplexPassword,
            Rule::Numeric,
            Rule::MinLength { n: 3 },
        ] {
            assert_eq!(err(rule, ""), None);
        }
    }

    #[test]
    fn mobile_rule_uses_the_mobile_message() {
        assert_eq!(err(Rule::Mobile, "0912"), Some(MOBILE_MESSAGE.into()));
        assert_eq!(err(Rule::Mobile, "+98 912 345 6789"), None);
    }

    #[test]
    fn email_needs_a_dotted_domain() {
        assert_eq!(
            err(Rule::Email, "a@b"),
            Some("فیلد وارد شده معتبر نیست!".into())
        );
        assert_eq!(err(Rule::Email, " a@b.co "), None);
        assert!(err(Rule::Email, "@b.co").is_some());
        assert!(err(Rule::Email, "a@b.c").is_some());
        assert!(err(Rule::Email, "a@-b.co").is_some());
        assert!(err(Rule::Email, "علی@b.co").is_some());
    }

    #[test]
    fn url_needs_http_scheme_and_host() {
        assert_eq!(err(Rule::Url, "https://example.com"), None);
        assert!(err(Rule::Url, "https://exa mple.com").is_some());
        assert!(err(Rule::Url, "https://example.com:99999").is_some());
        assert!(err(Rule::Url, "example.com").is_some());
        assert!(err(Rule::Url, "http:///path").is_some());
    }

    #[test]
    fn complex_password_needs_all_four_classes() {
        assert!(is_complex_password("aB3$xy"));
        assert!(!is_complex_password("ab3$xy"));
        assert!(!is_complex_password("AB3$XY"));
        assert!(!is_complex_password("aBc$xy"));
        assert!(!is_complex_password("aB3xyz"));
    }

    #[test]
    fn complex_password_counts_chars_not_bytes() {
        assert!(is_complex_password("aB۳$xyzxyzxyzxyzxyzx")); // 20 chars, more bytes
        assert!(!is_complex_password("aB3$xyzxyzxyzxyzxyzxy")); // 21 chars
        assert_eq!(
            err(Rule::ComplexPassword, "a"),
            Some("گذرواژه وارد شده ضعیف است".into())
        );
    }

    #[test]
    fn persian_letters_are_not_symbols() {
        assert!(!is_complex_password("aB3سلام"));
    }

    #[test]
    fn min_length_substitutes_n() {
        assert_eq!(
            err(Rule::MinLength { n: 8 }, "abc"),
            Some("فیلد باید حداقل 8 کاراکتر باشد".into())
        );
        assert_eq!(err(Rule::MinLength { n: 3 }, "سلا"), None);
    }

    #[test]
    fn digits_normalises_digit_sets() {
        assert_eq!(err(Rule::Digits { n: 5 }, "۱٢3۴5"), None);
        assert_eq!(
            err(Rule::Digits { n: 5 }, "1234"),
            Some("فیلد باید 5 رقم باشد".into())
        );
        assert!(err(Rule::Digits { n: 5 }, "12a45").is_some());
    }

    #[test]
    fn numeric_accepts_sign_and_fraction() {
        for ok in ["12", "-3", "۱۲٫۵", "0.25"] {
            assert_eq!(err(Rule::Numeric, ok), None, "{ok}");
        }
        for bad in ["1e5", "+1", "1.", ".5", "--1", "1,000"] {
            assert_eq!(
                err(Rule::Numeric, bad),
                Some("فیلد باید مقدار عددی باشد".into()),
                "{bad}"
            );
        }
    }

    #[test]
    fn min_value_is_strictly_greater() {
        assert_eq!(
            err(Rule::MinValue { n: 5 }, "5"),
            Some("فیلد باید بزرگتر از 5 باشد".into())
        );
        assert_eq!(err(Rule::MinValue { n: 5 }, "5.0000000000000000001"), None);
        assert_eq!(err(Rule::MinValue { n: 5 }, "۶"), None);
        assert!(err(Rule::MinValue { n: -2 }, "-2").is_some());
        assert_eq!(err(Rule::MinValue { n: -2 }, "-1.5"), None);
        assert!(err(Rule::MinValue { n: 0 }, "-0").is_some());
        assert!(err(Rule::MinValue { n: 0 }, "abc").is_some());
    }

    #[test]
    fn min_value_handles_extreme_bounds_and_huge_values() {
        assert_eq!(
            err(Rule::MinValue { n: i64::MAX }, &"9".repeat(10_000)),
            None
        );
        assert_eq!(
            err(Rule::MinValue { n: i64::MIN }, "-9223372036854775807"),
            None
        );
        assert!(err(Rule::MinValue { n: i64::MIN }, "-9223372036854775809").is_some());
    }

    #[test]
    fn empty_confirmation_of_a_set_password_fails() {
        assert!(err(
            Rule::Confirmed {
                other: "Abc12!".into()
            },
            ""
        )
        .is_some());
        assert_eq!(
            err(
                Rule::Confirmed {
                    other: String::new()
                },
                ""
            ),
            None
        );
    }

    #[test]
    fn confirmed_compares_exactly() {
        let rule = Rule::Confirmed {
            other: "Abc12!".into(),
        };
        assert_eq!(err(rule.clone(), "Abc12!"), None);
        assert_eq!(err(rule, "abc12!"), Some("عدم تطابق گذرواژه".into()));
    }

    #[test]
    fn file_size_is_inclusive_at_one_megabyte() {
        assert_eq!(validate_file("فایل", MAX_FILE_BYTES, "a.png"), Ok(()));
        assert_eq!(
            validate_file("فایل", MAX_FILE_BYTES + 1, "a.png"),
            Err("فایل باید حداکثر 1 مگابایت باشد".into())
        );
        assert_eq!(
            err(
                Rule::FileSize {
                    max_bytes: MAX_FILE_BYTES
                },
                "1048577"
            ),
            Some("فیلد باید حداکثر 1 مگابایت باشد".into())
        );
    }

    #[test]
    fn file_size_message_prints_fractional_megabytes() {
        assert_eq!(
            message(
                &Rule::FileSize {
                    max_bytes: 1_572_864
                },
                "x"
            ),
            "x باید حداکثر 1.5 مگابایت باشد"
        );
        assert_eq!(
            message(
                &Rule::FileSize {
                    max_bytes: 2 * MAX_FILE_BYTES
                },
                "x"
            ),
            "x باید حداکثر 2 مگابایت باشد"
        );
    }

    #[test]
    fn file_extension_is_case_insensitive_and_needs_a_stem() {
        assert_eq!(validate_file("فایل", 1, "scan.PDF"), Ok(()));
        assert!(validate_file("فایل", 1, ".png").is_err());
        assert!(validate_file("فایل", 1, "png").is_err());
        assert!(validate_file("فایل", 1, "a.png.exe").is_err());
    }

    #[test]
    fn field_containing_n_is_not_substituted() {
        assert_eq!(
            message(&Rule::MinLength { n: 2 }, "Name"),
            "Name باید حداقل 2 کاراکتر باشد"
        );
    }

    #[test]
    fn default_message_substitutes_field() {
        assert_eq!(default_message("x"), "x is not valid.");
    }

    #[test]
    fn huge_and_odd_inputs_never_panic() {
        let huge = "😀۱a@.".repeat(2_048);
        for rule in [
            Rule::Required,
            Rule::Mobile,
            Rule::Email,
            Rule::Url,
            Rule::ComplexPassword,
            Rule::Numeric,
            Rule::MinValue { n: 1 },
            Rule::FileExtension,
            Rule::FileSize { max_bytes: 1 },
            Rule::Digits { n: 3 },
        ] {
            let _ = validate(&rule, "f", &huge);
            let _ = validate(&rule, "f", "\u{200F}");
        }
    }
}
