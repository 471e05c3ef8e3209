//! The ONLY SQL that reads `subscription_rows`: the subscriptions list, a customer's own
//! subscriptions (the profile), the subscriptions with a period due (the recurring charges), and
//! those to renew or whose customer is to be told they will (the renewals).

use chrono::NaiveDate;
use serde::Serialize;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::list::{Count, Filter, ListSpec, Paging, Search, SortColumn, SortDir};

/// One row of the subscriptions list (spec 3 §2 Subscriptions: Status, Nummer, Kontaktperson,
/// Start dato, Slut dato, Subtotal, Total).
#[derive(Debug, Clone, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionListRow {
    pub id: Uuid,
    #[ts(type = "number")]
    pub subscription_number: i64,
    /// 'draft', 'approved' (Aktiv) or 'cancelled'.
    pub status: String,
    pub contact_name: String,
    pub company_id: Option<Uuid>,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    pub next_payment: Option<NaiveDate>,
    /// A charge failed and is waiting for a retry or a new card.
    pub payment_failed: bool,
    /// Øre.
    #[ts(type = "number")]
    pub subtotal: i64,
    #[ts(type = "number")]
    pub total: i64,
}

pub const SUBSCRIPTIONS: ListSpec = ListSpec {
    from: "subscription_rows t",
    club: Some("t.client_id"),
    columns: "t.id, t.number AS subscription_number, t.status, t.contact_name, t.company_id, t.start_date, \
        t.end_date, t.next_payment, t.payment_failed, t.subtotal, t.total",
    key: "t.id",
    filters: &[
        Filter::Text {
            name: "status",
            column: "t.status",
        },
        Filter::Id {
            name: "companyId",
            column: "t.company_id",
        },
    ],
    search: Search::Text("t.search_text"),
    sorts: &[
        SortColumn::of("Name", "lower(t.contact_name)"),
        SortColumn::of("Number", "t.number"),
        SortColumn::nullable("StartDate", "t.start_date"),
        SortColumn::nullable("EndDate", "t.end_date"),
        // The finance page's 'Næste træk': soonest charge first.
        SortColumn::nullable("NextPayment", "t.next_payment"),
        SortColumn::of("Subtotal", "t.subtotal"),
        SortColumn::of("Total", "t.total"),
        SortColumn::of("Status", "t.status"),
    ],
    default_sort: ("Name", SortDir::Asc),
    count: Count::Exact,
    paging: Paging::Offset,
};

/// The ids of the club's subscriptions whose customer e-mail is `email` (a customer's own),
/// newest first.
pub async fn ids_by_email(
    conn: &mut PgConnection,
    client_id: Uuid,
    email: &str,
) -> Result<Vec<Uuid>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT id FROM subscription_rows WHERE client_id = $1 AND email = $2 AND status <> 'draft' \
         ORDER BY number DESC",
    )
    .bind(client_id)
    .bind(email.trim().to_lowercase())
    .fetch_all(conn)
    .await
}

/// Approved subscriptions with a card whose next period falls due by `today`, across clubs
/// (the recurring job runs as the system), at most `limit`.
pub async fn due(
    conn: &mut PgConnection,
    today: NaiveDate,
    limit: i64,
) -> Result<Vec<(Uuid, Uuid)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, client_id FROM subscription_rows \
         WHERE status = 'approved' AND card_last4 IS NOT NULL AND next_payment <= $1 \
         ORDER BY next_payment, id LIMIT $2",
    )
    .bind(today)
    .bind(limit)
    .fetch_all(conn)
    .await
}

/// Approved subscriptions without a card whose next period falls due by `today` and whose link
/// for it was not mailed yet (no `subscription_charges` row for that period), across clubs, at
/// most `limit`: (id, club, the period's first day).
pub async fn due_by_link(
    conn: &mut PgConnection,
    today: NaiveDate,
    limit: i64,
) -> Result<Vec<(Uuid, Uuid, NaiveDate)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT r.id, r.client_id, r.next_payment FROM subscription_rows r \
         WHERE r.status = 'approved' AND r.card_last4 IS NULL AND r.next_payment <= $1 \
           AND NOT EXISTS (SELECT 1 FROM subscription_charges c \
                           WHERE c.subscription_id = r.id AND c.period = to_char(r.next_payment, 'YYYY-MM-DD')) \
         ORDER BY r.next_payment, r.id LIMIT $2",
    )
    .bind(today)
    .bind(limit)
    .fetch_all(conn)
    .await
}

/// An approved subscription with auto-renew, and its end date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct Renewing {
    pub id: Uuid,
    pub client_id: Uuid,
    pub end_date: NaiveDate,
}

/// Approved subscriptions with auto-renew whose end date is before `today`: to renew, across
/// clubs (the renewals run as the system), at most `limit`, the longest ended first.
pub async fn to_renew(
    conn: &mut PgConnection,
    today: NaiveDate,
    limit: i64,
) -> Result<Vec<Renewing>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, client_id, end_date FROM subscription_rows \
         WHERE status = 'approved' AND auto_renew AND end_date < $1 \
         ORDER BY end_date, id LIMIT $2",
    )
    .bind(today)
    .bind(limit)
    .fetch_all(conn)
    .await
}

/// Approved subscriptions with auto-renew and a customer e-mail whose end date is from `today`
/// to `last_end`, and whose customer was not told about that end date yet, across clubs, at most
/// `limit`.
pub async fn to_notify_of_renewal(
    conn: &mut PgConnection,
    today: NaiveDate,
    last_end: NaiveDate,
    limit: i64,
) -> Result<Vec<Renewing>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, client_id, end_date FROM subscription_rows \
         WHERE status = 'approved' AND auto_renew AND end_date BETWEEN $1 AND $2 AND email <> '' \
           AND renewal_noticed_for IS DISTINCT FROM end_date \
         ORDER BY end_date, id LIMIT $3",
    )
    .bind(today)
    .bind(last_end)
    .bind(limit)
    .fetch_all(conn)
    .await
}
