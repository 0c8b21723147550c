//! Bulk prices and stock (staff, `catalogue` role): a price sheet is read, previewed, applied.
//!
//! - **Read** ([`read_sheet`]): the file's bytes become text ([`decode`]: UTF-8 with or without
//!   a BOM, UTF-16 with its BOM, Windows-1256 when that gives Persian letters; anything else is
//!   refused), then CSV records (comma, semicolon or tab, whichever the first line uses), then
//!   a [`Sheet`] by `shop_core::price_row` (columns, row rules, duplicates).
//! - **Preview** ([`preview`]): each row's variant is looked up by id or code; every change
//!   (old → new price and stock) and every refused row is returned and nothing is written but
//!   the preview itself: when no row was refused, the changes are kept in `price_import` under
//!   a token for one hour.
//! - **Apply** ([`apply`]): the token's changes are written in one transaction, each variant's
//!   update conditional on the price and stock the preview showed; if any moved since, nothing
//!   is written and the answer names them. One audit row per changed variant.
//! - **Export** ([`export`]): every variant as a sheet with the same columns, UTF-8 with a BOM,
//!   text cells guarded against formulas (`price_row::guard_cell`).
//!
//! Decisions: docs/decisions.md "Bulk prices and stock".

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

use sea_orm::sea_query::{CaseStatement, Expr, ExprTrait, Query, SelectStatement};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, FromQueryResult,
    QueryFilter, QuerySelect,
};
use serde::{Deserialize, Serialize};
use shop_core::digits::to_persian_digits;
use shop_core::price_row::{self, guard_cell, PriceRow, Rejected, Sheet, VariantKey};

use super::entity::{price_import, product, variant};
use crate::audit::service::{self as audit, Change as AuditChange};
use crate::auth::staff::Actor;

/// The largest sheet file accepted (a 20,000-row sheet with names is about 2 MB).
pub const MAX_FILE_BYTES: usize = 4 * 1024 * 1024;
/// How long a preview can be applied.
pub const PREVIEW_TTL_SECS: i64 = 3600;
/// Variants per query or update statement.
const CHUNK: usize = 400;

/// A file that is not text in an encoding we read.
pub const NOT_TEXT: &str =
    "فایل، متن CSV با نویسه‌گذاری UTF-8 یا Windows-1256 نیست؛ آن را در اکسل با «CSV UTF-8 (Comma delimited)» ذخیره کنید و دوباره بفرستید";
/// An Excel workbook sent instead of a CSV.
pub const XLSX_NOT_READ: &str = "فایل اکسل (xlsx) خوانده نمی‌شود؛ آن را در اکسل با «CSV UTF-8 (Comma delimited)» ذخیره کنید و دوباره بفرستید";
/// No file in the request.
pub const NO_FILE: &str = "فایل قیمت‌ها را انتخاب کنید";
/// A file over [`MAX_FILE_BYTES`].
pub const TOO_BIG: &str = "فایل بزرگ‌تر از ۴ مگابایت است؛ آن را در چند فایل بفرستید";
/// An unknown, expired, used or someone else's preview.
pub const NO_PREVIEW: &str = "این پیش‌نمایش دیگر معتبر نیست (بیش از یک ساعت گذشته یا یک بار ثبت شده است)؛ فایل را دوباره بفرستید";

/// Why a sheet call was refused.
#[derive(Debug, thiserror::Error)]
pub enum BulkError {
    /// The file as a whole (encoding, columns, size): 422 naming `file`.
    #[error("{0}")]
    File(String),
    /// The token names no preview that can be applied now: 404 naming `token`.
    #[error("{}", NO_PREVIEW)]
    NoPreview,
    /// Prices or stock moved since the preview: 409, nothing written.
    #[error("{0}")]
    Moved(String),
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// The file's text: see the module doc for the encodings read.
pub fn decode(bytes: &[u8]) -> Result<Cow<'_, str>, BulkError> {
    if bytes.starts_with(b"PK\x03\x04") {
        return Err(BulkError::File(XLSX_NOT_READ.into()));
    }
    let utf16 = if bytes.starts_with(&[0xFF, 0xFE]) {
        Some(encoding_rs::UTF_16LE)
    } else if bytes.starts_with(&[0xFE, 0xFF]) {
        Some(encoding_rs::UTF_16BE)
    } else {
        None
    };
    if let Some(enc) = utf16 {
        return enc
            .decode_without_bom_handling_and_without_replacement(&bytes[2..])
            .filter(|s| !has_controls(s))
            .map(|s| Cow::Owned(s.into_owned()))
            .ok_or_else(|| BulkError::File(NOT_TEXT.into()));
    }
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Ok(s) = std::str::from_utf8(body) {
        return if has_controls(s) { Err(BulkError::File(NOT_TEXT.into())) } else { Ok(Cow::Borrowed(s)) };
    }
    // Not UTF-8: Excel's "CSV (Comma delimited)" on a Persian Windows writes Windows-1256. Read
    // it only when it gives Persian letters and no control characters (random bytes do not).
    match encoding_rs::WINDOWS_1256.decode_without_bom_handling_and_without_replacement(body) {
        Some(s) if !has_controls(&s) && s.chars().any(is_arabic_letter) => Ok(Cow::Owned(s.into_owned())),
        _ => Err(BulkError::File(NOT_TEXT.into())),
    }
}

fn has_controls(s: &str) -> bool {
    s.chars().any(|c| c.is_control() && !matches!(c, '\t' | '\r' | '\n'))
}

fn is_arabic_letter(c: char) -> bool {
    matches!(c, '\u{0621}'..='\u{064A}' | '\u{067E}' | '\u{0686}' | '\u{0698}' | '\u{06A9}' | '\u{06AF}' | '\u{06CC}')
}

/// The delimiter the header line uses: comma, semicolon or tab (the most frequent; comma when none).
fn delimiter(text: &str) -> u8 {
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let count = |c: char| first.chars().filter(|x| *x == c).count();
    let (comma, semi, tab) = (count(','), count(';'), count('\t'));
    if tab > comma && tab >= semi {
        b'\t'
    } else if semi > comma {
        b';'
    } else {
        b','
    }
}

/// The sheet in a file's bytes, or why the file is refused as a whole.
pub fn read_sheet(bytes: &[u8]) -> Result<Sheet, BulkError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(BulkError::File(TOO_BIG.into()));
    }
    let text = decode(bytes)?;
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(delimiter(&text))
        .from_reader(text.as_bytes());
    let mut records = Vec::new();
    for (i, rec) in reader.records().enumerate() {
        match rec {
            Ok(r) => {
                let line = r.position().map_or(i as u64 + 1, |p| p.line());
                records.push((line, r.iter().map(str::to_owned).collect::<Vec<_>>()));
            }
            Err(e) => {
                let line = e.position().map_or(i as u64 + 1, |p| p.line());
                return Err(BulkError::File(format!("سطر {} فایل خوانده نمی‌شود (CSV نادرست)", to_persian_digits(&line.to_string()))));
            }
        }
    }
    price_row::parse_numbered(records).map_err(|e| BulkError::File(e.0))
}

/// One variant as a sheet shows it.
#[derive(Debug, Clone, FromQueryResult)]
struct VariantRow {
    id: i64,
    dg: String,
    price: i64,
    stock: i64,
    color: String,
    warranty_name: String,
    product_name: String,
}

impl VariantRow {
    fn name(&self) -> String {
        format!("{} — {} / {}", self.product_name, self.color, self.warranty_name)
    }
}

fn variant_select() -> SelectStatement {
    Query::select()
        .columns([
            (variant::Entity, variant::Column::Id),
            (variant::Entity, variant::Column::Dg),
            (variant::Entity, variant::Column::Price),
            (variant::Entity, variant::Column::Stock),
            (variant::Entity, variant::Column::Color),
            (variant::Entity, variant::Column::WarrantyName),
        ])
        .expr_as(Expr::col((product::Entity, product::Column::Name)), sea_orm::sea_query::Alias::new("product_name"))
        .from(variant::Entity)
        .inner_join(product::Entity, Expr::col((product::Entity, product::Column::Id)).equals((variant::Entity, variant::Column::ProductId)))
        .to_owned()
}

async fn variants_where<C: ConnectionTrait>(db: &C, q: SelectStatement) -> Result<Vec<VariantRow>, DbErr> {
    let stmt = db.get_database_backend().build(&q);
    VariantRow::find_by_statement(stmt).all(db).await
}

/// One change a preview shows and an apply writes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    /// Line in the file.
    pub line: u64,
    pub variant_id: i64,
    /// The variant's code (`dg`).
    pub sku: String,
    /// Product, colour and warranty, for people.
    pub name: String,
    pub old_price: i64,
    pub new_price: i64,
    pub old_stock: i64,
    pub new_stock: i64,
}

/// What a preview found.
#[derive(Debug, Clone, Default)]
pub struct Preview {
    /// Data rows read (blank rows not counted).
    pub rows: usize,
    /// Rows that change a variant, in file order.
    pub changes: Vec<Change>,
    /// Rows that passed but change nothing.
    pub unchanged: usize,
    /// Rows refused, in file order.
    pub rejected: Vec<Rejected>,
    /// The token to apply the changes with: only when no row was refused and something changes.
    pub token: Option<String>,
}

/// Looks every row's variant up: the rows resolved to variants, and the refused rows added to
/// `sheet.rejected`.
async fn resolve<C: ConnectionTrait>(db: &C, sheet: &mut Sheet) -> Result<Vec<(PriceRow, VariantRow)>, DbErr> {
    let ids: Vec<i64> = sheet.rows.iter().filter_map(|r| if let VariantKey::Id(n) = r.key { Some(n) } else { None }).collect();
    let skus: Vec<String> = sheet
        .rows
        .iter()
        .filter_map(|r| if let VariantKey::Sku(s) = &r.key { Some(s.clone()) } else { None })
        .collect::<HashSet<_>>()
        .into_iter()
        .collect();
    let mut by_id: HashMap<i64, VariantRow> = HashMap::new();
    for chunk in ids.chunks(CHUNK) {
        let q = variant_select().and_where(Expr::col((variant::Entity, variant::Column::Id)).is_in(chunk.iter().copied())).to_owned();
        by_id.extend(variants_where(db, q).await?.into_iter().map(|v| (v.id, v)));
    }
    let mut by_sku: HashMap<String, Vec<VariantRow>> = HashMap::new();
    for chunk in skus.chunks(CHUNK) {
        let q = variant_select().and_where(Expr::col((variant::Entity, variant::Column::Dg)).is_in(chunk.iter().cloned())).to_owned();
        for v in variants_where(db, q).await? {
            by_sku.entry(v.dg.clone()).or_default().push(v);
        }
    }
    let mut found = Vec::with_capacity(sheet.rows.len());
    for row in std::mem::take(&mut sheet.rows) {
        let refuse = |message: String| Rejected { line: row.line, message };
        let hit = match &row.key {
            VariantKey::Id(n) => match by_id.get(n) {
                None => Err(refuse(price_row::unknown_id(*n))),
                Some(v) => match &row.sku {
                    Some(s) if *s != v.dg => Err(refuse(price_row::id_sku_mismatch(*n, s))),
                    _ => Ok(v.clone()),
                },
            },
            VariantKey::Sku(s) => match by_sku.get(s).map(Vec::as_slice) {
                None | Some([]) => Err(refuse(price_row::unknown_sku(s))),
                Some([v]) => Ok(v.clone()),
                Some(_) => Err(refuse(price_row::SKU_AMBIGUOUS.to_owned())),
            },
        };
        match hit {
            Ok(v) => found.push((row, v)),
            Err(r) => sheet.rejected.push(r),
        }
    }
    // One variant named by its id on one line and by its code on another.
    let dups = price_row::duplicates(found.iter().map(|(r, v)| (r.line, v.id)));
    if !dups.is_empty() {
        found.retain(|(r, _)| match dups.get(&r.line) {
            Some(m) => {
                sheet.rejected.push(Rejected { line: r.line, message: m.clone() });
                false
            }
            None => true,
        });
    }
    sheet.rejected.sort_by_key(|r| r.line);
    Ok(found)
}

/// Reads `bytes` and shows what applying it would change; stores the changes for [`apply`]
/// when no row is refused.
pub async fn preview(db: &DatabaseConnection, staff_id: i64, bytes: &[u8], now: i64) -> Result<Preview, BulkError> {
    let mut sheet = read_sheet(bytes)?;
    let rows = sheet.rows.len() + sheet.rejected.len();
    let found = resolve(db, &mut sheet).await?;
    let mut out = Preview { rows, rejected: sheet.rejected, ..Default::default() };
    for (row, v) in found {
        if row.price == v.price && row.stock == v.stock {
            out.unchanged += 1;
            continue;
        }
        out.changes.push(Change {
            line: row.line,
            variant_id: v.id,
            sku: v.dg.clone(),
            name: v.name(),
            old_price: v.price,
            new_price: row.price,
            old_stock: v.stock,
            new_stock: row.stock,
        });
    }
    out.changes.sort_by_key(|c| c.line);
    price_import::Entity::delete_many().filter(price_import::Column::CreatedAt.lt(now - PREVIEW_TTL_SECS)).exec(db).await?;
    if out.rejected.is_empty() && !out.changes.is_empty() {
        let token = uuid::Uuid::new_v4().simple().to_string();
        price_import::ActiveModel {
            token: Set(token.clone()),
            staff_id: Set(staff_id),
            created_at: Set(now),
            changes: Set(serde_json::to_string(&out.changes).map_err(|e| DbErr::Custom(e.to_string()))?),
        }
        .insert(db)
        .await?;
        out.token = Some(token);
    }
    Ok(out)
}

/// The audit snapshot of a variant's price, stock and version (the editor's stale-save check
/// reads the version and the keys that changed from it: `audit::keys_changed_since`).
#[derive(Serialize)]
struct Snapshot {
    price: i64,
    stock: i64,
    version: i64,
}

/// What a variant's line says when it moved since the preview.
fn moved_line(c: &Change, now: Option<(i64, i64)>) -> String {
    let line = to_persian_digits(&c.line.to_string());
    match now {
        None => format!("سطر {line} ({}): تنوع حذف شده است", c.sku),
        Some((price, _)) if price != c.old_price => format!(
            "سطر {line} ({}): قیمت از {} به {} تغییر کرده است",
            c.sku,
            shop_core::digits::format_price(c.old_price),
            shop_core::digits::format_price(price)
        ),
        Some((_, stock)) => format!(
            "سطر {line} ({}): موجودی از {} به {} تغییر کرده است",
            c.sku,
            to_persian_digits(&c.old_stock.to_string()),
            to_persian_digits(&stock.to_string())
        ),
    }
}

fn moved_message(lines: &[String], total: usize) -> String {
    let more = if total > lines.len() {
        format!(" و {} تنوع دیگر", to_persian_digits(&(total - lines.len()).to_string()))
    } else {
        String::new()
    };
    format!(
        "از زمان پیش‌نمایش، قیمت یا موجودی {} تنوع تغییر کرده است: {}{more}. هیچ تغییری ثبت نشد؛ فایل را دوباره بفرستید تا پیش‌نمایش تازه ببینید.",
        to_persian_digits(&total.to_string()),
        lines.join("، ")
    )
}

/// Writes the changes previewed under `token` by `staff_id`, all or none. Answers how many
/// variants changed.
pub async fn apply(db: &DatabaseConnection, actor: &Actor, token: &str, now: i64) -> Result<usize, BulkError> {
    let token = token.trim();
    if token.len() != 32 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(BulkError::NoPreview);
    }
    let txn = crate::platform::db::begin_write(db).await?;
    let Some(stored) = price_import::Entity::find_by_id(token.to_owned()).one(&txn).await? else {
        return Err(BulkError::NoPreview);
    };
    if stored.staff_id != actor.staff_id || stored.created_at < now - PREVIEW_TTL_SECS {
        return Err(BulkError::NoPreview);
    }
    // Taken once: a second apply of the same preview (another tab, a double click) finds nothing.
    let taken = price_import::Entity::delete_many().filter(price_import::Column::Token.eq(token)).exec(&txn).await?;
    if taken.rows_affected != 1 {
        return Err(BulkError::NoPreview);
    }
    let changes: Vec<Change> = serde_json::from_str(&stored.changes).map_err(|e| DbErr::Custom(e.to_string()))?;

    // What the variants hold now.
    let mut current: HashMap<i64, (i64, i64)> = HashMap::with_capacity(changes.len());
    let mut versions: HashMap<i64, i64> = HashMap::with_capacity(changes.len());
    for chunk in changes.chunks(CHUNK) {
        let rows: Vec<(i64, i64, i64, i64)> = variant::Entity::find()
            .select_only()
            .columns([variant::Column::Id, variant::Column::Price, variant::Column::Stock, variant::Column::Version])
            .filter(variant::Column::Id.is_in(chunk.iter().map(|c| c.variant_id)))
            .into_tuple()
            .all(&txn)
            .await?;
        for (id, p, s, v) in rows {
            current.insert(id, (p, s));
            versions.insert(id, v);
        }
    }
    let moved: Vec<&Change> =
        changes.iter().filter(|c| current.get(&c.variant_id) != Some(&(c.old_price, c.old_stock))).collect();
    if !moved.is_empty() {
        let lines: Vec<String> = moved.iter().take(5).map(|c| moved_line(c, current.get(&c.variant_id).copied())).collect();
        return Err(BulkError::Moved(moved_message(&lines, moved.len())));
    }
    let version = |c: &Change| versions.get(&c.variant_id).copied().unwrap_or(0);

    // Batched conditional updates: each statement sets up to CHUNK variants and only where the
    // price and stock are still the previewed ones (an order may take stock at any moment).
    // The version too: an editor's save of the same variant between the read and the write
    // refuses the apply, and each variant's version moves by one (the editor's forms opened
    // before the apply are then stale and name the price or stock).
    for chunk in changes.chunks(CHUNK) {
        let case = |value: &dyn Fn(&Change) -> i64| {
            let mut c = CaseStatement::new();
            for ch in chunk {
                c = c.case(Expr::col(variant::Column::Id).eq(ch.variant_id), Expr::val(value(ch)));
            }
            c
        };
        let ids: Vec<i64> = chunk.iter().map(|c| c.variant_id).collect();
        let res = variant::Entity::update_many()
            .col_expr(variant::Column::Price, case(&|c| c.new_price).into())
            .col_expr(variant::Column::Stock, case(&|c| c.new_stock).into())
            .col_expr(variant::Column::Version, Expr::col(variant::Column::Version).add(1))
            .filter(variant::Column::Id.is_in(ids))
            .filter(Expr::col(variant::Column::Price).eq(case(&|c| c.old_price)))
            .filter(Expr::col(variant::Column::Stock).eq(case(&|c| c.old_stock)))
            .filter(Expr::col(variant::Column::Version).eq(case(&|c| version(c))))
            .exec(&txn)
            .await?;
        if res.rows_affected != chunk.len() as u64 {
            return Err(BulkError::Moved(moved_message(&[], chunk.len() - res.rows_affected as usize)));
        }
    }
    let audits = changes
        .iter()
        .map(|c| {
            AuditChange::of(
                "catalog.bulk_price",
                "product_variant",
                c.variant_id,
                Some(&Snapshot { price: c.old_price, stock: c.old_stock, version: version(c) }),
                Some(&Snapshot { price: c.new_price, stock: c.new_stock, version: version(c) + 1 }),
            )
        })
        .collect();
    audit::record_many(&txn, actor, audits, now).await?;
    txn.commit().await?;
    Ok(changes.len())
}

/// Every variant as a sheet (`id,sku,name,price,stock`), UTF-8 with a BOM so that Excel shows
/// the Persian names; ordered by product, then variant.
pub async fn export<C: ConnectionTrait>(db: &C) -> Result<Vec<u8>, DbErr> {
    let q = variant_select()
        .order_by((variant::Entity, variant::Column::ProductId), sea_orm::Order::Asc)
        .order_by((variant::Entity, variant::Column::Id), sea_orm::Order::Asc)
        .to_owned();
    let rows = variants_where(db, q).await?;
    let mut out = b"\xEF\xBB\xBF".to_vec();
    {
        let mut w = csv::WriterBuilder::new().terminator(csv::Terminator::CRLF).from_writer(&mut out);
        let io = |e: csv::Error| DbErr::Custom(e.to_string());
        w.write_record(["id", "sku", "name", "price", "stock"]).map_err(io)?;
        for v in &rows {
            let (id, price, stock) = (v.id.to_string(), v.price.to_string(), v.stock.to_string());
            w.write_record([id.as_str(), &guard_cell(&v.dg), &guard_cell(&v.name()), &price, &stock]).map_err(io)?;
        }
        w.flush().map_err(|e| DbErr::Custom(e.to_string()))?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodings() {
        assert_eq!(decode("\u{feff}id,price".as_bytes()).unwrap(), "id,price");
        // Windows-1256 has the Arabic ي, not the Persian ی.
        let (cp1256, _, lossy) = encoding_rs::WINDOWS_1256.encode("کد,قيمت,موجودي");
        assert!(!lossy);
        assert_eq!(decode(&cp1256).unwrap(), "کد,قيمت,موجودي");
        assert!(decode(b"caf\xe9,price").is_err(), "Latin-1 without Persian letters");
        assert!(decode(b"\x89PNG\r\n\x1a\n\x00\x00").is_err());
        assert!(matches!(decode(b"PK\x03\x04zz"), Err(BulkError::File(m)) if m == XLSX_NOT_READ));
        let mut utf16 = vec![0xFF, 0xFE];
        utf16.extend("id\tprice".encode_utf16().flat_map(u16::to_le_bytes));
        assert_eq!(decode(&utf16).unwrap(), "id\tprice");
    }

    #[test]
    fn delimiters() {
        assert_eq!(delimiter("id;price;stock\n1;2;3"), b';');
        assert_eq!(delimiter("id\tprice\tstock"), b'\t');
        assert_eq!(delimiter("id,price,stock"), b',');
    }
}
