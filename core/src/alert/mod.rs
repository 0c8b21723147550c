//! Restock and price-drop alerts (issue 27 item 4). One rule per file:
//!
//! - [`offer`]: which alert a variant accepts now (restock only when it is out of stock,
//!   price drop only when it is in stock) and the subscription's threshold;
//! - [`fire`]: whether a waiting alert fires, given the variant's stock and price now;
//! - [`sms`]: the SMS texts (Persian, the product's name, prices in Persian digits and Toman).
//!
//! The server's job reads each variant's stock and price when it runs and asks [`fire::fires`];
//! a price change or a restock never looks at alerts (docs/decisions.md "Alerts").
//!
//! ```
//! use shop_core::alert::{fire::fires, offer::offered, AlertKind, VariantNow};
//! let sold_out = VariantNow { stock: 0, price: 50_000_000 };
//! assert_eq!(offered(sold_out), vec![AlertKind::Restock]);
//! assert!(fires(AlertKind::Restock, 0, VariantNow { stock: 3, price: 50_000_000 }));
//! ```

pub mod fire;
pub mod offer;
pub mod sms;

use serde::{Deserialize, Serialize};

/// What the customer wants to be told.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AlertKind {
    /// The variant is out of stock: tell me when it is back.
    Restock,
    /// The variant is in stock: tell me when its price falls below today's.
    PriceDrop,
}

impl AlertKind {
    /// Every kind, in the order the product page offers them.
    pub const ALL: [AlertKind; 2] = [AlertKind::Restock, AlertKind::PriceDrop];

    /// The stored and wire name (`restock`, `price_drop`).
    pub fn as_str(self) -> &'static str {
        match self {
            AlertKind::Restock => "restock",
            AlertKind::PriceDrop => "price_drop",
        }
    }

    /// The kind named `s`, if any.
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.as_str() == s)
    }
}

/// A variant's stock and price (Toman) at one moment: what the rules look at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct VariantNow {
    /// Units in stock (0 or less: out of stock).
    pub stock: i64,
    /// The variant's price in Toman.
    pub price: i64,
}

impl VariantNow {
    /// At least one unit in stock.
    pub fn in_stock(self) -> bool {
        self.stock > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_round_trip_by_name() {
        for k in AlertKind::ALL {
            assert_eq!(AlertKind::parse(k.as_str()), Some(k));
        }
        assert_eq!(AlertKind::parse("RESTOCK"), None);
        assert_eq!(AlertKind::parse(""), None);
    }
}
