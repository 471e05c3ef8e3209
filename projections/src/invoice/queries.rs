//! The ONLY SQL that reads `invoice_rows`: the invoices list, a source's invoices (the Fakturaer
//! tabs), and which of a contract plan's due invoices are already made.

use chrono::{Datelike, NaiveDate};
use serde::Serialize;
use serde_json::Value;
use sqlx::{PgConnection, Postgres, QueryBuilder};
use tribune_domain::invoice::printing::whole_key;
use uuid::Uuid;

use crate::list::{
    filter_text, Count, Filter, FilterError, ListSpec, Paging, Search, SortColumn, SortDir,
};

/// One row of the invoices list (spec 3 §3 Invoice list row), under the names the list reads.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
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

/// 'Kladder', 'Ikke betalt', 'Forfaldne', 'Betalt', and the finance page's 'Godkendte' (booked)
/// and 'Ikke bogført i e-conomic': the status filter finance uses. A credit note is never owed, and neither is an
/// invoice a credit note took back: they are neither unpaid nor overdue.
fn invoice_status(
    filter: &Value,
    builder: &mut QueryBuilder<'static, Postgres>,
) -> Result<(), FilterError> {
    match filter_text(filter, "status").as_deref() {
        None | Some("") => {}
        Some("draft") => {
            builder.push(" AND t.number IS NULL");
        }
        Some("booked") => {
            builder.push(" AND t.number IS NOT NULL");
        }
        Some("unpaid") => {
            builder.push(format!(" AND {OWED}"));
        }
        Some("overdue") => {
            builder.push(format!(
                " AND {OWED} AND t.due_date < (now() AT TIME ZONE 'Europe/Copenhagen')::date"
            ));
        }
        Some("paid") => {
            builder.push(" AND t.paid_on IS NOT NULL");
        }
        Some("unbooked") => {
            builder.push(format!(" AND t.number IS NOT NULL AND {NOT_IN_ECONOMIC}"));
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

/// Owed by the customer: a booked invoice, not paid and not credited.
const OWED: &str =
    "t.number IS NOT NULL AND t.kind = 'invoice' AND t.paid_on IS NULL AND t.credited_by IS NULL";

/// Booked in Tribune but not (yet) in e-conomic: the booking job has not finished it.
const NOT_IN_ECONOMIC: &str = "NOT EXISTS (SELECT 1 FROM economic_bookings b \
     WHERE b.invoice_id = t.id AND b.booked_number IS NOT NULL)";

/// `filter.<name>` as a day (`YYYY-MM-DD`).
fn filter_day(filter: &Value, name: &'static str) -> Result<Option<NaiveDate>, FilterError> {
    filter_text(filter, name)
        .map(|text| {
            NaiveDate::parse_from_str(&text, "%Y-%m-%d").map_err(|_| FilterError {
                field: name,
                message: "Ugyldig dato",
            })
        })
        .transpose()
}

/// `filter.<name>` as a whole number of days, 0 or more.
fn filter_days(filter: &Value, name: &'static str) -> Result<Option<i32>, FilterError> {
    match filter.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(value) => value
            .as_i64()
            .and_then(|days| i32::try_from(days).ok())
            .filter(|days| *days >= 0)
            .map(Some)
            .ok_or(FilterError {
                field: name,
                message: "Ugyldigt antal dage",
            }),
    }
}

/// What the finance page's figures link to: the kind (`type`: invoice or creditNote), the
/// invoice date (`from`, `to`), the day paid (`paidFrom`, `paidTo`) and days past due
/// (`overdueFrom`, `overdueTo`, both inclusive; unpaid invoices only). Days are Danish days.
fn invoice_period(
    filter: &Value,
    builder: &mut QueryBuilder<'static, Postgres>,
) -> Result<(), FilterError> {
    match filter_text(filter, "type").as_deref() {
        None => {}
        Some(kind @ ("invoice" | "creditNote")) => {
            builder.push(" AND t.kind = ").push_bind(kind.to_string());
        }
        Some(_) => {
            return Err(FilterError {
                field: "type",
                message: "Ukendt type",
            });
        }
    }
    let days = [
        ("from", "t.invoice_date >= "),
        ("to", "t.invoice_date <= "),
        ("paidFrom", "t.paid_on >= "),
        ("paidTo", "t.paid_on <= "),
    ];
    for (name, condition) in days {
        if let Some(day) = filter_day(filter, name)? {
            builder.push(" AND ").push(condition).push_bind(day);
        }
    }
    let overdue_from = filter_days(filter, "overdueFrom")?;
    let overdue_to = filter_days(filter, "overdueTo")?;
    if overdue_from.is_some() || overdue_to.is_some() {
        builder.push(format!(" AND {OWED}"));
        let today = "(now() AT TIME ZONE 'Europe/Copenhagen')::date";
        builder
            .push(format!(" AND t.due_date <= {today} - "))
            .push_bind(overdue_from.unwrap_or(1).max(1));
        if let Some(to) = overdue_to {
            builder
                .push(format!(" AND t.due_date >= {today} - "))
                .push_bind(to);
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
        Filter::Custom(invoice_period),
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

/// Whose invoicing plan: a contract's or an order's.
#[derive(Debug, Clone, Copy)]
pub enum PlanOf {
    Contract(Uuid),
    Order(Uuid),
}

/// The plan keys of a contract's or an order's invoices already made (drafts and booked), each
/// as its plan's key (a part of a split invoice, `key#group`, counts for `key`): a due invoice
/// whose key is here is never made again, whole or in parts.
pub async fn made_plan_keys(
    conn: &mut PgConnection,
    of: PlanOf,
) -> Result<Vec<String>, sqlx::Error> {
    let (column, id) = match of {
        PlanOf::Contract(id) => ("contract_id", id),
        PlanOf::Order(id) => ("order_id", id),
    };
    let keys: Vec<String> = sqlx::query_scalar(&format!(
        "SELECT plan_key FROM invoice_rows WHERE {column} = $1 AND kind = 'invoice' AND plan_key IS NOT NULL"
    ))
    .bind(id)
    .fetch_all(conn)
    .await?;
    Ok(keys.iter().map(|key| whole_key(key).to_string()).collect())
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

/// A count of invoices and what they come to (øre with VAT; negative for credit notes).
#[derive(
    Debug,
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    Serialize,
    sqlx::FromRow,
    ts_rs::TS,
    utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase")]
pub struct Tally {
    #[ts(type = "number")]
    pub count: i64,
    #[ts(type = "number")]
    pub amount: i64,
}

/// One month of the finance page: booked invoices and credit notes by invoice date, and the
/// invoices paid in it by the day they were paid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FinanceMonth {
    /// The month's first day.
    pub month: NaiveDate,
    pub invoiced: Tally,
    pub credited: Tally,
    pub paid: Tally,
}

/// Unpaid invoices so many days past their due date (`to_days` None: and more).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgeBucket {
    pub from_days: i32,
    pub to_days: Option<i32>,
    pub tally: Tally,
}

/// The age buckets of 'Forfaldne' (days past due).
pub const AGE_BUCKETS: [(i32, Option<i32>); 4] =
    [(1, Some(30)), (31, Some(60)), (61, Some(90)), (91, None)];

/// What the finance page reads of the invoices, as of `today` (a Danish day).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceFigures {
    /// The last twelve months, oldest first, this month last.
    pub months: Vec<FinanceMonth>,
    pub overdue: Vec<AgeBucket>,
    /// Booked invoices and credit notes that e-conomic has not booked yet.
    pub unbooked: Tally,
    /// Drafts waiting for approval.
    pub drafts: Tally,
}

fn month_start(day: NaiveDate) -> NaiveDate {
    day.with_day(1).unwrap_or(day)
}

/// The first day of the month `back` months before `day`'s.
fn months_back(day: NaiveDate, back: u32) -> NaiveDate {
    month_start(day)
        .checked_sub_months(chrono::Months::new(back))
        .unwrap_or(NaiveDate::MIN)
}

/// The finance page's invoice figures for a club: three grouped scans of the club's rows.
pub async fn invoice_figures(
    conn: &mut PgConnection,
    client_id: Uuid,
    today: NaiveDate,
) -> Result<InvoiceFigures, sqlx::Error> {
    let first = months_back(today, 11);
    let mut months: Vec<FinanceMonth> = (0..12)
        .rev()
        .map(|back| FinanceMonth {
            month: months_back(today, back),
            invoiced: Tally::default(),
            credited: Tally::default(),
            paid: Tally::default(),
        })
        .collect();
    let by_date: Vec<(NaiveDate, String, i64, i64)> = sqlx::query_as(
        "SELECT date_trunc('month', invoice_date)::date, kind, count(*), coalesce(sum(total), 0)::bigint \
         FROM invoice_rows WHERE client_id = $1 AND number IS NOT NULL AND invoice_date >= $2 \
         GROUP BY 1, 2",
    )
    .bind(client_id)
    .bind(first)
    .fetch_all(&mut *conn)
    .await?;
    for (month, kind, count, amount) in by_date {
        if let Some(at) = months.iter_mut().find(|m| m.month == month) {
            let tally = Tally { count, amount };
            match kind.as_str() {
                "creditNote" => at.credited = tally,
                _ => at.invoiced = tally,
            }
        }
    }
    let paid: Vec<(NaiveDate, i64, i64)> = sqlx::query_as(
        "SELECT date_trunc('month', paid_on)::date, count(*), coalesce(sum(total), 0)::bigint \
         FROM invoice_rows WHERE client_id = $1 AND kind = 'invoice' AND paid_on >= $2 \
         GROUP BY 1",
    )
    .bind(client_id)
    .bind(first)
    .fetch_all(&mut *conn)
    .await?;
    for (month, count, amount) in paid {
        if let Some(at) = months.iter_mut().find(|m| m.month == month) {
            at.paid = Tally { count, amount };
        }
    }

    // Owed invoices by days past due; AGE_BUCKETS alone says where each age goes.
    let ages: Vec<(i32, i64, i64)> = sqlx::query_as(&format!(
        "SELECT $2::date - t.due_date, count(*), coalesce(sum(t.total), 0)::bigint \
         FROM invoice_rows t WHERE t.client_id = $1 AND {OWED} AND t.due_date < $2 GROUP BY 1"
    ))
    .bind(client_id)
    .bind(today)
    .fetch_all(&mut *conn)
    .await?;
    let overdue = AGE_BUCKETS
        .iter()
        .map(|&(from_days, to_days)| {
            let tally = ages
                .iter()
                .filter(|(age, _, _)| *age >= from_days && to_days.is_none_or(|to| *age <= to))
                .fold(Tally::default(), |sum, (_, count, amount)| Tally {
                    count: sum.count + count,
                    amount: sum.amount + amount,
                });
            AgeBucket {
                from_days,
                to_days,
                tally,
            }
        })
        .collect();

    let unbooked: Tally = sqlx::query_as(&format!(
        "SELECT count(*) AS count, coalesce(sum(t.total), 0)::bigint AS amount FROM invoice_rows t \
         WHERE t.client_id = $1 AND t.number IS NOT NULL AND {NOT_IN_ECONOMIC}"
    ))
    .bind(client_id)
    .fetch_one(&mut *conn)
    .await?;
    let drafts: Tally = sqlx::query_as(
        "SELECT count(*) AS count, coalesce(sum(total), 0)::bigint AS amount FROM invoice_rows \
         WHERE client_id = $1 AND number IS NULL",
    )
    .bind(client_id)
    .fetch_one(&mut *conn)
    .await?;
    Ok(InvoiceFigures {
        months,
        overdue,
        unbooked,
        drafts,
    })
}

/// An invoice's credit notes, or a credit note's invoice (the credit's both sides), in the club.
pub async fn credit_relations(
    conn: &mut PgConnection,
    client_id: Uuid,
    invoice_id: Uuid,
) -> Result<Vec<InvoiceListRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {} FROM {} WHERE t.client_id = $1 \
           AND (t.credit_of = $2 OR t.id = (SELECT credit_of FROM invoice_rows WHERE id = $2)) \
         ORDER BY t.number DESC NULLS FIRST, t.created_at DESC",
        INVOICES.columns, INVOICES.from
    ))
    .bind(client_id)
    .bind(invoice_id)
    .fetch_all(conn)
    .await
}
