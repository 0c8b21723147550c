//! Digit sets and price display.
//!
//! Persian (U+06F0..U+06F9) and Arabic-Indic (U+0660..U+0669) digits are the two non-Western
//! sets Iranian users type; every rule normalises them to ASCII first. Full-width digits
//! (U+FF10..) are *not* treated as digits anywhere.
//!
//! ```
//! use shop_core::digits::{format_price, to_western_digits};
//! assert_eq!(to_western_digits("۰۹۱۲"), "0912");
//! assert_eq!(format_price(2_500), "۲٬۵۰۰ تومان");
//! ```

/// The ASCII digit for a Persian or Arabic-Indic digit, the char itself otherwise.
///
/// ```
/// use shop_core::digits::western_digit;
/// assert_eq!(western_digit('۷'), '7');
/// assert_eq!(western_digit('٣'), '3');
/// assert_eq!(western_digit('x'), 'x');
/// ```
pub fn western_digit(c: char) -> char {
    match c {
        '\u{06F0}'..='\u{06F9}' => shift(c, 0x06F0, '0'),
        '\u{0660}'..='\u{0669}' => shift(c, 0x0660, '0'),
        _ => c,
    }
}

/// Maps `c` (known to lie in a ten-digit block starting at `from`) to the block starting at `to`.
fn shift(c: char, from: u32, to: char) -> char {
    char::from_u32(to as u32 + (c as u32 - from)).unwrap_or(c)
}

/// Persian and Arabic-Indic digits to ASCII digits; every other char untouched.
///
/// ```
/// use shop_core::digits::to_western_digits;
/// assert_eq!(to_western_digits("۰۹۱۲ ٣٤٥ 6789"), "0912 345 6789");
/// assert_eq!(to_western_digits("１２"), "１２"); // full-width digits are not digits here
/// ```
pub fn to_western_digits(s: &str) -> String {
    s.chars().map(western_digit).collect()
}

/// ASCII and Arabic-Indic digits to Persian digits (for display); every other char untouched.
///
/// ```
/// use shop_core::digits::to_persian_digits;
/// assert_eq!(to_persian_digits("1403/01/01"), "۱۴۰۳/۰۱/۰۱");
/// assert_eq!(to_persian_digits("٤"), "۴");
/// ```
pub fn to_persian_digits(s: &str) -> String {
    s.chars()
        .map(|c| match western_digit(c) {
            d @ '0'..='9' => shift(d, '0' as u32, '\u{06F0}'),
            other => other,
        })
        .collect()
}

/// The Persian decimal separator, U+066B (`۱٫۵`): a Latin `.` between Persian digits reads as a
/// stray mark, and a Persian zero is itself a dot.
///
/// ```
/// assert_eq!(shop_core::digits::DECIMAL_SEPARATOR, '\u{066B}');
/// ```
pub const DECIMAL_SEPARATOR: char = '\u{066B}';

/// A number as a shopper reads it in a sentence: Persian digits, and a `.` or `/` between two
/// digits as the Persian decimal separator (`1.88` → `۱٫۸۸`). Everything else is kept, so it can
/// run over a whole message («باید حداکثر 1.5 مگابایت باشد»).
///
/// **Why:** every message with a number (`کد پستی باید ۱۰ رقم باشد`) and every decimal the shop
/// shows (weights, sizes) must read in one script; the server's messages and the web's labels
/// call this one function.
///
/// ```
/// use shop_core::digits::format_number_text;
/// assert_eq!(format_number_text("1.88"), "۱٫۸۸");
/// assert_eq!(format_number_text("باید حداکثر 1.5 مگابایت باشد"), "باید حداکثر ۱٫۵ مگابایت باشد");
/// assert_eq!(format_number_text("پایان. 2"), "پایان. ۲");
/// ```
pub fn format_number_text(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    (0..chars.len()).map(|i| number_char(&chars, i)).collect()
}

/// [`format_number_text`]'s rule for the char at `i` of `chars`: a digit in Persian, a `.` or
/// `٫` between two digits as [`DECIMAL_SEPARATOR`], any other char as it is (also used by
/// `bidi::isolate_latin_runs` on the words outside Latin runs).
pub(crate) fn number_char(chars: &[char], i: usize) -> char {
    let is_digit = |j: Option<usize>| j.and_then(|j| chars.get(j)).is_some_and(|c| western_digit(*c).is_ascii_digit());
    match chars.get(i) {
        Some('.' | '\u{066B}') if is_digit(i.checked_sub(1)) && is_digit(Some(i + 1)) => DECIMAL_SEPARATOR,
        Some(c) => match western_digit(*c) {
            d @ '0'..='9' => shift(d, '0' as u32, '\u{06F0}'),
            other => other,
        },
        None => ' ',
    }
}

/// The Arabic thousands separator used between digit groups in prices.
///
/// ```
/// assert_eq!(shop_core::digits::THOUSANDS_SEPARATOR, '\u{066C}');
/// ```
pub const THOUSANDS_SEPARATOR: char = '\u{066C}';

/// The currency word printed after every price.
///
/// ```
/// assert!(shop_core::digits::format_price(1).ends_with(shop_core::digits::CURRENCY));
/// ```
pub const CURRENCY: &str = "تومان";

/// A price in Toman for display: Persian digits grouped by three with U+066C, a space, `تومان`.
/// A negative amount gets a leading ASCII `-`. Works for the whole `i64` range.
///
/// ```
/// use shop_core::digits::format_price;
/// assert_eq!(format_price(12_500_000), "۱۲٬۵۰۰٬۰۰۰ تومان");
/// assert_eq!(format_price(0), "۰ تومان");
/// assert_eq!(format_price(-1500), "-۱٬۵۰۰ تومان");
/// ```
pub fn format_price(amount: i64) -> String {
    let digits = amount.unsigned_abs().to_string();
    let len = digits.len();
    let mut out = String::with_capacity(len * 3 + 12);
    if amount < 0 {
        out.push('-');
    }
    // The first group holds 1..=3 digits, every later group exactly 3.
    let head = match len % 3 {
        0 => 3.min(len),
        r => r,
    };
    let (first, rest) = digits.split_at(head);
    out.push_str(&to_persian_digits(first));
    for group in rest.as_bytes().chunks(3) {
        out.push(THOUSANDS_SEPARATOR);
        out.push_str(&to_persian_digits(
            std::str::from_utf8(group).unwrap_or_default(),
        ));
    }
    out.push(' ');
    out.push_str(CURRENCY);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn persian_digits_become_western() {
        assert_eq!(to_western_digits("۰۱۲۳۴۵۶۷۸۹"), "0123456789");
    }

    #[test]
    fn arabic_indic_digits_become_western() {
        assert_eq!(to_western_digits("٠١٢٣٤٥٦٧٨٩"), "0123456789");
    }

    #[test]
    fn other_chars_are_untouched() {
        assert_eq!(to_western_digits("abc ۱😀"), "abc 1😀");
    }

    #[test]
    fn western_digits_become_persian() {
        assert_eq!(to_persian_digits("0123456789"), "۰۱۲۳۴۵۶۷۸۹");
    }

    #[test]
    fn round_trip_is_identity_on_western_digits() {
        assert_eq!(
            to_western_digits(&to_persian_digits("09123456789")),
            "09123456789"
        );
    }

    #[test]
    fn price_groups_thousands() {
        assert_eq!(format_price(1_000), "۱٬۰۰۰ تومان");
        assert_eq!(format_price(999), "۹۹۹ تومان");
        assert_eq!(format_price(100_000), "۱۰۰٬۰۰۰ تومان");
    }

    #[test]
    fn price_handles_extremes() {
        assert_eq!(format_price(i64::MIN), "-۹٬۲۲۳٬۳۷۲٬۰۳۶٬۸۵۴٬۷۷۵٬۸۰۸ تومان");
        assert_eq!(format_price(i64::MAX), "۹٬۲۲۳٬۳۷۲٬۰۳۶٬۸۵۴٬۷۷۵٬۸۰۷ تومان");
    }
}
