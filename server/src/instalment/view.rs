//! Instalment answers built from the service's states (texts formatted with `shop_core`).

use shop_core::digits::{format_price, to_persian_digits};
use shop_core::jalali::format_jalali;

use super::dto::{InstalmentDto, InstalmentStatus, PaymentDto, PaymentKind, PlanDto, PlanView};
use super::service::PlanState;
use crate::plan::entity::instalment_plan;
use crate::plan::service::{parse_stored, METHOD};
use crate::catalog::fmt::jalali;
use crate::order::entity::customer_order;
use crate::payment::entity::payment;

/// A plan the shop offers.
pub fn plan(p: &instalment_plan::Model) -> PlanDto {
    PlanDto {
        id: p.id,
        name: p.name.clone(),
        down_payment_percent: p.down_payment_percent,
        months: p.months,
        monthly_rate_bp: p.monthly_rate_bp,
        min_total: p.min_total,
        max_total: p.max_total,
    }
}

fn state_label(state: InstalmentStatus) -> &'static str {
    match state {
        InstalmentStatus::Paid => "پرداخت‌شده",
        InstalmentStatus::Overdue => "معوق",
        InstalmentStatus::Due => "سررسید امروز",
        InstalmentStatus::Upcoming => "در انتظار سررسید",
    }
}

/// An order's plan with its schedule.
pub fn plan_state(s: &PlanState) -> PlanView {
    let paid: i64 = s.instalments.iter().filter(|i| i.row.paid_at.is_some()).map(|i| i.row.amount).sum();
    PlanView {
        code: s.order.code.clone(),
        plan_name: s.plan.plan_name.clone(),
        date_text: jalali(s.order.created_at),
        total: s.plan.total,
        total_text: format_price(s.plan.total),
        down_payment: s.plan.down_payment,
        down_payment_text: format_price(s.plan.down_payment),
        charge_text: format_price(s.plan.charge),
        financed_text: format_price(s.plan.financed),
        paid_text: format_price(paid),
        remaining_text: format_price(s.plan.financed - paid),
        next_id: s.next().map(|i| i.row.id),
        instalments: s
            .instalments
            .iter()
            .map(|i| InstalmentDto {
                id: i.row.id,
                number: i.row.number,
                number_text: to_persian_digits(&i.row.number.to_string()),
                amount: i.row.amount,
                amount_text: format_price(i.row.amount),
                due_text: parse_stored(&i.row.due_on).map(|d| format_jalali(&d)).unwrap_or_default(),
                state: i.state,
                state_label: state_label(i.state).to_string(),
                paid_text: i.row.paid_at.map(jalali),
            })
            .collect(),
    }
}

/// A payment that went through.
pub fn payment(p: &payment::Model, order: &customer_order::Model, number: Option<i64>) -> PaymentDto {
    let (kind, label) = match (p.instalment_id, number) {
        (Some(_), n) => (PaymentKind::Instalment, shop_core::instalment::instalment_label(n.unwrap_or_default())),
        (None, _) if order.payment_method == METHOD => (PaymentKind::DownPayment, "پیش‌پرداخت".to_string()),
        (None, _) => (PaymentKind::Full, "پرداخت کامل".to_string()),
    };
    PaymentDto {
        id: p.id,
        code: order.code.clone(),
        kind,
        kind_label: label,
        amount: p.amount,
        amount_text: format_price(p.amount),
        date_text: jalali(p.verified_at.unwrap_or(p.created_at)),
        ref_id: p.ref_id.clone(),
        refund_needed: p.refund_needed,
    }
}
