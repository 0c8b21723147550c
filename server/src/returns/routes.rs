//! `POST /api/client/v1/returns/{order,cancel,create,buy-again}`: the customer's side of
//! after the sale (an order's tracking and refund state, cancelling, asking for a return,
//! buying again). Owner only: someone else's order reads as an unknown one (404).

use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use shop_core::returns::request::Asked;

use super::dto::{AfterSaleResp, BuyAgainLine, BuyAgainResp, CodeReq, ReturnForm};
use super::service::{self, NewReturn, ReturnError};
use super::view;
use crate::auth::BearerUser;
use crate::platform::error::{ApiError, ApiResult, ErrorBody};
use crate::platform::ResponseStatus;
use crate::state::AppState;
use crate::ticket::service::UploadedFile;

impl From<ReturnError> for ApiError {
    fn from(e: ReturnError) -> Self {
        use shop_core::returns::request::RequestError as R;
        use shop_core::returns::state::TransitionError as T;
        match e {
            ReturnError::OrderNotFound => ApiError::not_found_field("code", e.to_string()),
            ReturnError::ReturnNotFound => ApiError::not_found_field("id", e.to_string()),
            ReturnError::HolidayNotFound => ApiError::not_found_field("id", e.to_string()),
            ReturnError::NotDelivered | ReturnError::Cancel(_) => ApiError::invalid("code", e.to_string()),
            ReturnError::Window(_) => ApiError::invalid("lines", e.to_string()),
            ReturnError::Request(ref r) => {
                let field = match r {
                    R::Reason => "reason",
                    R::DescriptionLong => "description",
                    R::TooManyPhotos => "photos",
                    _ => "lines",
                };
                ApiError::invalid(field, e.to_string())
            }
            ReturnError::Photo(m) => ApiError::invalid("photos", m),
            ReturnError::TooManyCancellations { message, retry_after } => {
                ApiError::TooManyRequests(Json(ErrorBody::new(message, None)), retry_after.max(1))
            }
            ReturnError::Refused(ref t) => {
                let field = if matches!(t, T::NotAllowed(_)) { "id" } else { "reason" };
                ApiError::invalid(field, e.to_string())
            }
            ReturnError::Refund(_) | ReturnError::NoPayment => ApiError::invalid("id", e.to_string()),
            ReturnError::Invalid(field, m) => ApiError::invalid(field, m),
            ReturnError::Lost => ApiError::conflict(e.to_string()),
            ReturnError::Db(db) => ApiError::internal(db),
            ReturnError::Files(io) => ApiError::internal(io),
        }
    }
}

/// The order's after-sale answer.
async fn answer(state: &AppState, user_id: i64, code: &str) -> ApiResult<Json<AfterSaleResp>> {
    let a = service::after_sale(&state.db, user_id, code, state.clock.unix()).await?;
    Ok(Json(AfterSaleResp { status: ResponseStatus::Ok, data: view::after_sale(&a) }))
}

/// The customer's after-sale calls.
pub struct ReturnsApi;

#[OpenApi(prefix_path = "/api/client/v1/returns")]
impl ReturnsApi {
    /// One order after the sale
    ///
    /// The tracking timeline (Jalali date and Tehran time of each state reached), the shipment
    /// with the carrier's tracking page, whether it may be cancelled now, the refund owed and
    /// given back, each line's return window, and the order's returns. Someone else's or an
    /// unknown code → 404.
    #[oai(path = "/order", method = "post", operation_id = "returns_order")]
    async fn order(&self, state: Data<&AppState>, auth: BearerUser, body: Json<CodeReq>) -> ApiResult<Json<AfterSaleResp>> {
        answer(&state, auth.id(), &body.code).await
    }

    /// Cancel an order (unpaid, or paid and not yet preparing)
    ///
    /// An unpaid order is cancelled as `order/cancel` does. A paid order may be cancelled until
    /// staff start preparing it: its stock and discount use come back once and its payment
    /// goes into the refunds queue. A cancel and a staff "prepare" at the same moment: one of
    /// the two wins (the other: 409 or 422). Another state → 422; someone else's → 404.
    #[oai(path = "/cancel", method = "post", operation_id = "returns_cancel")]
    async fn cancel(&self, state: Data<&AppState>, auth: BearerUser, body: Json<CodeReq>) -> ApiResult<Json<AfterSaleResp>> {
        let per_hour = state.config.order_limits.cancellations_per_hour;
        let done = service::cancel(&state.db, auth.id(), &body.code, per_hour, state.clock.unix()).await?;
        if done.refund_owed {
            use sea_orm::EntityTrait;
            if let Ok(Some(u)) = crate::auth::entity::user::Entity::find_by_id(auth.id()).one(&state.db).await {
                let text = crate::order::sms::cancelled_by_customer_text(&done.order.code);
                crate::order::sms::send(&state, u.mobile, done.order.code.clone(), text);
            }
        }
        answer(&state, auth.id(), &done.order.code).await
    }

    /// Ask to return lines of a delivered order
    ///
    /// multipart/form-data: `code`, `lines` (JSON `[{"line_id", "num"}]`), `reason` (a code
    /// of the answer's `reasons`), `description` (at most 1,000 characters) and up to 3
    /// `photos` (jpg, jpeg, png, webp; 1 MB each; checked by core's upload rules). The window
    /// is 7 working days from delivery (new, open-box) or the product's test period (used). A
    /// line already returned or with an open return → 422; someone else's order → 404.
    #[oai(path = "/create", method = "post", operation_id = "returns_create")]
    async fn create(&self, state: Data<&AppState>, auth: BearerUser, form: ReturnForm) -> ApiResult<Json<AfterSaleResp>> {
        let lines: Vec<Asked> = serde_json::from_str(form.lines.trim())
            .map_err(|_| ApiError::invalid("lines", "کالایی را برای بازگرداندن انتخاب کنید"))?;
        let mut photos = Vec::with_capacity(form.photos.len());
        for f in form.photos {
            let name = f.file_name().unwrap_or_default().to_string();
            let bytes = f.into_vec().await.map_err(|_| ApiError::bad_request(crate::platform::error::msg::BAD_REQUEST))?;
            photos.push(UploadedFile { name, bytes });
        }
        let req = NewReturn { code: form.code.clone(), lines, reason: form.reason, description: form.description, photos };
        service::request_return(&state.db, state.files.as_ref(), auth.id(), req, state.clock.unix()).await?;
        let code = form.code.trim().to_ascii_uppercase();
        if let Ok(Some((mobile, text))) = service::requested_sms(&state.db, auth.id(), &code).await {
            crate::order::sms::send(&state, mobile, code.clone(), text);
        }
        answer(&state, auth.id(), &code).await
    }

    /// Buy an order again
    ///
    /// Puts each of the order's lines into the caller's cart with its quantity, priced by the
    /// server from today's catalogue. A line that is no longer sold or not in stock is not
    /// added and is reported with its Persian reason. Someone else's order → 404.
    #[oai(path = "/buy-again", method = "post", operation_id = "returns_buy_again")]
    async fn buy_again(&self, state: Data<&AppState>, auth: BearerUser, body: Json<CodeReq>) -> ApiResult<Json<BuyAgainResp>> {
        let caller = crate::cart::service::Caller { id: auth.id(), uid: auth.uid().to_string() };
        let lines = service::buy_again(&state.db, &caller, &body.code, state.clock.unix()).await?;
        Ok(Json(BuyAgainResp {
            status: ResponseStatus::Ok,
            data: lines
                .into_iter()
                .map(|l| BuyAgainLine { name: l.name, added: l.problem.is_none(), message: l.problem.unwrap_or_default() })
                .collect(),
        }))
    }
}
