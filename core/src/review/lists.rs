//! A review's pros and cons: short lines, a few of each.
//!
//! **What.** A list is typed one item per line; empty lines are dropped; at most
//! [`MAX_ITEMS`] items of at most [`MAX_ITEM_CHARS`] characters each. An empty list is fine.
//! **Why.** The product page shows them as bullet lists beside the text; a hundred pros or a
//! paragraph as one "pro" would drown the review.
//! **Example.**
//! ```
//! use shop_core::review::lists::parse_list;
//! assert_eq!(parse_list("مزایا", "باتری خوب\n\n صفحه روشن ").unwrap(), vec!["باتری خوب", "صفحه روشن"]);
//! assert!(parse_list("مزایا", "۱\n۲\n۳\n۴\n۵\n۶").is_err());
//! ```

use crate::digits::to_persian_digits;
use crate::text::is_invisible_or_space;

/// The most items in one list.
pub const MAX_ITEMS: usize = 5;
/// The longest item.
pub const MAX_ITEM_CHARS: usize = 120;
/// The longest list as typed (every item at its longest, with its new line).
pub const MAX_LIST_CHARS: u32 = ((MAX_ITEM_CHARS + 1) * MAX_ITEMS) as u32;

/// The items of a list typed one per line, or why it is refused (`label` names the list).
pub fn parse_list(label: &str, text: &str) -> Result<Vec<String>, String> {
    let items: Vec<String> = text
        .split('\n')
        .map(|l| l.chars().filter(|c| !c.is_control()).collect::<String>())
        .map(|l| l.trim_matches(is_invisible_or_space).to_owned())
        .filter(|l| !l.is_empty())
        .collect();
    if items.len() > MAX_ITEMS {
        return Err(format!("{label} حداکثر {} مورد می‌تواند داشته باشد", to_persian_digits(&MAX_ITEMS.to_string())));
    }
    if items.iter().any(|i| i.chars().count() > MAX_ITEM_CHARS) {
        return Err(format!("هر مورد {label} باید حداکثر {} کاراکتر باشد", to_persian_digits(&MAX_ITEM_CHARS.to_string())));
    }
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_is_an_empty_list_and_limits_hold() {
        assert_eq!(parse_list("مزایا", "").unwrap(), Vec::<String>::new());
        assert_eq!(parse_list("مزایا", " \n\u{200f}\n").unwrap(), Vec::<String>::new());
        assert_eq!(parse_list("معایب", &"ا".repeat(121)).unwrap_err(), "هر مورد معایب باید حداکثر ۱۲۰ کاراکتر باشد");
        assert_eq!(parse_list("مزایا", "a\nb\nc\nd\ne\nf").unwrap_err(), "مزایا حداکثر ۵ مورد می‌تواند داشته باشد");
        assert_eq!(parse_list("مزایا", "<b>x</b>").unwrap(), vec!["<b>x</b>"]);
    }
}
