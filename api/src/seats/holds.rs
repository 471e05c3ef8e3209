//! Seats at an event (issue 16): hold sessions and the seats they hold. A picker opens a hold
//! session (`hold-tokens`), which lives `TOKEN_MINUTES` and is extended while its buyer is
//! active; seats are held with it, all of a change or none, and given back one by one
//! (`release-seat`). A hold whose session ran out is free again for the next buyer's statement
//! — nothing needs to sweep for the seats to be right. Every change that takes seats is ONE
//! conditional upsert on `event_seats` (the row of a seat at an event), so whatever the
//! concurrency no two buyers hold or book the same seat. The lenient orphan rule
//! (`tribune_domain::seats`) is checked here before every hold, as the picker checks it.
//!
//! A visitor's holds are limited (issue 35), per event (its seating's `maxSeatsPerSession` and
//! `maxSessionsPerVisitor`): the seats one session holds there, and how many sessions opened
//! from one address hold seats there at once. Both are counted in the hold's transaction with
//! the sessions' rows locked (the address's by an advisory lock), so parallel requests cannot
//! pass them together. A session lives at most `seating::SESSION_MAX_MINUTES` from its start,
//! however active: then it is not renewed and its seats are free. The club's staff at the desk
//! are not limited.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

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
use crate::envelope::{self, Envelope};
use crate::error::ApiError;
use crate::identity::client_ip::client_ip;
use crate::identity::tokens::random_secret;
use crate::kit::batches::Batches;
use crate::kit::ids::parse_id;
use crate::kit::input::Json;
use crate::kit::seating::{self, chart_of, EVENT_SEASONS, RENEWAL_CLAIMS};
use crate::session::Caller;
use crate::state::AppState;

/// How long a hold session lives after its buyer's last move.
pub const TOKEN_MINUTES: i64 = 15;

/// The most seats one change may hold.
pub const MAX_SEATS: usize = 50;

/// The seats one session may hold at an event that sets no limit: a family, or a youth team
/// with its coaches, on one purchase.
pub const DEFAULT_SEATS_PER_SESSION: i64 = 20;

/// The sessions opened from one address that may hold seats at an event at once when it sets
/// no limit: the phones and laptop of a household, or a few colleagues behind one office
/// address.
pub const DEFAULT_SESSIONS_PER_VISITOR: i64 = 4;

/// What limits an event sets on a visitor's holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HoldLimits {
    pub seats_per_session: i64,
    pub sessions_per_visitor: i64,
}

impl HoldLimits {
    /// The event's limits, or the defaults where it sets none.
    async fn of_event(
        conn: &mut PgConnection,
        client_id: Uuid,
        event: Uuid,
    ) -> Result<HoldLimits, sqlx::Error> {
        let set: Option<(Option<i64>, Option<i64>)> = sqlx::query_as(
            "SELECT (seating->>'maxSeatsPerSession')::bigint, (seating->>'maxSessionsPerVisitor')::bigint \
             FROM club_events WHERE client_id = $1 AND id = $2",
        )
        .bind(client_id)
        .bind(event)
        .fetch_optional(conn)
        .await?;
        let (seats, sessions) = set.unwrap_or_default();
        Ok(HoldLimits {
            seats_per_session: seats.unwrap_or(DEFAULT_SEATS_PER_SESSION),
            sessions_per_visitor: sessions.unwrap_or(DEFAULT_SESSIONS_PER_VISITOR),
        })
    }
}

fn too_many_seats(limit: i64) -> ApiError {
    ApiError::field(
        "seats",
        format!("Du kan højst holde {limit} pladser ad gangen til dette arrangement. Køb dem, du har valgt, før du vælger flere."),
    )
}

fn too_many_sessions(limit: i64) -> ApiError {
    ApiError::field(
        "seats",
        format!("Der holdes allerede pladser i {limit} andre bestillinger til dette arrangement fra din forbindelse. Gør en af dem færdig, eller vent til den udløber."),
    )
}

/// A session renewed past its longest life.
fn session_too_long() -> ApiError {
    ApiError::field(
        "holdToken",
        format!(
            "Pladserne kan højst holdes i {} minutter. Vælg pladserne igen.",
            seating::SESSION_MAX_MINUTES
        ),
    )
}

pub const TOKEN_GONE: &str = "Din reservation af pladser er udløbet. Vælg pladserne igen.";

/// A new hold session, opened from the visitor's address `ip` (None: not a visitor's).
pub async fn new_token(
    conn: &mut PgConnection,
    client_id: Uuid,
    now: DateTime<Utc>,
    ip: Option<&str>,
) -> Result<HoldToken, sqlx::Error> {
    let token = hold_token(
        &random_secret(),
        now + Duration::minutes(TOKEN_MINUTES),
        now,
    );
    sqlx::query(
        "INSERT INTO seat_hold_tokens (token, client_id, expires_at, created_at, ip) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(&token.hold_token)
    .bind(client_id)
    .bind(token.expires_at)
    .bind(now)
    .bind(ip)
    .execute(conn)
    .await?;
    Ok(token)
}

/// Extends a live session, and the seats it holds, to `TOKEN_MINUTES` from `now` (at most to
/// its longest life); refused on `holdToken` when it ran out (its seats may be someone else's
/// by now) or has lived its longest.
pub async fn extend_token(
    conn: &mut PgConnection,
    token: &str,
    now: DateTime<Utc>,
) -> Result<HoldToken, ApiError> {
    match seating::extend_session(&mut *conn, token, now, TOKEN_MINUTES).await? {
        Some(until) => Ok(hold_token(token, until, now)),
        None if seating::session_lived_longest(conn, token, now).await? => Err(session_too_long()),
        None => Err(ApiError::field("holdToken", TOKEN_GONE)),
    }
}

/// The session as the picker counts it down.
fn hold_token(token: &str, until: DateTime<Utc>, now: DateTime<Utc>) -> HoldToken {
    HoldToken {
        hold_token: token.to_string(),
        expires_at: until,
        seconds_left: (until - now).num_seconds().max(0),
        seats: None,
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

/// The seats kept in channels of the event's seasons for companies other than `companies`, and
/// those kept for last season's holders until the renewal date (`seating::RENEWAL_CLAIMS`) for
/// anyone but `companies` (which holds the caller's user: `keepers_of`).
async fn channel_seats(
    conn: &mut PgConnection,
    event: Uuid,
    companies: &[Uuid],
) -> Result<HashSet<Uuid>, sqlx::Error> {
    let seats: Vec<Uuid> = sqlx::query_scalar(&format!(
        "SELECT cs.seat_id FROM seat_channel_seats cs JOIN seat_channels c ON c.id = cs.channel_id \
         WHERE c.season_id IN ({EVENT_SEASONS}) AND (c.company_id IS NULL OR NOT c.company_id = ANY($2)) \
         UNION SELECT r.seat_id FROM ({RENEWAL_CLAIMS}) r WHERE r.keeper IS NULL OR NOT r.keeper = ANY($2)"
    ))
    .bind(event)
    .bind(companies)
    .fetch_all(conn)
    .await?;
    Ok(seats.into_iter().collect())
}

/// Whom the signed-in caller's seats may be kept for: their companies (by the club's contact
/// with the user's e-mail), for channels, and the user, for the seats a renewal keeps for last
/// season's holder.
pub async fn keepers_of(
    conn: &mut PgConnection,
    client_id: Uuid,
    caller: &Caller,
) -> Result<Vec<Uuid>, sqlx::Error> {
    let Some(identity) = caller.0.as_deref() else {
        return Ok(Vec::new());
    };
    let mut keepers: Vec<Uuid> = sqlx::query_scalar(
        "SELECT DISTINCT cc.company_id FROM contacts ct JOIN company_contacts cc ON cc.contact_id = ct.id \
         WHERE ct.client_id = $1 AND lower(ct.email) = lower($2)",
    )
    .bind(client_id)
    .bind(identity.user.email.trim())
    .fetch_all(conn)
    .await?;
    keepers.push(identity.user.id);
    Ok(keepers)
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

/// A seat of a row some hold touches, as it stands at the event: its row of `event_seats` (if
/// any) and the companies of the channels of the event's seasons that keep it (None: a channel
/// for no company).
#[derive(sqlx::FromRow)]
struct Touched {
    #[sqlx(flatten)]
    seat: Seat,
    status: Option<String>,
    hold_token: Option<String>,
    held_until: Option<DateTime<Utc>>,
    channels: Vec<Option<Uuid>>,
}

impl Touched {
    /// The seat's state as `token` of `companies` sees it (a channel's seat not for one of
    /// `companies` is `Channel`).
    fn state(&self, token: &str, companies: &[Uuid], now: DateTime<Utc>) -> SeatState {
        if !self.seat.for_sale {
            return SeatState::NotForSale;
        }
        let row = self.status.as_deref().and_then(|status| {
            row_state(
                status,
                self.hold_token.as_deref(),
                self.held_until,
                Some(token),
                now,
            )
        });
        match row {
            Some(state) => state,
            None if self
                .channels
                .iter()
                .any(|c| c.is_none_or(|c| !companies.contains(&c))) =>
            {
                SeatState::Channel
            }
            None => SeatState::Free,
        }
    }
}

/// Every seat of the rows that hold any of `labels` on the event's chart, and every place of
/// the standing areas named in `areas`, as it stands: what the holds of a batch must check,
/// read in one statement. Empty when the event has no chart
/// (or none of the labels).
async fn rows_touched(
    conn: &mut PgConnection,
    client_id: Uuid,
    event: Uuid,
    labels: &[&str],
    areas: &[&str],
) -> Result<Vec<Touched>, sqlx::Error> {
    sqlx::query_as(&format!(
        "WITH chart AS (SELECT c.id FROM club_events ev \
             JOIN seat_charts c ON c.client_id = ev.client_id AND c.key = ev.seating->>'chartId' \
             WHERE ev.client_id = $2 AND ev.id = $1 AND ev.has_seating), \
         channels AS (SELECT k.seat_id, array_agg(k.keeper) AS companies FROM ( \
             SELECT cs.seat_id, ch.company_id AS keeper \
             FROM seat_channel_seats cs JOIN seat_channels ch ON ch.id = cs.channel_id \
             WHERE ch.season_id IN ({EVENT_SEASONS}) UNION ALL {RENEWAL_CLAIMS}) k GROUP BY k.seat_id) \
         SELECT s.id, s.label, s.section, s.row_label, s.number, s.position, s.category_key, s.accessible, \
                s.for_sale, s.x, s.y, NULLIF(s.general_admission, false) AS general_admission, \
                e.status, e.hold_token, e.held_until, coalesce(k.companies, '{{}}') AS channels \
         FROM seats s LEFT JOIN event_seats e ON e.event_id = $1 AND e.seat_id = s.id \
           LEFT JOIN channels k ON k.seat_id = s.id \
         WHERE s.chart_id = (SELECT id FROM chart) AND ((s.section, s.row_label) IN \
           (SELECT section, row_label FROM seats WHERE chart_id = (SELECT id FROM chart) AND label = ANY($3)) \
           OR (s.general_admission AND s.section = ANY($4))) \
         ORDER BY s.section, s.row_label, s.position"
    ))
    .bind(event)
    .bind(client_id)
    .bind(labels)
    .bind(areas)
    .fetch_all(conn)
    .await
}

/// One hold of seats at an event: the buyer's session, the seats' labels, the buyer's companies
/// (for channels).
pub struct HoldRequest {
    pub token: String,
    pub labels: Vec<String>,
    /// Places in standing areas: (section, how many).
    pub areas: Vec<(String, i64)>,
    pub companies: Vec<Uuid>,
    /// A visitor's hold, which the event's `HoldLimits` apply to (not the club's staff's).
    pub limited: bool,
}

/// What the limited sessions of a batch hold at its event, kept as the batch grants seats: the
/// seats of each session, and the sessions of each address that hold seats there.
struct Holding {
    limits: HoldLimits,
    seats: HashMap<String, i64>,
    sessions: HashMap<String, HashSet<String>>,
}

impl Holding {
    /// Reads what `tokens` (live sessions: `live`) hold at the event, and the sessions of their
    /// addresses there. One address is counted by one transaction at a time (an advisory lock
    /// to its commit, taken in the addresses' order so two batches never wait crosswise); the
    /// sessions' own rows are locked already.
    async fn read(
        conn: &mut PgConnection,
        client_id: Uuid,
        event: Uuid,
        tokens: &[&str],
        live: &HashMap<String, (DateTime<Utc>, Option<String>)>,
        now: DateTime<Utc>,
    ) -> Result<Holding, sqlx::Error> {
        let mut holding = Holding {
            limits: HoldLimits {
                seats_per_session: DEFAULT_SEATS_PER_SESSION,
                sessions_per_visitor: DEFAULT_SESSIONS_PER_VISITOR,
            },
            seats: HashMap::new(),
            sessions: HashMap::new(),
        };
        if tokens.is_empty() {
            return Ok(holding);
        }
        holding.limits = HoldLimits::of_event(&mut *conn, client_id, event).await?;
        let mut ips: Vec<&str> = tokens
            .iter()
            .filter_map(|t| live.get(*t)?.1.as_deref())
            .collect();
        ips.sort_unstable();
        ips.dedup();
        for ip in &ips {
            sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))")
                .bind(format!("seat-holds:{event}:{ip}"))
                .execute(&mut *conn)
                .await?;
        }
        holding.seats = sqlx::query_as::<_, (String, i64)>(
            "SELECT hold_token, count(*) FROM event_seats \
             WHERE event_id = $1 AND status = 'held' AND held_until > $2 AND hold_token = ANY($3) \
             GROUP BY hold_token",
        )
        .bind(event)
        .bind(now)
        .bind(tokens)
        .fetch_all(&mut *conn)
        .await?
        .into_iter()
        .collect();
        if !ips.is_empty() {
            let rows: Vec<(String, String)> = sqlx::query_as(
                "SELECT DISTINCT t.ip, t.token FROM event_seats e JOIN seat_hold_tokens t ON t.token = e.hold_token \
                 WHERE e.event_id = $1 AND e.status = 'held' AND e.held_until > $2 \
                   AND t.client_id = $3 AND t.ip = ANY($4)",
            )
            .bind(event)
            .bind(now)
            .bind(client_id)
            .bind(&ips)
            .fetch_all(&mut *conn)
            .await?;
            for (ip, token) in rows {
                holding.sessions.entry(ip).or_default().insert(token);
            }
        }
        Ok(holding)
    }

    /// `token` (opened from `ip`) takes `new` seats more, or is refused by the limit it would
    /// pass.
    fn take(&mut self, token: &str, ip: Option<&str>, new: usize) -> Result<(), ApiError> {
        let new = i64::try_from(new).unwrap_or(i64::MAX);
        if new == 0 {
            return Ok(());
        }
        let held = self.seats.get(token).copied().unwrap_or(0);
        if held.saturating_add(new) > self.limits.seats_per_session {
            return Err(too_many_seats(self.limits.seats_per_session));
        }
        if let Some(ip) = ip {
            let sessions = self.sessions.entry(ip.to_string()).or_default();
            let others = i64::try_from(sessions.len()).unwrap_or(i64::MAX);
            if !sessions.contains(token) && others >= self.limits.sessions_per_visitor {
                return Err(too_many_sessions(self.limits.sessions_per_visitor));
            }
            sessions.insert(token.to_string());
        }
        *self.seats.entry(token.to_string()).or_default() += new;
        Ok(())
    }
}

/// What holding a batch came to.
enum Held {
    /// Each request's answer, in order; the transaction may commit.
    Answers(Vec<Result<HoldToken, ApiError>>),
    /// A writer outside the batch took one of these seats between the read and the write: the
    /// transaction must roll back.
    Lost(Vec<String>),
}

/// The request's labels, trimmed, when it asks for 1–`MAX_SEATS` different seats (with the
/// places it asks for in standing areas).
fn wanted(request: &HoldRequest) -> Result<Vec<&str>, ApiError> {
    let wanted: Vec<&str> = request.labels.iter().map(|l| l.trim()).collect();
    let unique: HashSet<&str> = wanted.iter().copied().collect();
    if request.areas.iter().any(|(_, count)| *count < 1) {
        return Err(ApiError::field("areas", "Antal pladser skal være mindst 1"));
    }
    let places: i64 = request.areas.iter().map(|(_, count)| *count).sum();
    if wanted.is_empty() && places == 0 {
        return Err(ApiError::field("seats", "Vælg mindst én plads"));
    }
    if wanted.len() as i64 + places > MAX_SEATS as i64 || unique.len() != wanted.len() {
        return Err(ApiError::field(
            "seats",
            format!("Vælg højst {MAX_SEATS} forskellige pladser"),
        ));
    }
    Ok(wanted)
}

/// Whether `token` of `companies` may take `wanted` with the seats as they stand: the seats it
/// takes, or the refusal. Every seat must be on the event's chart and for sale, no one else may
/// hold or have booked any of them, and the selection must not leave a needless single seat in
/// a row (with what the token already holds).
fn decide<'a>(
    touched: &'a [Touched],
    by_label: &HashMap<&str, usize>,
    wanted: &[&str],
    areas: &[(String, i64)],
    token: &str,
    companies: &[Uuid],
    now: DateTime<Utc>,
) -> Result<Vec<&'a Touched>, ApiError> {
    let mut chosen: Vec<&Touched> = Vec::with_capacity(wanted.len());
    for label in wanted {
        let Some(&at) = by_label.get(label) else {
            return Err(ApiError::field(
                "seats",
                format!("Pladsen {label} findes ikke"),
            ));
        };
        let seat = &touched[at];
        let refused = match seat.state(token, companies, now) {
            SeatState::NotForSale => "er ikke til salg",
            SeatState::Channel => "er forbeholdt",
            SeatState::Held | SeatState::Booked | SeatState::Reserved | SeatState::Released => {
                "er ikke længere ledig"
            }
            SeatState::Free | SeatState::Mine => {
                chosen.push(seat);
                continue;
            }
        };
        return Err(ApiError::field(
            "seats",
            format!("Pladsen {label} {refused}"),
        ));
    }
    // Places in standing areas: the first free ones, in the area's order.
    for (section, count) in areas {
        let section = section.trim();
        let area: Vec<&Touched> = touched
            .iter()
            .filter(|t| t.seat.general_admission == Some(true) && t.seat.section == section)
            .collect();
        if area.is_empty() {
            return Err(ApiError::field(
                "areas",
                format!("Ståområdet {section} findes ikke"),
            ));
        }
        let free: Vec<&Touched> = area
            .into_iter()
            .filter(|t| t.state(token, companies, now) == SeatState::Free)
            .filter(|t| !chosen.iter().any(|c| c.seat.id == t.seat.id))
            .take(usize::try_from(*count).unwrap_or(usize::MAX))
            .collect();
        if (free.len() as i64) < *count {
            return Err(ApiError::field(
                "areas",
                match free.len() {
                    0 => format!("Der er ikke flere ledige pladser i {section}"),
                    n => format!("Der er kun {n} ledige pladser i {section}"),
                },
            ));
        }
        chosen.extend(free);
    }
    // The orphan rule, row by row (the rows touched are read in row order), with the seats the
    // token holds there already; a standing area has no single seats to leave.
    let chosen_ids: HashSet<Uuid> = chosen.iter().map(|t| t.seat.id).collect();
    for row in touched.chunk_by(|a, b| a.seat.section == b.seat.section && a.seat.row == b.seat.row)
    {
        if !row.iter().any(|t| chosen_ids.contains(&t.seat.id))
            || row.iter().any(|t| t.seat.general_admission == Some(true))
        {
            continue;
        }
        let states: Vec<SeatState> = row.iter().map(|t| t.state(token, companies, now)).collect();
        let picks: Vec<usize> = row
            .iter()
            .zip(&states)
            .enumerate()
            .filter(|(_, (t, state))| chosen_ids.contains(&t.seat.id) || **state == SeatState::Mine)
            .map(|(i, _)| i)
            .collect();
        let places: Vec<Place> = states
            .iter()
            .map(|state| match state {
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
    Ok(chosen)
}

/// Holds seats at the event for each request, in order, each all or none as if it came alone:
/// the sessions are extended (with the seats they hold), the rows the requests touch are read
/// once, each request is decided against what the ones before it took, and every seat granted
/// is written by ONE conditional upsert — which takes a seat only when it is free (no row, or a
/// hold or release run out) or the same session's, so whatever the concurrency no two sessions
/// hold the same seat.
async fn hold_many(
    conn: &mut PgConnection,
    client_id: Uuid,
    event: Uuid,
    requests: &[&HoldRequest],
    now: DateTime<Utc>,
) -> Result<Held, ApiError> {
    let mut answers: Vec<Option<Result<HoldToken, ApiError>>> = Vec::with_capacity(requests.len());
    let mut wants: Vec<Vec<&str>> = Vec::with_capacity(requests.len());
    for request in requests {
        match wanted(request) {
            Ok(w) => {
                wants.push(w);
                answers.push(None);
            }
            Err(refused) => {
                wants.push(Vec::new());
                answers.push(Some(Err(refused)));
            }
        }
    }
    // Holding is activity: each session lives on from now (at most to its longest life), and
    // the seats it holds with it. Its row stays locked to this transaction, so what it holds is
    // counted here alone.
    let mut tokens: Vec<&str> = requests
        .iter()
        .zip(&answers)
        .filter(|(_, a)| a.is_none())
        .map(|(r, _)| r.token.trim())
        .collect();
    tokens.sort_unstable();
    tokens.dedup();
    let live: HashMap<String, (DateTime<Utc>, Option<String>)> =
        sqlx::query_as::<_, (String, DateTime<Utc>, Option<String>)>(&format!(
            "WITH s AS (UPDATE seat_hold_tokens SET expires_at = least($3, {longest}) \
                        WHERE token = ANY($1) AND expires_at > $2 AND {longest} > $2 RETURNING token, expires_at, ip), \
                  e AS (UPDATE event_seats SET held_until = s.expires_at, updated_at = $2 FROM s \
                        WHERE event_seats.hold_token = s.token AND event_seats.status = 'held' AND event_seats.held_until > $2) \
             SELECT token, expires_at, ip FROM s",
            longest = seating::SESSION_END
        ))
        .bind(&tokens)
        .bind(now)
        .bind(now + Duration::minutes(TOKEN_MINUTES))
        .fetch_all(&mut *conn)
        .await?
        .into_iter()
        .map(|(token, until, ip)| (token, (until, ip)))
        .collect();
    for (request, answer) in requests.iter().zip(answers.iter_mut()) {
        if answer.is_none() && !live.contains_key(request.token.trim()) {
            *answer = Some(Err(ApiError::field("holdToken", TOKEN_GONE)));
        }
    }
    let limited: Vec<&str> = requests
        .iter()
        .zip(&answers)
        .filter(|(r, a)| a.is_none() && r.limited)
        .map(|(r, _)| r.token.trim())
        .collect();
    let mut holding = Holding::read(&mut *conn, client_id, event, &limited, &live, now).await?;
    let labels: Vec<&str> = wants
        .iter()
        .zip(&answers)
        .filter(|(_, a)| a.is_none())
        .flat_map(|(w, _)| w.iter().copied())
        .collect();
    let areas: Vec<&str> = requests
        .iter()
        .zip(&answers)
        .filter(|(_, a)| a.is_none())
        .flat_map(|(r, _)| r.areas.iter().map(|(section, _)| section.trim()))
        .collect();
    let mut touched = rows_touched(&mut *conn, client_id, event, &labels, &areas).await?;
    if touched.is_empty()
        && (!labels.is_empty() || !areas.is_empty())
        && chart_of(&mut *conn, client_id, event).await?.is_none()
    {
        return Err(ApiError::NotFound);
    }
    let by_label: HashMap<String, usize> = touched
        .iter()
        .enumerate()
        .map(|(i, t)| (t.seat.label.clone(), i))
        .collect();
    let by_label: HashMap<&str, usize> = by_label.iter().map(|(l, i)| (l.as_str(), *i)).collect();
    // Decided in order, each against what the ones before it took.
    let mut granted: Vec<(usize, Vec<usize>)> = Vec::new();
    for (at, request) in requests.iter().enumerate() {
        if answers[at].is_some() {
            continue;
        }
        let token = request.token.trim();
        let until = live.get(token).map_or(now, |(until, _)| *until);
        let decided = decide(
            &touched,
            &by_label,
            &wants[at],
            &request.areas,
            token,
            &request.companies,
            now,
        )
        .and_then(|chosen| {
            if request.limited {
                let new = chosen
                    .iter()
                    .filter(|t| t.state(token, &request.companies, now) != SeatState::Mine)
                    .count();
                holding.take(
                    token,
                    live.get(token).and_then(|(_, ip)| ip.as_deref()),
                    new,
                )?;
            }
            Ok(chosen)
        });
        match decided {
            Err(refused) => answers[at] = Some(Err(refused)),
            Ok(chosen) => {
                let seats: Vec<usize> = chosen
                    .iter()
                    .map(|t| by_label[t.seat.label.as_str()])
                    .collect();
                let labels: Vec<String> = chosen.iter().map(|t| t.seat.label.clone()).collect();
                for &i in &seats {
                    let seat = &mut touched[i];
                    seat.status = Some("held".into());
                    seat.hold_token = Some(token.to_string());
                    seat.held_until = Some(until);
                }
                answers[at] = Some(Ok(HoldToken {
                    seats: Some(labels),
                    ..hold_token(token, until, now)
                }));
                granted.push((at, seats));
            }
        }
    }
    // The guard: one statement takes every seat granted that is still free or its session's; a
    // seat someone outside the batch took meanwhile is left, and then the batch is undone.
    let mut seats: HashMap<Uuid, &str> = HashMap::new();
    for (at, chosen) in &granted {
        for &i in chosen {
            seats.insert(touched[i].seat.id, requests[*at].token.trim());
        }
    }
    let (ids, holders): (Vec<Uuid>, Vec<&str>) = seats.iter().map(|(id, t)| (*id, *t)).unzip();
    let untils: Vec<DateTime<Utc>> = holders
        .iter()
        .map(|t| live.get(*t).map_or(now, |(until, _)| *until))
        .collect();
    let taken: HashSet<Uuid> = sqlx::query_scalar::<_, Uuid>(
        "INSERT INTO event_seats (event_id, seat_id, client_id, status, hold_token, held_until) \
         SELECT $1, s, $2, 'held', t, u FROM unnest($4::uuid[], $5::text[], $3::timestamptz[]) AS x(s, t, u) ORDER BY s \
         ON CONFLICT (event_id, seat_id) DO UPDATE SET status = 'held', hold_token = EXCLUDED.hold_token, \
           held_until = EXCLUDED.held_until, order_id = NULL, season_ticket_id = NULL, updated_at = now() \
         WHERE (event_seats.status = 'held' AND (event_seats.held_until <= $6 OR event_seats.hold_token = EXCLUDED.hold_token)) \
            OR (event_seats.status = 'reserved' AND event_seats.held_until <= $6) \
         RETURNING seat_id",
    )
    .bind(event)
    .bind(client_id)
    .bind(&untils)
    .bind(&ids)
    .bind(&holders)
    .bind(now)
    .fetch_all(&mut *conn)
    .await?
    .into_iter()
    .collect();
    if taken.len() != ids.len() {
        let lost = ids
            .iter()
            .filter(|id| !taken.contains(id))
            .filter_map(|id| touched.iter().find(|t| t.seat.id == *id))
            .map(|t| t.seat.label.clone())
            .collect();
        return Ok(Held::Lost(lost));
    }
    Ok(Held::Answers(
        answers
            .into_iter()
            .map(|a| a.unwrap_or(Err(ApiError::NotFound)))
            .collect(),
    ))
}

/// Holds `labels` at the event with `token`, all or none, and extends the session (answered);
/// see `hold_many`. On a refusal the caller's transaction must roll back.
pub async fn hold_seats(
    conn: &mut PgConnection,
    client_id: Uuid,
    event: Uuid,
    token: &str,
    labels: &[String],
    companies: &[Uuid],
    now: DateTime<Utc>,
) -> Result<HoldToken, ApiError> {
    let request = HoldRequest {
        token: token.to_string(),
        labels: labels.to_vec(),
        areas: Vec::new(),
        companies: companies.to_vec(),
        limited: false,
    };
    match hold_many(conn, client_id, event, &[&request], now).await? {
        Held::Answers(mut answers) => answers.pop().unwrap_or(Err(ApiError::NotFound)),
        Held::Lost(lost) => Err(not_free(&lost)),
    }
}

fn not_free(labels: &[String]) -> ApiError {
    ApiError::field(
        "seats",
        format!("Pladsen {} er ikke længere ledig", labels.join(", ")),
    )
}

/// One hold waiting for its batch.
pub struct HoldJob {
    client_id: Uuid,
    event: Uuid,
    request: HoldRequest,
}

type HoldAnswer = Result<HoldToken, ApiError>;

/// The holds waiting, per club and event: a thousand buyers at once share a few transactions.
/// One batch of an event at a time, so batches never take the same seat from each other.
pub struct HoldQueues(Batches<(Uuid, Uuid), HoldJob, HoldAnswer>);

impl Default for HoldQueues {
    fn default() -> Self {
        Self(Batches::new(512, 1))
    }
}

impl HoldQueues {
    async fn hold(&self, state: &AppState, job: HoldJob) -> HoldAnswer {
        self.0
            .run((job.client_id, job.event), job, |jobs| async move {
                hold_batch(state, &jobs).await
            })
            .await
    }
}

/// Holds the batch in one transaction; when that fails as a whole (a database error, a seat
/// taken from outside the batch meanwhile), one by one, so no hold refuses another.
async fn hold_batch(state: &AppState, jobs: &[Arc<HoldJob>]) -> Vec<HoldAnswer> {
    let Some(first) = jobs.first() else {
        return Vec::new();
    };
    let together = async {
        let mut tx = club_tx(&state.pool, first.client_id).await?;
        let requests: Vec<&HoldRequest> = jobs.iter().map(|j| &j.request).collect();
        let held = hold_many(&mut tx, first.client_id, first.event, &requests, Utc::now()).await?;
        if let Held::Answers(_) = held {
            tx.commit().await?;
        }
        Ok::<_, ApiError>(held)
    };
    match together.await {
        Ok(Held::Answers(answers)) => answers,
        Ok(Held::Lost(lost)) if jobs.len() == 1 => vec![Err(not_free(&lost))],
        Err(err) if jobs.len() == 1 => vec![Err(err)],
        Ok(Held::Lost(_)) | Err(_) => {
            tracing::warn!(
                holds = jobs.len(),
                "a batch of seat holds failed as a whole; holding them one by one"
            );
            let mut answers = Vec::with_capacity(jobs.len());
            for job in jobs {
                answers.push(
                    Box::pin(hold_batch(state, std::slice::from_ref(job)))
                        .await
                        .pop()
                        .unwrap_or(Err(ApiError::NotFound)),
                );
            }
            answers
        }
    }
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
    responses((status = 200, body = Envelope<HoldToken>, description = "the new session"), (status = 404)))]
pub async fn create_hold_token(
    req: HttpRequest,
    caller: Caller,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let client_id = club(&state, &req, &caller).await?;
    let ip = client_ip(&req);
    let mut tx = club_tx(&state.pool, client_id).await?;
    let token = new_token(&mut tx, client_id, Utc::now(), Some(&ip)).await?;
    tx.commit().await?;
    Ok(envelope::result(token))
}

/// Extends a hold session while its buyer is active.
#[utoipa::path(post, path = "/public/seats/hold-tokens/{token}", tag = "seats",
    params(("token" = String, Path, description = "the hold token")),
    responses((status = 200, body = Envelope<HoldToken>, description = "the session extended"),
              (status = 422, description = "the session ran out")))]
pub async fn extend_hold_token(
    req: HttpRequest,
    caller: Caller,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let client_id = club(&state, &req, &caller).await?;
    let mut tx = club_tx(&state.pool, client_id).await?;
    let token = extend_token(&mut tx, &path, Utc::now()).await?;
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
    responses((status = 200, body = Envelope<EventSeatMap>), (status = 404)))]
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
    let companies = keepers_of(&mut tx, client_id, &caller).await?;
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
    responses((status = 200, body = Envelope<HoldToken>, description = "the session extended, with the seats it held"),
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
    let companies = if caller.0.is_some() {
        let mut tx = club_tx(&state.pool, client_id).await?;
        let companies = keepers_of(&mut tx, client_id, &caller).await?;
        tx.commit().await?;
        companies
    } else {
        Vec::new()
    };
    let job = HoldJob {
        client_id,
        event,
        request: HoldRequest {
            token: body.hold_token.trim().to_string(),
            labels: body.seats.clone(),
            areas: body
                .areas
                .iter()
                .flatten()
                .map(|a| (a.section.trim().to_string(), a.count))
                .collect(),
            companies,
            limited: !caller
                .0
                .as_deref()
                .is_some_and(|i| i.is_staff() && i.client_id == Some(client_id)),
        },
    };
    let token = state.seat_holds.hold(&state, job).await?;
    Ok(envelope::result(token))
}

/// Gives back a seat the caller's session holds (spec 2 §7 `POST {ep}/{id}/release-seat`).
#[utoipa::path(post, path = "/public/events/{id}/release-seat", tag = "seats",
    params(("id" = String, Path, description = "the event's id")), request_body = ReleaseSeatInput,
    responses((status = 200, body = Envelope<Option<HoldToken>>, description = "the session extended; null when it could live no longer (the seat is given back all the same)"),
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
    // The seat is given back even when the session can live no longer.
    let token = match extend_token(&mut tx, body.hold_token.trim(), Utc::now()).await {
        Ok(token) => Some(token),
        Err(err @ ApiError::Internal(_)) => return Err(err),
        Err(_) => None,
    };
    tx.commit().await?;
    Ok(envelope::result(token))
}
