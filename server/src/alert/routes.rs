//! `POST /api/client/v1/alert/{subscribe,list,remove}`: the caller's restock and price-drop
//! alerts. Every call needs a bearer token and reads or changes only the caller's own rows.

use poem::web::Data;
use poem_openapi::{payload::Json, OpenApi};

use super::dto::{ListResp, RemoveReq, RemoveResp, SubscribeReq, SubscribeResp};
use super::service::{self, AlertError};
use crate::auth::BearerUser;
use crate::platform::error::{ApiError, ApiResult};
use crate::platform::ResponseStatus;
use crate::state::AppState;

impl From<AlertError> for ApiError {
    fn from(e: AlertError) -> Self {
        match e {
            AlertError::UnknownVariant => ApiError::not_found_field("variant_id", e.to_string()),
            AlertError::Refused(_) => ApiError::invalid("kind", e.to_string()),
            AlertError::TooMany => ApiError::invalid("variant_id", e.to_string()),
            AlertError::NotFound => ApiError::not_found_field("id", e.to_string()),
            AlertError::Db(db) => ApiError::internal(db),
        }
    }
}

/// The alerts endpoints.
pub struct AlertApi;

#[OpenApi(prefix_path = "/api/client/v1/alert", tag = "crate::platform::ApiTags::Catalog")]
impl AlertApi {
    /// Ask to be told of a variant
    ///
    /// `restock` for an out-of-stock variant, `price_drop` (below today's price) for one in
    /// stock; the other way round is refused (422, `field: kind`, Persian). Unknown or
    /// unpublished variant → 404. Asking again for a waiting alert returns it (`created: false`).
    /// One SMS, sent by a job within a minute of the change.
    #[oai(path = "/subscribe", method = "post", operation_id = "alert_subscribe")]
    async fn subscribe(&self, state: Data<&AppState>, auth: BearerUser, body: Json<SubscribeReq>) -> ApiResult<Json<SubscribeResp>> {
        let (data, created) = service::subscribe(&state.db, auth.id(), body.variant_id, body.kind.into(), state.clock.unix()).await?;
        Ok(Json(SubscribeResp { status: ResponseStatus::Ok, created, data }))
    }

    /// The caller's alerts
    ///
    /// Newest first, waiting and sent, each with its product's name and link.
    #[oai(path = "/list", method = "post", operation_id = "alert_list")]
    async fn list(&self, state: Data<&AppState>, auth: BearerUser) -> ApiResult<Json<ListResp>> {
        Ok(Json(ListResp { status: ResponseStatus::Ok, data: service::list(&state.db, auth.id()).await? }))
    }

    /// Remove one of the caller's alerts
    ///
    /// Another customer's id or an unknown one → 404.
    #[oai(path = "/remove", method = "post", operation_id = "alert_remove")]
    async fn remove(&self, state: Data<&AppState>, auth: BearerUser, body: Json<RemoveReq>) -> ApiResult<Json<RemoveResp>> {
        service::remove(&state.db, auth.id(), body.id).await?;
        Ok(Json(RemoveResp { status: ResponseStatus::Ok }))
    }
}
