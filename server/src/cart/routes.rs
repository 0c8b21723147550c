//! The cart calls of spec section 7 under `/api/client/v1/order/...`: the pre-order list, a
//! line's edit and delete, the totals' update, and the delivery options of the cart.
//!
//! Every call needs a bearer token and only ever reads or changes the caller's own open cart:
//! a `uid` that is not the caller's is answered 403 (the client's stored session is someone
//! else's), an `orderid` that is not the caller's 404, as an unknown one, with the JSON error body.
//! The server never trusts names, prices or warranty prices from the client: it reads them from
//! the catalogue and recomputes totals with `shop_core::quote`.
//!
//! The four cart calls answer with the same cart shape ([`CartResponse`]):
//! `{status, data: [CartLine…], OrderTotalPrice, FinalPrice, Code, OrderId}`.
//! On the cart `FinalPrice` equals `OrderTotalPrice`: a discount code kept on the cart
//! (`DiscountCode`, `order/discount/apply`) is priced by `order/summary` and `order/register`,
//! which answer `FinalPrice` lowered by it.

use crate::platform::ResponseStatus;
use poem::web::Data;
use poem_openapi::{payload::Json, OpenApi};

use super::dto::{CartResponse, CartStatus, DeleteReq, EditReq, ListReq, CartIdReq};
use super::service::read::{self, CartRead, CartReadCache, LineReader};
use super::service::{self, CartError, Caller, EditOutcome, EditRequest};
use crate::auth::BearerUser;
use crate::delivery::dto::{DeliveryOptionDto, DeliveryReq, DeliveryResponse};
use crate::platform::error::{ApiError, ApiResult, ErrorBody};
use crate::platform::http::rendered::RenderedJson;
use crate::state::AppState;
use shop_core::stock::not_in_stock_message;

/// A refused cart call as its HTTP answer.
impl From<CartError> for ApiError {
    fn from(e: CartError) -> Self {
        let field = e.field();
        let body = Json(ErrorBody::new(e.to_string(), field));
        match e {
            CartError::Forbidden => ApiError::Forbidden(body),
            CartError::CartNotFound | CartError::LineNotFound | CartError::ProductNotFound | CartError::VariantNotFound => {
                ApiError::NotFound(body)
            }
            CartError::InvalidQuantity | CartError::NotEditable => ApiError::Unprocessable(body),
            CartError::Db(db) => ApiError::internal(db),
        }
    }
}

/// The signed-in caller of a cart call.
pub fn caller(auth: &BearerUser) -> Caller {
    Caller {
        id: auth.id(),
        uid: auth.uid().to_string(),
    }
}

/// The cart endpoints.
pub struct CartApi;

#[OpenApi(prefix_path = "/api/client/v1/order", tag = "crate::platform::ApiTags::Order")]
impl CartApi {
    /// The caller's cart (pre-order)
    ///
    /// Lists the lines of the caller's open order with current catalogue names and prices, and
    /// the totals computed with the shared rule book. `uid` must be the caller's own `Uid`
    /// (403 otherwise). An empty cart is `data: []` with `OrderId` and `Code` null.
    #[oai(path = "/list/preorder", method = "post", operation_id = "order_list_preorder")]
    async fn list_preorder(
        &self,
        state: Data<&AppState>,
        catalogue: Data<&crate::catalog::cache::CatalogCache>,
        answers: Data<&std::sync::Arc<CartReadCache>>,
        reader: Data<&std::sync::Arc<LineReader>>,
        auth: BearerUser,
        body: Json<ListReq>,
    ) -> ApiResult<RenderedJson<CartResponse>> {
        let caller = caller(&auth);
        let read = read::list(&state.db, &catalogue, &answers, &state.commits, &reader, &caller, &body.uid, state.clock.unix())
            .await
            .map_err(ApiError::from)?;
        Ok(match read {
            CartRead::Cached(bytes) => RenderedJson::from_bytes(bytes),
            CartRead::Fresh { view, keep } => {
                let answer = RenderedJson::render(&CartResponse::ok(&view));
                if let Some(keep) = keep {
                    answers.put(caller.id, keep, answer.bytes().clone());
                }
                answer
            }
        })
    }

    /// Add or change a cart line
    ///
    /// Sets the quantity (1 to 100) and the variant of one line of the caller's open order,
    /// creating the order (when `orderid` is 0 or absent) and the line as needed. Names, prices
    /// and warranty fields come from the catalogue; those sent by the client are ignored.
    /// When the quantity exceeds the stock, the answer is `status: "not"` with a message naming
    /// the product and nothing changes. Unknown `spid`/`spiddetail` → 404; quantity out of range
    /// → 422; someone else's `orderid` → 404. The whole change is one database transaction.
    #[oai(path = "/edit/product", method = "post", operation_id = "order_edit_product")]
    async fn edit_product(
        &self,
        state: Data<&AppState>,
        auth: BearerUser,
        body: Json<EditReq>,
    ) -> ApiResult<Json<CartResponse>> {
        let req = EditRequest {
            product_id: body.spid,
            variant_id: body.spiddetail,
            num: body.num,
            cart_id: body.orderid,
            line_id: body.id,
        };
        match service::edit(&state.db, &state.sqlite_writer, Some(&state.cart_edits), state.purchases.as_ref(), &caller(&auth), &req, state.clock.unix())
            .await
            .map_err(ApiError::from)?
        {
            EditOutcome::Ok(cart) => Ok(Json(CartResponse::ok(&cart))),
            EditOutcome::NotInStock { name, cart } => {
                let mut resp = CartResponse::ok(&cart);
                resp.status = CartStatus::Not;
                resp.message = Some(not_in_stock_message(&name));
                resp.name = Some(name);
                Ok(Json(resp))
            }
        }
    }

    /// Remove a cart line
    ///
    /// Deletes line `id` from the caller's open order `orderid` and answers with the updated
    /// cart. Someone else's or an unknown order → 404; a line not in the order → 404.
    #[oai(path = "/delete/product", method = "post", operation_id = "order_delete_product")]
    async fn delete_product(
        &self,
        state: Data<&AppState>,
        auth: BearerUser,
        body: Json<DeleteReq>,
    ) -> ApiResult<Json<CartResponse>> {
        let cart = service::delete_line(&state.db, state.purchases.as_ref(), &caller(&auth), body.orderid, body.id, state.clock.unix())
            .await
            .map_err(ApiError::from)?;
        Ok(Json(CartResponse::ok(&cart)))
    }

    /// Recompute the order's totals
    ///
    /// Copies the catalogue's current names and prices into every line of the caller's open
    /// order, stores the recomputed `OrderTotalPrice` and `FinalPrice`, and answers with the
    /// cart. Someone else's or an unknown order → 404.
    #[oai(path = "/update/totalprice", method = "post", operation_id = "order_update_totalprice")]
    async fn update_totalprice(
        &self,
        state: Data<&AppState>,
        auth: BearerUser,
        body: Json<CartIdReq>,
    ) -> ApiResult<Json<CartResponse>> {
        let cart = service::update_total(&state.db, state.purchases.as_ref(), &caller(&auth), body.orderid, state.clock.unix())
            .await
            .map_err(ApiError::from)?;
        Ok(Json(CartResponse::ok(&cart)))
    }

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
        let options = service::delivery_options(&state.db, &caller(&auth), &auth.0.city, body.orderid)
            .await
            .map_err(ApiError::from)?;
        Ok(Json(DeliveryResponse {
            status: ResponseStatus::Ok,
            data: options.into_iter().map(DeliveryOptionDto::from).collect(),
        }))
    }
}
