//! The bearer-token extractor: `auth: BearerUser` in a poem-openapi handler gives the
//! signed-in user, or answers 401 (missing/invalid/expired token) or 403 (blocked account)
//! with the API's JSON error body.
//!
//! ```ignore
//! #[oai(path = "/order/list/preorder", method = "post")]
//! async fn preorder(&self, state: Data<&AppState>, auth: BearerUser, body: Json<Req>) -> ApiResult<Json<Resp>> {
//!     let user = &auth.0; // crate::auth::entity::user::Model
//! }
//! ```

use poem::Request;
use poem_openapi::auth::Bearer;
use poem_openapi::SecurityScheme;
use sea_orm::EntityTrait;

use super::entity::user;
use super::token::AccessClaims;
use crate::platform::error::{msg, ApiError};
use crate::state::AppState;

/// The signed-in user's access token. The server may reuse the user's record for up to
/// `SHOP_USER_CACHE_MS` (3 s by default): blocking an account takes effect on these calls
/// within that time (sign-in and token refresh see it at once).
#[derive(SecurityScheme)]
#[oai(ty = "bearer", bearer_format = "opaque", checker = "check_bearer")]
pub struct BearerUser(pub user::Model);

impl BearerUser {
    /// The user's numeric id.
    pub fn id(&self) -> i64 {
        self.0.id
    }
    /// The signed-in user when they are staff; 403 with a Persian message for a customer.
    pub fn staff(&self) -> Result<&user::Model, ApiError> {
        if self.0.is_staff() {
            Ok(&self.0)
        } else {
            Err(ApiError::forbidden_msg(msg::STAFF_ONLY))
        }
    }
    /// The user's public id (`Uid`).
    pub fn uid(&self) -> &str {
        &self.0.uid
    }
}

async fn check_bearer(req: &Request, bearer: Bearer) -> poem::Result<user::Model> {
    let state = req
        .data::<AppState>()
        .ok_or_else(|| poem::Error::from(ApiError::internal("AppState missing from request data")))?;
    Ok(authenticate(state, &bearer.token).await?.0)
}

/// The user an access token stands for, with its claims (the bearer extractor's check, also
/// used by the chat socket, whose token arrives in its first message): 401 for a missing,
/// invalid or expired token or an older session epoch, 403 for a blocked account.
pub async fn authenticate(state: &AppState, token: &str) -> Result<(user::Model, AccessClaims), ApiError> {
    let claims = state
        .keys
        .verify_access(token, state.clock.unix())
        .map_err(|e| match e {
            super::token::TokenError::Expired => ApiError::unauthorized_msg(super::service::text::SESSION_EXPIRED),
            _ => ApiError::unauthorized(),
        })?;
    let user = current_user(state, claims.sub).await?.ok_or_else(ApiError::unauthorized)?;
    if user.block {
        return Err(ApiError::forbidden_msg(msg::BLOCKED));
    }
    // Signed out, password changed or sign-in revoked since this token was issued.
    if claims.ep != user.session_epoch {
        return Err(ApiError::unauthorized_msg(super::service::text::SESSION_EXPIRED));
    }
    Ok((std::sync::Arc::unwrap_or_clone(user), claims))
}

/// The user's row through the per-node cache (`SHOP_USER_CACHE_MS`); `None` when deleted.
pub async fn current_user(state: &AppState, id: i64) -> Result<Option<std::sync::Arc<user::Model>>, ApiError> {
    if let Some(row) = state.users.get(id) {
        return Ok(Some(row));
    }
    let Some(row) = user::Entity::find_by_id(id).one(&state.db).await.map_err(ApiError::from)? else {
        return Ok(None);
    };
    let row = std::sync::Arc::new(row);
    state.users.put(row.clone());
    Ok(Some(row))
}
