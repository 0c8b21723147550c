//! Mixed Persian and Latin text for display: Latin runs isolated, prose numbers in Persian.
//!
//! **What:** [`isolate_latin_runs`] wraps every run of Latin words (with the ASCII numbers and
//! model numbers that belong to them: `Core Ultra 7 155H`, `x360 14`, `RTX 4060 8GB`) in a
//! left-to-right isolate, U+2066 … U+2069, and writes every other number in Persian digits with
//! the Persian decimal separator ([`crate::digits::format_number_text`]). A Latin run keeps its
//! own digits (`Core i7-1355U` stays). A number in Persian digits never joins a Latin run: it is
//! the Persian text's number (`اسپکتر x360 ۱۴`: the `۱۴` is the screen size). A screen size
//! written `1920x1200` becomes `۱۹۲۰×۱۲۰۰` in its own isolate, width first.
//!
//! **Why:** in a right-to-left line a number after a Latin word takes the Latin word's
//! direction (Unicode bidi rule W7), so «AMD Ryzen 7 7730U، ۱۶ گیگابایت رم» showed as
//! «۱۶ ،AMD Ryzen 7 7730U گیگابایت رم», and a variant's «Core Ultra 7 155H / ۱۶ گیگ رم» as
//! «۱۶ / Core Ultra 7 155H گیگ رم». An isolate is a neutral to the text around it, so the
//! Persian number keeps the Persian order. The server's display texts (spec rows,
//! descriptions, variant and invoice lines) and the web's names call this one function.
//! Isolates already in the input are dropped first, so a second call changes nothing. Search
//! folding drops isolates ([`crate::search::fold`]); texts for meta tags and JSON-LD are not
//! passed through here.
//!
//! **Example:**
//! ```
//! use shop_core::bidi::isolate_latin_runs;
//! assert_eq!(
//!     isolate_latin_runs("پردازنده AMD Ryzen 7 7730U، 16 گیگابایت رم"),
//!     "پردازنده \u{2066}AMD Ryzen 7 7730U\u{2069}، ۱۶ گیگابایت رم"
//! );
//! assert_eq!(isolate_latin_runs("اسپکتر x360 ۱۴"), "اسپکتر \u{2066}x360\u{2069} ۱۴");
//! ```

use crate::digits::number_char;

/// Left-to-right isolate (opens a Latin run).
pub const LRI: char = '\u{2066}';
/// Pop directional isolate (closes it).
pub const PDI: char = '\u{2069}';

/// Punctuation that ends a sentence or a clause, or quotes or brackets a word: kept outside the
/// isolate, in the surrounding text's direction.
fn is_edge_punct(c: char) -> bool {
    matches!(c, '.' | ',' | '،' | '؛' | ';' | ':' | '!' | '?' | '؟' | '«' | '»' | '"' | '(' | ')')
}

/// A Persian or Arabic-Indic digit.
fn is_arabic_digit(c: char) -> bool {
    matches!(c, '\u{0660}'..='\u{0669}' | '\u{06F0}'..='\u{06F9}')
}

/// A letter (or mark) of the Arabic script, or of the right-to-left scripts between it and
/// U+08FF: those blocks without the Persian and Arabic-Indic digits and the Arabic number
/// punctuation (`٪ ٫ ٬ ٭ ۔`). Explicit ranges, not `char::is_alphabetic` (WASM size budget).
fn is_arabic_letter(c: char) -> bool {
    matches!(c, '\u{0620}'..='\u{08FF}' | '\u{FB50}'..='\u{FEFC}') && !is_arabic_digit(c) && !matches!(c, '\u{066A}'..='\u{066D}' | '\u{06D4}')
}

/// Letters and digits of the Arabic script.
fn is_arabic_script(c: char) -> bool {
    is_arabic_letter(c) || is_arabic_digit(c)
}

/// An ASCII letter or a Latin-1/Latin Extended letter (`é`, `ö`; not `×` or `÷`).
fn is_latin_letter(c: char) -> bool {
    c.is_ascii_alphabetic() || (('\u{00C0}'..='\u{024F}').contains(&c) && !matches!(c, '×' | '÷'))
}

fn is_isolate(c: char) -> bool {
    matches!(c, '\u{2066}'..='\u{2069}')
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    /// Has a Latin letter and no Persian letter: a Latin word or model number.
    Latin,
    /// ASCII digits (with separators), no letters: joins a Latin run beside it.
    Number,
    /// A width×height or a number with `×`: its own isolate, in Persian digits.
    Dimensions,
    /// Anything else: Persian words, Persian numbers, symbols.
    Other,
}

/// One word (a maximal run of non-space chars) as char positions: `start..end`, and its core
/// `core..core_end` without edge punctuation.
struct Word {
    start: usize,
    core: usize,
    core_end: usize,
    end: usize,
    class: Class,
}

/// `1920x1200` or `۱۹۲۰×۱۲۰۰`: two numbers (any digit set) with an `x` or `×` between.
fn is_resolution(w: &[char]) -> bool {
    let digit = |c: &char| crate::digits::western_digit(*c).is_ascii_digit();
    match w.iter().position(|c| matches!(c, 'x' | 'X' | '×')) {
        Some(at) => at > 0 && at + 1 < w.len() && w[..at].iter().all(digit) && w[at + 1..].iter().all(digit),
        None => false,
    }
}

fn word(chars: &[char], start: usize, end: usize) -> Word {
    let mut core = start;
    while core < end && is_edge_punct(chars[core]) {
        core += 1;
    }
    let mut core_end = end;
    while core_end > core && is_edge_punct(chars[core_end - 1]) {
        core_end -= 1;
    }
    let w = &chars[core..core_end];
    let class = if w.iter().any(|c| is_arabic_letter(*c)) {
        Class::Other
    } else if is_resolution(w) {
        Class::Dimensions
    } else if w.iter().any(|c| is_latin_letter(*c)) {
        Class::Latin
    } else if w.iter().any(char::is_ascii_digit) && !w.iter().any(|c| is_arabic_script(*c)) {
        Class::Number
    } else {
        Class::Other
    };
    Word { start, core, core_end, end, class }
}

/// Latin runs of `s` in left-to-right isolates and its other numbers in Persian digits (see
/// the module docs). Never fails; an empty text stays empty.
///
/// ```
/// use shop_core::bidi::isolate_latin_runs;
/// assert_eq!(
///     isolate_latin_runs("Core Ultra 7 155H / ۱۶ گیگ رم"),
///     "\u{2066}Core Ultra 7 155H\u{2069} / ۱۶ گیگ رم"
/// );
/// assert_eq!(isolate_latin_runs("وزن 1.46 کیلوگرم"), "وزن ۱٫۴۶ کیلوگرم");
/// ```
pub fn isolate_latin_runs(s: &str) -> String {
    let chars: Vec<char> = s.chars().filter(|c| !is_isolate(*c)).collect();
    let mut words = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && !chars[i].is_whitespace() {
            i += 1;
        }
        words.push(word(&chars, start, i));
    }
    // Whether word `a` and the next word (after white space without a line break) may be in
    // one run: no edge punctuation between them.
    let joinable = |a: usize| -> bool {
        let (Some(x), Some(y)) = (words.get(a), words.get(a + 1)) else {
            return false;
        };
        x.core_end == x.end && y.core == y.start && !chars[x.end..y.start].iter().any(|c| *c == '\n')
    };
    let persian_word_after = |a: usize| joinable(a) && words[a + 1].class == Class::Other && is_arabic_letter(chars[words[a + 1].core]);
    // Per char: 0 as it is (Latin runs, spaces, edge punctuation), 1 format_number_text's rule,
    // 2 that rule with `x` as `×`. Per position: 1 a PDI before it, 2 an LRI.
    let mut mode = vec![0u8; chars.len()];
    let mut mark = vec![0u8; chars.len() + 1];
    let mut k = 0;
    while k < words.len() {
        let w = &words[k];
        let starts_run = match w.class {
            Class::Latin => true,
            Class::Number => joinable(k) && words[k + 1].class == Class::Latin,
            _ => false,
        };
        let mut last = k;
        if starts_run {
            // Extend the run over Latin words and the ASCII numbers among or after them; a
            // number followed by a Persian word belongs to that word.
            while joinable(last) {
                let take = match words[last + 1].class {
                    Class::Latin => true,
                    Class::Number => !persian_word_after(last + 1),
                    _ => false,
                };
                if !take {
                    break;
                }
                last += 1;
            }
        } else {
            // Edge punctuation holds no digit: only the word's core can need Persian digits.
            let dims = w.class == Class::Dimensions;
            mode[w.core..w.core_end].fill(if dims { 2 } else { 1 });
            if !dims {
                k += 1;
                continue;
            }
        }
        mark[w.core] |= 2;
        mark[words[last].core_end] |= 1;
        k = last + 1;
    }
    let mut out = String::new();
    for (i, m) in mark.iter().enumerate() {
        if m & 1 != 0 {
            out.push(PDI);
        }
        if m & 2 != 0 {
            out.push(LRI);
        }
        let Some(&c) = chars.get(i) else { break };
        out.push(match mode[i] {
            0 => c,
            2 if matches!(c, 'x' | 'X') => '×',
            _ => number_char(&chars, i),
        });
    }
    out
}

/// `s` without any bidi isolate (U+2066 … U+2069): for texts that leave the page as plain
/// text (meta tags, JSON-LD, a copied model name).
///
/// ```
/// assert_eq!(shop_core::bidi::strip_isolates("\u{2066}Core i7\u{2069} ۱۶"), "Core i7 ۱۶");
/// ```
pub fn strip_isolates(s: &str) -> String {
    s.chars().filter(|c| !is_isolate(*c)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iso(s: &str) -> String {
        format!("{LRI}{s}{PDI}")
    }

    #[test]
    fn a_persian_number_after_a_latin_run_stays_outside_it() {
        assert_eq!(
            isolate_latin_runs("با پردازنده AMD Ryzen 7 7730U، ۱۶ گیگابایت رم"),
            format!("با پردازنده {}، ۱۶ گیگابایت رم", iso("AMD Ryzen 7 7730U"))
        );
    }

    #[test]
    fn a_variant_summary_isolates_the_cpu() {
        assert_eq!(
            isolate_latin_runs("Core Ultra 7 155H / ۱۶ گیگ رم / ۱ ترابایت SSD"),
            format!("{} / ۱۶ گیگ رم / ۱ ترابایت {}", iso("Core Ultra 7 155H"), iso("SSD"))
        );
    }

    #[test]
    fn ascii_digits_after_a_latin_word_join_its_run() {
        assert_eq!(isolate_latin_runs("HP Spectre x360 14"), iso("HP Spectre x360 14"));
        assert_eq!(isolate_latin_runs("گرافیک NVIDIA GeForce RTX 4060 8GB."), format!("گرافیک {}.", iso("NVIDIA GeForce RTX 4060 8GB")));
    }

    #[test]
    fn an_ascii_number_before_a_persian_word_is_persian() {
        assert_eq!(isolate_latin_runs("Core i7 16 گیگابایت"), format!("{} ۱۶ گیگابایت", iso("Core i7")));
    }

    #[test]
    fn a_number_before_a_latin_word_opens_the_run() {
        assert_eq!(isolate_latin_runs("حافظه 16 GB"), format!("حافظه {}", iso("16 GB")));
    }

    #[test]
    fn prose_numbers_get_persian_digits_and_decimal_separator() {
        assert_eq!(isolate_latin_runs("جک هدفون 3.5 و 2 درگاه"), "جک هدفون ۳٫۵ و ۲ درگاه");
        assert_eq!(isolate_latin_runs("جک هدفون ۳.۵"), "جک هدفون ۳٫۵");
    }

    #[test]
    fn a_resolution_is_isolated_width_first_in_persian_digits() {
        assert_eq!(isolate_latin_runs("وضوح 1920x1200 و"), format!("وضوح {} و", iso("۱۹۲۰×۱۲۰۰")));
    }

    #[test]
    fn a_resolution_in_persian_digits_is_isolated_too() {
        assert_eq!(isolate_latin_runs("۱۴ اینچ، ۱۹۲۰×۱۲۰۰"), format!("۱۴ اینچ، {}", iso("۱۹۲۰×۱۲۰۰")));
    }

    #[test]
    fn a_second_call_changes_nothing() {
        let once = isolate_latin_runs("لپ‌تاپ HP 15-fd0000 با Core i3-1315U، 8 گیگ");
        assert_eq!(isolate_latin_runs(&once), once);
    }

    #[test]
    fn a_run_does_not_cross_a_line_break() {
        assert_eq!(isolate_latin_runs("Intel\nCore"), format!("{}\n{}", iso("Intel"), iso("Core")));
    }

    #[test]
    fn sentence_punctuation_and_quotes_stay_outside() {
        assert_eq!(isolate_latin_runs("«Zenbook 14»."), format!("«{}».", iso("Zenbook 14")));
        assert_eq!(isolate_latin_runs("درجه A+"), format!("درجه {}", iso("A+")));
    }

    #[test]
    fn text_without_latin_or_digits_is_unchanged() {
        assert_eq!(isolate_latin_runs("لپ‌تاپ نو"), "لپ‌تاپ نو");
        assert_eq!(isolate_latin_runs(""), "");
        assert_eq!(isolate_latin_runs("  "), "  ");
    }
}
