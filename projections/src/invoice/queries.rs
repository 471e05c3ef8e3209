//! The ONLY SQL that reads `invoice_rows`: the invoices list, a source's invoices (the Fakturaer
//! tabs), and which of a contract plan's due invoices are already made.

use chrono::NaiveDate;
use serde::Serialize;
use serde_json::Value;
use sqlx::{PgConnection, Postgres, QueryBuilder};
use uuid::Uuid;

use crate::list::{
    filter_text, Count, Filter, FilterError, ListSpec, Paging, Search, SortColumn, SortDir,
};

/// One row of the invoices list (spec 3 §3 Invoice list row), under the names the list reads.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, ts_rs::TS)]
pub struct InvoiceListRow {
    #[serde(rename = "Id")]
    pub id: Uuid,
    #[serde(rename = "Number")]
    #[ts(type = "number | null")]
    pub number: Option<i64>,
    /// 'Bogføringsnummer'.
    #[serde(rename = "ExternalNumber")]
    pub external_number: Option<String>,
    /// 'invoice' or 'creditNote'.
    #[serde(rename = "Type")]
    pub kind: String,
    #[serde(rename = "IsDraft")]
    pub is_draft: bool,
    #[serde(rename = "IsSent")]
    pub is_sent: bool,
    #[serde(rename = "IsPaid")]
    pub is_paid: bool,
    #[serde(rename = "Company")]
    pub company: Option<String>,
    /// The customer as the invoice names it (the company, or the contact person).
    #[serde(rename = "Contact")]
    pub contact: String,
    #[serde(rename = "InvoiceDate")]
    pub invoice_date: Option<NaiveDate>,
    #[serde(rename = "DueDate")]
    pub due_date: Option<NaiveDate>,
    #[serde(rename = "PaymentDate")]
    pub payment_date: Option<NaiveDate>,
    /// Øre; negative for a credit note.
    #[serde(rename = "Total")]
    #[ts(type = "number")]
    pub total: i64,
    /// Where it came from: 'orders' or 'contracts' (or 'subscriptions').
    #[serde(rename = "Collection")]
    pub collection: Option<String>,
    #[serde(rename = "OrderId")]
    pub order_id: Option<Uuid>,
    #[serde(rename = "ContractId")]
    pub contract_id: Option<Uuid>,
}

/// 'Kladder', 'Ikke betalt', 'Forfaldne', 'Betalt': the status filter finance uses.
fn invoice_status(
    filter: &Value,
    builder: &mut QueryBuilder<'static, Postgres>,
) -> Result<(), FilterError> {
    match filter_text(filter, "status").as_deref() {
        None | Some("") => {}
        Some("draft") => {
            builder.push(" AND t.number IS NULL");
        }
        Some("unpaid") => {
            builder.push(" AND t.number IS NOT NULL AND t.paid_on IS NULL");
        }
        Some("overdue") => {
            builder.push(
                " AND t.number IS NOT NULL AND t.paid_on IS NULL \
                 AND t.due_date < (now() AT TIME ZONE 'Europe/Copenhagen')::date",
            );
        }
        Some("paid") => {
            builder.push(" AND t.paid_on IS NOT NULL");
        }
        Some(_) => {
            return Err(FilterError {
                field: "status",
                message: "Ukendt status",
            });
        }
    }
    Ok(())
}

pub const INVOICES: ListSpec = ListSpec {
    from: "invoice_rows t LEFT JOIN companies c ON c.id = t.company_id",
    club: Some("t.client_id"),
    columns: "t.id, t.number, t.external_number, t.kind, t.number IS NULL AS is_draft, t.sent AS is_sent, \
        t.paid_on IS NOT NULL AS is_paid, c.name AS company, t.customer AS contact, t.invoice_date, t.due_date, \
        t.paid_on AS payment_date, t.total, \
        CASE WHEN t.order_id IS NOT NULL THEN 'orders' WHEN t.contract_id IS NOT NULL THEN 'contracts' \
             WHEN t.subscription_id IS NOT NULL THEN 'subscriptions' END AS collection, t.order_id, t.contract_id",
    key: "t.id",
    filters: &[
        Filter::Custom(invoice_status),
        Filter::Id {
            name: "companyId",
            column: "t.company_id",
        },
    ],
    search: Search::Text("t.search_text"),
    sorts: &[
        SortColumn::nullable("Number", "t.number"),
        SortColumn::nullable("InvoiceDate", "t.invoice_date"),
        SortColumn::nullable("PaymentDate", "t.paid_on"),
        SortColumn::of("Total", "t.total"),
        SortColumn::of("Contact", "lower(t.customer)"),
    ],
    default_sort: ("Number", SortDir::Desc),
    count: Count::Exact,
    paging: Paging::Offset,
};

/// The invoices of an order, contract or subscription (its Fakturaer tab), newest first.
pub async fn invoices_of(
    conn: &mut PgConnection,
    client_id: Uuid,
    source_id: Uuid,
) -> Result<Vec<InvoiceListRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {} FROM {} WHERE t.client_id = $1 \
           AND ($2 IN (t.order_id, t.contract_id, t.subscription_id) \
                OR t.credit_of IN (SELECT id FROM invoice_rows WHERE $2 IN (order_id, contract_id, subscription_id))) \
         ORDER BY t.number DESC NULLS FIRST, t.created_at DESC",
        INVOICES.columns, INVOICES.from
    ))
    .bind(client_id)
    .bind(source_id)
    .fetch_all(conn)
    .await
}

/// The plan keys of a contract's invoices already made (drafts and booked): a due invoice
/// whose key is here is never made again.
pub async fn made_plan_keys(
    conn: &mut PgConnection,
    contract_id: Uuid,
) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT plan_key FROM invoice_rows WHERE contract_id = $1 AND kind = 'invoice' AND plan_key IS NOT NULL",
    )
    .bind(contract_id)
    .fetch_all(conn)
    .await
}

/// How many invoices an order already has (an order is invoiced once per plan key).
pub async fn order_has_invoice(
    conn: &mut PgConnection,
    order_id: Uuid,
    key: &str,
) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM invoice_rows WHERE order_id = $1 AND kind = 'invoice' AND plan_key = $2)",
    )
    .bind(order_id)
    .bind(key)
    .fetch_one(conn)
    .await
}

/// The club's booked invoices and credit notes dated in `[from, to]`, by number.
pub async fn booked_between(
    conn: &mut PgConnection,
    client_id: Uuid,
    from: NaiveDate,
    to: NaiveDate,
) -> Result<Vec<(Uuid, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, number FROM invoice_rows WHERE client_id = $1 AND number IS NOT NULL \
         AND invoice_date BETWEEN $2 AND $3 ORDER BY number",
    )
    .bind(client_id)
    .bind(from)
    .bind(to)
    .fetch_all(conn)
    .await
}

/// The numbers of the club's series from 1 up to `up_to` that no invoice or credit note has
/// (a complete series has none).
pub async fn missing_numbers(
    conn: &mut PgConnection,
    client_id: Uuid,
    up_to: i64,
) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT n FROM generate_series(1::bigint, $2::bigint) AS n \
         WHERE NOT EXISTS (SELECT 1 FROM invoice_rows r WHERE r.client_id = $1 AND r.number = n) \
         ORDER BY n LIMIT 1000",
    )
    .bind(client_id)
    .bind(up_to)
    .fetch_all(conn)
    .await
}
