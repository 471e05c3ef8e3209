//! A booking confirmed (spec 2 §4 Public order status; issue 15): the order approved, its places
//! kept for good, its tickets issued and the confirmation mailed, in one club transaction —
//! at once for a booking that costs nothing, and when its card payment settles otherwise. A
//! payment that arrives after the hold expired takes the places anew; when they are gone the
//! order is cancelled and the money given back ('De valgte pladser er ikke længere
//! tilgængelig!').

use chrono::{DateTime, Utc};
use futures::future::BoxFuture;
use serde::{Deserialize, Serialize};
use sqlx::types::Json;
use sqlx::PgConnection;
use tribune_domain::money::Money;
use tribune_domain::order::{ExtraInfoValue, OrderStatus};
use uuid::Uuid;

use super::book::{start_request, Booked, SOLD_OUT};
use super::plan::Plan;
use crate::error::ApiError;
use crate::integrations::payments::{PaymentOutcome, PaymentStart};
use crate::jobs::{enqueue, JobMethod, NewJob};
use crate::kit::actor::Actor;
use crate::kit::capacity::{self, keys, Claim, Full, NewHold};
use crate::kit::payments::Paid;
use crate::kit::payments::{self, Purpose};
use crate::kit::seating::{self, LineSeat};
use crate::mail::orders::{self as order_mails, OrderMailSettings};
use crate::state::AppState;
use crate::tickets::service::{take_ticket_numbers, TicketService, TicketToIssue};

/// One ticket a booking will issue once confirmed.
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
}

/// The booking row of an order.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BookingRow {
    pub order_id: Uuid,
    pub client_id: Uuid,
    pub event_id: Uuid,
    pub hold_id: Uuid,
    pub company_id: Option<Uuid>,
    pub status: String,
    pub lines: Json<Vec<StoredTicket>>,
    pub claims: Json<Vec<Claim>>,
}

impl BookingRow {
    /// How many seats the booking holds.
    pub fn seats(&self) -> usize {
        self.lines.0.iter().filter(|t| t.seat.is_some()).count()
    }
}

const ROW: &str = "order_id, client_id, event_id, hold_id, company_id, status, lines, claims";

pub async fn booking_of(
    conn: &mut PgConnection,
    order_id: Uuid,
) -> Result<Option<BookingRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {ROW} FROM sales WHERE order_id = $1 AND channel <> 'shop'"
    ))
    .bind(order_id)
    .fetch_optional(conn)
    .await
}

async fn booking_for_update(
    conn: &mut PgConnection,
    order_id: Uuid,
) -> Result<Option<BookingRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {ROW} FROM sales WHERE order_id = $1 AND channel <> 'shop' FOR UPDATE"
    ))
    .bind(order_id)
    .fetch_optional(conn)
    .await
}

/// A booking to record: its channel (`booking`, or `pos` for the desk), plan, order, hold, intent,
/// user and tickets.
pub struct NewBooking<'a> {
    pub channel: &'static str,
    pub planned: &'a Plan,
    pub order_id: Uuid,
    pub hold: Uuid,
    pub intent: &'a str,
    pub user_id: Option<Uuid>,
    pub tickets: &'a [StoredTicket],
}

/// Records bookings (one, or a batch) and the holds of their places, in one statement.
pub async fn record_many(
    conn: &mut PgConnection,
    bookings: &[NewBooking<'_>],
) -> Result<(), sqlx::Error> {
    let mut insert = sqlx::QueryBuilder::<sqlx::Postgres>::new(
        "INSERT INTO sales (order_id, client_id, channel, event_id, hold_id, intent, user_id, company_id, contact_id, lines, claims) ",
    );
    insert.push_values(bookings, |mut row, booking| {
        let (company, contact) = match booking.planned.buyer {
            tribune_domain::booking::Buyer::Company(id) => (Some(id), None),
            tribune_domain::booking::Buyer::Contact(id) => (None, Some(id)),
            tribune_domain::booking::Buyer::Guest => (None, None),
        };
        row.push_bind(booking.order_id)
            .push_bind(booking.planned.event.client_id)
            .push_bind(booking.channel)
            .push_bind(booking.planned.event.id)
            .push_bind(booking.hold)
            .push_bind(booking.intent)
            .push_bind(booking.user_id)
            .push_bind(company)
            .push_bind(contact)
            .push_bind(Json(booking.tickets))
            .push_bind(Json(&booking.planned.claims));
    });
    insert.build().execute(conn).await?;
    Ok(())
}

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

/// A booking refused for want of places: on the line whose product ran short, how many are left.
pub fn refusal(planned: &Plan, full: &Full) -> ApiError {
    let line = planned.lines.iter().position(|line| {
        let product = &line.offer.product;
        full.key == keys::ticket(product.id)
            || full
                .key
                .starts_with(&format!("ticket-company:{}:", product.id))
            || full
                .key
                .starts_with(&format!("allowance:{}:", planned.event.id))
                && full.key.ends_with(&product.product_id.to_string())
    });
    if full.key.starts_with("allowance:") {
        return ApiError::field(
            &format!("products.{}.amount", line.unwrap_or(0)),
            super::plan::FREE_TICKETS_GONE,
        );
    }
    let message = if full.left == 0 {
        SOLD_OUT.to_string()
    } else {
        format!("Der er kun {} tilgængelige pladser", full.left)
    };
    ApiError::field(&format!("products.{}.amount", line.unwrap_or(0)), message)
}

/// Which of the intents booked before (inside the batch's transaction).
pub async fn intents_known(
    conn: &mut PgConnection,
    client_id: Uuid,
    intents: &[&str],
) -> Result<std::collections::HashSet<String>, sqlx::Error> {
    let known: Vec<String> = sqlx::query_scalar(
        "SELECT intent FROM sales WHERE client_id = $1 AND intent = ANY($2) AND channel <> 'shop'",
    )
    .bind(client_id)
    .bind(intents)
    .fetch_all(conn)
    .await?;
    Ok(known.into_iter().collect())
}

/// The booking an intent made before, with a new token for its pages.
pub async fn by_intent(
    state: &AppState,
    client_id: Uuid,
    intent: &str,
) -> Result<Option<Booked>, ApiError> {
    let mut tx = tribune_projections::db::club_tx(&state.pool, client_id).await?;
    let found: Option<(Uuid, String, Option<DateTime<Utc>>, String)> = sqlx::query_as(
        "SELECT b.order_id, e.url, h.expires_at, b.status FROM sales b \
         JOIN club_events e ON e.id = b.event_id \
         LEFT JOIN capacity_holds h ON h.id = b.hold_id \
         WHERE b.client_id = $1 AND b.intent = $2 AND b.channel <> 'shop'",
    )
    .bind(client_id)
    .bind(intent)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((order_id, event_url, expires, _)) = found else {
        return Ok(None);
    };
    let token = payments::issue_link(&mut tx, client_id, Purpose::Order, order_id).await?;
    tx.commit().await?;
    let (order, _) = crate::orders::OrderService::of(state)
        .load(client_id, order_id)
        .await?;
    Ok(Some(Booked {
        order_id,
        token,
        total: order.totals().total,
        expires,
        event_url,
        fresh: false,
        payment: None,
    }))
}

/// The card payment of a booking that costs something and is not yet paid (None otherwise).
pub async fn start_payment(
    state: &AppState,
    client_id: Uuid,
    booked: &Booked,
) -> Result<Option<PaymentStart>, ApiError> {
    if booked.total <= Money::ZERO {
        return Ok(None);
    }
    if let Some(started) = &booked.payment {
        return Ok(Some(started.clone()));
    }
    if booked.fresh {
        // Booked just now: a draft nobody has paid.
        return Ok(Some(
            payments::start(state, client_id, start_request(state, booked)).await?,
        ));
    }
    let (order, _) = crate::orders::OrderService::of(state)
        .load(client_id, booked.order_id)
        .await?;
    if order.status != OrderStatus::Draft || order.card_payment.is_some() {
        return Ok(None);
    }
    Ok(Some(
        payments::start(state, client_id, start_request(state, booked)).await?,
    ))
}

/// The invites whose free tickets the booking took (its claims name them) record the booking:
/// their 'Brugt' count, and no reminder for them.
async fn record_invites(
    state: &AppState,
    conn: &mut PgConnection,
    actor: &Actor,
    claims: &[Claim],
    order_id: Uuid,
) -> Result<(), ApiError> {
    let mut booked: std::collections::BTreeMap<Uuid, i32> = Default::default();
    for claim in claims {
        if let Some(invite) = keys::invite_of(&claim.key) {
            *booked.entry(invite).or_default() += claim.amount;
        }
    }
    for (invite, tickets) in booked {
        crate::invites::service::InviteService::of(state)
            .record_booked(&mut *conn, actor, invite, order_id, tickets)
            .await?;
    }
    Ok(())
}

/// Confirms a pending booking inside the caller's transaction: approved, tickets issued, the
/// mail queued. Its hold must be kept already (a free booking's never expires).
pub async fn confirm_in(
    state: &AppState,
    conn: &mut PgConnection,
    actor: &Actor,
    order_id: Uuid,
) -> Result<(), ApiError> {
    let booking = booking_for_update(conn, order_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    if booking.status != "pending" {
        return Ok(());
    }
    let order = crate::orders::OrderService::of(state)
        .approve_in(conn, actor, order_id)
        .await?;
    seating::book(conn, order_id).await?;
    record_invites(state, conn, actor, &booking.claims.0, order_id).await?;
    // A season ticket's seat its holder released, sold now: the holder's ticket for the match
    // admits no one.
    for (season_ticket, event) in seating::sold_season_seats(conn, order_id).await? {
        let held: Vec<Uuid> = sqlx::query_scalar(
            "SELECT id FROM ticket_rows WHERE event_id = $1 AND order_line_id = $2 AND status <> 'voided'",
        )
        .bind(event)
        .bind(season_ticket)
        .fetch_all(&mut *conn)
        .await?;
        for ticket in held {
            TicketService::of(state)
                .void_in(
                    conn,
                    actor,
                    ticket,
                    "Pladsen er frigivet og solgt til en anden",
                )
                .await?;
        }
    }
    let count = i64::try_from(booking.lines.0.len()).unwrap_or(0);
    let first = if count > 0 {
        take_ticket_numbers(conn, booking.client_id, booking.event_id, count).await?
    } else {
        0
    };
    let company_name: Option<String> = match booking.company_id {
        Some(id) => {
            sqlx::query_scalar("SELECT name FROM companies WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *conn)
                .await?
        }
        None => None,
    };
    let mut issued = Vec::new();
    for (i, ticket) in booking.lines.0.iter().enumerate() {
        let number = first + i64::try_from(i).unwrap_or(0);
        TicketService::of(state)
            .issue_in(
                conn,
                actor,
                TicketToIssue {
                    event_id: booking.event_id,
                    order_id,
                    order_line_id: ticket.order_line_id,
                    product_id: ticket.product_id,
                    product_title: ticket.title.clone(),
                    number,
                    name: ticket.name.clone(),
                    name_required: ticket.name_required,
                    company_id: booking.company_id,
                    company_name: company_name.clone(),
                    extra_info: ticket.extra_info.clone(),
                    section: ticket.seat.as_ref().map(|s| s.section.clone()),
                    row: ticket.seat.as_ref().map(|s| s.row.clone()),
                    seat_number: ticket.seat.as_ref().map(|s| s.number.clone()),
                    ..TicketToIssue::default()
                },
            )
            .await?;
        issued.push(number);
    }
    sqlx::query("UPDATE sales SET status = 'confirmed', confirmed_at = now() WHERE order_id = $1")
        .bind(order_id)
        .execute(&mut *conn)
        .await?;
    queue_confirmation_of(state, conn, actor, &booking, &order).await
}

/// A confirmed booking's confirmation mail sent again, as its buyer asks from the profile:
/// Ok(false) when the order is not a confirmed booking.
pub async fn resend_confirmation(
    state: &AppState,
    conn: &mut PgConnection,
    actor: &Actor,
    order_id: Uuid,
) -> Result<bool, ApiError> {
    let Some(booking) = booking_of(conn, order_id).await? else {
        return Ok(false);
    };
    if booking.status != "confirmed" {
        return Ok(false);
    }
    let (order, _) = tribune_projections::fold::load_in::<tribune_domain::order::Order>(
        &mut *conn,
        &order_id.to_string(),
    )
    .await
    .map_err(ApiError::internal)?;
    queue_confirmation_of(state, conn, actor, &booking, &order).await?;
    Ok(true)
}

/// Queues the confirmation mail of a confirmed booking: the order, the event, a link per ticket,
/// the tickets as one PDF (or, over 20, the links alone) and the event's calendar file. Nothing
/// when the order has no e-mail.
async fn queue_confirmation_of(
    state: &AppState,
    conn: &mut PgConnection,
    actor: &Actor,
    booking: &BookingRow,
    order: &tribune_domain::order::Order,
) -> Result<(), ApiError> {
    let order_id = booking.order_id;
    // The confirmation goes to the customer's e-mail; a sale at the desk may have none.
    if order.content.customer.email.is_empty() {
        return Ok(());
    }
    let tickets =
        tribune_projections::ticket::queries::of_order(conn, booking.client_id, order_id).await?;
    let (event_title, event_url, start): (String, String, DateTime<Utc>) =
        sqlx::query_as("SELECT title, url, start_date FROM club_events WHERE id = $1")
            .bind(booking.event_id)
            .fetch_one(&mut *conn)
            .await?;
    let club = OrderMailSettings::load(conn, booking.client_id).await?;
    let base = state.settings.public_url.trim_end_matches('/');
    let token = payments::issue_link(conn, booking.client_id, Purpose::Order, order_id).await?;
    let mut mail = order_mails::booking_confirmation(
        order,
        &club,
        &order_mails::BookedEvent {
            title: &event_title,
            start,
            // Through the club's door: a browser that never chose the club opens it too.
            confirmation: &format!(
                "{base}/public/app/change-client/{}?to={}",
                booking.client_id,
                form_urlencoded::byte_serialize(
                    format!("/events/{event_url}/{order_id}?token={token}").as_bytes()
                )
                .collect::<String>()
            ),
        },
        &tickets
            .iter()
            .map(|t| order_mails::MailedTicket {
                number: t.number,
                product: t.product_title.clone(),
                name: t.name.clone(),
                link: format!("{base}/public/events/ticket/{}", t.code),
            })
            .collect::<Vec<_>>(),
    );
    let live = tickets.iter().filter(|t| t.status != "voided").count();
    let events = order_mails::calendar_events(
        conn,
        booking.client_id,
        order_id,
        order.number,
        &club,
        &[booking.event_id],
    )
    .await?;
    order_mails::enclose(
        &mut mail.mail,
        order.number,
        &order_mails::Enclosed {
            client_id: booking.client_id,
            order_id,
            tickets: live,
            events: &events,
        },
    );
    enqueue(
        conn,
        NewJob {
            client_id: Some(booking.client_id),
            description: mail.description,
            method: JobMethod::SendMail(mail.mail),
            collection: Some("orders".into()),
            relation_id: Some(order_id.to_string()),
            created_by: actor.user_id,
        },
    )
    .await?;
    Ok(())
}

/// A card payment of `order_id` was recorded in the caller's transaction: a pending booking keeps
/// its places (taking them anew if its hold expired) and is confirmed.
pub async fn on_paid(
    state: &AppState,
    conn: &mut PgConnection,
    client_id: Uuid,
    order_id: Uuid,
) -> Result<Paid, ApiError> {
    let Some(booking) = booking_for_update(conn, order_id).await? else {
        return Ok(Paid::NotItsOrder);
    };
    match booking.status.as_str() {
        "confirmed" => return Ok(Paid::Confirmed),
        "cancelled" => return Ok(Paid::SoldOut),
        _ => {}
    }
    match capacity::keep_or_take_anew(
        conn,
        client_id,
        booking.hold_id,
        booking.event_id,
        order_id,
        &booking.claims.0,
    )
    .await?
    {
        Some(hold) if hold == booking.hold_id => {}
        Some(hold) => set_hold(conn, order_id, hold).await?,
        None => {
            sqlx::query("UPDATE sales SET status = 'cancelled' WHERE order_id = $1")
                .bind(order_id)
                .execute(&mut *conn)
                .await?;
            return Ok(Paid::SoldOut);
        }
    }
    // Its seats, unless their hold ran out and someone else took them.
    let far = Utc::now() + chrono::Duration::days(1);
    if !seating::keep(conn, order_id, booking.seats(), far).await? {
        sqlx::query("UPDATE sales SET status = 'cancelled' WHERE order_id = $1")
            .bind(order_id)
            .execute(&mut *conn)
            .await?;
        return Ok(Paid::SoldOut);
    }
    let actor = Actor::system(client_id, "Kortbetaling");
    confirm_in(state, conn, &actor, order_id).await?;
    Ok(Paid::Confirmed)
}

/// `on_paid` as the payments' hook (`kit::payments::OrderPaid`).
pub fn paid_hook<'a>(
    state: &'a AppState,
    conn: &'a mut PgConnection,
    client_id: Uuid,
    order_id: Uuid,
    _: &'a PaymentOutcome,
) -> BoxFuture<'a, Result<Paid, ApiError>> {
    Box::pin(on_paid(state, conn, client_id, order_id))
}

/// `cancel_sold_out` as the payments' hook (`kit::payments::SoldOut`).
pub fn sold_out_hook(
    state: &AppState,
    client_id: Uuid,
    order_id: Uuid,
) -> BoxFuture<'_, Result<(), ApiError>> {
    Box::pin(cancel_sold_out(state, client_id, order_id))
}

/// A paid booking whose places were gone: processing, then cancelled with its money given back.
pub async fn cancel_sold_out(
    state: &AppState,
    client_id: Uuid,
    order_id: Uuid,
) -> Result<(), ApiError> {
    let actor = Actor::system(client_id, "Kortbetaling");
    let service = crate::orders::OrderService::of(state);
    let (order, _) = service.load(client_id, order_id).await?;
    // A booking's draft or a shop checkout's cart goes to staff first, then is cancelled.
    if order.status.is_editable() {
        service.process(&actor, order_id).await?;
    }
    if order.status != OrderStatus::Cancelled {
        service.cancel(state, &actor, order_id, None).await?;
    }
    Ok(())
}

/// A pending card booking whose payment will not come (a retry finds its places gone, or nobody
/// paid for a day: `sweep`): its hold given back and the booking cancelled; the unpaid order is
/// cancelled too. A booking confirmed meanwhile (its payment came) is left alone.
pub async fn give_up(state: &AppState, client_id: Uuid, order_id: Uuid) -> Result<(), ApiError> {
    let mut tx = tribune_projections::db::club_tx(&state.pool, client_id).await?;
    let Some(booking) = booking_for_update(&mut tx, order_id).await? else {
        return Ok(());
    };
    match booking.status.as_str() {
        "pending" => {
            capacity::release(&mut tx, booking.hold_id).await?;
            seating::release(&mut tx, order_id).await?;
            sqlx::query("UPDATE sales SET status = 'cancelled' WHERE order_id = $1")
                .bind(order_id)
                .execute(&mut *tx)
                .await?;
        }
        "confirmed" => return Ok(()),
        _ => {}
    }
    tx.commit().await?;
    cancel_sold_out(state, client_id, order_id).await
}

/// Takes a pending booking's places anew for a retry when its hold expired; false when they are
/// gone.
pub async fn renew_hold(
    state: &AppState,
    client_id: Uuid,
    order_id: Uuid,
) -> Result<Option<DateTime<Utc>>, ApiError> {
    let mut tx = tribune_projections::db::club_tx(&state.pool, client_id).await?;
    let booking = booking_for_update(&mut tx, order_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let now = Utc::now();
    let expires = now + chrono::Duration::minutes(super::book::HOLD_MINUTES);
    let alive: Option<Option<DateTime<Utc>>> = sqlx::query_scalar(
        "SELECT expires_at FROM capacity_holds WHERE id = $1 AND released_at IS NULL",
    )
    .bind(booking.hold_id)
    .fetch_optional(&mut *tx)
    .await?;
    match alive {
        Some(_) => {
            sqlx::query("UPDATE capacity_holds SET expires_at = $2 WHERE id = $1 AND expires_at IS NOT NULL")
                .bind(booking.hold_id)
                .bind(expires)
                .execute(&mut *tx)
                .await?;
        }
        None => {
            let retaken = capacity::hold(
                &mut tx,
                client_id,
                NewHold {
                    id: Uuid::new_v4(),
                    scope: booking.event_id,
                    owner: order_id,
                    expires_at: Some(expires),
                },
                &booking.claims.0,
                now,
            )
            .await?;
            match retaken {
                Ok(hold) => set_hold(&mut tx, order_id, hold).await?,
                Err(_) => {
                    tx.rollback().await?;
                    return Ok(None);
                }
            }
        }
    }
    if !seating::keep(&mut tx, order_id, booking.seats(), expires).await? {
        tx.rollback().await?;
        return Ok(None);
    }
    tx.commit().await?;
    Ok(Some(expires))
}

/// The order of a booking was cancelled (by staff, or because its places were gone), inside the
/// caller's transaction: its places are given back and its tickets voided.
pub async fn order_cancelled_in(
    state: &AppState,
    conn: &mut PgConnection,
    actor: &Actor,
    order_id: Uuid,
) -> Result<(), ApiError> {
    let Some(booking) = booking_for_update(conn, order_id).await? else {
        return Ok(());
    };
    capacity::release(conn, booking.hold_id).await?;
    seating::release(conn, order_id).await?;
    sqlx::query("UPDATE sales SET status = 'cancelled' WHERE order_id = $1")
        .bind(order_id)
        .execute(&mut *conn)
        .await?;
    let tickets =
        tribune_projections::ticket::queries::of_order(conn, booking.client_id, order_id).await?;
    for ticket in tickets.iter().filter(|t| t.status != "voided") {
        TicketService::of(state)
            .void_in(conn, actor, ticket.id, "Ordren er annulleret")
            .await?;
    }
    Ok(())
}
