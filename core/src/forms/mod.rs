//! One declaration per customer form: its fields, each with its Persian label, how its text is
//! cleaned and its rules, in the order the form shows them.
//!
//! **What.** A form ([`Form`]) is a list of [`Field`]s. [`Form::check`] cleans every value
//! ([`Clean`]: trimmed, control characters out, digits to ASCII where the field is a number)
//! and runs the field's rules ([`crate::validation::Rule`], `MaxLength` among them); each form
//! module then turns the clean text into typed values (`Mobile`, `PostalCode`, `Place`,
//! `OrderCode`, …) with the same types the server's services take:
//! [`address::parse`], [`profile::parse`], [`registration::parse`], [`ticket::parse`],
//! [`ticket::parse_reply`], [`official_invoice::parse`]. The answer is the typed form or every failing field's first message
//! ([`FormProblems`], in form order).
//!
//! **Why.** The web form and the server read this one declaration (the web through WASM,
//! `check_form` in [`crate::dispatch`]; the server by parsing its request with the form's
//! `parse`), so a value one side accepts the other does not refuse with other words. Before
//! this the web's address form asked for 3 letters in the receiver's name while the server
//! took one, and the registration form asked for a province the server never checked.
//!
//! **Example.**
//! ```
//! use shop_core::forms::{address, Values};
//! let v = Values::from_pairs([("name", "ع"), ("mobile", "۰۹۱۲۳۴۵۶۷۸۹"), ("state", "تهران"),
//!     ("city", "تهران"), ("address", "خیابان آزادی، کوچه ۱۲"), ("postalcode", "۱۲۳۴۵-۶۷۸۹۰")]);
//! let e = address::parse(&v).unwrap_err();
//! assert_eq!(e.0, [("name".to_owned(), "نام گیرنده باید حداقل ۳ کاراکتر باشد".to_owned())]);
//! let v = v.with("name", "مریم احمدی");
//! let a = address::parse(&v).unwrap();
//! assert_eq!((a.mobile.as_str(), a.postal_code.as_str()), ("09123456789", "1234567890"));
//! ```

pub mod address;
pub mod official_invoice;
pub mod profile;
pub mod registration;
pub mod ticket;
pub mod staff_member;
pub mod faq;
pub mod page;
pub mod blog_post;
pub mod discount;
pub mod delivery_option;
pub mod instalment_plan;
pub mod refund;
pub mod return_reject;
pub mod holiday;
pub mod delivery_slot;
pub mod review;
pub mod question;
pub mod answer;

pub use crate::product_form::FormProblems;

use crate::digits::to_western_digits;
use crate::provinces::Place;
use crate::text::is_invisible_or_space;
use crate::validation::{validate, FieldError, Rule};
use serde::Deserialize;

/// How a field's raw text is cleaned before its rules see it (and before it is stored).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clean {
    /// One line: control characters (new lines among them) removed, white space and
    /// direction marks trimmed.
    Line,
    /// Several lines: `\r\n` as `\n`, control characters but `\n` and tabs removed, trimmed.
    Block,
    /// A [`Clean::Line`] with Persian and Arabic-Indic digits as ASCII.
    Digits,
    /// A code typed in groups: every space, direction mark and `-` removed, digits as ASCII.
    Code,
    /// As typed (a password: its spaces are part of it).
    Exact,
}

impl Clean {
    /// `raw` cleaned this way.
    ///
    /// ```
    /// use shop_core::forms::Clean;
    /// assert_eq!(Clean::Line.apply(" علی\u{0}\n "), "علی");
    /// assert_eq!(Clean::Block.apply(" a\r\nb "), "a\nb");
    /// assert_eq!(Clean::Code.apply("۱۲۳۴۵ - ۶۷۸۹۰"), "1234567890");
    /// assert_eq!(Clean::Exact.apply(" pw "), " pw ");
    /// ```
    pub fn apply(self, raw: &str) -> String {
        match self {
            Self::Exact => raw.to_owned(),
            Self::Line | Self::Digits => {
                let kept: String = raw.chars().filter(|c| !c.is_control()).collect();
                let line = kept.trim_matches(is_invisible_or_space);
                if self == Self::Digits {
                    to_western_digits(line)
                } else {
                    line.to_owned()
                }
            }
            Self::Block => {
                let kept: String = raw
                    .chars()
                    .filter(|c| *c != '\r' && (!c.is_control() || matches!(c, '\n' | '\t')))
                    .collect();
                kept.trim_matches(is_invisible_or_space).to_owned()
            }
            Self::Code => {
                to_western_digits(&raw.chars().filter(|c| !is_invisible_or_space(*c) && *c != '-' && !c.is_control()).collect::<String>())
            }
        }
    }
}

/// One field of a form.
#[derive(Debug, Clone, Copy)]
pub struct Field {
    /// The request field (the web form's input name, the key of its error).
    pub name: &'static str,
    /// Its Persian name in messages.
    pub label: &'static str,
    /// How its text is cleaned.
    pub clean: Clean,
    /// Its rules, in order: the first one broken gives the message.
    pub rules: &'static [Rule],
    /// The field whose value this one must repeat (a password's confirmation).
    pub same_as: Option<&'static str>,
    /// When not empty: the keys a value must be one of (a choice list).
    pub options: &'static [&'static str],
}

impl Field {
    /// A field with its label, cleaning and rules.
    pub const fn new(name: &'static str, label: &'static str, clean: Clean, rules: &'static [Rule]) -> Self {
        Self { name, label, clean, rules, same_as: None, options: &[] }
    }

    /// This field must equal `other` (the `Confirmed` rule).
    pub const fn same_as(mut self, other: &'static str) -> Self {
        self.same_as = Some(other);
        self
    }

    /// A value must be one of `options` (case-insensitive; the key as listed is kept).
    pub const fn options(mut self, options: &'static [&'static str]) -> Self {
        self.options = options;
        self
    }

    /// The longest value the rules allow, if they bound it (the web input's `maxLength`).
    pub fn max_length(&self) -> Option<u32> {
        self.rules.iter().find_map(|r| match r {
            Rule::MaxLength { n } => Some(*n),
            _ => None,
        })
    }
}

/// A form: its name (as `check_form` takes it) and fields in the order it shows them.
#[derive(Debug)]
pub struct Form {
    /// `address`, `profile`, `registration`, `ticket`, `ticket_reply`, `official_invoice`.
    pub name: &'static str,
    /// Its fields.
    pub fields: &'static [Field],
}

/// The message of a value not among a choice field's options (the rules' "not valid" text:
/// only a crafted request sends one; the form offers the list).
pub fn not_an_option_message(label: &str) -> String {
    crate::validation::message(&Rule::Url, label)
}

/// What a client typed: field name → text. A field not given is empty; extra names are ignored.
/// JSON form: an object of strings (read by serde's derive through a map).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(from = "std::collections::BTreeMap<String, String>")]
pub struct Values(Vec<(String, String)>);

impl Values {
    /// From `(name, value)` pairs.
    pub fn from_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Self {
        Self(pairs.into_iter().map(|(k, v)| (k.to_owned(), v.to_owned())).collect())
    }

    /// The value of `name` (empty when not given).
    pub fn get(&self, name: &str) -> &str {
        self.0.iter().rev().find(|(k, _)| k == name).map_or("", |(_, v)| v.as_str())
    }

    /// These values with `name` set to `value`.
    pub fn with(mut self, name: &str, value: &str) -> Self {
        self.0.push((name.to_owned(), value.to_owned()));
        self
    }
}

impl From<std::collections::BTreeMap<String, String>> for Values {
    fn from(map: std::collections::BTreeMap<String, String>) -> Self {
        Self(map.into_iter().collect())
    }
}

/// A form's values after [`Form::check`]: the clean text of every field and the first
/// problem of each, in form order. The form modules read typed values from it.
#[derive(Debug)]
pub struct Checked {
    form: &'static Form,
    values: Vec<String>,
    problems: Vec<Option<String>>,
}

impl Form {
    fn index(&self, name: &str) -> usize {
        self.fields.iter().position(|f| f.name == name).unwrap_or(usize::MAX)
    }

    /// The field called `name`.
    pub fn field(&self, name: &str) -> Option<&Field> {
        self.fields.iter().find(|f| f.name == name)
    }

    /// Cleans every value and runs every field's rules (then its options and `same_as`).
    pub fn check(&'static self, input: &Values) -> Checked {
        let values: Vec<String> = self.fields.iter().map(|f| f.clean.apply(input.get(f.name))).collect();
        let problems = self
            .fields
            .iter()
            .zip(&values)
            .map(|(f, v)| {
                if let Some(e) = f.rules.iter().find_map(|r| validate(r, f.label, v).err()) {
                    return Some(e.message);
                }
                if !f.options.is_empty() && !v.is_empty() && !f.options.iter().any(|o| o.eq_ignore_ascii_case(v)) {
                    return Some(not_an_option_message(f.label));
                }
                let other = f.same_as.map(|o| values.get(self.index(o)).map_or("", String::as_str))?;
                validate(&Rule::Confirmed { other: other.to_owned() }, f.label, v).err().map(|e| e.message)
            })
            .collect();
        Checked { form: self, values, problems }
    }
}

impl Checked {
    /// The clean text of `name`.
    pub fn text(&self, name: &str) -> String {
        self.values.get(self.form.index(name)).cloned().unwrap_or_default()
    }

    /// Whether `name` has a problem already.
    fn failed(&self, name: &str) -> bool {
        self.problems.get(self.form.index(name)).is_none_or(Option::is_some)
    }

    fn fail(&mut self, name: &str, message: String) {
        let i = self.form.index(name);
        if let Some(slot) = self.problems.get_mut(i) {
            slot.get_or_insert(message);
        }
    }

    /// `name`'s clean text parsed by `parse` (a typed value), when it passed its rules and is
    /// not empty; a parse error becomes the field's problem.
    pub fn typed<T>(&mut self, name: &str, parse: impl FnOnce(&str) -> Result<T, FieldError>) -> Option<T> {
        let text = self.text(name);
        if self.failed(name) || text.is_empty() {
            return None;
        }
        match parse(&text) {
            Ok(v) => Some(v),
            Err(e) => {
                self.fail(name, e.message);
                None
            }
        }
    }

    /// The chosen option of a choice field (the key as listed), when it passed.
    pub fn choice(&self, name: &str) -> Option<&'static str> {
        let text = self.text(name);
        let field = self.form.field(name)?;
        (!self.failed(name)).then(|| field.options.iter().find(|o| o.eq_ignore_ascii_case(&text)).copied())?
    }

    /// The province and city fields as a [`Place`] of the provinces list, when both passed
    /// their rules; an unknown one becomes its field's problem.
    pub fn place(&mut self, province: &str, city: &str) -> Option<Place> {
        if self.failed(province) || self.failed(city) {
            return None;
        }
        match Place::parse(&self.text(province), &self.text(city)) {
            Ok(p) => Some(p),
            Err(e) => {
                let at = if e.field == Place::PROVINCE_FIELD { province } else { city };
                self.fail(at, e.message);
                None
            }
        }
    }

    /// Every failing field's message in form order; `Ok` when none failed.
    pub fn done(&self) -> Result<(), FormProblems> {
        let list: Vec<(String, String)> = self
            .form
            .fields
            .iter()
            .zip(&self.problems)
            .filter_map(|(f, p)| Some((f.name.to_owned(), p.clone()?)))
            .collect();
        if list.is_empty() {
            Ok(())
        } else {
            Err(FormProblems(list))
        }
    }
}

/// A problem of a typed value, with `message` (the field is named where it is put).
pub(crate) fn field_error(message: &str) -> FieldError {
    FieldError { field: "", rule: crate::validation::RuleKind::Unknown, message: message.to_owned() }
}

/// Reads a whole number (`i64`); a fraction, a word or a number beyond `i64` gets
/// [`WHOLE_NUMBER_MESSAGE`] with `label`.
pub(crate) fn whole_number(label: &str) -> impl Fn(&str) -> Result<i64, FieldError> + '_ {
    move |s: &str| {
        s.parse::<i64>().map_err(|_| FieldError {
            field: "",
            rule: crate::validation::RuleKind::Numeric,
            message: WHOLE_NUMBER_MESSAGE.replace("{field}", label),
        })
    }
}

/// A number with a fraction or beyond `i64`.
pub const WHOLE_NUMBER_MESSAGE: &str = "{field} باید عدد صحیح باشد";

/// Every form, by the name `check_form` takes.
pub const FORMS: [&Form; 23] = [
    &address::FORM,
    &profile::FORM,
    &registration::FORM,
    &ticket::FORM,
    &ticket::REPLY_FORM,
    &official_invoice::FORM,
    &staff_member::FORM,
    &faq::FORM,
    &page::FORM,
    &blog_post::FORM,
    &discount::FORM,
    &discount::EDIT_FORM,
    &delivery_option::FORM,
    &instalment_plan::FORM,
    &refund::FORM,
    &refund::RETURN_FORM,
    &return_reject::FORM,
    &holiday::FORM,
    &delivery_slot::FORM,
    &review::FORM,
    &review::REJECT_FORM,
    &question::FORM,
    &answer::FORM,
];

/// The form called `name`.
pub fn form(name: &str) -> Option<&'static Form> {
    FORMS.into_iter().find(|f| f.name == name)
}

/// Runs form `name`'s whole parse (rules and typed values) on `values`: every failing field's
/// message, or none. `Err` for a form the core does not know.
///
/// ```
/// use shop_core::forms::{problems, Values};
/// let p = problems("ticket_reply", &Values::from_pairs([("message", "  ")])).unwrap();
/// assert_eq!(p.get("message"), Some("لطفا متن پیام را وارد کنید"));
/// assert!(problems("nope", &Values::default()).is_err());
/// ```
pub fn problems(name: &str, values: &Values) -> Result<FormProblems, String> {
    let outcome = match name {
        "address" => address::parse(values).map(drop),
        "profile" => profile::parse(values).map(drop),
        "registration" => registration::parse(values).map(drop),
        "ticket" => ticket::parse(values).map(drop),
        "ticket_reply" => ticket::parse_reply(values).map(drop),
        "official_invoice" => official_invoice::parse(values).map(drop),
        "staff_member" => staff_member::parse(values).map(drop),
        "faq" => faq::parse(values).map(drop),
        "page" => page::parse(values).map(drop),
        "blog_post" => blog_post::parse(values).map(drop),
        "discount" => discount::parse(values).map(drop),
        "discount_edit" => discount::parse_edit(values).map(drop),
        "delivery_option" => delivery_option::parse(values).map(drop),
        "instalment_plan" => instalment_plan::parse(values).map(drop),
        "refund" => refund::parse(values).map(drop),
        "return_refund" => refund::parse_return(values).map(drop),
        "return_reject" => return_reject::parse(values).map(drop),
        "holiday" => holiday::parse(values).map(drop),
        "delivery_slot" => delivery_slot::parse(values).map(drop),
        "review" => review::parse(values).map(drop),
        "moderation_reject" => review::parse_reason(values).map(drop),
        "question" => question::parse(values).map(drop),
        "answer" => answer::parse(values).map(drop),
        other => return Err(format!("unknown form: {other}")),
    };
    Ok(outcome.err().unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_is_listed_under_its_own_name_with_unique_fields() {
        for f in FORMS {
            assert!(std::ptr::eq(form(f.name).unwrap(), f));
            for (i, a) in f.fields.iter().enumerate() {
                assert!(f.fields[i + 1..].iter().all(|b| b.name != a.name), "{}: {}", f.name, a.name);
                if let Some(o) = a.same_as {
                    assert!(f.field(o).is_some(), "{}: {o}", f.name);
                }
            }
        }
    }

    #[test]
    fn every_free_text_field_is_bounded() {
        for f in FORMS {
            for field in f.fields {
                let bounded = field.max_length().is_some()
                    || !field.options.is_empty()
                    || field.rules.iter().any(|r| matches!(r, Rule::Mobile | Rule::Digits { .. } | Rule::ComplexPassword | Rule::Select))
                    || field.same_as.is_some();
                assert!(bounded, "{}.{} has no bound", f.name, field.name);
            }
        }
    }

    #[test]
    fn huge_and_odd_values_never_panic() {
        let huge = "😀۱a<b>\u{0}\r\n".repeat(4_000);
        for f in FORMS {
            let v = Values(f.fields.iter().map(|x| (x.name.to_owned(), huge.clone())).collect());
            assert!(problems(f.name, &v).unwrap().0.len() > 0, "{}", f.name);
            let _ = problems(f.name, &Values::default());
        }
    }
}
