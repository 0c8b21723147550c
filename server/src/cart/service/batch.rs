//! PostgreSQL: cart edits that arrive together share one transaction (a group commit).
//!
//! Through its own transaction an edit is about eight round trips to PostgreSQL and a flush
//! of the WAL, and on two cores shared with the database the round trips are the cost
//! (bench/README.md "Writes, eighth step"). Here the edits waiting at one moment are read,
//! decided and written together: one statement locks and reads their carts with their lines
//! (`FOR UPDATE`, in id order, so two batches never wait for each other in a circle), one reads
//! the variants they ask for, then each edit runs the same decisions as every other store
//! ([`edit_in`] over [`BatchCart`], in arrival order, each seeing the ones before it), and
//! one statement writes what they changed before the one commit. An edit is answered only
//! after that commit.
//!
//! Only edits of a cart that exists (`orderid` set) come here. An edit that would add a line,
//! keeps a discount code, or asks for an unknown variant is answered "alone": it runs after the
//! batch on its own transaction ([`super::edit`]), as does every edit of a batch whose
//! transaction failed (nothing of it was written).

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, OnceLock};

use sea_orm::{ConnectionTrait, DatabaseConnection, DbBackend, DbErr, FromQueryResult, Statement};
use tokio::sync::{mpsc, oneshot, Semaphore};

use super::edit::{edit_in, CartWrites, Edited};
use super::{
    cart_lines_json, cart_of_rows, cart_rows, catalogue_line, line_source_of, CartError, CartRow, CartView, Caller, DbBool, EditOutcome,
    EditRequest, LineSource, LINE_SOURCE_SELECT,
};
use crate::cart::entity::{order_line, shop_order};
use crate::platform::batch::next_batch;

/// Edits in one transaction at most.
const MAX_BATCH: usize = 128;
/// Batches in flight at once. One: the edits that wait meanwhile make the next batch larger;
/// 2, 3, 4 and 6 were measured no faster (bench/README.md "Writes, eighth step").
const IN_FLIGHT: usize = 1;

/// The node's batched cart edits (PostgreSQL); on SQLite every edit runs alone.
pub struct EditBatches {
    db: Option<DatabaseConnection>,
    queue: OnceLock<mpsc::UnboundedSender<Job>>,
}

struct Job {
    caller: Caller,
    req: EditRequest,
    now: i64,
    reply: oneshot::Sender<Answer>,
}

/// A batched edit's answer.
enum Answer {
    Done(Result<EditOutcome, CartError>),
    /// Run it on its own transaction.
    Alone,
}

impl EditBatches {
    pub fn for_database(db: &DatabaseConnection) -> Self {
        let db = (db.get_database_backend() == DbBackend::Postgres).then(|| db.clone());
        Self { db, queue: OnceLock::new() }
    }

    /// The edit through the node's next batch when it can go there: `None` when it must run
    /// alone.
    pub(super) async fn edit(&self, caller: &Caller, req: &EditRequest, now: i64) -> Option<Result<EditOutcome, CartError>> {
        let db = self.db.as_ref()?;
        req.cart_id.filter(|id| *id != 0)?;
        let queue = self.queue.get_or_init(|| {
            let (tx, rx) = mpsc::unbounded_channel();
            tokio::spawn(run(db.clone(), rx));
            tx
        });
        let (reply, answer) = oneshot::channel();
        queue.send(Job { caller: caller.clone(), req: req.clone(), now, reply }).ok()?;
        match answer.await {
            Ok(Answer::Done(result)) => Some(result),
            Ok(Answer::Alone) | Err(_) => None,
        }
    }
}

/// Takes the waiting edits as one batch whenever a batch may start.
async fn run(db: DatabaseConnection, mut queue: mpsc::UnboundedReceiver<Job>) {
    let in_flight = Arc::new(Semaphore::new(IN_FLIGHT));
    loop {
        // A free slot first, then the edits: while the batch before runs, the queue fills.
        let Ok(permit) = in_flight.clone().acquire_owned().await else { return };
        let Some(jobs) = next_batch(&mut queue, MAX_BATCH).await else { return };
        let db = db.clone();
        tokio::spawn(async move {
            run_batch(&db, jobs).await;
            drop(permit);
        });
    }
}

async fn run_batch(db: &DatabaseConnection, jobs: Vec<Job>) {
    match decide_and_write(db, &jobs).await {
        Ok(answers) => {
            for (job, answer) in jobs.into_iter().zip(answers) {
                let _ = job.reply.send(answer);
            }
        }
        Err(e) => {
            tracing::warn!(edits = jobs.len(), error = %e, "a batch of cart edits was rolled back: each runs alone");
            for job in jobs {
                let _ = job.reply.send(Answer::Alone);
            }
        }
    }
}

/// One batch's transaction: the answers in the jobs' order, valid once it has committed.
async fn decide_and_write(db: &DatabaseConnection, jobs: &[Job]) -> Result<Vec<Answer>, DbErr> {
    let txn = crate::platform::db::begin_write(db).await?;
    let cart_ids: BTreeSet<i64> = jobs.iter().filter_map(|j| j.req.cart_id).collect();
    let variant_ids: BTreeSet<i64> = jobs.iter().map(|j| j.req.variant_id).collect();
    let mut carts = read_carts(&txn, &cart_ids).await?;
    let sources = read_sources(&txn, &variant_ids).await?;
    let mut answers = Vec::with_capacity(jobs.len());
    for job in jobs {
        let store = BatchCart { carts: &mut carts, sources: &sources, editing: None };
        answers.push(match edit_in(store, &job.caller, &job.req, job.now).await {
            Ok(Edited::Done(outcome)) => Answer::Done(Ok(outcome)),
            Ok(Edited::NoSuchVariant | Edited::KeepsDiscount) => Answer::Alone,
            Err(CartError::Db(DbErr::Custom(m))) if m == NOT_HERE => Answer::Alone,
            Err(e) => Answer::Done(Err(e)),
        });
    }
    write_changes(&txn, carts.values()).await?;
    txn.commit().await?;
    Ok(answers)
}

/// A cart of the batch: its row, locked, and its lines as the cart query reads them, with what
/// the batch's edits changed.
#[derive(Clone)]
struct CartState {
    order: shop_order::Model,
    rows: Vec<CartRow>,
    changed_lines: BTreeSet<i64>,
    deleted_lines: BTreeSet<i64>,
    changed_totals: bool,
}

/// Locks the carts `ids` (in id order), then reads them with their lines. Two statements: a
/// locking read sees the rows it waited for as they were committed, but not the lines read
/// beside them (READ COMMITTED reads those with the statement's first snapshot), so the lines
/// are read by a statement that starts after the locks are held.
async fn read_carts<C: ConnectionTrait>(txn: &C, ids: &BTreeSet<i64>) -> Result<HashMap<i64, CartState>, DbErr> {
    const LOCK: &str = "SELECT id FROM shop_order WHERE id IN (SELECT value::bigint FROM json_array_elements_text($1::json)) \
                        ORDER BY id FOR UPDATE";
    static READ: OnceLock<String> = OnceLock::new();
    let read = READ.get_or_init(|| {
        format!(
            "SELECT o.id, o.code, o.user_id, o.status, o.open_user_id, o.total_price, o.final_price, o.discount_code, o.created_at, \
             o.updated_at, {} AS lines FROM shop_order o \
             WHERE o.id IN (SELECT value::bigint FROM json_array_elements_text($1::json))",
            cart_lines_json(DbBackend::Postgres)
        )
    });
    let ids = json_text(ids)?;
    txn.execute_raw(Statement::from_sql_and_values(DbBackend::Postgres, LOCK, [ids.clone().into()])).await?;
    let rows = txn.query_all_raw(Statement::from_sql_and_values(DbBackend::Postgres, read.as_str(), [ids.into()])).await?;
    rows.iter()
        .map(|r| {
            let order = shop_order::Model::from_query_result(r, "")?;
            let lines: Option<String> = r.try_get("", "lines")?;
            let rows = cart_rows(lines.as_deref())?;
            Ok((order.id, CartState { order, rows, changed_lines: BTreeSet::new(), deleted_lines: BTreeSet::new(), changed_totals: false }))
        })
        .collect()
}

/// A value as one JSON text parameter.
fn json_text(value: &impl serde::Serialize) -> Result<String, DbErr> {
    serde_json::to_string(value).map_err(|e| DbErr::Custom(format!("cart batch: {e}")))
}

/// The variants `ids` of active products, as an edit reads them ([`LineSource`]).
async fn read_sources<C: ConnectionTrait>(txn: &C, ids: &BTreeSet<i64>) -> Result<HashMap<i64, LineSource>, DbErr> {
    static TEXT: OnceLock<String> = OnceLock::new();
    let text = TEXT.get_or_init(|| {
        format!("{LINE_SOURCE_SELECT} WHERE v.id IN (SELECT value::bigint FROM json_array_elements_text($1::json)) AND p.active")
    });
    let rows = txn.query_all_raw(Statement::from_sql_and_values(DbBackend::Postgres, text.as_str(), [json_text(ids)?.into()])).await?;
    rows.iter().map(|r| line_source_of(r).map(|s| (s.variant_id, s))).collect()
}

/// Writes what the edits changed, in one statement: the lines written and deleted, and the
/// carts' totals. Each count must be what was asked, or the batch rolls back.
async fn write_changes<C: ConnectionTrait>(txn: &C, carts: impl Iterator<Item = &CartState>) -> Result<(), DbErr> {
    let (mut lines, mut deleted, mut totals) = (Vec::new(), Vec::new(), Vec::new());
    for cart in carts {
        for row in cart.rows.iter().filter(|r| cart.changed_lines.contains(&r.id)) {
            lines.push(serde_json::json!({
                "id": row.id, "product_id": row.product_id, "variant_id": row.variant_id, "num": row.num, "name": row.name,
                "price": row.price, "warranty_price": row.warranty_price, "warranty_name": row.warranty_name, "dg": row.dg,
                "property": row.property, "color": row.color, "ins_payment": row.ins_payment.get(),
            }));
        }
        deleted.extend(cart.deleted_lines.iter().copied());
        if cart.changed_totals {
            let o = &cart.order;
            totals.push(serde_json::json!({ "id": o.id, "total_price": o.total_price, "final_price": o.final_price, "updated_at": o.updated_at }));
        }
    }
    if lines.is_empty() && deleted.is_empty() && totals.is_empty() {
        return Ok(());
    }
    const TEXT: &str = "WITH written AS (\
         UPDATE order_line l SET product_id = u.product_id, variant_id = u.variant_id, num = u.num, name = u.name, price = u.price, \
         price_garanti = u.warranty_price, name_garanti = u.warranty_name, dg = u.dg, property = u.property, color = u.color, \
         ins_payment = u.ins_payment \
         FROM json_to_recordset($1::json) AS u(id bigint, product_id bigint, variant_id bigint, num bigint, name text, price bigint, \
         warranty_price bigint, warranty_name text, dg text, property text, color text, ins_payment boolean) \
         WHERE l.id = u.id RETURNING l.id), \
         deleted AS (DELETE FROM order_line WHERE id IN (SELECT value::bigint FROM json_array_elements_text($2::json)) RETURNING id), \
         totals AS (UPDATE shop_order o SET total_price = t.total_price, final_price = t.final_price, updated_at = t.updated_at \
         FROM json_to_recordset($3::json) AS t(id bigint, total_price bigint, final_price bigint, updated_at bigint) \
         WHERE o.id = t.id RETURNING o.id) \
         SELECT (SELECT COUNT(*) FROM written) AS written, (SELECT COUNT(*) FROM deleted) AS deleted, (SELECT COUNT(*) FROM totals) AS totals";
    let values = [json_text(&lines)?, json_text(&deleted)?, json_text(&totals)?];
    let row = txn
        .query_one_raw(Statement::from_sql_and_values(DbBackend::Postgres, TEXT, values.map(sea_orm::Value::from)))
        .await?
        .ok_or_else(|| DbErr::Custom("cart batch: the write answered no row".into()))?;
    let counts: (i64, i64, i64) = (row.try_get("", "written")?, row.try_get("", "deleted")?, row.try_get("", "totals")?);
    if counts != (lines.len() as i64, deleted.len() as i64, totals.len() as i64) {
        return Err(DbErr::Custom(format!("cart batch: wrote {counts:?} of {:?}", (lines.len(), deleted.len(), totals.len()))));
    }
    Ok(())
}

/// What an edit of the batch cannot do here (add a line): it runs alone instead.
fn not_here() -> DbErr {
    DbErr::Custom(NOT_HERE.into())
}

const NOT_HERE: &str = "cart batch: this edit runs alone";

/// One edit of the batch, over the batch's carts: its changes go into the batch only when it
/// commits (an edit refused half-way leaves the carts as the edits before it left them).
struct BatchCart<'a> {
    carts: &'a mut HashMap<i64, CartState>,
    sources: &'a HashMap<i64, LineSource>,
    /// The cart this edit works on, as it changes it.
    editing: Option<CartState>,
}

impl BatchCart<'_> {
    fn editing(&mut self) -> Result<&mut CartState, DbErr> {
        self.editing.as_mut().ok_or_else(not_here)
    }
}

impl CartWrites for BatchCart<'_> {
    const RECHECKS_DISCOUNTS: bool = false;

    async fn line_source(&mut self, product_id: i64, variant_id: i64) -> Result<Option<LineSource>, DbErr> {
        Ok(self.sources.get(&variant_id).filter(|s| s.product_id == product_id).cloned())
    }

    async fn order(&mut self, id: i64) -> Result<Option<shop_order::Model>, DbErr> {
        self.editing = self.carts.get(&id).cloned();
        Ok(self.editing.as_ref().map(|c| c.order.clone()))
    }

    async fn open_order(&mut self, _: i64) -> Result<Option<shop_order::Model>, DbErr> {
        Err(not_here())
    }

    async fn open_order_or_create(&mut self, _: &Caller, _: i64) -> Result<shop_order::Model, DbErr> {
        Err(not_here())
    }

    async fn lines(&mut self, order_id: i64) -> Result<Vec<order_line::Model>, DbErr> {
        let cart = self.editing()?;
        Ok(cart.rows.iter().map(|r| r.line(order_id)).collect())
    }

    async fn delete_line(&mut self, line_id: i64) -> Result<(), DbErr> {
        let cart = self.editing()?;
        cart.rows.retain(|r| r.id != line_id);
        cart.changed_lines.remove(&line_id);
        cart.deleted_lines.insert(line_id);
        Ok(())
    }

    async fn write_line(&mut self, _: i64, line: Option<order_line::Model>, num: i64, src: &LineSource, now: i64) -> Result<(), DbErr> {
        let line = line.ok_or_else(not_here)?;
        let cart = self.editing()?;
        let row = cart.rows.iter_mut().find(|r| r.id == line.id).ok_or_else(not_here)?;
        row.write(num, src, now);
        cart.changed_lines.insert(line.id);
        Ok(())
    }

    async fn cart_view(&mut self, order: &shop_order::Model, now: i64) -> Result<CartView, DbErr> {
        let cart = self.editing()?;
        Ok(cart_of_rows(order.id, order.code.clone(), order.discount_code.clone(), cart.rows.clone(), now))
    }

    async fn store_totals(&mut self, _: &shop_order::Model, view: &CartView, now: i64) -> Result<(), DbErr> {
        let cart = self.editing()?;
        if cart.order.total_price != view.total || cart.order.final_price != view.final_price {
            cart.order.total_price = view.total;
            cart.order.final_price = view.final_price;
            cart.order.updated_at = now;
            cart.changed_totals = true;
        }
        Ok(())
    }

    async fn recheck_discount(&mut self, _: &Caller, order: &shop_order::Model, _: &mut CartView, _: i64) -> Result<(), DbErr> {
        // `edit_in` stops before this for a cart keeping a code.
        debug_assert!(order.discount_code.is_none());
        Ok(())
    }

    async fn commit(mut self) -> Result<(), DbErr> {
        if let Some(cart) = self.editing.take() {
            self.carts.insert(cart.order.id, cart);
        }
        Ok(())
    }

    async fn rollback(self) -> Result<(), DbErr> {
        Ok(())
    }
}

impl CartRow {
    /// The stored line this row holds.
    fn line(&self, cart_id: i64) -> order_line::Model {
        order_line::Model {
            id: self.id,
            cart_id,
            product_id: self.product_id,
            variant_id: self.variant_id,
            num: self.num,
            name: self.name.clone(),
            price: self.price,
            warranty_price: self.warranty_price,
            warranty_name: self.warranty_name.clone(),
            dg: self.dg.clone(),
            property: self.property.clone(),
            color: self.color.clone(),
            ins_payment: self.ins_payment.get(),
        }
    }

    /// The row after writing `num` of the variant `src` into its line: the line takes the
    /// catalogue's current values (`catalogue_line`, as every store writes them), and the
    /// catalogue side is the variant's.
    fn write(&mut self, num: i64, src: &LineSource, now: i64) {
        let c = catalogue_line(src, now);
        *self = CartRow {
            id: self.id,
            product_id: c.product_id,
            variant_id: c.variant_id,
            num,
            name: c.name,
            price: c.price,
            warranty_price: c.warranty_price,
            warranty_name: c.warranty_name,
            dg: c.dg,
            property: c.property,
            color: c.color,
            ins_payment: DbBool(c.ins_payment),
            c_product_id: Some(src.product_id),
            c_name: Some(src.name.clone()),
            c_price: Some(src.live.price),
            c_warranty_price: Some(src.live.warranty_price),
            c_warranty_name: Some(src.warranty_name.clone()),
            c_dg: Some(src.dg.clone()),
            c_property: Some(src.property.clone()),
            c_color: Some(src.color.clone()),
            c_ins_payment: Some(DbBool(src.live.ins_payment)),
            c_base_price: Some(src.live.offer.base_price),
            c_special_price: src.live.offer.special_price,
            c_special_ends_at: src.live.offer.special_ends_at,
        };
    }
}
