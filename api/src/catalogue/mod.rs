//! The catalogue and the orders module's reference data (spec 3 §3): order categories, seasons,
//! custom fields, discount codes, invoice groups, product categories and products. Plain tables;
//! their lists share one implementation of the list protocol.

pub mod discount_codes;
pub mod fields;
pub mod invoice_groups;
pub mod order_categories;
pub mod product_categories;
pub mod products;
pub mod seasons;

use actix_web::HttpResponse;
use serde_json::Value;
use sqlx::{PgConnection, Postgres, QueryBuilder};
use tribune_projections::db::club_tx;
use uuid::Uuid;

use crate::envelope::{self, ListParams, SortDir};
use crate::error::ApiError;
use crate::identity::acl::Action;
use crate::kit::club::exists_in_club;
use crate::kit::db::still_referenced;
use crate::kit::text::like_pattern;
use crate::session::Staff;
use crate::state::AppState;

/// A list table: its table, the columns under the names the UI reads (`title AS "Title"`), the
/// columns search looks in, and the allowed sorts.
pub struct ListSpec {
    pub table: &'static str,
    pub columns: &'static str,
    pub search: &'static [&'static str],
    pub sorts: &'static [(&'static str, &'static str)],
    pub default_sort: (&'static str, SortDir),
}

/// `{head} FROM {table} t WHERE t.client_id = $1 [AND search]`.
fn filtered<'a>(
    spec: &ListSpec,
    client_id: Uuid,
    params: &ListParams,
    head: &str,
) -> QueryBuilder<'a, Postgres> {
    let mut q = QueryBuilder::new(format!("{head} FROM {} t WHERE t.client_id = ", spec.table));
    q.push_bind(client_id);
    if let (Some(search), false) = (params.search(), spec.search.is_empty()) {
        let pattern = like_pattern(&search);
        q.push(" AND (");
        for (i, column) in spec.search.iter().enumerate() {
            if i > 0 {
                q.push(" OR ");
            }
            q.push(format!("{column} ILIKE "))
                .push_bind(pattern.clone());
        }
        q.push(")");
    }
    q
}

pub async fn list_page(
    state: &AppState,
    staff: &Staff,
    module: &str,
    spec: &ListSpec,
    params: &ListParams,
) -> Result<HttpResponse, ApiError> {
    staff.authorize(state, module, Action::Read).await?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let total: i64 = filtered(spec, staff.client_id, params, "SELECT count(*)")
        .build_query_scalar()
        .fetch_one(&mut *tx)
        .await?;
    let mut q = filtered(
        spec,
        staff.client_id,
        params,
        &format!("SELECT to_jsonb(x) FROM (SELECT {}", spec.columns),
    );
    q.push(format!(
        " ORDER BY {} NULLS LAST, t.id LIMIT ",
        params.order_by(spec.sorts, spec.default_sort)
    ))
    .push_bind(params.per_page())
    .push(" OFFSET ")
    .push_bind(params.offset())
    .push(") x");
    let rows: Vec<Value> = q.build_query_scalar().fetch_all(&mut *tx).await?;
    tx.commit().await?;
    Ok(envelope::page(rows, total, params.per_page()))
}

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

/// `{id, title}` of every row, for selects.
pub async fn options(
    conn: &mut PgConnection,
    table: &str,
    client_id: Uuid,
    extra_where: &str,
) -> Result<Vec<Value>, ApiError> {
    Ok(sqlx::query_scalar(&format!(
        "SELECT jsonb_build_object('id', id, 'title', title) FROM {table} WHERE client_id = $1 {extra_where} ORDER BY lower(title)"
    ))
    .bind(client_id)
    .fetch_all(conn)
    .await?)
}

/// Deletes a row; a row still referenced (RESTRICT) answers 422 with `in_use`.
pub async fn delete_row(
    state: &AppState,
    staff: &Staff,
    module: &str,
    table: &str,
    id: Uuid,
    in_use: &str,
) -> Result<HttpResponse, ApiError> {
    staff.authorize(state, module, Action::Manage).await?;
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

/// A row for its editor, as JSON keyed by the column aliases.
pub async fn get_one(
    state: &AppState,
    staff: &Staff,
    module: &str,
    table: &str,
    columns: &str,
    raw_id: &str,
) -> Result<HttpResponse, ApiError> {
    staff.authorize(state, module, Action::Read).await?;
    let id = crate::kit::ids::parse_id(raw_id)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let row = get_json(&mut tx, table, columns, staff.client_id, id).await?;
    tx.commit().await?;
    Ok(envelope::result(row))
}

/// `{id, title}` of every row (optionally filtered), for selects.
pub async fn all_options(
    state: &AppState,
    staff: &Staff,
    module: &str,
    table: &str,
    extra_where: &str,
) -> Result<HttpResponse, ApiError> {
    staff.authorize(state, module, Action::Read).await?;
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
