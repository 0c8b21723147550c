//! The catalogue editor's forms: a product, one of its variants, a category.
//!
//! **What.** One declaration per form: each field's Persian label and its rule. [`parse_product`],
//! [`parse_variant`] and [`parse_category`] take what staff typed (strings, Persian or Arabic-Indic
//! digits and `٬`/`,` thousands separators accepted) and answer either the typed values the server
//! stores or every failing field's Persian message ([`FormProblems`], keyed by the field's name).
//! The rules:
//! - product: name 3–200 characters; brand 1–60; model up to 60; line `laptop`/`tablet-laptop`;
//!   condition [`CONDITIONS`] (`new`, `used`, `open-box`); a category id; description up to
//!   20 000 characters; for used and open-box units a grade from [`GRADES`], battery health
//!   0–100 % and a test period of 0–365 days (ignored for new ones); specs (RAM, storage,
//!   screen, weight, battery) are whole or decimal numbers within sane bounds; a special offer
//!   is a price above 0 and below the cheapest variant's price, with a Jalali end date whose
//!   day ends in the future (the offer runs to the end of that day, Tehran time);
//! - variant: colour and warranty name required; price a whole number of Toman above 0; stock
//!   a whole number, 0 or more; warranty price a whole number, 0 or more;
//! - category: name 2–60 characters; slug 2–60 of `a-z`, `0-9` and `-`; parent empty or an id;
//!   position a whole number 0–10 000.
//!
//! Text is kept as typed (trimmed): markup is data, and every page prints it escaped.
//!
//! **Why.** The web form checks with this same code through WASM before sending, and the server
//! parses the request with it, so both refuse the same input with the same words (a price of 0,
//! a stock of -1, an offer above the price, an end date in the past).
//!
//! **Example.**
//! ```
//! use shop_core::product_form::{parse_variant, VariantInput};
//! let mut v = VariantInput { color: "نقره‌ای".into(), warranty_name: "گارانتی ۱۸ ماهه".into(),
//!     price: "۴۵٬۰۰۰٬۰۰۰".into(), stock: "3".into(), ..Default::default() };
//! assert_eq!(parse_variant(&v).unwrap().price, 45_000_000);
//! v.price = "0".into();
//! v.stock = "-1".into();
//! let e = parse_variant(&v).unwrap_err();
//! assert_eq!(e.get("price"), Some("قیمت باید بیشتر از ۰ باشد"));
//! assert_eq!(e.get("stock"), Some("موجودی باید عدد صحیح ۰ یا بیشتر باشد"));
//! ```

use serde::{Deserialize, Deserializer, Serialize};

use crate::digits::{to_persian_digits, to_western_digits};
use crate::jalali::JalaliDate;
use crate::text::is_invisible_or_space;
use crate::validation::{too_long_message, validate, Rule};

/// The conditions a product may be in: `new`, `used` («استوک»), `open-box`.
pub const CONDITIONS: [(&str, &str); 3] = [("new", "نو"), ("used", "استوک"), ("open-box", "اوپن‌باکس")];
/// The product lines.
pub const LINES: [(&str, &str); 2] = [("laptop", "لپ‌تاپ"), ("tablet-laptop", "تبلت‌لپ‌تاپ")];
/// A used or open-box unit's grades, best first.
pub const GRADES: [&str; 4] = ["A+", "A", "B", "C"];
/// Storage kinds.
pub const STORAGE_TYPES: [&str; 3] = ["SSD", "HDD", "eMMC"];

/// The largest price or stock the forms accept (a typo guard, far above any laptop).
pub const MAX_TOMAN: i64 = 100_000_000_000;
/// The largest stock.
pub const MAX_STOCK: i64 = 1_000_000;

/// The message of an offer not below the cheapest variant's price.
pub const OFFER_ABOVE_PRICE: &str = "قیمت ویژه باید کمتر از قیمت کالا باشد";
/// The message of an offer that has already ended.
pub const OFFER_ENDED: &str = "تاریخ پایان پیشنهاد ویژه باید در آینده باشد";
/// The message of an offer price without an end date.
pub const OFFER_NEEDS_END: &str = "تاریخ پایان پیشنهاد ویژه را وارد کنید";
/// The message of an end date without an offer price.
pub const OFFER_NEEDS_PRICE: &str = "قیمت ویژه را وارد کنید";
/// The message of a slug with anything but `a-z`, `0-9` and `-`.
pub const SLUG_MESSAGE: &str = "نامک باید ۲ تا ۶۰ نویسه از حروف کوچک انگلیسی، رقم و خط تیره باشد";

/// The product form's fields and their Persian labels (also the keys of its audit snapshot;
/// `published` is the publish toggle).
pub const PRODUCT_LABELS: [(&str, &str); 25] = [
    ("name", "نام محصول"),
    ("brand", "برند"),
    ("model", "مدل"),
    ("line", "نوع محصول"),
    ("condition", "وضعیت کالا"),
    ("category", "دسته‌بندی"),
    ("description", "توضیحات"),
    ("grade", "درجه کالا"),
    ("battery_health", "سلامت باتری"),
    ("test_days", "مهلت تست"),
    ("cpu", "پردازنده"),
    ("ram_gb", "رم"),
    ("storage_gb", "حافظه"),
    ("storage_type", "نوع حافظه"),
    ("gpu", "کارت گرافیک"),
    ("screen_inches", "اندازه صفحه"),
    ("screen_resolution", "رزولوشن"),
    ("weight_kg", "وزن"),
    ("battery_wh", "باتری"),
    ("ports", "درگاه‌ها"),
    ("os", "سیستم‌عامل"),
    ("special_price", "قیمت ویژه"),
    ("special_ends", "پایان پیشنهاد ویژه"),
    ("published", "انتشار"),
    ("uid", "شناسه"),
];

/// The variant row's fields and their Persian labels.
pub const VARIANT_LABELS: [(&str, &str); 9] = [
    ("color", "رنگ"),
    ("warranty_name", "گارانتی"),
    ("warranty_price", "قیمت گارانتی"),
    ("warranty_note", "شرح گارانتی"),
    ("price", "قیمت"),
    ("stock", "موجودی"),
    ("ins_payment", "فروش اقساطی"),
    ("property", "مشخصه"),
    ("dg", "کد کالا"),
];

/// The category form's fields and their Persian labels.
pub const CATEGORY_LABELS: [(&str, &str); 5] =
    [("name", "نام دسته"), ("slug", "نامک"), ("parent", "دسته والد"), ("position", "ترتیب"), ("description", "توضیحات")];

/// The label of `field` in `labels` (the key itself when it is not there).
pub fn label<'a>(labels: &[(&'static str, &'static str)], field: &'a str) -> &'a str {
    labels.iter().find(|(k, _)| *k == field).map_or(field, |(_, l)| l)
}

/// What staff typed in the product form (every field a string; missing ones are empty).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
#[allow(missing_docs)]
pub struct ProductInput {
    #[serde(deserialize_with = "or_default")]
    pub name: String,
    #[serde(deserialize_with = "or_default")]
    pub brand: String,
    #[serde(deserialize_with = "or_default")]
    pub model: String,
    #[serde(deserialize_with = "or_default")]
    pub line: String,
    #[serde(deserialize_with = "or_default")]
    pub condition: String,
    /// The category's id.
    #[serde(deserialize_with = "or_default")]
    pub category: String,
    #[serde(deserialize_with = "or_default")]
    pub description: String,
    #[serde(deserialize_with = "or_default")]
    pub grade: String,
    #[serde(deserialize_with = "or_default")]
    pub battery_health: String,
    #[serde(deserialize_with = "or_default")]
    pub test_days: String,
    #[serde(deserialize_with = "or_default")]
    pub cpu: String,
    #[serde(deserialize_with = "or_default")]
    pub ram_gb: String,
    #[serde(deserialize_with = "or_default")]
    pub storage_gb: String,
    #[serde(deserialize_with = "or_default")]
    pub storage_type: String,
    #[serde(deserialize_with = "or_default")]
    pub gpu: String,
    #[serde(deserialize_with = "or_default")]
    pub screen_inches: String,
    #[serde(deserialize_with = "or_default")]
    pub screen_resolution: String,
    #[serde(deserialize_with = "or_default")]
    pub weight_kg: String,
    #[serde(deserialize_with = "or_default")]
    pub battery_wh: String,
    #[serde(deserialize_with = "or_default")]
    pub ports: String,
    #[serde(deserialize_with = "or_default")]
    pub os: String,
    /// The offer price of the cheapest variant; empty: no offer.
    #[serde(deserialize_with = "or_default")]
    pub special_price: String,
    /// The offer's last day, Jalali (`1405/09/10`, any digits).
    #[serde(deserialize_with = "or_default")]
    pub special_ends: String,
    /// The cheapest variant's price (the offer must be below it); `None` before there are variants.
    pub cheapest_price: Option<i64>,
    /// Now, Unix seconds (the offer must end after it).
    pub now: i64,
}

/// A used or open-box unit's details.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UsedUnit {
    /// One of [`GRADES`].
    pub grade: String,
    /// Battery health, percent (0–100).
    pub battery_health: i32,
    /// Test (return) period in days.
    pub test_days: i32,
}

/// A product's specs.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[allow(missing_docs)]
pub struct Specs {
    pub cpu: String,
    pub ram_gb: i32,
    pub storage_gb: i32,
    /// One of [`STORAGE_TYPES`].
    pub storage_type: String,
    pub gpu: String,
    pub screen_inches: f64,
    pub screen_resolution: String,
    pub weight_kg: f64,
    pub battery_wh: i32,
    pub ports: String,
    pub os: String,
}

/// A running special offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Offer {
    /// The cheapest variant's price during the offer (the others get the same discount).
    pub price: i64,
    /// When it ends (Unix seconds): the start of the Tehran day after the chosen one.
    pub ends_at: i64,
}

/// A product as the form's rules accept it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[allow(missing_docs)]
pub struct Product {
    pub name: String,
    pub brand: String,
    pub model: String,
    /// `laptop` or `tablet-laptop`.
    pub line: &'static str,
    /// `new`, `used` or `open-box`.
    pub condition: &'static str,
    pub category_id: i64,
    pub description: String,
    /// Only for used and open-box units.
    pub used: Option<UsedUnit>,
    pub specs: Specs,
    pub offer: Option<Offer>,
}

/// What staff typed in a variant's row.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
#[allow(missing_docs)]
pub struct VariantInput {
    #[serde(deserialize_with = "or_default")]
    pub color: String,
    #[serde(deserialize_with = "or_default")]
    pub warranty_name: String,
    #[serde(deserialize_with = "or_default")]
    pub warranty_price: String,
    #[serde(deserialize_with = "or_default")]
    pub warranty_note: String,
    #[serde(deserialize_with = "or_default")]
    pub price: String,
    #[serde(deserialize_with = "or_default")]
    pub stock: String,
    #[serde(deserialize_with = "or_default")]
    pub ins_payment: bool,
    /// The configuration line, e.g. «16 گیگ رم / 512 گیگ SSD».
    #[serde(deserialize_with = "or_default")]
    pub property: String,
    /// The variant's short code (SKU).
    #[serde(deserialize_with = "or_default")]
    pub dg: String,
}

/// A variant as the form's rules accept it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[allow(missing_docs)]
pub struct Variant {
    pub color: String,
    pub warranty_name: String,
    pub warranty_price: i64,
    pub warranty_note: String,
    pub price: i64,
    pub stock: i64,
    pub ins_payment: bool,
    pub property: String,
    pub dg: String,
}

/// What staff typed in the category form.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
#[allow(missing_docs)]
pub struct CategoryInput {
    #[serde(deserialize_with = "or_default")]
    pub name: String,
    #[serde(deserialize_with = "or_default")]
    pub slug: String,
    /// The parent's id; empty for a top-level category.
    #[serde(deserialize_with = "or_default")]
    pub parent: String,
    #[serde(deserialize_with = "or_default")]
    pub position: String,
    #[serde(deserialize_with = "or_default")]
    pub description: String,
}

/// A category as the form's rules accept it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[allow(missing_docs)]
pub struct Category {
    pub name: String,
    pub slug: String,
    pub parent_id: Option<i64>,
    pub position: i32,
    pub description: String,
}

/// The failing fields of a form, in form order: (field name, Persian message).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FormProblems(pub Vec<(String, String)>);

impl FormProblems {
    /// The message of `field`, if it failed.
    pub fn get(&self, field: &str) -> Option<&str> {
        self.0.iter().find(|(k, _)| k == field).map(|(_, m)| m.as_str())
    }

    fn push(&mut self, field: &str, message: impl Into<String>) {
        self.0.push((field.to_owned(), message.into()));
    }
}

/// One form's checks: collects each field's first failure.
struct Form {
    problems: FormProblems,
    labels: &'static [(&'static str, &'static str)],
}

fn trimmed(s: &str) -> &str {
    s.trim_matches(is_invisible_or_space)
}

fn fa(n: i64) -> String {
    to_persian_digits(&n.to_string())
}

/// A number as typed: digits to ASCII, thousands separators and inner spaces dropped.
#[inline(never)]
fn number_text(s: &str) -> String {
    to_western_digits(trimmed(s))
        .chars()
        .filter(|c| !matches!(c, ',' | '٬' | '_' | ' ' | '\u{200c}'))
        .map(|c| if c == '٫' || c == '/' { '.' } else { c })
        .collect()
}

#[inline(never)]
fn parse_whole(s: &str) -> Option<i64> {
    let t = number_text(s);
    let digits = t.strip_prefix('-').unwrap_or(&t);
    if digits.is_empty() || digits.len() > 15 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    t.parse().ok()
}

/// A non-negative decimal with at most 3 fraction digits, read by hand: the float parser would
/// add kilobytes to the WASM module for these few fields.
#[inline(never)]
fn parse_decimal(s: &str) -> Option<f64> {
    let t = number_text(s);
    let (whole, frac) = t.split_once('.').unwrap_or((&t, ""));
    let digits = |x: &str| x.bytes().all(|b| b.is_ascii_digit());
    if whole.len() > 6 || frac.len() > 3 || (whole.is_empty() && frac.is_empty()) || !digits(whole) || !digits(frac) {
        return None;
    }
    let w: u32 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
    let f: u32 = if frac.is_empty() { 0 } else { frac.parse().ok()? };
    Some(f64::from(w) + f64::from(f) / f64::from(10u32.pow(frac.len() as u32)))
}

impl Form {
    fn new(labels: &'static [(&'static str, &'static str)]) -> Self {
        Form { problems: FormProblems::default(), labels }
    }

    #[inline(never)]
    fn fail(&mut self, field: &str, message: impl Into<String>) {
        self.problems.push(field, message);
    }

    /// Trimmed text of at most `max` characters; `min` > 0 makes it required.
    #[inline(never)]
    fn text(&mut self, field: &str, value: &str, min: usize, max: usize) -> String {
        let label = label(self.labels, field);
        let v = trimmed(value);
        if min > 0 {
            if let Err(e) = validate(&Rule::Required, label, v) {
                self.fail(field, String::from(e));
                return String::new();
            }
        }
        let n = v.chars().count();
        if n > max {
            self.fail(field, too_long_message(label, max));
        } else if n < min {
            self.fail(field, format!("{label} باید حداقل {} کاراکتر باشد", fa(min as i64)));
        }
        v.to_owned()
    }

    /// A whole number in `min..=max`; empty is `empty` (None: required).
    #[inline(never)]
    fn whole(&mut self, field: &str, value: &str, empty: Option<i64>, min: i64, max: i64, message: &str) -> i64 {
        let label = label(self.labels, field);
        if trimmed(value).is_empty() {
            if let Some(d) = empty {
                return d;
            }
            self.fail(field, validate(&Rule::Required, label, "").map_err(String::from).err().unwrap_or_default());
            return 0;
        }
        match parse_whole(value) {
            Some(n) if (min..=max).contains(&n) => n,
            _ => {
                self.fail(field, message.replace("{field}", label));
                0
            }
        }
    }

    /// A decimal in `0..=max`; empty is 0.
    #[inline(never)]
    fn decimal(&mut self, field: &str, value: &str, max: i64) -> f64 {
        let label = label(self.labels, field);
        if trimmed(value).is_empty() {
            return 0.0;
        }
        match parse_decimal(value) {
            Some(x) if x <= max as f64 => x,
            _ => {
                self.fail(field, format!("{label} باید عددی بین ۰ و {} باشد", fa(max)));
                0.0
            }
        }
    }

    /// One of `options` (by key); empty is `empty` (None: required).
    #[inline(never)]
    fn choice(&mut self, field: &str, value: &str, options: &[&'static str], empty: Option<&'static str>) -> &'static str {
        let label = label(self.labels, field);
        let v = trimmed(value);
        if v.is_empty() {
            if let Some(d) = empty {
                return d;
            }
            self.fail(field, validate(&Rule::Select, label, "").map_err(String::from).err().unwrap_or_default());
            return "";
        }
        match options.iter().find(|o| o.eq_ignore_ascii_case(v)) {
            Some(o) => o,
            None => {
                self.fail(field, format!("{label} را از فهرست انتخاب کنید"));
                ""
            }
        }
    }

    fn done<T>(self, value: T) -> Result<T, FormProblems> {
        if self.problems.0.is_empty() {
            Ok(value)
        } else {
            Err(self.problems)
        }
    }
}

const WHOLE_RANGE: &str = "{field} باید عدد صحیح بین ۰ و {max} باشد";

#[inline(never)]
fn range_message(max: i64) -> String {
    WHOLE_RANGE.replace("{max}", &fa(max))
}

/// The end of an offer whose last day is `input` (Jalali): the start of the next Tehran day.
#[inline(never)]
pub fn offer_end(input: &str) -> Option<i64> {
    let d = JalaliDate::parse(input).ok()?;
    crate::tehran::tehran_day_start(&d).map(|s| s + 86_400)
}

/// The Jalali last day (`1405/09/10`, ASCII digits) of an offer ending at `ends_at`.
pub fn offer_last_day(ends_at: i64) -> String {
    match crate::tehran::tehran_date(ends_at - 1) {
        Some(d) => format!("{:04}/{:02}/{:02}", d.year, d.month, d.day),
        None => String::new(),
    }
}

/// Applies the product form's rules to what staff typed.
pub fn parse_product(i: &ProductInput) -> Result<Product, FormProblems> {
    let mut f = Form::new(&PRODUCT_LABELS);
    let name = f.text("name", &i.name, 3, 200);
    let brand = f.text("brand", &i.brand, 1, 60);
    let model = f.text("model", &i.model, 0, 60);
    let line_keys: Vec<&'static str> = LINES.iter().map(|l| l.0).collect();
    let line = f.choice("line", &i.line, &line_keys, Some("laptop"));
    let cond_keys: Vec<&'static str> = CONDITIONS.iter().map(|c| c.0).collect();
    let condition = f.choice("condition", &i.condition, &cond_keys, None);
    let category_id = if trimmed(&i.category).is_empty() {
        f.choice("category", "", &[], None);
        0
    } else {
        f.whole("category", &i.category, None, 1, i64::from(i32::MAX), "لطفا {field} را انتخاب کنید")
    };
    let description = f.text("description", &i.description, 0, 20_000);
    let used = if condition == "used" || condition == "open-box" {
        let grade = f.choice("grade", &i.grade, &GRADES, None);
        let battery = f.whole("battery_health", &i.battery_health, None, 0, 100, "{field} باید درصدی بین ۰ و ۱۰۰ باشد");
        let days = f.whole("test_days", &i.test_days, None, 0, 365, &range_message(365));
        Some(UsedUnit { grade: grade.to_owned(), battery_health: battery as i32, test_days: days as i32 })
    } else {
        None
    };
    let specs = Specs {
        cpu: f.text("cpu", &i.cpu, 0, 100),
        ram_gb: f.whole("ram_gb", &i.ram_gb, Some(0), 0, 1024, &range_message(1024)) as i32,
        storage_gb: f.whole("storage_gb", &i.storage_gb, Some(0), 0, 65_536, &range_message(65_536)) as i32,
        storage_type: f.choice("storage_type", &i.storage_type, &STORAGE_TYPES, Some("SSD")).to_owned(),
        gpu: f.text("gpu", &i.gpu, 0, 100),
        screen_inches: f.decimal("screen_inches", &i.screen_inches, 30),
        screen_resolution: f.text("screen_resolution", &i.screen_resolution, 0, 30),
        weight_kg: f.decimal("weight_kg", &i.weight_kg, 20),
        battery_wh: f.whole("battery_wh", &i.battery_wh, Some(0), 0, 500, &range_message(500)) as i32,
        ports: f.text("ports", &i.ports, 0, 300),
        os: f.text("os", &i.os, 0, 60),
    };
    let has_price = !trimmed(&i.special_price).is_empty();
    let has_end = !trimmed(&i.special_ends).is_empty();
    let offer = match (has_price, has_end) {
        (false, false) => None,
        (true, false) => {
            f.fail("special_ends", OFFER_NEEDS_END);
            None
        }
        (false, true) => {
            f.fail("special_price", OFFER_NEEDS_PRICE);
            None
        }
        (true, true) => {
            let price = f.whole("special_price", &i.special_price, None, 1, MAX_TOMAN, "{field} باید عدد صحیح بیشتر از ۰ باشد");
            if price > 0 && i.cheapest_price.is_some_and(|c| price >= c) {
                f.fail("special_price", OFFER_ABOVE_PRICE);
            }
            let ends_at = match offer_end(&i.special_ends) {
                None => {
                    f.fail("special_ends", crate::jalali::DATE_MESSAGE);
                    0
                }
                Some(end) if end <= i.now => {
                    f.fail("special_ends", OFFER_ENDED);
                    0
                }
                Some(end) => end,
            };
            Some(Offer { price, ends_at })
        }
    };
    f.done(Product { name, brand, model, line, condition, category_id, description, used, specs, offer })
}

/// Applies the variant row's rules to what staff typed.
pub fn parse_variant(i: &VariantInput) -> Result<Variant, FormProblems> {
    let mut f = Form::new(&VARIANT_LABELS);
    let color = f.text("color", &i.color, 1, 40);
    let warranty_name = f.text("warranty_name", &i.warranty_name, 1, 100);
    let warranty_price =
        f.whole("warranty_price", &i.warranty_price, Some(0), 0, MAX_TOMAN, "{field} باید عدد صحیح ۰ یا بیشتر باشد");
    let warranty_note = f.text("warranty_note", &i.warranty_note, 0, 300);
    let price = f.whole("price", &i.price, None, 1, MAX_TOMAN, "{field} باید بیشتر از ۰ باشد");
    let stock = f.whole("stock", &i.stock, None, 0, MAX_STOCK, "{field} باید عدد صحیح ۰ یا بیشتر باشد");
    let property = f.text("property", &i.property, 0, 200);
    let dg = f.text("dg", &i.dg, 0, 40);
    f.done(Variant { color, warranty_name, warranty_price, warranty_note, price, stock, ins_payment: i.ins_payment, property, dg })
}

/// Applies the category form's rules to what staff typed.
pub fn parse_category(i: &CategoryInput) -> Result<Category, FormProblems> {
    let mut f = Form::new(&CATEGORY_LABELS);
    let name = f.text("name", &i.name, 2, 60);
    let slug = trimmed(&i.slug).to_owned();
    let slug_ok = (2..=60).contains(&slug.len())
        && slug.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !slug.starts_with('-')
        && !slug.ends_with('-');
    if slug.is_empty() {
        f.fail("slug", validate(&Rule::Required, label(&CATEGORY_LABELS, "slug"), "").map_err(String::from).err().unwrap_or_default());
    } else if !slug_ok {
        f.fail("slug", SLUG_MESSAGE);
    }
    let parent_id = if trimmed(&i.parent).is_empty() || trimmed(&i.parent) == "0" {
        None
    } else {
        Some(f.whole("parent", &i.parent, None, 1, i64::from(i32::MAX), "لطفا {field} را از فهرست انتخاب کنید"))
    };
    let position = f.whole("position", &i.position, Some(0), 0, 10_000, &range_message(10_000)) as i32;
    let description = f.text("description", &i.description, 0, 2_000);
    f.done(Category { name, slug, parent_id, position, description })
}

/// A field's value read as its type, `null` read as the type's default (empty text, `false`).
fn or_default<'de, T: Default + Deserialize<'de>, D: Deserializer<'de>>(d: D) -> Result<T, D::Error> {
    Option::<T>::deserialize(d).map(Option::unwrap_or_default)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn laptop() -> ProductInput {
        ProductInput {
            name: "لپ‌تاپ ایسوس ذن‌بوک ۱۴".into(),
            brand: "ASUS".into(),
            model: "UX3405".into(),
            condition: "new".into(),
            category: "3".into(),
            ram_gb: "۱۶".into(),
            screen_inches: "۱۴٫۵".into(),
            cheapest_price: Some(50_000_000),
            now: 1_800_000_000,
            ..Default::default()
        }
    }

    #[test]
    fn a_new_laptop_parses_with_persian_digits() {
        let p = parse_product(&laptop()).unwrap();
        assert_eq!((p.condition, p.line, p.category_id, p.specs.ram_gb), ("new", "laptop", 3, 16));
        assert_eq!(p.specs.screen_inches, 14.5);
        assert_eq!(p.used, None);
        assert_eq!(p.offer, None);
    }

    #[test]
    fn used_units_need_grade_battery_and_test_days() {
        let mut i = laptop();
        i.condition = "used".into();
        i.grade = "Z".into();
        i.battery_health = "101".into();
        let e = parse_product(&i).unwrap_err();
        assert_eq!(e.get("grade"), Some("درجه کالا را از فهرست انتخاب کنید"));
        assert_eq!(e.get("battery_health"), Some("سلامت باتری باید درصدی بین ۰ و ۱۰۰ باشد"));
        assert_eq!(e.get("test_days"), Some("لطفا مهلت تست را وارد کنید"));
        i.grade = "A+".into();
        i.battery_health = "۸۵".into();
        i.test_days = "7".into();
        assert_eq!(parse_product(&i).unwrap().used.unwrap().battery_health, 85);
    }

    #[test]
    fn an_offer_must_be_below_the_price_and_end_in_the_future() {
        let mut i = laptop();
        i.special_price = "60000000".into();
        i.special_ends = "1300/01/01".into();
        let e = parse_product(&i).unwrap_err();
        assert_eq!(e.get("special_price"), Some(OFFER_ABOVE_PRICE));
        assert_eq!(e.get("special_ends"), Some(OFFER_ENDED));
        i.special_price = "45,000,000".into();
        i.special_ends = "1500/01/01".into();
        let o = parse_product(&i).unwrap().offer.unwrap();
        assert_eq!(o.price, 45_000_000);
        assert_eq!(offer_last_day(o.ends_at), "1500/01/01");
    }

    #[test]
    fn variant_numbers_are_whole_and_in_range() {
        let v = VariantInput { color: "مشکی".into(), warranty_name: "x".into(), price: "1.5".into(), stock: "2.5".into(), ..Default::default() };
        let e = parse_variant(&v).unwrap_err();
        assert_eq!(e.get("price"), Some("قیمت باید بیشتر از ۰ باشد"));
        assert_eq!(e.get("stock"), Some("موجودی باید عدد صحیح ۰ یا بیشتر باشد"));
        assert_eq!(e.get("warranty_price"), None);
    }

    #[test]
    fn markup_is_kept_as_text() {
        let mut i = laptop();
        i.name = "<script>alert(1)</script>".into();
        assert_eq!(parse_product(&i).unwrap().name, "<script>alert(1)</script>");
    }

    #[test]
    fn slugs_are_ascii() {
        let c = CategoryInput { name: "گیمینگ".into(), slug: "گیمینگ".into(), ..Default::default() };
        assert_eq!(parse_category(&c).unwrap_err().get("slug"), Some(SLUG_MESSAGE));
        let c = CategoryInput { name: "گیمینگ".into(), slug: "gaming-2".into(), parent: "۴".into(), ..Default::default() };
        assert_eq!(parse_category(&c).unwrap().parent_id, Some(4));
    }
}
