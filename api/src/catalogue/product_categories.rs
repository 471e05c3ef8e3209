//! Product categories (spec 3 §2 Products module screens, §3 Product category, §5) and the order
//! of a category's products.

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tribune_projections::db::club_tx;
use uuid::Uuid;

use super::{all_options, delete_row, Choice};
use tribune_projections::list::{Count, ListSpec, Paging, Search, SortColumn};

use crate::envelope::{self, Ack, Envelope, ListParams, Page, SortDir};
use crate::error::ApiError;
use crate::kit::club::{all_in_club, exists_in_club};
use crate::kit::files;
use crate::kit::ids::parse_id;
use crate::kit::image_slot::{keep_or_remove, ImageSlot};
use crate::kit::input::{Json, Submitted};
use crate::kit::list_page::list_page;
use crate::kit::openapi::MultipartUpdate;
use crate::kit::text::clean;
use crate::kit::validate::Check;
use crate::kit::version::Versioned;
use crate::session::Staff;
use crate::state::AppState;

const VERSIONED: Versioned = Versioned {
    table: "product_categories",
    what: "Produktkategorien",
};

const LIST: ListSpec = ListSpec {
    from: "product_categories t",
    club: Some("t.client_id"),
    columns: r#"t.id AS "Id", t.title AS "Title", t.sorting AS "Sorting", t.show_on_shop AS "ShowOnShop", t.hide_on_contract AS "HideOnContract""#,
    key: "t.id",
    filters: &[],
    search: Search::Columns(&["t.title"]),
    sorts: &[
        SortColumn::nullable("Title", "lower(t.title)"),
        SortColumn::nullable("Sorting", "t.sorting"),
    ],
    default_sort: ("Title", SortDir::Asc),
    count: Count::Exact,
    paging: Paging::Offset,
};

/// A row of the product categories list.
#[derive(Debug, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
pub struct ProductCategoryRow {
    #[serde(rename = "Id")]
    pub id: Uuid,
    #[serde(rename = "Title")]
    pub title: String,
    #[serde(rename = "Sorting")]
    pub sorting: i32,
    #[serde(rename = "ShowOnShop")]
    pub show_on_shop: bool,
    #[serde(rename = "HideOnContract")]
    pub hide_on_contract: bool,
}

/// How the web shop presents a product category.
#[derive(Debug, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
pub struct ProductCategoryShop {
    pub title: Option<String>,
    /// Sanitized rich text.
    pub description: Option<String>,
    /// The image's download address.
    pub image: Option<String>,
}

/// A product category as its editor reads it.
#[derive(Debug, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductCategory {
    pub id: Uuid,
    pub title: String,
    pub sorting: i32,
    pub show_on_shop: bool,
    pub hide_on_contract: bool,
    /// What a save sends back as `version` (kit::version).
    #[ts(type = "number")]
    pub version: i64,
    pub shop: ProductCategoryShop,
}

#[utoipa::path(post, path = "/api/products/categories", tag = "product categories",
    request_body = ListParams,
    responses((status = 200, body = Page<ProductCategoryRow>), (status = 401), (status = 403), (status = 422)))]
pub async fn list_product_categories(
    staff: Staff,
    params: Json<ListParams>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    list_page::<ProductCategoryRow>(&state.pool, &staff, &LIST, &params).await
}

#[utoipa::path(get, path = "/api/products/categories", tag = "product categories",
    responses((status = 200, description = "by title", body = Envelope<Vec<Choice>>), (status = 401), (status = 403)))]
pub async fn all_product_categories(
    staff: Staff,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    all_options(&state, &staff, "product_categories", "").await
}

#[utoipa::path(get, path = "/api/products/categories/{id}", tag = "product categories",
    params(("id" = String, Path, description = "the row's id (uuid); malformed or another club's → 404")),
    responses((status = 200, body = Envelope<ProductCategory>), (status = 401), (status = 403), (status = 404)))]
pub async fn get_product_category(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let row: Option<Value> = sqlx::query_scalar(
        "SELECT jsonb_build_object('id', id, 'title', title, 'sorting', sorting, 'showOnShop', show_on_shop, \
           'hideOnContract', hide_on_contract, 'version', version, 'shop', jsonb_build_object('title', shop_title, 'description', shop_description, \
           'image', CASE WHEN shop_image IS NULL THEN NULL ELSE '/api/files/download/' || shop_image END)) \
         FROM product_categories WHERE client_id = $1 AND id = $2",
    )
    .bind(staff.client_id)
    .bind(parse_id(&path)?)
    .fetch_optional(&mut *tx)
    .await?;
    tx.commit().await?;
    let category: ProductCategory =
        serde_json::from_value(row.ok_or(ApiError::NotFound)?).map_err(ApiError::internal)?;
    Ok(envelope::result(category))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ShopInput {
    title: Option<String>,
    description: Option<String>,
    /// Left out: kept; null: removed; a text: kept as it is (an upload replaces it).
    #[serde(default, deserialize_with = "keep_or_remove")]
    #[ts(optional, type = "string | null")]
    image: Option<Option<String>>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProductCategoryInput {
    id: Option<Uuid>,
    title: Option<String>,
    sorting: Option<i32>,
    #[serde(default)]
    show_on_shop: bool,
    #[serde(default)]
    hide_on_contract: bool,
    #[serde(default)]
    shop: ShopInput,
    /// The version the editor read (GET `version`); required when saving an existing row.
    #[ts(type = "number | null")]
    version: Option<i64>,
}

#[utoipa::path(post, path = "/api/products/categories/update", tag = "product categories",
    request_body(content((ProductCategoryInput = "application/json"), (MultipartUpdate = "multipart/form-data")), description = "The category as JSON, or multipart with it in `data` and the shop image as `shopImageFile`; `shop.image: null` removes the image, leaving it out keeps it."),
    responses((status = 200, description = "the category's id", body = Envelope<Uuid>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_product_category(
    staff: Staff,
    form: Submitted,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let Submitted(form) = form;
    let input: ProductCategoryInput = form.json()?;
    let image_file = form.files_named("shopImageFile").next();
    let mut check = Check::new();
    let title = check.required_text("title", "Titel", &input.title);
    check.image("shopImageFile", "Billede", image_file);
    check.finish()?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let existing: Option<Option<Uuid>> = match input.id {
        Some(id) => Some(
            sqlx::query_scalar(
                "SELECT shop_image FROM product_categories WHERE client_id = $1 AND id = $2",
            )
            .bind(staff.client_id)
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?
            .ok_or(ApiError::NotFound)?,
        ),
        None => None,
    };
    VERSIONED
        .claim(&mut tx, staff.client_id, input.id, input.version)
        .await?;
    let id = input.id.unwrap_or_else(Uuid::new_v4);
    let change = files::apply_slot(
        &mut tx,
        &state.storage,
        staff.client_id,
        "product_category",
        id,
        staff.user_id(),
        ImageSlot::from_form(image_file, &input.shop.image),
        existing.flatten(),
    )
    .await?;
    let image = change.value;
    let obsolete: Vec<Uuid> = change.obsolete.into_iter().collect();
    sqlx::query(
        "INSERT INTO product_categories (id, client_id, title, sorting, show_on_shop, hide_on_contract, shop_title, shop_description, \
           shop_image, created_by, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) \
         ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, sorting = EXCLUDED.sorting, show_on_shop = EXCLUDED.show_on_shop, \
           hide_on_contract = EXCLUDED.hide_on_contract, shop_title = EXCLUDED.shop_title, shop_description = EXCLUDED.shop_description, \
           shop_image = EXCLUDED.shop_image, updated_at = now(), updated_by = EXCLUDED.updated_by",
    )
    .bind(id)
    .bind(staff.client_id)
    .bind(&title)
    .bind(input.sorting.unwrap_or(0))
    .bind(input.show_on_shop)
    .bind(input.hide_on_contract)
    .bind(clean(&input.shop.title))
    .bind(input.shop.description.as_deref().map(crate::kit::html::sanitize))
    .bind(image)
    .bind(staff.user_id())
    .execute(&mut *tx)
    .await?;
    files::remove(&mut tx, &state.storage, staff.client_id, &obsolete).await?;
    tx.commit().await?;
    Ok(envelope::result(id))
}

#[utoipa::path(delete, path = "/api/products/categories/{id}", tag = "product categories",
    params(("id" = String, Path, description = "the row's id (uuid); malformed or another club's → 404")),
    responses((status = 200, body = Ack), (status = 401), (status = 403), (status = 404), (status = 422, description = "still in use")))]
pub async fn delete_product_category(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    delete_row(
        &state,
        &staff,
        "product_categories",
        parse_id(&path)?,
        "Kategorien bruges af produkter og kan ikke slettes",
    )
    .await
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ContractQuery {
    contract: Option<bool>,
}

/// Contract products are those offered on contracts: they have a contract setup that is not hidden.
const OFFERED_ON_CONTRACTS: &str =
    "(contract_setup IS NOT NULL AND NOT coalesce((contract_setup->>'hidden')::boolean, false))";

#[utoipa::path(get, path = "/api/products/categories/{id}/products", tag = "product categories",
    params(("id" = String, Path, description = "the category's id"), ContractQuery),
    responses((status = 200, description = "in the category's order", body = Envelope<Vec<Choice>>), (status = 401), (status = 403), (status = 404)))]
pub async fn list_category_products(
    staff: Staff,
    path: web::Path<String>,
    query: web::Query<ContractQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let category = parse_id(&path)?;
    let contract = query.contract.unwrap_or(false);
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    if !exists_in_club(
        &mut tx,
        "product_categories",
        staff.client_id,
        Some(category),
    )
    .await?
    {
        return Err(ApiError::NotFound);
    }
    let rows: Vec<Choice> = sqlx::query_as(&format!(
        "SELECT id, title FROM products WHERE client_id = $1 AND category_id = $2 \
         AND {OFFERED_ON_CONTRACTS} = $3 ORDER BY category_position, lower(title)"
    ))
    .bind(staff.client_id)
    .bind(category)
    .bind(contract)
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(envelope::result(rows))
}

#[derive(Debug, Deserialize, utoipa::ToSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProductOrder {
    product_ids: Vec<Uuid>,
}

#[utoipa::path(post, path = "/api/products/categories/{id}/products", tag = "product categories",
    params(("id" = String, Path, description = "the category's id")),
    request_body = ProductOrder,
    responses((status = 200, body = Ack), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn sort_category_products(
    staff: Staff,
    path: web::Path<String>,
    body: Json<ProductOrder>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let category = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    if !exists_in_club(
        &mut tx,
        "product_categories",
        staff.client_id,
        Some(category),
    )
    .await?
    {
        return Err(ApiError::NotFound);
    }
    if !all_in_club(&mut tx, "products", staff.client_id, &body.product_ids).await? {
        return Err(ApiError::field("productIds", "Et produkt findes ikke"));
    }
    sqlx::query(
        "UPDATE products p SET category_position = o.position FROM unnest($3::uuid[]) WITH ORDINALITY AS o(id, position) \
         WHERE p.client_id = $1 AND p.category_id = $2 AND p.id = o.id",
    )
    .bind(staff.client_id)
    .bind(category)
    .bind(&body.product_ids)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(envelope::ok())
}
