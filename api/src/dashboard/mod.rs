//! The back-office home's widgets (spec 1 §2 Dashboard and its widget list; §7 `/api/dashboard/…`).
//! This area serves the sales widgets: 'Kommende genforhandlinger' (approved contracts by renewal
//! date, module orders) and 'Opfølgning på leads' (companies by follow-up date with their owner,
//! module companies), and the finance widgets (module orders): 'Næste faktureringer', the four
//! bar charts and the pie, read from the async `finance` projection (amounts in øre without VAT).

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use tribune_projections::contract::queries::{RenegotiationRow, RENEGOTIATIONS};
use tribune_projections::db::club_tx;
use tribune_projections::finance::queries::{
    invoiced_status, per_month, per_product, this_year, Chart, PlannedInvoiceRow, Source,
    PLANNED_INVOICES,
};
use tribune_projections::list::{Count, ListSpec, Paging, Search, SortColumn, SortDir};
use utoipa::OpenApi;
use uuid::Uuid;

use crate::envelope::{self, Envelope, ListParams, Page};
use crate::error::ApiError;
use crate::kit::input::Json;
use crate::kit::reads::Reads;
use crate::kit::routes::{Access, Area, Routes};
use crate::session::Staff;

pub mod widgets;

/// The home's choice of widgets: anyone whose role may read the dashboard module.
const HOME: Access = Access::read("dashboard");

pub const AREA: Area = Area {
    name: "dashboard",
    configure,
    doc: DashboardDoc::openapi,
    history: &[],
};

pub fn configure(routes: &mut Routes) {
    routes
        .get("/api/dashboard/widgets", HOME, widgets::widgets)
        // The caller's own choice: it changes only what their home shows.
        .post("/api/dashboard/widgets", HOME, widgets::choose)
        .post(
            "/api/dashboard/renegotiations",
            Access::read("orders"),
            renegotiations,
        )
        .stale_ok()
        .post(
            "/api/dashboard/leads-followup",
            Access::read("companies"),
            leads_followup,
        )
        .stale_ok()
        .post(
            "/api/dashboard/invoices",
            Access::read("orders"),
            planned_invoices,
        )
        .stale_ok()
        .post(
            "/api/dashboard/invoiced-amount",
            Access::read("orders"),
            invoiced_amount,
        )
        .stale_ok()
        .post(
            "/api/dashboard/products-amount",
            Access::read("orders"),
            products_amount,
        )
        .stale_ok()
        .post(
            "/api/dashboard/contract-sales-amount",
            Access::read("orders"),
            contract_sales_amount,
        )
        .stale_ok()
        .post(
            "/api/dashboard/contract-products-amount",
            Access::read("orders"),
            contract_products_amount,
        )
        .stale_ok()
        .post(
            "/api/dashboard/invoiced-status",
            Access::read("orders"),
            invoiced_status_chart,
        )
        .stale_ok();
}

#[derive(OpenApi)]
#[openapi(
    paths(
        renegotiations,
        leads_followup,
        planned_invoices,
        invoiced_amount,
        products_amount,
        contract_sales_amount,
        contract_products_amount,
        invoiced_status_chart,
        widgets::widgets,
        widgets::choose
    ),
    components(schemas(
        YearQuery,
        widgets::DashboardWidgets,
        widgets::WidgetChoice,
        widgets::ChosenBy,
        widgets::EventsWidget
    ))
)]
pub struct DashboardDoc;

#[utoipa::path(post, path = "/api/dashboard/renegotiations", tag = "dashboard", request_body = ListParams,
    responses((status = 200, description = "contracts up for renewal", body = Page<RenegotiationRow>)))]
pub async fn renegotiations(
    staff: Staff,
    params: Json<ListParams>,
    reads: Reads,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(reads.pool(), staff.client_id).await?;
    let (rows, total) = RENEGOTIATIONS
        .page::<RenegotiationRow>(&mut tx, Some(staff.client_id), &params)
        .await?;
    tx.commit().await?;
    Ok(envelope::page(rows, total, params.per_page()))
}

/// A company to follow up on.
#[derive(Debug, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
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
    responses((status = 200, description = "companies whose follow-up day has come", body = Page<LeadRow>)))]
pub async fn leads_followup(
    staff: Staff,
    params: Json<ListParams>,
    reads: Reads,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(reads.pool(), staff.client_id).await?;
    let (rows, total) = LEADS
        .page::<LeadRow>(&mut tx, Some(staff.client_id), &params)
        .await?;
    tx.commit().await?;
    Ok(envelope::page(rows, total, params.per_page()))
}

#[utoipa::path(post, path = "/api/dashboard/invoices", tag = "dashboard", request_body = ListParams,
    responses((status = 200, description = "the contract plans' invoices not made yet, soonest first", body = Page<PlannedInvoiceRow>)))]
pub async fn planned_invoices(
    staff: Staff,
    params: Json<ListParams>,
    reads: Reads,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(reads.pool(), staff.client_id).await?;
    let (rows, total) = PLANNED_INVOICES
        .page::<PlannedInvoiceRow>(&mut tx, Some(staff.client_id), &params)
        .await?;
    tx.commit().await?;
    Ok(envelope::page(rows, total, params.per_page()))
}

/// `?year=` (this year in Denmark when left out).
#[derive(Debug, Deserialize, utoipa::ToSchema, utoipa::IntoParams)]
pub struct YearQuery {
    pub year: Option<i32>,
}

impl YearQuery {
    fn year(&self) -> Result<i32, ApiError> {
        match self.year {
            None => Ok(this_year()),
            Some(year) if (2000..=2100).contains(&year) => Ok(year),
            Some(_) => Err(ApiError::field(
                "year",
                "Året skal ligge mellem 2000 og 2100",
            )),
        }
    }
}

/// How many products a bar chart names before it sums the rest as 'Øvrige'.
const PRODUCTS_SHOWN: usize = 12;

async fn chart(
    staff: &Staff,
    reads: &Reads,
    year: &YearQuery,
    read: ChartKind,
) -> Result<HttpResponse, ApiError> {
    let year = year.year()?;
    let mut tx = club_tx(reads.pool(), staff.client_id).await?;
    let chart: Chart = match read {
        ChartKind::Month(source) => per_month(&mut tx, staff.client_id, source, year).await?,
        ChartKind::Product(source) => {
            per_product(&mut tx, staff.client_id, source, year, PRODUCTS_SHOWN).await?
        }
        ChartKind::Status => invoiced_status(&mut tx, staff.client_id, year).await?,
    };
    tx.commit().await?;
    Ok(envelope::result(chart))
}

enum ChartKind {
    Month(Source),
    Product(Source),
    Status,
}

#[utoipa::path(post, path = "/api/dashboard/invoiced-amount", tag = "dashboard", params(YearQuery),
    responses((status = 200, description = "booked invoices less credit notes per month ('YYYY-MM'), øre without VAT", body = Envelope<Chart>), (status = 422)))]
pub async fn invoiced_amount(
    staff: Staff,
    year: web::Query<YearQuery>,
    reads: Reads,
) -> Result<HttpResponse, ApiError> {
    chart(&staff, &reads, &year, ChartKind::Month(Source::Invoiced)).await
}

#[utoipa::path(post, path = "/api/dashboard/products-amount", tag = "dashboard", params(YearQuery),
    responses((status = 200, description = "invoiced per product, largest first", body = Envelope<Chart>), (status = 422)))]
pub async fn products_amount(
    staff: Staff,
    year: web::Query<YearQuery>,
    reads: Reads,
) -> Result<HttpResponse, ApiError> {
    chart(&staff, &reads, &year, ChartKind::Product(Source::Invoiced)).await
}

#[utoipa::path(post, path = "/api/dashboard/contract-sales-amount", tag = "dashboard", params(YearQuery),
    responses((status = 200, description = "approved contracts by the month they start ('YYYY-MM'), øre without VAT", body = Envelope<Chart>), (status = 422)))]
pub async fn contract_sales_amount(
    staff: Staff,
    year: web::Query<YearQuery>,
    reads: Reads,
) -> Result<HttpResponse, ApiError> {
    chart(
        &staff,
        &reads,
        &year,
        ChartKind::Month(Source::ContractSales),
    )
    .await
}

#[utoipa::path(post, path = "/api/dashboard/contract-products-amount", tag = "dashboard", params(YearQuery),
    responses((status = 200, description = "contract sales per product, largest first", body = Envelope<Chart>), (status = 422)))]
pub async fn contract_products_amount(
    staff: Staff,
    year: web::Query<YearQuery>,
    reads: Reads,
) -> Result<HttpResponse, ApiError> {
    chart(
        &staff,
        &reads,
        &year,
        ChartKind::Product(Source::ContractSales),
    )
    .await
}

#[utoipa::path(post, path = "/api/dashboard/invoiced-status", tag = "dashboard", params(YearQuery),
    responses((status = 200, description = "labels ['Faktureret', 'Resterende'], series [invoiced, still planned], total", body = Envelope<Chart>), (status = 422)))]
pub async fn invoiced_status_chart(
    staff: Staff,
    year: web::Query<YearQuery>,
    reads: Reads,
) -> Result<HttpResponse, ApiError> {
    chart(&staff, &reads, &year, ChartKind::Status).await
}
