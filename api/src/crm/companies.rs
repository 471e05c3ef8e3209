//! Companies (spec 1 §2 Companies, §3 Company, §5, §7 Companies).

use actix_web::{web, HttpResponse};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use sqlx::{PgConnection, PgPool};
use tribune_domain::money::Money;
use tribune_projections::db::club_tx;
use uuid::Uuid;

use super::extra_info;
use crate::envelope::{self, Ack, Envelope, EnvelopeWithData, ListParams, Page, SortDir};
use crate::error::{ApiError, FieldErrors};
use crate::export::{self, Cell, Column};
use crate::identity::clients;
use crate::integrations::cvr::CvrCompany;
use crate::kit::club::all_in_club;
use crate::kit::files;
use crate::kit::ids::parse_id;
use crate::kit::image_slot::{keep_or_remove, ImageSlot};
use crate::kit::input::{Json, Submitted};
use crate::kit::openapi::MultipartUpdate;
use crate::kit::reads::Reads;
use crate::kit::text::{clean, search_pattern};
use crate::kit::validate::Check;
use crate::kit::version::Versioned;
use crate::session::Staff;
use crate::state::AppState;
use tribune_projections::contract::queries as contract_queries;
use tribune_projections::list::{Count, Filter, ListSpec, Paging, Rows, Search, SortColumn};
use tribune_projections::order::queries as order_queries;

const VERSIONED: Versioned = Versioned {
    table: "companies",
    what: "Virksomheden",
};

pub const STATUSES: [(i32, &str); 4] = [
    (0, "Lead"),
    (1, "Kunde"),
    (2, "Under forhandling"),
    (99, "Opsagt"),
];

pub fn status_label(status: i32) -> &'static str {
    STATUSES
        .iter()
        .find(|(s, _)| *s == status)
        .map(|(_, l)| *l)
        .unwrap_or("")
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
pub struct CompanyListRow {
    #[serde(rename = "Id")]
    pub id: Uuid,
    #[serde(rename = "Name")]
    pub name: String,
    #[serde(rename = "CVR")]
    pub cvr: Option<String>,
    #[serde(rename = "Address")]
    pub address: Option<String>,
    #[serde(rename = "ZipCode")]
    pub zip_code: Option<String>,
    #[serde(rename = "City")]
    pub city: Option<String>,
    #[serde(rename = "Email")]
    pub email: Option<String>,
    #[serde(rename = "Phone")]
    pub phone: Option<String>,
    #[serde(rename = "FollowUpDate")]
    pub follow_up_date: Option<NaiveDate>,
    #[serde(rename = "Utilization")]
    pub utilization: i32,
    #[serde(rename = "LogoWeb")]
    pub logo_web: Option<String>,
    #[serde(rename = "Status")]
    pub status: i32,
}

/// The companies list: the club's companies with their ticket utilization, searched through the
/// lowercased `search_text` column (trigram index).
const COMPANIES: ListSpec = ListSpec {
    // Tickets used this season against the company's ticket limits, in percent (schema 0035); a
    // company without limits has used none, which costs nothing to say.
    from: "(SELECT c.*, CASE WHEN c.ticket_limits = '{}'::jsonb THEN 0 \
             ELSE company_ticket_utilization(c.client_id, c.id) END AS utilization FROM companies c) c",
    club: Some("c.client_id"),
    columns: "c.id, c.name, c.cvr, c.address, c.zip_code, c.city, c.email, c.phone, c.follow_up_date, \
     c.utilization, CASE WHEN c.logo_web IS NULL THEN NULL ELSE '/api/files/download/' || c.logo_web END AS logo_web, c.status",
    key: "c.id",
    filters: &[Filter::Int {
        name: "status",
        column: "c.status",
    }],
    search: Search::Text("c.search_text"),
    sorts: &[
        SortColumn::of("Name", "lower(c.name)"),
        SortColumn::nullable("CVR", "c.cvr"),
        SortColumn::nullable("Address", "lower(c.address)"),
        SortColumn::nullable("ZipCode", "c.zip_code"),
        SortColumn::nullable("City", "lower(c.city)"),
        SortColumn::nullable("Email", "lower(c.email)"),
        SortColumn::nullable("Phone", "c.phone"),
        SortColumn::nullable("FollowUpDate", "c.follow_up_date"),
        SortColumn::of("Utilization", "c.utilization"),
    ],
    default_sort: ("Name", SortDir::Asc),
    count: Count::Exact,
    paging: Paging::Offset,
};

#[utoipa::path(post, path = "/api/companies", tag = "companies", request_body = ListParams, responses((status = 200, body = Page<CompanyListRow>)))]
pub async fn list_companies(
    staff: Staff,
    params: Json<ListParams>,
    reads: Reads,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(reads.pool(), staff.client_id).await?;
    let (rows, total) = COMPANIES
        .page::<CompanyListRow>(&mut tx, Some(staff.client_id), &params)
        .await?;
    tx.commit().await?;
    Ok(envelope::page(rows, total, params.per_page()))
}

/// The columns of `Virksomheder.xlsx`.
const EXPORT: &[Column<CompanyListRow>] = &[
    Column {
        header: "Navn",
        cell: |r| Cell::Text(r.name.clone()),
    },
    Column {
        header: "CVR",
        cell: |r| Cell::text(&r.cvr),
    },
    Column {
        header: "Adresse",
        cell: |r| Cell::text(&r.address),
    },
    Column {
        header: "Postnr",
        cell: |r| Cell::text(&r.zip_code),
    },
    Column {
        header: "By",
        cell: |r| Cell::text(&r.city),
    },
    Column {
        header: "E-mail",
        cell: |r| Cell::text(&r.email),
    },
    Column {
        header: "Telefon",
        cell: |r| Cell::text(&r.phone),
    },
    Column {
        header: "Opfølgning",
        cell: |r| Cell::Date(r.follow_up_date),
    },
    Column {
        header: "Udnyttelsesgrad",
        cell: |r| Cell::Number(f64::from(r.utilization)),
    },
    Column {
        header: "Status",
        cell: |r| Cell::Text(status_label(r.status).into()),
    },
];

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ExportParams {
    #[serde(default)]
    #[schema(value_type = Object)]
    pub filter: Value,
    pub sort: Option<crate::envelope::Sort>,
}

#[utoipa::path(post, path = "/api/companies/export", tag = "companies", request_body = ExportParams,
    responses((status = 200, content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = Vec<u8>, description = "Virksomheder.xlsx")))]
pub async fn export_companies(
    staff: Staff,
    body: Json<ExportParams>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let params = ListParams {
        filter: body.filter,
        sort: body.sort,
        page: 1,
        per_page: 1000,
    };
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let rows: Vec<CompanyListRow> = COMPANIES
        .rows(&mut tx, Some(staff.client_id), &params, Rows::All)
        .await?;
    tx.commit().await?;
    let bytes = export::workbook("Virksomheder", EXPORT, &rows).map_err(ApiError::internal)?;
    Ok(export::xlsx("Virksomheder.xlsx", bytes))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    pub search: Option<String>,
    /// Instead of a search, these companies (`a,b,…`): a picker's chosen ones.
    pub ids: Option<String>,
}

/// A company as the company picker shows it.
#[derive(Debug, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
pub struct CompanyPick {
    pub id: Uuid,
    pub name: String,
    pub cvr: Option<String>,
    pub city: Option<String>,
}

#[utoipa::path(get, path = "/api/companies", tag = "companies", params(SearchQuery), responses((status = 200, description = "at most 50 (200 when `ids` names them)", body = Envelope<Vec<CompanyPick>>)))]
pub async fn search_companies(
    staff: Staff,
    query: web::Query<SearchQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let ids = crate::kit::ids::id_list(query.ids.as_deref())?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let picks: Vec<CompanyPick> = sqlx::query_as(
        "SELECT id, name, cvr, city FROM companies WHERE client_id = $1 \
         AND ($2::text IS NULL OR name ILIKE $2 OR cvr ILIKE $2) AND ($3::uuid[] IS NULL OR id = ANY($3)) \
         ORDER BY lower(name) LIMIT CASE WHEN $3::uuid[] IS NULL THEN 50 ELSE 200 END",
    )
    .bind(staff.client_id)
    .bind(search_pattern(&query.search))
    .bind(ids)
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(envelope::result(picks))
}

/// A contact as the pickers and the company's contacts card show it.
#[derive(Debug, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactPick {
    pub id: Uuid,
    pub firstname: String,
    pub lastname: String,
    pub email: String,
    pub phone: Option<String>,
    pub mobile: Option<String>,
}

#[derive(Debug, sqlx::FromRow)]
struct CompanyRow {
    id: Uuid,
    name: String,
    cvr: Option<String>,
    ean: Option<String>,
    address: Option<String>,
    zip_code: Option<String>,
    city: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    website: Option<String>,
    status: i32,
    follow_up_date: Option<NaiveDate>,
    vat_excluded: bool,
    use_ean: bool,
    logo_web: Option<Uuid>,
    logo_print: Option<Uuid>,
    extra_info: Value,
    ticket_limits: Value,
    owner_id: Option<Uuid>,
    version: i64,
}

/// A company as its editor reads it (GET /api/companies/{id}).
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyDto {
    pub id: Uuid,
    pub name: String,
    pub cvr: Option<String>,
    pub ean: Option<String>,
    pub address: Option<String>,
    pub zip_code: Option<String>,
    pub city: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub website: Option<String>,
    /// 0 Lead, 1 Kunde, 2 Under forhandling, 99 Opsagt (`STATUSES`).
    pub status: i32,
    pub follow_up_date: Option<NaiveDate>,
    pub vat_excluded: bool,
    #[serde(rename = "useEAN")]
    pub use_ean: bool,
    /// The logo's download address.
    pub logo_web: Option<String>,
    pub logo_print: Option<String>,
    /// By alias: {title, alias, value, values} (`extra_info::normalize`).
    #[ts(type = "Record<string, ExtraInfoEntry>")]
    #[schema(value_type = std::collections::BTreeMap<String, super::extra_info::ExtraInfoEntry>)]
    pub extra_info: Value,
    /// By event type id: the products' limits.
    #[ts(type = "Record<string, Array<TicketLimit>>")]
    #[schema(value_type = std::collections::BTreeMap<String, Vec<TicketLimit>>)]
    pub ticket_limits: Value,
    pub owner_id: Option<Uuid>,
    /// What a save sends back as `version` (kit::version).
    #[ts(type = "number")]
    pub version: i64,
    pub contacts: Vec<ContactPick>,
}

/// One ticket limit of a company: at most `maxAmount` of the product per event of the type.
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketLimit {
    pub product_id: Uuid,
    #[ts(type = "number")]
    pub max_amount: i64,
}

/// An order on the company's page (`order::queries::company_orders`); money in øre.
#[derive(Debug, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyOrder {
    pub id: Uuid,
    #[ts(type = "number")]
    pub order_number: i64,
    pub status: String,
    pub payment_status: String,
    /// When it was created (as the database writes a timestamp).
    pub create_date: String,
    pub subtotal: Money,
    pub additional_fee: Money,
    pub vat: Money,
    pub total: Money,
}

/// A contract on the company's page (`contract::queries::company_contracts`); money in øre.
#[derive(Debug, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyContract {
    pub id: Uuid,
    #[ts(type = "number")]
    pub contract_number: i64,
    pub status: String,
    /// The order category's title.
    pub category: Option<String>,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    pub no_end_date: bool,
    pub renew_date: Option<NaiveDate>,
    pub subtotal: Money,
    pub additional_fee: Money,
    pub total: Money,
}

/// What the company page shows beside the company: its five newest orders and contracts.
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
pub struct CompanyRelations {
    pub orders: Vec<CompanyOrder>,
    pub contracts: Vec<CompanyContract>,
}

/// The read tables' rows as the company page's types.
fn typed<T: serde::de::DeserializeOwned>(rows: Vec<Value>) -> Result<Vec<T>, ApiError> {
    rows.into_iter()
        .map(serde_json::from_value)
        .collect::<Result<Vec<T>, _>>()
        .map_err(ApiError::internal)
}

async fn load(conn: &mut PgConnection, client_id: Uuid, id: Uuid) -> Result<CompanyRow, ApiError> {
    sqlx::query_as(
        "SELECT id, name, cvr, ean, address, zip_code, city, email, phone, website, status, follow_up_date, vat_excluded, \
         use_ean, logo_web, logo_print, extra_info, ticket_limits, owner_id, version FROM companies WHERE client_id = $1 AND id = $2",
    )
    .bind(client_id)
    .bind(id)
    .fetch_optional(conn)
    .await?
    .ok_or(ApiError::NotFound)
}

#[utoipa::path(get, path = "/api/companies/{id}", tag = "companies", responses((status = 200, description = "the company, and its newest orders and contracts", body = EnvelopeWithData<CompanyDto, CompanyRelations>), (status = 404)))]
pub async fn get_company(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let company = load(&mut tx, staff.client_id, id).await?;
    let contacts: Vec<ContactPick> = sqlx::query_as(
        "SELECT p.id, p.firstname, p.lastname, p.email, p.phone, p.mobile FROM contacts p \
         JOIN company_contacts cc ON cc.contact_id = p.id WHERE cc.company_id = $1 ORDER BY lower(p.firstname), lower(p.lastname)",
    )
    .bind(id)
    .fetch_all(&mut *tx)
    .await?;
    let orders = order_queries::company_orders(&mut tx, staff.client_id, id, Some(5)).await?;
    let contracts =
        contract_queries::company_contracts(&mut tx, staff.client_id, id, Some(5)).await?;
    tx.commit().await?;
    let result = CompanyDto {
        id: company.id,
        name: company.name,
        cvr: company.cvr,
        ean: company.ean,
        address: company.address,
        zip_code: company.zip_code,
        city: company.city,
        email: company.email,
        phone: company.phone,
        website: company.website,
        status: company.status,
        follow_up_date: company.follow_up_date,
        vat_excluded: company.vat_excluded,
        use_ean: company.use_ean,
        logo_web: company.logo_web.map(files::download_url),
        logo_print: company.logo_print.map(files::download_url),
        extra_info: company.extra_info,
        ticket_limits: company.ticket_limits,
        owner_id: company.owner_id,
        version: company.version,
        contacts,
    };
    Ok(envelope::result_with_data(
        result,
        CompanyRelations {
            orders: typed(orders)?,
            contracts: typed(contracts)?,
        },
    ))
}

/// Orders, contracts and revenue of a company are read from the orders module's read tables
/// (`tribune_projections::{order, contract}::queries`).
#[utoipa::path(get, path = "/api/companies/{id}/orders", tag = "companies", responses((status = 200, description = "newest first", body = Envelope<Vec<CompanyOrder>>), (status = 404)))]
pub async fn list_company_orders(
    staff: Staff,
    path: web::Path<String>,
    reads: Reads,
) -> Result<HttpResponse, ApiError> {
    let id = ensure_visible(&path, &staff, reads.pool()).await?;
    let mut tx = club_tx(reads.pool(), staff.client_id).await?;
    let orders = order_queries::company_orders(&mut tx, staff.client_id, id, None).await?;
    tx.commit().await?;
    Ok(envelope::result(typed::<CompanyOrder>(orders)?))
}

#[utoipa::path(get, path = "/api/companies/{id}/contracts", tag = "companies", responses((status = 200, description = "newest first", body = Envelope<Vec<CompanyContract>>), (status = 404)))]
pub async fn list_company_contracts(
    staff: Staff,
    path: web::Path<String>,
    reads: Reads,
) -> Result<HttpResponse, ApiError> {
    let id = ensure_visible(&path, &staff, reads.pool()).await?;
    let mut tx = club_tx(reads.pool(), staff.client_id).await?;
    let contracts = contract_queries::company_contracts(&mut tx, staff.client_id, id, None).await?;
    tx.commit().await?;
    Ok(envelope::result(typed::<CompanyContract>(contracts)?))
}

/// The company's revenue of a calendar year.
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
pub struct CompanyRevenue {
    /// Approved orders of the year without VAT, in øre.
    pub revenue: Money,
    /// The calendar year, e.g. "2026".
    pub year: String,
}

#[utoipa::path(get, path = "/api/companies/{id}/revenue", tag = "companies", responses((status = 200, description = "approved orders of this calendar year without VAT, in øre", body = Envelope<CompanyRevenue>), (status = 404)))]
pub async fn get_company_revenue(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = ensure_visible(&path, &staff, &state.pool).await?;
    let year = chrono::Utc::now().format("%Y").to_string();
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    // Approved orders of this calendar year (Danish time), without VAT.
    let revenue = order_queries::company_revenue(
        &mut tx,
        staff.client_id,
        id,
        year.parse::<i32>().unwrap_or_default(),
    )
    .await?;
    tx.commit().await?;
    Ok(envelope::result(CompanyRevenue {
        revenue: Money::ore(revenue),
        year,
    }))
}

/// How much of a product the company's ticket limits allow this season, and how much it holds.
#[derive(Debug, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
pub struct TicketUtilization {
    /// The product's id.
    pub id: Uuid,
    /// The product's title.
    pub product: String,
    #[ts(type = "number")]
    pub used: i64,
    #[ts(type = "number")]
    pub total: i64,
    /// `used` of `total`, in whole percent.
    pub utilization: i32,
}

#[utoipa::path(get, path = "/api/companies/{id}/ticket-utilization", tag = "companies", responses((status = 200, description = "per limited product, by title", body = Envelope<Vec<TicketUtilization>>), (status = 404)))]
pub async fn get_ticket_utilization(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = ensure_visible(&path, &staff, &state.pool).await?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    // Per product, in the current season (schema 0035: the club's season holding today, else this
    // calendar year): `total` is what the
    // company's ticket limits allow over the season's events of each limited type, `used` the
    // tickets it holds (not voided) at those events.
    let rows: Vec<TicketUtilization> = sqlx::query_as(
        "WITH season AS (SELECT * FROM current_ticket_season($1)), \
         limits AS ( \
           SELECT t.event_type AS type_key, l.\"productId\" AS product_id, greatest(l.\"maxAmount\", 0) AS max_amount \
           FROM companies c \
           CROSS JOIN LATERAL jsonb_each(c.ticket_limits) AS t(event_type, limits) \
           CROSS JOIN LATERAL jsonb_to_recordset(CASE WHEN jsonb_typeof(t.limits) = 'array' THEN t.limits ELSE '[]' END) \
             AS l(\"productId\" uuid, \"maxAmount\" bigint) \
           WHERE c.client_id = $1 AND c.id = $2 AND l.\"productId\" IS NOT NULL), \
         events AS ( \
           SELECT e.id, e.type_id::text AS type_key FROM club_events e CROSS JOIN season s \
           WHERE e.client_id = $1 AND e.type_id IS NOT NULL \
             AND (e.start_date AT TIME ZONE 'Europe/Copenhagen')::date BETWEEN s.start_date AND s.end_date), \
         totals AS ( \
           SELECT l.product_id, coalesce(sum(l.max_amount) FILTER (WHERE e.id IS NOT NULL), 0) AS total \
           FROM limits l LEFT JOIN events e ON e.type_key = l.type_key GROUP BY l.product_id), \
         used AS ( \
           SELECT t.product_id, count(*) AS used FROM ticket_rows t \
           JOIN events e ON e.id = t.event_id \
           WHERE t.client_id = $1 AND t.company_id = $2 AND t.status <> 'voided' \
             AND EXISTS (SELECT 1 FROM limits l WHERE l.type_key = e.type_key AND l.product_id = t.product_id) \
           GROUP BY t.product_id) \
         SELECT p.id, p.title AS product, coalesce(u.used, 0)::bigint AS used, t.total::bigint AS total, \
           CASE WHEN t.total > 0 THEN round(100.0 * coalesce(u.used, 0) / t.total)::int ELSE 0 END AS utilization \
         FROM totals t JOIN products p ON p.id = t.product_id AND p.client_id = $1 \
         LEFT JOIN used u ON u.product_id = t.product_id ORDER BY lower(p.title)",
    )
    .bind(staff.client_id)
    .bind(id)
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(envelope::result(rows))
}

/// `{id, title}`: an event type or a product, as a select offers it.
#[derive(Debug, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
pub struct Titled {
    pub id: Uuid,
    pub title: String,
}

/// The ticket-limit grid's rows (`result`: the event types) and columns (`products`).
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
pub struct EventTypesAndProducts {
    pub success: bool,
    /// The club's event types.
    pub result: Vec<Titled>,
    /// The club's active ticket products.
    pub products: Vec<Titled>,
}

/// The club's event types and ticket products: the ticket-limit grid of the company's Events tab.
#[utoipa::path(get, path = "/api/companies/event-types", tag = "companies", responses((status = 200, body = EventTypesAndProducts)))]
pub async fn list_event_types(
    staff: Staff,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let products: Vec<Titled> = sqlx::query_as(
        "SELECT id, title FROM products \
         WHERE client_id = $1 AND type IN ('ticket', 'seat-ticket') AND active ORDER BY lower(title)",
    )
    .bind(staff.client_id)
    .fetch_all(&mut *tx)
    .await?;
    let types: Vec<Titled> = sqlx::query_as(
        "SELECT id, title FROM event_types \
         WHERE client_id = $1 ORDER BY lower(title), id",
    )
    .bind(staff.client_id)
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(HttpResponse::Ok().json(EventTypesAndProducts {
        success: true,
        result: types,
        products,
    }))
}

async fn ensure_visible(raw_id: &str, staff: &Staff, pool: &PgPool) -> Result<Uuid, ApiError> {
    let id = parse_id(raw_id)?;
    let mut tx = club_tx(pool, staff.client_id).await?;
    load(&mut tx, staff.client_id, id).await?;
    tx.commit().await?;
    Ok(id)
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CvrQuery {
    pub query: Option<String>,
}

#[utoipa::path(get, path = "/api/companies/cvr-search", tag = "companies", params(CvrQuery), responses((status = 200, description = "the register's proposals; none for fewer than 3 characters", body = Envelope<Vec<CvrCompany>>), (status = 422)))]
pub async fn cvr_search(
    query: web::Query<CvrQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let text = query.query.as_deref().unwrap_or_default().trim();
    if text.chars().count() < 3 {
        return Ok(envelope::result(Vec::<CvrCompany>::new()));
    }
    let found = state
        .cvr
        .search(text)
        .await
        .map_err(|e| ApiError::invalid(e.to_string()))?;
    Ok(envelope::result(found))
}

#[derive(Debug, Deserialize, utoipa::ToSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ContactId {
    id: Uuid,
}

#[derive(Debug, Deserialize, utoipa::ToSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CompanyInput {
    id: Option<Uuid>,
    name: Option<String>,
    cvr: Option<String>,
    ean: Option<String>,
    address: Option<String>,
    zip_code: Option<String>,
    city: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    website: Option<String>,
    status: Option<i32>,
    follow_up_date: Option<NaiveDate>,
    #[serde(default)]
    vat_excluded: bool,
    #[serde(default, rename = "useEAN")]
    use_ean: bool,
    /// Left out: kept; null: removed; a text: kept as it is (an upload replaces it).
    #[serde(default, deserialize_with = "keep_or_remove")]
    #[ts(optional, type = "string | null")]
    logo_web: Option<Option<String>>,
    /// Left out: kept; null: removed; a text: kept as it is (an upload replaces it).
    #[serde(default, deserialize_with = "keep_or_remove")]
    #[ts(optional, type = "string | null")]
    logo_print: Option<Option<String>>,
    /// By alias: the entry, or its value alone.
    #[serde(default)]
    #[ts(type = "Record<string, ExtraInfoEntry | string | Array<string> | null>")]
    extra_info: Value,
    #[serde(default)]
    #[ts(type = "Record<string, Array<TicketLimit>>")]
    ticket_limits: Value,
    owner_id: Option<Uuid>,
    #[ts(optional)]
    contact_ids: Option<Vec<Uuid>>,
    /// Instead of `contactIds`: the contacts as read.
    #[ts(optional)]
    contacts: Option<Vec<ContactId>>,
    /// The version the editor read (GET `version`); required when saving an existing row.
    #[ts(type = "number | null")]
    version: Option<i64>,
}

/// ticketLimits: by event type id, a list of {productId, maxAmount} with whole, non-negative amounts.
fn clean_ticket_limits(raw: &Value, errors: &mut FieldErrors) -> Value {
    let mut out = serde_json::Map::new();
    let Some(map) = raw.as_object() else {
        return Value::Object(out);
    };
    for (event_type, limits) in map {
        let mut rows = Vec::new();
        for limit in limits.as_array().into_iter().flatten() {
            let product = limit
                .get("productId")
                .and_then(Value::as_str)
                .and_then(|p| p.parse::<Uuid>().ok());
            let amount = limit.get("maxAmount").and_then(Value::as_i64);
            match (product, amount) {
                (Some(product), Some(amount)) if amount >= 0 => {
                    rows.push(json!({ "productId": product, "maxAmount": amount }))
                }
                (_, None) => {}
                _ => errors
                    .entry("ticketLimits".into())
                    .or_default()
                    .push("Antal skal være et heltal på 0 eller mere".into()),
            }
        }
        out.insert(event_type.clone(), Value::Array(rows));
    }
    Value::Object(out)
}

#[utoipa::path(post, path = "/api/companies/update", tag = "companies",
    request_body(content((CompanyInput = "application/json"), (MultipartUpdate = "multipart/form-data")), description = "As JSON, or multipart with the JSON in `data` and the logos as `logoWebFile` and `logoPrintFile`; `logoWeb: null` / `logoPrint: null` removes one."),
    responses((status = 200, description = "the company's id", body = Envelope<Uuid>), (status = 422), (status = 404)))]
pub async fn update_company(
    staff: Staff,
    form: Submitted,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let Submitted(form) = form;
    let input: CompanyInput = form.json()?;
    let logo_web_file = form.files_named("logoWebFile").next();
    let logo_print_file = form.files_named("logoPrintFile").next();

    let mut check = Check::new();
    let name = check.required_text("name", "Navn", &input.name);
    let status = input.status.unwrap_or(-1);
    if check.present("status", "Status", &input.status)
        && !STATUSES.iter().any(|(s, _)| *s == status)
    {
        check.fail("status", "Status er ugyldig");
    }
    let cvr = clean(&input.cvr).map(|c| c.replace(' ', ""));
    let phone = clean(&input.phone);
    if cvr.is_none() && phone.is_none() {
        check.fail("cvr", "CVR skal udfyldes, når telefon ikke er udfyldt");
        check.fail("phone", "Telefon skal udfyldes, når CVR ikke er udfyldt");
    }
    if cvr
        .as_deref()
        .is_some_and(|c| c.len() != 8 || !c.chars().all(|d| d.is_ascii_digit()))
    {
        check.fail("cvr", "CVR skal være 8 cifre");
    }
    let ean = clean(&input.ean);
    if input.use_ean {
        check.present("ean", "EAN", &ean);
    }
    if ean
        .as_deref()
        .is_some_and(|e| e.len() != 13 || !e.chars().all(|d| d.is_ascii_digit()))
    {
        check.fail("ean", "EAN skal være 13 cifre");
    }
    let email = clean(&input.email);
    check.email("email", "E-mail", email.as_deref().unwrap_or_default());
    check.image("logoWebFile", "Logo (web)", logo_web_file);
    check.image("logoPrintFile", "Logo (print)", logo_print_file);
    for (field, label, value, max) in [
        ("name", "Navn", &name, 200),
        ("address", "Adresse", &clean(&input.address), 200),
        ("city", "By", &clean(&input.city), 100),
        ("zipCode", "Postnr", &clean(&input.zip_code), 20),
        ("website", "Hjemmeside", &clean(&input.website), 300),
    ] {
        check.max_chars_of(field, label, value, max);
    }
    check.web_address("website", &input.website);

    let client = clients::by_id(&state.pool, staff.client_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let extra = extra_info::normalize(
        &extra_info::definitions(&client.settings, "companies"),
        &input.extra_info,
        check.errors(),
    );
    let ticket_limits = clean_ticket_limits(&input.ticket_limits, check.errors());

    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    if let Some(owner) = input.owner_id {
        let is_staff: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM memberships WHERE user_id = $1 AND client_id = $2 AND system_user AND accepted)",
        )
        .bind(owner)
        .bind(staff.client_id)
        .fetch_one(&mut *tx)
        .await?;
        if !is_staff {
            check.fail("ownerId", "Ansvarlig findes ikke");
        }
    }
    let contact_ids: Vec<Uuid> = match (&input.contact_ids, &input.contacts) {
        (Some(ids), _) => ids.clone(),
        (None, Some(contacts)) => contacts.iter().map(|c| c.id).collect(),
        (None, None) => Vec::new(),
    };
    if !all_in_club(&mut tx, "contacts", staff.client_id, &contact_ids).await? {
        check.fail("contacts", "En kontaktperson findes ikke");
    }
    let mut unique = contact_ids;
    unique.sort();
    unique.dedup();
    check.finish()?;

    VERSIONED
        .claim(&mut tx, staff.client_id, input.id, input.version)
        .await?;
    let existing = match input.id {
        Some(id) => Some(load(&mut tx, staff.client_id, id).await?),
        None => None,
    };
    let id = existing.as_ref().map(|c| c.id).unwrap_or_else(Uuid::new_v4);
    let mut obsolete = Vec::new();
    let mut logos = Vec::new();
    for (current, file, field) in [
        (
            existing.as_ref().and_then(|c| c.logo_web),
            logo_web_file,
            &input.logo_web,
        ),
        (
            existing.as_ref().and_then(|c| c.logo_print),
            logo_print_file,
            &input.logo_print,
        ),
    ] {
        let slot = ImageSlot::from_form(file, field);
        let change = files::apply_slot(
            &mut tx,
            &state.storage,
            staff.client_id,
            "company_logo",
            id,
            staff.user_id(),
            slot,
            current,
        )
        .await?;
        obsolete.extend(change.obsolete);
        logos.push(change.value);
    }
    let (logo_web, logo_print) = (logos[0], logos[1]);

    sqlx::query(
        "INSERT INTO companies (id, client_id, name, cvr, ean, address, zip_code, city, email, phone, website, status, \
           follow_up_date, vat_excluded, use_ean, logo_web, logo_print, extra_info, ticket_limits, owner_id, created_by, updated_by) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $21) \
         ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, cvr = EXCLUDED.cvr, ean = EXCLUDED.ean, \
           address = EXCLUDED.address, zip_code = EXCLUDED.zip_code, city = EXCLUDED.city, email = EXCLUDED.email, \
           phone = EXCLUDED.phone, website = EXCLUDED.website, status = EXCLUDED.status, \
           follow_up_date = EXCLUDED.follow_up_date, vat_excluded = EXCLUDED.vat_excluded, use_ean = EXCLUDED.use_ean, \
           logo_web = EXCLUDED.logo_web, logo_print = EXCLUDED.logo_print, extra_info = EXCLUDED.extra_info, \
           ticket_limits = EXCLUDED.ticket_limits, owner_id = EXCLUDED.owner_id, updated_at = now(), updated_by = EXCLUDED.updated_by",
    )
    .bind(id)
    .bind(staff.client_id)
    .bind(&name)
    .bind(&cvr)
    .bind(&ean)
    .bind(clean(&input.address))
    .bind(clean(&input.zip_code))
    .bind(clean(&input.city))
    .bind(&email)
    .bind(&phone)
    .bind(clean(&input.website))
    .bind(status)
    .bind(input.follow_up_date)
    .bind(input.vat_excluded)
    .bind(input.use_ean)
    .bind(logo_web)
    .bind(logo_print)
    .bind(&extra)
    .bind(&ticket_limits)
    .bind(input.owner_id)
    .bind(staff.user_id())
    .execute(&mut *tx)
    .await?;
    sqlx::query("DELETE FROM company_contacts WHERE company_id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO company_contacts (client_id, company_id, contact_id) SELECT $1, $2, unnest($3::uuid[]) ON CONFLICT DO NOTHING",
    )
    .bind(staff.client_id)
    .bind(id)
    .bind(&unique)
    .execute(&mut *tx)
    .await?;
    files::remove(&mut tx, &state.storage, staff.client_id, &obsolete).await?;
    tx.commit().await?;
    Ok(envelope::result(id))
}

#[utoipa::path(delete, path = "/api/companies/{id}", tag = "companies", responses((status = 200, body = Ack), (status = 404)))]
pub async fn delete_company(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    load(&mut tx, staff.client_id, id).await?;
    let file_ids: Vec<Uuid> =
        sqlx::query_scalar("SELECT id FROM files WHERE client_id = $1 AND relation_id = $2")
            .bind(staff.client_id)
            .bind(id.to_string())
            .fetch_all(&mut *tx)
            .await?;
    sqlx::query("DELETE FROM comments WHERE client_id = $1 AND relations = ARRAY[$2]::text[]")
        .bind(staff.client_id)
        .bind(id.to_string())
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM companies WHERE client_id = $1 AND id = $2")
        .bind(staff.client_id)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    files::remove(&mut tx, &state.storage, staff.client_id, &file_ids).await?;
    tx.commit().await?;
    Ok(envelope::ok())
}
