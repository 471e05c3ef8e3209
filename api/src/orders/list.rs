//! The orders list (spec 3 §2 Orders list) and its export `Ordrer.xlsx`, read from `order_rows`.

use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use chrono_tz::Europe::Copenhagen;
use rust_xlsxwriter::{Format, Workbook, XlsxError};
use serde::Serialize;
use sqlx::{Postgres, QueryBuilder};
use tribune_domain::order::{OrderStatus, PaymentStatus};
use tribune_projections::db::club_tx;
use uuid::Uuid;

use super::MODULE;
use crate::envelope::{self, ListParams, SortDir};
use crate::error::ApiError;
use crate::identity::acl::Action;
use crate::kit::input::Json;
use crate::kit::text::like_pattern;
use crate::session::Staff;
use crate::state::AppState;

#[derive(Debug, Serialize, sqlx::FromRow)]
pub struct OrderRow {
    #[serde(rename = "Id")]
    pub id: Uuid,
    #[serde(rename = "OrderNumber")]
    pub order_number: i64,
    #[serde(rename = "Number")]
    pub number: i64,
    #[serde(rename = "Status")]
    pub status: String,
    #[serde(rename = "PaymentStatus")]
    pub payment_status: String,
    #[serde(rename = "IsPOS")]
    pub is_pos: bool,
    #[serde(rename = "Contact")]
    pub contact: Option<String>,
    #[serde(rename = "Firstname")]
    pub firstname: String,
    #[serde(rename = "Lastname")]
    pub lastname: String,
    #[serde(rename = "Company")]
    pub company: Option<String>,
    #[serde(rename = "Event")]
    pub event: Option<String>,
    #[serde(rename = "OrderLines")]
    pub order_lines: i32,
    #[serde(rename = "Total")]
    pub total: i64,
    #[serde(rename = "CreateDate")]
    pub create_date: DateTime<Utc>,
}

const SORTS: &[(&str, &str)] = &[
    ("Number", "t.number"),
    ("OrderNumber", "t.number"),
    ("Status", "t.status"),
    ("PaymentStatus", "t.payment_status"),
    ("Contact", "lower(t.firstname || ' ' || t.lastname)"),
    ("Company", "lower(c.name)"),
    ("Event", "t.event_title"),
    ("Total", "t.total"),
    ("CreateDate", "t.created_at"),
];

const COLUMNS: &str = "t.id, t.number AS order_number, t.number, t.status, t.payment_status, t.is_pos, \
    nullif(trim(coalesce(k.firstname, t.firstname) || ' ' || coalesce(k.lastname, t.lastname)), '') AS contact, \
    t.firstname, t.lastname, c.name AS company, t.event_title AS event, t.line_count AS order_lines, t.total, \
    t.created_at AS create_date";

/// Columns that are never null sort with the number as tie-breaker in the same direction, so an
/// index `(client_id, column, number)` serves both directions without sorting 200,000 rows.
const NOT_NULL: &[&str] = &[
    "Number",
    "OrderNumber",
    "Status",
    "PaymentStatus",
    "Total",
    "CreateDate",
];

fn order_clause(params: &ListParams) -> String {
    let order = params.order_by(SORTS, ("Number", SortDir::Desc));
    let (field, dir) = params
        .sort
        .as_ref()
        .filter(|s| {
            SORTS
                .iter()
                .any(|(name, _)| name.eq_ignore_ascii_case(&s.field))
        })
        .map(|s| (s.field.as_str(), s.dir))
        .unwrap_or(("Number", SortDir::Desc));
    if field.eq_ignore_ascii_case("Number") || field.eq_ignore_ascii_case("OrderNumber") {
        order
    } else if NOT_NULL.iter().any(|n| n.eq_ignore_ascii_case(field)) {
        format!("{order}, t.number {}", dir.sql())
    } else {
        format!("{order} NULLS LAST, t.number DESC")
    }
}

/// A search shows at most the newest this-many matching orders (its Total says so): enough to
/// page through, and cheap even when a common name matches a tenth of 200,000 orders.
pub const SEARCH_CAP: i64 = 1_000;

fn by_number(params: &ListParams) -> bool {
    params.sort.as_ref().is_none_or(|s| {
        s.field.eq_ignore_ascii_case("Number") || s.field.eq_ignore_ascii_case("OrderNumber")
    })
}

fn filtered<'a>(
    client_id: Uuid,
    params: &ListParams,
    head: &str,
    search_cap: i64,
) -> QueryBuilder<'a, Postgres> {
    let mut q = QueryBuilder::new("");
    push_filtered(&mut q, client_id, params, head, search_cap);
    q
}

/// `{head} FROM order_rows t (with company c and contact k) WHERE` the club, search and status.
fn push_filtered(
    q: &mut QueryBuilder<'_, Postgres>,
    client_id: Uuid,
    params: &ListParams,
    head: &str,
    search_cap: i64,
) {
    q.push(format!(
        "{head} FROM order_rows t LEFT JOIN companies c ON c.id = t.company_id \
         LEFT JOIN contacts k ON k.id = t.contact_id WHERE t.client_id = "
    ));
    q.push_bind(client_id);
    if let Some(search) = params.search() {
        // Through the trigram index; see schema/0011 for why a function.
        q.push(" AND t.id IN (SELECT id FROM order_search(")
            .push_bind(like_pattern(&search.to_lowercase()))
            .push(", ")
            .push_bind(search_cap as i32)
            .push("))");
    }
    if let Some(status) = params.filter.get("status").and_then(|s| s.as_str()) {
        q.push(" AND t.status = ").push_bind(status.to_string());
    }
    if let Some(company) = company_filter(params) {
        q.push(" AND t.company_id = ").push_bind(company);
    }
}

/// `filter.companyId` (the company page's 'Vis alle'); an id that is not a uuid matches nothing.
fn company_filter(params: &ListParams) -> Option<Uuid> {
    params
        .filter
        .get("companyId")
        .and_then(|c| c.as_str())
        .filter(|c| !c.is_empty())
        .map(|c| c.parse().unwrap_or(Uuid::nil()))
}

async fn rows(
    state: &AppState,
    staff: &Staff,
    params: &ListParams,
    limit: Option<(i64, i64)>,
) -> Result<(Vec<OrderRow>, i64), ApiError> {
    staff.authorize(state, MODULE, Action::Read).await?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let status = params.filter.get("status").and_then(|s| s.as_str());
    let total: i64 = if params.search().is_none() && company_filter(params).is_none() {
        // Kept per club and status by the projection: no counting of every row.
        sqlx::query_scalar(
            "SELECT coalesce(sum(orders), 0)::bigint FROM order_counts WHERE client_id = $1 \
             AND ($2::text IS NULL OR status = $2)",
        )
        .bind(staff.client_id)
        .bind(status)
        .fetch_one(&mut *tx)
        .await?
    } else {
        filtered(staff.client_id, params, "SELECT count(*)", SEARCH_CAP)
            .build_query_scalar()
            .fetch_one(&mut *tx)
            .await?
    };
    let order = order_clause(params);
    let mut q = match limit {
        // Deferred join: the page's ids come from the index alone, then only their rows are read.
        Some((per_page, offset)) => {
            let cap = if by_number(params) {
                (offset + per_page).min(SEARCH_CAP)
            } else {
                SEARCH_CAP
            };
            let mut q = QueryBuilder::new(format!(
                "SELECT {COLUMNS} FROM order_rows t LEFT JOIN companies c ON c.id = t.company_id \
                 LEFT JOIN contacts k ON k.id = t.contact_id WHERE t.id IN ("
            ));
            push_filtered(&mut q, staff.client_id, params, "SELECT t.id", cap);
            q.push(format!(" ORDER BY {order} LIMIT "))
                .push_bind(per_page)
                .push(" OFFSET ")
                .push_bind(offset)
                .push(format!(") ORDER BY {order}"));
            q
        }
        None => {
            let mut q = filtered(
                staff.client_id,
                params,
                &format!("SELECT {COLUMNS}"),
                SEARCH_CAP,
            );
            q.push(format!(" ORDER BY {order}"));
            q
        }
    };
    let rows: Vec<OrderRow> = q.build_query_as().fetch_all(&mut *tx).await?;
    tx.commit().await?;
    Ok((rows, total))
}

#[utoipa::path(post, path = "/api/orders", tag = "orders", request_body = ListParams,
    responses((status = 200, description = "{Result: OrderRow[], TotalPages, Total}")))]
pub async fn list_orders(
    staff: Staff,
    body: Json<ListParams>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let params = body.into_inner();
    let (rows, total) = rows(
        &state,
        &staff,
        &params,
        Some((params.per_page(), params.offset())),
    )
    .await?;
    Ok(envelope::page(rows, total, params.per_page()))
}

fn status_label(status: &str) -> &'static str {
    serde_json::from_value::<OrderStatus>(serde_json::Value::String(status.into()))
        .map(OrderStatus::label)
        .unwrap_or("")
}

fn payment_label(status: &str) -> &'static str {
    serde_json::from_value::<PaymentStatus>(serde_json::Value::String(status.into()))
        .map(PaymentStatus::label)
        .unwrap_or("")
}

pub fn orders_workbook(rows: &[OrderRow]) -> Result<Vec<u8>, XlsxError> {
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.set_name("Ordrer")?;
    let bold = Format::new().set_bold();
    let money = Format::new().set_num_format("#,##0.00");
    let headers = [
        "Status",
        "Nummer",
        "Betaling",
        "Kontaktperson",
        "Virksomhed",
        "Arrangement",
        "Pris",
        "Dato",
    ];
    for (col, header) in headers.iter().enumerate() {
        sheet.write_string_with_format(0, col as u16, *header, &bold)?;
    }
    for (i, row) in rows.iter().enumerate() {
        let r = (i + 1) as u32;
        let contact = if row.is_pos {
            "Billetsalg".to_string()
        } else {
            row.contact.clone().unwrap_or_default()
        };
        sheet.write_string(r, 0, status_label(&row.status))?;
        sheet.write_number(r, 1, row.number as f64)?;
        sheet.write_string(r, 2, payment_label(&row.payment_status))?;
        sheet.write_string(r, 3, contact)?;
        sheet.write_string(r, 4, row.company.clone().unwrap_or_default())?;
        sheet.write_string(r, 5, row.event.clone().unwrap_or_default())?;
        // Øre → kroner for the spreadsheet: exact for any amount below 2^53 øre.
        sheet.write_number_with_format(r, 6, row.total as f64 / 100.0, &money)?;
        sheet.write_string(
            r,
            7,
            row.create_date
                .with_timezone(&Copenhagen)
                .format("%d-%m-%Y %H:%M")
                .to_string(),
        )?;
    }
    sheet.autofit();
    workbook.save_to_buffer()
}

#[utoipa::path(post, path = "/api/orders/export", tag = "orders", request_body = ListParams,
    responses((status = 200, description = "Ordrer.xlsx")))]
pub async fn export_orders(
    staff: Staff,
    body: Json<ListParams>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (rows, _) = rows(&state, &staff, &body, None).await?;
    let bytes = orders_workbook(&rows).map_err(ApiError::internal)?;
    Ok(HttpResponse::Ok()
        .content_type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
        .insert_header((
            "Content-Disposition",
            "attachment; filename=\"Ordrer.xlsx\"",
        ))
        .body(bytes))
}
