//! Order categories (spec 3 §2 Categories (orders), §3 Category, §5).

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use tribune_domain::money::Money;
use uuid::Uuid;

use super::{all_options, delete_row, get_one, write_tx, Choice};
use tribune_projections::list::{Count, ListSpec, Paging, Search, SortColumn};

use crate::envelope::{self, Ack, Envelope, ListParams, Page, SortDir};
use crate::error::ApiError;
use crate::kit::ids::parse_id;
use crate::kit::input::Json;
use crate::kit::list_page::list_page;
use crate::kit::text::clean;
use crate::kit::validate::Check;
use crate::kit::version::Versioned;
use crate::session::Staff;
use crate::state::AppState;
use tribune_projections::db::club_tx;

const VERSIONED: Versioned = Versioned {
    table: "order_categories",
    what: "Kategorien",
};
const COLUMNS: &str = r#"t.id AS "id", t.title AS "title", t.sku AS "sku", t.price AS "price", t.invoice_title AS "invoiceTitle", t.version AS "version""#;

const LIST: ListSpec = ListSpec {
    from: "order_categories t",
    club: Some("t.client_id"),
    columns: r#"t.id AS "Id", t.title AS "Title", t.sku AS "Sku", t.price AS "Price""#,
    key: "t.id",
    filters: &[],
    search: Search::Columns(&["t.title", "t.sku"]),
    sorts: &[
        SortColumn::nullable("Title", "lower(t.title)"),
        SortColumn::nullable("Sku", "t.sku"),
        SortColumn::nullable("Price", "t.price"),
    ],
    default_sort: ("Title", SortDir::Asc),
    count: Count::Exact,
    paging: Paging::Offset,
};

/// A row of the order categories list; the price in øre.
#[derive(Debug, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
pub struct OrderCategoryRow {
    #[serde(rename = "Id")]
    pub id: Uuid,
    #[serde(rename = "Title")]
    pub title: String,
    #[serde(rename = "Sku")]
    pub sku: Option<String>,
    #[serde(rename = "Price")]
    pub price: Money,
}

/// An order category as its editor reads it; the price in øre.
#[derive(Debug, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderCategory {
    pub id: Uuid,
    pub title: String,
    pub sku: Option<String>,
    pub price: Money,
    pub invoice_title: Option<String>,
    /// What a save sends back as `version` (kit::version).
    #[ts(type = "number")]
    pub version: i64,
}

#[utoipa::path(post, path = "/api/orders/categories", tag = "order categories",
    request_body = ListParams,
    responses((status = 200, body = Page<OrderCategoryRow>), (status = 401), (status = 403), (status = 422)))]
pub async fn list_order_categories(
    staff: Staff,
    params: Json<ListParams>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    list_page::<OrderCategoryRow>(&state.pool, &staff, &LIST, &params).await
}

#[utoipa::path(get, path = "/api/orders/categories", tag = "order categories",
    responses((status = 200, description = "by title", body = Envelope<Vec<Choice>>), (status = 401), (status = 403)))]
pub async fn all_order_categories(
    staff: Staff,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    all_options(&state, &staff, "order_categories", "").await
}

#[utoipa::path(get, path = "/api/orders/categories/{id}", tag = "order categories",
    params(("id" = String, Path, description = "the row's id (uuid); malformed or another club's → 404")),
    responses((status = 200, body = Envelope<OrderCategory>), (status = 401), (status = 403), (status = 404)))]
pub async fn get_order_category(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    get_one::<OrderCategory>(&state, &staff, "order_categories", COLUMNS, &path).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CategoryInput {
    id: Option<Uuid>,
    title: Option<String>,
    sku: Option<String>,
    /// The category's price in øre (an integer; 1 kr = 100 øre).
    #[ts(type = "number | null")]
    price: Option<i64>,
    invoice_title: Option<String>,
    /// The version the editor read (GET `version`); required when saving an existing row.
    #[ts(type = "number | null")]
    version: Option<i64>,
}

#[utoipa::path(post, path = "/api/orders/categories/update", tag = "order categories",
    request_body = CategoryInput,
    responses((status = 200, description = "the category's id", body = Envelope<Uuid>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_order_category(
    staff: Staff,
    body: Json<CategoryInput>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let input = body.into_inner();
    let mut check = Check::new();
    let title = check.required_text("title", "Titel", &input.title);
    let price = input.price.unwrap_or(0);
    check.unit_price("price", "Pris", Some(price));
    check.finish()?;
    let mut tx = write_tx(&state, &staff, "order_categories", input.id).await?;
    VERSIONED
        .claim(&mut tx, staff.client_id, input.id, input.version)
        .await?;
    let id: Uuid = sqlx::query_scalar(
        "INSERT INTO order_categories (id, client_id, title, sku, price, invoice_title, created_by, updated_by) \
         VALUES (coalesce($1, gen_random_uuid()), $2, $3, $4, $5, $6, $7, $7) \
         ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, sku = EXCLUDED.sku, price = EXCLUDED.price, \
           invoice_title = EXCLUDED.invoice_title, updated_at = now(), updated_by = EXCLUDED.updated_by RETURNING id",
    )
    .bind(input.id)
    .bind(staff.client_id)
    .bind(&title)
    .bind(clean(&input.sku))
    .bind(price)
    .bind(clean(&input.invoice_title))
    .bind(staff.user_id())
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(envelope::result(id))
}

#[utoipa::path(delete, path = "/api/orders/categories/{id}", tag = "order categories",
    params(("id" = String, Path, description = "the row's id (uuid); malformed or another club's → 404")),
    responses((status = 200, body = Ack), (status = 401), (status = 403), (status = 404), (status = 422, description = "still in use")))]
pub async fn delete_order_category(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let on_an_order =
        tribune_projections::order::queries::category_is_on_an_order(&mut tx, staff.client_id, id)
            .await?;
    tx.commit().await?;
    if on_an_order {
        return Err(ApiError::invalid(
            "Kategorien er brugt på en ordre og kan ikke slettes",
        ));
    }
    delete_row(
        &state,
        &staff,
        "order_categories",
        id,
        "Kategorien er i brug og kan ikke slettes",
    )
    .await
}
