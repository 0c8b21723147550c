//! Registered orders: registration (checkout) with its stock reservation, the lifecycle
//! (one table in `shop_core::order_state`), paying an order, invoices, the staff's calls and
//! the reservation expiry job. The cart before registration is `crate::cart`.

pub mod admin;
pub mod checkout;
pub mod held;
pub mod invoice;
pub mod jobs;
pub mod lifecycle;
pub mod pay;
pub mod units;

use sea_orm::DbErr;

use crate::cart::service::CartError;

/// Why a registered-order call was refused. `From<OrderError> for ApiError` (order/routes.rs)
/// maps each to its status and Persian message.
#[derive(Debug, thiserror::Error)]
pub enum OrderError {
    /// No order with that code among the caller's (404): unknown, or someone else's.
    #[error("سفارش مورد نظر پیدا نشد")]
    OrderNotFound,
    /// The customer registered `limit` orders in the last hour (429, `Retry-After`).
    #[error("در هر ساعت حداکثر {} بار می‌توان سفارش ثبت کرد؛ لطفا {} دیگر دوباره تلاش کنید", fa(*limit), wait(*retry_after))]
    TooManyRegistrations { limit: i64, retry_after: i64 },
    /// The customer cancelled `limit` orders in the last hour (429, `Retry-After`); the order
    /// keeps its hold until it expires.
    #[error("در هر ساعت حداکثر {} سفارش را می‌توان لغو کرد؛ لطفا {} دیگر دوباره تلاش کنید", fa(*limit), wait(*retry_after))]
    TooManyCancellations { limit: i64, retry_after: i64 },
    /// The order is paid, cancelled or expired: it takes no payment (422, field `code`).
    #[error("{}", shop_core::order_state::not_payable_message(.0))]
    NotPayable(&'static str),
    /// The order's payment window has passed (422, field `code`).
    #[error("مهلت پرداخت این سفارش به پایان رسیده است؛ لطفا دوباره سفارش را ثبت کنید")]
    WindowPassed,
    /// Starting its payment was refused (too many attempts, the gateway): payment's answer.
    #[error(transparent)]
    Payment(#[from] crate::payment::service::PaymentError),
    /// The cart to register was refused (not the caller's, no longer open): the cart's answer.
    #[error(transparent)]
    Cart(CartError),
    #[error("database: {0}")]
    Db(#[from] DbErr),
}

/// A cart's database error stays a database error (registration retries those).
impl From<CartError> for OrderError {
    fn from(e: CartError) -> Self {
        match e {
            CartError::Db(db) => Self::Db(db),
            other => Self::Cart(other),
        }
    }
}

impl OrderError {
    /// The request field the error is about, if any.
    pub fn field(&self) -> Option<&'static str> {
        match self {
            OrderError::OrderNotFound => Some("orderid"),
            OrderError::TooManyRegistrations { .. } => Some("orderid"),
            OrderError::TooManyCancellations { .. } => Some("code"),
            OrderError::NotPayable(_) | OrderError::WindowPassed => Some("code"),
            OrderError::Cart(c) => c.field(),
            OrderError::Payment(_) | OrderError::Db(_) => None,
        }
    }
}

fn fa(n: i64) -> String {
    shop_core::digits::to_persian_digits(&n.to_string())
}

/// A wait in whole minutes (at least one), for a limit's message.
fn wait(secs: i64) -> String {
    format!("{} دقیقه", fa(secs.max(1).div_euclid(60) + i64::from(secs.max(1) % 60 != 0)))
}
