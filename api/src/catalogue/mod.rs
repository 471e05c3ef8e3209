//! The catalogue and the orders module's reference data (spec 3 §3): order categories, seasons,
//! custom fields, discount codes, invoice groups, product categories and products. Plain tables;
//! their lists go through the kit's `list_page`, their editors through the helpers here.

pub mod discount_codes;
pub mod fields;
pub mod invoice_groups;
pub mod order_categories;
pub mod product_categories;
pub mod products;
pub mod seasons;
#[cfg(test)]
pub(crate) mod typescript;

use actix_web::HttpResponse;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;
use sqlx::{PgConnection, Postgres};
use tribune_projections::db::club_tx;
use utoipa::OpenApi;
use uuid::Uuid;

use crate::envelope;
use crate::error::ApiError;
use crate::kit::club::exists_in_club;
use crate::kit::db::still_referenced;
use crate::kit::routes::{Access, Area, Routes};
use crate::session::Staff;
use crate::state::AppState;

pub const AREA: Area = Area {
    name: "catalogue",
    configure,
    doc: CatalogueDoc::openapi,
    history: &[],
};

/// The orders module's reference data lives under `/api/orders/…` and the products module's
/// under `/api/products/…`. The central list registers the catalogue before the orders area, so
/// these fixed paths win over `/api/orders/{id}`; fixed paths come before `{id}` here too.
pub fn configure(routes: &mut Routes) {
    let (read, manage) = (Access::read(ORDERS), Access::manage(ORDERS));
    routes
        .post(
            "/api/orders/categories",
            read,
            order_categories::list_order_categories,
        )
        .get(
            "/api/orders/categories",
            read,
            order_categories::all_order_categories,
        )
        .post(
            "/api/orders/categories/update",
            manage,
            order_categories::update_order_category,
        )
        .get(
            "/api/orders/categories/{id}",
            read,
            order_categories::get_order_category,
        )
        .delete(
            "/api/orders/categories/{id}",
            manage,
            order_categories::delete_order_category,
        )
        .post("/api/orders/seasons", read, seasons::list_seasons)
        .get("/api/orders/seasons", read, seasons::all_seasons)
        .get("/api/orders/seasons/parents", read, seasons::parent_seasons)
        .post("/api/orders/seasons/update", manage, seasons::update_season)
        .get("/api/orders/seasons/{id}", read, seasons::get_season)
        .delete("/api/orders/seasons/{id}", manage, seasons::delete_season)
        .post("/api/orders/fields", read, fields::list_fields)
        .get("/api/orders/fields", read, fields::fields_of_category)
        .post("/api/orders/fields/update", manage, fields::update_field)
        .get("/api/orders/fields/{id}", read, fields::get_field)
        .delete("/api/orders/fields/{id}", manage, fields::delete_field)
        .post(
            "/api/orders/discount-codes",
            read,
            discount_codes::list_discount_codes,
        )
        .post(
            "/api/orders/discount-codes/update",
            manage,
            discount_codes::update_discount_code,
        )
        .get(
            "/api/orders/discount-codes/{id}",
            read,
            discount_codes::get_discount_code,
        )
        .delete(
            "/api/orders/discount-codes/{id}",
            manage,
            discount_codes::delete_discount_code,
        );
    let (read, manage) = (Access::read(PRODUCTS), Access::manage(PRODUCTS));
    routes
        .post(
            "/api/products/invoicegroups",
            read,
            invoice_groups::list_invoice_groups,
        )
        .get(
            "/api/products/invoicegroups",
            read,
            invoice_groups::all_invoice_groups,
        )
        .post(
            "/api/products/invoicegroups/update",
            manage,
            invoice_groups::update_invoice_group,
        )
        .get(
            "/api/products/invoicegroups/{id}",
            read,
            invoice_groups::get_invoice_group,
        )
        .delete(
            "/api/products/invoicegroups/{id}",
            manage,
            invoice_groups::delete_invoice_group,
        )
        .post(
            "/api/products/categories",
            read,
            product_categories::list_product_categories,
        )
        .get(
            "/api/products/categories",
            read,
            product_categories::all_product_categories,
        )
        .post(
            "/api/products/categories/update",
            manage,
            product_categories::update_product_category,
        )
        .get(
            "/api/products/categories/{id}",
            read,
            product_categories::get_product_category,
        )
        .delete(
            "/api/products/categories/{id}",
            manage,
            product_categories::delete_product_category,
        )
        .get(
            "/api/products/categories/{id}/products",
            read,
            product_categories::list_category_products,
        )
        .post(
            "/api/products/categories/{id}/products",
            manage,
            product_categories::sort_category_products,
        )
        .post("/api/products", read, products::list_products)
        .get("/api/products", read, products::search_products)
        .post("/api/products/update", manage, products::update_product)
        .get("/api/products/{id}", read, products::get_product)
        .delete("/api/products/{id}", manage, products::delete_product);
}

const ORDERS: &str = "orders";
const PRODUCTS: &str = "products";

#[derive(OpenApi)]
#[openapi(paths(
    order_categories::list_order_categories,
    order_categories::all_order_categories,
    order_categories::update_order_category,
    order_categories::get_order_category,
    order_categories::delete_order_category,
    seasons::list_seasons,
    seasons::all_seasons,
    seasons::parent_seasons,
    seasons::update_season,
    seasons::get_season,
    seasons::delete_season,
    fields::list_fields,
    fields::fields_of_category,
    fields::update_field,
    fields::get_field,
    fields::delete_field,
    discount_codes::list_discount_codes,
    discount_codes::update_discount_code,
    discount_codes::get_discount_code,
    discount_codes::delete_discount_code,
    invoice_groups::list_invoice_groups,
    invoice_groups::all_invoice_groups,
    invoice_groups::update_invoice_group,
    invoice_groups::get_invoice_group,
    invoice_groups::delete_invoice_group,
    product_categories::list_product_categories,
    product_categories::all_product_categories,
    product_categories::update_product_category,
    product_categories::get_product_category,
    product_categories::delete_product_category,
    product_categories::list_category_products,
    product_categories::sort_category_products,
    products::list_products,
    products::search_products,
    products::update_product,
    products::get_product,
    products::delete_product,
))]
pub struct CatalogueDoc;

/// One row as a JSON object keyed by the column aliases; not found in the club → 404.
pub async fn get_json(
    conn: &mut PgConnection,
    table: &str,
    columns: &str,
    client_id: Uuid,
    id: Uuid,
) -> Result<Value, ApiError> {
    sqlx::query_scalar(&format!("SELECT to_jsonb(x) FROM (SELECT {columns} FROM {table} t WHERE t.client_id = $1 AND t.id = $2) x"))
        .bind(client_id)
        .bind(id)
        .fetch_optional(conn)
        .await?
        .ok_or(ApiError::NotFound)
}

/// `{id, title}` of a row, as a select offers it.
#[derive(Debug, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
pub struct Choice {
    pub id: Uuid,
    pub title: String,
}

/// `{id, title}` of every row, for selects.
pub async fn options(
    conn: &mut PgConnection,
    table: &str,
    client_id: Uuid,
    extra_where: &str,
) -> Result<Vec<Choice>, ApiError> {
    Ok(sqlx::query_as(&format!(
        "SELECT id, title FROM {table} WHERE client_id = $1 {extra_where} ORDER BY lower(title)"
    ))
    .bind(client_id)
    .fetch_all(conn)
    .await?)
}

/// Deletes a row; a row still referenced (RESTRICT) answers 422 with `in_use`.
pub async fn delete_row(
    state: &AppState,
    staff: &Staff,
    table: &str,
    id: Uuid,
    in_use: &str,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let deleted = sqlx::query(&format!(
        "DELETE FROM {table} WHERE client_id = $1 AND id = $2"
    ))
    .bind(staff.client_id)
    .bind(id)
    .execute(&mut *tx)
    .await
    .map_err(still_referenced(ApiError::invalid(in_use)))?;
    if deleted.rows_affected() == 0 {
        return Err(ApiError::NotFound);
    }
    tx.commit().await?;
    Ok(envelope::ok())
}

/// A row for its editor, read from the JSON keyed by the column aliases as `Row`: the type the
/// editor reads it as.
pub async fn get_one<Row: DeserializeOwned + Serialize>(
    state: &AppState,
    staff: &Staff,
    table: &str,
    columns: &str,
    raw_id: &str,
) -> Result<HttpResponse, ApiError> {
    let id = crate::kit::ids::parse_id(raw_id)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let row = get_json(&mut tx, table, columns, staff.client_id, id).await?;
    tx.commit().await?;
    let row: Row = serde_json::from_value(row).map_err(ApiError::internal)?;
    Ok(envelope::result(row))
}

/// `{id, title}` of every row (optionally filtered), for selects.
pub async fn all_options(
    state: &AppState,
    staff: &Staff,
    table: &str,
    extra_where: &str,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let all = options(&mut tx, table, staff.client_id, extra_where).await?;
    tx.commit().await?;
    Ok(envelope::result(all))
}

/// The transaction a save runs in: the club's, after checking that an edited row is the club's own
/// (another club's id, or one that does not exist, is not found).
pub async fn write_tx(
    state: &AppState,
    staff: &Staff,
    table: &str,
    id: Option<Uuid>,
) -> Result<sqlx::Transaction<'static, Postgres>, ApiError> {
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    if !exists_in_club(&mut tx, table, staff.client_id, id).await? {
        return Err(ApiError::NotFound);
    }
    Ok(tx)
}
