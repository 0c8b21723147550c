//! The signed-in session's messages that the server and the web app both show.
//!
//! **What:** the text for an access period that has ended: the server answers it when a token
//! is refused or cannot be renewed, and the web app shows it when it signs the customer out for
//! that reason (it cannot always read the server's answer: the refresh may fail on the
//! network).
//!
//! **Why here:** written once, the two sides cannot drift apart (they once had three versions
//! with different punctuation). The web app reads it from the generated
//! `web/src/shared/core/messages.generated.ts`, so it needs no WASM to show it.
//!
//! **Example:**
//! ```
//! assert!(shop_core::session::SESSION_EXPIRED.starts_with("مدت زمان دسترسی"));
//! ```

/// The access period has ended (spec section 8): sign in again.
pub const SESSION_EXPIRED: &str = "مدت زمان دسترسی شما به پایان رسیده است؛ لطفا دوباره وارد شوید.";

/// The messages the web app reads from the generated file, by their TypeScript names.
pub const SHARED: &[(&str, &str)] = &[("SESSION_EXPIRED", SESSION_EXPIRED)];

/// The TypeScript module of [`SHARED`]: one exported constant a message (JSON string
/// literals, which JS reads as they are, zero-width non-joiners included).
#[cfg(feature = "dispatch")]
pub fn typescript() -> String {
    let mut out = String::from(
        "// Generated from core/src/session.rs (SHARED); `cargo test -p shop-core` checks it.\n\
         // Regenerate: UPDATE_GENERATED=1 cargo test -p shop-core --test generated\n",
    );
    for (name, text) in SHARED {
        let literal = serde_json::to_string(text).unwrap_or_default();
        out.push_str(&format!("export const {name} = {literal};\n"));
    }
    out
}

#[cfg(all(test, feature = "dispatch"))]
mod tests {
    #[test]
    fn the_typescript_module_exports_each_message_once() {
        let ts = super::typescript();
        assert_eq!(ts.matches("export const SESSION_EXPIRED = \"مدت زمان").count(), 1);
    }
}
