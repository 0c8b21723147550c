//! `FileExtension`: an upload of an accepted type.
//!
//! **What:** the name ends in `.ext` (case-insensitive) with a non-empty stem and `ext` in
//! [`ALLOWED_FILE_EXTENSIONS`].
//! **Why:** the shop shows images and keeps PDFs; anything else (`.exe`, `.svg` with script)
//! is refused.
//! **Example:**
//! ```
//! use shop_core::validation::{validate, Rule};
//! assert_eq!(validate(&Rule::FileExtension, "فایل", "setup.exe").unwrap_err().message(), "پسوند فایل آپلود شده مورد قبول نیست");
//! ```

pub(super) const MESSAGE: &str = "پسوند فایل آپلود شده مورد قبول نیست";

/// File extensions an upload may have (compared case-insensitively, without the dot):
/// the images the shop shows and PDF for documents such as invoices and ID scans.
///
/// ```
/// assert!(shop_core::validation::ALLOWED_FILE_EXTENSIONS.contains(&"webp"));
/// ```
pub const ALLOWED_FILE_EXTENSIONS: [&str; 5] = ["jpg", "jpeg", "png", "webp", "pdf"];

/// Whether the name ends in `.ext` with `ext` in [`ALLOWED_FILE_EXTENSIONS`].
pub(super) fn passes(file_name: &str) -> bool {
    file_name.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty() && ALLOWED_FILE_EXTENSIONS.iter().any(|a| a.eq_ignore_ascii_case(ext))
    })
}

#[cfg(test)]
mod tests {
    use super::super::validate_file;

    #[test]
    fn upload_without_a_name_fails() {
        assert!(validate_file("فایل", 1, "").is_err());
    }

    #[test]
    fn file_extension_is_case_insensitive_and_needs_a_stem() {
        assert_eq!(validate_file("فایل", 1, "scan.PDF"), Ok(()));
        assert!(validate_file("فایل", 1, ".png").is_err());
        assert!(validate_file("فایل", 1, "png").is_err());
        assert!(validate_file("فایل", 1, "a.png.exe").is_err());
    }
}
