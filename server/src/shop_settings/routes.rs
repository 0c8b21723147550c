//! `GET /api/client/v1/shop`: the shop's details (`ETag` + `Cache-Control`, 304 on a match).

use crate::platform::ResponseStatus;
use poem::web::Data;
use poem::Request;
use poem_openapi::OpenApi;

use super::dto::{ShopInfo, ShopInfoResponse};
use super::service;
use crate::platform::error::ApiResult;
use crate::platform::http::cache::{respond, Cached};
use crate::platform::ApiTags;
use crate::state::AppState;

/// The shop settings API.
pub struct ShopSettingsApi;

#[OpenApi(prefix_path = "/api/client/v1", tag = "ApiTags::Catalog")]
impl ShopSettingsApi {
    /// The shop's name, phone, email, city, address, postal code and opening hours (the
    /// contact page; the same record writes the in-store pickup option's description).
    #[oai(path = "/shop", method = "get", operation_id = "shop_info")]
    async fn shop(&self, state: Data<&AppState>, req: &Request) -> ApiResult<Cached<ShopInfoResponse>> {
        let s = service::get(&state.db).await?;
        Ok(respond(req, ShopInfoResponse { status: ResponseStatus::Ok, data: ShopInfo::from(&s) }))
    }
}
