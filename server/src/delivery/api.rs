//! `POST /api/client/v1/order/get/delivery/order`: the delivery options for the caller's order.

use poem::web::Data;
use poem_openapi::{payload::Json, types::Example, Object, OpenApi};

use super::entity::delivery_option;
use super::service::options_for_order;
use crate::order::routes::api_error;
use crate::order::service::Caller;
use crate::platform::bearer::BearerUser;
use crate::platform::error::ApiResult;
use crate::platform::state::AppState;

/// `order/get/delivery/order` request.
#[derive(Debug, Object)]
#[oai(example, rename = "DeliveryOrderRequest")]
pub struct DeliveryReq {
    /// Id of one of the caller's orders.
    pub orderid: i64,
}

impl Example for DeliveryReq {
    fn example() -> Self {
        Self { orderid: 12 }
    }
}

/// One active city of a delivery option; the name `همه` means every city.
#[derive(Debug, Clone, Object)]
pub struct CityName {
    /// City name in Persian.
    pub name: String,
}

/// A delivery option (spec section 3).
#[derive(Debug, Clone, Object)]
#[oai(rename = "DeliveryOption")]
pub struct DeliveryOptionDto {
    /// Option id.
    #[oai(rename = "Id")]
    pub id: i64,
    /// Persian name.
    #[oai(rename = "Name")]
    pub name: String,
    /// Persian description.
    #[oai(rename = "Description")]
    pub description: String,
    /// Cost in Toman (0 = free).
    #[oai(rename = "Price")]
    pub price: i64,
    /// Lower is preferred; 0 is special (spec section 5).
    #[oai(rename = "Priority")]
    pub priority: i64,
    /// Active cities; a first entry `همه` means every city.
    #[oai(rename = "CityActive")]
    pub city_active: Vec<CityName>,
}

impl From<delivery_option::Model> for DeliveryOptionDto {
    fn from(o: delivery_option::Model) -> Self {
        Self {
            city_active: o.city_list().into_iter().map(|name| CityName { name }).collect(),
            id: o.id,
            name: o.name,
            description: o.description,
            price: o.price,
            priority: o.priority,
        }
    }
}

/// The delivery options offered for the order.
#[derive(Debug, Object)]
#[oai(example)]
pub struct DeliveryResponse {
    /// Always `ok`.
    pub status: String,
    /// The options, the preferred (lowest `Priority`) first; empty when none reaches the city.
    pub data: Vec<DeliveryOptionDto>,
}

impl Example for DeliveryResponse {
    fn example() -> Self {
        Self {
            status: "ok".into(),
            data: vec![DeliveryOptionDto {
                id: 2,
                name: "پست پیشتاز".into(),
                description: "ارسال با پست پیشتاز به سراسر کشور در ۲ تا ۴ روز کاری".into(),
                price: 120_000,
                priority: 2,
                city_active: vec![CityName { name: "همه".into() }],
            }],
        }
    }
}

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
            .map_err(api_error)?;
        Ok(Json(DeliveryResponse {
            status: "ok".into(),
            data: options.into_iter().map(DeliveryOptionDto::from).collect(),
        }))
    }
}
