//! `POST /api/admin/v1/delivery/{list,save,active}` (role `catalogue`): the shop's delivery
//! options. A new option is offered for every product or only for the products linked to it
//! (`all_products`; docs/decisions.md "Delivery options from the back office"); checkout reads
//! the table on each call, so a change is offered at once on every node.

use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use super::dto::{DeliveryActiveReq, DeliveryAdminListResp, DeliveryAdminResp, DeliveryAdminView, DeliverySaveReq};
use super::service::{self, AdminOption, OptionInput};
use shop_core::forms::delivery_option;
use crate::auth::CatalogueStaff;
use crate::platform::error::ApiResult;
use crate::platform::ResponseStatus;
use crate::state::AppState;

/// The delivery calls of the back office.
pub struct DeliveryAdminApi;

async fn answer(state: &AppState, row: super::entity::delivery_option::Model) -> ApiResult<Json<DeliveryAdminResp>> {
    let linked_products = service::admin_list(&state.db).await?.into_iter().find(|a| a.row.id == row.id).map_or(0, |a| a.linked_products);
    Ok(Json(DeliveryAdminResp { status: ResponseStatus::Ok, data: AdminOption { row, linked_products }.into() }))
}

#[OpenApi(prefix_path = "/api/admin/v1/delivery", tag = "crate::platform::ApiTags::BackOffice")]
impl DeliveryAdminApi {
    /// Delivery options (staff)
    ///
    /// Every option, active or not, by priority, with its version.
    #[oai(path = "/list", method = "post", operation_id = "admin_delivery_list")]
    async fn list(&self, _staff: CatalogueStaff, state: Data<&AppState>) -> ApiResult<Json<DeliveryAdminListResp>> {
        let rows = service::admin_list(&state.db).await?;
        Ok(Json(DeliveryAdminListResp { status: ResponseStatus::Ok, data: rows.into_iter().map(DeliveryAdminView::from).collect() }))
    }

    /// Add or edit a delivery option
    ///
    /// Without `id` a new, active option; with `id`, an edit made from `version` (409 naming
    /// what another save changed since). Name required, price 0 or more, priority 0..=1000,
    /// cities from the province list or `همه` alone.
    #[oai(path = "/save", method = "post", operation_id = "admin_delivery_save")]
    async fn save(&self, staff: CatalogueStaff, state: Data<&AppState>, body: Json<DeliverySaveReq>) -> ApiResult<Json<DeliveryAdminResp>> {
        let b = &body.0;
        // core/src/forms/delivery_option.rs: the declaration the web form checks with.
        let input = OptionInput { option: delivery_option::parse(&b.values())?, all_products: b.all_products };
        let now = state.clock.unix();
        let row = match b.id {
            None => service::create(&state.db, &staff.actor(), input, now).await?,
            Some(id) => service::update(&state.db, &staff.actor(), id, b.version, input, now).await?,
        };
        answer(&state, row).await
    }

    /// Switch a delivery option on or off
    ///
    /// An inactive option is offered for no order; made from `version` (409 when stale).
    #[oai(path = "/active", method = "post", operation_id = "admin_delivery_active")]
    async fn active(&self, staff: CatalogueStaff, state: Data<&AppState>, body: Json<DeliveryActiveReq>) -> ApiResult<Json<DeliveryAdminResp>> {
        let row = service::set_active(&state.db, &staff.actor(), body.id, body.version, body.active, state.clock.unix()).await?;
        answer(&state, row).await
    }
}
