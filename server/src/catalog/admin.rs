//! `POST /api/admin/v1/catalog/…`: the catalogue editor, for staff with the `catalogue` role.
//! Products (list, get, create, update, publish), their variants (add, update, remove) and
//! categories (list, create, update). Input is parsed by `shop_core::product_form` (the rule
//! the web form runs through WASM); each save names the version it was made from and is
//! refused with 409, naming what changed, when another save came first (`editor`).

use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use shop_core::product_form::{self, CONDITIONS};

use super::dto::{
    CategoryCreateReq, AdminCategoryDto, CategoryListResp, CategoryResp, CategoryUpdateReq, ProductCreateReq, ProductDto,
    ProductListReq, ProductListResp, ProductResp, ProductRowDto, ProductUpdateReq, PublishReq, UidReq, VariantAddReq,
    VariantRemoveReq, VariantUpdateReq,
};
use super::editor::{self, Editable, EditorError, ProductFilter};
use crate::auth::CatalogueStaff;
use crate::platform::error::{ApiError, ApiResult};
use crate::platform::ResponseStatus;
use crate::state::AppState;

/// Products per page of the staff list.
pub const PER_PAGE: u64 = 25;

/// The message for a filter value the list does not know.
const UNKNOWN_FILTER: &str = "این گزینه در فهرست نیست";

impl From<EditorError> for ApiError {
    fn from(e: EditorError) -> Self {
        let field = e.field().map(str::to_owned);
        match e {
            EditorError::ProductNotFound => ApiError::not_found_field("uid", e.to_string()),
            EditorError::VariantNotFound => ApiError::not_found_field("id", e.to_string()),
            EditorError::CategoryNotFound => ApiError::not_found_field("id", e.to_string()),
            EditorError::Stale(_) => ApiError::conflict(e.to_string()),
            EditorError::Db(db) => ApiError::internal(db),
            other => ApiError::invalid(field.as_deref().unwrap_or("product"), other.to_string()),
        }
    }
}

/// A form refused by the core rule, the first failing field named (`prefix` for nested rows).
fn form_error(prefix: &str, p: product_form::FormProblems) -> ApiError {
    match p.0.into_iter().next() {
        Some((field, message)) => ApiError::invalid(&format!("{prefix}{field}"), message),
        None => ApiError::bad_request("فرم معتبر نیست"),
    }
}

fn product_resp(e: &Editable) -> Json<ProductResp> {
    Json(ProductResp { status: ResponseStatus::Ok, data: ProductDto::of(e) })
}

/// The catalogue editor's calls.
pub struct CatalogueAdminApi;

#[OpenApi(prefix_path = "/api/admin/v1/catalog", tag = "crate::platform::ApiTags::BackOffice")]
impl CatalogueAdminApi {
    /// Products (staff)
    ///
    /// Published or not, newest first, 25 a page; search by name, model or uid; filter by
    /// category (with its subcategories), condition and published.
    #[oai(path = "/product/list", method = "post", operation_id = "admin_catalog_product_list")]
    async fn product_list(&self, _staff: CatalogueStaff, state: Data<&AppState>, body: Json<ProductListReq>) -> ApiResult<Json<ProductListResp>> {
        let condition = match body.condition.trim() {
            "" => None,
            c => Some(CONDITIONS.iter().find(|(k, _)| *k == c).map(|(k, _)| *k).ok_or_else(|| ApiError::invalid("condition", UNKNOWN_FILTER))?),
        };
        let published = match body.published.trim() {
            "" => None,
            "yes" => Some(true),
            "no" => Some(false),
            _ => return Err(ApiError::invalid("published", UNKNOWN_FILTER)),
        };
        let f = ProductFilter {
            q: body.q.chars().take(100).collect(),
            category: (body.category > 0).then_some(body.category),
            condition,
            published,
        };
        let page = body.page.clamp(1, 1_000_000);
        let (rows, total) = editor::list(&state.db, &f, page, PER_PAGE).await?;
        let names = editor::category_names(&state.db).await?;
        Ok(Json(ProductListResp {
            status: ResponseStatus::Ok,
            data: rows.iter().map(|r| ProductRowDto::of(r, &names)).collect(),
            total,
            per_page: PER_PAGE,
            page,
        }))
    }

    /// One product for editing (staff)
    ///
    /// Its fields as the form shows them, its variants, and the version a save must name.
    #[oai(path = "/product/get", method = "post", operation_id = "admin_catalog_product_get")]
    async fn product_get(&self, _staff: CatalogueStaff, state: Data<&AppState>, body: Json<UidReq>) -> ApiResult<Json<ProductResp>> {
        Ok(product_resp(&editor::get(&state.db, &body.uid).await?))
    }

    /// Create a product (staff)
    ///
    /// With its first variants; a draft unless `publish`. The public uid is made from the
    /// brand and model and never changes.
    #[oai(path = "/product/create", method = "post", operation_id = "admin_catalog_product_create")]
    async fn product_create(&self, staff: CatalogueStaff, state: Data<&AppState>, body: Json<ProductCreateReq>) -> ApiResult<Json<ProductResp>> {
        if body.variants.len() > 50 {
            return Err(ApiError::invalid("variants", "حداکثر ۵۰ تنوع در یک بار"));
        }
        let mut variants = Vec::with_capacity(body.variants.len());
        for (n, v) in body.variants.iter().enumerate() {
            variants.push(product_form::parse_variant(&v.input()).map_err(|p| form_error(&format!("variants[{n}]."), p))?);
        }
        let now = state.clock.unix();
        let mut input = body.product.input();
        input.cheapest_price = variants.iter().map(|v| v.price).min();
        input.now = now;
        let form = product_form::parse_product(&input).map_err(|p| form_error("", p))?;
        let saved = editor::create(&state.db, &staff.actor(), &form, &variants, body.publish, now).await?;
        Ok(product_resp(&saved))
    }

    /// Save a product's fields (staff)
    ///
    /// Made from `version`; refused with 409 naming what changed when another save came first.
    /// The uid is not among the fields: a product's public address never changes.
    #[oai(path = "/product/update", method = "post", operation_id = "admin_catalog_product_update")]
    async fn product_update(&self, staff: CatalogueStaff, state: Data<&AppState>, body: Json<ProductUpdateReq>) -> ApiResult<Json<ProductResp>> {
        let saved = editor::update(&state.db, &staff.actor(), &body.uid, body.version, &body.product.input(), state.clock.unix()).await?;
        Ok(product_resp(&saved))
    }

    /// Publish or unpublish a product (staff)
    ///
    /// An unpublished product leaves the storefront (its page, search, listings, sitemap) and
    /// cannot be bought; a product without variants is not published.
    #[oai(path = "/product/publish", method = "post", operation_id = "admin_catalog_product_publish")]
    async fn product_publish(&self, staff: CatalogueStaff, state: Data<&AppState>, body: Json<PublishReq>) -> ApiResult<Json<ProductResp>> {
        let saved = editor::publish(&state.db, &staff.actor(), &body.uid, body.version, body.published, state.clock.unix()).await?;
        Ok(product_resp(&saved))
    }

    /// Add a variant (staff)
    #[oai(path = "/variant/add", method = "post", operation_id = "admin_catalog_variant_add")]
    async fn variant_add(&self, staff: CatalogueStaff, state: Data<&AppState>, body: Json<VariantAddReq>) -> ApiResult<Json<ProductResp>> {
        let v = product_form::parse_variant(&body.variant.input()).map_err(|p| form_error("", p))?;
        let saved = editor::add_variant(&state.db, &staff.actor(), &body.uid, &v, state.clock.unix()).await?;
        Ok(product_resp(&saved))
    }

    /// Save a variant (staff)
    ///
    /// Made from `version`; refused with 409 naming what changed when another save came first.
    #[oai(path = "/variant/update", method = "post", operation_id = "admin_catalog_variant_update")]
    async fn variant_update(&self, staff: CatalogueStaff, state: Data<&AppState>, body: Json<VariantUpdateReq>) -> ApiResult<Json<ProductResp>> {
        let v = product_form::parse_variant(&body.variant.input()).map_err(|p| form_error("", p))?;
        let saved = editor::update_variant(&state.db, &staff.actor(), body.id, body.version, &v, state.clock.unix()).await?;
        Ok(product_resp(&saved))
    }

    /// Remove a variant (staff)
    ///
    /// Refused while a customer's cart or an open order holds it (set its stock to 0 instead),
    /// and for the last variant of a published product.
    #[oai(path = "/variant/remove", method = "post", operation_id = "admin_catalog_variant_remove")]
    async fn variant_remove(&self, staff: CatalogueStaff, state: Data<&AppState>, body: Json<VariantRemoveReq>) -> ApiResult<Json<ProductResp>> {
        let saved = editor::remove_variant(&state.db, state.catalog.holders(), &staff.actor(), body.id, body.version, state.clock.unix()).await?;
        Ok(product_resp(&saved))
    }

    /// Categories (staff)
    ///
    /// Every category by parent and position, with the number of products directly in it.
    #[oai(path = "/category/list", method = "post", operation_id = "admin_catalog_category_list")]
    async fn category_list(&self, _staff: CatalogueStaff, state: Data<&AppState>) -> ApiResult<Json<CategoryListResp>> {
        let all = editor::categories(&state.db).await?;
        let counts = editor::category_counts(&state.db).await?;
        Ok(Json(CategoryListResp {
            status: ResponseStatus::Ok,
            data: all.iter().map(|c| AdminCategoryDto::of(c, counts.get(&c.id).copied().unwrap_or(0))).collect(),
        }))
    }

    /// Create a category (staff)
    #[oai(path = "/category/create", method = "post", operation_id = "admin_catalog_category_create")]
    async fn category_create(&self, staff: CatalogueStaff, state: Data<&AppState>, body: Json<CategoryCreateReq>) -> ApiResult<Json<CategoryResp>> {
        let f = product_form::parse_category(&body.category.input()).map_err(|p| form_error("", p))?;
        let c = editor::create_category(&state.db, &staff.actor(), &f, state.clock.unix()).await?;
        Ok(Json(CategoryResp { status: ResponseStatus::Ok, data: AdminCategoryDto::of(&c, 0) }))
    }

    /// Save a category (staff)
    ///
    /// Made from `version`; refused with 409 naming what changed when another save came first.
    #[oai(path = "/category/update", method = "post", operation_id = "admin_catalog_category_update")]
    async fn category_update(&self, staff: CatalogueStaff, state: Data<&AppState>, body: Json<CategoryUpdateReq>) -> ApiResult<Json<CategoryResp>> {
        let f = product_form::parse_category(&body.category.input()).map_err(|p| form_error("", p))?;
        let c = editor::update_category(&state.db, &staff.actor(), body.id, body.version, &f, state.clock.unix()).await?;
        let counts = editor::category_counts(&state.db).await?;
        Ok(Json(CategoryResp { status: ResponseStatus::Ok, data: AdminCategoryDto::of(&c, counts.get(&c.id).copied().unwrap_or(0)) }))
    }
}
