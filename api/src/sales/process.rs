//! The one process table of selling (`sales`, issue 38 §1): a row per sale in progress or done,
//! whatever the channel — the order it makes, the key it was made with (one key never makes a
//! second order), its hold on the capacity counters and what it claims (to take them anew when
//! a late payment finds the hold run out), the buyer, its status and, for an event's sale, the
//! tickets it issues once confirmed. Only this module writes it.

use serde::{Deserialize, Serialize};
use sqlx::types::Json;
use sqlx::PgConnection;
use tribune_domain::booking::Buyer;
use tribune_domain::order::ExtraInfoValue;
use uuid::Uuid;

use super::channel::Channel;
use crate::error::ApiError;
use crate::kit::capacity::Claim;
use crate::kit::seating::LineSeat;

/// A sale's key as its last step sends it (create-intent's answer): trimmed, given and at most
/// 200 characters, else refused on `intentSecret`. One key makes one order.
pub fn intent_of(sent: &str) -> Result<&str, ApiError> {
    let intent = sent.trim();
    if intent.is_empty() || intent.len() > 200 {
        return Err(ApiError::field(
            "intentSecret",
            "Bestillingen mangler sin nøgle. Prøv igen.",
        ));
    }
    Ok(intent)
}

/// A booking's key sent again with another booking (another event, other tickets or another
/// buyer): its payment belongs to the first.
pub const INTENT_USED_FOR_ANOTHER: &str =
    "Denne betaling er allerede brugt til en anden bestilling. Start bestillingen forfra.";

/// The desk's sale key sent again with another sale (another event, other products, another
/// customer or way to pay).
pub const SALE_KEY_USED_FOR_ANOTHER: &str =
    "Salget er allerede gennemført med et andet indhold. Start et nyt salg.";

/// The lines of a request as its digest takes them: each line's product, amount and seat
/// (trimmed; none when blank), the lines with an amount only, in a fixed order.
pub fn digest_lines<'a>(
    lines: impl Iterator<Item = (Option<Uuid>, i64, Option<&'a str>)>,
) -> Vec<(Option<Uuid>, i64, Option<&'a str>)> {
    let mut lines: Vec<_> = lines
        .filter(|(_, amount, _)| *amount > 0)
        .map(|(product, amount, seat)| {
            let seat = seat.map(str::trim).filter(|s| !s.is_empty());
            (product, amount, seat)
        })
        .collect();
    lines.sort_unstable();
    lines
}

/// A digest of what a request sells, in the channel's canonical form of it (the event, the
/// buyer, the lines in a fixed order): the same request always gives the same digest, another
/// sale another. Kept with the sale, so its key answers only the same request again.
pub fn request_digest(canonical: &impl Serialize) -> String {
    use sha2::{Digest, Sha256};
    let bytes = serde_json::to_vec(canonical).unwrap_or_default();
    hex::encode(Sha256::digest(&bytes))
}

/// Whether a request with digest `sent` is the one a sale was recorded with (a sale recorded
/// before digests were kept has none, and any request of its key is taken as its own).
pub fn same_request(recorded: Option<&str>, sent: &str) -> bool {
    recorded.is_none_or(|recorded| recorded == sent)
}

/// One ticket an event's sale will issue once confirmed.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredTicket {
    pub event_product_id: Uuid,
    pub product_id: Uuid,
    pub title: String,
    pub order_line_id: Uuid,
    pub name: Option<String>,
    pub name_required: bool,
    pub extra_info: Vec<ExtraInfoValue>,
    /// A seat-ticket's seat.
    #[serde(default)]
    pub seat: Option<LineSeat>,
    /// The add-ons chosen with it (spec 2 §3 Attendee `options`).
    #[serde(default)]
    pub options: Vec<tribune_domain::ticket::TicketOption>,
}

/// A sale's row.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SaleRow {
    pub order_id: Uuid,
    pub client_id: Uuid,
    pub channel: String,
    pub event_id: Option<Uuid>,
    pub hold_id: Option<Uuid>,
    pub company_id: Option<Uuid>,
    pub status: String,
    pub lines: Json<Vec<StoredTicket>>,
    pub claims: Json<Vec<Claim>>,
}

impl SaleRow {
    pub fn channel(&self) -> Option<Channel> {
        Channel::parse(&self.channel)
    }

    /// How many of its tickets have a seat.
    pub fn seats(&self) -> usize {
        self.lines.0.iter().filter(|t| t.seat.is_some()).count()
    }
}

const ROW: &str =
    "order_id, client_id, channel, event_id, hold_id, company_id, status, lines, claims";

/// The sale of an order, if it was sold through a channel.
pub async fn of(conn: &mut PgConnection, order_id: Uuid) -> Result<Option<SaleRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {ROW} FROM sales WHERE order_id = $1"))
        .bind(order_id)
        .fetch_optional(conn)
        .await
}

/// `of`, locked for the rest of the caller's transaction.
pub async fn for_update(
    conn: &mut PgConnection,
    order_id: Uuid,
) -> Result<Option<SaleRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {ROW} FROM sales WHERE order_id = $1 FOR UPDATE"
    ))
    .bind(order_id)
    .fetch_optional(conn)
    .await
}

/// A sale of an event to record: its channel, event, buyer, order, hold, claims, key and the
/// digest of the request it came with, user and the tickets it will issue.
pub struct NewSale<'a> {
    pub channel: Channel,
    pub client_id: Uuid,
    pub event_id: Uuid,
    pub buyer: Buyer,
    pub order_id: Uuid,
    pub hold: Uuid,
    pub claims: &'a [Claim],
    pub intent: &'a str,
    /// `request_digest` of the request.
    pub digest: &'a str,
    pub user_id: Option<Uuid>,
    pub tickets: &'a [StoredTicket],
}

/// Records sales of an event (one, or the rush's batch) in one statement.
pub async fn record_many(
    conn: &mut PgConnection,
    sales: &[NewSale<'_>],
) -> Result<(), sqlx::Error> {
    let mut insert = sqlx::QueryBuilder::<sqlx::Postgres>::new(
        "INSERT INTO sales (order_id, client_id, channel, event_id, hold_id, intent, request_digest, \
           user_id, company_id, contact_id, lines, claims) ",
    );
    insert.push_values(sales, |mut row, sale| {
        let (company, contact) = match sale.buyer {
            Buyer::Company(id) => (Some(id), None),
            Buyer::Contact(id) => (None, Some(id)),
            Buyer::Guest => (None, None),
        };
        row.push_bind(sale.order_id)
            .push_bind(sale.client_id)
            .push_bind(sale.channel.as_str())
            .push_bind(sale.event_id)
            .push_bind(sale.hold)
            .push_bind(sale.intent)
            .push_bind(sale.digest)
            .push_bind(sale.user_id)
            .push_bind(company)
            .push_bind(contact)
            .push_bind(Json(sale.tickets))
            .push_bind(Json(sale.claims));
    });
    insert.build().execute(conn).await?;
    Ok(())
}

/// A shop checkout to record: it sells the club's stock, not an event's places.
pub struct NewCheckout<'a> {
    pub client_id: Uuid,
    pub order_id: Uuid,
    /// The key's digest (a checkout's key is a secret of its buyer).
    pub intent: &'a str,
    pub hold: Option<Uuid>,
    pub claims: &'a [Claim],
    pub discount_code_id: Option<Uuid>,
    pub user_id: Option<Uuid>,
    pub save_card: bool,
    pub account_requested: bool,
}

pub async fn record_checkout(
    conn: &mut PgConnection,
    checkout: NewCheckout<'_>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO sales (order_id, client_id, channel, intent, status, hold_id, claims, \
           discount_code_id, user_id, save_card, account_requested) \
         VALUES ($1, $2, 'shop', $3, 'pending', $4, $5, $6, $7, $8, $9)",
    )
    .bind(checkout.order_id)
    .bind(checkout.client_id)
    .bind(checkout.intent)
    .bind(checkout.hold)
    .bind(Json(checkout.claims))
    .bind(checkout.discount_code_id)
    .bind(checkout.user_id)
    .bind(checkout.save_card)
    .bind(checkout.account_requested)
    .execute(conn)
    .await?;
    Ok(())
}

/// The sale's hold is another now (its places taken anew).
pub async fn set_hold(
    conn: &mut PgConnection,
    order_id: Uuid,
    hold: Uuid,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE sales SET hold_id = $2 WHERE order_id = $1")
        .bind(order_id)
        .bind(hold)
        .execute(conn)
        .await?;
    Ok(())
}

/// The sale is confirmed: fulfilled and its order approved or processing.
pub async fn set_confirmed(conn: &mut PgConnection, order_id: Uuid) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE sales SET status = 'confirmed', confirmed_at = now() WHERE order_id = $1")
        .bind(order_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// The sale is cancelled: what it held is given back (or was never kept).
pub async fn set_cancelled(conn: &mut PgConnection, order_id: Uuid) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE sales SET status = 'cancelled' WHERE order_id = $1")
        .bind(order_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// The buyers of these sales asked for an account ('Opret bruger').
pub async fn set_account_requested(
    conn: &mut PgConnection,
    orders: &[Uuid],
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE sales SET account_requested = true WHERE order_id = ANY($1)")
        .bind(orders)
        .execute(conn)
        .await?;
    Ok(())
}

/// Whether the sale's buyer asked for an account.
pub async fn account_requested(
    conn: &mut PgConnection,
    order_id: Uuid,
) -> Result<bool, sqlx::Error> {
    Ok(
        sqlx::query_scalar("SELECT account_requested FROM sales WHERE order_id = $1")
            .bind(order_id)
            .fetch_optional(conn)
            .await?
            .unwrap_or(false),
    )
}

/// Which of the keys sold before (inside the batch's transaction): a key is the club's, whatever
/// the channel (`sales_intent`).
pub async fn intents_known(
    conn: &mut PgConnection,
    client_id: Uuid,
    intents: &[&str],
) -> Result<std::collections::HashSet<String>, sqlx::Error> {
    let known: Vec<String> =
        sqlx::query_scalar("SELECT intent FROM sales WHERE client_id = $1 AND intent = ANY($2)")
            .bind(client_id)
            .bind(intents)
            .fetch_all(conn)
            .await?;
    Ok(known.into_iter().collect())
}

/// What a key sold before, whatever the event: its order and the digest of its request.
pub async fn sold_with(
    conn: &mut PgConnection,
    client_id: Uuid,
    intent: &str,
) -> Result<Option<(Uuid, Option<String>)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT order_id, request_digest FROM sales WHERE client_id = $1 AND intent = $2",
    )
    .bind(client_id)
    .bind(intent)
    .fetch_optional(conn)
    .await
}

/// The pending sales of an event whose hold expired (or was released) before `before`, oldest
/// first: (club, order). A shop checkout is never given up this way (its stock comes back when
/// its hold runs out).
pub async fn abandoned(
    conn: &mut PgConnection,
    before: chrono::DateTime<chrono::Utc>,
    limit: i64,
) -> Result<Vec<(Uuid, Uuid)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT b.client_id, b.order_id FROM sales b \
         LEFT JOIN capacity_holds h ON h.id = b.hold_id \
         WHERE b.status = 'pending' AND b.channel <> 'shop' AND b.created_at < $1 \
           AND (h.id IS NULL OR coalesce(h.released_at, h.expires_at) < $1) \
         ORDER BY b.created_at LIMIT $2",
    )
    .bind(before)
    .bind(limit)
    .fetch_all(conn)
    .await
}

/// An event sale a key made before.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EventSale {
    pub order_id: Uuid,
    /// The event's url.
    pub url: String,
    /// When its hold expires.
    pub expires_at: Option<chrono::DateTime<chrono::Utc>>,
    /// `request_digest` of the request that made it.
    pub request_digest: Option<String>,
}

/// The event sale a key made before.
pub async fn event_sale_by_intent(
    conn: &mut PgConnection,
    client_id: Uuid,
    intent: &str,
) -> Result<Option<EventSale>, sqlx::Error> {
    sqlx::query_as(
        "SELECT b.order_id, e.url, h.expires_at, b.request_digest FROM sales b \
         JOIN club_events e ON e.id = b.event_id \
         LEFT JOIN capacity_holds h ON h.id = b.hold_id \
         WHERE b.client_id = $1 AND b.intent = $2 AND b.channel = 'booking'",
    )
    .bind(client_id)
    .bind(intent)
    .fetch_optional(conn)
    .await
}

/// A checkout's answer, kept so that its key answers the same again.
pub async fn set_result<T: Serialize>(
    conn: &mut PgConnection,
    order_id: Uuid,
    result: &T,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE sales SET result = $2 WHERE order_id = $1")
        .bind(order_id)
        .bind(Json(result))
        .execute(conn)
        .await?;
    Ok(())
}

/// The checkout a key (its digest) completed before, locked: its order and its answer, if its
/// first call got as far as answering.
pub async fn checkout_by_intent<T: serde::de::DeserializeOwned + Send + Unpin + 'static>(
    conn: &mut PgConnection,
    client_id: Uuid,
    intent: &str,
) -> Result<Option<(Uuid, Option<T>)>, sqlx::Error> {
    let found: Option<(Uuid, Option<Json<T>>)> = sqlx::query_as(
        "SELECT order_id, result FROM sales \
         WHERE client_id = $1 AND intent = $2 AND channel = 'shop' FOR UPDATE",
    )
    .bind(client_id)
    .bind(intent)
    .fetch_optional(conn)
    .await?;
    Ok(found.map(|(order, result)| (order, result.map(|r| r.0))))
}

/// A checkout's status and whether its buyer asked for an account.
pub async fn checkout_status(
    conn: &mut PgConnection,
    order_id: Uuid,
) -> Result<Option<(String, bool)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT status, account_requested FROM sales WHERE order_id = $1 AND channel = 'shop'",
    )
    .bind(order_id)
    .fetch_optional(conn)
    .await
}
