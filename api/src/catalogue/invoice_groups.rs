//! Invoice groups (spec 3 §3 Invoice group, §5).

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
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

const COLUMNS: &str = r#"t.id AS "id", t.title AS "title", t.sku AS "sku", t.sorting AS "sorting", t.vat_exempt AS "vatExempt", t.version AS "version""#;

const VERSIONED: Versioned = Versioned {
    table: "invoice_groups",
    what: "Fakturagruppen",
};

const LIST: ListSpec = ListSpec {
    from: "invoice_groups t",
    club: Some("t.client_id"),
    columns: r#"t.id AS "Id", t.title AS "Title", t.sku AS "Sku", t.sorting AS "Sorting", t.vat_exempt AS "VatExempt""#,
    key: "t.id",
    filters: &[],
    search: Search::Columns(&["t.title", "t.sku"]),
    sorts: &[
        SortColumn::nullable("Title", "lower(t.title)"),
        SortColumn::nullable("Sku", "t.sku"),
        SortColumn::nullable("Sorting", "t.sorting"),
    ],
    default_sort: ("Title", SortDir::Asc),
    count: Count::Exact,
    paging: Paging::Offset,
};

/// A row of the invoice groups list.
#[derive(Debug, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
pub struct InvoiceGroupRow {
    #[serde(rename = "Id")]
    pub id: Uuid,
    #[serde(rename = "Title")]
    pub title: String,
    #[serde(rename = "Sku")]
    pub sku: Option<String>,
    #[serde(rename = "Sorting")]
    pub sorting: i32,
    #[serde(rename = "VatExempt")]
    pub vat_exempt: bool,
}

/// An invoice group as its editor reads it.
#[derive(Debug, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceGroup {
    pub id: Uuid,
    pub title: String,
    pub sku: Option<String>,
    pub sorting: i32,
    pub vat_exempt: bool,
    /// What a save sends back as `version` (kit::version).
    #[ts(type = "number")]
    pub version: i64,
}

#[utoipa::path(post, path = "/api/products/invoicegroups", tag = "invoice groups",
    request_body = ListParams,
    responses((status = 200, body = Page<InvoiceGroupRow>), (status = 401), (status = 403), (status = 422)))]
pub async fn list_invoice_groups(
    staff: Staff,
    params: Json<ListParams>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    list_page::<InvoiceGroupRow>(&state.pool, &staff, &LIST, &params).await
}

#[utoipa::path(get, path = "/api/products/invoicegroups", tag = "invoice groups",
    responses((status = 200, description = "by title", body = Envelope<Vec<Choice>>), (status = 401), (status = 403)))]
pub async fn all_invoice_groups(
    staff: Staff,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    all_options(&state, &staff, "invoice_groups", "").await
}

#[utoipa::path(get, path = "/api/products/invoicegroups/{id}", tag = "invoice groups",
    params(("id" = String, Path, description = "the row's id (uuid); malformed or another club's → 404")),
    responses((status = 200, body = Envelope<InvoiceGroup>), (status = 401), (status = 403), (status = 404)))]
pub async fn get_invoice_group(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    get_one::<InvoiceGroup>(&state, &staff, "invoice_groups", COLUMNS, &path).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct InvoiceGroupInput {
    id: Option<Uuid>,
    title: Option<String>,
    sku: Option<String>,
    sorting: Option<i32>,
    #[serde(default)]
    vat_exempt: bool,
    /// The version the editor read (GET `version`); required when saving an existing row.
    #[ts(type = "number | null")]
    version: Option<i64>,
}

#[utoipa::path(post, path = "/api/products/invoicegroups/update", tag = "invoice groups",
    request_body = InvoiceGroupInput,
    responses((status = 200, description = "the group's id", body = Envelope<Uuid>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_invoice_group(
    staff: Staff,
    body: Json<InvoiceGroupInput>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let input = body.into_inner();
    let mut check = Check::new();
    let title = check.required_text("title", "Titel", &input.title);
    check.finish()?;
    let mut tx = write_tx(&state, &staff, "invoice_groups", input.id).await?;
    VERSIONED
        .claim(&mut tx, staff.client_id, input.id, input.version)
        .await?;
    let id: Uuid = sqlx::query_scalar(
        "INSERT INTO invoice_groups (id, client_id, title, sku, sorting, vat_exempt, created_by, updated_by) \
         VALUES (coalesce($1, gen_random_uuid()), $2, $3, $4, $5, $6, $7, $7) \
         ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, sku = EXCLUDED.sku, sorting = EXCLUDED.sorting, \
           vat_exempt = EXCLUDED.vat_exempt, updated_at = now(), updated_by = EXCLUDED.updated_by RETURNING id",
    )
    .bind(input.id)
    .bind(staff.client_id)
    .bind(&title)
    .bind(clean(&input.sku))
    .bind(input.sorting.unwrap_or(0))
    .bind(input.vat_exempt)
    .bind(staff.user_id())
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(envelope::result(id))
}

#[utoipa::path(delete, path = "/api/products/invoicegroups/{id}", tag = "invoice groups",
    params(("id" = String, Path, description = "the row's id (uuid); malformed or another club's → 404")),
    responses((status = 200, body = Ack), (status = 401), (status = 403), (status = 404), (status = 422, description = "still in use")))]
pub async fn delete_invoice_group(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    delete_row(
        &state,
        &staff,
        "invoice_groups",
        parse_id(&path)?,
        "Gruppen bruges af produkter og kan ikke slettes",
    )
    .await
}
