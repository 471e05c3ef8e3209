//! Seasons on the seat engine (issue 16; spec 2 §3 Seasonal ticket of a user, §4 Seasonal ticket
//! attendance, §7 has-channel and seasonal-tickets; spec 3 §7). Which events a season holds is
//! `kit::seating::EVENT_SEASONS`. A season ticket reserves its seat at every event of its season
//! (`event_seats` rows 'reserved'); its holder answers per match whether they come: not coming
//! releases the seat for that match alone, and when the released seat sells, the holder's ticket
//! for that match is voided. Channels keep seats of a season for a company.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use tribune_projections::db::club_tx;
use uuid::Uuid;

use super::charts::chart_by;
use super::dto::{
    EventSeat, SeasonTicket, SeasonalTicket, SeatChannel, SeatOverview, SeatState, SectionCount,
};
use crate::club::public_club as club;
use crate::envelope::{self, Ack, Envelope};
use crate::error::ApiError;
use crate::kit::actor::Actor;
use crate::kit::ids::parse_id;
use crate::kit::input::Json;
use crate::kit::seating::{self, chart_of, season_chart, NewSeasonTicket, EVENT_SEASONS};
use crate::session::{Caller, Staff};
use crate::state::AppState;
use crate::tickets::service::{TicketService, TicketToIssue};

/// A new season ticket on `input.seat` (see `seating::make_season_ticket`).
pub async fn make_season_ticket(
    conn: &mut PgConnection,
    client_id: Uuid,
    season: Uuid,
    input: &SeasonTicket,
) -> Result<Uuid, ApiError> {
    let made = seating::make_season_ticket(
        conn,
        client_id,
        &NewSeasonTicket {
            season,
            seat: &input.seat,
            product_id: input.product_id,
            name: &input.name,
            email: &input.email,
            company_id: input.company_id,
            order_id: None,
        },
    )
    .await?;
    made.map_err(|(field, message)| ApiError::field(field, message))
}

/// The season's tickets, by seat.
#[utoipa::path(get, path = "/api/seats/seasons/{id}/tickets", tag = "seats",
    params(("id" = String, Path, description = "the season's id")),
    responses((status = 200, body = Envelope<Vec<SeasonTicket>>, description = "the season's tickets, by seat"), (status = 404)))]
pub async fn list_season_tickets(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let season = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    season_chart(&mut tx, staff.client_id, season).await?;
    let tickets = season_tickets(&mut tx, season).await?;
    tx.commit().await?;
    Ok(envelope::result(tickets))
}

async fn season_tickets(
    conn: &mut PgConnection,
    season: Uuid,
) -> Result<Vec<SeasonTicket>, sqlx::Error> {
    #[derive(sqlx::FromRow)]
    struct Row {
        id: Uuid,
        label: String,
        section: String,
        row_label: String,
        number: String,
        product_id: Option<Uuid>,
        product_title: String,
        name: String,
        email: String,
        company_id: Option<Uuid>,
        order_id: Option<Uuid>,
    }
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT t.id, s.label, s.section, s.row_label, s.number, t.product_id, t.product_title, t.name, t.email, \
                t.company_id, t.order_id \
         FROM season_tickets t JOIN seats s ON s.id = t.seat_id WHERE t.season_id = $1 \
         ORDER BY s.section, s.row_label, s.position",
    )
    .bind(season)
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|row| SeasonTicket {
            id: Some(row.id),
            seat: row.label,
            section: row.section,
            row: row.row_label,
            seat_number: row.number,
            product_id: row.product_id,
            product: row.product_title,
            name: row.name,
            email: row.email,
            company_id: row.company_id,
            order_id: row.order_id,
        })
        .collect())
}

/// A new season ticket: `result` its id.
#[utoipa::path(post, path = "/api/seats/seasons/{id}/tickets", tag = "seats",
    params(("id" = String, Path, description = "the season's id")), request_body = SeasonTicket,
    responses((status = 200, body = Envelope<Uuid>, description = "the new season ticket's id"),
              (status = 422, description = "no such seat, taken, or sold at an event of the season"), (status = 404)))]
pub async fn create_season_ticket(
    staff: Staff,
    path: web::Path<String>,
    body: Json<SeasonTicket>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let season = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let id = make_season_ticket(&mut tx, staff.client_id, season, &body).await?;
    tx.commit().await?;
    Ok(envelope::result(id))
}

/// The season's channels with their seats.
#[utoipa::path(get, path = "/api/seats/seasons/{id}/channels", tag = "seats",
    params(("id" = String, Path, description = "the season's id")),
    responses((status = 200, body = Envelope<Vec<SeatChannel>>, description = "the season's channels"), (status = 404)))]
pub async fn list_channels(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let season = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    season_chart(&mut tx, staff.client_id, season).await?;
    type Row = (Uuid, String, Option<Uuid>, Option<String>, Vec<String>);
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT c.id, c.name, c.company_id, (SELECT co.name FROM companies co WHERE co.id = c.company_id), \
           ARRAY(SELECT s.label FROM seat_channel_seats cs JOIN seats s ON s.id = cs.seat_id \
                 WHERE cs.channel_id = c.id ORDER BY s.section, s.row_label, s.position) \
         FROM seat_channels c WHERE c.season_id = $1 ORDER BY lower(c.name), c.id",
    )
    .bind(season)
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    let channels: Vec<SeatChannel> = rows
        .into_iter()
        .map(|(id, name, company_id, company, seats)| SeatChannel {
            id: Some(id),
            name,
            company_id,
            company,
            seats,
        })
        .collect();
    Ok(envelope::result(channels))
}

/// A new channel of the season, keeping `input.seats` for its company: its id.
pub async fn make_channel(
    conn: &mut PgConnection,
    client_id: Uuid,
    season: Uuid,
    input: &SeatChannel,
) -> Result<Uuid, ApiError> {
    let chart = season_chart(&mut *conn, client_id, season)
        .await?
        .ok_or_else(|| ApiError::field("seats", "Sæsonen har intet pladskort"))?;
    if input.name.trim().is_empty() {
        return Err(ApiError::field("name", "Navn skal udfyldes"));
    }
    if let Some(company) = input.company_id {
        let known: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM companies WHERE client_id = $1 AND id = $2)",
        )
        .bind(client_id)
        .bind(company)
        .fetch_one(&mut *conn)
        .await?;
        if !known {
            return Err(ApiError::field("companyId", "Virksomheden findes ikke"));
        }
    }
    let labels: Vec<&str> = input.seats.iter().map(|l| l.trim()).collect();
    let seats: Vec<Uuid> =
        sqlx::query_scalar("SELECT id FROM seats WHERE chart_id = $1 AND label = ANY($2)")
            .bind(chart)
            .bind(&labels)
            .fetch_all(&mut *conn)
            .await?;
    if seats.is_empty() || seats.len() != labels.len() {
        return Err(ApiError::field(
            "seats",
            "Vælg pladser, der findes på kortet",
        ));
    }
    let id: Uuid = sqlx::query_scalar(
        "INSERT INTO seat_channels (client_id, season_id, name, company_id) VALUES ($1, $2, $3, $4) RETURNING id",
    )
    .bind(client_id)
    .bind(season)
    .bind(input.name.trim())
    .bind(input.company_id)
    .fetch_one(&mut *conn)
    .await?;
    sqlx::query(
        "INSERT INTO seat_channel_seats (channel_id, seat_id, client_id) SELECT $1, s, $2 FROM unnest($3::uuid[]) AS s",
    )
    .bind(id)
    .bind(client_id)
    .bind(&seats)
    .execute(&mut *conn)
    .await?;
    Ok(id)
}

/// A new channel of the season: `result` its id.
#[utoipa::path(post, path = "/api/seats/seasons/{id}/channels", tag = "seats",
    params(("id" = String, Path, description = "the season's id")), request_body = SeatChannel,
    responses((status = 200, body = Envelope<Uuid>, description = "the new channel's id"), (status = 422), (status = 404)))]
pub async fn create_channel(
    staff: Staff,
    path: web::Path<String>,
    body: Json<SeatChannel>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let season = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let id = make_channel(&mut tx, staff.client_id, season, &body).await?;
    tx.commit().await?;
    Ok(envelope::result(id))
}

/// Deletes a season ticket made by hand: its seat goes on sale at every event of the season
/// (where the holder had not given it up already) and the holder's tickets for the matches are
/// void. One an order sold goes with its line on the order.
#[utoipa::path(delete, path = "/api/seats/seasons/{id}/tickets/{ticketId}", tag = "seats",
    params(("id" = String, Path, description = "the season's id"), ("ticketId" = String, Path, description = "the season ticket's id")),
    responses((status = 200, body = Ack), (status = 422, description = "sold on an order"), (status = 404)))]
pub async fn delete_season_ticket(
    staff: Staff,
    path: web::Path<(String, String)>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (season, ticket) = (parse_id(&path.0)?, parse_id(&path.1)?);
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let sold_by: Option<Option<Uuid>> = sqlx::query_scalar(
        "SELECT order_id FROM season_tickets WHERE client_id = $1 AND season_id = $2 AND id = $3 FOR UPDATE",
    )
    .bind(staff.client_id)
    .bind(season)
    .bind(ticket)
    .fetch_optional(&mut *tx)
    .await?;
    match sold_by {
        None => return Err(ApiError::NotFound),
        Some(Some(_)) => {
            return Err(ApiError::invalid(
                "Sæsonkortet er solgt på en ordre. Fjern linjen på ordren i stedet.",
            ))
        }
        Some(None) => {}
    }
    let actor = Actor::from(&staff);
    let voiding = seating::Voiding {
        tickets: &state.tickets,
        actor: &actor,
        reason: "Sæsonkortet er slettet",
        void: crate::tickets::service::void_match_tickets,
    };
    seating::void_match_tickets(&mut tx, &voiding, &[ticket]).await?;
    seating::remove_season_tickets(&mut tx, &[ticket]).await?;
    tx.commit().await?;
    Ok(envelope::ok())
}

/// Deletes a channel of the season: its seats are for everyone again.
#[utoipa::path(delete, path = "/api/seats/seasons/{id}/channels/{channelId}", tag = "seats",
    params(("id" = String, Path, description = "the season's id"), ("channelId" = String, Path, description = "the channel's id")),
    responses((status = 200, body = Ack), (status = 404)))]
pub async fn delete_channel(
    staff: Staff,
    path: web::Path<(String, String)>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (season, channel) = (parse_id(&path.0)?, parse_id(&path.1)?);
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let deleted = sqlx::query(
        "DELETE FROM seat_channels WHERE client_id = $1 AND season_id = $2 AND id = $3",
    )
    .bind(staff.client_id)
    .bind(season)
    .bind(channel)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if deleted == 0 {
        return Err(ApiError::NotFound);
    }
    tx.commit().await?;
    Ok(envelope::ok())
}

/// Whether the company has a channel on a season of the event (spec 2 §7).
#[utoipa::path(get, path = "/api/seats/seasons/{eventId}/has-channel/{companyId}", tag = "seats",
    params(("eventId" = String, Path, description = "the event's id"), ("companyId" = String, Path, description = "the company's id")),
    responses((status = 200, body = Envelope<bool>, description = "whether it has one")))]
pub async fn has_channel(
    staff: Staff,
    path: web::Path<(String, String)>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let event = parse_id(&path.0)?;
    let company = parse_id(&path.1)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let has: bool = sqlx::query_scalar(&format!(
        "SELECT EXISTS (SELECT 1 FROM seat_channels c WHERE c.client_id = $2 AND c.company_id = $3 \
           AND c.season_id IN ({EVENT_SEASONS}))"
    ))
    .bind(event)
    .bind(staff.client_id)
    .bind(company)
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(envelope::result(has))
}

/// The signed-in user's season tickets at the event, with their answers.
async fn seasonal_tickets_of(
    conn: &mut PgConnection,
    event: Uuid,
    user: Uuid,
) -> Result<Vec<SeasonalTicket>, sqlx::Error> {
    type Row = (Uuid, String, String, String, String, String, Option<bool>);
    let rows: Vec<Row> = sqlx::query_as(&format!(
        "SELECT t.id, t.product_title, t.name, s.section, s.row_label, s.number, a.attending \
         FROM season_tickets t JOIN seats s ON s.id = t.seat_id \
         LEFT JOIN season_ticket_answers a ON a.season_ticket_id = t.id AND a.event_id = $1 \
         WHERE t.user_id = $2 AND t.season_id IN ({EVENT_SEASONS}) \
         ORDER BY s.section, s.row_label, s.position"
    ))
    .bind(event)
    .bind(user)
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(
            |(id, product, name, section, row, seat_number, attending)| SeasonalTicket {
                id,
                product,
                name,
                section,
                row,
                seat_number,
                attending,
            },
        )
        .collect())
}

/// 'Dine sæsonbilletter': the signed-in holder's season tickets at the event (none for a guest).
#[utoipa::path(get, path = "/public/events/{id}/seasonal-tickets", tag = "seats",
    params(("id" = String, Path, description = "the event's id")),
    responses((status = 200, body = Envelope<Vec<SeasonalTicket>>, description = "none for a guest")))]
pub async fn get_seasonal_tickets(
    req: HttpRequest,
    caller: Caller,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let client_id = club(&state, &req, &caller).await?;
    let event = parse_id(&path)?;
    let Some(identity) = caller.0.as_deref() else {
        return Ok(envelope::result(Vec::<SeasonalTicket>::new()));
    };
    let mut tx = club_tx(&state.pool, client_id).await?;
    let tickets = seasonal_tickets_of(&mut tx, event, identity.user.id).await?;
    tx.commit().await?;
    Ok(envelope::result(tickets))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AttendingQuery {
    /// true: the holder comes; false: the seat is released for sale for this event.
    attending: bool,
}

/// The holder's answer for the event (spec 2 §4 Seasonal ticket attendance).
#[utoipa::path(post, path = "/public/events/{id}/seasonal-tickets/{ticketId}", tag = "seats",
    params(("id" = String, Path, description = "the event's id"), ("ticketId" = String, Path, description = "the season ticket's id"), AttendingQuery),
    responses((status = 200, body = Ack), (status = 401),
              (status = 422, description = "released already, or the seat was taken meanwhile"), (status = 404)))]
pub async fn answer_seasonal_ticket(
    req: HttpRequest,
    caller: Caller,
    path: web::Path<(String, String)>,
    query: web::Query<AttendingQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let client_id = club(&state, &req, &caller).await?;
    let event = parse_id(&path.0)?;
    let ticket = parse_id(&path.1)?;
    let identity = caller.0.as_deref().ok_or(ApiError::Unauthorized)?;
    let actor = Actor::user(client_id, identity.user.id, &identity.user.name());
    let mut tx = club_tx(&state.pool, client_id).await?;
    let mine = seasonal_tickets_of(&mut tx, event, identity.user.id).await?;
    let answered = mine
        .iter()
        .find(|t| t.id == ticket)
        .ok_or(ApiError::NotFound)?;
    answer(&state, &mut tx, &actor, event, answered, query.attending).await?;
    tx.commit().await?;
    Ok(envelope::ok())
}

/// Records the holder's answer: coming keeps the seat past the release time; not coming gives
/// it up for this event alone ('Frigiv plads'), and cannot be taken back.
async fn answer(
    state: &AppState,
    conn: &mut PgConnection,
    actor: &Actor,
    event: Uuid,
    ticket: &SeasonalTicket,
    attending: bool,
) -> Result<(), ApiError> {
    if ticket.attending == Some(false) {
        return Err(ApiError::invalid(
            "Pladsen er allerede frigivet til denne kamp.",
        ));
    }
    if attending {
        let kept = sqlx::query(
            "UPDATE event_seats SET held_until = NULL, updated_at = now() \
             WHERE event_id = $1 AND season_ticket_id = $2 AND status = 'reserved' \
               AND (held_until IS NULL OR held_until > now())",
        )
        .bind(event)
        .bind(ticket.id)
        .execute(&mut *conn)
        .await?
        .rows_affected();
        if kept == 0 {
            return Err(ApiError::invalid(
                "Pladsen er ikke længere reserveret til dig.",
            ));
        }
    } else {
        sqlx::query(
            "DELETE FROM event_seats WHERE event_id = $1 AND season_ticket_id = $2 AND status = 'reserved'",
        )
        .bind(event)
        .bind(ticket.id)
        .execute(&mut *conn)
        .await?;
    }
    sqlx::query(
        "INSERT INTO season_ticket_answers (season_ticket_id, event_id, client_id, attending, answered_by) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (season_ticket_id, event_id) DO UPDATE \
         SET attending = EXCLUDED.attending, answered_at = now(), answered_by = EXCLUDED.answered_by",
    )
    .bind(ticket.id)
    .bind(event)
    .bind(actor.client_id)
    .bind(attending)
    .bind(actor.user_id)
    .execute(&mut *conn)
    .await?;
    // The holder's ticket for the match: issued now if it was not; released when not coming.
    let match_ticket = match_ticket(state, conn, actor, event, ticket).await?;
    if !attending {
        TicketService::of(state)
            .release_seat_in(conn, actor, match_ticket)
            .await?;
    }
    Ok(())
}

/// The holder's ticket for the match (its order line is the season ticket), issued if it is not.
async fn match_ticket(
    state: &AppState,
    conn: &mut PgConnection,
    actor: &Actor,
    event: Uuid,
    ticket: &SeasonalTicket,
) -> Result<Uuid, ApiError> {
    let found: Option<Uuid> = sqlx::query_scalar(
        "SELECT id FROM ticket_rows WHERE event_id = $1 AND order_line_id = $2 AND status <> 'voided'",
    )
    .bind(event)
    .bind(ticket.id)
    .fetch_optional(&mut *conn)
    .await?;
    if let Some(id) = found {
        return Ok(id);
    }
    let (order_id, product_id, company_id): (Option<Uuid>, Option<Uuid>, Option<Uuid>) =
        sqlx::query_as("SELECT order_id, product_id, company_id FROM season_tickets WHERE id = $1")
            .bind(ticket.id)
            .fetch_one(&mut *conn)
            .await?;
    TicketService::of(state)
        .issue_next_in(
            conn,
            actor,
            TicketToIssue {
                event_id: event,
                order_id: order_id.unwrap_or(ticket.id),
                order_line_id: ticket.id,
                product_id: product_id.unwrap_or(ticket.id),
                product_title: ticket.product.clone(),
                name: Some(ticket.name.clone()),
                company_id,
                section: Some(ticket.section.clone()),
                row: Some(ticket.row.clone()),
                seat_number: Some(ticket.seat_number.clone()),
                ..TicketToIssue::default()
            },
        )
        .await
}

/// The staff's map of an event's seats (tab 30 Planoversigt): every seat's state and who holds
/// it, and the counts per section.
#[utoipa::path(get, path = "/api/seats/events/{id}", tag = "seats",
    params(("id" = String, Path, description = "the event's id")),
    responses((status = 200, body = Envelope<SeatOverview>), (status = 404)))]
pub async fn event_overview(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let event = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let overview = overview(&mut tx, staff.client_id, event).await?;
    tx.commit().await?;
    Ok(envelope::result(overview))
}

pub async fn overview(
    conn: &mut PgConnection,
    client_id: Uuid,
    event: Uuid,
) -> Result<SeatOverview, ApiError> {
    let chart = chart_of(&mut *conn, client_id, event)
        .await?
        .ok_or(ApiError::NotFound)?;
    let chart = chart_by(&mut *conn, client_id, Some(chart), None)
        .await?
        .ok_or(ApiError::NotFound)?;
    // One row per seat that is not plainly free, with what it is and who holds it.
    let rows: Vec<(String, Option<String>, Option<Uuid>)> = sqlx::query_as(&format!(
        "WITH seasons AS ({EVENT_SEASONS}) \
         SELECT s.label, CASE \
           WHEN e.status = 'booked' THEN 'booked:' || coalesce('#' || o.number::text, '') \
                || coalesce(' (frigivet af ' || r.name || ')', '') \
           WHEN e.status = 'reserved' AND (e.held_until IS NULL OR e.held_until > now()) THEN 'reserved:' || coalesce(t.name, '') \
           WHEN e.status = 'held' AND e.held_until > now() THEN 'held:' \
           WHEN r.name IS NOT NULL THEN 'released:' || r.name \
           WHEN ch.name IS NOT NULL THEN 'channel:' || ch.name \
           ELSE NULL END, o.id \
         FROM seats s \
         LEFT JOIN event_seats e ON e.event_id = $1 AND e.seat_id = s.id \
         LEFT JOIN order_rows o ON o.id = e.order_id \
         LEFT JOIN season_tickets t ON t.id = e.season_ticket_id \
         LEFT JOIN LATERAL (SELECT st.name FROM season_tickets st JOIN season_ticket_answers a \
             ON a.season_ticket_id = st.id AND a.event_id = $1 AND NOT a.attending \
             WHERE st.seat_id = s.id AND st.season_id IN (SELECT id FROM seasons) LIMIT 1) r ON true \
         LEFT JOIN LATERAL (SELECT c.name FROM seat_channel_seats cs JOIN seat_channels c ON c.id = cs.channel_id \
             WHERE cs.seat_id = s.id AND c.season_id IN (SELECT id FROM seasons) LIMIT 1) ch ON true \
         WHERE s.chart_id = $2 AND s.for_sale AND (e.seat_id IS NOT NULL OR r.name IS NOT NULL OR ch.name IS NOT NULL)"
    ))
    .bind(event)
    .bind(chart.id)
    .fetch_all(&mut *conn)
    .await?;
    type Mark = (SeatState, Option<String>, Option<Uuid>);
    let marked: std::collections::HashMap<&str, Mark> = rows
        .iter()
        .filter_map(|(label, what, order)| {
            let (kind, note) = what.as_deref()?.split_once(':')?;
            let state = match kind {
                "booked" => SeatState::Booked,
                "reserved" => SeatState::Reserved,
                "held" => SeatState::Held,
                "released" => SeatState::Released,
                _ => SeatState::Channel,
            };
            Some((
                label.as_str(),
                (
                    state,
                    Some(note.to_string()).filter(|n| !n.is_empty()),
                    *order,
                ),
            ))
        })
        .collect();
    let mut sections: Vec<SectionCount> = Vec::new();
    let mut states = Vec::with_capacity(chart.seats.len());
    for seat in &chart.seats {
        let (state, note, order_id) = if seat.for_sale {
            marked
                .get(seat.label.as_str())
                .cloned()
                .unwrap_or((SeatState::Free, None, None))
        } else {
            (SeatState::NotForSale, None, None)
        };
        let at = match sections.iter().position(|c| c.section == seat.section) {
            Some(at) => at,
            None => {
                sections.push(SectionCount {
                    section: seat.section.clone(),
                    seats: 0,
                    booked: 0,
                    held: 0,
                    reserved: 0,
                    released: 0,
                    channel: 0,
                    free: 0,
                });
                sections.len() - 1
            }
        };
        let count = &mut sections[at];
        count.seats += 1;
        match state {
            SeatState::Booked => count.booked += 1,
            SeatState::Held | SeatState::Mine => count.held += 1,
            SeatState::Reserved => count.reserved += 1,
            SeatState::Released => count.released += 1,
            SeatState::Channel => count.channel += 1,
            SeatState::Free => count.free += 1,
            SeatState::NotForSale => {}
        }
        states.push(EventSeat {
            label: seat.label.clone(),
            state,
            note,
            order_id,
        });
    }
    Ok(SeatOverview {
        chart,
        states,
        sections,
    })
}

/// What 'Send sæsonbilletter' did.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SeasonalTicketsSent {
    /// Mails queued, one per holder.
    pub queued: i64,
    /// Holders left out (no e-mail).
    pub skipped: i64,
}

/// 'Send sæsonbilletter' (spec 2 §7 send-seasonal-tickets, §8 'Sæsonbilletter blev sendt!'):
/// every season-ticket holder with an e-mail whose seat is kept for the event (not released) is
/// mailed their ticket for it, issued now if it was not. Answers how many mails were queued and
/// how many holders were left out (no e-mail).
#[utoipa::path(post, path = "/api/events/{id}/send-seasonal-tickets", tag = "seats",
    params(("id" = String, Path, description = "the event's id")),
    responses((status = 200, body = Envelope<SeasonalTicketsSent>), (status = 404)))]
pub async fn send_seasonal_tickets(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let event = parse_id(&path)?;
    let actor = Actor::from(&staff);
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let found: Option<(String, chrono::DateTime<chrono::Utc>)> = sqlx::query_as(
        "SELECT title, start_date FROM club_events WHERE client_id = $1 AND id = $2 FOR UPDATE",
    )
    .bind(staff.client_id)
    .bind(event)
    .fetch_optional(&mut *tx)
    .await?;
    let (title, start) = found.ok_or(ApiError::NotFound)?;
    type Row = (Uuid, String, String, String, String, String, String);
    let holders: Vec<Row> = sqlx::query_as(&format!(
        "SELECT t.id, t.product_title, t.name, t.email, s.section, s.row_label, s.number \
         FROM season_tickets t JOIN seats s ON s.id = t.seat_id \
         JOIN event_seats es ON es.event_id = $1 AND es.season_ticket_id = t.id AND es.status = 'reserved' \
         WHERE t.client_id = $2 AND t.season_id IN ({EVENT_SEASONS}) \
         ORDER BY s.section, s.row_label, s.position"
    ))
    .bind(event)
    .bind(staff.client_id)
    .fetch_all(&mut *tx)
    .await?;
    let base = state.settings.public_url.trim_end_matches('/').to_string();
    let mut sent = SeasonalTicketsSent {
        queued: 0,
        skipped: 0,
    };
    for (id, product, name, email, section, row, seat_number) in holders {
        if email.trim().is_empty() {
            sent.skipped += 1;
            continue;
        }
        let ticket = SeasonalTicket {
            id,
            product,
            name,
            section,
            row,
            seat_number,
            attending: None,
        };
        let ticket_id = match_ticket(&state, &mut tx, &actor, event, &ticket).await?;
        let code: String = sqlx::query_scalar("SELECT code FROM ticket_rows WHERE id = $1")
            .bind(ticket_id)
            .fetch_one(&mut *tx)
            .await?;
        let mail = crate::mail::invites::season_ticket(
            &email,
            &crate::mail::invites::SeasonTicketMail {
                holder: &ticket.name,
                event: &title,
                date: &tribune_domain::danish::buyer_time(start, chrono::Utc::now()),
                seat: &format!(
                    "{}, række {}, plads {}",
                    ticket.section, ticket.row, ticket.seat_number
                ),
                link: &format!("{base}/public/events/ticket/{code}"),
            },
        );
        crate::jobs::enqueue(
            &mut tx,
            crate::jobs::NewJob {
                client_id: Some(staff.client_id),
                description: format!("Sæsonbillet til {title} til {email}"),
                method: crate::jobs::JobMethod::SendMail(mail),
                collection: Some("events".into()),
                relation_id: Some(event.to_string()),
                created_by: actor.user_id,
            },
        )
        .await?;
        sent.queued += 1;
    }
    tx.commit().await?;
    Ok(envelope::result(sent))
}
