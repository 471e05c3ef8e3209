//! Custom fields of orders and contracts (spec 3 §2 Fields, §3 Custom field, §4 Field, §5).

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tribune_projections::db::club_tx;
use uuid::Uuid;

use super::{delete_row, get_one, write_tx};
use tribune_projections::list::{Count, ListSpec, Paging, Search, SortColumn};

use crate::envelope::{self, Ack, Envelope, ListParams, Page, SortDir};
use crate::error::ApiError;
use crate::kit::club::all_in_club;
use crate::kit::ids::parse_id;
use crate::kit::input::Json;
use crate::kit::list_page::list_page;
use crate::kit::text::{clean, is_danish_decimal};
use crate::kit::validate::Check;
use crate::kit::version::Versioned;
use crate::session::Staff;
use crate::state::AppState;

const VERSIONED: Versioned = Versioned {
    table: "custom_fields",
    what: "Feltet",
};

pub const TYPES: [&str; 9] = [
    "Text", "RichText", "Number", "Dropdown", "Date", "DateTime", "Time", "Checkbox", "Upload",
];
const COLUMNS: &str = r#"t.id AS "id", t.title AS "title", t.category_ids AS "categoryIds", t.type AS "type", t.sorting AS "sorting",
    t."values" AS "values", t.default_value AS "defaultValue", t.version AS "version""#;

const LIST: ListSpec = ListSpec {
    from: "custom_fields t",
    club: Some("t.client_id"),
    columns: r#"t.id AS "Id", t.title AS "Title", t.type AS "Type", t.sorting AS "Sorting""#,
    key: "t.id",
    filters: &[],
    search: Search::Columns(&["t.title"]),
    sorts: &[
        SortColumn::nullable("Title", "lower(t.title)"),
        SortColumn::nullable("Type", "t.type"),
        SortColumn::nullable("Sorting", "t.sorting"),
    ],
    default_sort: ("Title", SortDir::Asc),
    count: Count::Exact,
    paging: Paging::Offset,
};

/// A row of the custom fields list.
#[derive(Debug, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
pub struct CustomFieldRow {
    #[serde(rename = "Id")]
    pub id: Uuid,
    #[serde(rename = "Title")]
    pub title: String,
    /// One of `TYPES`.
    #[serde(rename = "Type")]
    pub kind: String,
    #[serde(rename = "Sorting")]
    pub sorting: i32,
}

/// A custom field as its editor and the order and contract forms read it.
#[derive(Debug, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomField {
    pub id: Uuid,
    pub title: String,
    /// The order categories whose orders and contracts show it.
    pub category_ids: Vec<Uuid>,
    /// One of `TYPES`.
    #[serde(rename = "type")]
    pub kind: String,
    pub sorting: i32,
    /// A dropdown's choices.
    pub values: Vec<String>,
    pub default_value: Option<String>,
    /// What a save sends back as `version` (kit::version).
    #[ts(type = "number")]
    pub version: i64,
}

#[utoipa::path(post, path = "/api/orders/fields", tag = "custom fields",
    request_body = ListParams,
    responses((status = 200, body = Page<CustomFieldRow>), (status = 401), (status = 403), (status = 422)))]
pub async fn list_fields(
    staff: Staff,
    params: Json<ListParams>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    list_page::<CustomFieldRow>(&state.pool, &staff, &LIST, &params).await
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct FieldsQuery {
    category_id: Option<String>,
}

/// The fields an order or contract of a category shows, in their order.
#[utoipa::path(get, path = "/api/orders/fields", tag = "custom fields",
    params(FieldsQuery),
    responses((status = 200, description = "in their order", body = Envelope<Vec<CustomField>>), (status = 401), (status = 403), (status = 404)))]
pub async fn fields_of_category(
    staff: Staff,
    query: web::Query<FieldsQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let category = match query.category_id.as_deref() {
        Some(raw) => Some(parse_id(raw)?),
        None => None,
    };
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let rows: Vec<Value> = sqlx::query_scalar(&format!(
        "SELECT to_jsonb(x) FROM (SELECT {COLUMNS} FROM custom_fields t WHERE t.client_id = $1 \
         AND ($2::uuid IS NULL OR $2 = ANY(t.category_ids)) ORDER BY t.sorting, lower(t.title)) x"
    ))
    .bind(staff.client_id)
    .bind(category)
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    let fields = rows
        .into_iter()
        .map(serde_json::from_value::<CustomField>)
        .collect::<Result<Vec<_>, _>>()
        .map_err(ApiError::internal)?;
    Ok(envelope::result(fields))
}

#[utoipa::path(get, path = "/api/orders/fields/{id}", tag = "custom fields",
    params(("id" = String, Path, description = "the row's id (uuid); malformed or another club's → 404")),
    responses((status = 200, body = Envelope<CustomField>), (status = 401), (status = 403), (status = 404)))]
pub async fn get_field(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    get_one::<CustomField>(&state, &staff, "custom_fields", COLUMNS, &path).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FieldInput {
    id: Option<Uuid>,
    title: Option<String>,
    #[serde(default)]
    category_ids: Vec<Uuid>,
    #[serde(rename = "type")]
    kind: Option<String>,
    /// A whole number, or its text.
    #[ts(type = "number | string | null")]
    sorting: Option<Value>,
    #[serde(default)]
    values: Vec<String>,
    default_value: Option<String>,
    /// The version the editor read (GET `version`); required when saving an existing row.
    #[ts(type = "number | null")]
    version: Option<i64>,
}

#[utoipa::path(post, path = "/api/orders/fields/update", tag = "custom fields",
    request_body = FieldInput,
    responses((status = 200, description = "the field's id", body = Envelope<Uuid>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_field(
    staff: Staff,
    body: Json<FieldInput>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let input = body.into_inner();
    let mut check = Check::new();
    let title = check.required_text("title", "Titel", &input.title);
    let kind = check.required_text("type", "Type", &input.kind);
    if kind.as_deref().is_some_and(|k| !TYPES.contains(&k)) {
        check.fail("type", "Type er ugyldig");
    }
    let sorting = match &input.sorting {
        None | Some(Value::Null) => 0,
        Some(Value::Number(n)) if n.as_i64().is_some() => n.as_i64().unwrap_or_default() as i32,
        Some(Value::String(s)) if s.trim().parse::<i32>().is_ok() => {
            s.trim().parse().unwrap_or_default()
        }
        Some(Value::String(s)) if s.trim().is_empty() => 0,
        _ => {
            check.fail("sorting", "Sortering skal være et tal");
            0
        }
    };
    let values: Vec<String> = input
        .values
        .iter()
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
        .collect();
    let default_value = clean(&input.default_value);
    if let Some(default) = &default_value {
        match kind.as_deref() {
            Some("Number") if !is_danish_decimal(default) => {
                check.fail("defaultValue", "Standardværdi skal være et gyldigt tal.")
            }
            Some("Dropdown") if !values.contains(default) => {
                check.fail("defaultValue", "Standardværdi skal være en af værdierne")
            }
            _ => {}
        }
    }
    let mut tx = write_tx(&state, &staff, "custom_fields", input.id).await?;
    if !all_in_club(
        &mut tx,
        "order_categories",
        staff.client_id,
        &input.category_ids,
    )
    .await?
    {
        check.fail("categoryIds", "En kategori findes ikke");
    }
    check.finish()?;
    VERSIONED
        .claim(&mut tx, staff.client_id, input.id, input.version)
        .await?;
    let id: Uuid = sqlx::query_scalar(
        "INSERT INTO custom_fields (id, client_id, title, category_ids, type, sorting, \"values\", default_value, created_by, updated_by) \
         VALUES (coalesce($1, gen_random_uuid()), $2, $3, $4, $5, $6, $7, $8, $9, $9) \
         ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, category_ids = EXCLUDED.category_ids, type = EXCLUDED.type, \
           sorting = EXCLUDED.sorting, \"values\" = EXCLUDED.\"values\", default_value = EXCLUDED.default_value, \
           updated_at = now(), updated_by = EXCLUDED.updated_by RETURNING id",
    )
    .bind(input.id)
    .bind(staff.client_id)
    .bind(&title)
    .bind(&input.category_ids)
    .bind(&kind)
    .bind(sorting)
    .bind(&values)
    .bind(&default_value)
    .bind(staff.user_id())
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(envelope::result(id))
}

#[utoipa::path(delete, path = "/api/orders/fields/{id}", tag = "custom fields",
    params(("id" = String, Path, description = "the row's id (uuid); malformed or another club's → 404")),
    responses((status = 200, body = Ack), (status = 401), (status = 403), (status = 404), (status = 422, description = "still in use")))]
pub async fn delete_field(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    delete_row(
        &state,
        &staff,
        "custom_fields",
        parse_id(&path)?,
        "Feltet er i brug og kan ikke slettes",
    )
    .await
}
