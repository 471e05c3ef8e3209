//! An event cancelled (issue 40 §4), outside the request: the job the 'Aflys arrangement' button
//! queues. It makes the work list first (`event_cancellations`, one row per order holding live
//! tickets for the event), then handles each order once and tells each buyer once, so a retry,
//! a second runner or the button pressed twice never refunds or mails twice.
//!
//! - An order sold for the event (a booking, an invitation's free tickets, the desk) is
//!   cancelled through the order service: a paid card is refunded (a reservation released)
//!   through its provider, its tickets are voided and its places and seats given back.
//! - An order that holds the event's tickets among other things (a season ticket's match
//!   ticket, a seat bought in the shop) keeps the rest: only its tickets for the event are
//!   voided, and the club settles any money with the buyer (the mail says so).
//!
//! Each buyer gets one mail per order (the event's 'cancelled' template, else Tribune's text),
//! and an SMS when the event chose an SMS template for 'cancelled' and the order has a number.

use sqlx::PgConnection;
use tribune_domain::danish::buyer_time;
use tribune_domain::money::Money;
use tribune_domain::order::{Order, OrderStatus, PaymentStatus};
use tribune_projections::db::club_tx;
use tribune_projections::ticket::queries as tickets;
use uuid::Uuid;

use crate::error::ApiError;
use crate::invites::send::event_for_mail;
use crate::jobs::{enqueue, JobMethod, NewJob};
use crate::kit::actor::Actor;
use crate::mail::events::{cancellation, cancellation_sms, CancellationMail, Settlement};
use crate::orders::service::OrderService;
use crate::sales::service::SaleService;
use crate::state::AppState;
use crate::tickets::service::TicketService;

/// Why the tickets were voided.
pub const VOIDED_BECAUSE: &str = "Arrangementet er aflyst";

/// The job: cancels the event's sales and tells their buyers. Ok says what was done; an order
/// that could not be handled fails the job, which is tried again (what was done stays done).
/// The work list is read twice: a booking that was being made as the event was cancelled (its
/// check came before the cancellation, its commit after the first list) is in the second.
pub async fn run(state: &AppState, client_id: Uuid, event_id: Uuid) -> Result<String, String> {
    let failed = |e: ApiError| format!("{e}");
    let actor = Actor::system(client_id, "Tribune");
    let mut handled = 0;
    let mut problems = Vec::new();
    for _ in 0..2 {
        let Some(open) = work_list(state, client_id, event_id)
            .await
            .map_err(failed)?
        else {
            return Ok("Arrangementet er ikke aflyst".into());
        };
        let open: Vec<Uuid> = open
            .into_iter()
            .filter(|order| !problems.iter().any(|(failed, _)| failed == order))
            .collect();
        if open.is_empty() {
            break;
        }
        for order_id in open {
            match settle(state, &actor, event_id, order_id).await {
                Ok(()) => handled += 1,
                Err(err) => problems.push((order_id, err.to_string())),
            }
        }
    }
    let told = tell(state, client_id, event_id).await.map_err(failed)?;
    if !problems.is_empty() {
        let listed: Vec<String> = problems
            .iter()
            .map(|(order, err)| format!("ordre {order}: {err}"))
            .collect();
        return Err(format!(
            "{} ordrer kunne ikke annulleres: {}",
            problems.len(),
            listed.join("; ")
        ));
    }
    Ok(format!(
        "{handled} ordrer annulleret, {told} beskeder sendt"
    ))
}

/// The orders of the cancelled event still to handle, after adding to the work list every order
/// that holds live tickets for it and every booking still waiting for its card payment (they
/// hold places but no tickets yet); None when the event is not cancelled.
async fn work_list(
    state: &AppState,
    client_id: Uuid,
    event_id: Uuid,
) -> Result<Option<Vec<Uuid>>, ApiError> {
    let mut tx = club_tx(&state.pool, client_id).await?;
    let cancelled: Option<bool> = sqlx::query_scalar(
        "SELECT cancelled_at IS NOT NULL FROM club_events WHERE client_id = $1 AND id = $2",
    )
    .bind(client_id)
    .bind(event_id)
    .fetch_optional(&mut *tx)
    .await?;
    if cancelled != Some(true) {
        return Ok(None);
    }
    let orders = tickets::orders_with_live_tickets(&mut tx, client_id, event_id).await?;
    sqlx::query(
        "INSERT INTO event_cancellations (client_id, event_id, order_id) \
         SELECT $1, $2, o FROM unnest($3::uuid[]) AS o ON CONFLICT DO NOTHING",
    )
    .bind(client_id)
    .bind(event_id)
    .bind(&orders)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO event_cancellations (client_id, event_id, order_id) \
         SELECT client_id, event_id, order_id FROM sales \
         WHERE client_id = $1 AND event_id = $2 AND status = 'pending' ON CONFLICT DO NOTHING",
    )
    .bind(client_id)
    .bind(event_id)
    .execute(&mut *tx)
    .await?;
    let open: Vec<Uuid> = sqlx::query_scalar(
        "SELECT order_id FROM event_cancellations \
         WHERE event_id = $1 AND settlement IS NULL ORDER BY order_id",
    )
    .bind(event_id)
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Some(open))
}

/// What became of an order's money.
fn settlement_of(order: &Order) -> Settlement {
    match order.payment_status {
        PaymentStatus::Refunded | PaymentStatus::Cancelled => Settlement::Refunded,
        PaymentStatus::Pending => Settlement::NothingPaid,
        PaymentStatus::Authorized | PaymentStatus::Paid if order.totals().total == Money::ZERO => {
            Settlement::NothingPaid
        }
        PaymentStatus::Authorized | PaymentStatus::Paid => Settlement::ByTheClub,
    }
}

fn settlement_name(settlement: Settlement) -> &'static str {
    match settlement {
        Settlement::Refunded => "refunded",
        Settlement::NothingPaid => "nothing-paid",
        Settlement::ByTheClub => "by-the-club",
    }
}

fn settlement_named(name: &str) -> Settlement {
    match name {
        "refunded" => Settlement::Refunded,
        "nothing-paid" => Settlement::NothingPaid,
        _ => Settlement::ByTheClub,
    }
}

/// Handles one order of the work list and records what became of it.
async fn settle(
    state: &AppState,
    actor: &Actor,
    event_id: Uuid,
    order_id: Uuid,
) -> Result<(), ApiError> {
    let client_id = actor.client_id;
    let service = OrderService::of(state);
    let mut tx = club_tx(&state.pool, client_id).await?;
    let sold_here: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM sales WHERE order_id = $1 AND event_id = $2)",
    )
    .bind(order_id)
    .bind(event_id)
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    let (order, _) = service.load(client_id, order_id).await?;
    let order = match order.status {
        _ if !sold_here => order,
        OrderStatus::Cancelled => order,
        // A booking still waiting for its card payment is given up as an abandoned one is (a
        // payment that comes later is given back).
        OrderStatus::Draft => {
            SaleService::of(state).give_up(client_id, order_id).await?;
            service.load(client_id, order_id).await?.0
        }
        _ => service.cancel(state, actor, order_id, None).await?,
    };
    // An order kept for the rest of what it holds was not refunded: what it paid, the club
    // settles.
    let settlement = match settlement_of(&order) {
        Settlement::Refunded if !sold_here => Settlement::ByTheClub,
        settlement => settlement,
    };
    let mut tx = club_tx(&state.pool, client_id).await?;
    if !sold_here {
        for ticket in tickets::live_of_event_order(&mut tx, event_id, order_id).await? {
            TicketService::of(state)
                .void_in(&mut tx, actor, ticket, VOIDED_BECAUSE)
                .await?;
        }
    }
    sqlx::query(
        "UPDATE event_cancellations SET settlement = $3 WHERE event_id = $1 AND order_id = $2",
    )
    .bind(event_id)
    .bind(order_id)
    .bind(settlement_name(settlement))
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Queues the mail (and SMS) of every handled order not told yet, each with the flag that says
/// so in one transaction. Answers how many messages were queued.
async fn tell(state: &AppState, client_id: Uuid, event_id: Uuid) -> Result<usize, ApiError> {
    let mut tx = club_tx(&state.pool, client_id).await?;
    let Some(event) = event_for_mail(&mut tx, client_id, event_id, "cancelled").await? else {
        return Ok(0);
    };
    let contact: String =
        sqlx::query_scalar("SELECT coalesce(email, '') FROM clients WHERE id = $1")
            .bind(client_id)
            .fetch_one(&mut *tx)
            .await?;
    let untold: Vec<(Uuid, String, bool, bool)> = sqlx::query_as(
        "SELECT order_id, settlement, mailed_at IS NULL, sms_at IS NULL FROM event_cancellations \
         WHERE event_id = $1 AND settlement IS NOT NULL AND (mailed_at IS NULL OR sms_at IS NULL) \
         ORDER BY order_id",
    )
    .bind(event_id)
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    let date = buyer_time(event.start_date, chrono::Utc::now());
    let sender = event.sender_name.as_deref().unwrap_or(&event.club);
    let mut queued = 0;
    for (order_id, settlement, mail_due, sms_due) in untold {
        let (order, _) = OrderService::of(state).load(client_id, order_id).await?;
        let customer = &order.content.customer;
        let orders = [format!("#{}", order.number)];
        let composed = CancellationMail {
            to: customer.email.trim(),
            club: &event.club,
            template: event.mail_template(),
            firstname: &customer.firstname,
            lastname: &customer.lastname,
            event: &event.title,
            date: &date,
            location: event.location.as_deref().unwrap_or(""),
            orders: &orders,
            settlement: settlement_named(&settlement),
            sender,
            contact: &contact,
        };
        let mut tx = club_tx(&state.pool, client_id).await?;
        if mail_due {
            if !composed.to.is_empty() {
                queue(
                    &mut tx,
                    client_id,
                    order_id,
                    format!("Aflysning af {} til {}", event.title, composed.to),
                    JobMethod::SendMail(cancellation(&composed)),
                )
                .await?;
                queued += 1;
            }
            mark(&mut tx, event_id, order_id, "mailed_at").await?;
        }
        if sms_due {
            let number = crate::integrations::sms::normalised_number(&customer.phone);
            if let (Some(template), Some(to)) = (event.sms(), number) {
                let sms = crate::integrations::sms::Sms {
                    from: crate::integrations::sms::sender_name(&event.club),
                    text: cancellation_sms(&composed, template),
                    to,
                };
                queue(
                    &mut tx,
                    client_id,
                    order_id,
                    format!("SMS: aflysning af {} til {}", event.title, sms.to),
                    JobMethod::SendSms(sms),
                )
                .await?;
                queued += 1;
            }
            mark(&mut tx, event_id, order_id, "sms_at").await?;
        }
        tx.commit().await?;
    }
    Ok(queued)
}

async fn queue(
    conn: &mut PgConnection,
    client_id: Uuid,
    order_id: Uuid,
    description: String,
    method: JobMethod,
) -> Result<(), ApiError> {
    enqueue(
        conn,
        NewJob {
            client_id: Some(client_id),
            description,
            method,
            collection: Some("orders".into()),
            relation_id: Some(order_id.to_string()),
            created_by: None,
        },
    )
    .await?;
    Ok(())
}

/// Marks the order's message of `column` (mailed_at or sms_at) as queued.
async fn mark(
    conn: &mut PgConnection,
    event_id: Uuid,
    order_id: Uuid,
    column: &'static str,
) -> Result<(), ApiError> {
    sqlx::query(&format!(
        "UPDATE event_cancellations SET {column} = now() WHERE event_id = $1 AND order_id = $2"
    ))
    .bind(event_id)
    .bind(order_id)
    .execute(conn)
    .await?;
    Ok(())
}
