//! Favourite requests and answers.

use crate::platform::ResponseStatus;
use poem_openapi::Object;

use crate::catalog::dto::ProductCard;
use crate::platform::http::page::PageInfo;

/// `favourite/add` and `favourite/remove` request.
#[derive(Debug, Object)]
#[oai(rename = "FavouriteUidRequest")]
pub struct UidReq {
    /// The product's `Uid` (as in `/product/{uid}`).
    #[oai(validator(max_length = 100))]
    pub uid: String,
}

/// `favourite/merge` request: the hearts kept in the browser before sign-in.
#[derive(Debug, Object)]
#[oai(rename = "FavouriteMergeRequest")]
pub struct MergeReq {
    /// Product uids; unknown or unpublished ones are left out.
    #[oai(validator(max_items = 1000))]
    pub uids: Vec<String>,
}

/// `favourite/list` request.
#[derive(Debug, Object)]
#[oai(rename = "FavouriteListRequest")]
pub struct ListReq {
    /// Page from 1 (default 1).
    pub page: Option<i64>,
    /// Items per page (default 24, at most 60).
    pub size: Option<i64>,
}

/// The caller's favourite uids (answer of add, remove, merge and ids).
#[derive(Debug, Object)]
#[oai(rename = "FavouriteIdsResponse")]
pub struct IdsResp {
    /// `ok`.
    pub status: ResponseStatus,
    /// Every product uid the caller hearted.
    pub uids: Vec<String>,
    /// With `merge`: how many were new.
    #[oai(skip_serializing_if_is_none)]
    pub added: Option<u64>,
    /// With `merge`: uids left out (unknown, unpublished, past the limit).
    #[oai(skip_serializing_if_is_none)]
    pub ignored: Option<u64>,
}

/// One favourite.
#[derive(Debug, Object)]
#[oai(rename = "Favourite")]
pub struct FavouriteDto {
    /// The product's uid (for removal and its link).
    #[oai(rename = "Uid")]
    pub uid: String,
    /// The product's name (kept even when it is no longer sold).
    #[oai(rename = "Name")]
    pub name: String,
    /// Whether the shop still shows it; when false `Product` is absent and it cannot be bought.
    #[oai(rename = "Available")]
    pub available: bool,
    /// The catalogue's card (price now, stock, picture) while the product is shown.
    #[oai(rename = "Product", skip_serializing_if_is_none)]
    pub product: Option<ProductCard>,
    /// When it was hearted (RFC 3339).
    #[oai(rename = "AddedAt")]
    pub added_at: String,
}

/// A page of the caller's favourites, newest first.
#[derive(Debug, Object)]
#[oai(rename = "FavouriteListResponse")]
pub struct ListResp {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: Vec<FavouriteDto>,
    pub page: PageInfo,
}
