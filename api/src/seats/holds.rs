//! Seats at an event (issue 16): hold sessions and the seats they hold. A picker opens a hold
//! session (`hold-tokens`), which lives `TOKEN_MINUTES` and is extended while its buyer is
//! active; seats are held with it, all of a change or none, and given back one by one
//! (`release-seat`). A hold whose session ran out is free again for the next buyer's statement
//! — nothing needs to sweep for the seats to be right. Every change that takes seats is ONE
//! conditional upsert on `event_seats` (the row of a seat at an event), so whatever the
//! concurrency no two buyers hold or book the same seat. The lenient orphan rule
//! (`tribune_domain::seats`) is checked here before every hold, as the picker checks it.

use std::collections::{BTreeMap, HashMap, HashSet};

use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Duration, Utc};
use sqlx::PgConnection;
use tribune_domain::seats::{leaves_no_needless_orphan, Place};
use tribune_projections::db::club_tx;
use uuid::Uuid;

use super::charts::chart_by;
use super::dto::{
    EventSeat, EventSeatMap, HoldSeatsInput, HoldToken, ReleaseSeatInput, Seat, SeatState,
};
use crate::club::public_club as club;
use crate::envelope;
use crate::error::ApiError;
use crate::identity::tokens::random_secret;
use crate::kit::ids::parse_id;
use crate::kit::input::Json;
use crate::session::Caller;
use crate::state::AppState;

/// How long a hold session lives after its buyer's last move.
pub const TOKEN_MINUTES: i64 = 15;

/// The most seats one change may hold.
pub const MAX_SEATS: usize = 50;

pub const TOKEN_GONE: &str = "Din reservation af pladser er udløbet. Vælg pladserne igen.";

/// A new hold session.
pub async fn new_token(
    conn: &mut PgConnection,
    client_id: Uuid,
    now: DateTime<Utc>,
) -> Result<HoldToken, sqlx::Error> {
    let token = HoldToken {
        hold_token: random_secret(),
        expires_at: now + Duration::minutes(TOKEN_MINUTES),
    };
    sqlx::query("INSERT INTO seat_hold_tokens (token, client_id, expires_at) VALUES ($1, $2, $3)")
        .bind(&token.hold_token)
        .bind(client_id)
        .bind(token.expires_at)
        .execute(conn)
        .await?;
    Ok(token)
}

/// Extends a live session, and the seats it holds, to `TOKEN_MINUTES` from `now`; None when it
/// ran out (its seats may be someone else's by now).
pub async fn extend_token(
    conn: &mut PgConnection,
    token: &str,
    now: DateTime<Utc>,
) -> Result<Option<HoldToken>, sqlx::Error> {
    let until = now + Duration::minutes(TOKEN_MINUTES);
    let extended = sqlx::query(
        "UPDATE seat_hold_tokens SET expires_at = $3 WHERE token = $1 AND expires_at > $2",
    )
    .bind(token)
    .bind(now)
    .bind(until)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if extended == 0 {
        return Ok(None);
    }
    sqlx::query(
        "UPDATE event_seats SET held_until = $3, updated_at = $2 \
         WHERE hold_token = $1 AND status = 'held' AND held_until > $2",
    )
    .bind(token)
    .bind(now)
    .bind(until)
    .execute(conn)
    .await?;
    Ok(Some(HoldToken {
        hold_token: token.to_string(),
        expires_at: until,
    }))
}

/// When a live session runs out (None: unknown or run out).
async fn token_until(
    conn: &mut PgConnection,
    token: &str,
    now: DateTime<Utc>,
) -> Result<Option<DateTime<Utc>>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT expires_at FROM seat_hold_tokens WHERE token = $1 AND expires_at > $2",
    )
    .bind(token)
    .bind(now)
    .fetch_optional(conn)
    .await
}

/// The state of every seat of the chart at the event that is not free, as `token` sees it.
async fn states(
    conn: &mut PgConnection,
    event: Uuid,
    token: Option<&str>,
    now: DateTime<Utc>,
) -> Result<HashMap<Uuid, SeatState>, sqlx::Error> {
    type Row = (Uuid, String, Option<String>, Option<DateTime<Utc>>);
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT seat_id, status, hold_token, held_until FROM event_seats WHERE event_id = $1",
    )
    .bind(event)
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .filter_map(|(seat, status, holder, until)| {
            let state = match status.as_str() {
                "booked" => SeatState::Booked,
                _ if until.is_none_or(|u| u <= now) => return None,
                _ if token.is_some() && holder.as_deref() == token => SeatState::Mine,
                _ => SeatState::Held,
            };
            Some((seat, state))
        })
        .collect())
}

fn state_of(seat: &Seat, states: &HashMap<Uuid, SeatState>) -> SeatState {
    if !seat.for_sale {
        return SeatState::NotForSale;
    }
    states.get(&seat.id).copied().unwrap_or(SeatState::Free)
}

/// The event's chart and each seat's state, for the picker.
pub async fn event_seats(
    conn: &mut PgConnection,
    client_id: Uuid,
    event: Uuid,
    token: Option<&str>,
    now: DateTime<Utc>,
) -> Result<EventSeatMap, ApiError> {
    let id = chart_of(&mut *conn, client_id, event)
        .await?
        .ok_or(ApiError::NotFound)?;
    let chart = chart_by(&mut *conn, client_id, Some(id), None)
        .await?
        .ok_or(ApiError::NotFound)?;
    let taken = states(&mut *conn, event, token, now).await?;
    let states = chart
        .seats
        .iter()
        .map(|seat| EventSeat {
            label: seat.label.clone(),
            state: state_of(seat, &taken),
        })
        .collect();
    Ok(EventSeatMap { chart, states })
}

/// The id of the chart of an event's seating (None: no seating, or not the club's).
async fn chart_of(
    conn: &mut PgConnection,
    client_id: Uuid,
    event: Uuid,
) -> Result<Option<Uuid>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT c.id FROM club_events e JOIN seat_charts c ON c.client_id = e.client_id AND c.key = e.seating->>'chartId' \
         WHERE e.client_id = $1 AND e.id = $2 AND e.has_seating",
    )
    .bind(client_id)
    .bind(event)
    .fetch_optional(conn)
    .await
}

/// Every seat of the rows that hold any of `labels`, with its state at the event as `token`
/// sees it: what a hold must check, read in one statement.
async fn rows_touched(
    conn: &mut PgConnection,
    event: Uuid,
    chart: Uuid,
    labels: &[&str],
    token: &str,
    now: DateTime<Utc>,
) -> Result<Vec<(Seat, SeatState)>, sqlx::Error> {
    #[derive(sqlx::FromRow)]
    struct Row {
        #[sqlx(flatten)]
        seat: Seat,
        status: Option<String>,
        hold_token: Option<String>,
        held_until: Option<DateTime<Utc>>,
    }
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT s.id, s.label, s.section, s.row_label, s.number, s.position, s.category_key, s.accessible, \
                s.for_sale, s.x, s.y, e.status, e.hold_token, e.held_until \
         FROM seats s LEFT JOIN event_seats e ON e.event_id = $2 AND e.seat_id = s.id \
         WHERE s.chart_id = $1 AND (s.section, s.row_label) IN \
           (SELECT section, row_label FROM seats WHERE chart_id = $1 AND label = ANY($3)) \
         ORDER BY s.section, s.row_label, s.position",
    )
    .bind(chart)
    .bind(event)
    .bind(labels)
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let state = match (row.seat.for_sale, row.status.as_deref()) {
                (false, _) => SeatState::NotForSale,
                (_, Some("booked")) => SeatState::Booked,
                (_, Some(_)) if row.held_until.is_some_and(|u| u > now) => {
                    if row.hold_token.as_deref() == Some(token) {
                        SeatState::Mine
                    } else {
                        SeatState::Held
                    }
                }
                _ => SeatState::Free,
            };
            (row.seat, state)
        })
        .collect())
}

/// Holds `labels` at the event with `token`, all or none: every seat must be on the event's
/// chart and for sale, the selection must not leave a needless single seat in a row (with what
/// the token already holds), and no one else may hold or have booked any of them.
pub async fn hold_seats(
    conn: &mut PgConnection,
    client_id: Uuid,
    event: Uuid,
    token: &str,
    labels: &[String],
    now: DateTime<Utc>,
) -> Result<(), ApiError> {
    let until = token_until(&mut *conn, token, now)
        .await?
        .ok_or_else(|| ApiError::field("holdToken", TOKEN_GONE))?;
    let wanted: Vec<&str> = labels.iter().map(|l| l.trim()).collect();
    let unique: HashSet<&str> = wanted.iter().copied().collect();
    if wanted.is_empty() {
        return Err(ApiError::field("seats", "Vælg mindst én plads"));
    }
    if wanted.len() > MAX_SEATS || unique.len() != wanted.len() {
        return Err(ApiError::field(
            "seats",
            format!("Vælg højst {MAX_SEATS} forskellige pladser"),
        ));
    }
    let chart = chart_of(&mut *conn, client_id, event)
        .await?
        .ok_or(ApiError::NotFound)?;
    let touched = rows_touched(&mut *conn, event, chart, &wanted, token, now).await?;
    let by_label: HashMap<&str, (&Seat, SeatState)> = touched
        .iter()
        .map(|(seat, state)| (seat.label.as_str(), (seat, *state)))
        .collect();
    let mut chosen = Vec::new();
    for label in &wanted {
        match by_label.get(label) {
            None => {
                return Err(ApiError::field(
                    "seats",
                    format!("Pladsen {label} findes ikke"),
                ))
            }
            Some((_, SeatState::NotForSale)) => {
                return Err(ApiError::field(
                    "seats",
                    format!("Pladsen {label} er ikke til salg"),
                ))
            }
            Some((_, SeatState::Held | SeatState::Booked)) => {
                return Err(ApiError::field(
                    "seats",
                    format!("Pladsen {label} er ikke længere ledig"),
                ))
            }
            Some((seat, _)) => chosen.push(*seat),
        }
    }
    // The orphan rule, row by row, with the seats the token holds there already.
    let mut rows: BTreeMap<(&str, &str), Vec<(&Seat, SeatState)>> = BTreeMap::new();
    for (seat, state) in &touched {
        rows.entry((seat.section.as_str(), seat.row.as_str()))
            .or_default()
            .push((seat, *state));
    }
    for (_, row) in rows {
        let mut row = row;
        row.sort_by_key(|(seat, _)| seat.position);
        let picks: Vec<usize> = row
            .iter()
            .enumerate()
            .filter(|(_, (seat, state))| {
                chosen.iter().any(|c| c.id == seat.id) || *state == SeatState::Mine
            })
            .map(|(i, _)| i)
            .collect();
        if !row
            .iter()
            .any(|(seat, _)| chosen.iter().any(|c| c.id == seat.id))
        {
            continue;
        }
        let places: Vec<Place> = row
            .iter()
            .map(|(_, state)| match state {
                SeatState::Free | SeatState::Mine => Place::Free,
                _ => Place::Taken,
            })
            .collect();
        if !leaves_no_needless_orphan(&places, &picks) {
            return Err(ApiError::field(
                "seats",
                "Valget efterlader en enkelt tom plads. Vælg pladser, der ikke efterlader en enkelt plads alene.",
            ));
        }
    }
    // The guard: one statement takes every seat that is free (no row, or a hold run out) or the
    // token's own; a seat someone else holds or booked is left, and then nothing is taken.
    let ids: Vec<Uuid> = chosen.iter().map(|s| s.id).collect();
    let taken: Vec<Uuid> = sqlx::query_scalar(
        "INSERT INTO event_seats (event_id, seat_id, client_id, status, hold_token, held_until) \
         SELECT $1, s, $2, 'held', $3, $4 FROM unnest($5::uuid[]) AS s ORDER BY s \
         ON CONFLICT (event_id, seat_id) DO UPDATE SET status = 'held', hold_token = EXCLUDED.hold_token, \
           held_until = EXCLUDED.held_until, order_id = NULL, updated_at = now() \
         WHERE event_seats.status = 'held' AND (event_seats.held_until <= $6 OR event_seats.hold_token = EXCLUDED.hold_token) \
         RETURNING seat_id",
    )
    .bind(event)
    .bind(client_id)
    .bind(token)
    .bind(until)
    .bind(&ids)
    .bind(now)
    .fetch_all(&mut *conn)
    .await?;
    if taken.len() != ids.len() {
        let lost: Vec<&str> = chosen
            .iter()
            .filter(|s| !taken.contains(&s.id))
            .map(|s| s.label.as_str())
            .collect();
        return Err(ApiError::field(
            "seats",
            format!("Pladsen {} er ikke længere ledig", lost.join(", ")),
        ));
    }
    Ok(())
}

/// Gives back a seat the token holds at the event; false when it holds no such seat.
pub async fn release_seat(
    conn: &mut PgConnection,
    client_id: Uuid,
    event: Uuid,
    token: &str,
    label: &str,
) -> Result<bool, sqlx::Error> {
    let released = sqlx::query(
        "DELETE FROM event_seats e USING seats s \
         WHERE e.event_id = $1 AND e.client_id = $2 AND e.seat_id = s.id AND s.label = $4 \
           AND s.chart_id = (SELECT c.id FROM seat_charts c JOIN club_events ev ON ev.seating->>'chartId' = c.key \
                             WHERE ev.id = $1 AND c.client_id = $2) \
           AND e.status = 'held' AND e.hold_token = $3",
    )
    .bind(event)
    .bind(client_id)
    .bind(token)
    .bind(label.trim())
    .execute(conn)
    .await?
    .rows_affected();
    Ok(released > 0)
}

/// A new hold session for the club's seat picker.
#[utoipa::path(post, path = "/public/seats/hold-tokens", tag = "seats",
    responses((status = 200, description = "{success, result: HoldToken}", body = HoldToken), (status = 404)))]
pub async fn create_hold_token(
    req: HttpRequest,
    caller: Caller,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let client_id = club(&state, &req, &caller).await?;
    let mut tx = club_tx(&state.pool, client_id).await?;
    let token = new_token(&mut tx, client_id, Utc::now()).await?;
    tx.commit().await?;
    Ok(envelope::result(token))
}

/// Extends a hold session while its buyer is active.
#[utoipa::path(post, path = "/public/seats/hold-tokens/{token}", tag = "seats",
    params(("token" = String, Path, description = "the hold token")),
    responses((status = 200, description = "{success, result: HoldToken}", body = HoldToken),
              (status = 422, description = "the session ran out")))]
pub async fn extend_hold_token(
    req: HttpRequest,
    caller: Caller,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let client_id = club(&state, &req, &caller).await?;
    let mut tx = club_tx(&state.pool, client_id).await?;
    let token = extend_token(&mut tx, &path, Utc::now())
        .await?
        .ok_or_else(|| ApiError::field("holdToken", TOKEN_GONE))?;
    tx.commit().await?;
    Ok(envelope::result(token))
}

#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SeatsQuery {
    /// The caller's hold session: its seats show as 'mine'.
    #[serde(default)]
    hold_token: Option<String>,
}

/// The event's chart and every seat's state.
#[utoipa::path(get, path = "/public/events/{id}/seats", tag = "seats", params(("id" = String, Path, description = "the event's id"), SeatsQuery),
    responses((status = 200, description = "{success, result: EventSeatMap}", body = EventSeatMap), (status = 404)))]
pub async fn get_event_seats(
    req: HttpRequest,
    caller: Caller,
    path: web::Path<String>,
    query: web::Query<SeatsQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let client_id = club(&state, &req, &caller).await?;
    let event = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, client_id).await?;
    let seats = event_seats(
        &mut tx,
        client_id,
        event,
        query.hold_token.as_deref(),
        Utc::now(),
    )
    .await?;
    tx.commit().await?;
    Ok(envelope::result(seats))
}

/// Holds seats of the event with the caller's session, all or none.
#[utoipa::path(post, path = "/public/events/{id}/hold-seats", tag = "seats",
    params(("id" = String, Path, description = "the event's id")), request_body = HoldSeatsInput,
    responses((status = 200, description = "{success}"),
              (status = 422, description = "a seat taken, unknown or not for sale; an orphan left; the session ran out"),
              (status = 404)))]
pub async fn hold_event_seats(
    req: HttpRequest,
    caller: Caller,
    path: web::Path<String>,
    body: Json<HoldSeatsInput>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let client_id = club(&state, &req, &caller).await?;
    let event = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, client_id).await?;
    hold_seats(
        &mut tx,
        client_id,
        event,
        body.hold_token.trim(),
        &body.seats,
        Utc::now(),
    )
    .await?;
    tx.commit().await?;
    Ok(envelope::ok())
}

/// Gives back a seat the caller's session holds (spec 2 §7 `POST {ep}/{id}/release-seat`).
#[utoipa::path(post, path = "/public/events/{id}/release-seat", tag = "seats",
    params(("id" = String, Path, description = "the event's id")), request_body = ReleaseSeatInput,
    responses((status = 200, description = "{success}"),
              (status = 422, description = "the session holds no such seat"), (status = 404)))]
pub async fn release_event_seat(
    req: HttpRequest,
    caller: Caller,
    path: web::Path<String>,
    body: Json<ReleaseSeatInput>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let client_id = club(&state, &req, &caller).await?;
    let event = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, client_id).await?;
    if !release_seat(
        &mut tx,
        client_id,
        event,
        body.hold_token.trim(),
        &body.seat,
    )
    .await?
    {
        return Err(ApiError::field("seat", "Pladsen er ikke holdt af dig"));
    }
    tx.commit().await?;
    Ok(envelope::ok())
}
