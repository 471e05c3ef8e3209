//! The ONLY SQL that reads the contract read tables (`contract_rows`, `contract_lines`): the
//! contracts list and its export, the pipeline boards, the dashboard's renegotiations, a company's
//! contracts, the contracts an order can link to, and whether a product is on a contract.

use chrono::NaiveDate;
use serde::Serialize;
use serde_json::Value;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::list::{Count, Filter, ListSpec, Paging, Search, SortColumn, SortDir};

/// A contract's invoice status (spec 3 §2: the list's 'Faktura', the pipeline cards' labels), as
/// the columns `invoices` and `invoices_paid` of a contract `t`: its invoices that are booked and
/// not taken back by a credit note (a draft is sent to nobody yet, a credited invoice is void),
/// and how many of those are paid. Two subqueries in the select list, through
/// `invoice_rows_contract` (schema/0025), not a LATERAL join: Postgres computes these after the
/// sort and the limit, so only for the rows a page or a board column shows, where a join would
/// run for every contract a sort has to see (a board's column of 20,000 contracts).
macro_rules! invoice_status {
    () => {
        "(SELECT count(*) FROM invoice_rows i WHERE i.client_id = t.client_id \
           AND i.contract_id = t.id AND i.kind = 'invoice' AND i.number IS NOT NULL \
           AND i.credited_by IS NULL) AS invoices, \
         (SELECT count(*) FROM invoice_rows i WHERE i.client_id = t.client_id \
           AND i.contract_id = t.id AND i.kind = 'invoice' AND i.number IS NOT NULL \
           AND i.credited_by IS NULL AND i.paid_on IS NOT NULL) AS invoices_paid"
    };
}

/// One row of the contracts list (spec 3 §3 Contract list row), under the names the list reads.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
pub struct ContractListRow {
    #[serde(rename = "Id")]
    pub id: Uuid,
    #[serde(rename = "Status")]
    #[ts(type = "ContractStatus")]
    pub status: String,
    #[serde(rename = "AgreementStatus")]
    #[ts(type = "AgreementStatus")]
    pub agreement_status: String,
    #[serde(rename = "ContractNumber")]
    #[ts(type = "number")]
    pub contract_number: i64,
    /// How many invoices the contract has: booked, not credited (`invoice_status!`).
    #[serde(rename = "Invoices")]
    #[ts(type = "number")]
    pub invoices: i64,
    /// How many of those are paid.
    #[serde(rename = "InvoicesPaid")]
    #[ts(type = "number")]
    pub invoices_paid: i64,
    #[serde(rename = "Company")]
    pub company: Option<String>,
    #[serde(rename = "Contact")]
    pub contact: Option<String>,
    /// Øre.
    #[serde(rename = "Subtotal")]
    #[ts(type = "number")]
    pub subtotal: i64,
    #[serde(rename = "Total")]
    #[ts(type = "number")]
    pub total: i64,
    #[serde(rename = "Files")]
    #[ts(type = "number")]
    pub files: i64,
}

/// A search shows at most the newest this-many matching contracts (its Total says so).
pub const SEARCH_CAP: i64 = 1_000;

pub const CONTRACTS: ListSpec = ListSpec {
    from: "contract_rows t LEFT JOIN companies c ON c.id = t.company_id \
           LEFT JOIN contacts k ON k.id = t.contact_id",
    club: Some("t.client_id"),
    columns: concat!(
        "t.id, t.status, t.agreement_status, t.number AS contract_number, ",
        invoice_status!(),
        ", c.name AS company, nullif(trim(k.firstname || ' ' || k.lastname), '') AS contact, \
         t.subtotal, t.total, \
         (SELECT count(*) FROM files f WHERE f.client_id = t.client_id AND f.relation_type = 'contract' \
           AND f.relation_id = t.id::text) AS files"
    ),
    key: "t.number",
    filters: &[
        Filter::Text {
            name: "status",
            column: "t.status",
        },
        Filter::Text {
            name: "agreementStatus",
            column: "t.agreement_status",
        },
        Filter::Id {
            name: "companyId",
            column: "t.company_id",
        },
        Filter::Id {
            name: "ownerId",
            column: "t.owner_id",
        },
    ],
    // Number, descriptions, company and contact person, through the fenced `contract_search`
    // (schema/0024): at most the newest SEARCH_CAP matches.
    search: Search::Function {
        name: "contract_search",
        id: "t.id",
        cap: SEARCH_CAP,
    },
    sorts: &[
        SortColumn::of("Number", "t.number"),
        SortColumn::of("ContractNumber", "t.number"),
        SortColumn::of("Status", "t.status"),
        SortColumn::of("AgreementStatus", "t.agreement_status"),
        SortColumn::nullable("Company", "lower(c.name)"),
        SortColumn::nullable("Contact", "lower(k.firstname || ' ' || k.lastname)"),
        SortColumn::of("Subtotal", "t.subtotal"),
        SortColumn::of("Total", "t.total"),
    ],
    default_sort: ("Number", SortDir::Desc),
    count: Count::Exact,
    // The page's numbers first, then only their rows (and their files counts) are read.
    paging: Paging::DeferredJoin,
};

/// A contract on a pipeline card (spec 3 §2 Pipeline board).
#[derive(Debug, Clone, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PipelineCard {
    pub id: Uuid,
    #[ts(type = "number")]
    pub contract_number: i64,
    #[ts(type = "ContractStatus")]
    pub status: String,
    #[ts(type = "AgreementStatus")]
    pub agreement_status: String,
    pub company: Option<String>,
    pub category: Option<String>,
    pub owner_id: Option<Uuid>,
    pub renew_date: Option<NaiveDate>,
    /// The card's amount: the total when the club's prices include VAT, else the subtotal (øre).
    #[ts(type = "number")]
    pub amount: i64,
    #[ts(type = "number")]
    pub total: i64,
    #[ts(type = "number")]
    pub subtotal: i64,
    /// Its invoices (booked, not credited) and how many are paid (`invoice_status!`).
    #[ts(type = "number")]
    pub invoices: i64,
    #[ts(type = "number")]
    pub invoices_paid: i64,
}

/// One column of a pipeline board.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PipelineColumn {
    pub contracts: Vec<PipelineCard>,
    /// How many contracts the column holds (the cards are the first `PIPELINE_CARDS`).
    #[ts(type = "number")]
    pub count: i64,
    /// Sums over the whole column, øre.
    #[ts(type = "number")]
    pub total: i64,
    #[ts(type = "number")]
    pub total_subtotal: i64,
}

/// The most cards a column carries; its count and totals still cover all of it.
pub const PIPELINE_CARDS: i64 = 200;

const CARD_COLUMNS: &str = concat!(
    "t.id, t.number AS contract_number, t.status, t.agreement_status, c.name AS company, \
    oc.title AS category, t.owner_id, t.renew_date, \
    CASE WHEN t.prices_with_vat THEN t.total ELSE t.subtotal END AS amount, t.total, t.subtotal, ",
    invoice_status!()
);
const CARD_FROM: &str = "contract_rows t LEFT JOIN companies c ON c.id = t.company_id \
    LEFT JOIN order_categories oc ON oc.id = t.category_id";

/// The Salg board's columns (alias → which contracts): Kladde, Møde planlagt, Forhandling,
/// Afsendt and Godkendt by agreement status; a cancelled contract is on neither board. A
/// contract that is approved (or signed) is 'approved' whatever its agreement status says.
pub const SALES_COLUMNS: &[(&str, &str)] = &[
    (
        "draft",
        "t.status IN ('draft', 'renewal') AND t.agreement_status IN ('unsent', 'renegotiation')",
    ),
    (
        "scheduled",
        "t.status IN ('draft', 'renewal') AND t.agreement_status = 'scheduled'",
    ),
    (
        "negotiation",
        "t.status IN ('draft', 'renewal') AND t.agreement_status = 'negotiation'",
    ),
    (
        "sent",
        "t.status IN ('draft', 'renewal') AND t.agreement_status = 'sent'",
    ),
    (
        "approved",
        "(t.status = 'approved' OR (t.status IN ('draft', 'renewal') AND t.agreement_status = 'signed'))",
    ),
];

/// The Genforhandling board: approved contracts by renewal date relative to `$today`. Each bound
/// is cast back to a date: `date + interval` is a timestamp, and comparing `renew_date` with a
/// timestamp casts the column, so the renewal index could narrow by club only and every column
/// read all of the club's approved contracts.
pub const RENEGOTIATION_COLUMNS: &[(&str, &str)] = &[
    (
        "sixMonths",
        "t.renew_date > ($3::date + interval '3 months')::date \
         AND t.renew_date <= ($3::date + interval '6 months')::date",
    ),
    (
        "threeMonths",
        "t.renew_date > ($3::date + interval '1 month')::date \
         AND t.renew_date <= ($3::date + interval '3 months')::date",
    ),
    (
        "oneMonth",
        "t.renew_date >= $3::date AND t.renew_date <= ($3::date + interval '1 month')::date",
    ),
    (
        "overdue",
        "t.renew_date < $3::date AND t.renew_date >= ($3::date - interval '3 months')::date",
    ),
    (
        "overdueMore",
        "t.renew_date < ($3::date - interval '3 months')::date",
    ),
];

/// One board: for each column its first cards (Salg: newest first; Genforhandling: soonest
/// renewal first), count and totals; `owner` narrows to one user's contracts.
pub async fn pipeline(
    conn: &mut PgConnection,
    client_id: Uuid,
    owner: Option<Uuid>,
    today: NaiveDate,
    renegotiation: bool,
) -> Result<Vec<(&'static str, PipelineColumn)>, sqlx::Error> {
    let (columns, scope, order) = if renegotiation {
        (
            RENEGOTIATION_COLUMNS,
            "t.status = 'approved' AND t.renew_date IS NOT NULL",
            "t.renew_date, t.number",
        )
    } else {
        (SALES_COLUMNS, "t.status <> 'cancelled'", "t.number DESC")
    };
    let mut board = Vec::with_capacity(columns.len());
    for (alias, condition) in columns {
        let filter = format!(
            "t.client_id = $1 AND ($2::uuid IS NULL OR t.owner_id = $2) AND {scope} AND {condition} \
             AND $3::date IS NOT NULL"
        );
        let (count, total, total_subtotal): (i64, i64, i64) = sqlx::query_as(&format!(
            "SELECT count(*), coalesce(sum(t.total), 0)::bigint, coalesce(sum(t.subtotal), 0)::bigint \
             FROM contract_rows t WHERE {filter}"
        ))
        .bind(client_id)
        .bind(owner)
        .bind(today)
        .fetch_one(&mut *conn)
        .await?;
        let contracts: Vec<PipelineCard> = sqlx::query_as(&format!(
            "SELECT {CARD_COLUMNS} FROM {CARD_FROM} WHERE {filter} ORDER BY {order} LIMIT {PIPELINE_CARDS}"
        ))
        .bind(client_id)
        .bind(owner)
        .bind(today)
        .fetch_all(&mut *conn)
        .await?;
        board.push((
            *alias,
            PipelineColumn {
                contracts,
                count,
                total,
                total_subtotal,
            },
        ));
    }
    Ok(board)
}

/// 'Kommende genforhandlinger': approved contracts with a renewal date from `today` on, soonest
/// first (company or contact name, renewal date), paged.
pub const RENEGOTIATIONS: ListSpec = ListSpec {
    from: "contract_rows t LEFT JOIN companies c ON c.id = t.company_id \
           LEFT JOIN contacts k ON k.id = t.contact_id",
    club: Some("t.client_id"),
    columns: "t.id, t.number AS contract_number, \
        coalesce(c.name, nullif(trim(k.firstname || ' ' || k.lastname), '')) AS name, t.renew_date",
    key: "t.number",
    filters: &[Filter::Custom(renegotiation_window)],
    search: Search::None,
    sorts: &[SortColumn::nullable("RenewDate", "t.renew_date")],
    default_sort: ("RenewDate", SortDir::Asc),
    count: Count::Exact,
    paging: Paging::Offset,
};

fn renegotiation_window(
    _: &Value,
    builder: &mut sqlx::QueryBuilder<'static, sqlx::Postgres>,
) -> Result<(), crate::list::FilterError> {
    builder.push(
        " AND t.status = 'approved' AND t.renew_date >= (now() AT TIME ZONE 'Europe/Copenhagen')::date",
    );
    Ok(())
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RenegotiationRow {
    pub id: Uuid,
    #[ts(type = "number")]
    pub contract_number: i64,
    pub name: Option<String>,
    pub renew_date: Option<NaiveDate>,
}

/// A company's contracts, newest first, as the company page shows them (`limit`: the first few).
pub async fn company_contracts(
    conn: &mut PgConnection,
    client_id: Uuid,
    company_id: Uuid,
    limit: Option<i64>,
) -> Result<Vec<Value>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT jsonb_build_object('id', t.id, 'contractNumber', t.number, 'status', t.status, \
           'category', oc.title, 'startDate', t.start_date, 'endDate', t.end_date, 'noEndDate', t.no_end_date, \
           'renewDate', t.renew_date, 'subtotal', t.subtotal, 'additionalFee', t.additional_fee, 'total', t.total) \
         FROM contract_rows t LEFT JOIN order_categories oc ON oc.id = t.category_id \
         WHERE t.client_id = $1 AND t.company_id = $2 ORDER BY t.number DESC LIMIT $3",
    )
    .bind(client_id)
    .bind(company_id)
    .bind(limit)
    .fetch_all(conn)
    .await
}

/// The contracts an order can link to: by number, company name or description, optionally of
/// one company; not cancelled; the newest 20.
pub async fn linkable_contracts(
    conn: &mut PgConnection,
    client_id: Uuid,
    search: Option<&str>,
    company_id: Option<Uuid>,
) -> Result<Vec<Value>, sqlx::Error> {
    let pattern = search
        .filter(|s| !s.trim().is_empty())
        .map(|s| crate::list::like_pattern(s.trim()));
    sqlx::query_scalar(
        "SELECT jsonb_build_object('id', t.id, 'contractNumber', t.number, \
           'title', 'Aftale #' || t.number || coalesce(' – ' || c.name, '')) \
         FROM contract_rows t LEFT JOIN companies c ON c.id = t.company_id \
         WHERE t.client_id = $1 AND t.status <> 'cancelled' AND ($2::uuid IS NULL OR t.company_id = $2) \
           AND ($3::text IS NULL OR t.search_text ILIKE $3 OR c.name ILIKE $3) \
         ORDER BY t.number DESC LIMIT 20",
    )
    .bind(client_id)
    .bind(company_id)
    .bind(pattern)
    .fetch_all(conn)
    .await
}

/// Whether the club has this contract (for linking an order to it, and naming it in comments).
pub async fn contract_label(
    conn: &mut PgConnection,
    client_id: Uuid,
    id: Uuid,
) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT 'Aftale #' || number FROM contract_rows WHERE client_id = $1 AND id = $2",
    )
    .bind(client_id)
    .bind(id)
    .fetch_optional(conn)
    .await
}

/// Whether a product is on a line, or an option of a line, of any of the club's contracts.
pub async fn product_is_on_a_contract(
    conn: &mut PgConnection,
    client_id: Uuid,
    product_id: Uuid,
) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM contract_lines WHERE client_id = $1 \
         AND (product_id = $2 OR $2 = ANY(option_product_ids)))",
    )
    .bind(client_id)
    .bind(product_id)
    .fetch_one(conn)
    .await
}

/// Whether the club has any contract (the demo seed makes its contracts once).
pub async fn club_has_contracts(
    conn: &mut PgConnection,
    client_id: Uuid,
) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM contract_rows WHERE client_id = $1)")
        .bind(client_id)
        .fetch_one(conn)
        .await
}

/// Every approved contract with an invoicing plan, of every club (the invoicing run reads them
/// in a system transaction): (club, contract).
pub async fn invoiceable_contracts(
    conn: &mut PgConnection,
) -> Result<Vec<(Uuid, Uuid)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT client_id, id FROM contract_rows WHERE status = 'approved' \
         AND invoicing->>'type' IS NOT NULL ORDER BY client_id, number",
    )
    .fetch_all(conn)
    .await
}
