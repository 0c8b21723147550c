//! The spec's validation rules (section 5) with their exact Persian messages, one rule per file.
//!
//! Decisions the spec leaves open (see also `docs/architecture.md`):
//! - An empty value (after trimming white space) passes every rule except `Required`, `Select`
//!   and `Confirmed` (which compares exactly): optional fields stay optional; combine a rule
//!   with `Required` to demand a value.
//! - `Email`, `Url`, `Numeric`, `Digits`, `MinValue` and `Mobile` ignore surrounding white space
//!   and direction marks; `Numeric`, `Digits` and `MinValue` also accept Persian and
//!   Arabic-Indic digits (and `٫` U+066B as the decimal point).
//! - `MinLength`, `MaxLength` and `ComplexPassword` count chars (Unicode scalar values), not bytes, and do
//!   not trim (so only a truly empty value counts as empty for them).
//! - `MinValue { n }` means strictly greater than `n`, compared exactly (no floating point).
//! - File rules: [`ALLOWED_FILE_EXTENSIONS`] (case-insensitive) and [`MAX_FILE_BYTES`] (1 MB);
//!   [`validate_upload`] adds the file's content: not empty, and its magic number matches its
//!   extension.
//!
//! [`validate`] answers with a [`RuleError`]: which rule failed and its message.
//!
//! ```
//! use shop_core::validation::{validate, Rule, RuleKind};
//! let err = validate(&Rule::Select, "شهر", "").unwrap_err();
//! assert_eq!((err.rule, err.message()), (RuleKind::Select, "لطفا شهر را انتخاب کنید"));
//! ```

mod complex_password;
mod confirmed;
mod digits;
mod email;
mod file_content;
mod file_count;
mod file_extension;
mod file_size;
mod max_length;
mod min_length;
mod min_value;
mod mobile;
mod numeric;
mod required;
mod select;
mod url;

pub use complex_password::{is_complex_password, PASSWORD_CHARS};
pub use email::is_email;
pub use file_content::{content_type_of, SIGNATURE_BYTES};
pub use file_count::{too_many_files_message, MAX_FILES};
pub use file_extension::ALLOWED_FILE_EXTENSIONS;
pub use max_length::{check_max_length, too_long_message};
pub use file_size::MAX_FILE_BYTES;
pub use url::is_url;

use crate::text::is_invisible_or_space;
use serde::{Deserialize, Serialize};

/// The spec's message for rules that have none of their own; `{field}` is substituted.
///
/// ```
/// assert_eq!(shop_core::validation::DEFAULT_MESSAGE, "{field} is not valid.");
/// ```
pub const DEFAULT_MESSAGE: &str = "{field} is not valid.";

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
    /// At most `n` chars.
    MaxLength {
        /// The maximum number of chars.
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

/// Which rule failed: a [`Rule`] without its parameters, plus `Date` for a Jalali date that
/// does not exist and `Unknown` for a rule the caller named but the core does not know.
/// JSON form: the name as a string (`"MinLength"`).
///
/// ```
/// use shop_core::validation::{Rule, RuleKind};
/// assert_eq!(RuleKind::of(&Rule::Digits { n: 10 }), RuleKind::Digits);
/// assert_eq!(serde_json::to_string(&RuleKind::Digits).unwrap(), r#""Digits""#);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum RuleKind {
    Required,
    Select,
    Mobile,
    Email,
    Url,
    ComplexPassword,
    MinLength,
    MaxLength,
    Digits,
    Numeric,
    MinValue,
    Confirmed,
    FileSize,
    FileExtension,
    /// An upload that is empty or whose first bytes are not the type its extension names
    /// ([`validate_upload`]).
    FileContent,
    /// A date that does not exist in the Jalali calendar.
    Date,
    /// A rule the core does not know (the spec's default message).
    Unknown,
}

impl RuleKind {
    /// The kind of `rule`.
    pub fn of(rule: &Rule) -> Self {
        match rule {
            Rule::Required => Self::Required,
            Rule::Select => Self::Select,
            Rule::Mobile => Self::Mobile,
            Rule::Email => Self::Email,
            Rule::Url => Self::Url,
            Rule::ComplexPassword => Self::ComplexPassword,
            Rule::MinLength { .. } => Self::MinLength,
            Rule::MaxLength { .. } => Self::MaxLength,
            Rule::Digits { .. } => Self::Digits,
            Rule::Numeric => Self::Numeric,
            Rule::MinValue { .. } => Self::MinValue,
            Rule::Confirmed { .. } => Self::Confirmed,
            Rule::FileSize { .. } => Self::FileSize,
            Rule::FileExtension => Self::FileExtension,
        }
    }
}

/// A broken rule: which one, and its exact Persian message. `Display` (and `String::from`)
/// give the message, so a call site that only shows it stays a one-liner.
///
/// ```
/// use shop_core::validation::{validate, Rule, RuleKind};
/// let err = validate(&Rule::MinLength { n: 6 }, "نام", "ab").unwrap_err();
/// assert_eq!(err.rule, RuleKind::MinLength);
/// assert_eq!(String::from(err), "نام باید حداقل ۶ کاراکتر باشد");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RuleError {
    /// The rule that failed.
    pub rule: RuleKind,
    /// The rule's message for the field.
    pub message: String,
}

impl RuleError {
    /// `rule`'s message for `field`.
    pub fn new(rule: &Rule, field: &str) -> Self {
        Self {
            rule: RuleKind::of(rule),
            message: message(rule, field),
        }
    }

    /// The message to show.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// This error at request field `field` (the name a form or API body uses).
    pub fn at(self, field: &'static str) -> FieldError {
        FieldError {
            field,
            rule: self.rule,
            message: self.message,
        }
    }
}

impl std::fmt::Display for RuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RuleError {}

impl From<RuleError> for String {
    fn from(e: RuleError) -> String {
        e.message
    }
}

/// A value that failed to parse into a domain type ([`crate::types`]): the request field it
/// came from, which rule it broke and the message. `Display` is the message.
///
/// ```
/// use shop_core::types::Mobile;
/// let err = Mobile::parse("0912").unwrap_err();
/// assert_eq!((err.field, err.message()), ("mobile", "شماره موبایل وارد شده معتبر نیست!"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FieldError {
    /// The request field (`mobile`, `postal_code`, …).
    pub field: &'static str,
    /// The rule that failed.
    pub rule: RuleKind,
    /// The rule's message.
    pub message: String,
}

impl FieldError {
    /// The message to show.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl std::fmt::Display for FieldError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for FieldError {}

impl From<FieldError> for String {
    fn from(e: FieldError) -> String {
        e.message
    }
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
            "MaxLength" => Rule::MaxLength { n: count()? },
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
        Rule::Required => required::MESSAGE,
        Rule::Select => select::MESSAGE,
        Rule::Mobile => mobile::MESSAGE,
        Rule::Email => email::MESSAGE,
        Rule::Url => url::MESSAGE,
        Rule::ComplexPassword => complex_password::MESSAGE,
        Rule::MinLength { .. } => min_length::MESSAGE,
        Rule::MaxLength { .. } => max_length::MESSAGE,
        Rule::Digits { .. } => digits::MESSAGE,
        Rule::Numeric => numeric::MESSAGE,
        Rule::MinValue { .. } => min_value::MESSAGE,
        Rule::Confirmed { .. } => confirmed::MESSAGE,
        Rule::FileSize { .. } => file_size::MESSAGE,
        Rule::FileExtension => file_extension::MESSAGE,
    }
}

/// The rule's `N` as the shopper reads it: Persian digits, Persian decimal separator (the spec
/// writes `N` in its templates; the shop shows every number in Persian digits).
fn rule_n(rule: &Rule) -> Option<String> {
    let n = match rule {
        Rule::MinLength { n } | Rule::MaxLength { n } | Rule::Digits { n } => n.to_string(),
        Rule::MinValue { n } => n.to_string(),
        Rule::FileSize { max_bytes } => file_size::megabytes(*max_bytes),
        _ => return None,
    };
    Some(crate::digits::format_number_text(&n))
}

/// The exact message `rule` gives for `field`.
///
/// ```
/// use shop_core::validation::{message, Rule};
/// assert_eq!(message(&Rule::MinLength { n: 6 }, "نام"), "نام باید حداقل ۶ کاراکتر باشد");
/// assert_eq!(message(&Rule::FileSize { max_bytes: 1_048_576 }, "تصویر"), "تصویر باید حداکثر ۱ مگابایت باشد");
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

/// How a message names a request field that has no Persian name: by its wire name, quoted.
///
/// ```
/// assert_eq!(shop_core::validation::unnamed_field_label("foo"), "مقدار «foo»");
/// ```
pub fn unnamed_field_label(name: &str) -> String {
    format!("مقدار «{name}»")
}

/// Checks `value` against `rule`; `Err` names the rule and holds the exact message for `field`.
///
/// ```
/// use shop_core::validation::{validate, Rule};
/// assert_eq!(validate(&Rule::Required, "نام", "").unwrap_err().message(), "لطفا نام را وارد کنید");
/// assert_eq!(validate(&Rule::Digits { n: 10 }, "کد ملی", "۰۰۱۲۳۴۵۶۷۸"), Ok(()));
/// assert_eq!(validate(&Rule::MinValue { n: 0 }, "تعداد", "0").unwrap_err().message(), "تعداد باید بزرگتر از ۰ باشد");
/// assert_eq!(validate(&Rule::Email, "ایمیل", ""), Ok(())); // empty passes: pair with Required
/// ```
pub fn validate(rule: &Rule, field: &str, value: &str) -> Result<(), RuleError> {
    if passes(rule, value) {
        Ok(())
    } else {
        Err(RuleError::new(rule, field))
    }
}

/// Checks an upload: size first (at most [`MAX_FILE_BYTES`]), then the extension.
///
/// ```
/// use shop_core::validation::validate_file;
/// assert_eq!(validate_file("تصویر", 2_000, "photo.JPG"), Ok(()));
/// assert_eq!(validate_file("تصویر", 2_000_000, "photo.jpg").unwrap_err().message(), "تصویر باید حداکثر ۱ مگابایت باشد");
/// assert_eq!(validate_file("تصویر", 2_000, "setup.exe").unwrap_err().message(), "پسوند فایل آپلود شده مورد قبول نیست");
/// ```
pub fn validate_file(field: &str, size_bytes: u64, file_name: &str) -> Result<(), RuleError> {
    let size_rule = Rule::FileSize {
        max_bytes: MAX_FILE_BYTES,
    };
    if size_bytes > MAX_FILE_BYTES {
        return Err(RuleError::new(&size_rule, field));
    }
    // An upload always has a name: an empty one fails here (unlike the optional-field rule).
    if file_extension::passes(trimmed(file_name)) {
        Ok(())
    } else {
        Err(RuleError::new(&Rule::FileExtension, field))
    }
}

/// Checks an upload with its content: [`validate_file`] (size, then extension), then that it
/// is not empty and that `head` (its first bytes; [`SIGNATURE_BYTES`] are enough) is the type
/// its extension names (`file_content.rs`).
///
/// ```
/// use shop_core::validation::validate_upload;
/// assert_eq!(validate_upload("پیوست", "a.pdf", 9, b"%PDF-1.7\n"), Ok(()));
/// assert_eq!(validate_upload("پیوست", "a.pdf", 0, b"").unwrap_err().message(), "فایل «پیوست» خالی است");
/// assert_eq!(validate_upload("پیوست", "a.jpg", 2_000_000, b"").unwrap_err().message(), "پیوست باید حداکثر ۱ مگابایت باشد");
/// ```
pub fn validate_upload(field: &str, file_name: &str, size_bytes: u64, head: &[u8]) -> Result<(), RuleError> {
    validate_upload_within(field, file_name, size_bytes, head, MAX_FILE_BYTES)
}

/// [`validate_upload`] with another size limit (product pictures: larger than a ticket's file).
///
/// ```
/// use shop_core::validation::validate_upload_within;
/// assert_eq!(validate_upload_within("تصویر", "a.png", 3_000_000, b"\x89PNG\r\n\x1a\n", 10_485_760), Ok(()));
/// assert_eq!(validate_upload_within("تصویر", "a.png", 11_000_000, b"", 10_485_760).unwrap_err().message(), "تصویر باید حداکثر ۱۰ مگابایت باشد");
/// ```
pub fn validate_upload_within(field: &str, file_name: &str, size_bytes: u64, head: &[u8], max_bytes: u64) -> Result<(), RuleError> {
    let content_error = |template: &str| RuleError {
        rule: RuleKind::FileContent,
        message: template.replace("{field}", field),
    };
    if size_bytes > max_bytes {
        return Err(RuleError::new(&Rule::FileSize { max_bytes }, field));
    }
    if size_bytes == 0 || head.is_empty() {
        return Err(content_error(file_content::EMPTY_MESSAGE));
    }
    if !file_extension::passes(trimmed(file_name)) {
        return Err(RuleError::new(&Rule::FileExtension, field));
    }
    let ext = trimmed(file_name).rsplit_once('.').map_or("", |(_, e)| e);
    if file_content::matches(ext, head) {
        Ok(())
    } else {
        Err(content_error(file_content::MESSAGE))
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
        Rule::ComplexPassword | Rule::MinLength { .. } | Rule::MaxLength { .. } => value.is_empty(),
        _ => t.is_empty(),
    };
    match rule {
        Rule::Required | Rule::Select => !empty,
        // Compared before the empty check: an empty confirmation of a set password fails.
        Rule::Confirmed { other } => confirmed::passes(value, other),
        _ if empty => true,
        Rule::Mobile => mobile::passes(value),
        Rule::Email => is_email(t),
        Rule::Url => is_url(t),
        Rule::ComplexPassword => is_complex_password(value),
        Rule::MinLength { n } => min_length::passes(value, *n),
        Rule::MaxLength { n } => max_length::passes(value, *n),
        Rule::Digits { n } => digits::passes(t, *n),
        Rule::Numeric => numeric::passes(t),
        Rule::MinValue { n } => min_value::passes(t, *n),
        Rule::FileSize { max_bytes } => file_size::passes(t, *max_bytes),
        Rule::FileExtension => file_extension::passes(t),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The message `rule` gives for field `فیلد` and `value`, `None` when it passes.
    pub(crate) fn err(rule: Rule, value: &str) -> Option<String> {
        validate(&rule, "فیلد", value).err().map(String::from)
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
            Rule::MaxLength { n: 100 },
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
    fn the_error_names_the_failed_rule() {
        let e = validate(&Rule::Digits { n: 10 }, "کد پستی", "123").unwrap_err();
        assert_eq!(e.rule, RuleKind::Digits);
        assert_eq!(e.to_string(), "کد پستی باید ۱۰ رقم باشد");
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
    fn field_containing_n_is_not_substituted() {
        assert_eq!(
            message(&Rule::MinLength { n: 2 }, "Name"),
            "Name باید حداقل ۲ کاراکتر باشد"
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
