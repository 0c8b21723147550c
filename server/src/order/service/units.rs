//! The units of an order as it ships: staff type one serial per unit, checked against the
//! order's lines and recorded in the ship transaction with the warranty each unit leaves with.
//! The warranty's months are asked of [`WarrantyMonths`] (the warranty area answers, above
//! orders); the warranty pages read the recorded units.

use std::collections::{HashMap, HashSet};

use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseTransaction, DbErr, EntityTrait, QueryFilter, QueryOrder};
use shop_core::digits::to_persian_digits;
use shop_core::warranty::serial::SerialNumber;

use crate::order::entity::{customer_order_line, order_unit};

/// How many months each warranty name gives (`warranty_term`; a name not listed has none).
#[async_trait::async_trait]
pub trait WarrantyMonths: Send + Sync {
    async fn months(&self, txn: &DatabaseTransaction, names: Vec<String>) -> Result<HashMap<String, i32>, DbErr>;
}

/// What staff typed for one order line: one serial per unit.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LineSerialsInput {
    pub line_id: i64,
    pub serials: Vec<String>,
}

/// A unit ready to be recorded.
#[derive(Debug, Clone)]
pub struct UnitToRecord {
    pub line_id: i64,
    pub unit_no: i32,
    pub serial: String,
    pub warranty_name: String,
}

/// The answer to a ship call whose serials do not fit the order (field `serials`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SerialProblem(pub String);

fn fa(n: impl ToString) -> String {
    to_persian_digits(&n.to_string())
}

/// Checks `given` against the order's lines: every line gets exactly one serial per unit,
/// each one passing `SerialNumber::parse`, none repeated in the order. Nothing is written.
pub fn check_serials(lines: &[customer_order_line::Model], given: &[LineSerialsInput]) -> Result<Vec<UnitToRecord>, SerialProblem> {
    let mut by_line: HashMap<i64, &LineSerialsInput> = HashMap::new();
    for g in given {
        if !lines.iter().any(|l| l.id == g.line_id) {
            return Err(SerialProblem(format!("ردیف {} در این سفارش نیست", fa(g.line_id))));
        }
        if by_line.insert(g.line_id, g).is_some() {
            return Err(SerialProblem("شماره‌های سریال هر ردیف سفارش را یک بار بفرستید".into()));
        }
    }
    let mut seen: HashSet<String> = HashSet::new();
    let mut out = Vec::new();
    for line in lines {
        let typed: Vec<&String> = by_line.get(&line.id).map(|g| g.serials.iter().collect()).unwrap_or_default();
        let wanted = usize::try_from(line.num.max(0)).unwrap_or(0);
        let given_count = typed.iter().filter(|s| !s.trim().is_empty()).count();
        if given_count != wanted || typed.len() != wanted {
            return Err(SerialProblem(format!(
                "برای «{}» {} شماره سریال لازم است (یکی برای هر دستگاه)؛ {} وارد شده است",
                line.name,
                fa(wanted),
                fa(given_count)
            )));
        }
        for (i, raw) in typed.into_iter().enumerate() {
            let serial = SerialNumber::parse(raw).map_err(|e| SerialProblem(format!("«{}»، دستگاه {}: {e}", line.name, fa(i + 1))))?;
            if !seen.insert(serial.as_str().to_owned()) {
                return Err(SerialProblem(format!("شماره سریال {} دو بار وارد شده است", serial.as_str())));
            }
            out.push(UnitToRecord {
                line_id: line.id,
                unit_no: i32::try_from(i + 1).unwrap_or(i32::MAX),
                serial: serial.into_string(),
                warranty_name: line.warranty_name.clone(),
            });
        }
    }
    Ok(out)
}

/// Records the checked units of order `order_id` (inside the ship transaction).
pub async fn record_units(
    db: &DatabaseTransaction,
    terms: &dyn WarrantyMonths,
    order_id: i64,
    units: &[UnitToRecord],
    now: i64,
) -> Result<(), DbErr> {
    let names: HashSet<String> = units.iter().map(|u| u.warranty_name.clone()).collect();
    let months = terms.months(db, names.into_iter().collect()).await?;
    for u in units {
        order_unit::ActiveModel {
            order_id: Set(order_id),
            order_line_id: Set(u.line_id),
            unit_no: Set(u.unit_no),
            serial: Set(u.serial.clone()),
            warranty_name: Set(u.warranty_name.clone()),
            warranty_months: Set(months.get(&u.warranty_name).copied().unwrap_or(0).max(0)),
            shipped_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    Ok(())
}

/// The serials of an order's units by line (the staff order page and packing slips).
pub async fn serials_of<C: ConnectionTrait>(db: &C, order_id: i64) -> Result<Vec<order_unit::Model>, DbErr> {
    order_unit::Entity::find()
        .filter(order_unit::Column::OrderId.eq(order_id))
        .order_by_asc(order_unit::Column::OrderLineId)
        .order_by_asc(order_unit::Column::UnitNo)
        .all(db)
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(id: i64, num: i64) -> customer_order_line::Model {
        customer_order_line::Model {
            id,
            order_id: 1,
            product_id: 1,
            variant_id: 1,
            num,
            name: format!("لپ‌تاپ {id}"),
            color: String::new(),
            warranty_name: "گارانتی ۱۸ ماهه".into(),
            property: String::new(),
            dg: String::new(),
            unit_price: 1,
            warranty_price: 0,
            line_total: num,
        }
    }

    fn given(line_id: i64, serials: &[&str]) -> LineSerialsInput {
        LineSerialsInput { line_id, serials: serials.iter().map(|s| s.to_string()).collect() }
    }

    #[test]
    fn one_serial_per_unit_is_recorded_in_order() {
        let units = check_serials(&[line(7, 2), line(8, 1)], &[given(8, &["c-33"]), given(7, &["a-11", "b۲22"])]);
        let units = units.unwrap();
        let got: Vec<(i64, i32, &str)> = units.iter().map(|u| (u.line_id, u.unit_no, u.serial.as_str())).collect();
        assert_eq!(got, [(7, 1, "A-11"), (7, 2, "B222"), (8, 1, "C-33")]);
    }

    #[test]
    fn missing_extra_duplicate_bad_and_foreign_serials_are_refused() {
        let lines = [line(7, 2)];
        assert!(check_serials(&lines, &[]).unwrap_err().0.contains("۲ شماره سریال لازم است"));
        assert!(check_serials(&lines, &[given(7, &["AAAA", " "])]).unwrap_err().0.contains("۱ وارد شده"));
        assert!(check_serials(&lines, &[given(7, &["AAAA", "BBBB", "CCCC"])]).is_err());
        assert_eq!(check_serials(&lines, &[given(7, &["AAAA", "aaaa"])]).unwrap_err().0, "شماره سریال AAAA دو بار وارد شده است");
        assert!(check_serials(&lines, &[given(7, &["AAAA", "<b>1</b>"])]).unwrap_err().0.ends_with(shop_core::warranty::serial::MARKUP_MESSAGE));
        assert!(check_serials(&lines, &[given(9, &["AAAA"])]).is_err());
    }
}
