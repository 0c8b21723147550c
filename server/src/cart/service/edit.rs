//! `order/edit/product`: one edit's decisions, written once over [`CartWrites`], the few reads
//! and writes it makes inside its transaction.
//!
//! Two stores run it: [`SeaCart`] (sea-orm, PostgreSQL and SQLite alike) and, on a SQLite file,
//! [`SqliteCart`], whose statements run in the calling thread under the process's write turn
//! (`platform::sqlite_writer`): the edit is the shop's most frequent write, and through sqlx each
//! of its statements is two task switches while SQLite's one write lock is held
//! (bench/README.md "Writes, fifth step"). Both read the requested variant inside the
//! transaction in one statement (`super::line_source_sql`). A cart that keeps a discount code is
//! edited through [`SeaCart`]: re-checking the code reads the discount rules, which only the
//! sea-orm services read.

use rusqlite::{params, OptionalExtension, Row};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DbBackend, DbErr, EntityTrait, QueryFilter, QuerySelect, Statement,
    TryInsertResult,
};
use shop_core::quote;

use super::{
    cart_sql_by_id, cart_view, catalogue_line, check_own_open, fill_from_catalogue, line_source_of, line_source_sql, new_code, open_cart, priced_cart_of,
    recheck_discount, store_view_totals, CartError, LineSource, CartView, Caller, EditOutcome, EditRequest,
};
use crate::cart::entity::{order_line, shop_order};
use crate::discount::service::Purchases;
use crate::platform::db::WriteTxn;
use crate::platform::sqlite_writer::{db_err, SqliteWrite};

/// What an edit reads and writes inside its transaction. Every method runs in the store's one
/// open transaction; dropping the store rolls it back.
pub(super) trait CartWrites {
    /// Whether [`Self::recheck_discount`] can re-check a kept code; when not, an edit of a cart
    /// keeping one stops before writing anything ([`Edited::KeepsDiscount`]).
    const RECHECKS_DISCOUNTS: bool;
    /// The variant `variant_id` of the active product `product_id` (`super::line_source_sql`);
    /// `None` when there is no such variant.
    async fn line_source(&mut self, product_id: i64, variant_id: i64) -> Result<Option<LineSource>, DbErr>;
    /// The order `id`, locked for the edit.
    async fn order(&mut self, id: i64) -> Result<Option<shop_order::Model>, DbErr>;
    /// The user's open order, locked for the edit.
    async fn open_order(&mut self, user_id: i64) -> Result<Option<shop_order::Model>, DbErr>;
    /// The user's open order, created when missing.
    async fn open_order_or_create(&mut self, caller: &Caller, now: i64) -> Result<shop_order::Model, DbErr>;
    async fn lines(&mut self, order_id: i64) -> Result<Vec<order_line::Model>, DbErr>;
    async fn delete_line(&mut self, line_id: i64) -> Result<(), DbErr>;
    /// Writes `line` (or a new line of `order_id`) with `num` and the catalogue's current values.
    async fn write_line(
        &mut self,
        order_id: i64,
        line: Option<order_line::Model>,
        num: i64,
        src: &LineSource,
        now: i64,
    ) -> Result<(), DbErr>;
    /// The order's cart priced at `now` (`super::cart_view`).
    async fn cart_view(&mut self, order: &shop_order::Model, now: i64) -> Result<CartView, DbErr>;
    /// Stores the view's totals on the order when they changed.
    async fn store_totals(&mut self, order: &shop_order::Model, view: &CartView, now: i64) -> Result<(), DbErr>;
    /// Drops a kept code that no longer applies (`super::recheck_discount`).
    async fn recheck_discount(&mut self, caller: &Caller, order: &shop_order::Model, view: &mut CartView, now: i64) -> Result<(), DbErr>;
    async fn commit(self) -> Result<(), DbErr>;
    /// Ends the transaction having written nothing (at once, not when dropped: the next
    /// writer waits for it).
    async fn rollback(self) -> Result<(), DbErr>;
}

/// How an edit through a store ended.
pub(super) enum Edited {
    Done(EditOutcome),
    /// Nothing written: the requested variant is not one of the requested active product's.
    NoSuchVariant,
    /// Nothing written: the cart keeps a discount code this store cannot re-check.
    KeepsDiscount,
}

/// The edit's transaction: the requested variant, the order (by id, or the caller's open one),
/// the line being edited, the stock check, the line written and the totals stored.
pub(super) async fn edit_in<S: CartWrites>(
    mut store: S,
    caller: &Caller,
    req: &EditRequest,
    now: i64,
) -> Result<Edited, CartError> {
    // The catalogue first: an unknown id is refused before the order is locked.
    let Some(source) = store.line_source(req.product_id, req.variant_id).await? else {
        store.rollback().await?;
        return Ok(Edited::NoSuchVariant);
    };
    let src = &source;
    let order = match req.cart_id.filter(|id| *id != 0) {
        Some(id) => Some(check_own_open(store.order(id).await?, caller)?),
        None => store.open_order(caller.id).await?,
    };
    if !S::RECHECKS_DISCOUNTS && order.as_ref().is_some_and(|o| o.discount_code.is_some()) {
        store.rollback().await?;
        return Ok(Edited::KeepsDiscount);
    }
    // The line being edited: by id, or the order's line of this variant.
    let (line, other_with_variant) = match &order {
        None => {
            if req.line_id.is_some_and(|id| id != 0) {
                return Err(CartError::LineNotFound);
            }
            (None, None)
        }
        Some(order) => {
            let lines = store.lines(order.id).await?;
            let same_variant = lines.iter().find(|l| l.variant_id == src.variant_id).cloned();
            match req.line_id.filter(|id| *id != 0) {
                Some(id) => {
                    let line = lines.into_iter().find(|l| l.id == id).ok_or(CartError::LineNotFound)?;
                    let other = same_variant.filter(|l| l.id != line.id);
                    (Some(line), other)
                }
                None => (same_variant, None),
            }
        }
    };

    if !quote::in_stock(src.stock, req.num) {
        let cart = match &order {
            Some(order) => store.cart_view(order, now).await?,
            None => CartView::default(),
        };
        store.rollback().await?;
        return Ok(Edited::Done(EditOutcome::NotInStock { name: src.name.clone(), cart }));
    }

    let order = match order {
        Some(order) => order,
        None => store.open_order_or_create(caller, now).await?,
    };
    // Editing a line into a variant another line already holds merges them into this line.
    if let Some(other) = other_with_variant {
        store.delete_line(other.id).await?;
    }
    store.write_line(order.id, line, req.num, src, now).await?;
    let mut view = store.cart_view(&order, now).await?;
    store.store_totals(&order, &view, now).await?;
    store.recheck_discount(caller, &order, &mut view, now).await?;
    store.commit().await?;
    Ok(Edited::Done(EditOutcome::Ok(view)))
}

/// The edit's transaction through sea-orm ([`crate::platform::db::begin_write`]).
pub(super) struct SeaCart<'a> {
    pub txn: WriteTxn,
    pub purchases: &'a dyn Purchases,
}

impl CartWrites for SeaCart<'_> {
    const RECHECKS_DISCOUNTS: bool = true;

    async fn line_source(&mut self, product_id: i64, variant_id: i64) -> Result<Option<LineSource>, DbErr> {
        let backend = self.txn.get_database_backend();
        let sql = Statement::from_sql_and_values(backend, line_source_sql(backend), [variant_id.into(), product_id.into()]);
        self.txn.query_one_raw(sql).await?.as_ref().map(line_source_of).transpose()
    }

    async fn order(&mut self, id: i64) -> Result<Option<shop_order::Model>, DbErr> {
        shop_order::Entity::find_by_id(id).lock_exclusive().one(&self.txn).await
    }

    async fn open_order(&mut self, user_id: i64) -> Result<Option<shop_order::Model>, DbErr> {
        open_cart(&self.txn, user_id, true).await
    }

    async fn open_order_or_create(&mut self, caller: &Caller, now: i64) -> Result<shop_order::Model, DbErr> {
        if let Some(order) = open_cart(&self.txn, caller.id, true).await? {
            return Ok(order);
        }
        // The unique `open_user_id` lets only one of two concurrent first edits insert; a clash
        // of the random code is tried again.
        for _ in 0..3 {
            let am = new_open_order(caller, now);
            let res = shop_order::Entity::insert(am)
                .on_conflict_do_nothing_on([shop_order::Column::OpenUserId])
                .exec_without_returning(&self.txn)
                .await?;
            if let Some(order) = open_cart(&self.txn, caller.id, true).await? {
                return Ok(order);
            }
            if !matches!(res, TryInsertResult::Conflicted) {
                break;
            }
        }
        Err(DbErr::RecordNotInserted)
    }

    async fn lines(&mut self, order_id: i64) -> Result<Vec<order_line::Model>, DbErr> {
        order_line::Entity::find().filter(order_line::Column::CartId.eq(order_id)).all(&self.txn).await
    }

    async fn delete_line(&mut self, line_id: i64) -> Result<(), DbErr> {
        order_line::Entity::delete_by_id(line_id).exec(&self.txn).await.map(drop)
    }

    async fn write_line(
        &mut self,
        order_id: i64,
        line: Option<order_line::Model>,
        num: i64,
        src: &LineSource,
        now: i64,
    ) -> Result<(), DbErr> {
        let mut am = match &line {
            Some(line) => line.clone().into(),
            None => order_line::ActiveModel { cart_id: Set(order_id), ..Default::default() },
        };
        fill_from_catalogue(&mut am, src, now);
        am.num = Set(num);
        match line {
            Some(_) => am.update(&self.txn).await.map(drop),
            None => am.insert(&self.txn).await.map(drop),
        }
    }

    async fn cart_view(&mut self, order: &shop_order::Model, now: i64) -> Result<CartView, DbErr> {
        cart_view(&self.txn, order, now).await
    }

    async fn store_totals(&mut self, order: &shop_order::Model, view: &CartView, now: i64) -> Result<(), DbErr> {
        store_view_totals(&self.txn, order, view, now).await
    }

    async fn recheck_discount(&mut self, caller: &Caller, order: &shop_order::Model, view: &mut CartView, now: i64) -> Result<(), DbErr> {
        recheck_discount(&self.txn, self.purchases, caller, order, view, now).await
    }

    async fn commit(self) -> Result<(), DbErr> {
        self.txn.commit().await
    }

    async fn rollback(self) -> Result<(), DbErr> {
        self.txn.rollback().await
    }
}

/// A new open order of the caller, with no lines yet.
fn new_open_order(caller: &Caller, now: i64) -> shop_order::ActiveModel {
    shop_order::ActiveModel {
        code: Set(new_code()),
        user_id: Set(caller.id),
        status: Set(shop_order::STATUS_OPEN.to_string()),
        open_user_id: Set(Some(caller.id)),
        total_price: Set(0),
        final_price: Set(0),
        discount_code: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
}

/// The edit's transaction on this process's synchronous SQLite writer
/// (`platform::sqlite_writer`): the same statements as [`SeaCart`]'s, run by rusqlite in the
/// calling thread. `BEGIN IMMEDIATE` already holds SQLite's write lock, so the reads need no
/// locking clause.
pub(super) struct SqliteCart {
    pub write: SqliteWrite,
}

/// How the synchronous store finds an order: each is one constant text, so the statement
/// cache is hit without formatting anything.
#[derive(Clone, Copy)]
enum OrderBy {
    Id,
    OpenUserId,
}

impl OrderBy {
    fn sql(self) -> &'static str {
        // The columns in `order_of`'s order.
        macro_rules! by {
            ($column:literal) => {
                concat!(
                    "SELECT id, code, user_id, status, open_user_id, total_price, final_price, discount_code, created_at, updated_at \
                     FROM shop_order WHERE ",
                    $column,
                    " = ?1"
                )
            };
        }
        match self {
            Self::Id => by!("id"),
            Self::OpenUserId => by!("open_user_id"),
        }
    }
}

fn order_of(r: &Row) -> rusqlite::Result<shop_order::Model> {
    Ok(shop_order::Model {
        id: r.get(0)?,
        code: r.get(1)?,
        user_id: r.get(2)?,
        status: r.get(3)?,
        open_user_id: r.get(4)?,
        total_price: r.get(5)?,
        final_price: r.get(6)?,
        discount_code: r.get(7)?,
        created_at: r.get(8)?,
        updated_at: r.get(9)?,
    })
}

impl SqliteCart {
    fn order_where(&self, by: OrderBy, value: i64) -> Result<Option<shop_order::Model>, DbErr> {
        let conn = self.write.conn();
        let mut stmt = conn.prepare_cached(by.sql()).map_err(db_err)?;
        stmt.query_row([value], order_of).optional().map_err(db_err)
    }
}

impl CartWrites for SqliteCart {
    const RECHECKS_DISCOUNTS: bool = false;

    async fn line_source(&mut self, product_id: i64, variant_id: i64) -> Result<Option<LineSource>, DbErr> {
        let conn = self.write.conn();
        let mut stmt = conn.prepare_cached(line_source_sql(DbBackend::Sqlite)).map_err(db_err)?;
        stmt.query_row([variant_id, product_id], |r| {
            let price: i64 = r.get("price")?;
            Ok(LineSource {
                product_id: r.get("product_id")?,
                name: r.get("name")?,
                variant_id: r.get("variant_id")?,
                stock: r.get("stock")?,
                live: quote::Live {
                    price,
                    warranty_price: r.get("warranty_price")?,
                    ins_payment: r.get("ins_payment")?,
                    offer: quote::OfferTerms {
                        base_price: r.get::<_, Option<i64>>("base_price")?.unwrap_or(price),
                        special_price: r.get("special_price")?,
                        special_ends_at: r.get("special_ends_at")?,
                    },
                    stock: None,
                },
                warranty_name: r.get("warranty_name")?,
                dg: r.get("dg")?,
                property: r.get("property")?,
                color: r.get("color")?,
            })
        })
        .optional()
        .map_err(db_err)
    }

    async fn order(&mut self, id: i64) -> Result<Option<shop_order::Model>, DbErr> {
        self.order_where(OrderBy::Id, id)
    }

    async fn open_order(&mut self, user_id: i64) -> Result<Option<shop_order::Model>, DbErr> {
        self.order_where(OrderBy::OpenUserId, user_id)
    }

    async fn open_order_or_create(&mut self, caller: &Caller, now: i64) -> Result<shop_order::Model, DbErr> {
        // The write lock is held, so no other first edit can insert meanwhile; a clash of the
        // random code is tried again.
        for _ in 0..3 {
            if let Some(order) = self.order_where(OrderBy::OpenUserId, caller.id)? {
                return Ok(order);
            }
            let mut stmt = self
                .write
                .conn()
                .prepare_cached(
                    "INSERT INTO shop_order (code, user_id, status, open_user_id, total_price, final_price, discount_code, created_at, updated_at) \
                     VALUES (?1, ?2, ?3, ?2, 0, 0, NULL, ?4, ?4) ON CONFLICT DO NOTHING",
                )
                .map_err(db_err)?;
            stmt.execute(params![new_code(), caller.id, shop_order::STATUS_OPEN, now]).map_err(db_err)?;
        }
        self.order_where(OrderBy::OpenUserId, caller.id)?.ok_or(DbErr::RecordNotInserted)
    }

    async fn lines(&mut self, order_id: i64) -> Result<Vec<order_line::Model>, DbErr> {
        let conn = self.write.conn();
        let mut stmt = conn
            .prepare_cached(
                "SELECT id, order_id, product_id, variant_id, num, name, price, price_garanti, name_garanti, dg, property, color, ins_payment \
                 FROM order_line WHERE order_id = ?1",
            )
            .map_err(db_err)?;
        let rows = stmt.query_map([order_id], |r| {
            Ok(order_line::Model {
                id: r.get(0)?,
                cart_id: r.get(1)?,
                product_id: r.get(2)?,
                variant_id: r.get(3)?,
                num: r.get(4)?,
                name: r.get(5)?,
                price: r.get(6)?,
                warranty_price: r.get(7)?,
                warranty_name: r.get(8)?,
                dg: r.get(9)?,
                property: r.get(10)?,
                color: r.get(11)?,
                ins_payment: r.get(12)?,
            })
        });
        rows.and_then(|rows| rows.collect()).map_err(db_err)
    }

    async fn delete_line(&mut self, line_id: i64) -> Result<(), DbErr> {
        let conn = self.write.conn();
        let mut stmt = conn.prepare_cached("DELETE FROM order_line WHERE id = ?1").map_err(db_err)?;
        stmt.execute([line_id]).map(drop).map_err(db_err)
    }

    async fn write_line(
        &mut self,
        order_id: i64,
        line: Option<order_line::Model>,
        num: i64,
        src: &LineSource,
        now: i64,
    ) -> Result<(), DbErr> {
        let c = catalogue_line(src, now);
        let conn = self.write.conn();
        let written = match line {
            Some(line) => conn
                .prepare_cached(
                    "UPDATE order_line SET product_id = ?1, variant_id = ?2, num = ?3, name = ?4, price = ?5, price_garanti = ?6, \
                     name_garanti = ?7, dg = ?8, property = ?9, color = ?10, ins_payment = ?11 WHERE id = ?12",
                )
                .and_then(|mut stmt| {
                    stmt.execute(params![
                        c.product_id, c.variant_id, num, c.name, c.price, c.warranty_price, c.warranty_name, c.dg, c.property, c.color,
                        c.ins_payment, line.id
                    ])
                }),
            None => conn
                .prepare_cached(
                    "INSERT INTO order_line (order_id, product_id, variant_id, num, name, price, price_garanti, name_garanti, dg, property, \
                     color, ins_payment) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
                )
                .and_then(|mut stmt| {
                    stmt.execute(params![
                        order_id, c.product_id, c.variant_id, num, c.name, c.price, c.warranty_price, c.warranty_name, c.dg, c.property,
                        c.color, c.ins_payment
                    ])
                }),
        };
        written.map(drop).map_err(db_err)
    }

    async fn cart_view(&mut self, order: &shop_order::Model, now: i64) -> Result<CartView, DbErr> {
        let conn = self.write.conn();
        let mut stmt = conn.prepare_cached(cart_sql_by_id(DbBackend::Sqlite)).map_err(db_err)?;
        let lines: Option<Option<String>> = stmt.query_row([order.id], |r| r.get("lines")).optional().map_err(db_err)?;
        priced_cart_of(order, lines.flatten().as_deref(), now)
    }

    async fn store_totals(&mut self, order: &shop_order::Model, view: &CartView, now: i64) -> Result<(), DbErr> {
        if order.total_price != view.total || order.final_price != view.final_price {
            let conn = self.write.conn();
            let mut stmt = conn
                .prepare_cached("UPDATE shop_order SET total_price = ?1, final_price = ?2, updated_at = ?3 WHERE id = ?4")
                .map_err(db_err)?;
            stmt.execute(params![view.total, view.final_price, now, order.id]).map_err(db_err)?;
        }
        Ok(())
    }

    async fn recheck_discount(&mut self, _: &Caller, order: &shop_order::Model, _: &mut CartView, _: i64) -> Result<(), DbErr> {
        // `edit_in` stops before this for a cart keeping a code.
        debug_assert!(order.discount_code.is_none());
        Ok(())
    }

    async fn commit(self) -> Result<(), DbErr> {
        self.write.commit().await
    }

    async fn rollback(self) -> Result<(), DbErr> {
        drop(self.write);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{info, product, variant};
    use crate::platform::sqlite_writer::SqliteWriter;
    use sea_orm::sea_query::{Expr, Query, SelectStatement};

    /// No customer has paid for anything (the variant read never asks).
    struct NoPurchases;

    impl Purchases for NoPurchases {
        fn paid_orders(&self, _: i64) -> SelectStatement {
            Query::select().expr(Expr::val(0)).to_owned()
        }
    }

    /// A product with variants at `prices`, `offer` (special price, end) on its info row when
    /// `Some(Some(..))`, no info row at all when `None`; its variants' ids.
    async fn product_with(db: &sea_orm::DatabaseConnection, active: bool, prices: &[i64], offer: Option<Option<(i64, i64)>>) -> (i64, Vec<i64>) {
        let uid = format!("p{}{}", prices[0], prices.len());
        let p = product::ActiveModel { uid: Set(uid.clone()), name: Set(format!("لپ‌تاپ {uid}")), brand: Set("Lenovo".into()), line: Set(product::LINE_LAPTOP.into()),
            condition: Set(product::CONDITION_NEW.into()), description: Set(String::new()), active: Set(active), ..Default::default() }
        .insert(db)
        .await
        .unwrap();
        let mut ids = Vec::new();
        for (n, price) in prices.iter().enumerate() {
            let v = variant::ActiveModel { product_id: Set(p.id), color: Set(format!("رنگ {n}")), warranty_name: Set("گارانتی ۱۸ ماهه".into()),
                warranty_price: Set(1_000 * n as i64), warranty_note: Set(String::new()), price: Set(*price), stock: Set(n as i64),
                ins_payment: Set(n % 2 == 0), dg: Set(format!("{}-{n}", p.id)), property: Set("Core i5".into()), ..Default::default() }
            .insert(db)
            .await
            .unwrap();
            ids.push(v.id);
        }
        if let Some(offer) = offer {
            let i = info::Model { product_id: p.id, category_id: None, model: uid, condition_grade: None, battery_health: None, test_days: None,
                cpu: "Core i5".into(), cpu_family: "Core i5".into(), ram_gb: 8, storage_gb: 512, storage_type: "SSD".into(), gpu: String::new(),
                screen_inches: 15.6, screen_resolution: String::new(), weight_kg: 1.8, battery_wh: 50, ports: String::new(), os: String::new(),
                special_price: offer.map(|o| o.0), special_ends_at: offer.map(|o| o.1), images: 0, created_at: 0, search_text: String::new() };
            info::ActiveModel::from(i).reset_all().insert(db).await.unwrap();
        }
        (p.id, ids)
    }

    /// Each store's one-statement read of a variant is the catalogue's own
    /// (`items_by_variant_ids`): the cheapest variant's price as the offer's base, an offer
    /// running, one over, none, no info row; and it knows no variant of a hidden product nor
    /// a variant asked for under another product.
    #[tokio::test]
    async fn each_stores_read_of_a_variant_equals_the_catalogues() {
        let file = crate::platform::db::TempSqlite::new("line-source");
        let db = crate::platform::db::connect_and_migrate(&file.url, 2).await.unwrap();
        let products = [
            product_with(&db, true, &[150_000, 100_000, 120_000], Some(Some((90_000, 4_102_444_800)))).await,
            product_with(&db, true, &[200_000, 210_000], Some(Some((150_000, 1)))).await,
            product_with(&db, true, &[300_000], Some(None)).await,
            product_with(&db, true, &[400_000, 390_000], None).await,
            product_with(&db, false, &[500_000], Some(Some((450_000, 4_102_444_800)))).await,
        ];
        let variants: Vec<(i64, i64)> = products.iter().flat_map(|(p, vs)| vs.iter().map(|v| (*p, *v))).collect();
        let items = crate::catalog::items_by_variant_ids(&db, &variants.iter().map(|v| v.1).collect::<Vec<_>>()).await.unwrap();
        let writer = SqliteWriter::open(&file.url, false, crate::state::narrow_columns());
        let mut sync = SqliteCart { write: writer.begin(&db).await.unwrap().unwrap() };
        let mut reads = Vec::new();
        for &(product_id, variant_id) in &variants {
            reads.push((sync.line_source(product_id, variant_id).await.unwrap(), sync.line_source(product_id + 1, variant_id).await.unwrap()));
        }
        drop(sync);
        let mut sea = SeaCart { txn: crate::platform::db::begin_write(&db).await.unwrap(), purchases: &NoPurchases };
        let mut running = 0;
        for (&(product_id, variant_id), (sync_read, sync_other)) in variants.iter().zip(reads) {
            let item = &items[&variant_id];
            let want = item.product.active.then(|| LineSource::of(item));
            assert_eq!(sync_read, want, "variant {variant_id}, synchronous store");
            assert_eq!(sea.line_source(product_id, variant_id).await.unwrap(), want, "variant {variant_id}, sea-orm store");
            assert_eq!(sync_other, None, "variant {variant_id} under another product");
            assert_eq!(sea.line_source(product_id + 1, variant_id).await.unwrap(), None, "variant {variant_id} under another product");
            running += usize::from(want.is_some_and(|w| w.live.offer.base_price == 100_000 && w.live.offer.special_price == Some(90_000)));
        }
        assert_eq!(running, 3, "the running offer's base is the cheapest variant's price, for each of its variants");
    }
}
