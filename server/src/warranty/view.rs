//! Stored warranty records as the answers show them (Jalali days, Persian labels).

use shop_core::jalali::{format_jalali, format_jalali_numeric};
use shop_core::warranty::claim_state::{allowed_events, ClaimStatus};

use super::dto::{OfficialInvoiceItem, StaffClaimItem, WarrantyClaimItem, WarrantyUnit};
use super::entity::{official_invoice, warranty_claim};
use super::service::{ClaimRow, UnitView};

fn day(unix: i64) -> String {
    shop_core::tehran::tehran_date(unix).map(|d| format_jalali_numeric(&d)).unwrap_or_default()
}

fn status_of(c: &warranty_claim::Model) -> ClaimStatus {
    ClaimStatus::parse(&c.status).unwrap_or(ClaimStatus::Received)
}

pub fn claim(c: &warranty_claim::Model) -> WarrantyClaimItem {
    WarrantyClaimItem {
        id: c.id,
        ticket_id: c.ticket_id,
        status: c.status.clone(),
        status_label: status_of(c).label().to_owned(),
        serial: c.serial.clone(),
        created: day(c.created_at),
        updated: day(c.updated_at),
    }
}

pub fn unit(u: &UnitView) -> WarrantyUnit {
    WarrantyUnit {
        unit_id: u.unit.id,
        line_id: u.unit.order_line_id,
        product: u.product.clone(),
        unit_no: u.unit.unit_no,
        serial: u.unit.serial.clone(),
        warranty_name: u.unit.warranty_name.clone(),
        warranty_months: u.unit.warranty_months,
        start_kind: if u.start.is_some_and(|s| s.delivered) { "delivered" } else { "shipped" }.to_owned(),
        start: u.start.map(|s| format_jalali(&s.day)).unwrap_or_default(),
        end: u.end.map(|d| format_jalali(&d)).unwrap_or_default(),
        end_numeric: u.end.map(|d| format_jalali_numeric(&d)).unwrap_or_default(),
        can_claim: u.refusal.is_none(),
        refusal: u.refusal.clone().unwrap_or_default(),
        claim: u.claim.as_ref().map(claim),
    }
}

pub fn staff_claim(r: &ClaimRow) -> StaffClaimItem {
    let status = status_of(&r.claim);
    StaffClaimItem {
        id: r.claim.id,
        ticket_id: r.claim.ticket_id,
        order_code: r.order_code.clone(),
        product: r.product.clone(),
        warranty_name: r.warranty_name.clone(),
        serial: r.claim.serial.clone(),
        status: status.as_str().to_owned(),
        status_label: status.label().to_owned(),
        customer_name: r.customer.as_ref().map(|u| format!("{} {}", u.name, u.lastname).trim().to_owned()).unwrap_or_default(),
        customer_mobile: r.customer.as_ref().map(|u| u.mobile.clone()).unwrap_or_default(),
        created: day(r.claim.created_at),
        actions: allowed_events(status).into_iter().map(|e| e.as_str().to_owned()).collect(),
    }
}

pub fn official(o: &official_invoice::Model) -> OfficialInvoiceItem {
    let company = o.buyer_type == "company";
    OfficialInvoiceItem {
        buyer_type: o.buyer_type.clone(),
        buyer_type_label: if company { "شخص حقوقی" } else { "شخص حقیقی" }.to_owned(),
        legal_name: o.legal_name.clone(),
        national_id: o.national_id.clone(),
        national_id_label: if company { "شناسه ملی" } else { "کد ملی" }.to_owned(),
        economic_code: o.economic_code.clone(),
        postal_code: o.postal_code.clone(),
    }
}
