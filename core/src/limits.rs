//! The numbers the web app shows or enforces before the server answers, generated into
//! TypeScript (`web/src/shared/core/constants.generated.ts`) so they are written once.
//!
//! **What:** each constant stays with its rule ([`crate::otp::RESEND_SECONDS`] and
//! [`crate::otp::CODE_LENGTH`], [`crate::quote::MAX_QUANTITY`],
//! [`crate::validation::MAX_FILES`] and [`crate::validation::SIGNATURE_BYTES`]); the one that
//! has no rule of its own, [`MAX_ADDRESSES`], lives here. [`SHARED`] lists them by their
//! TypeScript names.
//!
//! **Why:** the web app copied each of them by hand (a 59, a 5, a 100, a 3, a 16 and a 20 in
//! six files); a change on one side did not reach the other.
//!
//! **Example:**
//! ```
//! assert!(shop_core::limits::SHARED.contains(&("MAX_QUANTITY", 100)));
//! ```

/// Addresses one customer may keep in the address book.
pub const MAX_ADDRESSES: i64 = 20;

/// The numbers the web app reads from the generated file, by their TypeScript names.
pub const SHARED: &[(&str, i64)] = &[
    ("RESEND_SECONDS", crate::otp::RESEND_SECONDS as i64),
    ("CODE_LENGTH", crate::otp::CODE_LENGTH as i64),
    ("MAX_QUANTITY", crate::quote::MAX_QUANTITY),
    ("MAX_FILES", crate::validation::MAX_FILES as i64),
    ("SIGNATURE_BYTES", crate::validation::SIGNATURE_BYTES as i64),
    ("MAX_ADDRESSES", MAX_ADDRESSES),
];

/// The TypeScript module of [`SHARED`]: one exported constant a number.
pub fn typescript() -> String {
    let mut out = String::from(
        "// Generated from core/src/limits.rs (SHARED); `cargo test -p shop-core` checks it.\n\
         // Regenerate: UPDATE_GENERATED=1 cargo test -p shop-core --test generated\n",
    );
    for (name, n) in SHARED {
        out.push_str(&format!("export const {name} = {n};\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn each_number_is_exported_once() {
        let ts = super::typescript();
        for (name, n) in super::SHARED {
            assert_eq!(ts.matches(&format!("export const {name} = {n};\n")).count(), 1, "{name}");
        }
        assert!(ts.contains("RESEND_SECONDS = 59;") && ts.contains("MAX_ADDRESSES = 20;"));
    }
}
