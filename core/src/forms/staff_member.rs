//! The staff member form (`staff/save`, back office): who gets which roles.
//!
//! **What.** The member's mobile (required, the mobile rule, kept as [`Mobile`]) and their
//! roles: the role names of [`crate::staff`] separated by commas (the form's check boxes,
//! joined), at least one ([`NO_ROLE_MESSAGE`]), each known ([`UNKNOWN_ROLE_MESSAGE`]); read
//! by [`StaffRoles::parse_list`].
//! **Why.** The web form checked nothing before sending; it and the server now read [`FORM`].
//! **Example.**
//! ```
//! use shop_core::forms::{staff_member, Values};
//! let v = Values::from_pairs([("mobile", "۰۹۱۲۳۴۵۶۷۸۹"), ("roles", "orders,support")]);
//! let s = staff_member::parse(&v).unwrap();
//! assert_eq!((s.mobile.as_str(), s.roles.list().len()), ("09123456789", 2));
//! let e = staff_member::parse(&v.with("roles", "")).unwrap_err();
//! assert_eq!(e.get("roles"), Some("دست‌کم یک نقش را انتخاب کنید."));
//! ```

use super::{Clean, Field, Form, FormProblems, Values};
pub use crate::staff::{NO_ROLE_MESSAGE, UNKNOWN_ROLE_MESSAGE};
use crate::staff::StaffRoles;
use crate::types::Mobile;
use crate::validation::{message, Rule};

/// The longest roles text (every role name, comma-separated, is far shorter).
pub const MAX_ROLES_CHARS: u32 = 100;

/// The staff member form.
pub static FORM: Form = Form {
    name: "staff_member",
    fields: &[
        Field::new("mobile", "شماره موبایل", Clean::Line, &[Rule::Required, Rule::Mobile]),
        Field::new("roles", "نقش", Clean::Line, &[Rule::MaxLength { n: MAX_ROLES_CHARS }]),
    ],
};

/// A staff member as the form's rules accept them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaffMember {
    /// Their mobile, `09…`.
    pub mobile: Mobile,
    /// Their roles (at least one).
    pub roles: StaffRoles,
}

/// The roles as the form sends them: the names joined by commas.
pub fn join_roles<S: AsRef<str>>(names: &[S]) -> String {
    names.iter().map(AsRef::as_ref).collect::<Vec<_>>().join(",")
}

/// The typed staff member, or every failing field's message.
pub fn parse(values: &Values) -> Result<StaffMember, FormProblems> {
    let mut c = FORM.check(values);
    let mobile = c.typed("mobile", Mobile::parse);
    if c.text("roles").is_empty() {
        c.fail("roles", NO_ROLE_MESSAGE.to_owned());
    }
    let roles = c.typed("roles", |s| {
        let names: Vec<&str> = s.split(',').map(str::trim).filter(|n| !n.is_empty()).collect();
        StaffRoles::parse_list(&names).map_err(|m| crate::validation::FieldError {
            field: "roles",
            rule: crate::validation::RuleKind::Unknown,
            message: m.to_owned(),
        })
    });
    c.done()?;
    match (mobile, roles) {
        (Some(mobile), Some(roles)) => Ok(StaffMember { mobile, roles }),
        // Unreachable: both are required and `done` found no problem.
        _ => Err(FormProblems(vec![("mobile".into(), message(&Rule::Required, "شماره موبایل"))])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::staff::StaffRole;

    #[test]
    fn roles_are_known_names_and_at_least_one() {
        let v = Values::from_pairs([("mobile", "09123456789"), ("roles", " admin , catalogue ")]);
        let s = parse(&v).unwrap();
        assert!(s.roles.holds(StaffRole::Admin) && s.roles.holds(StaffRole::Catalogue));
        assert_eq!(parse(&v.clone().with("roles", "admin,root")).unwrap_err().get("roles"), Some(UNKNOWN_ROLE_MESSAGE));
        assert_eq!(parse(&v.with("roles", " , ")).unwrap_err().get("roles"), Some(NO_ROLE_MESSAGE));
        assert_eq!(join_roles(&["admin", "orders"]), "admin,orders");
    }

    #[test]
    fn the_mobile_is_required_and_valid() {
        let e = parse(&Values::default()).unwrap_err();
        assert_eq!(e.get("mobile"), Some("لطفا شماره موبایل را وارد کنید"));
        assert_eq!(e.get("roles"), Some(NO_ROLE_MESSAGE));
        let e = parse(&Values::from_pairs([("mobile", "0912"), ("roles", "admin")])).unwrap_err();
        assert_eq!(e.get("mobile"), Some("شماره موبایل وارد شده معتبر نیست!"));
    }
}
