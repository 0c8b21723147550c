//! Bulk prices and stock: the rows of a price sheet (a CSV staff export, edit and import).
//!
//! **What.** A sheet is a header row and data rows. The header names the columns, in any order:
//! `id` (the variant's number) or `sku` (its code, the `dg` column) or both, `price` (Toman) and
//! `stock` (units); `name` may be there too and is ignored (the export writes it so people can
//! read the sheet). Persian names (`شناسه`, `کد`, `قیمت`, `موجودی`, `نام`) are accepted as
//! well. A missing, unknown or repeated column refuses the whole sheet with [`SheetError`],
//! whose message names the expected columns. Each data row becomes a [`PriceRow`] or a
//! [`Rejected`] with its line and reason: the price is a whole number of Toman above 0 (at most
//! [`MAX_PRICE`]), the stock a whole number from 0 (at most [`MAX_STOCK`]); Persian and
//! Arabic-Indic digits and thousands separators (`,` `٬`) are read, `35000000.00` is a whole
//! number, `12.5` is not. A variant named twice is rejected on every line that names it
//! ([`duplicates`]), because which of the two was meant cannot be told. Blank rows are skipped.
//!
//! **Why.** A sheet of 10,000 rows edited in Excel comes back with Persian digits, separators
//! and stray typing. Each row is judged once, here, so the preview shows every reason before
//! anything is written and the apply step writes only rows that passed; and a sheet whose
//! columns are wrong is refused as a whole rather than read as prices in the stock column.
//!
//! **Example.**
//! ```
//! use shop_core::price_row::{parse_sheet, VariantKey};
//! let sheet = parse_sheet(vec![
//!     vec!["sku".into(), "price".into(), "stock".into()],
//!     vec!["12-1".into(), "۳۵٬۰۰۰٬۰۰۰".into(), "۴".into()],
//!     vec!["12-2".into(), "0".into(), "1".into()],
//! ]).unwrap();
//! assert_eq!(sheet.rows[0].key, VariantKey::Sku("12-1".into()));
//! assert_eq!((sheet.rows[0].price, sheet.rows[0].stock), (35_000_000, 4));
//! assert_eq!((sheet.rejected[0].line, sheet.rejected[0].message.as_str()), (3, "قیمت باید بیشتر از صفر باشد"));
//! assert!(parse_sheet(vec![vec!["id".into(), "cost".into()]]).is_err());
//! ```

use std::collections::HashMap;
use std::hash::Hash;

use serde::Serialize;

use crate::digits::{to_persian_digits, western_digit};
use crate::text::is_invisible_or_space;

/// The highest price a row may set, in Toman (100 billion).
pub const MAX_PRICE: i64 = 100_000_000_000;
/// The highest stock a row may set.
pub const MAX_STOCK: i64 = 1_000_000;
/// The most data rows one sheet may have.
pub const MAX_ROWS: usize = 20_000;

/// The columns a sheet must have, in words (ends every header message).
pub const EXPECTED_COLUMNS: &str =
    "ستون‌های سطر اول باید این‌ها باشند: id (شناسه تنوع) یا sku (کد تنوع)، price (قیمت به تومان)، stock (موجودی)؛ ستون name (نام) اختیاری است";
/// A file without a single row.
pub const EMPTY_SHEET: &str = "فایل خالی است";
/// A row naming no variant.
pub const NO_KEY: &str = "شناسه یا کد تنوع خالی است";
/// A price of 0 or less.
pub const PRICE_NOT_POSITIVE: &str = "قیمت باید بیشتر از صفر باشد";
/// A price with a fraction.
pub const PRICE_FRACTION: &str = "قیمت باید عدد صحیح (تومان) باشد";
/// A price above [`MAX_PRICE`].
pub const PRICE_TOO_LARGE: &str = "قیمت بیش از ۱۰۰٬۰۰۰٬۰۰۰٬۰۰۰ تومان است";
/// An empty price.
pub const PRICE_EMPTY: &str = "قیمت خالی است";
/// A negative stock.
pub const STOCK_NEGATIVE: &str = "موجودی نمی‌تواند منفی باشد";
/// A stock with a fraction.
pub const STOCK_FRACTION: &str = "موجودی باید عدد صحیح باشد";
/// A stock above [`MAX_STOCK`].
pub const STOCK_TOO_LARGE: &str = "موجودی بیش از ۱٬۰۰۰٬۰۰۰ است";
/// An empty stock.
pub const STOCK_EMPTY: &str = "موجودی خالی است";
/// A code that belongs to several variants (the server finds it).
pub const SKU_AMBIGUOUS: &str = "این کد به چند تنوع تعلق دارد؛ شناسه تنوع (id) را بنویسید";

/// The whole sheet refused: its columns or its size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetError(pub String);

impl std::fmt::Display for SheetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SheetError {}

/// Which variant a row names.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum VariantKey {
    /// The variant's number.
    Id(i64),
    /// The variant's code (`dg`).
    Sku(String),
}

/// A row that passed: the variant it names and the values to set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PriceRow {
    /// Line in the file (the header is line 1).
    pub line: u64,
    /// The variant: by id when the row has one, else by code.
    pub key: VariantKey,
    /// The code too, when the row has both (the server checks they name one variant).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sku: Option<String>,
    /// Price in Toman, above 0.
    pub price: i64,
    /// Units in stock, 0 or more.
    pub stock: i64,
}

/// A row refused, with its line and the Persian reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Rejected {
    /// Line in the file (the header is line 1).
    pub line: u64,
    /// Why.
    pub message: String,
}

/// A read sheet: the rows that passed and the rows refused, each in file order.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Sheet {
    /// Rows that passed.
    pub rows: Vec<PriceRow>,
    /// Rows refused.
    pub rejected: Vec<Rejected>,
}

/// Where each column is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Columns {
    id: Option<usize>,
    sku: Option<usize>,
    price: usize,
    stock: usize,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Column {
    Id,
    Sku,
    Name,
    Price,
    Stock,
}

fn column(name: &str) -> Option<Column> {
    let n: String = name.chars().filter(|c| !is_invisible_or_space(*c) && *c != '_' && *c != '-').collect();
    let n = n.to_lowercase().replace('ي', "ی").replace('ك', "ک");
    Some(match n.as_str() {
        "id" | "variantid" | "شناسه" | "شناسهتنوع" => Column::Id,
        "sku" | "dg" | "code" | "کد" | "کدتنوع" => Column::Sku,
        "name" | "نام" | "نامکالا" => Column::Name,
        "price" | "قیمت" => Column::Price,
        "stock" | "موجودی" => Column::Stock,
        _ => return None,
    })
}

fn header_error(what: String) -> SheetError {
    SheetError(format!("{what}. {EXPECTED_COLUMNS}"))
}

fn short(cell: &str) -> String {
    let t = cell.trim();
    if t.chars().count() > 20 {
        format!("{}…", t.chars().take(20).collect::<String>())
    } else {
        t.to_owned()
    }
}

impl Columns {
    /// The columns of a header row, or why the sheet is refused.
    pub fn parse<S: AsRef<str>>(header: &[S]) -> Result<Columns, SheetError> {
        let (mut id, mut sku, mut price, mut stock, mut name) = (None, None, None, None, None);
        for (i, cell) in header.iter().enumerate() {
            let cell = cell.as_ref();
            if cell.chars().all(is_invisible_or_space) {
                continue;
            }
            let slot = match column(cell) {
                Some(Column::Id) => &mut id,
                Some(Column::Sku) => &mut sku,
                Some(Column::Name) => &mut name,
                Some(Column::Price) => &mut price,
                Some(Column::Stock) => &mut stock,
                None => return Err(header_error(format!("ستون «{}» شناخته نیست", short(cell)))),
            };
            if slot.replace(i).is_some() {
                return Err(header_error(format!("ستون «{}» دو بار آمده است", short(cell))));
            }
        }
        if id.is_none() && sku.is_none() {
            return Err(header_error("ستون id (شناسه تنوع) یا sku (کد تنوع) نیست".to_owned()));
        }
        let price = price.ok_or_else(|| header_error("ستون price (قیمت) نیست".to_owned()))?;
        let stock = stock.ok_or_else(|| header_error("ستون stock (موجودی) نیست".to_owned()))?;
        Ok(Columns { id, sku, price, stock })
    }

    /// One data row (`line` in the file): `None` when it is blank.
    pub fn row<S: AsRef<str>>(&self, line: u64, cells: &[S]) -> Option<Result<PriceRow, Rejected>> {
        if cells.iter().all(|c| c.as_ref().chars().all(is_invisible_or_space)) {
            return None;
        }
        let cell = |i: Option<usize>| i.and_then(|i| cells.get(i)).map(|c| c.as_ref()).unwrap_or("");
        let reject = |message: String| Some(Err(Rejected { line, message }));
        let id_text = clean(cell(self.id));
        let sku = unguard(trimmed(cell(self.sku)));
        let id = if id_text.is_empty() {
            None
        } else if id_text.bytes().all(|b| b.is_ascii_digit()) && id_text.len() <= 15 {
            match id_text.parse::<i64>() {
                Ok(n) if n > 0 => Some(n),
                _ => return reject(format!("شناسه تنوع «{}» معتبر نیست", short(cell(self.id)))),
            }
        } else {
            return reject(format!("شناسه تنوع «{}» عدد نیست", short(cell(self.id))));
        };
        let key = match (id, sku.is_empty()) {
            (Some(n), _) => VariantKey::Id(n),
            (None, false) => VariantKey::Sku(sku.to_owned()),
            (None, true) => return reject(NO_KEY.to_owned()),
        };
        let price = match amount(cell(Some(self.price))) {
            Amount::Whole(n) if n <= 0 => return reject(PRICE_NOT_POSITIVE.to_owned()),
            Amount::Whole(n) if n > MAX_PRICE => return reject(PRICE_TOO_LARGE.to_owned()),
            Amount::Whole(n) => n,
            Amount::Empty => return reject(PRICE_EMPTY.to_owned()),
            Amount::Fraction { negative: true } => return reject(PRICE_NOT_POSITIVE.to_owned()),
            Amount::Fraction { .. } => return reject(PRICE_FRACTION.to_owned()),
            Amount::TooLarge { negative: true } => return reject(PRICE_NOT_POSITIVE.to_owned()),
            Amount::TooLarge { .. } => return reject(PRICE_TOO_LARGE.to_owned()),
            Amount::NotANumber => return reject(format!("قیمت «{}» عدد نیست", short(cell(Some(self.price))))),
        };
        let stock = match amount(cell(Some(self.stock))) {
            Amount::Whole(n) if n < 0 => return reject(STOCK_NEGATIVE.to_owned()),
            Amount::Whole(n) if n > MAX_STOCK => return reject(STOCK_TOO_LARGE.to_owned()),
            Amount::Whole(n) => n,
            Amount::Empty => return reject(STOCK_EMPTY.to_owned()),
            Amount::Fraction { negative: true } | Amount::TooLarge { negative: true } => return reject(STOCK_NEGATIVE.to_owned()),
            Amount::Fraction { .. } => return reject(STOCK_FRACTION.to_owned()),
            Amount::TooLarge { .. } => return reject(STOCK_TOO_LARGE.to_owned()),
            Amount::NotANumber => return reject(format!("موجودی «{}» عدد نیست", short(cell(Some(self.stock))))),
        };
        let sku = (id.is_some() && !sku.is_empty()).then(|| sku.to_owned());
        Some(Ok(PriceRow { line, key, sku, price, stock }))
    }
}

/// The first characters that make a spreadsheet read a cell as a formula.
pub const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// A text cell as an exported sheet writes it: with a leading `'` when a spreadsheet would
/// otherwise run it as a formula (`=cmd|…`, `+`, `-`, `@`, a tab or a carriage return first).
///
/// ```
/// use shop_core::price_row::guard_cell;
/// assert_eq!(guard_cell("=cmd|' /C calc'!A0"), "'=cmd|' /C calc'!A0");
/// assert_eq!(guard_cell("12-1"), "12-1");
/// ```
pub fn guard_cell(s: &str) -> std::borrow::Cow<'_, str> {
    if s.starts_with(FORMULA_STARTS) {
        std::borrow::Cow::Owned(format!("'{s}"))
    } else {
        std::borrow::Cow::Borrowed(s)
    }
}

/// A text cell read back: the quote [`guard_cell`] added is dropped, so an exported sheet
/// reads back as it was.
fn unguard(s: &str) -> &str {
    match s.strip_prefix('\'') {
        Some(rest) if rest.starts_with(FORMULA_STARTS) => rest,
        _ => s,
    }
}

/// A cell without white space, direction marks or zero widths at its ends.
fn trimmed(s: &str) -> &str {
    s.trim_matches(is_invisible_or_space)
}

/// A number cell: invisibles and spaces removed, digits to ASCII.
fn clean(s: &str) -> String {
    s.chars().filter(|c| !is_invisible_or_space(*c)).map(western_digit).collect()
}

enum Amount {
    Empty,
    Whole(i64),
    Fraction { negative: bool },
    TooLarge { negative: bool },
    NotANumber,
}

/// Reads a whole number: digits of any set, thousands separators (`,` `٬` `'`), a sign, and a
/// fraction of zeros (`.` or `٫`).
fn amount(cell: &str) -> Amount {
    let s = clean(cell);
    if s.is_empty() {
        return Amount::Empty;
    }
    let (negative, rest) = match s.strip_prefix(['-', '\u{2212}']) {
        Some(r) => (true, r),
        None => (false, s.strip_prefix('+').unwrap_or(&s)),
    };
    let (whole, fraction) = match rest.find(['.', '٫']) {
        Some(i) => (&rest[..i], Some(&rest[i + rest[i..].chars().next().map_or(1, char::len_utf8)..])),
        None => (rest, None),
    };
    let digits: String = whole.chars().filter(|c| !matches!(c, ',' | '٬' | '\'')).collect();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Amount::NotANumber;
    }
    if let Some(f) = fraction {
        if !f.bytes().all(|b| b.is_ascii_digit()) {
            return Amount::NotANumber;
        }
        if f.bytes().any(|b| b != b'0') {
            return Amount::Fraction { negative };
        }
    }
    match digits.parse::<i64>() {
        Ok(n) if negative => Amount::Whole(-n),
        Ok(n) => Amount::Whole(n),
        Err(_) => Amount::TooLarge { negative },
    }
}

/// A row whose id names no variant (the server finds it).
pub fn unknown_id(id: i64) -> String {
    format!("تنوعی با شناسه {} نیست", to_persian_digits(&id.to_string()))
}

/// A row whose code names no variant (the server finds it).
pub fn unknown_sku(sku: &str) -> String {
    format!("تنوعی با کد «{}» نیست", short(sku))
}

/// A row whose id and code name two different variants (the server finds it).
pub fn id_sku_mismatch(id: i64, sku: &str) -> String {
    format!("شناسه {} و کد «{}» یک تنوع نیستند", to_persian_digits(&id.to_string()), short(sku))
}

/// The message for a variant named on several `lines` (in file order).
pub fn duplicate_message(lines: &[u64]) -> String {
    let list: Vec<String> = lines.iter().map(|l| to_persian_digits(&l.to_string())).collect();
    format!("این تنوع در سطرهای {} تکرار شده است؛ هر تنوع یک بار بیاید", list.join("، "))
}

/// The lines of every key that appears more than once: line → the message for it.
pub fn duplicates<K: Eq + Hash>(keys: impl IntoIterator<Item = (u64, K)>) -> HashMap<u64, String> {
    let mut seen: HashMap<K, Vec<u64>> = HashMap::new();
    for (line, key) in keys {
        seen.entry(key).or_default().push(line);
    }
    let mut out = HashMap::new();
    for lines in seen.into_values().filter(|l| l.len() > 1) {
        let message = duplicate_message(&lines);
        for l in lines {
            out.insert(l, message.clone());
        }
    }
    out
}

impl Sheet {
    /// Moves every row whose `key` is shared with another row to the rejected ones.
    pub fn reject_duplicates<K: Eq + Hash>(&mut self, key: impl Fn(&PriceRow) -> K) {
        let dups = duplicates(self.rows.iter().map(|r| (r.line, key(r))));
        if dups.is_empty() {
            return;
        }
        let (keep, drop): (Vec<PriceRow>, Vec<PriceRow>) = std::mem::take(&mut self.rows).into_iter().partition(|r| !dups.contains_key(&r.line));
        self.rows = keep;
        self.rejected.extend(drop.into_iter().map(|r| Rejected { line: r.line, message: dups[&r.line].clone() }));
        self.rejected.sort_by_key(|r| r.line);
    }
}

/// Reads a sheet from its records, numbered from line 1 (the header).
pub fn parse_sheet(records: Vec<Vec<String>>) -> Result<Sheet, SheetError> {
    parse_numbered(records.into_iter().enumerate().map(|(i, r)| (i as u64 + 1, r)))
}

/// Reads a sheet from records with their line numbers (a CSV reader knows them when a quoted
/// cell spans lines): the first non-blank record is the header.
pub fn parse_numbered<S: AsRef<str>>(records: impl IntoIterator<Item = (u64, Vec<S>)>) -> Result<Sheet, SheetError> {
    let mut records = records.into_iter().filter(|(_, r)| !r.iter().all(|c| c.as_ref().chars().all(is_invisible_or_space)));
    let (_, header) = records.next().ok_or_else(|| SheetError(EMPTY_SHEET.to_owned()))?;
    let columns = Columns::parse(&header)?;
    let mut sheet = Sheet::default();
    let mut count = 0usize;
    for (line, cells) in records {
        count += 1;
        if count > MAX_ROWS {
            return Err(SheetError(format!(
                "فایل بیش از {} ردیف دارد؛ آن را در چند فایل بفرستید",
                to_persian_digits(&MAX_ROWS.to_string())
            )));
        }
        match columns.row(line, &cells) {
            Some(Ok(r)) => sheet.rows.push(r),
            Some(Err(r)) => sheet.rejected.push(r),
            None => {}
        }
    }
    sheet.reject_duplicates(|r| r.key.clone());
    Ok(sheet)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet(rows: &[&[&str]]) -> Result<Sheet, SheetError> {
        parse_sheet(rows.iter().map(|r| r.iter().map(|c| c.to_string()).collect()).collect())
    }

    #[test]
    fn reads_digits_separators_and_zero_fractions() {
        let s = sheet(&[&["ID", "Price", "Stock"], &["۱۲", "35,000,000.00", "٣"], &["13", "۱۲٬۵۰۰", "0"]]).unwrap();
        assert_eq!(s.rows.len(), 2);
        assert_eq!((s.rows[0].key.clone(), s.rows[0].price, s.rows[0].stock), (VariantKey::Id(12), 35_000_000, 3));
        assert_eq!(s.rows[1].price, 12_500);
    }

    #[test]
    fn refuses_wrong_headers_naming_the_columns() {
        for h in [&["id", "price"][..], &["id", "price", "stock", "cost"], &["price", "stock"], &["id", "price", "price", "stock"]] {
            let e = sheet(&[h]).unwrap_err();
            assert!(e.0.ends_with(EXPECTED_COLUMNS), "{e}");
        }
        assert_eq!(sheet(&[]).unwrap_err().0, EMPTY_SHEET);
    }

    #[test]
    fn each_bad_value_has_its_reason() {
        let s = sheet(&[
            &["sku", "price", "stock"],
            &["a", "-5", "1"],
            &["b", "0", "1"],
            &["c", "12.5", "1"],
            &["d", "10", "-1"],
            &["e", "abc", "1"],
            &["", "10", "1"],
            &["f", "99999999999999999999", "1"],
            &["g", "10", "1.5"],
            &["h", "10", ""],
        ])
        .unwrap();
        let msgs: Vec<&str> = s.rejected.iter().map(|r| r.message.as_str()).collect();
        assert_eq!(
            msgs,
            [PRICE_NOT_POSITIVE, PRICE_NOT_POSITIVE, PRICE_FRACTION, STOCK_NEGATIVE, "قیمت «abc» عدد نیست", NO_KEY, PRICE_TOO_LARGE, STOCK_FRACTION, STOCK_EMPTY]
        );
        assert_eq!(s.rejected[0].line, 2);
    }

    #[test]
    fn duplicates_are_rejected_on_every_line() {
        let s = sheet(&[&["id", "price", "stock"], &["1", "10", "1"], &["2", "10", "1"], &["1", "11", "1"]]).unwrap();
        assert_eq!(s.rows.len(), 1);
        assert_eq!(s.rejected.iter().map(|r| r.line).collect::<Vec<_>>(), [2, 4]);
        assert_eq!(s.rejected[0].message, "این تنوع در سطرهای ۲، ۴ تکرار شده است؛ هر تنوع یک بار بیاید");
    }

    #[test]
    fn guarded_cells_read_back() {
        for s in ["=cmd|' /C calc'!A0", "+1", "-1", "@SUM(A1)", "\tx", "\rx"] {
            assert!(guard_cell(s).starts_with('\''), "{s:?}");
            assert_eq!(unguard(&guard_cell(s)), s);
        }
        assert_eq!(unguard("'abc"), "'abc");
    }

    #[test]
    fn blank_rows_are_skipped_and_short_rows_rejected() {
        let s = sheet(&[&["", ""], &["id", "price", "stock"], &["", "", ""], &["5", "10"]]).unwrap();
        assert!(s.rows.is_empty());
        assert_eq!(s.rejected[0].message, STOCK_EMPTY);
    }
}
