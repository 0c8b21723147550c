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
//! **Holds.** [`check_hold`] decides whether a customer may reserve the lines of one more
//! unpaid order, given what their other unpaid orders already hold and the shop's caps
//! ([`HoldCaps`], configured by the server); its refusal ([`HoldRefusal`]) reads in Persian and
//! names the product. It is plain data in, a decision out: the server gathers the counts.
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

/// What the unpaid orders of one customer may hold at once (issue 22: one account held every
/// unit of 21 variants). The values are the server's configuration, not rules the client runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HoldCaps {
    /// Unpaid orders (registered or at the bank) one customer may have open.
    pub open_orders: i64,
    /// Units of one variant in one order.
    pub units_per_order: i64,
    /// Units of one variant across all of the customer's unpaid orders.
    pub units_per_customer: i64,
    /// Units of every variant together across all of the customer's unpaid orders.
    pub units_total: i64,
}

/// What the customer's other unpaid orders hold now (the order being registered excluded, and
/// orders it replaces already released).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Held {
    /// How many unpaid orders are open.
    pub open_orders: i64,
    /// Units held per variant id.
    pub by_variant: std::collections::BTreeMap<i64, i64>,
}

impl Held {
    fn of(&self, variant_id: i64) -> i64 {
        self.by_variant.get(&variant_id).copied().unwrap_or(0)
    }
    fn total(&self) -> i64 {
        self.by_variant.values().fold(0, |a, n| a.saturating_add(*n))
    }
}

/// One line of the order to register.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wanted<'a> {
    /// The variant's id.
    pub variant_id: i64,
    /// Units asked for.
    pub num: i64,
    /// The product's name, for the message.
    pub name: &'a str,
}

/// Why one more unpaid order may not hold what it asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HoldRefusal {
    /// The customer already has `max` unpaid orders.
    OpenOrders {
        /// The cap.
        max: i64,
    },
    /// One line asks for more than `max` units of its variant.
    PerOrder {
        /// The product's name.
        name: String,
        /// The cap.
        max: i64,
    },
    /// With the customer's other unpaid orders, the variant would be held beyond `max`.
    PerCustomer {
        /// The product's name.
        name: String,
        /// The cap.
        max: i64,
        /// Units of the variant the other unpaid orders already hold.
        held: i64,
    },
    /// With the customer's other unpaid orders, more than `max` units would be held in all.
    Total {
        /// The cap.
        max: i64,
        /// Units the other unpaid orders already hold.
        held: i64,
    },
}

fn fa(n: i64) -> String {
    crate::digits::to_persian_digits(&n.to_string())
}

impl std::fmt::Display for HoldRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::OpenOrders { max } => write!(
                f,
                "شما {} سفارش پرداخت‌نشده دارید؛ لطفا پیش از ثبت سفارش تازه یکی از آن‌ها را پرداخت یا لغو کنید",
                fa(*max)
            ),
            Self::PerOrder { name, max } => {
                write!(f, "از «{name}» در هر سفارش حداکثر {} عدد می‌توان ثبت کرد", fa(*max))
            }
            Self::PerCustomer { name, max, held } => write!(
                f,
                "از «{name}» حداکثر {} عدد در سفارش‌های پرداخت‌نشدهٔ هر مشتری نگه داشته می‌شود و {} عدد در سفارش‌های دیگر شما است",
                fa(*max),
                fa(*held)
            ),
            Self::Total { max, held } => write!(
                f,
                "سفارش‌های پرداخت‌نشدهٔ هر مشتری روی هم حداکثر {} کالا نگه می‌دارند و {} کالا در سفارش‌های دیگر شما است",
                fa(*max),
                fa(*held)
            ),
        }
    }
}

/// May a customer whose other unpaid orders hold `held` register one more order of `wanted`?
/// The first cap broken is the answer: open orders, then each line (in the given order) per
/// order and per customer, then the total.
///
/// ```
/// use shop_core::stock::{check_hold, Held, HoldCaps, HoldRefusal, Wanted};
/// let caps = HoldCaps { open_orders: 2, units_per_order: 3, units_per_customer: 3, units_total: 10 };
/// let laptop = |num| [Wanted { variant_id: 7, num, name: "لپ‌تاپ" }];
/// assert_eq!(check_hold(&caps, &Held::default(), &laptop(3)), Ok(()));
/// assert_eq!(
///     check_hold(&caps, &Held::default(), &laptop(4)),
///     Err(HoldRefusal::PerOrder { name: "لپ‌تاپ".into(), max: 3 })
/// );
/// let held = Held { open_orders: 1, by_variant: [(7, 2)].into() };
/// assert_eq!(
///     check_hold(&caps, &held, &laptop(2)),
///     Err(HoldRefusal::PerCustomer { name: "لپ‌تاپ".into(), max: 3, held: 2 })
/// );
/// ```
pub fn check_hold(caps: &HoldCaps, held: &Held, wanted: &[Wanted<'_>]) -> Result<(), HoldRefusal> {
    if held.open_orders >= caps.open_orders {
        return Err(HoldRefusal::OpenOrders { max: caps.open_orders });
    }
    // One line per variant in a cart, but the sum keeps the rule true for any input.
    let mut asked = std::collections::BTreeMap::<i64, i64>::new();
    for w in wanted {
        let n = asked.entry(w.variant_id).or_insert(0);
        *n = n.saturating_add(w.num.max(0));
    }
    for w in wanted {
        let n = asked[&w.variant_id];
        if n > caps.units_per_order {
            return Err(HoldRefusal::PerOrder { name: w.name.to_string(), max: caps.units_per_order });
        }
        let before = held.of(w.variant_id);
        if before.saturating_add(n) > caps.units_per_customer {
            return Err(HoldRefusal::PerCustomer { name: w.name.to_string(), max: caps.units_per_customer, held: before });
        }
    }
    let total = asked.values().fold(held.total(), |a, n| a.saturating_add(*n));
    if total > caps.units_total {
        return Err(HoldRefusal::Total { max: caps.units_total, held: held.total() });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const CAPS: HoldCaps = HoldCaps { open_orders: 2, units_per_order: 3, units_per_customer: 3, units_total: 10 };

    fn held(open: i64, by: &[(i64, i64)]) -> Held {
        Held { open_orders: open, by_variant: by.iter().copied().collect() }
    }

    #[test]
    fn hold_caps_as_a_table() {
        let a = |num| Wanted { variant_id: 1, num, name: "A" };
        let b = |num| Wanted { variant_id: 2, num, name: "B" };
        let cases: Vec<(Held, Vec<Wanted>, Result<(), HoldRefusal>)> = vec![
            (held(0, &[]), vec![a(3), b(3)], Ok(())),
            (held(1, &[(2, 3)]), vec![a(3)], Ok(())),
            (held(2, &[]), vec![a(1)], Err(HoldRefusal::OpenOrders { max: 2 })),
            (held(0, &[]), vec![a(1), b(4)], Err(HoldRefusal::PerOrder { name: "B".into(), max: 3 })),
            // Two lines of one variant count together.
            (held(0, &[]), vec![a(2), a(2)], Err(HoldRefusal::PerOrder { name: "A".into(), max: 3 })),
            (held(1, &[(1, 1)]), vec![a(3)], Err(HoldRefusal::PerCustomer { name: "A".into(), max: 3, held: 1 })),
            (held(1, &[(1, 3), (2, 3), (3, 3)]), vec![Wanted { variant_id: 4, num: 2, name: "D" }], Err(HoldRefusal::Total { max: 10, held: 9 })),
            // A negative quantity never lowers a count.
            (held(1, &[(1, 3)]), vec![a(-5), a(1)], Err(HoldRefusal::PerCustomer { name: "A".into(), max: 3, held: 3 })),
        ];
        for (h, w, want) in cases {
            assert_eq!(check_hold(&CAPS, &h, &w), want, "{h:?} {w:?}");
        }
    }

    #[test]
    fn hold_refusals_read_in_persian_with_persian_digits() {
        let m = HoldRefusal::PerOrder { name: "X 15".into(), max: 3 }.to_string();
        assert!(m.contains("«X 15»") && m.contains('۳'), "{m}");
        assert!(HoldRefusal::OpenOrders { max: 2 }.to_string().contains('۲'));
        let m = HoldRefusal::PerCustomer { name: "X".into(), max: 3, held: 2 }.to_string();
        assert!(m.contains('۳') && m.contains('۲'), "{m}");
        assert!(HoldRefusal::Total { max: 10, held: 9 }.to_string().contains("۱۰"));
    }

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
