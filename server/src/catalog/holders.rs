//! What the areas above the catalogue hold of it, asked without naming them: the best sellers'
//! sold lines (registered orders) and whether a variant may go (cart lines, open orders). The
//! areas answer with queries the catalogue runs on its own connection or transaction; the
//! implementation is registered at start-up (`order::service::held`), so the catalogue
//! imports neither the cart nor the orders.

use sea_orm::sea_query::SelectStatement;

pub trait Holders: Send + Sync {
    /// Queries whose rows are (product id, order time, units) of the lines sold (orders in
    /// [`super::snapshot::Sales::SOLD_STATUSES`]) placed at or after `since`.
    fn sold_since(&self, since: i64) -> Vec<SelectStatement>;
    /// Queries that return a row when something (a cart line, an order not yet delivered,
    /// cancelled or expired) holds variant `id`.
    fn holding_variant(&self, id: i64) -> Vec<SelectStatement>;
}

/// Nothing above the catalogue: no sales, no variant held (the catalogue's own tests).
pub struct NoHolders;

impl Holders for NoHolders {
    fn sold_since(&self, _since: i64) -> Vec<SelectStatement> {
        Vec::new()
    }
    fn holding_variant(&self, _id: i64) -> Vec<SelectStatement> {
        Vec::new()
    }
}
