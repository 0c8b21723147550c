//! The official invoice request (درخواست صورتحساب رسمی): who the invoice is made out to.
//!
//! **What.** A buyer type ([`BUYER_TYPES`]: `person` or `company`); the buyer's legal name
//! (2–200 characters, one line); for a person their national ID ([`NationalId`], required)
//! and optionally their fourteen-digit economic code; for a company its national ID
//! ([`CompanyId`], required) and its economic code (required, and since the Tax
//! Administration's notice 36 the same eleven digits: [`SAME_AS_COMPANY_ID_MESSAGE`]); the
//! buyer's postal code ([`PostalCode`]). Each ID is checked by its rule in `crate::tax_id`.
//! **Why.** The customer asks for it at checkout or later from the invoice page; the web form
//! and the server's request parsing read this one declaration, so a number one accepts the
//! other does not refuse.
//! **Example.**
//! ```
//! use shop_core::forms::{official_invoice, Values};
//! let v = Values::from_pairs([("buyer_type", "company"), ("legal_name", "شرکت نمونه"),
//!     ("company_id", "۱۰۳۸۰۲۸۴۷۹۰"), ("economic_code", "10380284790"), ("postal_code", "1234567890")]);
//! let o = official_invoice::parse(&v).unwrap();
//! assert_eq!((o.buyer_type, o.id.as_str(), o.economic_code.as_deref()), ("company", "10380284790", Some("10380284790")));
//! let e = official_invoice::parse(&v.with("company_id", "10380284791")).unwrap_err();
//! assert_eq!(e.get("company_id"), Some("شناسه ملی وارد شده معتبر نیست!"));
//! ```

use super::{Clean, Field, Form, FormProblems, Values};
use crate::tax_id::company_id::CompanyId;
use crate::tax_id::economic_code::EconomicCode;
use crate::tax_id::national_id::NationalId;
use crate::types::PostalCode;
use crate::validation::{message, Rule};

/// The buyer types: a natural person or a company (legal person).
pub const BUYER_TYPES: &[&str] = &["person", "company"];
/// The longest legal name.
pub const MAX_NAME_CHARS: u32 = 200;
/// A company's economic code that is not its national ID.
pub const SAME_AS_COMPANY_ID_MESSAGE: &str = "کد اقتصادی شرکت همان شناسه ملی ۱۱ رقمی آن است";
/// A person's economic code that does not start with their national ID.
pub const PERSON_PREFIX_MESSAGE: &str = "کد اقتصادی شخص حقیقی با کد ملی او شروع می‌شود";
/// A fourteen-digit (person's) economic code given for a company.
pub const COMPANY_CODE_MESSAGE: &str = "کد اقتصادی شرکت ۱۱ رقم است (همان شناسه ملی)";

/// The official invoice form.
pub static FORM: Form = Form {
    name: "official_invoice",
    fields: &[
        Field::new("buyer_type", "نوع خریدار", Clean::Line, &[Rule::Select]).options(BUYER_TYPES),
        Field::new("legal_name", "نام خریدار", Clean::Line, &[Rule::Required, Rule::MinLength { n: 2 }, Rule::MaxLength { n: MAX_NAME_CHARS }]),
        Field::new("national_id", NationalId::LABEL, Clean::Code, &[Rule::MaxLength { n: NationalId::DIGITS }]),
        Field::new("company_id", CompanyId::LABEL, Clean::Code, &[Rule::MaxLength { n: CompanyId::DIGITS }]),
        Field::new("economic_code", EconomicCode::LABEL, Clean::Code, &[Rule::MaxLength { n: EconomicCode::MAX_DIGITS }]),
        Field::new("postal_code", PostalCode::LABEL, Clean::Code, &[Rule::Required, Rule::Digits { n: PostalCode::DIGITS }]),
    ],
};

/// An official invoice request as the form's rules accept it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OfficialInvoice {
    /// `person` or `company`.
    pub buyer_type: &'static str,
    /// The buyer's legal name, one trimmed line.
    pub legal_name: String,
    /// The person's national ID or the company's national ID, ASCII digits.
    pub id: String,
    /// The economic code, ASCII digits (always given for a company).
    pub economic_code: Option<String>,
    /// The buyer's postal code.
    pub postal_code: PostalCode,
}

/// The typed request, or every failing field's message.
pub fn parse(values: &Values) -> Result<OfficialInvoice, FormProblems> {
    let mut c = FORM.check(values);
    let buyer_type = c.choice("buyer_type");
    let company = buyer_type == Some("company");
    let (id_field, label) = if company { ("company_id", CompanyId::LABEL) } else { ("national_id", NationalId::LABEL) };
    if buyer_type.is_some() && c.text(id_field).is_empty() {
        c.fail(id_field, message(&Rule::Required, label));
    }
    let id = if company {
        c.typed("company_id", |s| CompanyId::parse(s).map(|i| i.as_str().to_owned()))
    } else {
        c.typed("national_id", |s| NationalId::parse(s).map(|i| i.as_str().to_owned()))
    };
    if company && c.text("economic_code").is_empty() {
        c.fail("economic_code", message(&Rule::Required, EconomicCode::LABEL));
    }
    let economic_code = c.typed("economic_code", EconomicCode::parse);
    if let (Some(id), Some(code)) = (&id, &economic_code) {
        if company && !code.is_company() {
            c.fail("economic_code", COMPANY_CODE_MESSAGE.to_owned());
        } else if company && code.as_str() != id {
            c.fail("economic_code", SAME_AS_COMPANY_ID_MESSAGE.to_owned());
        } else if !company && !code.as_str().starts_with(id.as_str()) {
            c.fail("economic_code", PERSON_PREFIX_MESSAGE.to_owned());
        }
    }
    let postal_code = c.typed("postal_code", PostalCode::parse);
    c.done()?;
    match (buyer_type, id, postal_code) {
        (Some(buyer_type), Some(id), Some(postal_code)) => Ok(OfficialInvoice {
            buyer_type,
            legal_name: c.text("legal_name"),
            id,
            economic_code: economic_code.map(|e| e.as_str().to_owned()),
            postal_code,
        }),
        // Unreachable: each is required and `done` found no problem.
        _ => Err(FormProblems(vec![("buyer_type".into(), message(&Rule::Select, "نوع خریدار"))])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn person() -> Values {
        Values::from_pairs([("buyer_type", "person"), ("legal_name", "مریم احمدی"), ("national_id", "۰۰۱۳۵۴۲۴۱۹"), ("postal_code", "۱۲۳۴۵-۶۷۸۹۰")])
    }

    #[test]
    fn a_person_needs_a_valid_national_id_and_may_give_an_economic_code() {
        let o = parse(&person()).unwrap();
        assert_eq!((o.id.as_str(), o.economic_code, o.postal_code.as_str()), ("0013542419", None, "1234567890"));
        assert!(parse(&person().with("economic_code", "00135424190001")).is_ok());
        let e = parse(&person().with("economic_code", "04993708990001")).unwrap_err();
        assert_eq!(e.get("economic_code"), Some(PERSON_PREFIX_MESSAGE));
        let e = parse(&person().with("national_id", "")).unwrap_err();
        assert_eq!(e.get("national_id"), Some("لطفا کد ملی را وارد کنید"));
        let e = parse(&person().with("national_id", "1111111111")).unwrap_err();
        assert_eq!(e.get("national_id"), Some("کد ملی وارد شده معتبر نیست!"));
    }

    #[test]
    fn a_company_needs_its_id_as_its_economic_code() {
        let v = Values::from_pairs([("buyer_type", "company"), ("legal_name", "شرکت نمونه"), ("company_id", "10380284790"), ("postal_code", "1234567890")]);
        assert_eq!(parse(&v).unwrap_err().get("economic_code"), Some("لطفا کد اقتصادی را وارد کنید"));
        assert_eq!(parse(&v.clone().with("economic_code", "14007650912")).unwrap_err().get("economic_code"), Some(SAME_AS_COMPANY_ID_MESSAGE));
        assert_eq!(parse(&v.clone().with("economic_code", "00135424190001")).unwrap_err().get("economic_code"), Some(COMPANY_CODE_MESSAGE));
        assert!(parse(&v.with("economic_code", "10380284790")).is_ok());
    }

    #[test]
    fn an_empty_form_names_every_required_field() {
        let e = parse(&Values::default()).unwrap_err();
        assert_eq!(e.get("buyer_type"), Some("لطفا نوع خریدار را انتخاب کنید"));
        assert_eq!(e.get("legal_name"), Some("لطفا نام خریدار را وارد کنید"));
        assert_eq!(e.get("postal_code"), Some("لطفا کد پستی را وارد کنید"));
    }
}
