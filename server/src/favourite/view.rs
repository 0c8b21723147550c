//! From favourite rows to the list's items: a product the shop shows gets the catalogue's own
//! card (price after any offer, stock), one it no longer shows is listed as unavailable.

use super::dto::FavouriteDto;
use super::entity::favourite;
use crate::catalog::{fmt, product, snapshot::Snapshot, view};

pub fn item(snap: &Snapshot, row: &favourite::Model, p: Option<&product::Model>, now: i64) -> FavouriteDto {
    let shown = p.and_then(|p| snap.by_uid.get(&p.uid)).map(|&i| &snap.items[i]);
    FavouriteDto {
        uid: p.map(|p| p.uid.clone()).unwrap_or_default(),
        name: p.map(|p| p.name.clone()).unwrap_or_default(),
        available: shown.is_some(),
        product: shown.map(|it| view::card(snap, it, now)),
        added_at: fmt::iso(row.created_at),
    }
}
