//! `POST /api/client/v1/warranty/{units,claim}` and
//! `POST /api/client/v1/official-invoice/{show,save}`: the customer's side (their own orders
//! only; another customer's order or unit answers 404). The staff's claims are in `admin.rs`.

use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use shop_core::forms::Values;

use super::dto::{OfficialInvoiceReq, OfficialInvoiceResp, OpenClaimReq, OrderCodeReq, WarrantyClaimResp, WarrantyUnitsResp};
use super::service::{self, WarrantyError};
use super::view;
use crate::auth::BearerUser;
use crate::platform::error::{ApiError, ApiResult};
use crate::platform::ResponseStatus;
use crate::state::AppState;

impl From<WarrantyError> for ApiError {
    fn from(e: WarrantyError) -> Self {
        match e {
            WarrantyError::Invalid(field, m) => ApiError::invalid(field, m),
            WarrantyError::OrderNotFound => ApiError::not_found_field("code", e.to_string()),
            WarrantyError::UnitNotFound => ApiError::not_found_field("unit_id", e.to_string()),
            WarrantyError::ClaimNotFound => ApiError::not_found_field("id", e.to_string()),
            WarrantyError::Lost => ApiError::conflict(e.to_string()),
            WarrantyError::Ticket(t) => t.into(),
            WarrantyError::Db(db) => ApiError::internal(db),
        }
    }
}

/// The customer's warranty and official invoice calls.
pub struct WarrantyApi;

#[OpenApi(prefix_path = "/api/client/v1", tag = "crate::platform::ApiTags::Order")]
impl WarrantyApi {
    /// The units of one of the caller's orders, with their warranty
    ///
    /// One entry per unit shipped: its serial, the warranty's name and Jalali end day (from
    /// delivery, or from shipping while no delivery is recorded), whether a claim may be opened
    /// today (else why not) and its latest claim. Another customer's order → 404.
    #[oai(path = "/warranty/units", method = "post", operation_id = "warranty_units")]
    async fn units(&self, state: Data<&AppState>, auth: BearerUser, body: Json<OrderCodeReq>) -> ApiResult<Json<WarrantyUnitsResp>> {
        let units = service::units(&state.db, auth.id(), &body.code, state.clock.unix()).await?;
        Ok(Json(WarrantyUnitsResp { status: ResponseStatus::Ok, data: units.iter().map(view::unit).collect() }))
    }

    /// Open a warranty claim on one of the caller's units
    ///
    /// Within the warranty (up to and including its end day) and without another claim still
    /// open on the unit; the claim's conversation is a new ticket of department `warranty`.
    /// Another customer's unit → 404; after the end day → 422 naming the day.
    #[oai(path = "/warranty/claim", method = "post", operation_id = "warranty_claim_open")]
    async fn claim(&self, state: Data<&AppState>, auth: BearerUser, body: Json<OpenClaimReq>) -> ApiResult<Json<WarrantyClaimResp>> {
        let (claim, _) = service::open_claim(&state, auth.id(), body.unit_id, &body.message).await?;
        Ok(Json(WarrantyClaimResp { status: ResponseStatus::Ok, data: view::claim(&claim) }))
    }

    /// The official invoice's buyer of one of the caller's orders
    ///
    /// `data` is null when none was asked for. Another customer's order → 404.
    #[oai(path = "/official-invoice/show", method = "post", operation_id = "official_invoice_show")]
    async fn show(&self, state: Data<&AppState>, auth: BearerUser, body: Json<OrderCodeReq>) -> ApiResult<Json<OfficialInvoiceResp>> {
        let o = service::official_of(&state.db, auth.id(), &body.code).await?;
        Ok(Json(OfficialInvoiceResp { status: ResponseStatus::Ok, data: o.as_ref().map(view::official) }))
    }

    /// Ask for an official invoice (or correct it)
    ///
    /// Before paying or afterwards. Every field is checked by `shop_core::forms::official_invoice`
    /// (the form the web app checks with): national ID and company national ID check digits,
    /// the current economic code, the postal code. A cancelled or expired order → 422.
    #[oai(path = "/official-invoice/save", method = "post", operation_id = "official_invoice_save")]
    async fn save(&self, state: Data<&AppState>, auth: BearerUser, body: Json<OfficialInvoiceReq>) -> ApiResult<Json<OfficialInvoiceResp>> {
        let b = &body.0;
        let values = Values::from_pairs([
            ("buyer_type", b.buyer_type.as_str()),
            ("legal_name", &b.legal_name),
            ("national_id", &b.national_id),
            ("company_id", &b.company_id),
            ("economic_code", &b.economic_code),
            ("postal_code", &b.postal_code),
        ]);
        let o = service::save_official(&state.db, auth.id(), &b.code, &values, state.clock.unix()).await?;
        Ok(Json(OfficialInvoiceResp { status: ResponseStatus::Ok, data: Some(view::official(&o)) }))
    }
}
