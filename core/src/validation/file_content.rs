//! `FileContent`: an upload's first bytes are the file type its extension names, and it is
//! not empty.
//!
//! **What:** the file's magic number matches its extension: `jpg`/`jpeg` start `FF D8 FF`,
//! `png` starts `89 50 4E 47 0D 0A 1A 0A`, `webp` is `RIFF????WEBP`, `pdf` starts `%PDF-`.
//! A file of 0 bytes is refused with its own message. Only the first [`SIGNATURE_BYTES`]
//! bytes are looked at, so a browser can check a file before sending it.
//! **Why:** an extension is only a name: `setup.exe` renamed `photo.jpg` passes the extension
//! rule, and a browser or a staff member's viewer may still run or sniff it. The shop keeps and
//! serves only files that are what they say they are.
//! **Example:**
//! ```
//! use shop_core::validation::{validate_upload, RuleKind};
//! let png = [0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13];
//! assert_eq!(validate_upload("پیوست", "scan.png", 2_000, &png), Ok(()));
//! let exe = *b"MZ\x90\0\x03\0\0\0\x04\0\0\0";
//! let err = validate_upload("پیوست", "photo.jpg", 2_000, &exe).unwrap_err();
//! assert_eq!((err.rule, err.message()), (RuleKind::FileContent, "محتوای فایل «پیوست» با پسوند آن مطابقت ندارد"));
//! ```

pub(super) const MESSAGE: &str = "محتوای فایل «{field}» با پسوند آن مطابقت ندارد";
pub(super) const EMPTY_MESSAGE: &str = "فایل «{field}» خالی است";

/// How many leading bytes the rule reads (the longest signature it checks is 12 bytes).
///
/// ```
/// assert_eq!(shop_core::validation::SIGNATURE_BYTES, 16);
/// ```
pub const SIGNATURE_BYTES: usize = 16;

/// Whether `head` (the file's first bytes) starts with the signature of `ext`
/// (case-insensitive). An extension outside the allowed list never matches.
pub(super) fn matches(ext: &str, head: &[u8]) -> bool {
    let ext = ext.to_ascii_lowercase();
    match ext.as_str() {
        "jpg" | "jpeg" => head.starts_with(&[0xFF, 0xD8, 0xFF]),
        "png" => head.starts_with(&[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A]),
        "webp" => head.len() >= 12 && head.starts_with(b"RIFF") && &head[8..12] == b"WEBP",
        "pdf" => head.starts_with(b"%PDF-"),
        _ => false,
    }
}

/// The MIME type the shop serves a file of this (allowed) extension as.
///
/// ```
/// use shop_core::validation::content_type_of;
/// assert_eq!(content_type_of("a.JPG"), Some("image/jpeg"));
/// assert_eq!(content_type_of("a.pdf"), Some("application/pdf"));
/// assert_eq!(content_type_of("a.exe"), None);
/// ```
pub fn content_type_of(file_name: &str) -> Option<&'static str> {
    let (_, ext) = file_name.rsplit_once('.')?;
    Some(match ext.to_ascii_lowercase().as_str() {
        "jpg" | "jpeg" => "image/jpeg",
        "png" => "image/png",
        "webp" => "image/webp",
        "pdf" => "application/pdf",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::super::{validate_upload, RuleKind, MAX_FILE_BYTES};
    use super::*;

    const JPG: &[u8] = &[0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, b'J', b'F', b'I', b'F', 0, 1];
    const PNG: &[u8] = &[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, b'I', b'H', b'D', b'R'];
    const WEBP: &[u8] = b"RIFF\x24\0\0\0WEBPVP8 ";
    const PDF: &[u8] = b"%PDF-1.7\n%\xE2\xE3";
    const EXE: &[u8] = b"MZ\x90\0\x03\0\0\0\x04\0\0\0\xFF\xFF\0\0";

    fn kind(name: &str, size: u64, head: &[u8]) -> Option<RuleKind> {
        validate_upload("پیوست", name, size, head).err().map(|e| e.rule)
    }

    #[test]
    fn each_type_matches_its_own_signature_only() {
        let cases: [(&str, &[u8]); 5] = [("a.jpg", JPG), ("a.jpeg", JPG), ("a.png", PNG), ("a.webp", WEBP), ("a.pdf", PDF)];
        for (name, head) in cases {
            assert_eq!(kind(name, 100, head), None, "{name}");
            for (other, other_head) in cases {
                let same = content_type_of(name) == content_type_of(other);
                assert_eq!(kind(name, 100, other_head).is_none(), same, "{name} with the bytes of {other}");
            }
        }
        assert_eq!(kind("A.JPG", 100, JPG), None);
    }

    #[test]
    fn an_exe_renamed_is_refused_by_content() {
        for name in ["photo.jpg", "photo.png", "photo.webp", "doc.pdf"] {
            assert_eq!(kind(name, 100, EXE), Some(RuleKind::FileContent), "{name}");
        }
        assert_eq!(kind("setup.exe", 100, EXE), Some(RuleKind::FileExtension));
    }

    #[test]
    fn empty_short_and_oversized_files() {
        let e = validate_upload("پیوست", "a.png", 0, &[]).unwrap_err();
        assert_eq!((e.rule, e.message()), (RuleKind::FileContent, "فایل «پیوست» خالی است"));
        assert_eq!(kind("a.png", 3, &PNG[..3]), Some(RuleKind::FileContent));
        assert_eq!(kind("a.webp", 8, &WEBP[..8]), Some(RuleKind::FileContent));
        // Size is checked first, then emptiness, extension and content.
        assert_eq!(kind("a.exe", MAX_FILE_BYTES + 1, EXE), Some(RuleKind::FileSize));
        assert_eq!(kind("a.png", MAX_FILE_BYTES, PNG), None);
    }
}
