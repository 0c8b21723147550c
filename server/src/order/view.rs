//! From the checkout and invoice services' values to their API answers.

use shop_core::order_state::OrderStatus;

use super::dto::{
    Invoice, InvoiceAddress, InvoiceLine, OrderItem, Registered, Step, Summary, SummaryLine,
};
use super::entity::customer_order;
use super::service::checkout::{PaymentMethod, Quote};
use super::service::invoice;
use super::service::lifecycle::status_of;
use crate::catalog::fmt::jalali;
use crate::delivery::dto::DeliveryOptionDto;
use crate::payment::entity::payment;

/// The summary of a quote.
pub fn summary(q: &Quote) -> Summary {
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
                name: l.name.clone(),
                color: l.color.clone(),
                warranty_name: l.warranty_name.clone(),
                property: l.property.clone(),
                price: l.unit_price,
                price_garanti: l.warranty_price,
                old_price: l.old_unit_price,
                old_price_garanti: l.old_warranty_price,
                price_changed: l.price_changed(),
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
        final_price: q.items_total.saturating_sub(q.discount).max(0),
    }
}

/// The registered order's short form.
pub fn registered(o: &customer_order::Model) -> Registered {
    Registered {
        code: o.code.clone(),
        status: status_of(o).into(),
        payable: o.payable,
        order_total_price: o.items_total,
        final_price: o.items_total.saturating_sub(o.discount).max(0),
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
    }
}

/// The invoice.
pub fn invoice(i: &invoice::Invoice) -> Invoice {
    let o = &i.order;
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
                name: l.name.clone(),
                color: l.color.clone(),
                property: l.property.clone(),
                warranty_name: l.warranty_name.clone(),
                num: l.num,
                price: l.unit_price,
                price_garanti: l.warranty_price,
                line_total: l.line_total,
            })
            .collect(),
        delivery_name: o.delivery_name.clone(),
        delivery_description: o.delivery_description.clone(),
        delivery_price: o.delivery_price,
        items_total: o.items_total,
        warranty_total: i
            .lines
            .iter()
            .map(|l| l.num.saturating_mul(l.warranty_price))
            .fold(0i64, i64::saturating_add),
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
                    note: e.note.clone(),
                }
            })
            .collect(),
    }
}
