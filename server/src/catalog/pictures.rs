//! Uploaded product pictures (staff, `catalogue` role): several per product, in an order, one
//! of them the main one. The storefront shows them instead of the drawn ones (`images.rs`)
//! when a product has any.
//!
//! An upload is checked by core's file rule (size, extension, first bytes: JPEG, PNG or WebP
//! only; an SVG is refused by its extension, or by its content under another name), then its
//! size in pixels is read from the header **before** decoding: more than [`MAX_PIXELS`] or a
//! side over [`MAX_SIDE`] is refused, so a 50-megapixel picture never reaches the decoder. The
//! decoder runs with `image::Limits`; a truncated or corrupt file is refused. It is scaled to
//! every width of [`pixel_widths`] (the spec's breakpoints at densities 1 and 2, up to the
//! original's width) and each is encoded as WebP, on a blocking thread behind a semaphore of
//! [`PARALLEL`] (a burst of uploads cannot take every core or much memory).
//!
//! Files: `pictures/{stem}{width as 8 hex}.webp` in the file store, served at
//! `/api/client/v1/catalog/pictures/{stem}-{width}.webp` with a one-year immutable cache: the
//! stem is the original's SHA-256, so a name never shows other bytes. Quotas: at most
//! [`MAX_PER_PRODUCT`] pictures and [`PRODUCT_BYTES`] per product, [`TOTAL_BYTES`] in all.

use std::io::Cursor;
use std::sync::OnceLock;

use image::{ImageFormat, ImageReader, Limits};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect,
};
use serde::Serialize;
use sha2::{Digest, Sha256};
use shop_core::digits::to_persian_digits;

use super::entity::{picture, product};
use super::images::WIDTHS;
use crate::audit::service::{self as audit, Change};
use crate::auth::staff::Actor;
use crate::platform::files::{FileKey, FileStore};

/// The field a refusal names.
pub const FIELD: &str = "file";
/// The field's Persian name in core's messages.
pub const LABEL: &str = "تصویر";
/// Largest upload.
pub const MAX_UPLOAD_BYTES: u64 = 10 * 1024 * 1024;
/// Most pixels decoded (40 MP: a large camera's photo; 50 MP is refused).
pub const MAX_PIXELS: u64 = 40_000_000;
/// Longest side decoded.
pub const MAX_SIDE: u32 = 12_000;
/// Widest file made (2 × 1024; wider lossless WebP costs more than any screen gains).
pub const MAX_WIDTH: u32 = 2048;
/// Pictures per product.
pub const MAX_PER_PRODUCT: usize = 12;
/// Stored bytes per product.
pub const PRODUCT_BYTES: i64 = 96 * 1024 * 1024;
/// Stored bytes of every product's pictures.
pub const TOTAL_BYTES: i64 = 8 * 1024 * 1024 * 1024;
/// Pictures made at once.
pub const PARALLEL: usize = 2;

/// A picture over [`MAX_PIXELS`] or [`MAX_SIDE`].
pub const TOO_LARGE: &str = "تصویر بیش از ۴۰ مگاپیکسل (یا ضلعی بیش از ۱۲٬۰۰۰ پیکسل) است؛ آن را کوچک‌تر کنید و دوباره بفرستید";
/// A file the decoder cannot read to the end.
pub const BROKEN: &str = "تصویر ناقص یا خراب است و خوانده نمی‌شود";
/// A PDF (core allows it for tickets).
pub const NOT_A_PICTURE: &str = "تصویر باید از نوع jpg، png یا webp باشد";
/// No file in the form.
pub const NO_FILE: &str = "تصویر را انتخاب کنید";
/// The same picture twice.
pub const DUPLICATE: &str = "این تصویر پیش‌تر برای این کالا افزوده شده است";
/// An order that is not exactly the product's pictures.
pub const BAD_ORDER: &str = "ترتیب باید همهٔ تصویرهای این کالا را یک بار داشته باشد";
/// A main picture that is not one of the product's.
pub const BAD_MAIN: &str = "تصویر اصلی باید یکی از تصویرهای این کالا باشد";

/// Why a picture call was refused.
#[derive(Debug, thiserror::Error)]
pub enum PictureError {
    /// 422 naming `field`.
    #[error("{1}")]
    Invalid(&'static str, String),
    #[error("کالا پیدا نشد")]
    ProductNotFound,
    #[error("تصویر پیدا نشد")]
    NotFound,
    #[error(transparent)]
    Db(#[from] DbErr),
    #[error("{0}")]
    Files(#[from] std::io::Error),
    #[error("{0}")]
    Worker(String),
}

fn invalid(m: impl Into<String>) -> PictureError {
    PictureError::Invalid(FIELD, m.into())
}

/// The widths made from an original `width` pixels wide: the breakpoints and twice them (1x
/// and 2x), up to [`MAX_WIDTH`] and never wider than the original (a narrow one: its own width).
pub fn pixel_widths(width: u32) -> Vec<u32> {
    let mut all: Vec<u32> = WIDTHS.iter().flat_map(|w| [*w, w * 2]).filter(|w| *w <= MAX_WIDTH).collect();
    all.sort_unstable();
    all.dedup();
    let fit: Vec<u32> = all.into_iter().filter(|w| *w <= width).collect();
    if fit.is_empty() {
        vec![width.max(1)]
    } else {
        fit
    }
}

/// What an upload became.
#[derive(Debug, Clone)]
pub struct Made {
    /// 24 hex characters of the original's SHA-256.
    pub stem: String,
    pub width: u32,
    pub height: u32,
    /// (width, WebP bytes), ascending.
    pub files: Vec<(u32, Vec<u8>)>,
}

impl Made {
    /// Bytes of every file.
    pub fn bytes(&self) -> i64 {
        self.files.iter().map(|(_, b)| b.len() as i64).sum()
    }
}

/// The file store's key of one file.
pub fn key(stem: &str, width: u32) -> Option<FileKey> {
    FileKey::parse(&format!("pictures/{stem}{width:08x}.webp"))
}

/// The public URL of one file.
pub fn url(stem: &str, width: u32) -> String {
    format!("/api/client/v1/catalog/pictures/{stem}-{width}.webp")
}

/// `{stem}-{width}.webp` → its key (anything else: `None`).
pub fn parse_name(name: &str) -> Option<FileKey> {
    let (stem, width) = name.strip_suffix(".webp")?.split_once('-')?;
    let ok = stem.len() == 24 && stem.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase());
    let width: u32 = width.parse().ok().filter(|w| (1..=MAX_WIDTH).contains(w) && ok)?;
    key(stem, width)
}

/// Checks, decodes, scales and encodes an upload (blocking: call [`make`]).
pub fn make_now(file_name: &str, bytes: &[u8]) -> Result<Made, PictureError> {
    let head = &bytes[..bytes.len().min(shop_core::validation::SIGNATURE_BYTES)];
    shop_core::validation::validate_upload_within(LABEL, file_name, bytes.len() as u64, head, MAX_UPLOAD_BYTES)
        .map_err(|e| invalid(e.message()))?;
    let format = match file_name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).as_deref() {
        Some("jpg" | "jpeg") => ImageFormat::Jpeg,
        Some("png") => ImageFormat::Png,
        Some("webp") => ImageFormat::WebP,
        _ => return Err(invalid(NOT_A_PICTURE)),
    };
    // The size from the header alone, before anything is decoded.
    let (w, h) = ImageReader::with_format(Cursor::new(bytes), format).into_dimensions().map_err(|_| invalid(BROKEN))?;
    if w == 0 || h == 0 {
        return Err(invalid(BROKEN));
    }
    if u64::from(w) * u64::from(h) > MAX_PIXELS || w > MAX_SIDE || h > MAX_SIDE {
        return Err(invalid(TOO_LARGE));
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_PIXELS * 4 + 64 * 1024 * 1024);
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.limits(limits);
    let img = reader.decode().map_err(|_| invalid(BROKEN))?;
    let alpha = img.color().has_alpha();
    let mut files = Vec::new();
    for width in pixel_widths(w) {
        let height = ((u64::from(h) * u64::from(width) + u64::from(w) / 2) / u64::from(w)).max(1) as u32;
        let scaled = if width == w { img.clone() } else { img.resize_exact(width, height, image::imageops::FilterType::Triangle) };
        let mut out = Vec::new();
        let encoder = image::codecs::webp::WebPEncoder::new_lossless(&mut out);
        let encoded = if alpha {
            let buf = scaled.to_rgba8();
            encoder.encode(&buf, buf.width(), buf.height(), image::ExtendedColorType::Rgba8)
        } else {
            let buf = scaled.to_rgb8();
            encoder.encode(&buf, buf.width(), buf.height(), image::ExtendedColorType::Rgb8)
        };
        encoded.map_err(|e| PictureError::Worker(e.to_string()))?;
        files.push((width, out));
    }
    let digest = Sha256::digest(bytes);
    Ok(Made { stem: hex::encode(&digest[..12]), width: w, height: h, files })
}

fn workers() -> &'static tokio::sync::Semaphore {
    static SEM: OnceLock<tokio::sync::Semaphore> = OnceLock::new();
    SEM.get_or_init(|| tokio::sync::Semaphore::new(PARALLEL))
}

/// [`make_now`] on a blocking thread, at most [`PARALLEL`] at once.
pub async fn make(file_name: String, bytes: Vec<u8>) -> Result<Made, PictureError> {
    let _permit = workers().acquire().await.map_err(|e| PictureError::Worker(e.to_string()))?;
    tokio::task::spawn_blocking(move || make_now(&file_name, &bytes)).await.map_err(|e| PictureError::Worker(e.to_string()))?
}

/// A product by its public uid.
pub async fn product_by_uid<C: ConnectionTrait>(db: &C, uid: &str) -> Result<product::Model, PictureError> {
    product::Entity::find().filter(product::Column::Uid.eq(uid)).one(db).await?.ok_or(PictureError::ProductNotFound)
}

/// A product's pictures in their order.
pub async fn list<C: ConnectionTrait>(db: &C, product_id: i64) -> Result<Vec<picture::Model>, DbErr> {
    picture::Entity::find()
        .filter(picture::Column::ProductId.eq(product_id))
        .order_by_asc(picture::Column::Position)
        .order_by_asc(picture::Column::Id)
        .all(db)
        .await
}

/// What the audit log keeps of a product's pictures.
#[derive(Serialize)]
struct Shown {
    id: i64,
    stem: String,
    position: i32,
    main: bool,
}

fn shown(rows: &[picture::Model]) -> Vec<Shown> {
    rows.iter().map(|p| Shown { id: p.id, stem: p.stem.clone(), position: p.position, main: p.is_main }).collect()
}

/// Refuses what would go past a quota: `count` pictures and `product_bytes` stored for the
/// product, `total_bytes` for the shop, and `new_bytes` more.
pub fn check_quota(count: usize, product_bytes: i64, total_bytes: i64, new_bytes: i64) -> Result<(), PictureError> {
    if count >= MAX_PER_PRODUCT {
        return Err(invalid(format!("هر کالا حداکثر {} تصویر دارد؛ یکی را حذف کنید", to_persian_digits(&MAX_PER_PRODUCT.to_string()))));
    }
    if product_bytes + new_bytes > PRODUCT_BYTES {
        return Err(invalid("حجم تصویرهای این کالا از سهمیه بیشتر می‌شود؛ تصویری را حذف کنید یا تصویر کوچک‌تری بفرستید"));
    }
    if total_bytes + new_bytes > TOTAL_BYTES {
        return Err(invalid("فضای تصویرهای فروشگاه پر است؛ با مدیر فنی تماس بگیرید"));
    }
    Ok(())
}

async fn sum_bytes<C: ConnectionTrait>(db: &C, product_id: Option<i64>) -> Result<i64, DbErr> {
    let mut q = picture::Entity::find().select_only().column(picture::Column::Bytes);
    if let Some(id) = product_id {
        q = q.filter(picture::Column::ProductId.eq(id));
    }
    let sizes: Vec<i64> = q.into_tuple().all(db).await?;
    Ok(sizes.iter().sum())
}

/// Adds an uploaded picture to product `uid` (the main one when it is the first).
pub async fn upload(
    db: &DatabaseConnection,
    files: &dyn FileStore,
    actor: &Actor,
    uid: &str,
    file_name: String,
    bytes: Vec<u8>,
    now: i64,
) -> Result<Vec<picture::Model>, PictureError> {
    let p = product_by_uid(db, uid).await?;
    let before = list(db, p.id).await?;
    check_quota(before.len(), 0, 0, 0)?;
    let made = make(file_name, bytes).await?;
    if before.iter().any(|r| r.stem == made.stem) {
        return Err(invalid(DUPLICATE));
    }
    check_quota(before.len(), sum_bytes(db, Some(p.id)).await?, sum_bytes(db, None).await?, made.bytes())?;
    for (w, b) in &made.files {
        let k = key(&made.stem, *w).ok_or_else(|| PictureError::Worker("bad key".into()))?;
        if files.get(&k).await?.is_none() {
            files.put(&k, b).await?;
        }
    }
    let txn = crate::platform::db::begin_write(db).await?;
    let current = list(&txn, p.id).await?;
    let position = current.iter().map(|r| r.position + 1).max().unwrap_or(0);
    picture::ActiveModel {
        product_id: Set(p.id),
        stem: Set(made.stem.clone()),
        position: Set(position),
        is_main: Set(!current.iter().any(|r| r.is_main)),
        width: Set(made.width as i32),
        height: Set(made.height as i32),
        widths: Set(made.files.iter().map(|(w, _)| w.to_string()).collect::<Vec<_>>().join(",")),
        bytes: Set(made.bytes()),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let after = list(&txn, p.id).await?;
    audit::record(&txn, actor, Change::of("catalog.picture_add", "product", &p.uid, Some(&shown(&current)), Some(&shown(&after))), now).await?;
    txn.commit().await?;
    Ok(after)
}

/// Puts product `uid`'s pictures in `order` (every one of its picture ids, once) with `main`
/// the main one.
pub async fn arrange(db: &DatabaseConnection, actor: &Actor, uid: &str, order: &[i64], main: i64, now: i64) -> Result<Vec<picture::Model>, PictureError> {
    let p = product_by_uid(db, uid).await?;
    let txn = crate::platform::db::begin_write(db).await?;
    let current = list(&txn, p.id).await?;
    let mut have: Vec<i64> = current.iter().map(|r| r.id).collect();
    let mut want = order.to_vec();
    have.sort_unstable();
    want.sort_unstable();
    if have != want {
        return Err(PictureError::Invalid("order", BAD_ORDER.into()));
    }
    if !have.contains(&main) {
        return Err(PictureError::Invalid("main", BAD_MAIN.into()));
    }
    for (pos, id) in order.iter().enumerate() {
        picture::Entity::update_many()
            .col_expr(picture::Column::Position, sea_orm::sea_query::Expr::value(pos as i32))
            .col_expr(picture::Column::IsMain, sea_orm::sea_query::Expr::value(*id == main))
            .filter(picture::Column::Id.eq(*id))
            .exec(&txn)
            .await?;
    }
    let after = list(&txn, p.id).await?;
    audit::record(&txn, actor, Change::of("catalog.picture_order", "product", &p.uid, Some(&shown(&current)), Some(&shown(&after))), now).await?;
    txn.commit().await?;
    Ok(after)
}

/// Removes picture `id` of product `uid` (its files too, when no other product shows them);
/// when it was the main one, the first left becomes the main one.
pub async fn delete(db: &DatabaseConnection, files: &dyn FileStore, actor: &Actor, uid: &str, id: i64, now: i64) -> Result<Vec<picture::Model>, PictureError> {
    let p = product_by_uid(db, uid).await?;
    let txn = crate::platform::db::begin_write(db).await?;
    let current = list(&txn, p.id).await?;
    let gone = current.iter().find(|r| r.id == id).cloned().ok_or(PictureError::NotFound)?;
    picture::Entity::delete_by_id(id).exec(&txn).await?;
    if gone.is_main {
        if let Some(first) = current.iter().find(|r| r.id != id) {
            picture::Entity::update_many()
                .col_expr(picture::Column::IsMain, sea_orm::sea_query::Expr::value(true))
                .filter(picture::Column::Id.eq(first.id))
                .exec(&txn)
                .await?;
        }
    }
    let after = list(&txn, p.id).await?;
    audit::record(&txn, actor, Change::of("catalog.picture_delete", "product", &p.uid, Some(&shown(&current)), Some(&shown(&after))), now).await?;
    let shared = picture::Entity::find().filter(picture::Column::Stem.eq(gone.stem.as_str())).one(&txn).await?.is_some();
    txn.commit().await?;
    if !shared {
        for w in gone.widths.split(',').filter_map(|w| w.parse::<u32>().ok()) {
            if let Some(k) = key(&gone.stem, w) {
                files.delete(&k).await?;
            }
        }
    }
    Ok(after)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_are_breakpoints_at_1x_and_2x_up_to_the_original() {
        assert_eq!(pixel_widths(4000), [320, 640, 768, 1024, 1280, 1536, 2048]);
        assert_eq!(pixel_widths(800), [320, 640, 768]);
        assert_eq!(pixel_widths(200), [200]);
    }

    #[test]
    fn names_parse_only_as_made() {
        let stem = "0123456789abcdef01234567";
        assert_eq!(parse_name(&format!("{stem}-640.webp")).unwrap().as_str(), format!("pictures/{stem}00000280.webp"));
        assert!(parse_name(&format!("{stem}-9999.webp")).is_none());
        assert!(parse_name("../../etc/passwd-320.webp").is_none());
        assert!(parse_name(&format!("{}-320.webp", stem.to_uppercase())).is_none());
    }

    #[test]
    fn quotas() {
        assert!(check_quota(MAX_PER_PRODUCT, 0, 0, 1).is_err());
        assert!(check_quota(0, PRODUCT_BYTES, 0, 1).is_err());
        assert!(check_quota(0, 0, TOTAL_BYTES, 1).is_err());
        assert!(check_quota(1, 10, 10, 10).is_ok());
    }
}
