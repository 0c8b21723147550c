//! From the cart service's values to the cart calls' answers.

use super::dto::{CartLine, CartResponse, CartStatus};
use super::service::{CartView, LineView};

impl From<&LineView> for CartLine {
    fn from(l: &LineView) -> Self {
        Self {
            id: l.id,
            cart_id: l.cart_id,
            sup_product_id: l.product_id,
            sup_product_id_detail: l.variant_id,
            num: l.num,
            name: l.name.clone(),
            price: l.price,
            warranty_price: l.warranty_price,
            warranty_name: l.warranty_name.clone(),
            dg: l.dg.clone(),
            property: l.property.clone(),
            color: l.color.clone(),
            ins_payment: l.ins_payment,
        }
    }
}

impl CartResponse {
    pub fn ok(cart: &CartView) -> Self {
        Self {
            status: CartStatus::Ok,
            message: None,
            name: None,
            data: cart.lines.iter().map(CartLine::from).collect(),
            order_total_price: cart.total,
            final_price: cart.final_price,
            code: cart.code.clone(),
            cart_id: cart.cart_id,
            discount_code: cart.discount_code.clone(),
            discount_notice: cart.discount_notice.clone(),
        }
    }
}
