//! After-sale answers from the service's values: display text (Jalali dates and Tehran times,
//! Persian labels) is made here, once.

use shop_core::bidi::isolate_latin_runs;
use shop_core::order_state::OrderStatus;
use shop_core::returns::request::{DESCRIPTION_MAX, REASONS};
use shop_core::returns::state::{transition, ReturnEvent, ReturnStatus};
use shop_core::tehran::format_tehran_datetime;

use super::dto::{
    AdminReturnDto, AfterSaleDto, AfterSaleLine, HolidayDto, ReasonDto, RefundInfo, ReturnDto, ReturnLineDto, ReturnStep, Shipment,
    TrackingStep,
};
use super::entity::holiday;
use super::service::{reason_text, AfterSale, RefundState, ReturnDetail, StaffReturn};
use crate::order::entity::customer_order_line;
use crate::order::service::lifecycle::status_of;

/// The happy path's states, in order.
const PATH: [OrderStatus; 5] =
    [OrderStatus::Registered, OrderStatus::Paid, OrderStatus::Preparing, OrderStatus::Shipped, OrderStatus::Delivered];

fn refund_info(r: &RefundState) -> RefundInfo {
    let (state, label) = if r.owed == 0 && r.refunded == 0 {
        ("none", "")
    } else if r.refunded == 0 {
        ("owed", "در صف بازپرداخت")
    } else if r.refunded < r.owed {
        ("partial", "بخشی بازپرداخت شده")
    } else {
        ("refunded", "بازپرداخت‌شده")
    };
    RefundInfo { state: state.into(), label: label.into(), owed: r.owed, refunded: r.refunded }
}

/// A return as its customer sees it.
pub fn return_dto(d: &ReturnDetail, lines: &[customer_order_line::Model]) -> ReturnDto {
    let status = ReturnStatus::parse(&d.ret.status).unwrap_or(ReturnStatus::Rejected);
    ReturnDto {
        id: d.ret.id,
        status: status.as_str().into(),
        status_label: status.label().into(),
        reason: d.ret.reason.clone(),
        reason_label: reason_text(&d.ret.reason),
        description: d.ret.description.clone(),
        reject_reason: d.ret.reject_reason.clone(),
        amount: d.ret.amount,
        lines: d
            .lines
            .iter()
            .map(|l| ReturnLineDto {
                line_id: l.order_line_id,
                name: lines.iter().find(|o| o.id == l.order_line_id).map(|o| o.name.clone()).unwrap_or_default(),
                num: l.num,
            })
            .collect(),
        photo_count: d.photos.len() as i64,
        timeline: d
            .events
            .iter()
            .map(|e| {
                let s = ReturnStatus::parse(&e.status).unwrap_or(status);
                ReturnStep { status: s.as_str().into(), label: s.label().into(), at_text: format_tehran_datetime(e.at), note: e.note.clone() }
            })
            .collect(),
        created_text: format_tehran_datetime(d.ret.created_at),
    }
}

/// The order page's after-sale part.
pub fn after_sale(a: &AfterSale) -> AfterSaleDto {
    let status = status_of(&a.order);
    let first_at = |s: OrderStatus| a.timeline.iter().find(|e| e.status == s.as_str());
    let mut steps: Vec<TrackingStep> = PATH
        .iter()
        .map(|s| {
            // A payment verified is the `paid` row; registration is the order's own time.
            let row = first_at(*s);
            let at = match (s, row) {
                (_, Some(r)) => r.at,
                (OrderStatus::Registered, None) => a.order.created_at,
                _ => 0,
            };
            let note = match s {
                OrderStatus::Shipped => match (&a.order.carrier, &a.order.tracking_code) {
                    (Some(c), Some(t)) if at > 0 => format!("{c}، کد رهگیری {t}"),
                    _ => String::new(),
                },
                _ => row.map(|r| r.note.clone()).unwrap_or_default(),
            };
            // As the invoice's own timeline shows it: the bank's reference in Persian digits,
            // a tracking code kept Latin and isolated.
            let note = isolate_latin_runs(&note);
            TrackingStep {
                status: s.as_str().into(),
                label: s.label().into(),
                reached: at > 0,
                at_text: if at > 0 { format_tehran_datetime(at) } else { String::new() },
                at,
                note,
            }
        })
        .collect();
    if matches!(status, OrderStatus::Cancelled | OrderStatus::Expired) {
        let row = first_at(status);
        let at = row.map_or(a.order.updated_at, |r| r.at);
        steps.push(TrackingStep {
            status: status.as_str().into(),
            label: status.label().into(),
            reached: true,
            at_text: format_tehran_datetime(at),
            at,
            note: row.map(|r| isolate_latin_runs(&r.note)).unwrap_or_default(),
        });
    }
    let shipment = match (&a.order.carrier, &a.order.tracking_code) {
        (Some(c), Some(t)) if !t.is_empty() => {
            Some(Shipment { carrier: c.clone(), tracking_code: t.clone(), tracking_url: shop_core::shipment::tracking_url(c, t) })
        }
        _ => None,
    };
    let can_unpaid = shop_core::order_state::transition(status, &shop_core::order_state::OrderEvent::Cancel).is_ok();
    let can_paid = shop_core::order_state::transition(status, &shop_core::order_state::OrderEvent::CustomerCancelPaid).is_ok();
    let order_lines: Vec<customer_order_line::Model> = a.lines.iter().map(|l| l.line.clone()).collect();
    AfterSaleDto {
        code: a.order.code.clone(),
        status: status.as_str().into(),
        status_label: status.label().into(),
        steps,
        delivery_slot: crate::order::view::slot_label(&a.order),
        shipment,
        can_cancel: can_unpaid || can_paid,
        cancel_refunds: can_paid,
        refund: refund_info(&a.refund),
        lines: a
            .lines
            .iter()
            .map(|l| AfterSaleLine {
                id: l.line.id,
                name: l.line.name.clone(),
                num: l.line.num,
                condition: match l.condition {
                    shop_core::returns::window::Condition::New => "new",
                    shop_core::returns::window::Condition::Used => "used",
                    shop_core::returns::window::Condition::OpenBox => "open-box",
                }
                .into(),
                returned: l.taken,
                returnable: l.returnable,
                last_day: l.last_day.map(|d| shop_core::jalali::format_jalali(&d)).unwrap_or_default(),
            })
            .collect(),
        can_return: a.lines.iter().any(|l| l.returnable),
        returns: a.returns.iter().map(|d| return_dto(d, &order_lines)).collect(),
        reasons: REASONS.iter().map(|(c, l)| ReasonDto { code: (*c).into(), label: (*l).into() }).collect(),
        max_photos: shop_core::validation::MAX_FILES as i64,
        description_max: DESCRIPTION_MAX as i64,
    }
}

/// The staff moves the table allows from `status`.
pub fn actions(status: ReturnStatus) -> Vec<String> {
    [
        ("approve", ReturnEvent::Approve),
        ("reject", ReturnEvent::Reject { reason: "-".into() }),
        ("receive", ReturnEvent::Receive),
        ("refund", ReturnEvent::Refund),
    ]
    .into_iter()
    .filter(|(_, e)| transition(status, e).is_ok())
    .map(|(n, _)| n.to_string())
    .collect()
}

/// A return as staff see it.
pub fn admin_return(s: &StaffReturn) -> AdminReturnDto {
    let status = ReturnStatus::parse(&s.detail.ret.status).unwrap_or(ReturnStatus::Rejected);
    AdminReturnDto {
        order_code: s.order.as_ref().map(|o| o.code.clone()).unwrap_or_default(),
        customer_name: s.customer.as_ref().map(|u| format!("{} {}", u.name, u.lastname).trim().to_string()).unwrap_or_default(),
        customer_mobile: s.customer.as_ref().map(|u| u.mobile.clone()).unwrap_or_default(),
        actions: actions(status),
        item: return_dto(&s.detail, &s.order_lines),
        photo_ids: s.detail.photos.iter().map(|p| p.id).collect(),
    }
}

/// A holiday for the back office.
pub fn holiday(h: &holiday::Model) -> HolidayDto {
    let d = shop_core::jalali::JalaliDate { year: h.year, month: h.month.max(0) as u32, day: h.day.max(0) as u32 };
    HolidayDto {
        id: h.id,
        date: format!("{:04}/{:02}/{:02}", h.year, h.month, h.day),
        date_text: shop_core::jalali::format_jalali(&d),
        name: h.name.clone(),
    }
}
