//! The pre-order list read (`order/list/preorder`), the cart read on every page view of a
//! signed-in customer: one small query for the order's lines and the catalogue version, the
//! lines priced from the in-memory catalogue snapshot, and the answer's bytes reused while
//! nothing it depends on has changed.
//!
//! Correct with several nodes: the lines are read from the database on every call, and the
//! snapshot is used only when it is at exactly the `catalog_meta.version` read in that same
//! query (a catalogue write from any node bumps it, see [`crate::catalog::cache`]). Otherwise,
//! or when a line's variant is not in the snapshot (an inactive product, a deleted or moved
//! variant), the read falls back to the full catalogue join of [`super::load_cart`], so the
//! answer is always the one that join gives.
//!
//! The answer cache ([`CartReadCache`], per node) is keyed by the caller and holds the
//! [`Stamp`] the bytes were made from: the order, its lines and quantities, the catalogue
//! version and each line's price at the time of the read (offers start and end by the clock).
//! A read serves the bytes only when the stamp it has just read and priced is equal, so the
//! cache never answers anything the database would not: it only skips building the JSON again.
//!
//! On SQLite a read may also skip the query: each answer keeps the [`CommitMark`] taken before
//! its lines were read, and while the database's mark is still the same nothing has been
//! committed since, by any connection of any process, so the lines, the catalogue version and
//! the order are as they were. The prices are then taken again from the snapshot at that same
//! version for `now` and must equal the stamp's. PostgreSQL has no local mark (several nodes):
//! there every read runs the query.

use std::sync::Arc;

use bytes::Bytes;
use std::collections::HashMap;

use sea_orm::{ConnectionTrait, DatabaseConnection, DbBackend, DbErr, Statement};

use super::{load_cart, priced_cart, CartError, CartOf, CartView, Caller, LineView};
use crate::catalog::cache::CatalogCache;
use crate::catalog::snapshot::{Item, Snapshot};
use crate::catalog::variant;
use crate::platform::batch::{BatchResult, Batcher, BoxFuture};
use crate::platform::commits::{CommitMark, CommitWatch};

/// What a cart read found: bytes answered before for the same cart, or a view to render (with
/// what to keep its bytes under, when it came from the snapshot or is empty).
pub enum CartRead {
    Cached(Bytes),
    /// `keep`: what to keep the rendered bytes under, when a later read can reuse them.
    Fresh { view: CartView, keep: Option<Keep> },
}

/// What a kept answer was made from: the stamp (`None`: an empty cart) and the commit mark
/// taken before the read. Made only when a later read can match it.
pub struct Keep {
    stamp: Option<Stamp>,
    mark: Option<CommitMark>,
}

impl Keep {
    /// `None` when nothing could ever match: an empty cart without a commit mark (PostgreSQL).
    fn new(stamp: Option<Stamp>, mark: Option<CommitMark>) -> Option<Self> {
        (stamp.is_some() || mark.is_some()).then_some(Self { stamp, mark })
    }
}

/// Everything a snapshot-priced answer depends on besides the snapshot itself (fixed by
/// `catalog_version`): two reads with equal stamps give the same bytes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Stamp {
    cart_id: i64,
    code: String,
    /// The discount code kept on the cart.
    discount_code: Option<String>,
    catalog_version: i64,
    /// `(line id, product id, variant id, quantity, price at the read)`, by line id.
    lines: Vec<(i64, i64, i64, i64, i64)>,
}

/// Bytes of the last answer per customer, with what they were made from. Bounded by bytes.
pub struct CartReadCache {
    map: quick_cache::sync::Cache<i64, Arc<Answer>, EntryWeight>,
}

/// One customer's last answer: its bytes, the stamp they were made from (`None`: no open
/// order, an empty cart) and the database's commit mark before the read.
struct Answer {
    stamp: Option<Stamp>,
    mark: Option<CommitMark>,
    bytes: Bytes,
}

/// How many bytes of answers a node keeps (about 4 KB a 10-line cart: some 4,000 carts).
pub const CART_CACHE_BYTES: u64 = 16 * 1024 * 1024;

#[derive(Clone)]
struct EntryWeight;

impl quick_cache::Weighter<i64, Arc<Answer>> for EntryWeight {
    fn weight(&self, _: &i64, v: &Arc<Answer>) -> u64 {
        (v.bytes.len() + v.stamp.as_ref().map_or(0, |s| s.lines.len() * 40) + 112) as u64
    }
}

impl Default for CartReadCache {
    fn default() -> Self {
        Self::with_capacity(CART_CACHE_BYTES)
    }
}

impl CartReadCache {
    pub fn with_capacity(bytes: u64) -> Self {
        Self { map: quick_cache::sync::Cache::with_weighter(4096, bytes, EntryWeight) }
    }

    /// The bytes made for exactly `stamp`.
    fn get(&self, user_id: i64, stamp: &Stamp) -> Option<Bytes> {
        self.map.get(&user_id).filter(|e| e.stamp.as_ref() == Some(stamp)).map(|e| e.bytes.clone())
    }

    /// The bytes of the last answer when nothing was committed since it was read (`mark` is
    /// the same) and its prices are still the snapshot's at `now`.
    fn unchanged(&self, user_id: i64, mark: CommitMark, snap: Option<&Snapshot>, now: i64) -> Option<Bytes> {
        let entry = self.map.get(&user_id)?;
        if entry.mark != Some(mark) {
            return None;
        }
        if let Some(stamp) = &entry.stamp {
            let snap = snap.filter(|s| s.version == stamp.catalog_version)?;
            let same_prices = stamp
                .lines
                .iter()
                .all(|&(_, product_id, variant_id, _, price)| price_at(snap, product_id, variant_id, now) == Some(price));
            if !same_prices {
                return None;
            }
        }
        Some(entry.bytes.clone())
    }

    /// Keeps `bytes`, the answer rendered for `keep`, for the customer `user_id`.
    pub fn put(&self, user_id: i64, keep: Keep, bytes: Bytes) {
        self.map.insert(user_id, Arc::new(Answer { stamp: keep.stamp, mark: keep.mark, bytes }));
    }
}

/// `order/list/preorder`: the caller's open order priced at `now`. `uid` must be the caller's.
pub async fn list<C: ConnectionTrait>(
    db: &C,
    catalogue: &CatalogCache,
    answers: &CartReadCache,
    commits: &CommitWatch,
    reader: &LineReader,
    caller: &Caller,
    uid: &str,
    now: i64,
) -> Result<CartRead, CartError> {
    if uid != caller.uid {
        return Err(CartError::Forbidden);
    }
    let mark = commits.mark();
    if let Some(mark) = mark {
        if let Some(bytes) = answers.unchanged(caller.id, mark, catalogue.current().as_deref(), now) {
            return Ok(CartRead::Cached(bytes));
        }
    }
    let Some(order) = reader.read(db, caller.id).await? else {
        return Ok(CartRead::Fresh { view: CartView::default(), keep: Keep::new(None, mark) });
    };
    let snap = catalogue.get(db).await?;
    if snap.version == order.catalog_version {
        if let Some(stamp) = stamp(&snap, &order, now) {
            if let Some(bytes) = answers.get(caller.id, &stamp) {
                if mark.is_some() {
                    // Same cart: the bytes stand, now under the newer mark.
                    answers.put(caller.id, Keep { stamp: Some(stamp), mark }, bytes.clone());
                }
                return Ok(CartRead::Cached(bytes));
            }
            if let Some(view) = priced(&snap, &stamp, now) {
                return Ok(CartRead::Fresh { view, keep: Keep::new(Some(stamp), mark) });
            }
        }
    }
    let view = load_cart(db, CartOf::OpenOrderOf(caller.id), now).await?.unwrap_or_default();
    Ok(CartRead::Fresh { view, keep: None })
}

/// The read's stamp: its lines with their prices at `now` from `snap`, or `None` when a line is
/// not in the snapshot.
fn stamp(snap: &Snapshot, order: &OrderLines, now: i64) -> Option<Stamp> {
    let mut lines = Vec::with_capacity(order.lines.len());
    for &(id, product_id, variant_id, num) in &order.lines {
        lines.push((id, product_id, variant_id, num, price_at(snap, product_id, variant_id, now)?));
    }
    Some(Stamp {
        cart_id: order.id,
        code: order.code.clone(),
        discount_code: order.discount_code.clone(),
        catalog_version: order.catalog_version,
        lines,
    })
}

/// A variant's unit price at `now` in `snap` (the pricing rule book's, `shop_core::quote`), or
/// `None` when it is not there under that product.
fn price_at(snap: &Snapshot, product_id: i64, variant_id: i64, now: i64) -> Option<i64> {
    find(snap, product_id, variant_id).map(|(item, v)| item.live(v).unit_price(now))
}

fn find(snap: &Snapshot, product_id: i64, variant_id: i64) -> Option<(&Item, &variant::Model)> {
    // Snapshot items are in product id order (see `Snapshot::load`); the equality check keeps
    // this right even if they were not (a miss falls back to the join).
    let i = snap.items.binary_search_by_key(&product_id, |it| it.product.id).ok()?;
    let item = &snap.items[i];
    item.variants.iter().find(|v| v.id == variant_id).map(|v| (item, v))
}

/// The open order's id, code and lines (ids and quantities), and the catalogue version, as
/// one statement sees them.
#[derive(Clone)]
struct OrderLines {
    id: i64,
    code: String,
    discount_code: Option<String>,
    catalog_version: i64,
    /// `(line id, product id, variant id, quantity)`, by line id.
    lines: Vec<(i64, i64, i64, i64)>,
}

/// One row: the order (with its kept discount code), the catalogue version and the lines as `id,product,variant,num;…` (one
/// value instead of a row per line: each row costs the driver more than the statement does).
const SQL_SQLITE: &str = "SELECT o.id AS o_id, o.code AS o_code, o.discount_code AS o_dc, \
    COALESCE((SELECT m.version FROM catalog_meta m WHERE m.id = 1), 0) AS cv, \
    (SELECT group_concat(l.id || ',' || l.product_id || ',' || l.variant_id || ',' || l.num, ';') \
     FROM order_line l WHERE l.order_id = o.id) AS ls \
    FROM shop_order o WHERE o.open_user_id = ?";
const SQL_POSTGRES: &str = "SELECT o.id AS o_id, o.code AS o_code, o.discount_code AS o_dc, \
    COALESCE((SELECT m.version FROM catalog_meta m WHERE m.id = 1), 0) AS cv, \
    (SELECT string_agg(concat_ws(',', l.id, l.product_id, l.variant_id, l.num), ';') \
     FROM order_line l WHERE l.order_id = o.id) AS ls \
    FROM shop_order o WHERE o.open_user_id = $1";

fn sql(backend: DbBackend, user_id: i64) -> Statement {
    let text = if matches!(backend, DbBackend::Postgres) { SQL_POSTGRES } else { SQL_SQLITE };
    Statement::from_sql_and_values(backend, text, [user_id.into()])
}

async fn read_lines<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<Option<OrderLines>, DbErr> {
    let Some(row) = db.query_one_raw(sql(db.get_database_backend(), user_id)).await? else {
        return Ok(None);
    };
    order_lines(&row, user_id).map(Some)
}

/// The [`OrderLines`] of one row of either query.
fn order_lines(row: &sea_orm::QueryResult, user_id: i64) -> Result<OrderLines, DbErr> {
    let packed: Option<String> = row.try_get("", "ls")?;
    let mut lines = parse_lines(packed.as_deref().unwrap_or(""))
        .ok_or_else(|| DbErr::Custom(format!("cart lines of user {user_id}: {packed:?}")))?;
    lines.sort_unstable();
    Ok(OrderLines {
        id: row.try_get("", "o_id")?,
        code: row.try_get("", "o_code")?,
        discount_code: row.try_get("", "o_dc")?,
        catalog_version: row.try_get("", "cv")?,
        lines,
    })
}

/// How a node reads open orders' lines: on PostgreSQL the reads of concurrent requests share
/// queries ([`Batcher`]: a busy node makes one round trip for many carts, each query started
/// after every read in it was asked); on SQLite each read runs its own query (in-process, and
/// most reads are answered by the commit mark without one).
pub struct LineReader {
    batched: Option<Batcher<i64, OrderLines>>,
}

/// Carts per batched query.
const BATCH_MAX: usize = 64;

/// Batched queries in flight at once: one per core, at most 4. Fewer means larger batches and
/// fewer round trips (measured on 2 cores, PostgreSQL, 64 connections: 4 in flight gave 25% of
/// health's throughput, 2 gave 33%, 1 gave 40%); more than one keeps a slow query from holding
/// up every cart read of the node.
fn batch_parallel() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(2, 4)
}

/// Every listed customer's open order in one row each, with the customer's id (`u`).
const SQL_POSTGRES_BATCH: &str = "SELECT o.open_user_id AS u, o.id AS o_id, o.code AS o_code, o.discount_code AS o_dc, \
    COALESCE((SELECT m.version FROM catalog_meta m WHERE m.id = 1), 0) AS cv, \
    (SELECT string_agg(concat_ws(',', l.id, l.product_id, l.variant_id, l.num), ';') \
     FROM order_line l WHERE l.order_id = o.id) AS ls \
    FROM shop_order o WHERE o.open_user_id = ANY(string_to_array($1, ',')::bigint[])";

impl LineReader {
    /// The reader for `db`'s backend.
    pub fn new(db: &DatabaseConnection) -> Self {
        if !matches!(db.get_database_backend(), DbBackend::Postgres) {
            return Self { batched: None };
        }
        let db = db.clone();
        let batched = Batcher::new(batch_parallel(), BATCH_MAX, move |users: Vec<i64>| {
            let db = db.clone();
            Box::pin(async move { read_many(&db, &users).await.map_err(|e| e.to_string()) }) as BoxFuture<'static, BatchResult<i64, OrderLines>>
        });
        Self { batched: Some(batched) }
    }

    async fn read<C: ConnectionTrait>(&self, db: &C, user_id: i64) -> Result<Option<OrderLines>, DbErr> {
        match &self.batched {
            Some(batcher) => batcher.get(user_id).await.map_err(DbErr::Custom),
            None => read_lines(db, user_id).await,
        }
    }
}

async fn read_many(db: &DatabaseConnection, users: &[i64]) -> Result<HashMap<i64, OrderLines>, DbErr> {
    let list = users.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
    let statement = Statement::from_sql_and_values(DbBackend::Postgres, SQL_POSTGRES_BATCH, [list.into()]);
    let mut found = HashMap::with_capacity(users.len());
    for row in db.query_all_raw(statement).await? {
        let user: i64 = row.try_get("", "u")?;
        found.insert(user, order_lines(&row, user)?);
    }
    Ok(found)
}

/// `id,product,variant,num;…` (the database's aggregate) as tuples; `None` if malformed.
fn parse_lines(packed: &str) -> Option<Vec<(i64, i64, i64, i64)>> {
    packed
        .split(';')
        .filter(|l| !l.is_empty())
        .map(|line| {
            let mut f = line.split(',').map(|x| x.parse::<i64>().ok());
            let t = (f.next()??, f.next()??, f.next()??, f.next()??);
            f.next().is_none().then_some(t)
        })
        .collect()
}

/// The cart priced at `now` by the pricing rule book from `snap` (the prices its stamp was read
/// with), with names and warranty from `snap`, or `None` when a line's variant is not in it
/// under the line's product.
fn priced(snap: &Snapshot, stamp: &Stamp, now: i64) -> Option<CartView> {
    let mut lines = Vec::with_capacity(stamp.lines.len());
    for &(id, product_id, variant_id, num, price) in &stamp.lines {
        let (item, v) = find(snap, product_id, variant_id)?;
        let live = item.live(v);
        let view = LineView {
            id,
            cart_id: stamp.cart_id,
            product_id: item.product.id,
            variant_id,
            num,
            name: item.product.name.clone(),
            price,
            warranty_price: v.warranty_price,
            warranty_name: v.warranty_name.clone(),
            dg: v.dg.clone(),
            property: v.property.clone(),
            color: v.color.clone(),
            ins_payment: v.ins_payment,
            line_total: 0,
        };
        lines.push((view, shop_core::quote::LineInput { num, stored: None, live: Some(live) }));
    }
    let mut view = priced_cart(lines, now);
    view.cart_id = Some(stamp.cart_id);
    view.code = Some(stamp.code.clone());
    view.discount_code = stamp.discount_code.clone();
    Some(view)
}

#[cfg(test)]
mod tests {
    use super::parse_lines;

    #[test]
    fn packed_lines_parse_and_malformed_ones_do_not() {
        assert_eq!(parse_lines(""), Some(vec![]));
        assert_eq!(parse_lines("3,1,2,4;1,5,6,1"), Some(vec![(3, 1, 2, 4), (1, 5, 6, 1)]));
        assert_eq!(parse_lines("3,1,2"), None);
        assert_eq!(parse_lines("3,1,2,4,5"), None);
        assert_eq!(parse_lines("3,x,2,4"), None);
    }
}
