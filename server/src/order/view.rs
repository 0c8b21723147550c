//! From the checkout and invoice services' values to their API answers.

use shop_core::order_state::OrderStatus;

use super::dto::{
    Invoice, InvoiceAddress, InvoiceLine, OrderItem, Registered, Step, Summary, SummaryInstalment, SummaryLine,
    SummaryPlan,
};
use crate::plan::service::Chosen;
use super::entity::customer_order;
use super::service::checkout::{PaymentMethod, Quote};
use super::service::invoice;
use super::service::lifecycle::status_of;
use crate::catalog::fmt::jalali;
use crate::catalog::view::display;
use crate::delivery::dto::DeliveryOptionDto;
use crate::payment::entity::payment;

/// The summary of a quote, with the schedule of the instalment plan asked for.
pub fn summary(q: &Quote, plan: Option<&Chosen>) -> Summary {
    Summary {
        order_id: q.cart_id,
        lines: q
            .lines
            .iter()
            .map(|l| SummaryLine {
                id: l.line_id,
                product_id: l.product_id,
                variant_id: l.variant_id,
                num: l.num,
                name: display(&l.name),
                color: l.color.clone(),
                warranty_name: l.warranty_name.clone(),
                property: display(&l.property),
                price: l.unit_price,
                price_garanti: l.warranty_price,
                old_price: l.old_unit_price,
                old_price_garanti: l.old_warranty_price,
                price_changed: l.price_changed,
                line_total: l.line_total,
                ins_payment: l.ins_payment,
                available: l.available,
            })
            .collect(),
        items_total: q.items_total,
        delivery_price: q.delivery_price,
        discount: q.discount,
        payable: q.payable,
        instalment_eligible: q.instalment_eligible,
        // Instalments only when every line allows them (spec section 4).
        payment_methods: if q.instalment_eligible {
            vec![PaymentMethod::Full, PaymentMethod::Instalment]
        } else {
            vec![PaymentMethod::Full]
        },
        city: q.city.clone(),
        address_id: q.address.as_ref().map(|a| a.id),
        delivery_options: q.options.iter().cloned().map(DeliveryOptionDto::from).collect(),
        delivery_id: q.delivery.as_ref().map(|d| d.id),
        price_changed: q.changed().next().is_some(),
        discount_code: q.applied_discount.as_ref().map(|a| a.code.clone()),
        order_total_price: q.items_total,
        final_price: q.final_price,
        pay_now: shop_core::quote::pay_now(q.payable, plan.map(|p| &p.schedule)),
        instalment: plan.map(summary_plan),
        discount_notice: q.dropped_discount.as_ref().map(|(_, message)| message.clone()),
    }
}

/// A plan's schedule as the summary shows it: the amounts the core computed, each due date in
/// Persian (`format_jalali`).
fn summary_plan(c: &Chosen) -> SummaryPlan {
    let s = &c.schedule;
    SummaryPlan {
        plan_id: c.plan.id,
        plan_name: c.plan.name.clone(),
        down_payment: s.down_payment,
        charge: s.charge,
        financed: s.financed,
        total_cost: s.down_payment.saturating_add(s.financed),
        instalments: s
            .instalments
            .iter()
            .map(|i| SummaryInstalment {
                number: i64::from(i.number),
                amount: i.amount,
                due: shop_core::jalali::format_jalali(&i.due),
            })
            .collect(),
    }
}

/// The registered order's short form.
pub fn registered(o: &customer_order::Model) -> Registered {
    Registered {
        code: o.code.clone(),
        status: status_of(o).into(),
        payable: o.payable,
        order_total_price: o.items_total,
        final_price: shop_core::quote::final_price(o.items_total, o.discount),
        discount: o.discount,
        expires_at: o.expires_at,
    }
}

/// One order of the list.
pub fn list_item(o: &customer_order::Model, count: i64) -> OrderItem {
    let st = status_of(o);
    OrderItem {
        code: o.code.clone(),
        status: st.into(),
        status_label: st.label().into(),
        date: jalali(o.created_at),
        created_at: o.created_at,
        count,
        items_total: o.items_total,
        delivery_price: o.delivery_price,
        discount: o.discount,
        payable: o.payable,
        carrier: o.carrier.clone(),
        tracking_code: o.tracking_code.clone(),
    }
}

/// The invoice.
pub fn invoice(i: &invoice::Invoice) -> Invoice {
    let o = &i.order;
    let amounts = invoice::amounts(i);
    let st = status_of(o);
    Invoice {
        code: o.code.clone(),
        status: st.into(),
        status_label: st.label().into(),
        date: jalali(o.created_at),
        created_at: o.created_at,
        lines: i
            .lines
            .iter()
            .map(|l| InvoiceLine {
                name: display(&l.name),
                color: l.color.clone(),
                property: display(&l.property),
                warranty_name: l.warranty_name.clone(),
                num: l.num,
                price: l.unit_price,
                price_garanti: l.warranty_price,
                line_total: l.line_total,
            })
            .collect(),
        delivery_name: o.delivery_name.clone(),
        delivery_description: o.delivery_description.clone(),
        delivery_slot: slot_label(o),
        delivery_price: o.delivery_price,
        items_total: o.items_total,
        warranty_total: amounts.warranty_total,
        discount: o.discount,
        payable: o.payable,
        payment_method: PaymentMethod::parse(&o.payment_method).unwrap_or(PaymentMethod::Full),
        address: InvoiceAddress {
            name: o.receiver_name.clone(),
            mobile: o.receiver_mobile.clone(),
            state: o.province.clone(),
            city: o.city.clone(),
            address: o.address_line.clone(),
            postal_code: o.postal_code.clone(),
        },
        tracking_code: o.tracking_code.clone(),
        carrier: o.carrier.clone(),
        ref_id: i
            .payments
            .iter()
            .find(|p| p.status == payment::PAID)
            .and_then(|p| p.ref_id.clone()),
        expires_at: o.expires_at,
        timeline: i
            .timeline
            .iter()
            .map(|e| {
                let s = OrderStatus::parse(&e.status).unwrap_or(OrderStatus::Cancelled);
                Step {
                    status: s.into(),
                    label: s.label().into(),
                    date: jalali(e.at),
                    at: e.at,
                    // A note may carry the bank's reference number: Persian digits.
                    note: display(&e.note),
                }
            })
            .collect(),
    }
}

// ---------------------------------------------------------------------------------------------
// The back office's answers.

use super::dto::{AdminInstalment, AdminLine, AdminOrder, AdminOrderRow, AdminPayment, AdminPlan, AdminSlip, AdminStep};
use super::service::admin::{allowed_actions, Detail, ListRow};
use crate::auth::entity::user;
use shop_core::tehran::format_tehran_datetime;

fn full_name(u: Option<&user::Model>) -> String {
    u.map(|u| format!("{} {}", u.name, u.lastname).trim().to_string()).unwrap_or_default()
}

fn method(o: &customer_order::Model) -> PaymentMethod {
    PaymentMethod::parse(&o.payment_method).unwrap_or(PaymentMethod::Full)
}

fn address(o: &customer_order::Model) -> InvoiceAddress {
    InvoiceAddress {
        name: o.receiver_name.clone(),
        mobile: o.receiver_mobile.clone(),
        state: o.province.clone(),
        city: o.city.clone(),
        address: o.address_line.clone(),
        postal_code: o.postal_code.clone(),
    }
}

fn admin_line(l: &super::entity::customer_order_line::Model, units: &[super::entity::order_unit::Model]) -> AdminLine {
    AdminLine {
        id: l.id,
        serials: units.iter().filter(|u| u.order_line_id == l.id).map(|u| u.serial.clone()).collect(),
        name: l.name.clone(),
        color: l.color.clone(),
        property: l.property.clone(),
        warranty_name: l.warranty_name.clone(),
        variant_id: l.variant_id,
        num: l.num,
        unit_price: l.unit_price,
        warranty_price: l.warranty_price,
        line_total: l.line_total,
    }
}

/// One row of the staff list.
pub fn admin_row(r: &ListRow) -> AdminOrderRow {
    let st = status_of(&r.order);
    AdminOrderRow {
        code: r.order.code.clone(),
        status: st.into(),
        status_label: st.label().into(),
        payment_method: method(&r.order),
        customer_mobile: r.customer.as_ref().map(|u| u.mobile.clone()).unwrap_or_default(),
        customer_name: full_name(r.customer.as_ref()),
        count: r.count,
        payable: r.order.payable,
        created_at: r.order.created_at,
        created_text: format_tehran_datetime(r.order.created_at),
    }
}

/// Everything staff see about one order.
pub fn admin_order(d: &Detail) -> AdminOrder {
    let o = &d.order;
    let st = status_of(o);
    let number_of = |id: Option<i64>| id.and_then(|id| d.instalments.iter().find(|i| i.id == id).map(|i| i.number));
    AdminOrder {
        code: o.code.clone(),
        status: st.into(),
        status_label: st.label().into(),
        payment_method: method(o),
        customer_id: o.user_id,
        customer_mobile: d.customer.as_ref().map(|u| u.mobile.clone()).unwrap_or_default(),
        customer_name: full_name(d.customer.as_ref()),
        lines: d.lines.iter().map(|l| admin_line(l, &d.units)).collect(),
        items_total: o.items_total,
        delivery_name: o.delivery_name.clone(),
        delivery_slot: slot_label(o),
        delivery_price: o.delivery_price,
        discount: o.discount,
        discount_code: d.discount_code.clone(),
        payable: o.payable,
        address: address(o),
        carrier: o.carrier.clone(),
        tracking_code: o.tracking_code.clone(),
        payments: d
            .payments
            .iter()
            .map(|p| AdminPayment {
                id: p.id,
                gateway: p.gateway.clone(),
                authority: p.authority.clone(),
                ref_id: p.ref_id.clone(),
                card_pan: p.card_pan.clone(),
                status: p.status.as_str().into(),
                amount: p.amount,
                refund_needed: p.refund_needed,
                instalment_number: number_of(p.instalment_id),
                created_text: format_tehran_datetime(p.created_at),
                verified_text: p.verified_at.map(format_tehran_datetime),
            })
            .collect(),
        plan: d.plan.as_ref().map(|p| AdminPlan {
            name: p.plan_name.clone(),
            months: p.months,
            down_payment: p.down_payment,
            charge: p.charge,
            financed: p.financed,
            instalments: d
                .instalments
                .iter()
                .map(|i| AdminInstalment {
                    number: i.number,
                    amount: i.amount,
                    due_text: crate::plan::service::parse_stored(&i.due_on)
                        .map(|j| shop_core::jalali::format_jalali(&j))
                        .unwrap_or_default(),
                    paid: i.paid_at.is_some(),
                })
                .collect(),
        }),
        timeline: d
            .timeline
            .iter()
            .map(|e| {
                let s = OrderStatus::parse(&e.status).unwrap_or(OrderStatus::Cancelled);
                AdminStep {
                    status: s.into(),
                    label: s.label().into(),
                    note: e.note.clone(),
                    actor: e.actor.clone(),
                    staff_id: e.actor_staff_id,
                    staff_mobile: e.actor_mobile.clone(),
                    at: e.at,
                    at_text: format_tehran_datetime(e.at),
                }
            })
            .collect(),
        actions: allowed_actions(st).into_iter().map(str::to_string).collect(),
        carriers: shop_core::shipment::CARRIERS.iter().map(|c| c.to_string()).collect(),
        created_text: format_tehran_datetime(o.created_at),
    }
}

/// One packing slip.
pub fn slip(o: &customer_order::Model, lines: &[super::entity::customer_order_line::Model]) -> AdminSlip {
    AdminSlip {
        code: o.code.clone(),
        status_label: status_of(o).label().into(),
        created_text: format_tehran_datetime(o.created_at),
        delivery_name: o.delivery_name.clone(),
        delivery_slot: slot_label(o),
        address: address(o),
        lines: lines.iter().map(|l| admin_line(l, &[])).collect(),
        count: lines.iter().map(|l| l.num).sum(),
    }
}

/// The delivery slot's label as registered, if the order has one.
pub fn slot_label(o: &customer_order::Model) -> Option<String> {
    o.delivery_slot_id.map(|_| o.delivery_slot_label.clone()).filter(|l| !l.is_empty())
}
