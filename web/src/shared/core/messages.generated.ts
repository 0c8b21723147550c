// Generated from core/src/session.rs (SHARED); `cargo test -p shop-core` checks it.
// Regenerate: UPDATE_GENERATED=1 cargo test -p shop-core --test generated
export const SESSION_EXPIRED = "مدت زمان دسترسی شما به پایان رسیده است؛ لطفا دوباره وارد شوید.";
