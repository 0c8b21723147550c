// Generated from core/src/limits.rs (SHARED); `cargo test -p shop-core` checks it.
// Regenerate: UPDATE_GENERATED=1 cargo test -p shop-core --test generated
export const RESEND_SECONDS = 59;
export const CODE_LENGTH = 5;
export const MAX_QUANTITY = 100;
export const MAX_FILES = 3;
export const SIGNATURE_BYTES = 16;
export const MAX_ADDRESSES = 20;
