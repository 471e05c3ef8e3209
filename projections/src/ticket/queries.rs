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
    /// Who scanned it at the door.
    pub scanned_by: Option<String>,
    /// Who bought it (its order's customer): the attendee of a ticket without a holder's name.
    pub buyer_name: Option<String>,
    pub seat_released: bool,
    pub void_reason: Option<String>,
    pub voided_at: Option<DateTime<Utc>>,
    pub issued_at: DateTime<Utc>,
    #[ts(type = "number")]
    pub version: i64,
}

const COLUMNS: &str = "t.id, t.client_id, t.event_id, t.order_id, t.order_line_id, t.product_id, \
    t.product_title, t.code, t.number, t.name, t.name_required, t.company_id, t.company_name, t.section, \
    t.row, t.seat_number, t.options, t.extra_info, t.status, t.scanned_at, t.scanned_by, t.seat_released, t.void_reason, \
    t.voided_at, t.issued_at, t.version, \
    (SELECT nullif(trim(o.firstname || ' ' || o.lastname), '') FROM order_rows o WHERE o.id = t.order_id) AS buyer_name";

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
    /// For an export: without the tickets of products marked 'hideExport' (spec 3 §3 Product).
    pub for_export: bool,
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

/// The live (not voided) tickets of an order line at an event: a season ticket's match ticket.
pub async fn live_of_line(
    conn: &mut PgConnection,
    event_id: Uuid,
    order_line_id: Uuid,
) -> Result<Vec<Uuid>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT id FROM ticket_rows WHERE event_id = $1 AND order_line_id = $2 AND status <> 'voided'",
    )
    .bind(event_id)
    .bind(order_line_id)
    .fetch_all(conn)
    .await
}

/// The orders that hold live (not voided) tickets for an event: whom its cancellation concerns.
pub async fn orders_with_live_tickets(
    conn: &mut PgConnection,
    client_id: Uuid,
    event_id: Uuid,
) -> Result<Vec<Uuid>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT DISTINCT order_id FROM ticket_rows \
         WHERE client_id = $1 AND event_id = $2 AND status <> 'voided'",
    )
    .bind(client_id)
    .bind(event_id)
    .fetch_all(conn)
    .await
}

/// The live tickets an order holds for an event.
pub async fn live_of_event_order(
    conn: &mut PgConnection,
    event_id: Uuid,
    order_id: Uuid,
) -> Result<Vec<Uuid>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT id FROM ticket_rows WHERE event_id = $1 AND order_id = $2 AND status <> 'voided'",
    )
    .bind(event_id)
    .bind(order_id)
    .fetch_all(conn)
    .await
}

/// A ticket of a buyer's order with its event, as their profile lists it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BuyerTicketRow {
    pub order_id: Uuid,
    pub code: String,
    pub number: i64,
    pub product_title: String,
    pub name: Option<String>,
    pub section: Option<String>,
    pub row: Option<String>,
    pub seat_number: Option<String>,
    /// 'issued' or 'voided'.
    pub status: String,
    pub scanned_at: Option<DateTime<Utc>>,
    pub event_id: Uuid,
    pub event_title: Option<String>,
    pub event_start: Option<DateTime<Utc>>,
}

/// The tickets of some of the club's orders with their events, by order and number, voided
/// ones too.
pub async fn of_orders(
    conn: &mut PgConnection,
    client_id: Uuid,
    order_ids: &[Uuid],
) -> Result<Vec<BuyerTicketRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT t.order_id, t.code, t.number, t.product_title, t.name, t.section, t.row, \
           t.seat_number, t.status, t.scanned_at, t.event_id, e.title AS event_title, \
           e.start_date AS event_start \
         FROM ticket_rows t LEFT JOIN club_events e ON e.id = t.event_id \
         WHERE t.client_id = $1 AND t.order_id = ANY($2) ORDER BY t.order_id, t.number, t.id",
    )
    .bind(client_id)
    .bind(order_ids)
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
            // The holder, number and company, or the buyer's name.
            let pattern = like_pattern(&search.to_lowercase());
            q.push(" AND (t.search_text LIKE ")
                .push_bind(pattern.clone())
                .push(
                    " OR EXISTS (SELECT 1 FROM order_rows o WHERE o.id = t.order_id \
                     AND lower(o.firstname || ' ' || o.lastname) LIKE ",
                )
                .push_bind(pattern)
                .push("))");
        }
    }
    if let Some(company_id) = filter.company_id {
        q.push(" AND t.company_id = ").push_bind(company_id);
    }
    if filter.for_export {
        q.push(
            " AND NOT EXISTS (SELECT 1 FROM products p WHERE p.id = t.product_id AND p.hide_export)",
        );
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

/// The club's ticket the door typed or scanned: a number is the ticket's number at the event;
/// anything else is a ticket's public code (what its QR code prints, alone or at the end of its
/// download link) at any of the club's events, so a ticket of another event can be named.
pub async fn for_door(
    conn: &mut PgConnection,
    client_id: Uuid,
    event_id: Uuid,
    input: &str,
) -> Result<Option<TicketRow>, sqlx::Error> {
    let input = input.trim();
    if let Ok(number) = input.parse::<i64>() {
        return sqlx::query_as(&format!(
            "SELECT {COLUMNS} FROM ticket_rows t WHERE t.client_id = $1 AND t.event_id = $2 AND t.number = $3 \
             ORDER BY t.status = 'issued' DESC, t.issued_at DESC LIMIT 1"
        ))
        .bind(client_id)
        .bind(event_id)
        .bind(number)
        .fetch_optional(conn)
        .await;
    }
    let code = input
        .rsplit('/')
        .next()
        .unwrap_or_default()
        .to_ascii_uppercase();
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM ticket_rows t WHERE t.client_id = $1 AND t.code = $2"
    ))
    .bind(client_id)
    .bind(code)
    .fetch_optional(conn)
    .await
}

/// The companies of an event's attendees (the attendee list's company filter), by name.
pub async fn companies_of_event(
    conn: &mut PgConnection,
    client_id: Uuid,
    event_id: Uuid,
) -> Result<Vec<(Uuid, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT DISTINCT ON (lower(t.company_name), t.company_id) t.company_id, coalesce(t.company_name, '') \
         FROM ticket_rows t WHERE t.client_id = $1 AND t.event_id = $2 AND t.status = 'issued' \
           AND t.company_id IS NOT NULL ORDER BY lower(t.company_name), t.company_id",
    )
    .bind(client_id)
    .bind(event_id)
    .fetch_all(conn)
    .await
}

/// One who comes to an event, as its public page names them (spec 2 §3 `showParticipants`): a
/// company, or a person.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Participant {
    pub name: String,
    /// A company's name (its tickets), not a person's.
    pub company: bool,
}

/// Who comes to an event, for its public page: the tickets that admit someone (issued, and not
/// a season ticket's seat its holder released), which exist only once their booking, sale or
/// accepted invitation is confirmed. A company's tickets name the company, once; any other
/// ticket its holder, or else its buyer, once per name; nothing else of them (no e-mail,
/// phone or seat). Companies first, then people, each by name; at most `limit`, and how many
/// more there are.
pub async fn participants_of_event(
    conn: &mut PgConnection,
    client_id: Uuid,
    event_id: Uuid,
    limit: i64,
) -> Result<(Vec<Participant>, i64), sqlx::Error> {
    let rows: Vec<(String, bool, i64)> = sqlx::query_as(
        "WITH present AS ( \
           SELECT DISTINCT \
             CASE WHEN t.company_id IS NOT NULL THEN nullif(trim(t.company_name), '') \
                  ELSE coalesce(nullif(trim(t.name), ''), \
                    (SELECT nullif(trim(o.firstname || ' ' || o.lastname), '') FROM order_rows o WHERE o.id = t.order_id)) \
             END AS name, \
             t.company_id IS NOT NULL AS company \
           FROM ticket_rows t \
           WHERE t.client_id = $1 AND t.event_id = $2 AND t.status = 'issued' AND NOT t.seat_released) \
         SELECT name, company, count(*) OVER () AS total FROM present WHERE name IS NOT NULL \
         ORDER BY company DESC, lower(name), name LIMIT $3",
    )
    .bind(client_id)
    .bind(event_id)
    .bind(limit.max(0))
    .fetch_all(conn)
    .await?;
    let total = rows.first().map_or(0, |(_, _, total)| *total);
    let listed = rows
        .into_iter()
        .map(|(name, company, _)| Participant { name, company })
        .collect::<Vec<_>>();
    let more = total - listed.len() as i64;
    Ok((listed, more.max(0)))
}
