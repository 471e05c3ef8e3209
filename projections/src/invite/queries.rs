//! The ONLY SQL that reads `invite_rows`: an event's invites with whom they ask (the Invitationer
//! tab), one invite by its link's token, and the invites a reminder is due for. Every read but
//! the token's sees live invites only.

use chrono::{DateTime, Utc};
use sqlx::types::Json;
use sqlx::PgConnection;
use tribune_domain::invite::InviteProduct;
use uuid::Uuid;

/// One invite with its contact, company and list as the tab shows them.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct InviteRow {
    pub id: Uuid,
    pub client_id: Uuid,
    pub event_id: Uuid,
    pub contact_id: Uuid,
    pub company_id: Option<Uuid>,
    pub list_id: Option<Uuid>,
    pub token: String,
    pub products: Json<Vec<InviteProduct>>,
    pub sent_at: Option<DateTime<Utc>>,
    pub reminder_sent_at: Option<DateTime<Utc>>,
    pub update_sent_at: Option<DateTime<Utc>>,
    pub booked: i32,
    pub deleted_at: Option<DateTime<Utc>>,
    pub version: i64,
    pub firstname: String,
    pub lastname: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub company_name: Option<String>,
    pub list_title: Option<String>,
}

const SELECT: &str = "SELECT i.id, i.client_id, i.event_id, i.contact_id, i.company_id, i.list_id, i.token, \
    i.products, i.sent_at, i.reminder_sent_at, i.update_sent_at, i.booked, i.deleted_at, i.version, \
    coalesce(c.firstname, '') AS firstname, coalesce(c.lastname, '') AS lastname, \
    nullif(c.email, '') AS email, nullif(c.phone, '') AS phone, co.name AS company_name, l.title AS list_title \
    FROM invite_rows i \
    LEFT JOIN contacts c ON c.id = i.contact_id \
    LEFT JOIN companies co ON co.id = i.company_id \
    LEFT JOIN contact_lists l ON l.id = i.list_id";

/// The event's invites, by company, then contact name.
pub async fn of_event(
    conn: &mut PgConnection,
    client_id: Uuid,
    event_id: Uuid,
) -> Result<Vec<InviteRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{SELECT} WHERE i.client_id = $1 AND i.event_id = $2 AND i.deleted_at IS NULL \
         ORDER BY lower(coalesce(co.name, '')), lower(coalesce(c.firstname, '')), lower(coalesce(c.lastname, '')), i.id"
    ))
    .bind(client_id)
    .bind(event_id)
    .fetch_all(conn)
    .await
}

/// Some of the event's invites by id (all of them when `ids` is empty).
pub async fn by_ids(
    conn: &mut PgConnection,
    client_id: Uuid,
    event_id: Uuid,
    ids: &[Uuid],
) -> Result<Vec<InviteRow>, sqlx::Error> {
    if ids.is_empty() {
        return of_event(conn, client_id, event_id).await;
    }
    sqlx::query_as(&format!(
        "{SELECT} WHERE i.client_id = $1 AND i.event_id = $2 AND i.id = ANY($3) AND i.deleted_at IS NULL ORDER BY i.id"
    ))
    .bind(client_id)
    .bind(event_id)
    .bind(ids)
    .fetch_all(conn)
    .await
}

/// One invite of the club.
pub async fn one(
    conn: &mut PgConnection,
    client_id: Uuid,
    id: Uuid,
) -> Result<Option<InviteRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{SELECT} WHERE i.client_id = $1 AND i.id = $2 AND i.deleted_at IS NULL"
    ))
    .bind(client_id)
    .bind(id)
    .fetch_optional(conn)
    .await
}

/// The invite whose link carries `token`, deleted or not, in any club (the link finds its club).
pub async fn by_token(
    conn: &mut PgConnection,
    token: &str,
) -> Result<Option<InviteRow>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} WHERE i.token = $1"))
        .bind(token)
        .fetch_optional(conn)
        .await
}

/// The contacts of the event already invited.
pub async fn invited_contacts(
    conn: &mut PgConnection,
    client_id: Uuid,
    event_id: Uuid,
) -> Result<Vec<Uuid>, sqlx::Error> {
    sqlx::query_scalar("SELECT contact_id FROM invite_rows WHERE client_id = $1 AND event_id = $2 AND deleted_at IS NULL")
        .bind(client_id)
        .bind(event_id)
        .fetch_all(conn)
        .await
}

/// The invites of the event in group `key` (a company's id, a list's id, or 'none': neither).
pub async fn of_group(
    conn: &mut PgConnection,
    client_id: Uuid,
    event_id: Uuid,
    key: &str,
) -> Result<Vec<InviteRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{SELECT} WHERE i.client_id = $1 AND i.event_id = $2 AND i.deleted_at IS NULL \
           AND CASE WHEN $3 = 'none' THEN i.company_id IS NULL AND i.list_id IS NULL \
                    ELSE i.company_id::text = $3 OR i.list_id::text = $3 END ORDER BY i.id"
    ))
    .bind(client_id)
    .bind(event_id)
    .bind(key)
    .fetch_all(conn)
    .await
}

/// A reminder that is due (spec 2 §9 reminder intervals): an event starting within its
/// `reminderInterval` days from `now` and not yet started, its invites that were sent, got no
/// reminder and booked nothing — neither through the link nor by an order of the event's with
/// the contact's e-mail (a ticket of it). Across clubs, for the server's periodic run: (club, event, invite).
pub async fn due_reminders(
    conn: &mut PgConnection,
    now: DateTime<Utc>,
    limit: i64,
) -> Result<Vec<(Uuid, Uuid, Uuid)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT i.client_id, i.event_id, i.id FROM invite_rows i \
         JOIN club_events e ON e.id = i.event_id \
         JOIN contacts c ON c.id = i.contact_id \
         WHERE i.deleted_at IS NULL AND i.sent_at IS NOT NULL AND i.reminder_sent_at IS NULL AND i.booked = 0 \
           AND (e.notifications->>'reminderInterval') ~ '^[0-9]{1,2}$' \
           AND e.start_date > $1 \
           AND e.start_date - make_interval(days => (e.notifications->>'reminderInterval')::int) <= $1 \
           AND NOT c.no_invitations \
           AND NOT EXISTS (SELECT 1 FROM ticket_rows t JOIN order_rows o ON o.id = t.order_id \
                 WHERE t.client_id = i.client_id AND t.event_id = i.event_id AND t.status = 'issued' \
                 AND c.email <> '' AND lower(o.email) = lower(c.email)) \
         ORDER BY e.start_date, i.id LIMIT $2",
    )
    .bind(now)
    .bind(limit)
    .fetch_all(conn)
    .await
}
