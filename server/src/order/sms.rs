//! The SMS a customer gets when their order or one of its returns changes state: every template
//! is here, and only here.
//! Sending happens after the move is committed and never undoes it: a provider failure is
//! logged and the order stays where staff put it.

use shop_core::order_state::OrderStatus;
use shop_core::returns::state::ReturnStatus;

use crate::state::AppState;

/// The text for an order `code` that entered `status`, or None when the customer is not told
/// (only preparing, shipped, delivered and cancelled are worth an SMS). `carrier` and
/// `tracking_code` are the shipment's (shipped only).
///
/// ```
/// use shop_core::order_state::OrderStatus;
/// use shop_server::order::sms::text;
/// assert_eq!(
///     text(OrderStatus::Shipped, "K7Q2M9XD", Some("پست"), Some("RR123IR")).unwrap(),
///     "لپ‌تاپ‌شاپ: سفارش K7Q2M9XD با پست ارسال شد. کد رهگیری: RR123IR"
/// );
/// assert_eq!(text(OrderStatus::Paid, "K7Q2M9XD", None, None), None);
/// ```
pub fn text(status: OrderStatus, code: &str, carrier: Option<&str>, tracking_code: Option<&str>) -> Option<String> {
    let body = match status {
        OrderStatus::Preparing => format!("سفارش {code} در حال آماده‌سازی است."),
        OrderStatus::Shipped => format!(
            "سفارش {code} با {} ارسال شد. کد رهگیری: {}",
            carrier.unwrap_or_default(),
            tracking_code.unwrap_or_default()
        ),
        OrderStatus::Delivered => format!("سفارش {code} تحویل شد. از خرید شما سپاسگزاریم."),
        OrderStatus::Cancelled => {
            format!("سفارش {code} به دست فروشگاه لغو شد. مبلغ پرداختی به حساب شما بازگردانده می‌شود.")
        }
        _ => return None,
    };
    Some(format!("لپ‌تاپ‌شاپ: {body}"))
}

/// The text when the customer cancelled their paid order `code` themselves (the refund owed).
///
/// ```
/// assert_eq!(
///     shop_server::order::sms::cancelled_by_customer_text("K7Q2M9XD"),
///     "لپ‌تاپ‌شاپ: سفارش K7Q2M9XD به درخواست شما لغو شد. مبلغ پرداختی به حساب شما بازگردانده می‌شود."
/// );
/// ```
pub fn cancelled_by_customer_text(code: &str) -> String {
    format!("لپ‌تاپ‌شاپ: سفارش {code} به درخواست شما لغو شد. مبلغ پرداختی به حساب شما بازگردانده می‌شود.")
}

/// The text when a return of order `code` entered `status` (`reason`: a rejection's).
///
/// ```
/// use shop_core::returns::state::ReturnStatus;
/// use shop_server::order::sms::return_text;
/// assert_eq!(
///     return_text(ReturnStatus::Rejected, "K7Q2M9XD", Some("کارتن ندارد")).unwrap(),
///     "لپ‌تاپ‌شاپ: درخواست مرجوعی سفارش K7Q2M9XD رد شد: کارتن ندارد"
/// );
/// ```
pub fn return_text(status: ReturnStatus, code: &str, reason: Option<&str>) -> Option<String> {
    let body = match status {
        ReturnStatus::Requested => format!("درخواست مرجوعی سفارش {code} ثبت شد و بررسی می‌شود."),
        ReturnStatus::Approved => format!("درخواست مرجوعی سفارش {code} تأیید شد. لطفا کالا را برای فروشگاه بفرستید."),
        ReturnStatus::Rejected => format!("درخواست مرجوعی سفارش {code} رد شد: {}", reason.unwrap_or_default()),
        ReturnStatus::Received => format!("کالای مرجوعی سفارش {code} به دست فروشگاه رسید."),
        ReturnStatus::Refunded => format!("مبلغ کالای مرجوعی سفارش {code} به حساب شما بازگردانده شد."),
    };
    Some(format!("لپ‌تاپ‌شاپ: {body}"))
}

/// Sends `text` to `mobile` in the background; a failure is logged, never returned.
pub fn send(state: &AppState, mobile: String, order_code: String, text: String) {
    let sms = state.sms.clone();
    tokio::spawn(async move {
        if let Err(e) = sms.send_notice(&mobile, &text).await {
            tracing::warn!(order = %order_code, error = %e, "order SMS not sent; the order change stands");
        }
    });
}
