//! Persian search folding: one canonical spelling per word so that the ways people type
//! Persian (Arabic keyboards, ZWNJ or not, diacritics, Persian digits) all match.
//!
//! [`fold`] applies, in order:
//! 1. Unicode compatibility decomposition (NFKD), so presentation forms, ligatures and
//!    full-width Latin become plain letters and composed letters split into base + mark.
//! 2. Removal of every combining mark (canonical combining class ≠ 0), which drops the Arabic
//!    diacritics U+064B..U+065F and U+0670 (and Latin accents: `café` → `cafe`), plus the
//!    tatweel U+0640, ZWNJ U+200C, ZWJ U+200D, zero-width space, BOM, soft hyphen and the
//!    direction marks. Hence `آ` `أ` `إ` → `ا`, `ؤ` → `و`, `ئ` → `ی`, `ۀ` → `ه`.
//!
//!    Steps 1 and 2 come from one generated table (`fold_table.rs`, NFKD minus marks) for the
//!    blocks the shop's customers type: Latin, Greek, Cyrillic, Hebrew, Arabic and its
//!    presentation forms, punctuation, letterlike, number and enclosed forms, full-width forms
//!    (the list is in `core/tests/generated.rs`). Chars of other blocks (Hangul, Indic, CJK
//!    compatibility, …) are only case-folded. Decision: the full Unicode tables cost about
//!    30 KB gzipped in the WASM module for scripts a Persian laptop shop does not index.
//! 3. Letter folding: `ي` `ى` → `ی`, `ك` → `ک`, `ة` `ە` `ہ` → `ه`, `ٱ` → `ا`; Persian and
//!    Arabic-Indic digits → ASCII; every cased letter lowercased.
//! 4. White space runs collapsed to one space, trimmed.
//!
//! The result stays decomposed (no NFC pass): once the marks are gone, Persian, Arabic, Latin,
//! Greek and Cyrillic text is the same as NFKC without diacritics, and only scripts whose
//! letters compose without marks (Hangul syllables, a few Indic vowel signs) stay in jamo or
//! split form, identically in both builds. Skipping recomposition keeps the composition
//! tables out of the WASM module (about 8 KB gzipped). `fold` is idempotent:
//! `fold(fold(s)) == fold(s)` (property-tested).
//!
//! ZWNJ: `می‌خواهم` (with ZWNJ) and `میخواهم` fold to the same word. `می خواهم` (with a
//! space) stays two words; [`joined_pairs`] gives the joined forms a search should also try.
//!
//! ```
//! use shop_core::search::{fold, tokenize};
//! assert_eq!(fold("ايسوس"), "ایسوس");
//! assert_eq!(tokenize("لپ‌تاپ Asus"), ["لپتاپ", "asus"]);
//! ```

use crate::digits::western_digit;
use crate::fold_table::{CHARS, KEYS, SPANS};
use crate::text::{is_bidi_mark, is_zero_width};

/// Chars dropped outright besides the table's combining marks: tatweel, zero-width chars,
/// direction marks.
fn is_dropped(c: char) -> bool {
    matches!(c, '\u{064B}'..='\u{065F}' | '\u{0670}' | '\u{0640}')
        || is_zero_width(c)
        || is_bidi_mark(c)
}

/// Calls `emit` with `c` decomposed (NFKD) and without combining marks, for the covered
/// blocks; other chars as they are.
fn decompose(c: char, mut emit: impl FnMut(char)) {
    let found = u16::try_from(u32::from(c))
        .ok()
        .and_then(|unit| KEYS.binary_search(&unit).ok());
    let Some(i) = found else {
        return emit(c);
    };
    let span = usize::from(SPANS[i]);
    let (at, len) = (span >> 5, span & 31);
    for &unit in CHARS.get(at..at + len).unwrap_or_default() {
        emit(char::from_u32(u32::from(unit)).unwrap_or(c));
    }
}

/// Arabic letter forms to the Persian letters people search with.
fn fold_letter(c: char) -> char {
    match c {
        '\u{064A}' | '\u{0649}' => '\u{06CC}',              // ي ى → ی
        '\u{0643}' => '\u{06A9}',                           // ك → ک
        '\u{0629}' | '\u{06D5}' | '\u{06C1}' => '\u{0647}', // ة ە ہ → ه
        '\u{0671}' => '\u{0627}',                           // ٱ → ا
        _ => western_digit(c),
    }
}

/// Chars that every step of [`fold`] leaves alone: printable ASCII other than upper case and
/// white space, the Persian letters in their standard (undecomposable) code points, and the
/// Persian comma, semicolon and question mark (so a description is seen as folded already).
fn is_stable(c: char) -> bool {
    matches!(c, '!'..='@' | '['..='~' | '\u{060C}' | '\u{061B}' | '\u{061F}') || is_persian_letter(c)
}

/// The Persian letters in their standard (undecomposable) code points.
fn is_persian_letter(c: char) -> bool {
    matches!(c,
        '\u{0621}' | '\u{0627}' | '\u{0628}' | '\u{062A}'..='\u{063A}'
        | '\u{0641}'..='\u{0642}' | '\u{0644}'..='\u{0648}'
        | '\u{067E}' | '\u{0686}' | '\u{0698}' | '\u{06A9}' | '\u{06AF}' | '\u{06CC}')
}

/// Fast path: text that is already folded (stable chars, single inner spaces) is returned as is.
fn is_folded_already(s: &str) -> bool {
    // One pass; `after_space` starts true so that a leading space fails.
    let mut after_space = true;
    for c in s.chars() {
        match c {
            ' ' if after_space => return false,
            ' ' => after_space = true,
            c if is_stable(c) => after_space = false,
            _ => return false,
        }
    }
    s.is_empty() || !after_space
}

/// Folds text for search (see the module docs for every step).
///
/// ```
/// use shop_core::search::fold;
/// assert_eq!(fold("كيبورد  ASUS"), "کیبورد asus");
/// assert_eq!(fold("می‌خواهم"), fold("میخواهم"));
/// assert_eq!(fold("لپ‌تاپ ۱۵ اينچ"), "لپتاپ 15 اینچ");
/// assert_eq!(fold("آیفون"), "ایفون");
/// ```
pub fn fold(s: &str) -> String {
    if is_folded_already(s) {
        s.to_owned()
    } else {
        fold_slow(s)
    }
}

/// The full fold, step by step as the module docs list them.
///
/// Decomposes char by char instead of through a full NFKD pass: NFKD's only cross-char step
/// is reordering combining marks, and every mark is dropped here anyway, so the result is the
/// same, with no buffering (and no sort code in the WASM build).
fn fold_slow(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut pending_space = false;
    let mut emit = |c: char| {
        if c.is_whitespace() {
            pending_space = !out.is_empty();
            return;
        }
        if pending_space {
            out.push(' ');
            pending_space = false;
        }
        if c.is_ascii() {
            out.push(c.to_ascii_lowercase());
        } else if is_caseless(c) {
            out.push(c);
        } else {
            out.extend(c.to_lowercase());
        }
    };
    for c in s.chars() {
        // Fast paths: ASCII and the standard Persian letters need no table lookups.
        if c.is_ascii() || is_stable(c) {
            emit(c);
        } else {
            decompose(c, |d| {
                if !is_dropped(d) {
                    emit(fold_letter(d));
                }
            });
        }
    }
    out
}

/// Scripts without letter case (Hebrew, Arabic, Syriac, Thaana, N'Ko, …): skip the lowercase
/// table lookup.
fn is_caseless(c: char) -> bool {
    ('\u{0590}'..='\u{08FF}').contains(&c)
}

/// Whether `name` folds to `folded` (which must already be folded), without allocating when
/// `name` is already in folded form.
pub(crate) fn folds_to(name: &str, folded: &str) -> bool {
    name == folded || (!is_folded_already(name) && fold_slow(name) == folded)
}

/// Folds, then splits into words: maximal runs of letters and digits (any script). Everything
/// else separates tokens, including `-`, `/`, `.` and `_`: `i7-1255U` gives `i7` and `1255u`.
///
/// ```
/// use shop_core::search::tokenize;
/// assert_eq!(tokenize("لپ‌تاپ ايسوس Core i7-1255U"), ["لپتاپ", "ایسوس", "core", "i7", "1255u"]);
/// assert_eq!(tokenize("  "), Vec::<String>::new());
/// ```
pub fn tokenize(s: &str) -> Vec<String> {
    split_folded(&fold(s)).map(str::to_owned).collect()
}

/// The tokens of `s` as [`tokenize`] gives them, each lent to `f`: no allocation per token,
/// and none at all when `s` is already folded (a stored search text). For indexing.
///
/// ```
/// let mut seen = Vec::new();
/// shop_core::search::each_token("لپ‌تاپ ASUS", |t| seen.push(t.to_owned()));
/// assert_eq!(seen, ["لپتاپ", "asus"]);
/// ```
pub fn each_token(s: &str, mut f: impl FnMut(&str)) {
    if is_folded_already(s) {
        split_folded(s).for_each(f);
    } else {
        split_folded(&fold_slow(s)).for_each(&mut f);
    }
}

/// Folded text split into tokens: maximal runs of letters and digits.
fn split_folded(folded: &str) -> impl Iterator<Item = &str> {
    folded.split(|c: char| !is_token_char(c)).filter(|t| !t.is_empty())
}

/// `char::is_alphanumeric`, answered without Unicode's tables for ASCII and the standard
/// Persian letters (all letters): the table lookup was most of the time spent tokenising
/// Persian text (bench/README.md, search at 100,000 products).
fn is_token_char(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_alphanumeric()
    } else {
        is_persian_letter(c) || c.is_alphanumeric()
    }
}

/// Each adjacent pair of tokens joined, for queries typed with a space where the indexed
/// word has a ZWNJ (or nothing): search should try these beside the tokens themselves.
///
/// ```
/// use shop_core::search::{joined_pairs, tokenize};
/// assert_eq!(joined_pairs(&tokenize("می خواهم")), ["میخواهم"]);
/// assert_eq!(joined_pairs(&tokenize("a b c")), ["ab", "bc"]);
/// ```
pub fn joined_pairs(tokens: &[String]) -> Vec<String> {
    tokens.windows(2).map(|w| w.concat()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn arabic_yeh_and_kaf_become_persian() {
        assert_eq!(fold("يك"), "یک");
        assert_eq!(fold("موسى"), "موسی");
    }

    #[test]
    fn hamza_and_madda_forms_fold_to_bare_letters() {
        assert_eq!(fold("أإآٱ"), "اااا");
        assert_eq!(fold("مؤسسه"), "موسسه");
        assert_eq!(fold("مسئول"), "مسیول");
    }

    #[test]
    fn teh_marbuta_and_heh_with_yeh_fold_to_heh() {
        assert_eq!(fold("مدرسة"), "مدرسه");
        assert_eq!(fold("خانۀ"), "خانه");
    }

    #[test]
    fn diacritics_and_tatweel_are_removed() {
        assert_eq!(fold("كِتَابٌ"), "کتاب");
        assert_eq!(fold("مـــحمد"), "محمد");
        assert_eq!(fold("رحمٰن"), "رحمن");
    }

    #[test]
    fn zwnj_zwj_and_bidi_marks_are_removed() {
        assert_eq!(fold("\u{200F}می\u{200C}خواهم\u{200D}\u{202B}"), "میخواهم");
    }

    #[test]
    fn spaced_form_stays_two_words() {
        assert_eq!(tokenize("می خواهم"), ["می", "خواهم"]);
    }

    #[test]
    fn digits_become_western() {
        assert_eq!(fold("۱۲٣"), "123");
    }

    #[test]
    fn latin_is_lowercased_and_accents_dropped() {
        assert_eq!(fold("LENOVO ThinkPad Café"), "lenovo thinkpad cafe");
    }

    #[test]
    fn compatibility_forms_are_unfolded() {
        assert_eq!(fold("ＡＳＵＳ ﻻ ﷲ"), "asus لا الله");
    }

    #[test]
    fn white_space_is_collapsed_and_trimmed() {
        assert_eq!(fold(" \t a \n\u{00A0} b  "), "a b");
    }

    #[test]
    fn empty_and_emoji_inputs_are_fine() {
        assert_eq!(fold(""), "");
        assert_eq!(fold("😀 👍🏽"), "😀 👍🏽");
        assert!(tokenize("😀").is_empty());
    }

    #[test]
    fn hyphenated_model_numbers_split() {
        assert_eq!(tokenize("i7-1255U"), ["i7", "1255u"]);
    }

    #[test]
    fn ten_kilobyte_input_is_fine() {
        let big = "لپ‌تاپ ASUS ".repeat(800);
        assert_eq!(tokenize(&big).len(), 1_600);
    }

    #[test]
    fn fast_path_rejects_edge_and_double_spaces() {
        assert!(is_folded_already("") && is_folded_already("a b"));
        assert!(!is_folded_already(" a") && !is_folded_already("a ") && !is_folded_already("a  b"));
        assert!(!is_folded_already("A") && !is_folded_already("ي"));
    }

    #[test]
    fn stable_chars_fold_to_themselves() {
        for c in (0..=0x10FFFF).filter_map(char::from_u32).filter(|&c| is_stable(c)) {
            assert_eq!(fold_slow(&c.to_string()), c.to_string(), "{c:?}");
        }
        assert_eq!(fold("پردازنده Core، رم ۱۶؛ چرا؟"), "پردازنده core، رم 16؛ چرا؟");
    }

    #[test]
    fn token_chars_are_exactly_the_alphanumeric_chars() {
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            assert_eq!(is_token_char(c), c.is_alphanumeric(), "{c:?}");
        }
    }

    #[test]
    fn each_token_lends_what_tokenize_gives() {
        for s in ["لپ‌تاپ ايسوس Core i7-1255U", "already folded 16gb لپتاپ", "", "  ", "😀 a"] {
            let mut seen = Vec::new();
            each_token(s, |t| seen.push(t.to_owned()));
            assert_eq!(seen, tokenize(s), "{s:?}");
        }
    }

    #[test]
    fn joined_pairs_of_fewer_than_two_tokens_is_empty() {
        assert!(joined_pairs(&["a".to_owned()]).is_empty());
        assert!(joined_pairs(&[]).is_empty());
    }

    proptest! {
        #[test]
        fn fold_is_idempotent(s in "\\PC{0,40}") {
            let once = fold(&s);
            prop_assert_eq!(fold(&once), once);
        }

        #[test]
        fn fold_is_idempotent_on_persian_text(s in "[\u{0600}-\u{06FF}\u{200C}\u{200D}\u{200E}\u{200F} a-zA-Z0-9\u{0300}-\u{036F}\u{AC00}-\u{AC10}\u{1100}-\u{1112}\u{1161}-\u{1175}]{0,40}") {
            let once = fold(&s);
            prop_assert_eq!(fold(&once), once);
        }

        #[test]
        fn fast_path_agrees_with_the_full_fold(s in "[ !-~\u{060C}\u{061B}\u{061F}\u{0621}-\u{064A}\u{067E}\u{0686}\u{0698}\u{06A9}\u{06AF}\u{06CC}]{0,30}") {
            if is_folded_already(&s) {
                prop_assert_eq!(fold_slow(&s), s.clone());
            }
        }

        #[test]
        fn char_by_char_decomposition_equals_full_nfkd(s in "[\u{00A0}-\u{04FF}\u{0600}-\u{06FF}\u{FB50}-\u{FDFF}\u{FE70}-\u{FEFF}\u{FF00}-\u{FFEF} a-z]{0,40}") {
            use unicode_normalization::{char::canonical_combining_class, UnicodeNormalization};
            let reference: String = s.nfkd().filter(|&c| canonical_combining_class(c) == 0).collect();
            prop_assert_eq!(fold_slow(&s), fold_slow(&reference));
        }

        #[test]
        fn each_token_agrees_with_tokenize(s in "\\PC{0,40}") {
            let mut seen = Vec::new();
            each_token(&s, |t| seen.push(t.to_owned()));
            prop_assert_eq!(seen, tokenize(&s));
        }

        #[test]
        fn tokens_are_folded_and_non_empty(s in "\\PC{0,40}") {
            for t in tokenize(&s) {
                prop_assert!(!t.is_empty());
                prop_assert_eq!(fold(&t), t.clone());
            }
        }
    }
}
