//! `POST /api/client/v1/address/{list,add,edit,delete,default}`: the caller's address book.
//! Every call needs a bearer token and answers with the whole book.

use crate::platform::ResponseStatus;
use poem::web::Data;
use poem_openapi::{payload::Json, OpenApi};

use super::dto::{AddReq, AddressDto, EditReq, IdReq, ListResp};
use super::service::{self, AddressError};
use crate::auth::BearerUser;
use crate::platform::error::{ApiError, ApiResult};
use crate::state::AppState;

/// A refused address call as its HTTP answer.
impl From<AddressError> for ApiError {
    fn from(e: AddressError) -> Self {
        match e {
            AddressError::NotFound => ApiError::not_found_field("id", e.to_string()),
            AddressError::TooMany => ApiError::invalid("id", e.to_string()),
            AddressError::Db(db) => ApiError::internal(db),
        }
    }
}

async fn book(state: &AppState, user_id: i64, id: Option<i64>) -> ApiResult<Json<ListResp>> {
    let data = service::list(&state.db, user_id)
        .await?
        .into_iter()
        .map(AddressDto::from)
        .collect();
    Ok(Json(ListResp {
        status: ResponseStatus::Ok,
        data,
        id,
    }))
}

/// The address book endpoints.
pub struct AddressApi;

#[OpenApi(prefix_path = "/api/client/v1/address", tag = "crate::platform::ApiTags::Order")]
impl AddressApi {
    /// The caller's addresses
    #[oai(path = "/list", method = "post", operation_id = "address_list")]
    async fn list(&self, state: Data<&AppState>, auth: BearerUser) -> ApiResult<Json<ListResp>> {
        book(&state, auth.id(), None).await
    }

    /// Add an address
    ///
    /// Receiver name (3 to 100 characters), mobile (mobile rule), province and city from the
    /// provinces list, street address (10 to 500 characters), a 10-digit postal code, optional
    /// plaque and unit (20 each): `core`'s address form, the one the web app checks with. Each
    /// refusal is 422 naming the field with a Persian message. The first address becomes the default. At most 20.
    #[oai(path = "/add", method = "post", operation_id = "address_add")]
    async fn add(&self, state: Data<&AppState>, auth: BearerUser, body: Json<AddReq>) -> ApiResult<Json<ListResp>> {
        let a = shop_core::forms::address::parse(&body.values())?;
        let id = service::add(&state.db, auth.id(), a, body.default, state.clock.unix())
            .await
            .map_err(ApiError::from)?;
        book(&state, auth.id(), Some(id)).await
    }

    /// Change an address
    ///
    /// Same rules as `add`. Someone else's or an unknown address id → 404.
    #[oai(path = "/edit", method = "post", operation_id = "address_edit")]
    async fn edit(&self, state: Data<&AppState>, auth: BearerUser, body: Json<EditReq>) -> ApiResult<Json<ListResp>> {
        let a = shop_core::forms::address::parse(&body.fields.values())?;
        service::edit(
            &state.db,
            auth.id(),
            body.id,
            a,
            body.fields.default,
            state.clock.unix(),
        )
        .await
        .map_err(ApiError::from)?;
        book(&state, auth.id(), None).await
    }

    /// Delete an address
    ///
    /// Someone else's or an unknown address id → 404. Deleting the default makes the newest
    /// remaining address the default. Orders keep their own copy of the address.
    #[oai(path = "/delete", method = "post", operation_id = "address_delete")]
    async fn delete(&self, state: Data<&AppState>, auth: BearerUser, body: Json<IdReq>) -> ApiResult<Json<ListResp>> {
        service::delete(&state.db, auth.id(), body.id)
            .await
            .map_err(ApiError::from)?;
        book(&state, auth.id(), None).await
    }

    /// Make an address the default
    #[oai(path = "/default", method = "post", operation_id = "address_default")]
    async fn set_default(
        &self,
        state: Data<&AppState>,
        auth: BearerUser,
        body: Json<IdReq>,
    ) -> ApiResult<Json<ListResp>> {
        service::set_default(&state.db, auth.id(), body.id, state.clock.unix())
            .await
            .map_err(ApiError::from)?;
        book(&state, auth.id(), None).await
    }
}
