//! The API's error answer (docs/architecture.md section 3):
//! `{"status":"error","message":"<Persian>","field":<name|null>}` with 400/401/403/404/413/422/429.
//!
//! Handlers return `Result<T, ApiError>`. Errors raised by the framework itself (malformed
//! JSON, wrong types, missing fields, unknown routes, oversized bodies, missing tokens) are
//! turned into the same body by [`error_response`], which the request middleware applies.

use poem::http::StatusCode;
use poem::{IntoResponse, Response};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object};
use shop_core::validation::{self, Rule};

/// Persian messages used across the API.
pub mod msg {
    /// Malformed request (JSON syntax, wrong content type).
    pub const BAD_REQUEST: &str = "درخواست نامعتبر است.";
    /// Empty body where JSON is expected.
    pub const EMPTY_BODY: &str = "بدنه درخواست خالی است.";
    /// Body is not valid JSON.
    pub const BAD_JSON: &str = "بدنه درخواست JSON معتبر نیست.";
    /// Content type not JSON.
    pub const BAD_CONTENT_TYPE: &str = "نوع محتوای درخواست باید application/json باشد.";
    /// Generic invalid field.
    pub const INVALID_INPUT: &str = "اطلاعات ارسال‌شده معتبر نیست.";
    /// Missing or expired sign-in.
    pub const UNAUTHORIZED: &str = "لطفا ابتدا وارد حساب کاربری خود شوید.";
    /// Not allowed.
    pub const FORBIDDEN: &str = "شما به این بخش دسترسی ندارید.";
    /// A staff-only call made by a customer.
    pub const STAFF_ONLY: &str = "این بخش فقط برای کارکنان فروشگاه است.";
    /// Blocked account.
    pub const BLOCKED: &str = "حساب کاربری شما مسدود شده است.";
    /// Unknown route or record.
    pub const NOT_FOUND: &str = "مورد درخواستی یافت نشد.";
    /// Wrong HTTP method.
    pub const METHOD_NOT_ALLOWED: &str = "این روش درخواست پشتیبانی نمی‌شود.";
    /// Rate limited.
    pub const TOO_MANY: &str = "تعداد درخواست‌ها بیش از حد مجاز است. لطفا {seconds} ثانیه دیگر دوباره تلاش کنید.";
    /// Anything unexpected.
    pub const SERVER: &str = "خطای سرور";
    /// The request body arrived too slowly.
    pub const SLOW_REQUEST: &str = "ارسال درخواست بیش از حد طول کشید. لطفا دوباره تلاش کنید.";
    /// The database does not answer (readiness).
    pub const NOT_READY: &str = "این سرور هنوز به پایگاه داده دسترسی ندارد.";
    /// Too many expensive requests at once.
    pub const BUSY: &str = "سرور در این لحظه شلوغ است. لطفا چند ثانیه دیگر دوباره تلاش کنید.";
    /// SMS provider failure.
    pub const SMS_FAILED: &str = "ارسال پیامک با خطا روبه‌رو شد. لطفا چند لحظه دیگر دوباره تلاش کنید.";
}

/// The JSON error body.
#[derive(Debug, Clone, Object, serde::Serialize, serde::Deserialize)]
#[oai(rename = "ErrorBody")]
pub struct ErrorBody {
    /// Always `error`.
    pub status: super::ErrorStatus,
    /// A Persian message for the user.
    pub message: String,
    /// The request field at fault, if one is.
    pub field: Option<String>,
}

impl ErrorBody {
    /// A body with the given message and optional field.
    pub fn new(message: impl Into<String>, field: Option<&str>) -> Self {
        Self { status: super::ErrorStatus::Error, message: message.into(), field: field.map(str::to_string) }
    }
}

/// Every non-200 answer of the API.
#[derive(Debug, ApiResponse)]
pub enum ApiError {
    /// Malformed request.
    #[oai(status = 400)]
    BadRequest(Json<ErrorBody>),
    /// Missing, invalid or expired access token.
    #[oai(status = 401)]
    Unauthorized(Json<ErrorBody>),
    /// Not yours, or a blocked account.
    #[oai(status = 403)]
    Forbidden(Json<ErrorBody>),
    /// Unknown route or record.
    #[oai(status = 404)]
    NotFound(Json<ErrorBody>),
    /// The request body did not arrive in time.
    #[oai(status = 408)]
    RequestTimeout(Json<ErrorBody>),
    /// Body larger than 1 MB.
    #[oai(status = 413)]
    PayloadTooLarge(Json<ErrorBody>),
    /// The same `Idempotency-Key` with another body, or while its first request is running.
    #[oai(status = 409)]
    Conflict(Json<ErrorBody>),
    /// A field is missing, of the wrong type or breaks a rule.
    #[oai(status = 422)]
    Unprocessable(Json<ErrorBody>),
    /// A rate limit; `Retry-After` holds the seconds to wait.
    #[oai(status = 429)]
    TooManyRequests(Json<ErrorBody>, #[oai(header = "Retry-After")] i64),
    /// Unexpected server error (details only in the log).
    #[oai(status = 500)]
    Internal(Json<ErrorBody>),
    /// A provider (SMS, captcha) could not be reached, or the server is busy (`Retry-After`
    /// then says when to try again).
    #[oai(status = 503)]
    Unavailable(Json<ErrorBody>, #[oai(header = "Retry-After")] Option<i64>),
}

impl ApiError {
    /// 400 with a message.
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::BadRequest(Json(ErrorBody::new(message, None)))
    }
    /// 400 naming the field.
    pub fn bad_field(field: &str, message: impl Into<String>) -> Self {
        Self::BadRequest(Json(ErrorBody::new(message, Some(field))))
    }
    /// 422 naming the field.
    pub fn invalid(field: &str, message: impl Into<String>) -> Self {
        Self::Unprocessable(Json(ErrorBody::new(message, Some(field))))
    }
    /// 422 naming the field with the rule's "not valid" message (a wrong type, a bad value).
    pub fn not_valid(field: &str) -> Self {
        Self::invalid(field, not_valid_message(&field_label(field)))
    }
    /// 401.
    pub fn unauthorized() -> Self {
        Self::Unauthorized(Json(ErrorBody::new(msg::UNAUTHORIZED, None)))
    }
    /// 401 with a specific message.
    pub fn unauthorized_msg(message: impl Into<String>) -> Self {
        Self::Unauthorized(Json(ErrorBody::new(message, None)))
    }
    /// 403.
    pub fn forbidden() -> Self {
        Self::Forbidden(Json(ErrorBody::new(msg::FORBIDDEN, None)))
    }
    /// 403 with a message.
    pub fn forbidden_msg(message: impl Into<String>) -> Self {
        Self::Forbidden(Json(ErrorBody::new(message, None)))
    }
    /// 404.
    pub fn not_found() -> Self {
        Self::NotFound(Json(ErrorBody::new(msg::NOT_FOUND, None)))
    }
    /// 404 with a message (and field).
    pub fn not_found_field(field: &str, message: impl Into<String>) -> Self {
        Self::NotFound(Json(ErrorBody::new(message, Some(field))))
    }
    /// 409 with a message.
    pub fn conflict(message: impl Into<String>) -> Self {
        Self::Conflict(Json(ErrorBody::new(message, None)))
    }
    /// 413.
    pub fn too_large() -> Self {
        // The rule's file-size message (the body limit is the spec's 1 MB).
        let m = validation::message(&Rule::FileSize { max_bytes: 1024 * 1024 }, "حجم درخواست");
        Self::PayloadTooLarge(Json(ErrorBody::new(m, None)))
    }
    /// 429 with Retry-After (at least 1 second).
    pub fn too_many(retry_after_secs: i64) -> Self {
        let secs = retry_after_secs.max(1);
        let text = msg::TOO_MANY.replace("{seconds}", &secs.to_string());
        Self::TooManyRequests(Json(ErrorBody::new(text, None)), secs)
    }
    /// 500, logging the cause.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        tracing::error!(error = %cause, "internal error");
        Self::Internal(Json(ErrorBody::new(msg::SERVER, None)))
    }
    /// 503 with a message.
    pub fn unavailable(message: impl Into<String>) -> Self {
        Self::Unavailable(Json(ErrorBody::new(message, None)), None)
    }
    /// 408: the body was too slow.
    pub fn timeout() -> Self {
        Self::RequestTimeout(Json(ErrorBody::new(msg::SLOW_REQUEST, None)))
    }
    /// 503 for a full server: try again after `retry_after_secs`.
    pub fn busy(retry_after_secs: i64) -> Self {
        Self::Unavailable(Json(ErrorBody::new(msg::BUSY, None)), Some(retry_after_secs.max(1)))
    }

    /// The HTTP status of this error.
    pub fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::RequestTimeout(_) => StatusCode::REQUEST_TIMEOUT,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            Self::TooManyRequests(..) => StatusCode::TOO_MANY_REQUESTS,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            Self::Unavailable(..) => StatusCode::SERVICE_UNAVAILABLE,
        }
    }

    /// The body of this error.
    pub fn body(&self) -> &ErrorBody {
        match self {
            Self::BadRequest(b)
            | Self::Unauthorized(b)
            | Self::Forbidden(b)
            | Self::NotFound(b)
            | Self::RequestTimeout(b)
            | Self::PayloadTooLarge(b)
            | Self::Conflict(b)
            | Self::Unprocessable(b)
            | Self::TooManyRequests(b, _)
            | Self::Internal(b)
            | Self::Unavailable(b, _) => &b.0,
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.status().as_u16(), self.body().message)
    }
}

/// A value that broke a core rule: 422 with the rule's Persian message, naming its field.
impl From<shop_core::validation::FieldError> for ApiError {
    fn from(e: shop_core::validation::FieldError) -> Self {
        Self::invalid(e.field, e.message)
    }
}

/// A form of `shop_core::forms` (or the catalogue's) refused: 422 naming its first failing
/// field, in form order, with that field's message.
impl From<shop_core::product_form::FormProblems> for ApiError {
    fn from(p: shop_core::product_form::FormProblems) -> Self {
        match p.0.into_iter().next() {
            Some((field, message)) => Self::invalid(&field, message),
            None => Self::bad_request("فرم معتبر نیست"),
        }
    }
}

impl From<sea_orm::DbErr> for ApiError {
    fn from(e: sea_orm::DbErr) -> Self {
        Self::internal(e)
    }
}

/// Result alias for handlers.
pub type ApiResult<T> = Result<T, ApiError>;

/// Turn any error the framework produced into the API's JSON error answer.
///
/// Errors that already carry a response (an [`ApiError`] returned by a handler) pass
/// through unchanged.
pub fn error_response(err: poem::Error) -> Response {
    error_response_with_body(err, None)
}

/// Like [`error_response`], with the request body (when it was JSON) to name the field at
/// fault in parse errors.
pub fn error_response_with_body(err: poem::Error, body: Option<&[u8]>) -> Response {
    if err.is_from_response() {
        return err.into_response();
    }
    let status = err.status();
    let api = if let Some(e) = err.downcast_ref::<poem_openapi::error::ParseRequestPayloadError>() {
        parse_payload_error(&e.reason, body)
    } else if let Some(e) = err.downcast_ref::<poem_openapi::error::ParseParamError>() {
        ApiError::not_valid(e.name)
    } else if err.is::<poem_openapi::error::ContentTypeError>() {
        ApiError::bad_request(msg::BAD_CONTENT_TYPE)
    } else {
        match status {
            StatusCode::PAYLOAD_TOO_LARGE => ApiError::too_large(),
            StatusCode::UNAUTHORIZED => ApiError::unauthorized(),
            StatusCode::FORBIDDEN => ApiError::forbidden(),
            StatusCode::NOT_FOUND => ApiError::not_found(),
            StatusCode::METHOD_NOT_ALLOWED => {
                return (StatusCode::METHOD_NOT_ALLOWED, poem::web::Json(ErrorBody::new(msg::METHOD_NOT_ALLOWED, None)))
                    .into_response()
            }
            StatusCode::UNSUPPORTED_MEDIA_TYPE => ApiError::bad_request(msg::BAD_CONTENT_TYPE),
            s if s.is_client_error() => {
                tracing::debug!(error = %err, "client error");
                ApiError::bad_request(msg::BAD_REQUEST)
            }
            _ => ApiError::internal(&err),
        }
    };
    api.into_response()
}

/// The rules' "not valid" message for a field shown as `label` (the Email/URL rule's text).
pub fn not_valid_message(label: &str) -> String {
    validation::message(&Rule::Url, label)
}

/// The Persian name of a request field, for messages a shopper reads (the JSON body keeps the
/// field's wire name in `field` for the client).
pub fn field_label(field: &str) -> String {
    let label = match field {
        "mobile" => "شماره موبایل",
        "code" => "کد تایید",
        "hash" => "شناسه کد تایید",
        "mcode" => "کد تایید شماره",
        "password" => "گذرواژه",
        "passwordConfirmation" => "تکرار گذرواژه",
        "name" => "نام",
        "lastname" => "نام خانوادگی",
        "email" => "ایمیل",
        "city" => "شهر",
        "state" => "استان",
        "address1" => "نشانی",
        "postalCode1" => "کد پستی",
        "phone" => "تلفن",
        "reftoken" => "توکن نشست",
        "g-recaptcha-response" => "پاسخ کپچا",
        "uid" => "شناسه کاربر",
        "orderid" => "شناسه سفارش",
        "id" => "شناسه",
        "spid" => "شناسه محصول",
        "spiddetail" => "شناسه تنوع محصول",
        "productids" => "شناسه محصولات",
        "num" => "تعداد",
        "addressid" => "نشانی",
        "deliveryid" => "روش ارسال",
        "paymentmethod" => "روش پرداخت",
        "postalcode" => "کد پستی",
        "address" => "نشانی",
        "Idempotency-Key" => "کلید یکتایی درخواست",
        "q" => "عبارت جستجو",
        "page" => "شماره صفحه",
        "size" => "تعداد در صفحه",
        "min_price" => "حداقل قیمت",
        "max_price" => "حداکثر قیمت",
        other => return validation::unnamed_field_label(other),
    };
    label.to_string()
}

/// poem-openapi reports both JSON syntax errors and schema errors as a "payload" error with a
/// text reason. Syntax errors and empty bodies become 400; a wrong type or a missing field
/// becomes 422 naming the field when it can be told.
fn parse_payload_error(reason: &str, body: Option<&[u8]>) -> ApiError {
    tracing::debug!(target: "shop::request", %reason, "request body refused");
    if super::payload::is_syntax_error(reason) {
        return ApiError::bad_request(msg::BAD_JSON);
    }
    let body = body.unwrap_or_default();
    if body.iter().all(u8::is_ascii_whitespace) {
        return ApiError::bad_request(msg::EMPTY_BODY);
    }
    match super::payload::field_at_fault(reason, body) {
        Some(field) => ApiError::not_valid(&field),
        None => ApiError::Unprocessable(Json(ErrorBody::new(msg::INVALID_INPUT, None))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_errors_name_the_field_in_persian() {
        assert_eq!(field_label("mobile"), "شماره موبایل");
        assert_eq!(field_label("num"), "تعداد");
        assert_eq!(field_label("color"), "مقدار «color»");
    }

    #[test]
    fn too_many_has_retry_after() {
        match ApiError::too_many(0) {
            ApiError::TooManyRequests(b, s) => {
                assert_eq!(s, 1);
                assert!(b.0.message.contains('1'));
            }
            _ => unreachable!(),
        }
    }
}
