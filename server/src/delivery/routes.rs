//! `POST /api/client/v1/order/get/delivery/order`: the delivery options for the caller's order.

use crate::platform::ResponseStatus;
use poem::web::Data;
use poem_openapi::{payload::Json, OpenApi};

use super::dto::{DeliveryOptionDto, DeliveryReq, DeliveryResponse};
use super::service::options_for_order;
use crate::auth::BearerUser;
use crate::order::service::Caller;
use crate::platform::error::{ApiError, ApiResult};
use crate::state::AppState;

/// The delivery endpoint.
pub struct DeliveryApi;

#[OpenApi(prefix_path = "/api/client/v1/order", tag = "crate::platform::ApiTags::Order")]
impl DeliveryApi {
    /// Delivery options for an order
    ///
    /// Gathers, for every line of the caller's order `orderid`, the delivery options its product
    /// offers, and filters them by the caller's `City` with the shared rule (spec section 5): an
    /// option is kept when its first active city is `همه` or the city is among its cities; with
    /// several lines the options offered for every line are kept; the option with the lowest
    /// `Priority` is always included first, and the shared ones only when that lowest
    /// `Priority` is not 0. Someone else's order → 403; unknown order → 404.
    #[oai(path = "/get/delivery/order", method = "post", operation_id = "order_get_delivery")]
    async fn delivery_for_order(
        &self,
        state: Data<&AppState>,
        auth: BearerUser,
        body: Json<DeliveryReq>,
    ) -> ApiResult<Json<DeliveryResponse>> {
        let caller = Caller {
            id: auth.id(),
            uid: auth.uid().to_string(),
        };
        let options = options_for_order(&state.db, &caller, &auth.0.city, body.orderid)
            .await
            .map_err(ApiError::from)?;
        Ok(Json(DeliveryResponse {
            status: ResponseStatus::Ok,
            data: options.into_iter().map(DeliveryOptionDto::from).collect(),
        }))
    }
}
