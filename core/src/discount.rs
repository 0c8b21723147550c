//! Discount codes: is a code usable on this cart, for this customer, at this moment, and how
//! much does it take off.
//!
//! **What.** [`discount_amount`] takes a code's terms ([`DiscountTerms`]: a percentage or a
//! fixed amount, a minimum order total, a maximum discount, a start and an end time, a global
//! and a per-customer usage limit, optional category or product restrictions, an optional
//! owner, "first purchase only"), the uses counted so far, the customer (with how many paid
//! orders they have) and the cart's lines, and answers the amount
//! in Toman or why the code does not apply ([`DiscountRefusal`], each with its Persian message).
//! [`DiscountTerms::check`] is the rule for *creating* a code (a percentage over 100, a
//! negative amount, an end before the start… are refused). [`DiscountCode::parse`] is the
//! shape of a code as typed.
//!
//! **Why.** The server applies the code at order registration and the web app previews it;
//! both must agree to the Toman, so the rule lives here once.
//!
//! **Reading.** Checks run in this order, the first failure answers: owner (someone else's
//! personal code answers like an unknown code, so codes cannot be probed), start (inclusive),
//! end (exclusive), global uses, the customer's uses, first purchase (a code for the first
//! purchase refuses a customer with a paid order), restrictions (at least one line in a
//! listed category or product), minimum (the whole items total, before delivery). The amount
//! is taken from the *eligible* lines only (all lines without restrictions): a percentage is
//! rounded **down** to a whole Toman, a fixed amount is at most the eligible total, and
//! `max_discount` caps both.
//!
//! ```
//! use shop_core::discount::{discount_amount, DiscountInput, DiscountKind, DiscountLine, DiscountTerms};
//! let terms = DiscountTerms { kind: DiscountKind::Percent, value: 10, max_discount: Some(500_000), ..DiscountTerms::open(0, 100) };
//! let input = DiscountInput {
//!     terms, used: 0, customer_used: 0, customer_id: 7, paid_orders: 0, now: 50,
//!     lines: vec![DiscountLine { product_id: 1, categories: vec![3], total: 12_345_678 }],
//! };
//! assert_eq!(discount_amount(&input), Ok(500_000)); // 10% is 1,234,567, capped
//! ```

use serde::{Deserialize, Serialize};

use crate::digits::{format_price, to_persian_digits, western_digit};
use crate::text::is_invisible_or_space;
use crate::types::{DiscountPercent, FieldError, RuleKind, Toman};

/// A code that is unknown, malformed or someone else's personal code.
pub const UNKNOWN_MESSAGE: &str = "کد تخفیف وارد شده معتبر نیست";
/// The code's start time has not come yet.
pub const NOT_STARTED_MESSAGE: &str = "این کد تخفیف هنوز فعال نشده است";
/// The code's end time has passed.
pub const EXPIRED_MESSAGE: &str = "مهلت استفاده از این کد تخفیف به پایان رسیده است";
/// Every use of the code is taken.
pub const USED_UP_MESSAGE: &str = "ظرفیت استفاده از این کد تخفیف تمام شده است";
/// The customer used the code as often as allowed.
pub const CUSTOMER_LIMIT_MESSAGE: &str = "شما پیش‌تر از این کد تخفیف استفاده کرده‌اید";
/// A code for the first purchase, tried by a customer who has a paid order.
pub const FIRST_PURCHASE_MESSAGE: &str = "این کد تخفیف فقط برای نخستین خرید است و شما پیش‌تر خرید کرده‌اید";
/// No line of the cart is in the code's categories or products.
pub const NOT_APPLICABLE_MESSAGE: &str = "این کد تخفیف برای کالاهای سبد خرید شما قابل استفاده نیست";

/// Percentage or fixed amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiscountKind {
    /// `value` percent of the eligible total.
    Percent,
    /// `value` Toman.
    Fixed,
}

impl DiscountKind {
    /// The stored name (`percent`, `fixed`).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Percent => "percent",
            Self::Fixed => "fixed",
        }
    }

    /// From the stored name.
    ///
    /// ```
    /// use shop_core::discount::DiscountKind;
    /// assert_eq!(DiscountKind::parse("fixed"), Some(DiscountKind::Fixed));
    /// assert_eq!(DiscountKind::parse("half"), None);
    /// ```
    pub fn parse(s: &str) -> Option<Self> {
        match s.trim() {
            "percent" => Some(Self::Percent),
            "fixed" => Some(Self::Fixed),
            _ => None,
        }
    }
}

/// A code's terms (times are Unix seconds; `None` means no limit).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiscountTerms {
    /// Percentage or fixed.
    pub kind: DiscountKind,
    /// Percent (0..=100) or Toman (≥ 0).
    pub value: i64,
    /// The smallest items total (before delivery) the code applies to.
    #[serde(default)]
    pub min_total: i64,
    /// The most the code takes off.
    #[serde(default)]
    pub max_discount: Option<i64>,
    /// First second the code is valid.
    pub starts_at: i64,
    /// First second the code is no longer valid.
    pub ends_at: i64,
    /// Uses over all customers.
    #[serde(default)]
    pub usage_limit: Option<i64>,
    /// Uses per customer.
    #[serde(default)]
    pub per_customer_limit: Option<i64>,
    /// Category ids (a line's category or any of its ancestors); empty: every category.
    #[serde(default)]
    pub categories: Vec<i64>,
    /// Product ids; empty: every product. With both lists, a line in either qualifies.
    #[serde(default)]
    pub products: Vec<i64>,
    /// A personal code: only this customer id may use it.
    #[serde(default)]
    pub owner_id: Option<i64>,
    /// Only for a customer's first purchase: refused once they have a paid order.
    #[serde(default)]
    pub first_purchase_only: bool,
}

impl DiscountTerms {
    /// A 0% code valid from `starts_at` to `ends_at` with no other condition (a base for `..`).
    pub fn open(starts_at: i64, ends_at: i64) -> Self {
        Self {
            kind: DiscountKind::Percent,
            value: 0,
            min_total: 0,
            max_discount: None,
            starts_at,
            ends_at,
            usage_limit: None,
            per_customer_limit: None,
            categories: Vec::new(),
            products: Vec::new(),
            owner_id: None,
            first_purchase_only: false,
        }
    }

    /// The rule for creating a code: a percentage in 0..=100 (field `value`), a fixed amount
    /// ≥ 0, a minimum and a maximum ≥ 0, an end after the start, limits of at least 1.
    ///
    /// ```
    /// use shop_core::discount::{DiscountKind, DiscountTerms};
    /// let over = DiscountTerms { kind: DiscountKind::Percent, value: 101, ..DiscountTerms::open(0, 10) };
    /// assert_eq!(over.check().unwrap_err().message, "درصد تخفیف باید عددی بین ۰ و ۱۰۰ باشد");
    /// let negative = DiscountTerms { kind: DiscountKind::Fixed, value: -1, ..DiscountTerms::open(0, 10) };
    /// assert_eq!(negative.check().unwrap_err().field, "value");
    /// ```
    pub fn check(&self) -> Result<(), FieldError> {
        let bad = |field: &'static str, message: &str| FieldError {
            field,
            rule: RuleKind::MinValue,
            message: message.to_owned(),
        };
        match self.kind {
            DiscountKind::Percent => {
                DiscountPercent::try_from(self.value).map_err(|_| bad("value", PERCENT_MESSAGE))?;
            }
            DiscountKind::Fixed => {
                Toman::try_from(self.value).map_err(|_| bad("value", AMOUNT_MESSAGE))?;
            }
        }
        if self.min_total < 0 {
            return Err(bad("min_total", "حداقل مبلغ خرید نمی‌تواند منفی باشد"));
        }
        if self.max_discount.is_some_and(|m| m < 0) {
            return Err(bad("max_discount", "سقف تخفیف نمی‌تواند منفی باشد"));
        }
        if self.ends_at <= self.starts_at {
            return Err(bad("ends_at", "پایان اعتبار کد باید بعد از شروع آن باشد"));
        }
        if self.usage_limit.is_some_and(|n| n < 1) {
            return Err(bad("usage_limit", "سقف استفاده باید دست‌کم ۱ باشد"));
        }
        if self.per_customer_limit.is_some_and(|n| n < 1) {
            return Err(bad("per_customer_limit", "سقف استفادهٔ هر مشتری باید دست‌کم ۱ باشد"));
        }
        Ok(())
    }

    /// The terms in one Persian line for the customer (Persian digits), e.g.
    /// `۱۰٪ تخفیف تا سقف ۵۰۰٬۰۰۰ تومان، برای خرید از ۱۰٬۰۰۰٬۰۰۰ تومان`.
    ///
    /// ```
    /// use shop_core::discount::{DiscountKind, DiscountTerms};
    /// let t = DiscountTerms { kind: DiscountKind::Fixed, value: 200_000, min_total: 5_000_000, ..DiscountTerms::open(0, 1) };
    /// assert_eq!(t.describe(), "۲۰۰٬۰۰۰ تومان تخفیف، برای خرید از ۵٬۰۰۰٬۰۰۰ تومان");
    /// ```
    pub fn describe(&self) -> String {
        let mut s = match self.kind {
            DiscountKind::Percent => format!("{}٪ تخفیف", to_persian_digits(&self.value.to_string())),
            DiscountKind::Fixed => format!("{} تخفیف", format_price(self.value)),
        };
        if let Some(max) = self.max_discount {
            s.push_str(&format!(" تا سقف {}", format_price(max)));
        }
        if self.min_total > 0 {
            s.push_str(&format!("، برای خرید از {}", format_price(self.min_total)));
        }
        if self.first_purchase_only {
            s.push_str("، فقط برای نخستین خرید");
        }
        s
    }
}

/// The message for a percentage outside 0..=100 at creation.
pub const PERCENT_MESSAGE: &str = "درصد تخفیف باید عددی بین ۰ و ۱۰۰ باشد";
/// The message for a negative fixed amount at creation.
pub const AMOUNT_MESSAGE: &str = "مبلغ تخفیف نمی‌تواند منفی باشد";

/// One cart line as the rule sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiscountLine {
    /// The product.
    pub product_id: i64,
    /// The product's category and every ancestor of it.
    #[serde(default)]
    pub categories: Vec<i64>,
    /// `cart::line_total` of the line.
    pub total: i64,
}

/// Everything [`discount_amount`] reads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiscountInput {
    /// The code's terms.
    pub terms: DiscountTerms,
    /// Uses so far, all customers.
    #[serde(default)]
    pub used: i64,
    /// Uses so far by this customer.
    #[serde(default)]
    pub customer_used: i64,
    /// The customer's id.
    pub customer_id: i64,
    /// How many orders the customer has paid for (paid, preparing, shipped or delivered):
    /// what a first-purchase code reads.
    #[serde(default)]
    pub paid_orders: i64,
    /// The cart.
    pub lines: Vec<DiscountLine>,
    /// Unix seconds.
    pub now: i64,
}

/// Why a code does not apply.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiscountRefusal {
    /// Someone else's personal code (answers like an unknown code).
    #[error("{}", UNKNOWN_MESSAGE)]
    NotYours,
    /// Before `starts_at`.
    #[error("{}", NOT_STARTED_MESSAGE)]
    NotStarted,
    /// At or after `ends_at`.
    #[error("{}", EXPIRED_MESSAGE)]
    Expired,
    /// `usage_limit` reached.
    #[error("{}", USED_UP_MESSAGE)]
    UsedUp,
    /// `per_customer_limit` reached for this customer.
    #[error("{}", CUSTOMER_LIMIT_MESSAGE)]
    CustomerLimit,
    /// A first-purchase code, and the customer has a paid order.
    #[error("{}", FIRST_PURCHASE_MESSAGE)]
    NotFirstPurchase,
    /// No line in the code's categories or products.
    #[error("{}", NOT_APPLICABLE_MESSAGE)]
    NotApplicable,
    /// The items total is below `min_total` (the minimum, in Toman).
    #[error("این کد تخفیف برای خریدهای {} و بیشتر است", format_price(*.0))]
    BelowMinimum(i64),
}

fn line_qualifies(terms: &DiscountTerms, line: &DiscountLine) -> bool {
    (terms.categories.is_empty() && terms.products.is_empty())
        || terms.products.contains(&line.product_id)
        || line.categories.iter().any(|c| terms.categories.contains(c))
}

/// The amount the code takes off this cart, or why it does not apply (see the module docs).
///
/// ```
/// use shop_core::discount::{discount_amount, DiscountInput, DiscountKind, DiscountLine, DiscountRefusal, DiscountTerms};
/// let line = DiscountLine { product_id: 1, categories: vec![3], total: 1_000_000 };
/// let input = |terms, now| DiscountInput { terms, used: 0, customer_used: 0, customer_id: 7, paid_orders: 0, lines: vec![line.clone()], now };
/// let fixed = DiscountTerms { kind: DiscountKind::Fixed, value: 300_000, ..DiscountTerms::open(0, 100) };
/// assert_eq!(discount_amount(&input(fixed.clone(), 10)), Ok(300_000));
/// assert_eq!(discount_amount(&input(fixed, 100)), Err(DiscountRefusal::Expired));
/// ```
pub fn discount_amount(input: &DiscountInput) -> Result<i64, DiscountRefusal> {
    let t = &input.terms;
    if t.owner_id.is_some_and(|o| o != input.customer_id) {
        return Err(DiscountRefusal::NotYours);
    }
    if input.now < t.starts_at {
        return Err(DiscountRefusal::NotStarted);
    }
    if input.now >= t.ends_at {
        return Err(DiscountRefusal::Expired);
    }
    if t.usage_limit.is_some_and(|n| input.used >= n) {
        return Err(DiscountRefusal::UsedUp);
    }
    if t.per_customer_limit.is_some_and(|n| input.customer_used >= n) {
        return Err(DiscountRefusal::CustomerLimit);
    }
    if t.first_purchase_only && input.paid_orders > 0 {
        return Err(DiscountRefusal::NotFirstPurchase);
    }
    let eligible: i64 = input
        .lines
        .iter()
        .filter(|l| line_qualifies(t, l))
        .map(|l| l.total.max(0))
        .fold(0, i64::saturating_add);
    if !input.lines.iter().any(|l| line_qualifies(t, l)) {
        return Err(DiscountRefusal::NotApplicable);
    }
    let items: i64 = input.lines.iter().map(|l| l.total.max(0)).fold(0, i64::saturating_add);
    if items < t.min_total {
        return Err(DiscountRefusal::BelowMinimum(t.min_total));
    }
    let raw = match t.kind {
        DiscountKind::Percent => {
            let pct = i128::from(t.value.clamp(0, 100));
            (i128::from(eligible) * pct / 100) as i64
        }
        DiscountKind::Fixed => t.value.clamp(0, eligible),
    };
    Ok(t.max_discount.map_or(raw, |m| raw.min(m.max(0))))
}

/// What the customer is told when the code kept on their cart stops applying (the cart
/// changed, the code ended or was used up): the code was taken off, and the refusal's reason.
///
/// ```
/// use shop_core::discount::{dropped_message, DiscountRefusal};
/// assert_eq!(
///     dropped_message("WELCOME10", &DiscountRefusal::BelowMinimum(10_000_000).to_string()),
///     "کد تخفیف WELCOME10 از سبد خرید شما برداشته شد: این کد تخفیف برای خریدهای ۱۰٬۰۰۰٬۰۰۰ تومان و بیشتر است"
/// );
/// ```
pub fn dropped_message(code: &str, reason: &str) -> String {
    format!("کد تخفیف {code} از سبد خرید شما برداشته شد: {reason}")
}

/// A discount code as typed: white space and direction marks dropped, Persian digits to ASCII,
/// letters upper-cased; 3 to 32 of `A–Z`, `0–9`, `-`, `_`.
///
/// ```
/// use shop_core::discount::DiscountCode;
/// assert_eq!(DiscountCode::parse(" yalda۱۴۰۳ ").unwrap().as_str(), "YALDA1403");
/// assert_eq!(DiscountCode::parse("تخفیف").unwrap_err().message, "کد تخفیف وارد شده معتبر نیست");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DiscountCode(String);

impl DiscountCode {
    /// The request field a code comes in.
    pub const FIELD: &'static str = "discountcode";

    /// Parses a typed code.
    pub fn parse(input: &str) -> Result<Self, FieldError> {
        let s: String = input
            .chars()
            .filter(|c| !is_invisible_or_space(*c))
            .map(|c| western_digit(c).to_ascii_uppercase())
            .collect();
        let ok = (3..=32).contains(&s.len())
            && s.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-' || c == '_');
        if ok {
            Ok(Self(s))
        } else {
            Err(FieldError {
                field: Self::FIELD,
                rule: RuleKind::Required,
                message: UNKNOWN_MESSAGE.to_owned(),
            })
        }
    }

    /// The canonical code.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(product_id: i64, categories: Vec<i64>, total: i64) -> DiscountLine {
        DiscountLine { product_id, categories, total }
    }

    fn input(terms: DiscountTerms) -> DiscountInput {
        DiscountInput {
            terms,
            used: 0,
            customer_used: 0,
            customer_id: 7,
            paid_orders: 0,
            lines: vec![line(1, vec![10, 2], 4_000_000), line(2, vec![20, 2], 6_000_000)],
            now: 50,
        }
    }

    fn pct(value: i64) -> DiscountTerms {
        DiscountTerms { kind: DiscountKind::Percent, value, ..DiscountTerms::open(0, 100) }
    }

    #[test]
    fn percentage_rounds_down_and_is_capped() {
        let mut i = input(pct(15));
        i.lines = vec![line(1, vec![], 999)];
        assert_eq!(discount_amount(&i), Ok(149));
        i.terms.max_discount = Some(100);
        assert_eq!(discount_amount(&i), Ok(100));
    }

    #[test]
    fn fixed_never_exceeds_the_eligible_total() {
        let t = DiscountTerms { kind: DiscountKind::Fixed, value: 50_000_000, ..DiscountTerms::open(0, 100) };
        assert_eq!(discount_amount(&input(t)), Ok(10_000_000));
    }

    #[test]
    fn restrictions_take_from_matching_lines_only() {
        let t = DiscountTerms { categories: vec![10], ..pct(50) };
        assert_eq!(discount_amount(&input(t)), Ok(2_000_000));
        // An ancestor category matches every line under it.
        let t = DiscountTerms { categories: vec![2], ..pct(50) };
        assert_eq!(discount_amount(&input(t)), Ok(5_000_000));
        let t = DiscountTerms { products: vec![2], ..pct(10) };
        assert_eq!(discount_amount(&input(t)), Ok(600_000));
        let t = DiscountTerms { categories: vec![99], ..pct(10) };
        assert_eq!(discount_amount(&input(t)), Err(DiscountRefusal::NotApplicable));
    }

    #[test]
    fn refusals_in_order() {
        let mut i = input(DiscountTerms { owner_id: Some(8), ..pct(10) });
        assert_eq!(discount_amount(&i), Err(DiscountRefusal::NotYours));
        i.customer_id = 8;
        assert_eq!(discount_amount(&i), Ok(1_000_000));
        i.now = -1;
        assert_eq!(discount_amount(&i), Err(DiscountRefusal::NotStarted));
        i.now = 100;
        assert_eq!(discount_amount(&i), Err(DiscountRefusal::Expired));
        i.now = 99;
        i.terms.usage_limit = Some(3);
        i.used = 3;
        assert_eq!(discount_amount(&i), Err(DiscountRefusal::UsedUp));
        i.used = 2;
        i.terms.per_customer_limit = Some(1);
        i.customer_used = 1;
        assert_eq!(discount_amount(&i), Err(DiscountRefusal::CustomerLimit));
        i.customer_used = 0;
        i.terms.min_total = 10_000_001;
        assert_eq!(discount_amount(&i), Err(DiscountRefusal::BelowMinimum(10_000_001)));
        assert_eq!(
            DiscountRefusal::BelowMinimum(10_000_001).to_string(),
            "این کد تخفیف برای خریدهای ۱۰٬۰۰۰٬۰۰۱ تومان و بیشتر است"
        );
        i.terms.min_total = 10_000_000;
        assert_eq!(discount_amount(&i), Ok(1_000_000));
    }

    #[test]
    fn a_first_purchase_code_refuses_a_customer_who_has_paid_an_order() {
        let mut i = input(DiscountTerms { first_purchase_only: true, ..pct(10) });
        assert_eq!(discount_amount(&i), Ok(1_000_000));
        i.paid_orders = 1;
        assert_eq!(discount_amount(&i), Err(DiscountRefusal::NotFirstPurchase));
        assert_eq!(DiscountRefusal::NotFirstPurchase.to_string(), FIRST_PURCHASE_MESSAGE);
        // Without the term, paid orders do not matter.
        i.terms.first_purchase_only = false;
        assert_eq!(discount_amount(&i), Ok(1_000_000));
    }

    #[test]
    fn the_first_purchase_term_is_described() {
        let t = DiscountTerms { first_purchase_only: true, ..pct(10) };
        assert_eq!(t.describe(), "۱۰٪ تخفیف، فقط برای نخستین خرید");
    }

    #[test]
    fn empty_cart_is_not_applicable() {
        let mut i = input(pct(10));
        i.lines.clear();
        assert_eq!(discount_amount(&i), Err(DiscountRefusal::NotApplicable));
    }

    #[test]
    fn creation_rules() {
        assert!(pct(100).check().is_ok());
        assert!(pct(0).check().is_ok());
        assert_eq!(pct(101).check().unwrap_err().message, PERCENT_MESSAGE);
        assert_eq!(pct(-1).check().unwrap_err().message, PERCENT_MESSAGE);
        let fixed = |value| DiscountTerms { kind: DiscountKind::Fixed, value, ..DiscountTerms::open(0, 100) };
        assert!(fixed(0).check().is_ok());
        assert_eq!(fixed(-1).check().unwrap_err().message, AMOUNT_MESSAGE);
        assert_eq!(DiscountTerms { ends_at: 0, ..pct(5) }.check().unwrap_err().field, "ends_at");
        assert_eq!(DiscountTerms { usage_limit: Some(0), ..pct(5) }.check().unwrap_err().field, "usage_limit");
        assert_eq!(DiscountTerms { per_customer_limit: Some(0), ..pct(5) }.check().unwrap_err().field, "per_customer_limit");
        assert_eq!(DiscountTerms { min_total: -1, ..pct(5) }.check().unwrap_err().field, "min_total");
        assert_eq!(DiscountTerms { max_discount: Some(-1), ..pct(5) }.check().unwrap_err().field, "max_discount");
    }

    #[test]
    fn code_shape() {
        assert_eq!(DiscountCode::parse("‎off-10_a").unwrap().as_str(), "OFF-10_A");
        for bad in ["", "ab", "a b!", &"X".repeat(33), "کد۱۲"] {
            assert!(DiscountCode::parse(bad).is_err(), "{bad}");
        }
    }

    use proptest::prelude::*;

    proptest! {
        /// Whatever the terms and the cart: the amount is never negative, never more than the
        /// eligible lines' total and never above `max_discount`.
        #[test]
        fn the_amount_stays_within_its_bounds(
            percent in any::<bool>(),
            value in -10i64..2_000_000_000,
            max in proptest::option::of(-10i64..1_000_000_000),
            restrict in proptest::option::of(0i64..4),
            lines in proptest::collection::vec((0i64..4, 0i64..4, -10i64..5_000_000_000), 0..6),
        ) {
            let terms = DiscountTerms {
                kind: if percent { DiscountKind::Percent } else { DiscountKind::Fixed },
                value,
                max_discount: max,
                categories: restrict.into_iter().collect(),
                ..DiscountTerms::open(0, 10)
            };
            let lines: Vec<DiscountLine> = lines.into_iter().map(|(p, c, total)| line(p, vec![c], total)).collect();
            let eligible: i64 = lines
                .iter()
                .filter(|l| restrict.is_none_or(|c| l.categories.contains(&c)))
                .map(|l| l.total.max(0))
                .sum();
            let i = DiscountInput { terms, used: 0, customer_used: 0, customer_id: 1, paid_orders: 0, lines, now: 5 };
            if let Ok(amount) = discount_amount(&i) {
                prop_assert!(amount >= 0);
                prop_assert!(amount <= eligible);
                if let Some(m) = max {
                    prop_assert!(amount <= m.max(0));
                }
            }
        }
    }

    #[test]
    fn huge_values_do_not_overflow() {
        let mut i = input(pct(100));
        i.lines = vec![line(1, vec![], i64::MAX), line(2, vec![], i64::MAX)];
        assert_eq!(discount_amount(&i), Ok(i64::MAX));
    }
}
