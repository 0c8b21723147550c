//! The back office's extractors: a staff member with the role a call needs.
//!
//! Every admin call takes one of these as its **first** parameter, so the role is checked
//! before anything else is read: a customer (or a staff member without the role) who sends
//! an empty or malformed body gets 403, never a validation error. Each scheme names the role
//! it needs (`OrdersStaff`, `CatalogueStaff`, `SupportStaff`, `AdminStaff`; `AnyStaff` for
//! the parts every staff member sees), and `openapi.json` carries that name, which the role
//! test (`server/tests/api/admin_roles.rs`) reads to try every admin call with every role
//! that must be refused.
//!
//! ```ignore
//! #[oai(path = "/order/list", method = "post")]
//! async fn list(&self, staff: OrdersStaff, state: Data<&AppState>, body: Json<Req>) -> ApiResult<…> {
//!     staff.actor() // who, for the audit log
//! }
//! ```

use poem::Request;
use poem_openapi::auth::Bearer;
use poem_openapi::SecurityScheme;
use shop_core::staff::{StaffRole, StaffRoles};

use super::bearer::authenticate;
use super::entity::user;
use crate::platform::error::{msg, ApiError};
use crate::platform::middleware::client_ip;
use crate::state::AppState;

/// Who made a change: a staff member from an address, or the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    /// The staff member's user id; 0 for the command line.
    pub staff_id: i64,
    /// Their mobile number, or `cli`.
    pub mobile: String,
    /// The client's address, or `cli`.
    pub ip: String,
}

impl Actor {
    /// The `shop` command line (run on the server by whoever has a shell there).
    pub fn cli() -> Self {
        Actor { staff_id: 0, mobile: "cli".into(), ip: "cli".into() }
    }
}

/// The message for a staff member whose roles do not include the one a call needs.
pub const ROLE_MISSING: &str = "نقش شما اجازهٔ استفاده از این بخش را نمی‌دهد.";

/// A signed-in staff member: their account, their roles and where they called from.
#[derive(Clone, Debug)]
pub struct StaffUser {
    /// The account.
    pub user: user::Model,
    /// The roles held.
    pub roles: StaffRoles,
    /// The client's address (for the audit log).
    pub ip: String,
}

impl StaffUser {
    /// The user id.
    pub fn id(&self) -> i64 {
        self.user.id
    }
    /// Who is acting, for the audit log.
    pub fn actor(&self) -> Actor {
        Actor { staff_id: self.user.id, mobile: self.user.mobile.clone(), ip: self.ip.clone() }
    }
}

/// The staff member behind `bearer`, when they hold `needed` (or `admin`); any role when
/// `needed` is None. 401 without a valid token, 403 for a customer, a blocked account or a
/// missing role.
pub async fn staff_with_role(req: &Request, bearer: &Bearer, needed: Option<StaffRole>) -> Result<StaffUser, ApiError> {
    let state = req.data::<AppState>().ok_or_else(|| ApiError::internal("AppState missing from request data"))?;
    let (user, _) = authenticate(state, &bearer.token).await?;
    let roles = user.roles();
    if roles.is_empty() {
        return Err(ApiError::forbidden_msg(msg::STAFF_ONLY));
    }
    if let Some(role) = needed {
        if !roles.permits(role) {
            return Err(ApiError::forbidden_msg(ROLE_MISSING));
        }
    }
    let ip = client_ip(req, &state.config.trusted_proxies);
    Ok(StaffUser { user, roles, ip })
}

/// The checker and `Deref` of a scheme that lets in staff holding `$role` (or admin). The
/// derive itself is written out per scheme: its attribute takes only literal strings.
macro_rules! staff_scheme {
    ($name:ident, $role:expr, $checker:ident) => {
        async fn $checker(req: &Request, bearer: Bearer) -> poem::Result<StaffUser> {
            Ok(staff_with_role(req, &bearer, $role).await?)
        }

        impl std::ops::Deref for $name {
            type Target = StaffUser;
            fn deref(&self) -> &StaffUser {
                &self.0
            }
        }
    };
}

/// Any staff member (the dashboard, the audit log, their own roles).
#[derive(SecurityScheme)]
#[oai(ty = "bearer", bearer_format = "opaque", rename = "AnyStaff", checker = "check_any_staff")]
pub struct AnyStaff(pub StaffUser);
staff_scheme!(AnyStaff, None, check_any_staff);

/// Staff with the `admin` role (the staff list).
#[derive(SecurityScheme)]
#[oai(ty = "bearer", bearer_format = "opaque", rename = "AdminStaff", checker = "check_admin_staff")]
pub struct AdminStaff(pub StaffUser);
staff_scheme!(AdminStaff, Some(StaffRole::Admin), check_admin_staff);

/// Staff with the `orders` role (orders, money, customers, prepared orders).
#[derive(SecurityScheme)]
#[oai(ty = "bearer", bearer_format = "opaque", rename = "OrdersStaff", checker = "check_orders_staff")]
pub struct OrdersStaff(pub StaffUser);
staff_scheme!(OrdersStaff, Some(StaffRole::Orders), check_orders_staff);

/// Staff with the `catalogue` role (products, prices, stock, settings).
#[derive(SecurityScheme)]
#[oai(ty = "bearer", bearer_format = "opaque", rename = "CatalogueStaff", checker = "check_catalogue_staff")]
pub struct CatalogueStaff(pub StaffUser);
staff_scheme!(CatalogueStaff, Some(StaffRole::Catalogue), check_catalogue_staff);

/// Staff with the `support` role (tickets and chats).
#[derive(SecurityScheme)]
#[oai(ty = "bearer", bearer_format = "opaque", rename = "SupportStaff", checker = "check_support_staff")]
pub struct SupportStaff(pub StaffUser);
staff_scheme!(SupportStaff, Some(StaffRole::Support), check_support_staff);

/// The scheme names in `openapi.json` and the role each needs (None: any staff member).
pub const SCHEMES: [(&str, Option<StaffRole>); 5] = [
    ("AnyStaff", None),
    ("AdminStaff", Some(StaffRole::Admin)),
    ("OrdersStaff", Some(StaffRole::Orders)),
    ("CatalogueStaff", Some(StaffRole::Catalogue)),
    ("SupportStaff", Some(StaffRole::Support)),
];
