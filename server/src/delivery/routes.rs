//! `POST /api/client/v1/order/get/delivery/order`: the delivery options for the caller's order.

use crate::platform::ResponseStatus;
use poem::web::Data;
use poem_openapi::{payload::Json, OpenApi};

use super::dto::{
    DeliveryOptionDto, DeliveryReq, DeliveryResponse, ProductDelivery, ProductDeliveryReq, ProductDeliveryResponse,
    MAX_PRODUCTS,
};
use super::service::{options_for_order, reach_of_products};
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

    /// Where products can be sent
    ///
    /// For each product of `productids` (at most 100): the options a one-line cart of it is
    /// offered in `city` (the shared rule of `get/delivery/order`, spec section 5; the shopper's
    /// profile city, empty when signed out), whether some option serves every city, and the
    /// named cities it reaches. The product page and the cart use it to say, before checkout,
    /// that a product cannot be sent to the shopper's city. Needs no sign-in.
    #[oai(path = "/get/delivery/products", method = "post", operation_id = "order_get_delivery_products")]
    async fn delivery_for_products(
        &self,
        state: Data<&AppState>,
        body: Json<ProductDeliveryReq>,
    ) -> ApiResult<Json<ProductDeliveryResponse>> {
        if body.productids.len() > MAX_PRODUCTS {
            return Err(ApiError::invalid("productids", PRODUCTS_LIMIT_MESSAGE));
        }
        let reach = reach_of_products(&state.db, &body.productids, body.city.trim())
            .await
            .map_err(|e| ApiError::internal(&e))?;
        Ok(Json(ProductDeliveryResponse {
            status: ResponseStatus::Ok,
            data: reach.into_iter().map(ProductDelivery::from).collect(),
        }))
    }
}

/// Too many products in one `get/delivery/products` call.
pub const PRODUCTS_LIMIT_MESSAGE: &str = "حداکثر ۱۰۰ محصول را می‌توان یک‌جا بررسی کرد";
