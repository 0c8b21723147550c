//! The cart (pre-order): count, totals and instalment eligibility.
//!
//! Decision: a line with `num <= 0` (a bad or stale quantity) counts as zero items and adds
//! nothing to the totals; prices are taken as given. All sums saturate at the `i64` bounds
//! instead of overflowing.
//!
//! ```
//! use shop_core::cart::{cart_count, order_total, CartLine};
//! let line = CartLine { num: 2, price: 1_000, price_garanti: 0, ins_payment: true };
//! assert_eq!((cart_count(&[line]), order_total(&[line])), (2, 2_000));
//! ```

use serde::{Deserialize, Serialize};

/// One cart line: the fields the rules read (the spec's entity has more; they are ignored).
///
/// JSON keys are the spec's PascalCase (`Num`, `Price`, `PriceGaranti`, `InsPayment`);
/// snake_case is accepted on input. `PriceGaranti` and `InsPayment` default to 0 and false.
///
/// ```
/// use shop_core::cart::CartLine;
/// let line: CartLine = serde_json::from_str(r#"{"Num":2,"Price":100,"Name":"x"}"#).unwrap();
/// assert_eq!(line, CartLine { num: 2, price: 100, price_garanti: 0, ins_payment: false });
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CartLine {
    /// Quantity.
    #[serde(rename = "Num", alias = "num")]
    pub num: i64,
    /// Unit price in Toman.
    #[serde(rename = "Price", alias = "price")]
    pub price: i64,
    /// Unit price of the chosen warranty in Toman.
    #[serde(rename = "PriceGaranti", alias = "price_garanti", default)]
    pub price_garanti: i64,
    /// Whether this line may be paid in instalments.
    #[serde(rename = "InsPayment", alias = "ins_payment", default)]
    pub ins_payment: bool,
}

/// The quantity a line contributes: `num`, or 0 when it is not positive.
///
/// ```
/// use shop_core::cart::{effective_num, CartLine};
/// assert_eq!(effective_num(&CartLine { num: -3, ..Default::default() }), 0);
/// ```
pub fn effective_num(line: &CartLine) -> i64 {
    line.num.max(0)
}

/// Number of items in the cart: the sum of the (positive) line quantities, saturating.
///
/// ```
/// use shop_core::cart::{cart_count, CartLine};
/// let line = |num| CartLine { num, ..Default::default() };
/// assert_eq!(cart_count(&[line(2), line(3)]), 5);
/// assert_eq!(cart_count(&[line(2), line(-1), line(0)]), 2);
/// assert_eq!(cart_count(&[]), 0);
/// ```
pub fn cart_count(lines: &[CartLine]) -> i64 {
    lines.iter().map(effective_num).fold(0, i64::saturating_add)
}

/// One line's total: quantity × (price + warranty price), saturating; 0 when `num <= 0`.
///
/// ```
/// use shop_core::cart::{line_total, CartLine};
/// let line = CartLine { num: 2, price: 1_000, price_garanti: 50, ins_payment: false };
/// assert_eq!(line_total(&line), 2_100);
/// ```
pub fn line_total(line: &CartLine) -> i64 {
    effective_num(line).saturating_mul(line.price.saturating_add(line.price_garanti))
}

/// The order total: the sum of the line totals, saturating.
///
/// ```
/// use shop_core::cart::{order_total, CartLine};
/// let a = CartLine { num: 1, price: 500, price_garanti: 0, ins_payment: true };
/// let b = CartLine { num: 3, price: 100, price_garanti: 10, ins_payment: true };
/// assert_eq!(order_total(&[a, b]), 830);
/// ```
pub fn order_total(lines: &[CartLine]) -> i64 {
    lines.iter().map(line_total).fold(0, i64::saturating_add)
}

/// Instalment payment is offered only for a non-empty cart whose every line allows it.
///
/// ```
/// use shop_core::cart::{instalment_eligible, CartLine};
/// let yes = CartLine { ins_payment: true, num: 1, ..Default::default() };
/// let no = CartLine { ins_payment: false, num: 1, ..Default::default() };
/// assert!(instalment_eligible(&[yes, yes]));
/// assert!(!instalment_eligible(&[yes, no]));
/// assert!(!instalment_eligible(&[]));
/// ```
pub fn instalment_eligible(lines: &[CartLine]) -> bool {
    !lines.is_empty() && lines.iter().all(|l| l.ins_payment)
}

/// One choice the product page offers (a variant: colour × warranty): its id and unit prices
/// as the page has them (`Price` after any special offer, `PriceGaranti`). Extra fields are
/// ignored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PriceChoice {
    /// The variant's id.
    #[serde(rename = "Id", alias = "id")]
    pub id: i64,
    /// Unit price in Toman (after any special offer).
    #[serde(rename = "Price", alias = "price")]
    pub price: i64,
    /// Unit price of the choice's warranty in Toman.
    #[serde(rename = "PriceGaranti", alias = "price_garanti", default)]
    pub price_garanti: i64,
}

/// What choosing `id` instead of the chosen choice changes one unit's total by.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChoiceDifference {
    /// The choice's id.
    #[serde(rename = "Id")]
    pub id: i64,
    /// Toman added to (positive) or taken off (negative) the total; 0 for the chosen one.
    #[serde(rename = "Difference")]
    pub difference: i64,
    /// `difference` for display ([`format_price_change`]): `۴٬۸۰۰٬۰۰۰ تومان بیشتر`, `۲٬۳۰۰٬۰۰۰ تومان کمتر`, `۰ تومان`.
    #[serde(rename = "DifferenceText")]
    pub difference_text: String,
}

/// The message when the chosen id is not among the choices.
pub const UNKNOWN_CHOICE_MESSAGE: &str = "گزینه انتخاب‌شده در میان گزینه‌ها نیست";

/// What a choice changes a price by, in words: `۴٬۸۰۰٬۰۰۰ تومان بیشتر` for more,
/// `۲٬۳۰۰٬۰۰۰ تومان کمتر` for less, `۰ تومان` for no change.
///
/// Why words and not a sign: a `+` or `-` before Persian digits in right-to-left text is a
/// neutral character, so the browser sets it on the far side of the number, where it reads as
/// part of what follows (`۲٬۳۰۰٬۰۰۰-`); "more" and "less" cannot be misplaced or misread.
///
/// ```
/// use shop_core::cart::format_price_change;
/// assert_eq!(format_price_change(4_800_000), "۴٬۸۰۰٬۰۰۰ تومان بیشتر");
/// assert_eq!(format_price_change(-2_300_000), "۲٬۳۰۰٬۰۰۰ تومان کمتر");
/// assert_eq!(format_price_change(0), "۰ تومان");
/// ```
pub fn format_price_change(amount: i64) -> String {
    let text = crate::digits::format_price(amount.saturating_abs());
    match amount.signum() {
        1 => format!("{text} بیشتر"),
        -1 => format!("{text} کمتر"),
        _ => text,
    }
}

/// Each choice's price difference relative to the chosen one (`chosen` is an id): what one
/// unit's total ([`line_total`] of one unit, `price + price_garanti`, the cart's rule)
/// changes by when that choice is taken instead. The product page shows these beside its
/// warranty options, so a shown difference is always what the total changes by, whatever part
/// of it is the warranty and whatever part the variant's own price. Saturating; in the
/// choices' order; `Err` when `chosen` is not among them.
///
/// ```
/// use shop_core::cart::{choice_differences, PriceChoice};
/// let none = PriceChoice { id: 1, price: 70_900_000, price_garanti: 0 };
/// let w18 = PriceChoice { id: 2, price: 73_200_000, price_garanti: 2_500_000 };
/// let d = choice_differences(&[none, w18], 1).unwrap();
/// assert_eq!((d[0].difference, d[1].difference), (0, 4_800_000));
/// assert_eq!(d[1].difference_text, "۴٬۸۰۰٬۰۰۰ تومان بیشتر");
/// ```
pub fn choice_differences(choices: &[PriceChoice], chosen: i64) -> Result<Vec<ChoiceDifference>, &'static str> {
    let unit = |c: &PriceChoice| line_total(&CartLine { num: 1, price: c.price, price_garanti: c.price_garanti, ins_payment: false });
    let base = choices.iter().find(|c| c.id == chosen).map(unit).ok_or(UNKNOWN_CHOICE_MESSAGE)?;
    Ok(choices
        .iter()
        .map(|c| {
            let difference = unit(c).saturating_sub(base);
            ChoiceDifference { id: c.id, difference, difference_text: format_price_change(difference) }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn line(num: i64, price: i64) -> CartLine {
        CartLine {
            num,
            price,
            price_garanti: 0,
            ins_payment: true,
        }
    }

    #[test]
    fn empty_cart_counts_zero_and_totals_zero() {
        assert_eq!(cart_count(&[]), 0);
        assert_eq!(order_total(&[]), 0);
    }

    #[test]
    fn zero_and_negative_quantities_count_as_zero() {
        assert_eq!(cart_count(&[line(0, 5), line(-7, 5), line(1, 5)]), 1);
        assert_eq!(line_total(&line(-7, 5)), 0);
    }

    #[test]
    fn count_saturates_instead_of_overflowing() {
        assert_eq!(
            cart_count(&[line(i64::MAX, 1), line(i64::MAX, 1)]),
            i64::MAX
        );
    }

    #[test]
    fn totals_saturate_instead_of_overflowing() {
        let big = CartLine {
            num: i64::MAX,
            price: i64::MAX,
            price_garanti: i64::MAX,
            ins_payment: false,
        };
        assert_eq!(line_total(&big), i64::MAX);
        assert_eq!(order_total(&[big, big]), i64::MAX);
        assert_eq!(
            line_total(&CartLine {
                num: 2,
                price: i64::MIN,
                ..Default::default()
            }),
            i64::MIN
        );
    }

    #[test]
    fn warranty_price_is_per_unit() {
        assert_eq!(
            line_total(&CartLine {
                num: 3,
                price: 10,
                price_garanti: 2,
                ins_payment: false
            }),
            36
        );
    }

    #[test]
    fn one_line_without_instalments_blocks_them() {
        let mut no = line(1, 1);
        no.ins_payment = false;
        assert!(!instalment_eligible(&[line(1, 1), no]));
    }

    #[test]
    fn snake_case_keys_are_accepted() {
        let l: CartLine =
            serde_json::from_str(r#"{"num":1,"price":2,"price_garanti":3,"ins_payment":true}"#)
                .unwrap();
        assert_eq!(
            l,
            CartLine {
                num: 1,
                price: 2,
                price_garanti: 3,
                ins_payment: true
            }
        );
    }

    proptest! {
        #[test]
        fn count_is_the_sum_of_positive_quantities(nums in proptest::collection::vec(-1_000i64..1_000, 0..50)) {
            let lines: Vec<CartLine> = nums.iter().map(|&n| line(n, 1)).collect();
            prop_assert_eq!(cart_count(&lines), nums.iter().filter(|&&n| n > 0).sum::<i64>());
        }

        #[test]
        fn order_total_is_the_sum_of_line_totals(lines in proptest::collection::vec((0i64..100, 0i64..1_000_000, 0i64..1_000), 0..20)) {
            let lines: Vec<CartLine> = lines.into_iter().map(|(n, p, g)| CartLine { num: n, price: p, price_garanti: g, ins_payment: false }).collect();
            prop_assert_eq!(order_total(&lines), lines.iter().map(|l| l.num * (l.price + l.price_garanti)).sum::<i64>());
        }

        #[test]
        fn arithmetic_never_panics(num: i64, price: i64, garanti: i64) {
            let l = CartLine { num, price, price_garanti: garanti, ins_payment: false };
            let _ = (cart_count(&[l, l]), order_total(&[l, l, l]));
        }
    }

    #[test]
    fn a_difference_is_the_change_of_the_unit_total_not_the_warranty_price() {
        // The issue's case: the warranty variant also costs more before its warranty.
        let none = PriceChoice { id: 1, price: 70_900_000, price_garanti: 0 };
        let w18 = PriceChoice { id: 2, price: 73_200_000, price_garanti: 2_500_000 };
        let from_none = choice_differences(&[none, w18], 1).unwrap();
        assert_eq!(from_none[1].difference, 4_800_000);
        let from_w18 = choice_differences(&[none, w18], 2).unwrap();
        assert_eq!((from_w18[0].difference, from_w18[0].difference_text.as_str()), (-4_800_000, "۴٬۸۰۰٬۰۰۰ تومان کمتر"));
        assert_eq!(from_w18[1].difference, 0);
    }

    #[test]
    fn an_unknown_chosen_choice_is_refused() {
        assert_eq!(choice_differences(&[PriceChoice::default()], 9), Err(UNKNOWN_CHOICE_MESSAGE));
    }

    proptest! {
        #[test]
        fn every_difference_is_what_the_total_changes_by(
            prices in proptest::collection::vec((0i64..1_000_000_000, 0i64..100_000_000), 1..6),
            pick in 0usize..6,
        ) {
            let choices: Vec<PriceChoice> = prices.iter().enumerate().map(|(i, &(p, g))| PriceChoice { id: i as i64, price: p, price_garanti: g }).collect();
            let chosen = &choices[pick % choices.len()];
            let line = |c: &PriceChoice| line_total(&CartLine { num: 1, price: c.price, price_garanti: c.price_garanti, ins_payment: true });
            for (c, d) in choices.iter().zip(choice_differences(&choices, chosen.id).unwrap()) {
                prop_assert_eq!(line(chosen) + d.difference, line(c));
            }
        }
    }
}
