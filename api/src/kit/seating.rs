//! Seats sold with a booking (issue 16), shared by the seat engine (`seats`) and the booking
//! (`booking`): which chart an event's seating uses, the seats a hold session holds, and a
//! booking's seats from its hold to its end.
//!
//! A seat of a booking is a row of `event_seats` that names the booking's order. While the order
//! waits for its payment the row is 'held' with the order's own token (`order:<id>`, so the
//! buyer's picker can no longer give it back) until the booking's hold runs out; once paid it is
//! 'booked'. A hold that ran out is free for the next buyer, whose upsert clears `order_id`: the
//! booking then knows its seats are gone.

use chrono::{DateTime, NaiveDate, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::ApiError;
use crate::kit::actor::Actor;
use tribune_domain::ticket::Ticket;
use tribune_projections::store::CommandBus;

/// Voids the holders' match tickets of the season tickets `ids` (a match ticket's order line is
/// its season ticket), before those go: the ticket service's (`tickets::service::void_match_tickets`),
/// handed in by the caller, so the kit executes no ticket command (issue 38 §2, §4).
pub type VoidMatchTickets = for<'a> fn(
    &'a mut PgConnection,
    &'a Voiding<'a>,
    &'a [Uuid],
) -> futures::future::BoxFuture<'a, Result<(), ApiError>>;

/// Who voids the match tickets of season tickets that go, why ('Sæsonkortet er slettet'), and
/// with what.
pub struct Voiding<'a> {
    pub tickets: &'a CommandBus<Ticket>,
    pub actor: &'a Actor,
    pub reason: &'a str,
    pub void: VoidMatchTickets,
}

/// Voids the match tickets of the season tickets `ids` through `voiding.void`.
pub async fn void_match_tickets(
    conn: &mut PgConnection,
    voiding: &Voiding<'_>,
    ids: &[Uuid],
) -> Result<(), ApiError> {
    if ids.is_empty() {
        return Ok(());
    }
    (voiding.void)(conn, voiding, ids).await
}

/// The season tickets the order sold.
pub async fn season_tickets_of_order(
    conn: &mut PgConnection,
    order_id: Uuid,
) -> Result<Vec<Uuid>, sqlx::Error> {
    sqlx::query_scalar("SELECT id FROM season_tickets WHERE order_id = $1")
        .bind(order_id)
        .fetch_all(conn)
        .await
}

/// The id of the chart of an event's seating (None: no seating, or not the club's).
pub async fn chart_of(
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

/// A seat as a booking line and its ticket carry it (a place in a standing area has no row or
/// number to show: only its label, which the engine knows it by).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct LineSeat {
    /// 'row-number': the order line's seat text.
    pub label: String,
    pub section: String,
    #[sqlx(rename = "row_label")]
    pub row: String,
    pub number: String,
    pub category_key: Option<String>,
    /// The category's colour ('#rrggbb').
    pub color: Option<String>,
}

/// The token a booking's seats are held with while its order waits for payment.
pub fn order_token(order_id: Uuid) -> String {
    format!("order:{order_id}")
}

/// Of `wanted` (label, hold token), the seats of the event's chart that the token holds now, in
/// `wanted`'s order (None: not held by it, or no such seat). `lock`: the rows stay locked to the
/// caller's transaction, so what it found stays true until it commits.
pub async fn held_by(
    conn: &mut PgConnection,
    client_id: Uuid,
    event: Uuid,
    wanted: &[(String, String)],
    now: DateTime<Utc>,
    lock: bool,
) -> Result<Vec<Option<LineSeat>>, sqlx::Error> {
    if wanted.is_empty() {
        return Ok(Vec::new());
    }
    let Some(chart) = chart_of(&mut *conn, client_id, event).await? else {
        return Ok(vec![None; wanted.len()]);
    };
    let labels: Vec<&str> = wanted.iter().map(|(l, _)| l.trim()).collect();
    #[derive(sqlx::FromRow)]
    struct Row {
        #[sqlx(flatten)]
        seat: LineSeat,
        hold_token: Option<String>,
    }
    let rows: Vec<Row> = sqlx::query_as(&format!(
        "SELECT s.label, s.section, \
                CASE WHEN s.general_admission THEN '' ELSE s.row_label END AS row_label, \
                CASE WHEN s.general_admission THEN '' ELSE s.number END AS number, \
                s.category_key, c.color, e.hold_token \
         FROM event_seats e JOIN seats s ON s.id = e.seat_id \
         LEFT JOIN seat_categories c ON c.chart_id = s.chart_id AND c.key = s.category_key \
         WHERE e.event_id = $1 AND s.chart_id = $2 AND s.label = ANY($3) \
           AND e.status = 'held' AND e.held_until > $4{}",
        if lock { " FOR UPDATE OF e" } else { "" }
    ))
    .bind(event)
    .bind(chart)
    .bind(&labels)
    .bind(now)
    .fetch_all(conn)
    .await?;
    Ok(wanted
        .iter()
        .map(|(label, token)| {
            rows.iter()
                .find(|r| {
                    r.seat.label == label.trim() && r.hold_token.as_deref() == Some(token.trim())
                })
                .map(|r| r.seat.clone())
        })
        .collect())
}

/// The seats (label, the buyer's hold token) become the orders' own: held with the order's token
/// until `until`. The caller locked them with `held_by` first. Answers how many it took.
pub async fn attach(
    conn: &mut PgConnection,
    event: Uuid,
    seats: &[(Uuid, String, String)],
    until: DateTime<Utc>,
) -> Result<u64, sqlx::Error> {
    if seats.is_empty() {
        return Ok(0);
    }
    let orders: Vec<Uuid> = seats.iter().map(|(o, _, _)| *o).collect();
    let labels: Vec<&str> = seats.iter().map(|(_, l, _)| l.trim()).collect();
    let tokens: Vec<&str> = seats.iter().map(|(_, _, t)| t.trim()).collect();
    Ok(sqlx::query(
        "UPDATE event_seats e SET order_id = w.order_id, hold_token = 'order:' || w.order_id::text, \
           held_until = $2, updated_at = now() \
         FROM unnest($3::uuid[], $4::text[], $5::text[]) AS w(order_id, label, token), seats s, club_events ev, seat_charts c \
         WHERE ev.id = $1 AND c.client_id = ev.client_id AND c.key = ev.seating->>'chartId' \
           AND s.chart_id = c.id AND s.label = w.label \
           AND e.event_id = $1 AND e.seat_id = s.id AND e.status = 'held' AND e.hold_token = w.token",
    )
    .bind(event)
    .bind(until)
    .bind(&orders)
    .bind(&labels)
    .bind(&tokens)
    .execute(conn)
    .await?
    .rows_affected())
}

/// The order's seats kept for `until` (a payment came, or a retry of it): true when all
/// `expected` are still the order's. The rows stay locked to the caller's transaction.
pub async fn keep(
    conn: &mut PgConnection,
    order_id: Uuid,
    expected: usize,
    until: DateTime<Utc>,
) -> Result<bool, sqlx::Error> {
    if expected == 0 {
        return Ok(true);
    }
    let kept = sqlx::query(
        "UPDATE event_seats SET held_until = $2, updated_at = now() \
         WHERE order_id = $1 AND status = 'held' AND hold_token = $3",
    )
    .bind(order_id)
    .bind(until)
    .bind(order_token(order_id))
    .execute(conn)
    .await?
    .rows_affected();
    Ok(usize::try_from(kept).unwrap_or(0) == expected)
}

/// The order's held seats become booked (its payment is in).
pub async fn book(conn: &mut PgConnection, order_id: Uuid) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query(
        "UPDATE event_seats SET status = 'booked', hold_token = NULL, held_until = NULL, updated_at = now() \
         WHERE order_id = $1 AND status = 'held'",
    )
    .bind(order_id)
    .execute(conn)
    .await?
    .rows_affected())
}

/// The order's seats, held or booked, and the season tickets it sold, are free again (its
/// booking gave up, or it was cancelled or deleted).
pub async fn release(conn: &mut PgConnection, order_id: Uuid) -> Result<u64, sqlx::Error> {
    let sold = season_tickets_of_order(&mut *conn, order_id).await?;
    remove_season_tickets(&mut *conn, &sold).await?;
    Ok(sqlx::query("DELETE FROM event_seats WHERE order_id = $1")
        .bind(order_id)
        .execute(conn)
        .await?
        .rows_affected())
}

/// Where a seat of the event's chart is: (section, row, number); row and number empty for a
/// general-admission place.
pub async fn place_of(
    conn: &mut PgConnection,
    event_id: Uuid,
    label: &str,
) -> Result<Option<(String, String, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT s.section, CASE WHEN s.general_admission THEN '' ELSE s.row_label END, \
                CASE WHEN s.general_admission THEN '' ELSE s.number END \
         FROM club_events ev JOIN seat_charts c ON c.client_id = ev.client_id AND c.key = ev.seating->>'chartId' \
         JOIN seats s ON s.chart_id = c.id AND s.label = $2 WHERE ev.id = $1",
    )
    .bind(event_id)
    .bind(label)
    .fetch_optional(conn)
    .await
}

/// The categories of the event's chart: (key, label, colour, accessible), in the chart's order.
pub async fn event_categories(
    conn: &mut PgConnection,
    client_id: Uuid,
    event: Uuid,
) -> Result<Vec<(String, String, String, bool)>, sqlx::Error> {
    let Some(chart) = chart_of(&mut *conn, client_id, event).await? else {
        return Ok(Vec::new());
    };
    sqlx::query_as(
        "SELECT key, label, color, accessible FROM seat_categories WHERE chart_id = $1 ORDER BY position, key",
    )
    .bind(chart)
    .fetch_all(conn)
    .await
}

/// The one rule of which events a season holds, over a season `s` and an event `ev`: the season
/// is active, one of its seat rows names the event's chart, and the event starts (in Danish
/// time) within the season's dates.
#[macro_export]
macro_rules! season_holds_event {
    () => {
        "ev.has_seating AND NOT s.inactive \
         AND (ev.start_date AT TIME ZONE 'Europe/Copenhagen')::date BETWEEN s.start_date AND s.end_date \
         AND EXISTS (SELECT 1 FROM jsonb_array_elements(s.seats) AS x(v) WHERE x.v->>'chartId' = ev.seating->>'chartId')"
    };
}

/// The seasons the event `$1` belongs to (`season_holds_event!`).
pub const EVENT_SEASONS: &str = concat!(
    "SELECT s.id FROM seasons s JOIN club_events ev ON ev.client_id = s.client_id WHERE ev.id = $1 AND ",
    season_holds_event!()
);

/// The season before `cur` (a `seasons` row in the query): the club's season at the same level
/// that ended last before `cur` began. Its holders are the ones a renewal keeps seats for.
macro_rules! previous_season {
    () => {
        "SELECT prev.id FROM seasons prev WHERE prev.client_id = cur.client_id AND prev.id <> cur.id \
           AND prev.parent_id IS NOT DISTINCT FROM cur.parent_id AND prev.end_date < cur.start_date \
         ORDER BY prev.end_date DESC, prev.id LIMIT 1"
    };
}

/// A season-ticket product on sale for season `cur` whose renewal date (spec 3 §3 `renewalDate`)
/// has not passed in the club's time.
macro_rules! renewing {
    () => {
        "EXISTS (SELECT 1 FROM products p WHERE p.client_id = cur.client_id AND p.active AND p.season_ticket \
           AND p.shop->>'seasonId' = cur.id::text AND p.shop->>'renewalDate' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' \
           AND (p.shop->>'renewalDate')::date >= (now() AT TIME ZONE 'Europe/Copenhagen')::date)"
    };
}

/// `(seat_id, keeper)`: the seats last season's season-ticket holders keep at event `$1` until
/// the renewal date of the season's season-ticket product (spec 3 §3: last season's holders are
/// offered their seat first until then). The keeper is the holder's user (found by e-mail when
/// the ticket names none; NULL when the holder has no account: kept from everyone). The seat
/// pickers treat a keeper as a channel treats its company: kept from all others.
pub const RENEWAL_CLAIMS: &str = concat!(
    "SELECT st.seat_id, coalesce(st.user_id, u.id) AS keeper \
     FROM seasons cur JOIN LATERAL (", previous_season!(), ") prev ON true \
     JOIN season_tickets st ON st.season_id = prev.id \
     LEFT JOIN users u ON st.user_id IS NULL AND lower(u.email) = lower(st.email) \
     WHERE cur.id IN (SELECT s.id FROM seasons s JOIN club_events ev ON ev.client_id = s.client_id WHERE ev.id = $1 AND ",
    season_holds_event!(),
    ") AND ",
    renewing!()
);

/// A renewal the signed-in holder `$3` is offered for season `$2` of club `$1`: the previous
/// season's title, the seats they held in it, and the renewal date.
pub async fn renewal_offer(
    conn: &mut PgConnection,
    client_id: Uuid,
    season: Uuid,
    user: Uuid,
) -> Result<Option<(String, Vec<String>, NaiveDate)>, sqlx::Error> {
    let found: Option<(String, Vec<String>, Option<NaiveDate>)> = sqlx::query_as(concat!(
        "SELECT prev.title, array_agg(s.label ORDER BY s.label), \
                (SELECT min((p.shop->>'renewalDate')::date) FROM products p WHERE p.client_id = cur.client_id \
                   AND p.active AND p.season_ticket AND p.shop->>'seasonId' = cur.id::text \
                   AND p.shop->>'renewalDate' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' \
                   AND (p.shop->>'renewalDate')::date >= (now() AT TIME ZONE 'Europe/Copenhagen')::date) \
         FROM seasons cur JOIN LATERAL (", previous_season!(), ") p0 ON true \
         JOIN seasons prev ON prev.id = p0.id \
         JOIN season_tickets st ON st.season_id = prev.id \
         JOIN seats s ON s.id = st.seat_id \
         LEFT JOIN users u ON u.id = $3 \
         WHERE cur.client_id = $1 AND cur.id = $2 AND ", renewing!(), " \
           AND (st.user_id = $3 OR (st.user_id IS NULL AND lower(st.email) = lower(u.email))) \
         GROUP BY prev.title, cur.id, cur.client_id"
    ))
    .bind(client_id)
    .bind(season)
    .bind(user)
    .fetch_optional(conn)
    .await?;
    Ok(found.and_then(|(title, seats, until)| Some((title, seats, until?))))
}

/// The seats of the season tickets of the event's seasons, reserved at the event for their
/// holders (all but those a holder released for it), until the event's ticket products release
/// unclaimed reserved seats; a holder who said they come keeps theirs past that. A seat sold at
/// the event before its season ticket was made stays sold. Answers how many were reserved anew.
pub async fn reserve_for_event(conn: &mut PgConnection, event: Uuid) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query(&format!(
        "INSERT INTO event_seats (event_id, seat_id, client_id, status, season_ticket_id, held_until) \
         SELECT $1, st.seat_id, st.client_id, 'reserved', st.id, \
                CASE WHEN a.attending THEN NULL \
                     ELSE (SELECT min(release_reserved_at) FROM event_products WHERE event_id = $1) END \
         FROM season_tickets st \
         LEFT JOIN season_ticket_answers a ON a.season_ticket_id = st.id AND a.event_id = $1 \
         WHERE st.season_id IN ({EVENT_SEASONS}) AND a.attending IS DISTINCT FROM false \
         ON CONFLICT (event_id, seat_id) DO UPDATE SET held_until = EXCLUDED.held_until \
         WHERE event_seats.status = 'reserved' AND event_seats.season_ticket_id = EXCLUDED.season_ticket_id \
           AND event_seats.held_until IS DISTINCT FROM EXCLUDED.held_until"
    ))
    .bind(event)
    .execute(conn)
    .await?
    .rows_affected())
}

/// The season tickets whose seat an order bought at its event (released by its holder, or by the
/// release time): the answer records the sale. Answers (season ticket, event) of each.
pub async fn sold_season_seats(
    conn: &mut PgConnection,
    order_id: Uuid,
) -> Result<Vec<(Uuid, Uuid)>, sqlx::Error> {
    sqlx::query_as(concat!(
        "INSERT INTO season_ticket_answers (season_ticket_id, event_id, client_id, attending, sold_order_id) \
         SELECT st.id, e.event_id, e.client_id, false, e.order_id \
         FROM event_seats e JOIN season_tickets st ON st.seat_id = e.seat_id \
         WHERE e.order_id = $1 AND e.status = 'booked' \
           AND st.season_id IN (SELECT s.id FROM seasons s JOIN club_events ev ON ev.client_id = s.client_id \
               WHERE ev.id = e.event_id AND ", season_holds_event!(), ") \
         ON CONFLICT (season_ticket_id, event_id) DO UPDATE SET attending = false, sold_order_id = EXCLUDED.sold_order_id \
         RETURNING season_ticket_id, event_id",
    ))
    .bind(order_id)
    .fetch_all(conn)
    .await
}

/// The longest a hold session lives from its start, however active its buyer (issue 35): then
/// it is not renewed and its seats are free for others.
pub const SESSION_MAX_MINUTES: i64 = 30;

/// When a session of `seat_hold_tokens` must end at the latest (SQL over its row): its start and
/// `SESSION_MAX_MINUTES`.
pub const SESSION_END: &str = "(created_at + interval '30 minutes')";

/// Whether the session lived its longest (`SESSION_MAX_MINUTES`) by `now`.
pub async fn session_lived_longest(
    conn: &mut PgConnection,
    token: &str,
    now: DateTime<Utc>,
) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query_scalar::<_, bool>(&format!(
        "SELECT {SESSION_END} <= $2 FROM seat_hold_tokens WHERE token = $1"
    ))
    .bind(token)
    .bind(now)
    .fetch_optional(conn)
    .await?
    .unwrap_or(false))
}

/// Extends a live hold session, and the seats it holds, to `minutes` from `now` (at most to its
/// longest life): when it now runs out; None when it ran out already.
pub async fn extend_session(
    conn: &mut PgConnection,
    token: &str,
    now: DateTime<Utc>,
    minutes: i64,
) -> Result<Option<DateTime<Utc>>, sqlx::Error> {
    let Some(until) = extend_session_only(&mut *conn, token, now, minutes).await? else {
        return Ok(None);
    };
    sqlx::query(
        "UPDATE event_seats SET held_until = $3, updated_at = $2 \
         WHERE hold_token = $1 AND status = 'held' AND held_until > $2",
    )
    .bind(token)
    .bind(now)
    .bind(until)
    .execute(conn)
    .await?;
    Ok(Some(until))
}

/// A staff order's seat-ticket lines (issue 16; spec 3 §4 'Seat picking per selected event'):
/// `lines` (line index, event, seat label). The order's seats become exactly these, booked to
/// it: a seat no longer on a line is free again; a seat taken by someone else refuses its line,
/// in Danish on `orderLines.{i}.seat`. The caller's transaction rolls back on a refusal.
pub async fn sync_order_seats(
    conn: &mut PgConnection,
    client_id: Uuid,
    order_id: Uuid,
    lines: &[(usize, Uuid, String)],
) -> Result<Vec<(String, String)>, sqlx::Error> {
    let events: Vec<Uuid> = lines.iter().map(|(_, e, _)| *e).collect();
    let labels: Vec<&str> = lines.iter().map(|(_, _, l)| l.trim()).collect();
    // The seats the lines name, on each event's chart: (event, label, seat, event title).
    let found: Vec<(Uuid, String, Option<Uuid>, Option<String>)> = sqlx::query_as(
        "SELECT w.event_id, w.label, s.id, ev.title \
         FROM unnest($2::uuid[], $3::text[]) AS w(event_id, label) \
         LEFT JOIN club_events ev ON ev.id = w.event_id AND ev.client_id = $1 AND ev.has_seating \
         LEFT JOIN seat_charts c ON c.client_id = ev.client_id AND c.key = ev.seating->>'chartId' \
         LEFT JOIN seats s ON s.chart_id = c.id AND s.label = w.label AND s.for_sale",
    )
    .bind(client_id)
    .bind(&events)
    .bind(&labels)
    .fetch_all(&mut *conn)
    .await?;
    let mut refused = Vec::new();
    let mut wanted: Vec<(Uuid, Uuid)> = Vec::new();
    for ((at, _, label), (event, _, seat, title)) in lines.iter().zip(&found) {
        let field = format!("orderLines.{at}.seat");
        match (seat, title) {
            (_, None) => refused.push((field, "Arrangementet har ingen pladser".to_string())),
            (None, Some(title)) => refused.push((
                field,
                format!("Pladsen {} findes ikke til {title}", label.trim()),
            )),
            (Some(seat), Some(title)) => {
                if wanted.contains(&(*event, *seat)) {
                    refused.push((
                        field,
                        format!("Pladsen {} er valgt to gange til {title}", label.trim()),
                    ));
                } else {
                    wanted.push((*event, *seat));
                }
            }
        }
    }
    if !refused.is_empty() {
        return Ok(refused);
    }
    let (events, seats): (Vec<Uuid>, Vec<Uuid>) = wanted.iter().copied().unzip();
    // Seats no longer on a line are free again.
    sqlx::query(
        "DELETE FROM event_seats e WHERE e.order_id = $1 \
           AND NOT EXISTS (SELECT 1 FROM unnest($2::uuid[], $3::uuid[]) AS w(event_id, seat_id) \
                           WHERE w.event_id = e.event_id AND w.seat_id = e.seat_id)",
    )
    .bind(order_id)
    .bind(&events)
    .bind(&seats)
    .execute(&mut *conn)
    .await?;
    // The rest booked to the order: its own already, free, or a hold or release time run out.
    let taken: Vec<(Uuid, Uuid)> = sqlx::query_as(
        "INSERT INTO event_seats (event_id, seat_id, client_id, status, order_id) \
         SELECT w.event_id, w.seat_id, $1, 'booked', $2 FROM unnest($3::uuid[], $4::uuid[]) AS w(event_id, seat_id) \
         ORDER BY w.event_id, w.seat_id \
         ON CONFLICT (event_id, seat_id) DO UPDATE SET status = 'booked', order_id = EXCLUDED.order_id, \
           hold_token = NULL, held_until = NULL, season_ticket_id = NULL, updated_at = now() \
         WHERE event_seats.order_id = EXCLUDED.order_id \
            OR (event_seats.status IN ('held', 'reserved') AND event_seats.held_until <= now()) \
         RETURNING event_id, seat_id",
    )
    .bind(client_id)
    .bind(order_id)
    .bind(&events)
    .bind(&seats)
    .fetch_all(&mut *conn)
    .await?;
    for ((at, _, label), (event, _, seat, title)) in lines.iter().zip(&found) {
        if let Some(seat) = seat {
            if !taken.contains(&(*event, *seat)) {
                refused.push((
                    format!("orderLines.{at}.seat"),
                    format!(
                        "Pladsen {} er ikke ledig til {}",
                        label.trim(),
                        title.as_deref().unwrap_or_default()
                    ),
                ));
            }
        }
    }
    Ok(refused)
}

/// Extends a live hold session alone (not its seats), to `minutes` from `now` (at most to its
/// longest life): when it now runs out; None when it ran out already.
pub async fn extend_session_only(
    conn: &mut PgConnection,
    token: &str,
    now: DateTime<Utc>,
    minutes: i64,
) -> Result<Option<DateTime<Utc>>, sqlx::Error> {
    sqlx::query_scalar(&format!(
        "UPDATE seat_hold_tokens SET expires_at = least($3, {SESSION_END}) \
         WHERE token = $1 AND expires_at > $2 AND {SESSION_END} > $2 RETURNING expires_at"
    ))
    .bind(token)
    .bind(now)
    .bind(now + chrono::Duration::minutes(minutes))
    .fetch_optional(conn)
    .await
}

/// The chart of a season (its first seat row's), by id; None: the season has no seat row.
pub async fn season_chart(
    conn: &mut PgConnection,
    client_id: Uuid,
    season: Uuid,
) -> Result<Option<Uuid>, ApiError> {
    let found: Option<Option<Uuid>> = sqlx::query_scalar(
        "SELECT (SELECT c.id FROM seat_charts c WHERE c.client_id = s.client_id AND c.key = s.seats->0->>'chartId') \
         FROM seasons s WHERE s.client_id = $1 AND s.id = $2",
    )
    .bind(client_id)
    .bind(season)
    .fetch_optional(conn)
    .await?;
    match found {
        None => Err(ApiError::NotFound),
        Some(chart) => Ok(chart),
    }
}

/// The events of a season (the reverse of `EVENT_SEASONS`): (id, title).
const SEASON_EVENTS: &str = concat!(
    "SELECT ev.id, ev.title FROM club_events ev JOIN seasons s ON s.client_id = ev.client_id WHERE s.id = $1 AND ",
    crate::season_holds_event!()
);

/// A season ticket to make: its seat's label on the season's chart, its product, its holder,
/// and the order that sold it (None: made by hand).
pub struct NewSeasonTicket<'a> {
    pub season: Uuid,
    pub seat: &'a str,
    pub product_id: Option<Uuid>,
    pub name: &'a str,
    pub email: &'a str,
    pub company_id: Option<Uuid>,
    pub order_id: Option<Uuid>,
}

/// A refusal on a field: (field, Danish message).
pub type Refusal = (&'static str, String);

/// A new season ticket: its seat is reserved at every event of the season, all or none — a
/// seat already sold or held at one of them refuses it, naming the event. The caller's
/// transaction must roll back on a refusal (rows may be written).
pub async fn make_season_ticket(
    conn: &mut PgConnection,
    client_id: Uuid,
    input: &NewSeasonTicket<'_>,
) -> Result<Result<Uuid, Refusal>, ApiError> {
    let Some(chart) = season_chart(&mut *conn, client_id, input.season).await? else {
        return Ok(Err(("seat", "Sæsonen har intet pladskort".into())));
    };
    if input.name.trim().is_empty() {
        return Ok(Err(("name", "Navn skal udfyldes".into())));
    }
    let seat: Option<(Uuid, bool)> =
        sqlx::query_as("SELECT id, for_sale FROM seats WHERE chart_id = $1 AND label = $2")
            .bind(chart)
            .bind(input.seat.trim())
            .fetch_optional(&mut *conn)
            .await?;
    let seat = match seat {
        None => {
            return Ok(Err((
                "seat",
                format!("Pladsen {} findes ikke", input.seat.trim()),
            )))
        }
        Some((_, false)) => return Ok(Err(("seat", "Pladsen er ikke til salg".into()))),
        Some((id, true)) => id,
    };
    let product: Option<String> = match input.product_id {
        Some(id) => {
            sqlx::query_scalar("SELECT title FROM products WHERE client_id = $1 AND id = $2")
                .bind(client_id)
                .bind(id)
                .fetch_optional(&mut *conn)
                .await?
        }
        None => None,
    };
    let user: Option<Uuid> = if input.email.trim().is_empty() {
        None
    } else {
        sqlx::query_scalar("SELECT id FROM users WHERE lower(email) = lower($1)")
            .bind(input.email.trim())
            .fetch_optional(&mut *conn)
            .await?
    };
    let id: Option<Uuid> = sqlx::query_scalar(
        "INSERT INTO season_tickets (client_id, season_id, seat_id, product_id, product_title, user_id, company_id, name, email, order_id) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (season_id, seat_id) DO NOTHING RETURNING id",
    )
    .bind(client_id)
    .bind(input.season)
    .bind(seat)
    .bind(input.product_id.filter(|_| product.is_some()))
    .bind(product.unwrap_or_else(|| "Sæsonkort".into()))
    .bind(user)
    .bind(input.company_id)
    .bind(input.name.trim())
    .bind(input.email.trim())
    .bind(input.order_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(id) = id else {
        return Ok(Err(("seat", "Pladsen har allerede et sæsonkort".into())));
    };
    // Reserved at every event of the season: a hold that ran out is taken over, nothing else.
    let events: Vec<(Uuid, String)> = sqlx::query_as(SEASON_EVENTS)
        .bind(input.season)
        .fetch_all(&mut *conn)
        .await?;
    let ids: Vec<Uuid> = events.iter().map(|(id, _)| *id).collect();
    let reserved: Vec<Uuid> = sqlx::query_scalar(
        "INSERT INTO event_seats (event_id, seat_id, client_id, status, season_ticket_id, held_until) \
         SELECT ev, $2, $3, 'reserved', $4, (SELECT min(release_reserved_at) FROM event_products WHERE event_id = ev) \
         FROM unnest($1::uuid[]) AS ev \
         ON CONFLICT (event_id, seat_id) DO UPDATE SET status = 'reserved', season_ticket_id = EXCLUDED.season_ticket_id, \
           held_until = EXCLUDED.held_until, hold_token = NULL, order_id = NULL, updated_at = now() \
         WHERE (event_seats.status = 'held' OR event_seats.status = 'reserved') AND event_seats.held_until <= now() \
         RETURNING event_id",
    )
    .bind(&ids)
    .bind(seat)
    .bind(client_id)
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let sold: Vec<&str> = events
        .iter()
        .filter(|(event, _)| !reserved.contains(event))
        .map(|(_, title)| title.as_str())
        .collect();
    if !sold.is_empty() {
        return Ok(Err((
            "seat",
            format!("Pladsen er allerede solgt til {}", sold.join(", ")),
        )));
    }
    Ok(Ok(id))
}

/// Of `products`, those that sell season tickets (the product's `seasonTicket` flag).
pub async fn season_ticket_products(
    conn: &mut PgConnection,
    client_id: Uuid,
    products: &[Uuid],
) -> Result<Vec<Uuid>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT id FROM products WHERE client_id = $1 AND id = ANY($2) AND season_ticket",
    )
    .bind(client_id)
    .bind(products)
    .fetch_all(conn)
    .await
}

/// A seat line of an order that sells a season ticket: the line's index, the event its seat was
/// picked at, the seat, and the product.
pub struct SeasonLine {
    pub at: usize,
    pub event: Uuid,
    pub seat: String,
    pub product_id: Uuid,
}

/// Who holds the season tickets an order sells: its customer (and company).
pub struct Holder<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub company_id: Option<Uuid>,
}

/// The season tickets an order sells (issue 16) become exactly its season lines': a line's
/// season is the one its product's shop names when that season holds the line's event, else the
/// earliest active season that holds it (a season before a reservation season). A season ticket
/// no longer on a line is gone, its reserved seats free again; the holder of those kept follows
/// the order's customer; the match tickets of those gone are voided. Refusals: (`orderLines.{i}.seat`, Danish message); the caller's
/// transaction must then roll back.
pub async fn sync_order_season_tickets(
    conn: &mut PgConnection,
    client_id: Uuid,
    order_id: Uuid,
    lines: &[SeasonLine],
    holder: &Holder<'_>,
    voiding: &Voiding<'_>,
) -> Result<Vec<(String, String)>, ApiError> {
    let mut refused = Vec::new();
    let mut wanted: Vec<(usize, Uuid, &SeasonLine)> = Vec::new();
    for line in lines {
        let season: Option<Uuid> = sqlx::query_scalar(concat!(
            "SELECT s.id FROM seasons s JOIN club_events ev ON ev.client_id = s.client_id WHERE ev.id = $1 AND ev.client_id = $2 AND ",
            crate::season_holds_event!(),
            " ORDER BY s.id::text = (SELECT p.shop->>'seasonId' FROM products p WHERE p.id = $3) DESC NULLS LAST, \
              s.reservations, s.start_date, s.title LIMIT 1"
        ))
        .bind(line.event)
        .bind(client_id)
        .bind(line.product_id)
        .fetch_optional(&mut *conn)
        .await?;
        match season {
            Some(season) => wanted.push((line.at, season, line)),
            None => refused.push((
                format!("orderLines.{}.seat", line.at),
                "Arrangementet hører ikke til en sæson".to_string(),
            )),
        }
    }
    // What the order sold before: (ticket, season, seat label).
    let had: Vec<(Uuid, Uuid, String)> = sqlx::query_as(
        "SELECT t.id, t.season_id, s.label FROM season_tickets t JOIN seats s ON s.id = t.seat_id \
         WHERE t.client_id = $1 AND t.order_id = $2",
    )
    .bind(client_id)
    .bind(order_id)
    .fetch_all(&mut *conn)
    .await?;
    let gone: Vec<Uuid> = had
        .iter()
        .filter(|(_, season, label)| {
            !wanted
                .iter()
                .any(|(_, s, line)| s == season && line.seat.trim() == label)
        })
        .map(|(id, _, _)| *id)
        .collect();
    void_match_tickets(&mut *conn, voiding, &gone).await?;
    remove_season_tickets(&mut *conn, &gone).await?;
    sqlx::query(
        "UPDATE season_tickets SET name = $3, email = $4, company_id = $5, \
           user_id = (SELECT id FROM users WHERE lower(email) = lower($4) AND $4 <> '') \
         WHERE client_id = $1 AND order_id = $2",
    )
    .bind(client_id)
    .bind(order_id)
    .bind(holder.name.trim())
    .bind(holder.email.trim())
    .bind(holder.company_id)
    .execute(&mut *conn)
    .await?;
    for (at, season, line) in wanted {
        let kept = had
            .iter()
            .any(|(_, s, label)| *s == season && line.seat.trim() == label);
        if kept {
            continue;
        }
        let made = make_season_ticket(
            &mut *conn,
            client_id,
            &NewSeasonTicket {
                season,
                seat: &line.seat,
                product_id: Some(line.product_id),
                name: if holder.name.trim().is_empty() {
                    "Sæsonkortholder"
                } else {
                    holder.name
                },
                email: holder.email,
                company_id: holder.company_id,
                order_id: Some(order_id),
            },
        )
        .await?;
        if let Err((_, message)) = made {
            refused.push((format!("orderLines.{at}.seat"), message));
        }
    }
    Ok(refused)
}

/// Season tickets gone (their order cancelled, or their line removed): their reserved seats are
/// free again and they are no more. Their match tickets are voided first (`void_match_tickets`).
pub async fn remove_season_tickets(
    conn: &mut PgConnection,
    ids: &[Uuid],
) -> Result<(), sqlx::Error> {
    if ids.is_empty() {
        return Ok(());
    }
    sqlx::query("DELETE FROM event_seats WHERE season_ticket_id = ANY($1) AND status = 'reserved'")
        .bind(ids)
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM season_tickets WHERE id = ANY($1)")
        .bind(ids)
        .execute(conn)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_ends_at_the_latest_its_longest_life_after_its_start() {
        assert!(SESSION_END.contains(&format!("'{SESSION_MAX_MINUTES} minutes'")));
    }
}
