//! The SMS a customer gets when their question is answered: the template is here, and only
//! here. Sent after the answer's approval is committed, once per question; a provider failure
//! is logged, never undoes it.

use crate::state::AppState;

/// `{product}` is filled in (the product's name, clipped).
pub const ANSWERED: &str = "لپ‌تاپ‌شاپ: به پرسش شما درباره «{product}» پاسخ داده شد. پاسخ را در صفحه محصول ببینید.";

/// The text for a question about `product` that got its first approved answer.
///
/// ```
/// assert_eq!(shop_server::review::sms::answered("ZenBook 14"),
///     "لپ‌تاپ‌شاپ: به پرسش شما درباره «ZenBook 14» پاسخ داده شد. پاسخ را در صفحه محصول ببینید.");
/// ```
pub fn answered(product: &str) -> String {
    let name: String = product.chars().take(40).collect();
    ANSWERED.replace("{product}", &name)
}

/// Sends `text` to `mobile` in the background; a failure is logged, never returned.
pub fn send(state: &AppState, mobile: String, question_id: i64, text: String) {
    let sms = state.sms.clone();
    tokio::spawn(async move {
        if let Err(e) = sms.send_notice(&mobile, &text).await {
            tracing::warn!(question = question_id, error = %e, "answer SMS not sent; the answer stands");
        }
    });
}
