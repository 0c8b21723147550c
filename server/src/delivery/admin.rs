//! `POST /api/admin/v1/delivery/{list,save,active}` (role `catalogue`): the shop's delivery
//! options. A new option is offered for every product or only for the products linked to it
//! (`all_products`; docs/decisions.md "Delivery options from the back office"); checkout reads
//! the table on each call, so a change is offered at once on every node.

use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use super::dto::{SlotAdminListReq, SlotAdminListResp, SlotAdminResp, SlotAdminView, SlotRemoveReq, SlotRemoveResp, SlotSaveReq};
use super::dto::{DeliveryActiveReq, DeliveryAdminListResp, DeliveryAdminResp, DeliveryAdminView, DeliverySaveReq};
use super::service::{self, AdminOption, OptionInput};
use shop_core::forms::delivery_option;
use crate::auth::{CatalogueStaff, OrdersStaff};
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

    /// Delivery slots (staff)
    ///
    /// The slots of `city` (every city when empty) not taken off, latest day first, with what
    /// orders hold of each. Role `orders`.
    #[oai(path = "/slot/list", method = "post", operation_id = "admin_delivery_slot_list")]
    async fn slot_list(&self, _staff: OrdersStaff, state: Data<&AppState>, body: Json<SlotAdminListReq>) -> ApiResult<Json<SlotAdminListResp>> {
        let now = state.clock.unix();
        let rows = super::slots::admin_list(&state.db, &body.city).await.map_err(|e| crate::platform::error::ApiError::internal(&e))?;
        Ok(Json(SlotAdminListResp { status: ResponseStatus::Ok, data: rows.into_iter().map(|s| SlotAdminView::of(s, now)).collect() }))
    }

    /// Add or edit a delivery slot
    ///
    /// A city of the provinces list, a Jalali day, a window (`9`, `09:30`, Persian digits;
    /// end after start), a same-day cut-off (empty: the window's start; never after it) and a
    /// capacity of 1 to 10000 (an edit: not below what orders hold). A day whose cut-off has
    /// passed → 422 at `day`. Role `orders`, audited.
    #[oai(path = "/slot/save", method = "post", operation_id = "admin_delivery_slot_save")]
    async fn slot_save(&self, staff: OrdersStaff, state: Data<&AppState>, body: Json<SlotSaveReq>) -> ApiResult<Json<SlotAdminResp>> {
        // core/src/forms/delivery_slot.rs: the declaration the web form checks with.
        let form = shop_core::forms::delivery_slot::parse(&body.values())?;
        let now = state.clock.unix();
        let saved = super::slots::save(&state.db, &staff.actor(), body.id, form, now).await?;
        Ok(Json(SlotAdminResp { status: ResponseStatus::Ok, data: SlotAdminView::of(saved, now) }))
    }

    /// Take a delivery slot off
    ///
    /// No longer offered; orders that hold it keep it (and give their place back as before).
    /// Role `orders`, audited.
    #[oai(path = "/slot/remove", method = "post", operation_id = "admin_delivery_slot_remove")]
    async fn slot_remove(&self, staff: OrdersStaff, state: Data<&AppState>, body: Json<SlotRemoveReq>) -> ApiResult<Json<SlotRemoveResp>> {
        super::slots::remove(&state.db, &staff.actor(), body.id, state.clock.unix()).await?;
        Ok(Json(SlotRemoveResp { status: ResponseStatus::Ok }))
    }
}
