//! `POST /api/client/v1/order/get/delivery/order`: the delivery options for the caller's order.

use crate::platform::ResponseStatus;
use poem::web::Data;
use poem_openapi::{payload::Json, OpenApi};

use super::dto::{
    SlotView, SlotsReq, SlotsResponse,
    ProductDelivery, ProductDeliveryReq, ProductDeliveryResponse, MAX_PRODUCTS,
};
use super::service::reach_of_products;
use crate::platform::error::{ApiError, ApiResult};
use crate::state::AppState;

/// The delivery endpoint.
pub struct DeliveryApi;

#[OpenApi(prefix_path = "/api/client/v1/order", tag = "crate::platform::ApiTags::Order")]
impl DeliveryApi {
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

    /// Delivery slots offered for a city
    ///
    /// The slots of `city` (the chosen address's) that can still be picked now: before their
    /// same-day cut-off (Tehran time) and with a place left, soonest first, each with its
    /// Persian label. Empty when the city has none; then registration asks for no slot. Needs
    /// no sign-in.
    #[oai(path = "/get/delivery/slots", method = "post", operation_id = "order_get_delivery_slots")]
    async fn delivery_slots(&self, state: Data<&AppState>, body: Json<SlotsReq>) -> ApiResult<Json<SlotsResponse>> {
        let slots = super::slots::offered(&state.db, &body.city, state.clock.unix()).await.map_err(|e| ApiError::internal(&e))?;
        Ok(Json(SlotsResponse { status: ResponseStatus::Ok, data: slots.into_iter().map(SlotView::from).collect() }))
    }
}

/// Too many products in one `get/delivery/products` call.
pub const PRODUCTS_LIMIT_MESSAGE: &str = "حداکثر ۱۰۰ محصول را می‌توان یک‌جا بررسی کرد";
