//! The ONLY SQL that reads `ticket_rows`: an order's tickets, a ticket by its public code, and an
//! event's attendees (spec 2 §2 Attendees tab, §3 Attendee, Ticket).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::types::Json;
use sqlx::{PgConnection, Postgres, QueryBuilder};
use tribune_domain::order::ExtraInfoValue;
use tribune_domain::ticket::TicketOption;
use uuid::Uuid;

use crate::list::{like_pattern, MAX_PAGE};

/// One ticket as its order, its download and the attendee list show it.
#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct TicketRow {
    pub id: Uuid,
    pub client_id: Uuid,
    pub event_id: Uuid,
    pub order_id: Uuid,
    pub order_line_id: Uuid,
    pub product_id: Uuid,
    pub product_title: String,
    /// The public id the QR code prints.
    pub code: String,
    #[ts(type = "number")]
    pub number: i64,
    pub name: Option<String>,
    pub name_required: bool,
    pub company_id: Option<Uuid>,
    pub company_name: Option<String>,
    pub section: Option<String>,
    pub row: Option<String>,
    pub seat_number: Option<String>,
    #[ts(as = "Vec<TicketOption>")]
    pub options: Json<Vec<TicketOption>>,
    #[ts(as = "Vec<ExtraInfoValue>")]
    pub extra_info: Json<Vec<ExtraInfoValue>>,
    /// 'issued' or 'voided'.
    pub status: String,
    pub scanned_at: Option<DateTime<Utc>>,
    pub seat_released: bool,
    pub void_reason: Option<String>,
    pub voided_at: Option<DateTime<Utc>>,
    pub issued_at: DateTime<Utc>,
    #[ts(type = "number")]
    pub version: i64,
}

const COLUMNS: &str = "t.id, t.client_id, t.event_id, t.order_id, t.order_line_id, t.product_id, \
    t.product_title, t.code, t.number, t.name, t.name_required, t.company_id, t.company_name, t.section, \
    t.row, t.seat_number, t.options, t.extra_info, t.status, t.scanned_at, t.seat_released, t.void_reason, \
    t.voided_at, t.issued_at, t.version";

/// The attendee list's status filter (spec 2 §4: Alle, Scannet, Ikke scannet).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub enum ScanFilter {
    #[default]
    All,
    Scanned,
    NotScanned,
}

/// Which of an event's attendees: a search over number, holder and company, one company, and
/// scanned or not.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AttendeeFilter {
    pub search: Option<String>,
    pub company_id: Option<Uuid>,
    pub scan: ScanFilter,
}

/// An order's tickets in number order, voided ones too.
pub async fn of_order(
    conn: &mut PgConnection,
    client_id: Uuid,
    order_id: Uuid,
) -> Result<Vec<TicketRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM ticket_rows t WHERE t.client_id = $1 AND t.order_id = $2 \
         ORDER BY t.number, t.id"
    ))
    .bind(client_id)
    .bind(order_id)
    .fetch_all(conn)
    .await
}

/// The ticket with this public code, of whichever club: the public download knows only the
/// code, so the caller reads in a system transaction (`db::system_tx`) and then acts in the
/// ticket's club.
pub async fn by_code(
    conn: &mut PgConnection,
    code: &str,
) -> Result<Option<TicketRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM ticket_rows t WHERE t.code = $1"
    ))
    .bind(code.trim())
    .fetch_optional(conn)
    .await
}

/// `FROM … WHERE` of an event's attendees: its tickets that admit someone (not voided).
fn push_attendees(
    q: &mut QueryBuilder<'static, Postgres>,
    client_id: Uuid,
    event_id: Uuid,
    filter: &AttendeeFilter,
) {
    q.push(" FROM ticket_rows t WHERE t.client_id = ")
        .push_bind(client_id)
        .push(" AND t.event_id = ")
        .push_bind(event_id)
        .push(" AND t.status = 'issued'");
    if let Some(search) = filter.search.as_deref().map(str::trim) {
        if !search.is_empty() {
            q.push(" AND t.search_text LIKE ")
                .push_bind(like_pattern(&search.to_lowercase()));
        }
    }
    if let Some(company_id) = filter.company_id {
        q.push(" AND t.company_id = ").push_bind(company_id);
    }
    match filter.scan {
        ScanFilter::All => {}
        ScanFilter::Scanned => {
            q.push(" AND t.scanned_at IS NOT NULL");
        }
        ScanFilter::NotScanned => {
            q.push(" AND t.scanned_at IS NULL");
        }
    }
}

/// One page (from 1, `per_page` rows, at most 1,000) of an event's attendees in number order:
/// its tickets that are not voided.
pub async fn of_event(
    conn: &mut PgConnection,
    client_id: Uuid,
    event_id: Uuid,
    filter: &AttendeeFilter,
    page: i64,
    per_page: i64,
) -> Result<Vec<TicketRow>, sqlx::Error> {
    let per_page = per_page.clamp(1, 1000);
    let offset = (page.clamp(1, MAX_PAGE) - 1) * per_page;
    let mut q = QueryBuilder::new(format!("SELECT {COLUMNS}"));
    push_attendees(&mut q, client_id, event_id, filter);
    q.push(" ORDER BY t.number, t.id LIMIT ")
        .push_bind(per_page)
        .push(" OFFSET ")
        .push_bind(offset);
    q.build_query_as().fetch_all(conn).await
}

/// How many attendees `of_event` pages through.
pub async fn count_of_event(
    conn: &mut PgConnection,
    client_id: Uuid,
    event_id: Uuid,
    filter: &AttendeeFilter,
) -> Result<i64, sqlx::Error> {
    let mut q = QueryBuilder::new("SELECT count(*)");
    push_attendees(&mut q, client_id, event_id, filter);
    q.build_query_scalar().fetch_one(conn).await
}
