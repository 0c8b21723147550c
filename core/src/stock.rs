//! What the customer reads when a quantity cannot be had.
//!
//! **What.** One function per message, each naming the product (or, for staff, the variant id)
//! in «guillemets»: [`not_in_stock_message`] when a cart edit asks for more than is in stock,
//! [`not_available_message`] when a line of a cart being registered cannot be bought (sold out,
//! withdrawn), [`unknown_item_message`] when a staff-prepared order names a variant that does
//! not exist or is not for sale.
//!
//! **Why.** The server answers these from several places (the cart, checkout, prepared orders);
//! the texts live here once so every entry point says the same thing.
//!
//! **Example.**
//! ```
//! use shop_core::stock::{not_available_message, not_in_stock_message, unknown_item_message};
//! assert_eq!(not_in_stock_message("لپ‌تاپ ایسوس"), "موجودی «لپ‌تاپ ایسوس» برای تعداد درخواستی کافی نیست");
//! assert_eq!(not_available_message("لپ‌تاپ ایسوس"), "«لپ‌تاپ ایسوس» به تعداد درخواستی موجود نیست");
//! assert_eq!(unknown_item_message(42), "کالای 42 پیدا نشد");
//! ```

/// A cart edit asked for more of `name` than is in stock.
pub fn not_in_stock_message(name: &str) -> String {
    format!("موجودی «{name}» برای تعداد درخواستی کافی نیست")
}

/// A cart line `name` cannot be registered at the quantity asked (nothing was written).
pub fn not_available_message(name: &str) -> String {
    format!("«{name}» به تعداد درخواستی موجود نیست")
}

/// A prepared order's line names variant `variant_id`, which does not exist or is not for sale.
pub fn unknown_item_message(variant_id: i64) -> String {
    format!("کالای {variant_id} پیدا نشد")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_product() {
        assert!(not_in_stock_message("X").contains("«X»"));
        assert!(not_available_message("X").contains("«X»"));
        assert_ne!(not_in_stock_message("X"), not_available_message("X"));
    }

    #[test]
    fn unknown_item_names_the_variant() {
        assert_eq!(unknown_item_message(-1), "کالای -1 پیدا نشد");
    }
}
