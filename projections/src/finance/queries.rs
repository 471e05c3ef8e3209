use chrono::{Datelike, NaiveDate};
use serde::Serialize;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::list::{Count, ListSpec, Paging, Search, SortColumn, SortDir};

/// A planned invoice of an approved contract ('Næste faktureringer').
#[derive(Debug, Clone, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlannedInvoiceRow {
    pub contract_id: Uuid,
    #[ts(type = "number")]
    pub contract_number: i64,
    pub plan_key: String,
    /// The company's name, else the contact's.
    pub company: Option<String>,
    /// Øre without VAT.
    #[ts(type = "number")]
    pub amount: i64,
    pub category: Option<String>,
    pub invoice_date: NaiveDate,
}

/// The plans' invoices not made yet, soonest first.
pub const PLANNED_INVOICES: ListSpec = ListSpec {
    from: "finance_planned t LEFT JOIN companies c ON c.id = t.company_id \
           LEFT JOIN contacts k ON k.id = t.contact_id \
           LEFT JOIN order_categories g ON g.id = t.category_id",
    club: Some("t.client_id"),
    columns: "t.contract_id, t.contract_number, t.plan_key, \
        coalesce(c.name, nullif(trim(k.firstname || ' ' || k.lastname), '')) AS company, \
        t.net AS amount, g.title AS category, t.invoice_date",
    key: "(t.contract_id::text || t.plan_key)",
    filters: &[crate::list::Filter::Custom(not_made)],
    search: Search::None,
    sorts: &[
        SortColumn::of("InvoiceDate", "t.invoice_date"),
        SortColumn::of("Amount", "t.net"),
    ],
    default_sort: ("InvoiceDate", SortDir::Asc),
    count: Count::Exact,
    paging: Paging::Offset,
};

fn not_made(
    _: &serde_json::Value,
    builder: &mut sqlx::QueryBuilder<'static, sqlx::Postgres>,
) -> Result<(), crate::list::FilterError> {
    builder.push(" AND t.invoice_id IS NULL");
    Ok(())
}

/// A chart's figures: one amount (øre without VAT) per label.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = FinanceChart)]
pub struct Chart {
    pub year: i32,
    pub labels: Vec<String>,
    #[ts(type = "number[]")]
    pub series: Vec<i64>,
    #[ts(type = "number")]
    pub total: i64,
}

fn year_bounds(year: i32) -> (NaiveDate, NaiveDate) {
    (
        NaiveDate::from_ymd_opt(year, 1, 1).unwrap_or(NaiveDate::MIN),
        NaiveDate::from_ymd_opt(year + 1, 1, 1).unwrap_or(NaiveDate::MAX),
    )
}

/// Which figures a chart reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// Booked invoices and credit notes by invoice date.
    Invoiced,
    /// Approved contracts by the month they start.
    ContractSales,
}

impl Source {
    /// The table a chart sums and its day column: invoices from their monthly sums.
    fn table_and_day(self) -> (&'static str, &'static str) {
        match self {
            Source::Invoiced => ("finance_invoiced_monthly", "month"),
            Source::ContractSales => ("finance_contract_sales", "sold_on"),
        }
    }
}

/// Twelve months of `year`, labelled 'YYYY-MM'.
pub async fn per_month(
    conn: &mut PgConnection,
    client_id: Uuid,
    source: Source,
    year: i32,
) -> Result<Chart, sqlx::Error> {
    let (table, day) = source.table_and_day();
    let (from, to) = year_bounds(year);
    let sums: Vec<(i32, i64)> = sqlx::query_as(&format!(
        "SELECT extract(month FROM {day})::int, sum(net)::bigint FROM {table} \
         WHERE client_id = $1 AND {day} >= $2 AND {day} < $3 GROUP BY 1"
    ))
    .bind(client_id)
    .bind(from)
    .bind(to)
    .fetch_all(conn)
    .await?;
    let mut series = vec![0i64; 12];
    for (month, sum) in sums {
        if let Some(slot) = usize::try_from(month - 1)
            .ok()
            .and_then(|m| series.get_mut(m))
        {
            *slot = sum;
        }
    }
    Ok(Chart {
        year,
        labels: (1..=12).map(|m| format!("{year:04}-{m:02}")).collect(),
        total: series.iter().sum(),
        series,
    })
}

/// `year` by label (product), largest first; the smallest beyond `max` are summed as 'Øvrige'.
pub async fn per_product(
    conn: &mut PgConnection,
    client_id: Uuid,
    source: Source,
    year: i32,
    max: usize,
) -> Result<Chart, sqlx::Error> {
    let (table, day) = source.table_and_day();
    let (from, to) = year_bounds(year);
    let sums: Vec<(String, i64)> = sqlx::query_as(&format!(
        "SELECT label, sum(net)::bigint AS amount FROM {table} \
         WHERE client_id = $1 AND {day} >= $2 AND {day} < $3 GROUP BY label \
         HAVING sum(net) <> 0 ORDER BY amount DESC, label"
    ))
    .bind(client_id)
    .bind(from)
    .bind(to)
    .fetch_all(conn)
    .await?;
    let total = sums.iter().map(|(_, s)| s).sum();
    let (mut labels, mut series): (Vec<String>, Vec<i64>) = sums.iter().take(max).cloned().unzip();
    if sums.len() > max {
        labels.push("Øvrige".to_string());
        series.push(sums.iter().skip(max).map(|(_, s)| s).sum());
    }
    Ok(Chart {
        year,
        labels,
        series,
        total,
    })
}

/// The pie: invoiced in `year` so far against what the plans still hold for it.
pub async fn invoiced_status(
    conn: &mut PgConnection,
    client_id: Uuid,
    year: i32,
) -> Result<Chart, sqlx::Error> {
    let (from, to) = year_bounds(year);
    let (invoiced, remaining): (i64, i64) = sqlx::query_as(
        "SELECT \
           (SELECT coalesce(sum(net), 0)::bigint FROM finance_invoiced_monthly \
              WHERE client_id = $1 AND month >= $2 AND month < $3), \
           (SELECT coalesce(sum(net), 0)::bigint FROM finance_planned \
              WHERE client_id = $1 AND invoice_id IS NULL AND invoice_date >= $2 AND invoice_date < $3)",
    )
    .bind(client_id)
    .bind(from)
    .bind(to)
    .fetch_one(conn)
    .await?;
    Ok(Chart {
        year,
        labels: vec!["Faktureret".to_string(), "Resterende".to_string()],
        series: vec![invoiced, remaining.max(0)],
        total: invoiced + remaining.max(0),
    })
}

/// This year in Denmark.
pub fn this_year() -> i32 {
    chrono::Utc::now()
        .with_timezone(&chrono_tz::Europe::Copenhagen)
        .year()
}
