//! The catalogue editor (staff): products with their details and variants, publishing, and
//! categories. Input arrives parsed by `shop_core::product_form`; each save is one
//! `begin_write` transaction that checks the version it was made from
//! (`shop_core::edit_version`), writes with `WHERE id = ? AND version = ?`, rebuilds the
//! product's search text and records the change in the audit log. The `catalog_meta` triggers
//! on `product`, `product_info`, `product_variant` and `category` move the storefront's
//! snapshot (product page, search, listings, sitemap, SEO) on every node.

use std::collections::{HashMap, HashSet};

use sea_orm::sea_query::{Expr, ExprTrait, Func, Query};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait,
    IntoActiveModel, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
};
use serde::Serialize;
use shop_core::edit_version::{self, StaleEdit};
use shop_core::product_form::{
    self, Category as CategoryForm, FormProblems, Product as ProductForm, Variant as VariantForm, CATEGORY_LABELS,
    PRODUCT_LABELS, VARIANT_LABELS,
};

use super::holders::Holders;
use super::snapshot::{cpu_family, item_search_text};
use super::{category, info, product, variant};
use crate::audit::service::{self as audit, Change};
use crate::auth::staff::Actor;
use crate::platform::db::{begin_write, like_contains};

/// Why an editor call was refused.
#[derive(Debug, thiserror::Error)]
pub enum EditorError {
    /// The form broke a rule: every failing field with its message.
    #[error("{}", .0.0.first().map(|p| p.1.as_str()).unwrap_or(""))]
    Form(FormProblems),
    #[error("این محصول پیدا نشد")]
    ProductNotFound,
    #[error("این تنوع پیدا نشد")]
    VariantNotFound,
    #[error("این دسته‌بندی پیدا نشد")]
    CategoryNotFound,
    #[error("این دسته‌بندی وجود ندارد؛ آن را از فهرست انتخاب کنید")]
    UnknownCategory,
    #[error("این نامک برای دسته دیگری ثبت شده است")]
    SlugTaken,
    #[error("دسته نمی‌تواند زیرمجموعه خودش یا زیرمجموعه‌های خودش باشد")]
    CategoryLoop,
    #[error("محصول بدون تنوع (رنگ و گارانتی با قیمت) منتشر نمی‌شود")]
    NoVariants,
    #[error("آخرین تنوع محصول منتشرشده حذف نمی‌شود؛ ابتدا محصول را از انتشار خارج کنید")]
    LastVariant,
    #[error("این تنوع در سبد خرید یا سفارش باز مشتری است و حذف نمی‌شود؛ موجودی آن را صفر کنید تا دیگر فروخته نشود")]
    VariantInUse,
    #[error("{0}")]
    Stale(StaleEdit),
    #[error(transparent)]
    Db(#[from] DbErr),
}

impl EditorError {
    /// The request field at fault.
    pub fn field(&self) -> Option<&str> {
        match self {
            Self::Form(p) => p.0.first().map(|p| p.0.as_str()),
            Self::UnknownCategory => Some("category"),
            Self::SlugTaken => Some("slug"),
            Self::CategoryLoop => Some("parent"),
            Self::NoVariants => Some("published"),
            Self::LastVariant | Self::VariantInUse => Some("id"),
            _ => None,
        }
    }
}

/// The product's audit snapshot and the editor's view of its fields: the form's keys, plus
/// `published`, `uid` and `version`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ProductRecord {
    pub uid: String,
    pub name: String,
    pub brand: String,
    pub model: String,
    pub line: String,
    pub condition: String,
    pub category: Option<i64>,
    pub description: String,
    pub grade: Option<String>,
    pub battery_health: Option<i32>,
    pub test_days: Option<i32>,
    pub cpu: String,
    pub ram_gb: i32,
    pub storage_gb: i32,
    pub storage_type: String,
    pub gpu: String,
    pub screen_inches: f64,
    pub screen_resolution: String,
    pub weight_kg: f64,
    pub battery_wh: i32,
    pub ports: String,
    pub os: String,
    pub special_price: Option<i64>,
    /// Unix seconds.
    pub special_ends: Option<i64>,
    pub published: bool,
    pub version: i64,
}

impl ProductRecord {
    fn of(p: &product::Model, i: &info::Model) -> Self {
        ProductRecord {
            uid: p.uid.clone(),
            name: p.name.clone(),
            brand: p.brand.clone(),
            model: i.model.clone(),
            line: p.line.clone(),
            condition: p.condition.clone(),
            category: i.category_id,
            description: p.description.clone(),
            grade: i.condition_grade.clone(),
            battery_health: i.battery_health,
            test_days: i.test_days,
            cpu: i.cpu.clone(),
            ram_gb: i.ram_gb,
            storage_gb: i.storage_gb,
            storage_type: i.storage_type.clone(),
            gpu: i.gpu.clone(),
            screen_inches: i.screen_inches,
            screen_resolution: i.screen_resolution.clone(),
            weight_kg: i.weight_kg,
            battery_wh: i.battery_wh,
            ports: i.ports.clone(),
            os: i.os.clone(),
            special_price: i.special_price,
            special_ends: i.special_ends_at,
            published: p.active,
            version: p.version,
        }
    }
}

/// A variant's audit snapshot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VariantRecord {
    pub product: String,
    pub color: String,
    pub warranty_name: String,
    pub warranty_price: i64,
    pub warranty_note: String,
    pub price: i64,
    pub stock: i64,
    pub ins_payment: bool,
    pub property: String,
    pub dg: String,
    pub version: i64,
}

impl VariantRecord {
    fn of(uid: &str, v: &variant::Model) -> Self {
        VariantRecord {
            product: uid.to_owned(),
            color: v.color.clone(),
            warranty_name: v.warranty_name.clone(),
            warranty_price: v.warranty_price,
            warranty_note: v.warranty_note.clone(),
            price: v.price,
            stock: v.stock,
            ins_payment: v.ins_payment,
            property: v.property.clone(),
            dg: v.dg.clone(),
            version: v.version,
        }
    }
}

/// A category's audit snapshot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CategoryRecord {
    pub name: String,
    pub slug: String,
    pub parent: Option<i64>,
    pub position: i32,
    pub description: String,
    pub version: i64,
}

impl CategoryRecord {
    fn of(c: &category::Model) -> Self {
        CategoryRecord {
            name: c.name.clone(),
            slug: c.slug.clone(),
            parent: c.parent_id,
            position: c.position,
            description: c.description.clone(),
            version: c.version,
        }
    }
}

/// A product as the editor shows it.
#[derive(Debug, Clone)]
pub struct Editable {
    pub product: product::Model,
    pub info: info::Model,
    pub variants: Vec<variant::Model>,
}

impl Editable {
    pub fn record(&self) -> ProductRecord {
        ProductRecord::of(&self.product, &self.info)
    }
}

/// A row of the staff product list.
#[derive(Debug, Clone)]
pub struct ListRow {
    pub product: product::Model,
    pub info: Option<info::Model>,
    pub variants: usize,
    pub stock: i64,
    pub min_price: Option<i64>,
}

/// The staff product list's filters.
#[derive(Debug, Clone, Default)]
pub struct ProductFilter {
    /// Part of the name, model or uid.
    pub q: String,
    /// This category or one below it.
    pub category: Option<i64>,
    pub condition: Option<&'static str>,
    pub published: Option<bool>,
}

/// A 409 for a save made from `expected` on `entity` `id`, naming what changed since.
async fn stale<C: ConnectionTrait>(
    db: &C,
    entity: &str,
    id: &str,
    expected: i64,
    current: i64,
    labels: &'static [(&'static str, &'static str)],
) -> Result<EditorError, DbErr> {
    let keys = audit::keys_changed_since(db, entity, id, expected).await?;
    let names = || keys.iter().map(|k| product_form::label(labels, k).to_owned()).collect();
    Ok(match edit_version::check(expected, current, names) {
        Err(e) => EditorError::Stale(e),
        // The row moved between the read and the conditional write.
        Ok(()) => EditorError::Stale(StaleEdit { changed: vec![] }),
    })
}

/// The ids of `root` and every category below it.
fn subtree(categories: &[category::Model], root: i64) -> Vec<i64> {
    let mut out = vec![root];
    let mut i = 0;
    while i < out.len() && out.len() <= categories.len() {
        let id = out[i];
        let below: Vec<i64> = categories.iter().filter(|c| c.parent_id == Some(id) && !out.contains(&c.id)).map(|c| c.id).collect();
        out.extend(below);
        i += 1;
    }
    out
}

/// One page of the staff product list (published or not), newest first.
pub async fn list(db: &DatabaseConnection, f: &ProductFilter, page: u64, per_page: u64) -> Result<(Vec<ListRow>, u64), DbErr> {
    let mut q = product::Entity::find();
    let text = f.q.trim().to_lowercase();
    if !text.is_empty() {
        let pattern = like_contains(&text);
        let models = Query::select()
            .column(info::Column::ProductId)
            .from(info::Entity)
            .and_where(Expr::expr(Func::lower(Expr::col(info::Column::Model))).like(pattern.clone()))
            .to_owned();
        q = q.filter(
            Condition::any()
                .add(Expr::expr(Func::lower(Expr::col(product::Column::Name))).like(pattern.clone()))
                .add(Expr::expr(Func::lower(Expr::col(product::Column::Uid))).like(pattern))
                .add(product::Column::Id.in_subquery(models)),
        );
    }
    if let Some(c) = f.category {
        let all = category::Entity::find().all(db).await?;
        let ids = subtree(&all, c);
        let in_cat = Query::select()
            .column(info::Column::ProductId)
            .from(info::Entity)
            .and_where(info::Column::CategoryId.is_in(ids))
            .to_owned();
        q = q.filter(product::Column::Id.in_subquery(in_cat));
    }
    if let Some(c) = f.condition {
        q = q.filter(product::Column::Condition.eq(c));
    }
    if let Some(p) = f.published {
        q = q.filter(product::Column::Active.eq(p));
    }
    let total = q.clone().count(db).await?;
    let products = q
        .order_by_desc(product::Column::Id)
        .offset(page.saturating_sub(1) * per_page)
        .limit(per_page)
        .all(db)
        .await?;
    let ids: Vec<i64> = products.iter().map(|p| p.id).collect();
    let mut infos: HashMap<i64, info::Model> =
        info::Entity::find().filter(info::Column::ProductId.is_in(ids.clone())).all(db).await?.into_iter().map(|i| (i.product_id, i)).collect();
    let mut vars: HashMap<i64, Vec<variant::Model>> = HashMap::new();
    for v in variant::Entity::find().filter(variant::Column::ProductId.is_in(ids)).all(db).await? {
        vars.entry(v.product_id).or_default().push(v);
    }
    let rows = products
        .into_iter()
        .map(|p| {
            let vs = vars.remove(&p.id).unwrap_or_default();
            ListRow {
                info: infos.remove(&p.id),
                variants: vs.len(),
                stock: vs.iter().map(|v| Ord::max(v.stock, 0)).sum(),
                min_price: vs.iter().map(|v| v.price).min(),
                product: p,
            }
        })
        .collect();
    Ok((rows, total))
}

/// Every category, by parent and position.
pub async fn categories<C: ConnectionTrait>(db: &C) -> Result<Vec<category::Model>, DbErr> {
    let mut all = category::Entity::find().all(db).await?;
    all.sort_by_key(|c| (c.parent_id.unwrap_or(0), c.position, c.id));
    Ok(all)
}

/// The number of products in each category (directly).
pub async fn category_counts<C: ConnectionTrait>(db: &C) -> Result<HashMap<i64, u64>, DbErr> {
    let rows: Vec<Option<i64>> = info::Entity::find().select_only().column(info::Column::CategoryId).into_tuple().all(db).await?;
    let mut out = HashMap::new();
    for c in rows.into_iter().flatten() {
        *out.entry(c).or_default() += 1;
    }
    Ok(out)
}

/// The product `uid` with its details and variants.
pub async fn get<C: ConnectionTrait>(db: &C, uid: &str) -> Result<Editable, EditorError> {
    let product = product::Entity::find().filter(product::Column::Uid.eq(uid)).one(db).await?.ok_or(EditorError::ProductNotFound)?;
    let variants = variant::Entity::find()
        .filter(variant::Column::ProductId.eq(product.id))
        .order_by_asc(variant::Column::Id)
        .all(db)
        .await?;
    let info = match info::Entity::find_by_id(product.id).one(db).await? {
        Some(i) => i,
        None => super::snapshot::derived_info(&product, &variants),
    };
    Ok(Editable { product, info, variants })
}

/// A Latin slug of `text` (`a-z`, `0-9`, single dashes).
fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in shop_core::digits::to_western_digits(text).chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_end_matches('-').chars().take(60).collect::<String>().trim_end_matches('-').to_owned()
}

/// A new product's public uid: the Latin slug of its brand and model, as the demo's
/// (`lenovo-legion-5-16irx9`), with `-2`, `-3`, … when taken; never changed afterwards.
async fn new_uid<C: ConnectionTrait>(db: &C, p: &ProductForm) -> Result<String, DbErr> {
    let mut base = slug(&format!("{} {}", p.brand, p.model));
    if base.len() < 3 {
        base = format!("laptop-{base}").trim_end_matches('-').to_owned();
    }
    let taken: HashSet<String> = product::Entity::find()
        .select_only()
        .column(product::Column::Uid)
        .filter(product::Column::Uid.like(format!("{base}%")))
        .into_tuple::<String>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    if !taken.contains(&base) {
        return Ok(base);
    }
    let n = (2..).find(|n| !taken.contains(&format!("{base}-{n}"))).unwrap_or(2);
    Ok(format!("{base}-{n}"))
}

/// `info` with the form's details (keeps the listing time and the picture count).
fn apply_info(mut i: info::Model, f: &ProductForm) -> info::Model {
    i.category_id = Some(f.category_id);
    i.model = f.model.clone();
    i.condition_grade = f.used.as_ref().map(|u| u.grade.clone());
    i.battery_health = f.used.as_ref().map(|u| u.battery_health);
    i.test_days = f.used.as_ref().map(|u| u.test_days);
    i.cpu = f.specs.cpu.clone();
    i.cpu_family = cpu_family(&f.specs.cpu);
    i.ram_gb = f.specs.ram_gb;
    i.storage_gb = f.specs.storage_gb;
    i.storage_type = f.specs.storage_type.clone();
    i.gpu = f.specs.gpu.clone();
    i.screen_inches = f.specs.screen_inches;
    i.screen_resolution = f.specs.screen_resolution.clone();
    i.weight_kg = f.specs.weight_kg;
    i.battery_wh = f.specs.battery_wh;
    i.ports = f.specs.ports.clone();
    i.os = f.specs.os.clone();
    i.special_price = f.offer.map(|o| o.price);
    i.special_ends_at = f.offer.map(|o| o.ends_at);
    i
}

fn variant_model(product_id: i64, v: &VariantForm) -> variant::ActiveModel {
    variant::ActiveModel {
        product_id: Set(product_id),
        color: Set(v.color.clone()),
        warranty_name: Set(v.warranty_name.clone()),
        warranty_price: Set(v.warranty_price),
        warranty_note: Set(v.warranty_note.clone()),
        price: Set(v.price),
        stock: Set(v.stock),
        ins_payment: Set(v.ins_payment),
        dg: Set(v.dg.clone()),
        property: Set(v.property.clone()),
        version: Set(1),
        ..Default::default()
    }
}

async fn check_category<C: ConnectionTrait>(db: &C, id: i64) -> Result<category::Model, EditorError> {
    category::Entity::find_by_id(id).one(db).await?.ok_or(EditorError::UnknownCategory)
}

/// Creates a product (a draft unless `publish`) with its first variants; its uid is made here.
pub async fn create(
    db: &DatabaseConnection,
    actor: &Actor,
    form: &ProductForm,
    variants: &[VariantForm],
    publish: bool,
    now: i64,
) -> Result<Editable, EditorError> {
    if publish && variants.is_empty() {
        return Err(EditorError::NoVariants);
    }
    let txn = begin_write(db).await?;
    let cat = check_category(&txn, form.category_id).await?;
    let uid = new_uid(&txn, form).await?;
    let p = product::ActiveModel {
        uid: Set(uid.clone()),
        name: Set(form.name.clone()),
        brand: Set(form.brand.clone()),
        line: Set(form.line.to_owned()),
        condition: Set(form.condition.to_owned()),
        description: Set(form.description.clone()),
        active: Set(publish),
        version: Set(1),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let mut vs = Vec::new();
    for v in variants {
        let mut row = variant_model(p.id, v);
        if v.dg.is_empty() {
            row.dg = Set(format!("{}-{}", p.id, vs.len() + 1));
        }
        vs.push(row.insert(&txn).await?);
    }
    let mut i = super::snapshot::derived_info(&p, &vs);
    i = apply_info(i, form);
    i.images = 0;
    i.created_at = now;
    i.search_text = item_search_text(&p, &i, Some(&cat.name));
    let i = info::ActiveModel::from(i).reset_all().insert(&txn).await?;
    let record = ProductRecord::of(&p, &i);
    audit::record(&txn, actor, Change::of::<(), _>("catalog.product.create", "product", &uid, None, Some(&record)), now).await?;
    for v in &vs {
        let r = VariantRecord::of(&uid, v);
        audit::record(&txn, actor, Change::of::<(), _>("catalog.variant.create", "product_variant", v.id, None, Some(&r)), now).await?;
    }
    txn.commit().await?;
    get(db, &uid).await
}

/// Writes `p` (with `version + 1`) only when it is still at `expected`.
async fn write_product<C: ConnectionTrait>(db: &C, p: &product::Model, expected: i64) -> Result<bool, DbErr> {
    let res = product::Entity::update_many()
        .col_expr(product::Column::Name, Expr::value(p.name.clone()))
        .col_expr(product::Column::Brand, Expr::value(p.brand.clone()))
        .col_expr(product::Column::Line, Expr::value(p.line.clone()))
        .col_expr(product::Column::Condition, Expr::value(p.condition.clone()))
        .col_expr(product::Column::Description, Expr::value(p.description.clone()))
        .col_expr(product::Column::Active, Expr::value(p.active))
        .col_expr(product::Column::Version, Expr::value(expected + 1))
        .filter(product::Column::Id.eq(p.id))
        .filter(product::Column::Version.eq(expected))
        .exec(db)
        .await?;
    Ok(res.rows_affected == 1)
}

/// Saves the product's fields (not its uid) made from `version`.
pub async fn update(
    db: &DatabaseConnection,
    actor: &Actor,
    uid: &str,
    version: i64,
    form: &shop_core::product_form::ProductInput,
    now: i64,
) -> Result<Editable, EditorError> {
    let txn = begin_write(db).await?;
    let old = get(&txn, uid).await?;
    let mut input = form.clone();
    input.cheapest_price = old.variants.iter().map(|v| v.price).min();
    input.now = now;
    let f = product_form::parse_product(&input).map_err(EditorError::Form)?;
    if version != old.product.version {
        return Err(stale(&txn, "product", uid, version, old.product.version, &PRODUCT_LABELS).await?);
    }
    let cat = check_category(&txn, f.category_id).await?;
    let mut p = old.product.clone();
    p.name = f.name.clone();
    p.brand = f.brand.clone();
    p.line = f.line.to_owned();
    p.condition = f.condition.to_owned();
    p.description = f.description.clone();
    if !write_product(&txn, &p, version).await? {
        return Err(stale(&txn, "product", uid, version, version + 1, &PRODUCT_LABELS).await?);
    }
    p.version = version + 1;
    let mut i = apply_info(old.info.clone(), &f);
    i.search_text = item_search_text(&p, &i, Some(&cat.name));
    save_info(&txn, i.clone()).await?;
    let before = old.record();
    let after = ProductRecord::of(&p, &i);
    audit::record(&txn, actor, Change::of("catalog.product.update", "product", uid, Some(&before), Some(&after)), now).await?;
    txn.commit().await?;
    get(db, uid).await
}

async fn save_info<C: ConnectionTrait>(db: &C, i: info::Model) -> Result<(), DbErr> {
    if info::Entity::find_by_id(i.product_id).one(db).await?.is_some() {
        info::ActiveModel::from(i).reset_all().update(db).await?;
    } else {
        info::ActiveModel::from(i).reset_all().insert(db).await?;
    }
    Ok(())
}

/// Publishes or unpublishes the product (from `version`). An unpublished product leaves the
/// storefront (its page answers 404, search and the sitemap drop it) and cannot be bought.
pub async fn publish(db: &DatabaseConnection, actor: &Actor, uid: &str, version: i64, published: bool, now: i64) -> Result<Editable, EditorError> {
    let txn = begin_write(db).await?;
    let old = get(&txn, uid).await?;
    if version != old.product.version {
        return Err(stale(&txn, "product", uid, version, old.product.version, &PRODUCT_LABELS).await?);
    }
    if published && old.variants.is_empty() {
        return Err(EditorError::NoVariants);
    }
    let mut p = old.product.clone();
    p.active = published;
    if !write_product(&txn, &p, version).await? {
        return Err(stale(&txn, "product", uid, version, version + 1, &PRODUCT_LABELS).await?);
    }
    p.version = version + 1;
    let action = if published { "catalog.product.publish" } else { "catalog.product.unpublish" };
    let (before, after) = (old.record(), ProductRecord::of(&p, &old.info));
    audit::record(&txn, actor, Change::of(action, "product", uid, Some(&before), Some(&after)), now).await?;
    txn.commit().await?;
    get(db, uid).await
}

/// Adds a variant to product `uid`.
pub async fn add_variant(db: &DatabaseConnection, actor: &Actor, uid: &str, v: &VariantForm, now: i64) -> Result<Editable, EditorError> {
    let txn = begin_write(db).await?;
    let old = get(&txn, uid).await?;
    let mut row = variant_model(old.product.id, v);
    if v.dg.is_empty() {
        row.dg = Set(format!("{}-{}", old.product.id, old.variants.len() + 1));
    }
    let saved = row.insert(&txn).await?;
    let r = VariantRecord::of(uid, &saved);
    audit::record(&txn, actor, Change::of::<(), _>("catalog.variant.create", "product_variant", saved.id, None, Some(&r)), now).await?;
    txn.commit().await?;
    get(db, uid).await
}

async fn variant_and_product<C: ConnectionTrait>(db: &C, id: i64) -> Result<(variant::Model, product::Model), EditorError> {
    let v = variant::Entity::find_by_id(id).one(db).await?.ok_or(EditorError::VariantNotFound)?;
    let p = product::Entity::find_by_id(v.product_id).one(db).await?.ok_or(EditorError::VariantNotFound)?;
    Ok((v, p))
}

/// Saves variant `id` made from `version`.
pub async fn update_variant(db: &DatabaseConnection, actor: &Actor, id: i64, version: i64, f: &VariantForm, now: i64) -> Result<Editable, EditorError> {
    let txn = begin_write(db).await?;
    let (old, p) = variant_and_product(&txn, id).await?;
    let key = id.to_string();
    if version != old.version {
        return Err(stale(&txn, "product_variant", &key, version, old.version, &VARIANT_LABELS).await?);
    }
    let mut am = variant_model(old.product_id, f);
    am.id = sea_orm::ActiveValue::Unchanged(id);
    am.version = Set(version + 1);
    if f.dg.is_empty() {
        am.dg = Set(old.dg.clone());
    }
    let res = variant::Entity::update_many()
        .set(am)
        .filter(variant::Column::Id.eq(id))
        .filter(variant::Column::Version.eq(version))
        .exec(&txn)
        .await?;
    if res.rows_affected != 1 {
        return Err(stale(&txn, "product_variant", &key, version, version + 1, &VARIANT_LABELS).await?);
    }
    let new = variant::Entity::find_by_id(id).one(&txn).await?.ok_or(EditorError::VariantNotFound)?;
    let (before, after) = (VariantRecord::of(&p.uid, &old), VariantRecord::of(&p.uid, &new));
    audit::record(&txn, actor, Change::of("catalog.variant.update", "product_variant", id, Some(&before), Some(&after)), now).await?;
    txn.commit().await?;
    get(db, &p.uid).await
}

/// Whether a cart line, or an order not yet delivered, cancelled or expired, holds variant `id`
/// (asked of the areas above through `holders`).
async fn variant_in_use<C: ConnectionTrait>(db: &C, holders: &dyn Holders, id: i64) -> Result<bool, DbErr> {
    for q in holders.holding_variant(id) {
        if db.query_one(&q).await?.is_some() {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Removes variant `id` (made from `version`), refused while a cart or an open order holds it
/// or when it is the last one of a published product.
pub async fn remove_variant(
    db: &DatabaseConnection,
    holders: &dyn Holders,
    actor: &Actor,
    id: i64,
    version: i64,
    now: i64,
) -> Result<Editable, EditorError> {
    let txn = begin_write(db).await?;
    let (old, p) = variant_and_product(&txn, id).await?;
    let key = id.to_string();
    if version != old.version {
        return Err(stale(&txn, "product_variant", &key, version, old.version, &VARIANT_LABELS).await?);
    }
    if variant_in_use(&txn, holders, id).await? {
        return Err(EditorError::VariantInUse);
    }
    let siblings = variant::Entity::find().filter(variant::Column::ProductId.eq(p.id)).count(&txn).await?;
    if p.active && siblings <= 1 {
        return Err(EditorError::LastVariant);
    }
    let res = variant::Entity::delete_many()
        .filter(variant::Column::Id.eq(id))
        .filter(variant::Column::Version.eq(version))
        .exec(&txn)
        .await?;
    if res.rows_affected != 1 {
        return Err(stale(&txn, "product_variant", &key, version, version + 1, &VARIANT_LABELS).await?);
    }
    let before = VariantRecord::of(&p.uid, &old);
    audit::record(&txn, actor, Change::of::<_, ()>("catalog.variant.remove", "product_variant", id, Some(&before), None), now).await?;
    txn.commit().await?;
    get(db, &p.uid).await
}

/// Refuses a parent that is `id` itself or below it.
async fn check_parent<C: ConnectionTrait>(db: &C, id: Option<i64>, parent: Option<i64>) -> Result<(), EditorError> {
    let Some(parent) = parent else { return Ok(()) };
    let all = category::Entity::find().all(db).await?;
    if !all.iter().any(|c| c.id == parent) {
        return Err(EditorError::Form(FormProblems(vec![("parent".into(), "لطفا دسته والد را از فهرست انتخاب کنید".into())])));
    }
    if let Some(id) = id {
        if subtree(&all, id).contains(&parent) {
            return Err(EditorError::CategoryLoop);
        }
    }
    Ok(())
}

async fn check_slug<C: ConnectionTrait>(db: &C, id: Option<i64>, slug: &str) -> Result<(), EditorError> {
    let other = category::Entity::find().filter(category::Column::Slug.eq(slug)).one(db).await?;
    match other {
        Some(o) if Some(o.id) != id => Err(EditorError::SlugTaken),
        _ => Ok(()),
    }
}

/// Creates a category.
pub async fn create_category(db: &DatabaseConnection, actor: &Actor, f: &CategoryForm, now: i64) -> Result<category::Model, EditorError> {
    let txn = begin_write(db).await?;
    check_parent(&txn, None, f.parent_id).await?;
    check_slug(&txn, None, &f.slug).await?;
    let c = category::ActiveModel {
        parent_id: Set(f.parent_id),
        slug: Set(f.slug.clone()),
        name: Set(f.name.clone()),
        description: Set(f.description.clone()),
        position: Set(f.position),
        version: Set(1),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let r = CategoryRecord::of(&c);
    audit::record(&txn, actor, Change::of::<(), _>("catalog.category.create", "category", c.id, None, Some(&r)), now).await?;
    txn.commit().await?;
    Ok(c)
}

/// Saves category `id` made from `version`; a new name is written into its products' search text.
pub async fn update_category(
    db: &DatabaseConnection,
    actor: &Actor,
    id: i64,
    version: i64,
    f: &CategoryForm,
    now: i64,
) -> Result<category::Model, EditorError> {
    let txn = begin_write(db).await?;
    let old = category::Entity::find_by_id(id).one(&txn).await?.ok_or(EditorError::CategoryNotFound)?;
    let key = id.to_string();
    if version != old.version {
        return Err(stale(&txn, "category", &key, version, old.version, &CATEGORY_LABELS).await?);
    }
    check_parent(&txn, Some(id), f.parent_id).await?;
    check_slug(&txn, Some(id), &f.slug).await?;
    let res = category::Entity::update_many()
        .col_expr(category::Column::ParentId, Expr::value(f.parent_id))
        .col_expr(category::Column::Slug, Expr::value(f.slug.clone()))
        .col_expr(category::Column::Name, Expr::value(f.name.clone()))
        .col_expr(category::Column::Description, Expr::value(f.description.clone()))
        .col_expr(category::Column::Position, Expr::value(f.position))
        .col_expr(category::Column::Version, Expr::value(version + 1))
        .filter(category::Column::Id.eq(id))
        .filter(category::Column::Version.eq(version))
        .exec(&txn)
        .await?;
    if res.rows_affected != 1 {
        return Err(stale(&txn, "category", &key, version, version + 1, &CATEGORY_LABELS).await?);
    }
    let new = category::Entity::find_by_id(id).one(&txn).await?.ok_or(EditorError::CategoryNotFound)?;
    if new.name != old.name {
        let infos = info::Entity::find().filter(info::Column::CategoryId.eq(id)).all(&txn).await?;
        for i in infos {
            if let Some(p) = product::Entity::find_by_id(i.product_id).one(&txn).await? {
                let text = item_search_text(&p, &i, Some(&new.name));
                let mut am = i.into_active_model();
                am.search_text = Set(text);
                am.update(&txn).await?;
            }
        }
    }
    let (before, after) = (CategoryRecord::of(&old), CategoryRecord::of(&new));
    audit::record(&txn, actor, Change::of("catalog.category.update", "category", id, Some(&before), Some(&after)), now).await?;
    txn.commit().await?;
    Ok(new)
}

/// The category's name for a product row.
pub async fn category_names<C: ConnectionTrait>(db: &C) -> Result<HashMap<i64, String>, DbErr> {
    Ok(category::Entity::find().all(db).await?.into_iter().map(|c| (c.id, c.name)).collect())
}

