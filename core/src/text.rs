//! Small character classes shared by the modules (crate-private).

/// Direction marks and isolates: invisible, often pasted around or inside numbers.
pub(crate) fn is_bidi_mark(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{061C}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Zero-width joiners and friends: ZWNJ, ZWJ, zero-width space, BOM, soft hyphen.
pub(crate) fn is_zero_width(c: char) -> bool {
    matches!(
        c,
        '\u{200B}' | '\u{200C}' | '\u{200D}' | '\u{FEFF}' | '\u{00AD}' | '\u{2060}'
    )
}

/// Characters that carry no content for numbers and codes: white space, bidi marks, zero widths.
pub(crate) fn is_invisible_or_space(c: char) -> bool {
    c.is_whitespace() || is_bidi_mark(c) || is_zero_width(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lrm_and_rlm_are_bidi_marks() {
        assert!(is_bidi_mark('\u{200E}') && is_bidi_mark('\u{200F}'));
        assert!(!is_bidi_mark('a'));
    }

    #[test]
    fn zwnj_is_zero_width() {
        assert!(is_zero_width('\u{200C}'));
        assert!(is_invisible_or_space(' '));
    }
}
