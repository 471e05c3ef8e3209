//! The back-office home's widgets (spec 1 §2 Dashboard and its widget list; §7 `/api/dashboard/…`).
//! This area serves the sales widgets: 'Kommende genforhandlinger' (approved contracts by renewal
//! date, module orders) and 'Opfølgning på leads' (companies by follow-up date with their owner,
//! module companies). The invoice widgets come with the invoices.

use actix_web::{web, HttpResponse};
use serde::Serialize;
use tribune_projections::contract::queries::{RenegotiationRow, RENEGOTIATIONS};
use tribune_projections::db::club_tx;
use tribune_projections::list::{Count, ListSpec, Paging, Search, SortColumn, SortDir};
use utoipa::OpenApi;
use uuid::Uuid;

use crate::envelope::{self, ListParams};
use crate::error::ApiError;
use crate::kit::input::Json;
use crate::kit::routes::{Access, Area, Routes};
use crate::session::Staff;
use crate::state::AppState;

pub const AREA: Area = Area {
    name: "dashboard",
    configure,
    doc: DashboardDoc::openapi,
    history: &[],
};

pub fn configure(routes: &mut Routes) {
    routes
        .post(
            "/api/dashboard/renegotiations",
            Access::read("orders"),
            renegotiations,
        )
        .post(
            "/api/dashboard/leads-followup",
            Access::read("companies"),
            leads_followup,
        );
}

#[derive(OpenApi)]
#[openapi(paths(renegotiations, leads_followup))]
pub struct DashboardDoc;

#[utoipa::path(post, path = "/api/dashboard/renegotiations", tag = "dashboard", request_body = ListParams,
    responses((status = 200, description = "{Result: {id, contractNumber, name, renewDate}[], TotalPages, Total}")))]
pub async fn renegotiations(
    staff: Staff,
    params: Json<ListParams>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let (rows, total) = RENEGOTIATIONS
        .page::<RenegotiationRow>(&mut tx, Some(staff.client_id), &params)
        .await?;
    tx.commit().await?;
    Ok(envelope::page(rows, total, params.per_page()))
}

/// A company to follow up on.
#[derive(Debug, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct LeadRow {
    pub id: Uuid,
    pub name: String,
    pub owner: Option<String>,
    pub follow_up_date: chrono::NaiveDate,
}

/// Companies with a follow-up date, soonest (and overdue) first.
const LEADS: ListSpec = ListSpec {
    from: "companies t LEFT JOIN users u ON u.id = t.owner_id",
    club: Some("t.client_id"),
    columns: "t.id, t.name, nullif(trim(u.firstname || ' ' || u.lastname), '') AS owner, t.follow_up_date",
    key: "t.id",
    filters: &[tribune_projections::list::Filter::Custom(with_follow_up)],
    search: Search::None,
    sorts: &[
        SortColumn::of("FollowUpDate", "t.follow_up_date"),
        SortColumn::of("Name", "lower(t.name)"),
    ],
    default_sort: ("FollowUpDate", SortDir::Asc),
    count: Count::Exact,
    paging: Paging::Offset,
};

fn with_follow_up(
    _: &serde_json::Value,
    builder: &mut sqlx::QueryBuilder<'static, sqlx::Postgres>,
) -> Result<(), tribune_projections::list::FilterError> {
    builder.push(" AND t.follow_up_date IS NOT NULL");
    Ok(())
}

#[utoipa::path(post, path = "/api/dashboard/leads-followup", tag = "dashboard", request_body = ListParams,
    responses((status = 200, description = "{Result: {id, name, owner, followUpDate}[], TotalPages, Total}")))]
pub async fn leads_followup(
    staff: Staff,
    params: Json<ListParams>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let (rows, total) = LEADS
        .page::<LeadRow>(&mut tx, Some(staff.client_id), &params)
        .await?;
    tx.commit().await?;
    Ok(envelope::page(rows, total, params.per_page()))
}
