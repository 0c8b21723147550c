//! The pre-order calls of spec section 7 under `/api/client/v1/order/...`.
//!
//! Every call needs a bearer token and only ever reads or changes the caller's own open order:
//! a `uid` or `orderid` that is not the caller's is answered 403 with the JSON error body.
//! The server never trusts names, prices or warranty prices from the client: it reads them from
//! the catalogue and recomputes totals with `shop_core::cart`.
//!
//! All four calls answer with the same cart shape ([`CartResponse`]):
//! `{status, data: [CartLine…], OrderTotalPrice, FinalPrice, Code, OrderId}`.
//! `FinalPrice` is `OrderTotalPrice` minus discounts; there are no discounts yet, so the two are
//! equal (the discounts issue will lower `FinalPrice` only).

use poem::web::Data;
use poem_openapi::{payload::Json, types::Example, Object, OpenApi};

use super::service::{
    self, not_in_stock_message, CartView, Caller, EditOutcome, EditRequest, LineView, OrderError,
};
use crate::auth::BearerUser;
use crate::platform::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;

/// `order/list/preorder` request.
#[derive(Debug, Object)]
#[oai(example, rename = "PreorderListRequest")]
pub struct ListReq {
    /// The caller's `Uid`. Any other user's `Uid` is refused with 403.
    #[oai(validator(max_length = 100))]
    pub uid: String,
}

impl Example for ListReq {
    fn example() -> Self {
        Self { uid: "u_8f3k2q9x".into() }
    }
}

/// `order/update/totalprice` request.
#[derive(Debug, Object)]
#[oai(example, rename = "UpdateTotalPriceRequest")]
pub struct OrderIdReq {
    /// Id of the caller's open order (`OrderId` of the pre-order list).
    pub orderid: i64,
}

impl Example for OrderIdReq {
    fn example() -> Self {
        Self { orderid: 12 }
    }
}

/// `order/delete/product` request.
#[derive(Debug, Object)]
#[oai(example, rename = "DeleteProductRequest")]
pub struct DeleteReq {
    /// Id of the cart line to remove (`Id` of a cart line).
    pub id: i64,
    /// Id of the caller's open order the line belongs to.
    pub orderid: i64,
}

impl Example for DeleteReq {
    fn example() -> Self {
        Self { id: 31, orderid: 12 }
    }
}

/// `order/edit/product` request: sets one cart line's product variant and quantity.
///
/// `name`, `price`, `pricegaranti`, `namegaranti`, `dg`, `property` and `color` are accepted for
/// compatibility with the spec's client and **ignored**: the server copies them from the
/// catalogue.
#[derive(Debug, Object)]
#[oai(example, rename = "EditProductRequest")]
pub struct EditReq {
    /// Product id (`SupProductId`).
    pub spid: i64,
    /// Variant id (`SupProductIdDetail`): the product's colour and warranty choice.
    pub spiddetail: i64,
    /// The line's new quantity (absolute, not added), from 1 to 100.
    pub num: i64,
    /// Ignored (taken from the catalogue).
    pub name: Option<serde_json::Value>,
    /// Ignored (taken from the catalogue).
    pub price: Option<serde_json::Value>,
    /// Ignored (taken from the catalogue).
    pub pricegaranti: Option<serde_json::Value>,
    /// Ignored (taken from the catalogue).
    pub namegaranti: Option<serde_json::Value>,
    /// Ignored (taken from the catalogue).
    pub dg: Option<serde_json::Value>,
    /// Ignored (taken from the catalogue).
    pub property: Option<serde_json::Value>,
    /// Ignored (taken from the catalogue).
    pub color: Option<serde_json::Value>,
    /// The caller's open order; 0 or absent means "my open order", created when missing.
    pub orderid: Option<i64>,
    /// The line to change; 0 or absent means the order's line of this variant, created when
    /// missing. Changing a line to a variant another line already holds merges the two.
    pub id: Option<i64>,
}

impl Example for EditReq {
    fn example() -> Self {
        Self {
            spid: 1,
            spiddetail: 2,
            num: 1,
            name: None,
            price: None,
            pricegaranti: None,
            namegaranti: None,
            dg: None,
            property: None,
            color: None,
            orderid: Some(0),
            id: Some(0),
        }
    }
}

/// One cart line (spec section 3), with the catalogue's current names and prices.
#[derive(Debug, Clone, Object)]
pub struct CartLine {
    /// Line id.
    #[oai(rename = "Id")]
    pub id: i64,
    /// The order the line belongs to.
    #[oai(rename = "OrderId")]
    pub order_id: i64,
    /// Product id.
    #[oai(rename = "SupProductId")]
    pub sup_product_id: i64,
    /// Variant id (colour and warranty choice).
    #[oai(rename = "SupProductIdDetail")]
    pub sup_product_id_detail: i64,
    /// Quantity.
    #[oai(rename = "Num")]
    pub num: i64,
    /// Product name.
    #[oai(rename = "Name")]
    pub name: String,
    /// Unit price in Toman.
    #[oai(rename = "Price")]
    pub price: i64,
    /// Unit warranty price in Toman.
    #[oai(rename = "PriceGaranti")]
    pub price_garanti: i64,
    /// Warranty name.
    #[oai(rename = "NameGaranti")]
    pub name_garanti: String,
    /// The catalogue's `DG` label of the variant.
    #[oai(rename = "DG")]
    pub dg: String,
    /// The variant's configuration, e.g. «۱۶ گیگ رم / ۵۱۲ گیگ SSD».
    #[oai(rename = "Property")]
    pub property: String,
    /// Colour.
    #[oai(rename = "Color")]
    pub color: String,
    /// Whether this line may be paid in instalments.
    #[oai(rename = "InsPayment")]
    pub ins_payment: bool,
}

impl From<&LineView> for CartLine {
    fn from(l: &LineView) -> Self {
        Self {
            id: l.id,
            order_id: l.order_id,
            sup_product_id: l.product_id,
            sup_product_id_detail: l.variant_id,
            num: l.num,
            name: l.name.clone(),
            price: l.price,
            price_garanti: l.price_garanti,
            name_garanti: l.name_garanti.clone(),
            dg: l.dg.clone(),
            property: l.property.clone(),
            color: l.color.clone(),
            ins_payment: l.ins_payment,
        }
    }
}

/// The caller's cart. Shared answer of the four pre-order calls.
#[derive(Debug, Object)]
#[oai(example)]
pub struct CartResponse {
    /// `ok`; `not` from `order/edit/product` when the quantity is not in stock (nothing changed).
    pub status: String,
    /// With `not`: a Persian message naming the product.
    #[oai(skip_serializing_if_is_none)]
    pub message: Option<String>,
    /// With `not`: the name of the product that is short.
    #[oai(rename = "Name", skip_serializing_if_is_none)]
    pub name: Option<String>,
    /// The cart lines, oldest first; `[]` for an empty cart.
    pub data: Vec<CartLine>,
    /// Sum of `Num × (Price + PriceGaranti)` over the lines, in Toman.
    #[oai(rename = "OrderTotalPrice")]
    pub order_total_price: i64,
    /// What the customer pays: `OrderTotalPrice` minus discounts (none yet, so equal).
    #[oai(rename = "FinalPrice")]
    pub final_price: i64,
    /// The order's short public code; null when the caller has no open order.
    #[oai(rename = "Code")]
    pub code: Option<String>,
    /// The order's id; null when the caller has no open order.
    #[oai(rename = "OrderId")]
    pub order_id: Option<i64>,
}

impl CartResponse {
    fn ok(cart: &CartView) -> Self {
        Self {
            status: "ok".into(),
            message: None,
            name: None,
            data: cart.lines.iter().map(CartLine::from).collect(),
            order_total_price: cart.total,
            final_price: cart.final_price,
            code: cart.code.clone(),
            order_id: cart.order_id,
        }
    }
}

impl Example for CartResponse {
    fn example() -> Self {
        Self {
            status: "ok".into(),
            message: None,
            name: None,
            data: vec![CartLine {
                id: 31,
                order_id: 12,
                sup_product_id: 1,
                sup_product_id_detail: 2,
                num: 1,
                name: "لپ‌تاپ ایسوس ذن‌بوک ۱۴ مدل UX3405MA".into(),
                price: 73_200_000,
                price_garanti: 2_500_000,
                name_garanti: "گارانتی ۱۸ ماهه آواژنگ".into(),
                dg: "1-2".into(),
                property: "Core Ultra 7 155H / ۱۶ گیگ رم / ۱ ترابایت SSD".into(),
                color: "نقره‌ای".into(),
                ins_payment: true,
            }],
            order_total_price: 75_700_000,
            final_price: 75_700_000,
            code: Some("K7Q2M9XD".into()),
            order_id: Some(12),
        }
    }
}

/// Maps a refused pre-order call to its HTTP answer.
pub fn api_error(e: OrderError) -> ApiError {
    let field = e.field();
    let body = || Json(ErrorBody::new(e.to_string(), field));
    match &e {
        OrderError::Forbidden => ApiError::Forbidden(body()),
        OrderError::OrderNotFound
        | OrderError::LineNotFound
        | OrderError::ProductNotFound
        | OrderError::VariantNotFound => ApiError::NotFound(body()),
        OrderError::InvalidQuantity | OrderError::NotEditable => ApiError::Unprocessable(body()),
        OrderError::Db(db) => ApiError::internal(db),
    }
}

fn caller(auth: &BearerUser) -> Caller {
    Caller {
        id: auth.id(),
        uid: auth.uid().to_string(),
    }
}

/// The pre-order endpoints.
pub struct OrderApi;

#[OpenApi(prefix_path = "/api/client/v1/order", tag = "crate::platform::ApiTags::Order")]
impl OrderApi {
    /// The caller's cart (pre-order)
    ///
    /// Lists the lines of the caller's open order with current catalogue names and prices, and
    /// the totals computed with the shared rule book. `uid` must be the caller's own `Uid`
    /// (403 otherwise). An empty cart is `data: []` with `OrderId` and `Code` null.
    #[oai(path = "/list/preorder", method = "post", operation_id = "order_list_preorder")]
    async fn list_preorder(
        &self,
        state: Data<&AppState>,
        auth: BearerUser,
        body: Json<ListReq>,
    ) -> ApiResult<Json<CartResponse>> {
        let cart = service::list(&state.db, &caller(&auth), &body.uid, state.clock.unix())
            .await
            .map_err(api_error)?;
        Ok(Json(CartResponse::ok(&cart)))
    }

    /// Add or change a cart line
    ///
    /// Sets the quantity (1 to 100) and the variant of one line of the caller's open order,
    /// creating the order (when `orderid` is 0 or absent) and the line as needed. Names, prices
    /// and warranty fields come from the catalogue; those sent by the client are ignored.
    /// When the quantity exceeds the stock, the answer is `status: "not"` with a message naming
    /// the product and nothing changes. Unknown `spid`/`spiddetail` → 404; quantity out of range
    /// → 422; someone else's `orderid` → 403. The whole change is one database transaction.
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
            order_id: body.orderid,
            line_id: body.id,
        };
        match service::edit(&state.db, &caller(&auth), &req, state.clock.unix())
            .await
            .map_err(api_error)?
        {
            EditOutcome::Ok(cart) => Ok(Json(CartResponse::ok(&cart))),
            EditOutcome::NotInStock { name, cart } => {
                let mut resp = CartResponse::ok(&cart);
                resp.status = "not".into();
                resp.message = Some(not_in_stock_message(&name));
                resp.name = Some(name);
                Ok(Json(resp))
            }
        }
    }

    /// Remove a cart line
    ///
    /// Deletes line `id` from the caller's open order `orderid` and answers with the updated
    /// cart. Someone else's order → 403; a line not in the order → 404.
    #[oai(path = "/delete/product", method = "post", operation_id = "order_delete_product")]
    async fn delete_product(
        &self,
        state: Data<&AppState>,
        auth: BearerUser,
        body: Json<DeleteReq>,
    ) -> ApiResult<Json<CartResponse>> {
        let cart = service::delete_line(&state.db, &caller(&auth), body.orderid, body.id, state.clock.unix())
            .await
            .map_err(api_error)?;
        Ok(Json(CartResponse::ok(&cart)))
    }

    /// Recompute the order's totals
    ///
    /// Copies the catalogue's current names and prices into every line of the caller's open
    /// order, stores the recomputed `OrderTotalPrice` and `FinalPrice`, and answers with the
    /// cart. Someone else's order → 403; unknown order → 404.
    #[oai(path = "/update/totalprice", method = "post", operation_id = "order_update_totalprice")]
    async fn update_totalprice(
        &self,
        state: Data<&AppState>,
        auth: BearerUser,
        body: Json<OrderIdReq>,
    ) -> ApiResult<Json<CartResponse>> {
        let cart = service::update_total(&state.db, &caller(&auth), body.orderid, state.clock.unix())
            .await
            .map_err(api_error)?;
        Ok(Json(CartResponse::ok(&cart)))
    }
}
