//! The checkout and registered-order calls under `/api/client/v1/order/...` (summary, the
//! cart's discount code, registration, the customer's orders, invoice, cancel) and paying an
//! order under `/api/client/v1/payment/...` (start, result). The cart's own calls are
//! `crate::cart::routes`.
//!
//! Every call needs a bearer token and only ever reads or changes the caller's own cart and
//! orders; someone else's is answered 404, as an unknown one, with the JSON error body.

use crate::platform::ResponseStatus;
use poem::web::Data;
use poem_openapi::{payload::Json, OpenApi};

use poem_openapi::param::Header;

use super::dto::{CodeReq, InvoiceResp, OrderListResp, RegisterReq, RegisterResp, RegisterStatus, SummaryReq};
use super::service::checkout::{
    self, CheckoutError, PaymentMethod, QuoteRequest, RegisterOutcome, RegisterRequest,
};
use super::service::invoice;
use super::service::pay;
use super::service::lifecycle::status_of;
use super::dto::ResultResp;
use crate::catalog::fmt::jalali;
use crate::payment::dto::{CodeReq as PaymentCodeReq, PaymentResult, StartResp};
use super::service::lifecycle::Applied;
use super::service::OrderError;
use super::view;
use crate::auth::BearerUser;
use crate::cart::routes::caller;
use crate::cart::service as cart;
use shop_core::discount::DiscountCode;
use shop_core::stock::not_available_message;
use crate::platform::error::{ApiError, ApiResult, ErrorBody};
use crate::platform::idempotency::{self, Prior};
use crate::order::entity::customer_order;
use poem_openapi::types::ToJSON;
use crate::state::AppState;

/// Maps a refused checkout call to its HTTP answer.
pub fn checkout_error(e: CheckoutError) -> ApiError {
    let field = e.field();
    match e {
        CheckoutError::Order(o) => o.into(),
        CheckoutError::Instalment(i) => i.into(),
        CheckoutError::AddressNotFound => ApiError::NotFound(Json(ErrorBody::new(e.to_string(), field))),
        CheckoutError::Discount(d) => ApiError::from(d),
        _ => ApiError::Unprocessable(Json(ErrorBody::new(e.to_string(), field))),
    }
}

/// The Persian message of a `price_changed` registration answer.
const PRICE_CHANGED: &str = "قیمت یا مبلغ سبد خرید شما تغییر کرده است؛ لطفا مبلغ جدید را بررسی و تایید کنید";

/// A refused registered-order call as its HTTP answer.
impl From<OrderError> for ApiError {
    fn from(e: OrderError) -> Self {
        let field = e.field();
        let body = Json(ErrorBody::new(e.to_string(), field));
        match e {
            OrderError::OrderNotFound => ApiError::NotFound(body),
            OrderError::NotPayable(_) | OrderError::WindowPassed => ApiError::Unprocessable(body),
            OrderError::TooManyRegistrations { retry_after, .. } | OrderError::TooManyCancellations { retry_after, .. } => {
                ApiError::TooManyRequests(body, retry_after.max(1))
            }
            OrderError::Cart(c) => c.into(),
            OrderError::Payment(p) => p.into(),
            OrderError::Db(db) => ApiError::internal(db),
        }
    }
}

/// The summary of the caller's cart for `body` (address, delivery, plan), with `code` or the
/// code kept on the cart; a kept code that stopped applying is dropped from the cart here.
async fn priced_summary(state: &AppState, auth: &BearerUser, body: &SummaryReq, code: Option<DiscountCode>) -> ApiResult<Json<super::dto::Summary>> {
    let now = state.clock.unix();
    let req = QuoteRequest { cart_id: body.orderid, address_id: body.addressid, delivery_id: body.deliveryid, discount_code: code };
    let q = checkout::quote(&state.db, &caller(auth), &auth.0.city, &req, now).await.map_err(checkout_error)?;
    if let Some((dropped, _)) = &q.dropped_discount {
        cart::drop_discount(&state.db, q.cart_id, dropped).await.map_err(ApiError::internal)?;
    }
    let plan = match body.planid {
        Some(id) => Some(
            crate::plan::service::choose(&state.db, Some(id), q.instalment_eligible, q.payable, now)
                .await
                .map_err(|e| checkout_error(e.into()))?,
        ),
        None => None,
    };
    Ok(Json(view::summary(&q, plan.as_ref())))
}

/// The typed discount code of a request (absent or blank: none; malformed: 422).
fn discount_code(raw: Option<&str>) -> ApiResult<Option<DiscountCode>> {
    Ok(raw.filter(|s| !s.trim().is_empty()).map(DiscountCode::parse).transpose()?)
}


/// The checkout and registered-order endpoints.
pub struct OrderApi;

#[OpenApi(prefix_path = "/api/client/v1/order", tag = "crate::platform::ApiTags::Order")]
impl OrderApi {
    /// Checkout summary
    ///
    /// Prices the caller's cart for checkout: each line with its current price and the price
    /// it had when put in the cart, the delivery options offered for the address's city (the
    /// customer's own `City` without `addressid`; spec section 5 rule), and every amount
    /// computed by the server: items, delivery, discount and payable. Someone else's cart →
    /// 404; someone else's or an unknown address → 404; a delivery option not offered to the
    /// city → 422 (`deliveryid`); an empty cart → 422.
    #[oai(path = "/summary", method = "post", operation_id = "order_summary")]
    async fn summary(&self, state: Data<&AppState>, auth: BearerUser, body: Json<SummaryReq>) -> ApiResult<Json<super::dto::Summary>> {
        let code = discount_code(body.discountcode.as_deref())?;
        priced_summary(&state, &auth, &body, code).await
    }

    /// Apply a discount code to the cart
    ///
    /// Checks `discountcode` against the caller's cart (as `order/summary` does) and keeps it on
    /// the cart: later summaries, the cart read (`DiscountCode`) and registration use it, on any
    /// page or device, until `order/discount/remove` or until it stops applying (then it is
    /// taken off with a Persian `DiscountNotice`). Answers the summary with the discount. A code
    /// that does not apply → 422 at `discountcode`, and the cart keeps what it had.
    #[oai(path = "/discount/apply", method = "post", operation_id = "order_discount_apply")]
    async fn discount_apply(&self, state: Data<&AppState>, auth: BearerUser, body: Json<SummaryReq>) -> ApiResult<Json<super::dto::Summary>> {
        let code = discount_code(body.discountcode.as_deref())?
            .ok_or_else(|| ApiError::invalid(DiscountCode::FIELD, shop_core::discount::UNKNOWN_MESSAGE))?;
        let caller = caller(&auth);
        cart::own_open_cart(&state.db, &caller, body.orderid).await.map_err(ApiError::from)?;
        let summary = priced_summary(&state, &auth, &body, Some(code.clone())).await?;
        cart::keep_discount(&state.db, body.orderid, Some(&code)).await.map_err(ApiError::internal)?;
        Ok(summary)
    }

    /// Remove the cart's discount code
    ///
    /// Takes the kept code off the caller's cart and answers the summary without it (same
    /// fields as `order/summary`; `discountcode` is ignored).
    #[oai(path = "/discount/remove", method = "post", operation_id = "order_discount_remove")]
    async fn discount_remove(&self, state: Data<&AppState>, auth: BearerUser, body: Json<SummaryReq>) -> ApiResult<Json<super::dto::Summary>> {
        cart::own_open_cart(&state.db, &caller(&auth), body.orderid).await.map_err(ApiError::from)?;
        cart::keep_discount(&state.db, body.orderid, None).await.map_err(ApiError::internal)?;
        priced_summary(&state, &auth, &body, None).await
    }

    /// Register the order
    ///
    /// Turns the caller's cart into an order: a snapshot of every line (name, variant, unit
    /// and warranty price), the delivery option and its price, and the address, with every
    /// amount recomputed by the server; the stock of every line is reserved in the same
    /// transaction until the order is paid or its payment window (20 minutes by default)
    /// passes. Answers `ok` with the order, `not` naming a product that is unpublished or not
    /// in stock, or `price_changed` with the new summary when a price moved since it was put
    /// in the cart (register again with `acceptprices: true`) or `payable` differs from the
    /// server's. Needs an `Idempotency-Key` header, one per attempt: the key is recorded with
    /// the order in its transaction, so the same key and body get the registered order again
    /// and another body 409; a refusal records nothing, and the same key runs again. The cart
    /// is left as it is until payment.
    /// Registering the cart again replaces its earlier order that has not gone to the bank (its
    /// stock is released in the same transaction). What a customer's unpaid orders hold is
    /// capped (by default 2 unpaid orders, 3 units of a product per order and per customer, 10
    /// units in all): past a cap → 422 naming the product; more than 10 registrations in an
    /// hour → 429 with `Retry-After`.
    #[oai(path = "/register", method = "post", operation_id = "order_register")]
    async fn register(
        &self,
        state: Data<&AppState>,
        auth: BearerUser,
        #[oai(name = "Idempotency-Key")] key: Header<Option<String>>,
        body: Json<RegisterReq>,
    ) -> ApiResult<Json<RegisterResp>> {
        let key = idempotency::parse_key(key.0.as_deref())?;
        let method = PaymentMethod::parse(&body.paymentmethod)
            .ok_or_else(|| checkout_error(CheckoutError::PaymentMethodUnknown))?;
        let req = RegisterRequest {
            cart_id: body.orderid,
            address_id: body.addressid,
            delivery_id: body.deliveryid,
            method,
            plan_id: body.planid,
            accept_prices: body.acceptprices,
            expected_payable: body.payable,
            discount_code: discount_code(body.discountcode.as_deref())?,
            slot_id: body.slotid,
        };
        let now = state.clock.unix();
        // The key is recorded by the registration's own transaction, with its answer.
        let key = match idempotency::prior(&state.db, auth.id(), "order.register", &key, &req.canonical(), now).await? {
            Prior::Answer(answer) => return Ok(answer),
            Prior::Run(key) => key,
        };
        let registered = |o: &customer_order::Model| RegisterResp {
            status: RegisterStatus::Ok,
            message: None,
            name: None,
            order: Some(view::registered(o)),
            summary: None,
        };
        let answer = |o: &customer_order::Model| registered(o).to_json_string();
        let remember = checkout::Remember { key: &key, answer: &answer };
        let outcome = checkout::register(&state.db, &state.sqlite_writer, &caller(&auth), &auth.0.city, &req, state.config.order_hold_secs, &state.config.order_limits, Some(&remember), now)
            .await
            .map_err(checkout_error)?;
        let empty = RegisterResp { status: RegisterStatus::Ok, message: None, name: None, order: None, summary: None };
        Ok(Json(match outcome {
            RegisterOutcome::Registered(o) => registered(&o),
            RegisterOutcome::Duplicate => return idempotency::recorded_answer(&state.db, &key).await,
            RegisterOutcome::NotAvailable { name } => RegisterResp {
                status: RegisterStatus::Not,
                message: Some(not_available_message(&name)),
                name: Some(name),
                ..empty
            },
            RegisterOutcome::PriceChanged(q) => RegisterResp {
                status: RegisterStatus::PriceChanged,
                message: Some(PRICE_CHANGED.into()),
                summary: Some(view::summary(&q, None)),
                ..empty
            },
        }))
    }

    /// The caller's orders (invoices list)
    ///
    /// Every registered order of the caller, newest first, with its state, Jalali date and totals.
    #[oai(path = "/list", method = "post", operation_id = "order_list")]
    async fn list(&self, state: Data<&AppState>, auth: BearerUser) -> ApiResult<Json<OrderListResp>> {
        let orders = invoice::list(&state.db, auth.id()).await?;
        Ok(Json(OrderListResp {
            status: ResponseStatus::Ok,
            data: orders.iter().map(|(o, n)| view::list_item(o, *n)).collect(),
        }))
    }

    /// One order's invoice
    ///
    /// Lines, warranty, delivery, discount, totals, address, tracking code and the timeline of
    /// states. Owner only: someone else's or an unknown code → 404 with nothing of the order.
    #[oai(path = "/invoice", method = "post", operation_id = "order_invoice")]
    async fn invoice(&self, state: Data<&AppState>, auth: BearerUser, body: Json<CodeReq>) -> ApiResult<Json<InvoiceResp>> {
        let inv = invoice::invoice(&state.db, auth.id(), &body.code.to_uppercase()).await.map_err(ApiError::from)?;
        Ok(Json(InvoiceResp { status: ResponseStatus::Ok, data: view::invoice(&inv) }))
    }

    /// Cancel an unpaid order
    ///
    /// The caller cancels one of their orders that is registered or awaiting payment; its
    /// stock is released. Another state → 422; someone else's or an unknown code → 404; more
    /// than 10 cancellations in an hour (by default) → 429 with `Retry-After`.
    #[oai(path = "/cancel", method = "post", operation_id = "order_cancel")]
    async fn cancel(&self, state: Data<&AppState>, auth: BearerUser, body: Json<CodeReq>) -> ApiResult<Json<InvoiceResp>> {
        let code = body.code.to_uppercase();
        match invoice::cancel(&state.db, auth.id(), &code, state.config.order_limits.cancellations_per_hour, state.clock.unix()).await.map_err(ApiError::from)? {
            Applied::Moved(_) => {}
            Applied::Refused(e) => return Err(ApiError::invalid("code", e.to_string())),
            Applied::Lost => return Err(ApiError::conflict("وضعیت سفارش هم‌زمان تغییر کرد؛ لطفا دوباره تلاش کنید")),
        }
        let inv = invoice::invoice(&state.db, auth.id(), &code).await.map_err(ApiError::from)?;
        Ok(Json(InvoiceResp { status: ResponseStatus::Ok, data: view::invoice(&inv) }))
    }
}

/// Paying a registered order, under the payment prefix: starting its payment and the result
/// the payment pages read (the gateway's callback is `payment`'s).
pub struct OrderPaymentApi;

#[OpenApi(prefix_path = "/api/client/v1/payment", tag = "crate::platform::ApiTags::Order")]
impl OrderPaymentApi {
    /// Start paying an order
    ///
    /// For one of the caller's orders in `registered` or `awaiting_payment` within its payment
    /// window: opens a payment at the gateway for the order's payable (from the database) and
    /// answers with the page to send the browser to. A pending attempt younger than
    /// `SHOP_PAYMENT_REUSE_MINUTES` is answered again (same `url` and `authority`, no new
    /// gateway request). Needs an `Idempotency-Key` header (one per attempt): the same key and
    /// body answer the first answer again, another body 409. Someone else's or an unknown
    /// order → 404; paid, cancelled or expired → 422; too many new attempts for the order or
    /// the customer → 429 with `Retry-After`; the gateway does not answer → 503.
    #[oai(path = "/start", method = "post", operation_id = "payment_start")]
    async fn start(
        &self,
        state: Data<&AppState>,
        auth: BearerUser,
        #[oai(name = "Idempotency-Key")] key: Header<Option<String>>,
        body: Json<PaymentCodeReq>,
    ) -> ApiResult<Json<StartResp>> {
        let key = idempotency::parse_key(key.0.as_deref())?;
        let code = body.code.trim().to_uppercase();
        idempotency::once(
            &state.db,
            auth.id(),
            "payment.start",
            &key,
            &code,
            state.clock.unix(),
            || async {
                let (url, authority) = pay::start(&state, auth.id(), &auth.0.mobile, &code).await?;
                Ok(Json(StartResp {
                    status: ResponseStatus::Ok,
                    url,
                    authority,
                }))
            },
        )
        .await
    }

    /// An order's payment result
    ///
    /// What `/success-payment` and `/error-payment` show: the order's code and state, the
    /// payment's state, amount, reference id and Jalali date. Owner only: someone else's or an
    /// unknown code → 404 with nothing of the order.
    #[oai(path = "/result", method = "post", operation_id = "payment_result")]
    async fn result(
        &self,
        state: Data<&AppState>,
        auth: BearerUser,
        body: Json<PaymentCodeReq>,
    ) -> ApiResult<Json<ResultResp>> {
        let r = pay::result(&state.db, auth.id(), &body.code.to_uppercase())
            .await
            .map_err(ApiError::from)?;
        let order_status = status_of(&r.order);
        let p = r.payment.as_ref();
        let payment_status = p.map_or(PaymentResult::None, |p| p.status.into());
        let refund_needed = p.is_some_and(|p| p.refund_needed);
        let message = match (payment_status, refund_needed) {
            (_, true) => "پرداخت شما پس از پایان مهلت سفارش انجام شد؛ مبلغ به حساب شما بازگردانده می‌شود.",
            (PaymentResult::Paid, _) => "پرداخت با موفقیت انجام شد.",
            (PaymentResult::Pending, _) => "نتیجهٔ پرداخت هنوز از بانک دریافت نشده است. اگر مبلغ از حساب شما کم شده، با تایید بانک سفارش پرداخت‌شده ثبت می‌شود و اگر تایید نشود، بانک مبلغ را به حساب شما بازمی‌گرداند.",
            (PaymentResult::Failed, _) => "پرداخت انجام نشد. سبد خرید شما دست‌نخورده است و می‌توانید دوباره پرداخت کنید.",
            (PaymentResult::None, _) => "برای این سفارش هنوز پرداختی انجام نشده است.",
        };
        Ok(Json(ResultResp {
            status: ResponseStatus::Ok,
            code: r.order.code.clone(),
            order_status: order_status.into(),
            order_status_label: order_status.label().into(),
            payment_status,
            amount: p.map_or(r.order.payable, |p| p.amount),
            ref_id: p.and_then(|p| p.ref_id.clone()),
            card_pan: p.and_then(|p| p.card_pan.clone()),
            date: jalali(p.and_then(|p| p.verified_at).unwrap_or(r.order.created_at)),
            refund_needed,
            message: message.into(),
        }))
    }
}
