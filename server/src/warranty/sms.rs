//! The SMS a customer gets when staff move their warranty claim: every template is here, and
//! only here. Sent after the move is committed; a provider failure is logged, never undoes it.

use shop_core::warranty::claim_state::ClaimStatus;

use crate::state::AppState;

/// One template per state a staff move can reach; `{serial}` and `{order}` are filled in.
pub const TEMPLATES: &[(ClaimStatus, &str)] = &[
    (ClaimStatus::AtRepair, "لپ‌تاپ‌شاپ: دستگاه با سریال {serial} (سفارش {order}) به تعمیرگاه گارانتی رسید."),
    (ClaimStatus::Repaired, "لپ‌تاپ‌شاپ: دستگاه با سریال {serial} (سفارش {order}) تعمیر شد."),
    (ClaimStatus::Replaced, "لپ‌تاپ‌شاپ: دستگاه با سریال {serial} (سفارش {order}) تعویض شد."),
    (ClaimStatus::Returned, "لپ‌تاپ‌شاپ: دستگاه گارانتی با سریال {serial} (سفارش {order}) برای شما ارسال شد."),
];

/// The text for a claim that entered `status`, or None when the customer is not told.
///
/// ```
/// use shop_core::warranty::claim_state::ClaimStatus;
/// assert_eq!(shop_server::warranty::sms::text(ClaimStatus::Repaired, "5CD123", "K7Q2M9XD").unwrap(),
///     "لپ‌تاپ‌شاپ: دستگاه با سریال 5CD123 (سفارش K7Q2M9XD) تعمیر شد.");
/// assert_eq!(shop_server::warranty::sms::text(ClaimStatus::Received, "5CD123", "K7Q2M9XD"), None);
/// ```
pub fn text(status: ClaimStatus, serial: &str, order: &str) -> Option<String> {
    TEMPLATES.iter().find(|(s, _)| *s == status).map(|(_, t)| t.replace("{serial}", serial).replace("{order}", order))
}

/// Sends `text` to `mobile` in the background; a failure is logged, never returned.
pub fn send(state: &AppState, mobile: String, claim_id: i64, text: String) {
    let sms = state.sms.clone();
    tokio::spawn(async move {
        if let Err(e) = sms.send_notice(&mobile, &text).await {
            tracing::warn!(claim = claim_id, error = %e, "warranty SMS not sent; the claim change stands");
        }
    });
}
