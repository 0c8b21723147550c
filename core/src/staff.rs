//! The back office's roles: which staff member may use which part of it.
//!
//! **What.** A staff member holds any combination of four roles, stored as a bit set:
//! `admin` (everything, and the staff list), `orders` (orders, refunds, customers, prepared
//! orders), `catalogue` (products, prices, stock, settings) and `support` (tickets and chats).
//! [`StaffRoles::permits`] is the one answer to "may this person use a part that needs
//! `role`": the server asks it on every admin call, and the web shows only the menu entries
//! the server says are permitted.
//!
//! **Why.** One table, so the server's check and the menu can never disagree, and an `admin`
//! never needs the other roles ticked to do their work.
//!
//! ```
//! use shop_core::staff::{StaffRole, StaffRoles};
//! let r = StaffRoles::parse_list(&["orders", "support"]).unwrap();
//! assert!(r.permits(StaffRole::Orders));
//! assert!(!r.permits(StaffRole::Catalogue));
//! assert!(StaffRoles::from(StaffRole::Admin).permits(StaffRole::Catalogue));
//! assert!(StaffRoles::NONE.is_empty());
//! ```

use serde::{Deserialize, Serialize};

/// One back-office role. Stored and sent as its snake_case name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StaffRole {
    /// Everything, and adding, changing and removing staff.
    Admin,
    /// Orders, refunds, payments, instalments, customers, prepared orders.
    Orders,
    /// Products, pictures, prices, stock, delivery, discount codes, settings.
    Catalogue,
    /// Tickets and chats.
    Support,
}

/// Every role, in the order the back office lists them.
pub const ALL_ROLES: [StaffRole; 4] = [StaffRole::Admin, StaffRole::Orders, StaffRole::Catalogue, StaffRole::Support];

/// The message for a role name that is not one of the four.
pub const UNKNOWN_ROLE_MESSAGE: &str = "نقش انتخاب‌شده معتبر نیست.";
/// The message for a staff member without any role.
pub const NO_ROLE_MESSAGE: &str = "دست‌کم یک نقش را انتخاب کنید.";

impl StaffRole {
    /// The stored and sent name, e.g. `catalogue`.
    pub fn as_str(self) -> &'static str {
        match self {
            StaffRole::Admin => "admin",
            StaffRole::Orders => "orders",
            StaffRole::Catalogue => "catalogue",
            StaffRole::Support => "support",
        }
    }

    /// Parses a role name; `None` for anything else.
    pub fn parse(s: &str) -> Option<Self> {
        ALL_ROLES.into_iter().find(|r| r.as_str() == s.trim())
    }

    /// The Persian name shown in the back office.
    pub fn label(self) -> &'static str {
        match self {
            StaffRole::Admin => "مدیر",
            StaffRole::Orders => "سفارش‌ها و مالی",
            StaffRole::Catalogue => "کاتالوگ",
            StaffRole::Support => "پشتیبانی",
        }
    }

    fn bit(self) -> i32 {
        match self {
            StaffRole::Admin => 1,
            StaffRole::Orders => 2,
            StaffRole::Catalogue => 4,
            StaffRole::Support => 8,
        }
    }
}

/// A staff member's roles: a bit set, stored as one integer (`users.staff_roles`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct StaffRoles(i32);

impl From<StaffRole> for StaffRoles {
    fn from(r: StaffRole) -> Self {
        StaffRoles(r.bit())
    }
}

impl StaffRoles {
    /// No role: a customer.
    pub const NONE: StaffRoles = StaffRoles(0);

    /// The stored integer; unknown bits are dropped.
    pub fn from_bits(bits: i32) -> Self {
        StaffRoles(bits & ALL_ROLES.iter().map(|r| r.bit()).sum::<i32>())
    }

    /// The integer to store.
    pub fn bits(self) -> i32 {
        self.0
    }

    /// Whether no role is held.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether this exact role is held (not through `admin`).
    pub fn holds(self, role: StaffRole) -> bool {
        self.0 & role.bit() != 0
    }

    /// Whether a part that needs `role` may be used: holding it, or `admin`.
    pub fn permits(self, role: StaffRole) -> bool {
        self.holds(role) || self.holds(StaffRole::Admin)
    }

    /// The roles held, in [`ALL_ROLES`] order.
    pub fn list(self) -> Vec<StaffRole> {
        ALL_ROLES.into_iter().filter(|r| self.holds(*r)).collect()
    }

    /// Every role whose parts may be used (all four for an admin): what the menu shows.
    pub fn permitted(self) -> Vec<StaffRole> {
        ALL_ROLES.into_iter().filter(|r| self.permits(*r)).collect()
    }

    /// Parses role names (duplicates are fine); at least one, each one of the four.
    pub fn parse_list<S: AsRef<str>>(names: &[S]) -> Result<Self, &'static str> {
        let mut bits = 0;
        for n in names {
            bits |= StaffRole::parse(n.as_ref()).ok_or(UNKNOWN_ROLE_MESSAGE)?.bit();
        }
        if bits == 0 {
            return Err(NO_ROLE_MESSAGE);
        }
        Ok(StaffRoles(bits))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn admin_permits_every_role_and_others_only_their_own() {
        let admin = StaffRoles::from(StaffRole::Admin);
        for r in ALL_ROLES {
            assert!(admin.permits(r));
            let only = StaffRoles::from(r);
            for other in ALL_ROLES {
                assert_eq!(only.permits(other), r == other || r == StaffRole::Admin, "{r:?} → {other:?}");
            }
        }
        assert!(ALL_ROLES.iter().all(|r| !StaffRoles::NONE.permits(*r)));
    }

    #[test]
    fn names_round_trip_and_bad_lists_are_refused() {
        for r in ALL_ROLES {
            assert_eq!(StaffRole::parse(r.as_str()), Some(r));
        }
        assert_eq!(StaffRoles::parse_list(&["orders", "orders"]).unwrap().list(), vec![StaffRole::Orders]);
        assert_eq!(StaffRoles::parse_list::<&str>(&[]), Err(NO_ROLE_MESSAGE));
        assert_eq!(StaffRoles::parse_list(&["root"]), Err(UNKNOWN_ROLE_MESSAGE));
        assert_eq!(StaffRoles::from_bits(0xff).bits(), 15);
        assert_eq!(StaffRoles::from(StaffRole::Admin).permitted(), ALL_ROLES.to_vec());
    }
}
