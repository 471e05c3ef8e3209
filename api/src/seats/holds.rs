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
use crate::kit::seating::{self, chart_of, EVENT_SEASONS};
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
    let token = hold_token(
        &random_secret(),
        now + Duration::minutes(TOKEN_MINUTES),
        now,
    );
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
    Ok(seating::extend_session(conn, token, now, TOKEN_MINUTES)
        .await?
        .map(|until| hold_token(token, until, now)))
}

/// The session as the picker counts it down.
fn hold_token(token: &str, until: DateTime<Utc>, now: DateTime<Utc>) -> HoldToken {
    HoldToken {
        hold_token: token.to_string(),
        expires_at: until,
        seconds_left: (until - now).num_seconds().max(0),
    }
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
            Some((
                seat,
                row_state(&status, holder.as_deref(), until, token, now)?,
            ))
        })
        .collect())
}

/// What a row of `event_seats` makes its seat, as `token` sees it (None: free).
fn row_state(
    status: &str,
    holder: Option<&str>,
    until: Option<DateTime<Utc>>,
    token: Option<&str>,
    now: DateTime<Utc>,
) -> Option<SeatState> {
    match status {
        "booked" => Some(SeatState::Booked),
        // Reserved until the release time, or for good.
        "reserved" if until.is_none_or(|u| u > now) => Some(SeatState::Reserved),
        "held" if until.is_some_and(|u| u > now) => Some(if token.is_some() && holder == token {
            SeatState::Mine
        } else {
            SeatState::Held
        }),
        _ => None,
    }
}

/// The seats kept in channels of the event's seasons for companies other than `companies`.
async fn channel_seats(
    conn: &mut PgConnection,
    event: Uuid,
    companies: &[Uuid],
) -> Result<HashSet<Uuid>, sqlx::Error> {
    let seats: Vec<Uuid> = sqlx::query_scalar(&format!(
        "SELECT cs.seat_id FROM seat_channel_seats cs JOIN seat_channels c ON c.id = cs.channel_id \
         WHERE c.season_id IN ({EVENT_SEASONS}) AND (c.company_id IS NULL OR NOT c.company_id = ANY($2))"
    ))
    .bind(event)
    .bind(companies)
    .fetch_all(conn)
    .await?;
    Ok(seats.into_iter().collect())
}

/// The companies of the signed-in caller (by the club's contact with the user's e-mail).
pub async fn companies_of(
    conn: &mut PgConnection,
    client_id: Uuid,
    caller: &Caller,
) -> Result<Vec<Uuid>, sqlx::Error> {
    let Some(identity) = caller.0.as_deref() else {
        return Ok(Vec::new());
    };
    sqlx::query_scalar(
        "SELECT DISTINCT cc.company_id FROM contacts ct JOIN company_contacts cc ON cc.contact_id = ct.id \
         WHERE ct.client_id = $1 AND lower(ct.email) = lower($2)",
    )
    .bind(client_id)
    .bind(identity.user.email.trim())
    .fetch_all(conn)
    .await
}

fn state_of(seat: &Seat, states: &HashMap<Uuid, SeatState>, channel: &HashSet<Uuid>) -> SeatState {
    if !seat.for_sale {
        return SeatState::NotForSale;
    }
    match states.get(&seat.id).copied() {
        Some(state) => state,
        None if channel.contains(&seat.id) => SeatState::Channel,
        None => SeatState::Free,
    }
}

/// The event's chart and each seat's state, for the picker.
pub async fn event_seats(
    conn: &mut PgConnection,
    client_id: Uuid,
    event: Uuid,
    token: Option<&str>,
    companies: &[Uuid],
    now: DateTime<Utc>,
) -> Result<EventSeatMap, ApiError> {
    let id = chart_of(&mut *conn, client_id, event)
        .await?
        .ok_or(ApiError::NotFound)?;
    let chart = chart_by(&mut *conn, client_id, Some(id), None)
        .await?
        .ok_or(ApiError::NotFound)?;
    let taken = states(&mut *conn, event, token, now).await?;
    let channel = channel_seats(&mut *conn, event, companies).await?;
    let states = chart
        .seats
        .iter()
        .map(|seat| EventSeat {
            label: seat.label.clone(),
            state: state_of(seat, &taken, &channel),
            note: None,
            order_id: None,
        })
        .collect();
    Ok(EventSeatMap { chart, states })
}

/// Every seat of the rows that hold any of `labels` on the event's chart, with its state at the
/// event as `token` sees it (a channel's seat not for `companies` is `Channel`): what a hold must
/// check, read in one statement. Empty when the event has no chart (or none of the labels).
async fn rows_touched(
    conn: &mut PgConnection,
    client_id: Uuid,
    event: Uuid,
    labels: &[&str],
    token: &str,
    companies: &[Uuid],
    now: DateTime<Utc>,
) -> Result<Vec<(Seat, SeatState)>, sqlx::Error> {
    #[derive(sqlx::FromRow)]
    struct Row {
        #[sqlx(flatten)]
        seat: Seat,
        status: Option<String>,
        hold_token: Option<String>,
        held_until: Option<DateTime<Utc>>,
        in_channel: bool,
    }
    let rows: Vec<Row> = sqlx::query_as(&format!(
        "WITH chart AS (SELECT c.id FROM club_events ev \
             JOIN seat_charts c ON c.client_id = ev.client_id AND c.key = ev.seating->>'chartId' \
             WHERE ev.client_id = $2 AND ev.id = $1 AND ev.has_seating) \
         SELECT s.id, s.label, s.section, s.row_label, s.number, s.position, s.category_key, s.accessible, \
                s.for_sale, s.x, s.y, e.status, e.hold_token, e.held_until, \
                EXISTS (SELECT 1 FROM seat_channel_seats cs JOIN seat_channels ch ON ch.id = cs.channel_id \
                        WHERE cs.seat_id = s.id AND ch.season_id IN ({EVENT_SEASONS}) \
                          AND (ch.company_id IS NULL OR NOT ch.company_id = ANY($4))) AS in_channel \
         FROM seats s LEFT JOIN event_seats e ON e.event_id = $1 AND e.seat_id = s.id \
         WHERE s.chart_id = (SELECT id FROM chart) AND (s.section, s.row_label) IN \
           (SELECT section, row_label FROM seats WHERE chart_id = (SELECT id FROM chart) AND label = ANY($3)) \
         ORDER BY s.section, s.row_label, s.position"
    ))
    .bind(event)
    .bind(client_id)
    .bind(labels)
    .bind(companies)
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let state = if row.seat.for_sale {
                match row.status.as_deref().and_then(|status| {
                    row_state(
                        status,
                        row.hold_token.as_deref(),
                        row.held_until,
                        Some(token),
                        now,
                    )
                }) {
                    Some(state) => state,
                    None if row.in_channel => SeatState::Channel,
                    None => SeatState::Free,
                }
            } else {
                SeatState::NotForSale
            };
            (row.seat, state)
        })
        .collect())
}

/// Holds `labels` at the event with `token`, all or none, and extends the session (answered):
/// every seat must be on the event's
/// chart and for sale, the selection must not leave a needless single seat in a row (with what
/// the token already holds), and no one else may hold or have booked any of them.
pub async fn hold_seats(
    conn: &mut PgConnection,
    client_id: Uuid,
    event: Uuid,
    token: &str,
    labels: &[String],
    companies: &[Uuid],
    now: DateTime<Utc>,
) -> Result<HoldToken, ApiError> {
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
    // Holding is activity: the session lives on from now (or it ran out).
    let until = seating::extend_session_only(&mut *conn, token, now, TOKEN_MINUTES)
        .await?
        .ok_or_else(|| ApiError::field("holdToken", TOKEN_GONE))?;
    let touched =
        rows_touched(&mut *conn, client_id, event, &wanted, token, companies, now).await?;
    if touched.is_empty() && chart_of(&mut *conn, client_id, event).await?.is_none() {
        return Err(ApiError::NotFound);
    }
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
            Some((_, SeatState::Channel)) => {
                return Err(ApiError::field(
                    "seats",
                    format!("Pladsen {label} er forbeholdt"),
                ))
            }
            Some((
                _,
                SeatState::Held | SeatState::Booked | SeatState::Reserved | SeatState::Released,
            )) => {
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
    // The session's other seats live on with it, in the same statement.
    let taken: Vec<Uuid> = sqlx::query_scalar(
        "WITH others AS (UPDATE event_seats SET held_until = $4, updated_at = $6 \
             WHERE hold_token = $3 AND status = 'held' AND held_until > $6 AND NOT (event_id = $1 AND seat_id = ANY($5))) \
         INSERT INTO event_seats (event_id, seat_id, client_id, status, hold_token, held_until) \
         SELECT $1, s, $2, 'held', $3, $4 FROM unnest($5::uuid[]) AS s ORDER BY s \
         ON CONFLICT (event_id, seat_id) DO UPDATE SET status = 'held', hold_token = EXCLUDED.hold_token, \
           held_until = EXCLUDED.held_until, order_id = NULL, season_ticket_id = NULL, updated_at = now() \
         WHERE (event_seats.status = 'held' AND (event_seats.held_until <= $6 OR event_seats.hold_token = EXCLUDED.hold_token)) \
            OR (event_seats.status = 'reserved' AND event_seats.held_until <= $6) \
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
    Ok(hold_token(token, until, now))
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
    let companies = companies_of(&mut tx, client_id, &caller).await?;
    let seats = event_seats(
        &mut tx,
        client_id,
        event,
        query.hold_token.as_deref(),
        &companies,
        Utc::now(),
    )
    .await?;
    tx.commit().await?;
    Ok(envelope::result(seats))
}

/// Holds seats of the event with the caller's session, all or none.
#[utoipa::path(post, path = "/public/events/{id}/hold-seats", tag = "seats",
    params(("id" = String, Path, description = "the event's id")), request_body = HoldSeatsInput,
    responses((status = 200, description = "{success, result: HoldToken} (the session extended)", body = HoldToken),
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
    let companies = companies_of(&mut tx, client_id, &caller).await?;
    let token = hold_seats(
        &mut tx,
        client_id,
        event,
        body.hold_token.trim(),
        &body.seats,
        &companies,
        Utc::now(),
    )
    .await?;
    tx.commit().await?;
    Ok(envelope::result(token))
}

/// Gives back a seat the caller's session holds (spec 2 §7 `POST {ep}/{id}/release-seat`).
#[utoipa::path(post, path = "/public/events/{id}/release-seat", tag = "seats",
    params(("id" = String, Path, description = "the event's id")), request_body = ReleaseSeatInput,
    responses((status = 200, description = "{success, result: HoldToken} (the session extended)", body = HoldToken),
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
    let token = extend_token(&mut tx, body.hold_token.trim(), Utc::now()).await?;
    tx.commit().await?;
    Ok(envelope::result(token))
}
