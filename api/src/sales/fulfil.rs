//! What a confirmed sale hands over (issue 38 §1, the "fulfil" step), inside the confirmation's
//! transaction: an event's sale issues the tickets its row stores (numbered per event), records
//! the invitations whose free tickets it took, and voids a season ticket's match ticket whose
//! released seat it sold; a sale of order lines (the shop) makes a season ticket of each
//! season-ticket line on its seat (reserved at every event of the season, not only the event the
//! seat was picked at) and a ticket of every other seat line.

use sqlx::{Acquire, PgConnection};
use tribune_domain::order::{Order, OrderLine};
use uuid::Uuid;

use super::process::SaleRow;
use crate::error::ApiError;
use crate::invites::service::InviteService;
use crate::kit::actor::Actor;
use crate::kit::capacity::keys;
use crate::kit::seating::{self, Holder, SeasonLine, Voiding};
use crate::state::AppState;
use crate::tickets::service::{take_ticket_numbers, TicketService, TicketToIssue};

/// The order's season-ticket lines: (index, line).
async fn season_lines<'o>(
    conn: &mut PgConnection,
    client_id: Uuid,
    order: &'o Order,
) -> Result<Vec<(usize, &'o OrderLine)>, ApiError> {
    let products: Vec<Uuid> = order
        .content
        .lines
        .iter()
        .filter(|l| l.is_seat_ticket())
        .filter_map(|l| l.product_id)
        .collect();
    if products.is_empty() {
        return Ok(Vec::new());
    }
    let season = seating::season_ticket_products(conn, client_id, &products).await?;
    Ok(order
        .content
        .lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.is_seat_ticket() && l.product_id.is_some_and(|p| season.contains(&p)))
        .collect())
}

/// Whether the line sells a season ticket (its product is a season-ticket product).
pub async fn season_line_ids(
    conn: &mut PgConnection,
    client_id: Uuid,
    order: &Order,
) -> Result<Vec<Uuid>, ApiError> {
    Ok(season_lines(conn, client_id, order)
        .await?
        .into_iter()
        .map(|(_, l)| l.id)
        .collect())
}

/// The season tickets of the order's season-ticket lines: each seat held for the order at the
/// event it was picked at becomes a season ticket on that seat. False, with nothing changed,
/// when a seat is no longer free at every event of the season (the order is then cancelled and
/// its money given back, as when its stock ran out).
pub async fn sell_season_tickets(
    state: &AppState,
    conn: &mut PgConnection,
    actor: &Actor,
    order_id: Uuid,
    order: &Order,
) -> Result<bool, ApiError> {
    let client_id = actor.client_id;
    let lines = season_lines(conn, client_id, order).await?;
    if lines.is_empty() {
        return Ok(true);
    }
    // All or nothing: a refusal rolls back to here, the settlement itself stands.
    let mut savepoint = conn.begin().await?;
    let mut wanted = Vec::new();
    for (at, line) in &lines {
        let (Some(event), Some(seat)) = (line.seat_event_id, line.seat.as_deref()) else {
            return Ok(false);
        };
        // The order's own hold at the event becomes the season ticket's reservation.
        sqlx::query(
            "DELETE FROM event_seats es USING seats s \
             WHERE es.seat_id = s.id AND es.order_id = $1 AND es.event_id = $2 AND s.label = $3 \
               AND es.status = 'held'",
        )
        .bind(order_id)
        .bind(event)
        .bind(seat.trim())
        .execute(&mut *savepoint)
        .await?;
        wanted.push(SeasonLine {
            at: *at,
            event,
            seat: seat.trim().to_string(),
            product_id: line.product_id.unwrap_or_default(),
        });
    }
    let customer = &order.content.customer;
    let name = format!("{} {}", customer.firstname.trim(), customer.lastname.trim());
    let refused = seating::sync_order_season_tickets(
        &mut savepoint,
        client_id,
        order_id,
        &wanted,
        &Holder {
            name: name.trim(),
            email: customer.email.trim(),
            company_id: order.content.company_id,
        },
        &Voiding {
            tickets: &state.tickets,
            actor,
            reason: "Sæsonkortet blev ikke solgt",
            void: crate::tickets::service::void_match_tickets,
        },
    )
    .await?;
    if !refused.is_empty() {
        tracing::warn!(order = %order_id, ?refused, "a paid shop order's season seats were taken");
        savepoint.rollback().await?;
        return Ok(false);
    }
    savepoint.commit().await?;
    Ok(true)
}

/// The invites whose free tickets the sale took (its claims name them) record it: their 'Brugt'
/// count, and no reminder for them.
pub async fn record_invites(
    state: &AppState,
    conn: &mut PgConnection,
    actor: &Actor,
    sale: &SaleRow,
) -> Result<(), ApiError> {
    let mut booked: std::collections::BTreeMap<Uuid, i32> = Default::default();
    for claim in &sale.claims.0 {
        if let Some(invite) = keys::invite_of(&claim.key) {
            *booked.entry(invite).or_default() += claim.amount;
        }
    }
    for (invite, tickets) in booked {
        InviteService::of(state)
            .record_booked(&mut *conn, actor, invite, sale.order_id, tickets)
            .await?;
    }
    Ok(())
}

/// A season ticket's seat its holder released, sold now: the holder's ticket for the match
/// admits no one.
pub async fn void_released_season_seats(
    state: &AppState,
    conn: &mut PgConnection,
    actor: &Actor,
    order_id: Uuid,
) -> Result<(), ApiError> {
    for (season_ticket, event) in seating::sold_season_seats(conn, order_id).await? {
        let held =
            tribune_projections::ticket::queries::live_of_line(conn, event, season_ticket).await?;
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
    Ok(())
}

/// The tickets an event's sale stores, issued with the next numbers of its event.
pub async fn issue_stored_tickets(
    state: &AppState,
    conn: &mut PgConnection,
    actor: &Actor,
    sale: &SaleRow,
) -> Result<(), ApiError> {
    let Some(event_id) = sale.event_id else {
        return Ok(());
    };
    let count = i64::try_from(sale.lines.0.len()).unwrap_or(0);
    if count == 0 {
        return Ok(());
    }
    let first = take_ticket_numbers(conn, sale.client_id, event_id, count).await?;
    let company_name: Option<String> = match sale.company_id {
        Some(id) => {
            sqlx::query_scalar("SELECT name FROM companies WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *conn)
                .await?
        }
        None => None,
    };
    for (i, ticket) in sale.lines.0.iter().enumerate() {
        TicketService::of(state)
            .issue_in(
                conn,
                actor,
                TicketToIssue {
                    event_id,
                    order_id: sale.order_id,
                    order_line_id: ticket.order_line_id,
                    product_id: ticket.product_id,
                    product_title: ticket.title.clone(),
                    number: first + i64::try_from(i).unwrap_or(0),
                    name: ticket.name.clone(),
                    name_required: ticket.name_required,
                    company_id: sale.company_id,
                    company_name: company_name.clone(),
                    extra_info: ticket.extra_info.clone(),
                    section: ticket.seat.as_ref().map(|s| s.section.clone()),
                    row: ticket.seat.as_ref().map(|s| s.row.clone()),
                    seat_number: ticket.seat.as_ref().map(|s| s.number.clone()),
                    options: ticket.options.clone(),
                },
            )
            .await?;
    }
    Ok(())
}

/// A ticket per seat line of the order that is not a season ticket's (`season_lines`), numbered
/// per event, in the buyer's name.
pub async fn issue_seat_tickets(
    state: &AppState,
    conn: &mut PgConnection,
    actor: &Actor,
    order_id: Uuid,
    order: &Order,
    season_lines: &[Uuid],
) -> Result<(), ApiError> {
    let customer = &order.content.customer;
    let name = format!("{} {}", customer.firstname, customer.lastname)
        .trim()
        .to_string();
    for line in order
        .content
        .lines
        .iter()
        .filter(|l| l.is_seat_ticket() && !season_lines.contains(&l.id))
    {
        let (Some(event), Some(seat)) = (line.seat_event_id, line.seat.as_deref()) else {
            continue;
        };
        let place = seating::place_of(conn, event, seat).await?;
        TicketService::of(state)
            .issue_next_in(
                conn,
                actor,
                TicketToIssue {
                    event_id: event,
                    order_id,
                    order_line_id: line.id,
                    product_id: line.product_id.unwrap_or(line.id),
                    product_title: line.title.clone(),
                    name: Some(name.clone()),
                    section: place.as_ref().map(|p| p.0.clone()),
                    row: place
                        .as_ref()
                        .map(|p| p.1.clone())
                        .filter(|r| !r.is_empty()),
                    seat_number: place
                        .as_ref()
                        .map(|p| p.2.clone())
                        .filter(|n| !n.is_empty()),
                    ..TicketToIssue::default()
                },
            )
            .await?;
    }
    Ok(())
}
