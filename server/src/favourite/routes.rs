//! `POST /api/client/v1/favourite/{ids,add,remove,merge,list}`: the caller's favourites.
//! Every call needs a bearer token and reads or changes only the caller's own rows.

use crate::platform::ResponseStatus;
use poem::web::Data;
use poem_openapi::{payload::Json, OpenApi};

use super::dto::{IdsResp, ListReq, ListResp, MergeReq, UidReq};
use super::service::{self, FavouriteError};
use super::view;
use crate::auth::BearerUser;
use crate::catalog::cache::CatalogCache;
use crate::platform::error::{ApiError, ApiResult};
use crate::platform::http::page::Paging;
use crate::state::AppState;

impl From<FavouriteError> for ApiError {
    fn from(e: FavouriteError) -> Self {
        match e {
            FavouriteError::UnknownProduct => ApiError::not_found_field("uid", e.to_string()),
            FavouriteError::TooMany => ApiError::invalid("uid", e.to_string()),
            FavouriteError::Db(db) => ApiError::internal(db),
        }
    }
}

async fn ids(state: &AppState, user_id: i64, merged: Option<service::Merged>) -> ApiResult<Json<IdsResp>> {
    Ok(Json(IdsResp {
        status: ResponseStatus::Ok,
        uids: service::uids(&state.db, user_id).await?,
        added: merged.map(|m| m.added),
        ignored: merged.map(|m| m.ignored),
    }))
}

/// The favourites endpoints.
pub struct FavouriteApi;

#[OpenApi(prefix_path = "/api/client/v1/favourite", tag = "crate::platform::ApiTags::Catalog")]
impl FavouriteApi {
    /// The uids the caller hearted
    #[oai(path = "/ids", method = "post", operation_id = "favourite_ids")]
    async fn ids(&self, state: Data<&AppState>, auth: BearerUser) -> ApiResult<Json<IdsResp>> {
        ids(&state, auth.id(), None).await
    }

    /// Heart a product
    ///
    /// A product the shop shows, by uid; hearting it again changes nothing. Unknown or
    /// unpublished uid → 404 (`field: uid`). At most 2,000 favourites (422).
    #[oai(path = "/add", method = "post", operation_id = "favourite_add")]
    async fn add(
        &self,
        state: Data<&AppState>,
        cache: Data<&CatalogCache>,
        auth: BearerUser,
        body: Json<UidReq>,
    ) -> ApiResult<Json<IdsResp>> {
        let snap = cache.get(&state.db).await?;
        service::add(&state.db, &snap, auth.id(), &body.uid, state.clock.unix()).await?;
        ids(&state, auth.id(), None).await
    }

    /// Remove a heart
    ///
    /// Removing a product that is not in the caller's favourites changes nothing (200).
    #[oai(path = "/remove", method = "post", operation_id = "favourite_remove")]
    async fn remove(&self, state: Data<&AppState>, auth: BearerUser, body: Json<UidReq>) -> ApiResult<Json<IdsResp>> {
        service::remove(&state.db, auth.id(), &body.uid).await?;
        ids(&state, auth.id(), None).await
    }

    /// Merge the browser's hearts
    ///
    /// The hearts kept before sign-in join the account; unknown and unpublished uids are left
    /// out, repeats change nothing, so sending the same list twice is harmless.
    #[oai(path = "/merge", method = "post", operation_id = "favourite_merge")]
    async fn merge(
        &self,
        state: Data<&AppState>,
        cache: Data<&CatalogCache>,
        auth: BearerUser,
        body: Json<MergeReq>,
    ) -> ApiResult<Json<IdsResp>> {
        let snap = cache.get(&state.db).await?;
        let merged = service::merge(&state.db, &snap, auth.id(), &body.uids, state.clock.unix()).await?;
        ids(&state, auth.id(), Some(merged)).await
    }

    /// A page of the caller's favourites
    ///
    /// Newest first, each with the catalogue's card (price now, stock) while the shop shows
    /// it; a product no longer shown is listed with `Available: false` and no card.
    #[oai(path = "/list", method = "post", operation_id = "favourite_list")]
    async fn list(
        &self,
        state: Data<&AppState>,
        cache: Data<&CatalogCache>,
        auth: BearerUser,
        body: Json<ListReq>,
    ) -> ApiResult<Json<ListResp>> {
        let paging = Paging::parse(body.page, body.size, 24)?;
        let snap = cache.get(&state.db).await?;
        let (rows, total) = service::page(&state.db, auth.id(), paging).await?;
        let now = state.clock.unix();
        Ok(Json(ListResp {
            status: ResponseStatus::Ok,
            data: rows.iter().map(|(r, p)| view::item(&snap, r, p.as_ref(), now)).collect(),
            page: paging.info(total),
        }))
    }
}
