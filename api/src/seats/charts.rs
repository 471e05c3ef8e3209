//! Seat charts (issue 16; spec 2 §7 `GET /api/seats/charts?categories=true`): the club's charts,
//! one with its seats, and the designer's new chart made from sections and rows.

use std::collections::HashSet;

use actix_web::{web, HttpResponse};
use serde::Deserialize;
use sqlx::PgConnection;
use tribune_projections::db::club_tx;
use uuid::Uuid;

use super::dto::{
    Chart, ChartDesign, ChartInput, ChartSummary, ChartUse, Numbering, Seat, SeatCategory,
    SeatProduct,
};
use crate::envelope::{self, Ack, Envelope};
use crate::error::{check_errors, push_error, ApiError, FieldErrors};
use crate::kit::ids::parse_id;
use crate::kit::input::Json;
use crate::kit::text::slug;
use crate::session::Staff;
use crate::state::AppState;
use tribune_domain::selling::rules::seat_is_valid;

/// The most seats a row may have, and rows a section.
pub const MAX_ROW_SEATS: i64 = 200;
pub const MAX_SECTION_ROWS: usize = 100;

/// The most places a standing area holds.
pub const MAX_AREA_PLACES: i64 = 5_000;

/// A standing area's places are drawn in lines of this many.
const AREA_LINE: i64 = 20;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ChartsQuery {
    /// With each chart's categories.
    #[serde(default)]
    categories: bool,
}

/// The club's charts, by name.
#[utoipa::path(get, path = "/api/seats/charts", tag = "seats", params(ChartsQuery),
    responses((status = 200, body = Envelope<Vec<ChartSummary>>, description = "the club's charts"), (status = 401), (status = 403)))]
pub async fn list_charts(
    staff: Staff,
    query: web::Query<ChartsQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let rows: Vec<(Uuid, String, String, i64)> = sqlx::query_as(
        "SELECT c.id, c.key, c.name, (SELECT count(*) FROM seats s WHERE s.chart_id = c.id) \
         FROM seat_charts c WHERE c.client_id = $1 ORDER BY lower(c.name), c.key",
    )
    .bind(staff.client_id)
    .fetch_all(&mut *tx)
    .await?;
    let mut charts = Vec::with_capacity(rows.len());
    for (id, key, name, seats) in rows {
        let categories = if query.categories {
            Some(categories_of(&mut tx, id).await?)
        } else {
            None
        };
        charts.push(ChartSummary {
            id,
            key,
            name,
            seats,
            categories,
        });
    }
    tx.commit().await?;
    Ok(envelope::result(charts))
}

async fn categories_of(
    conn: &mut PgConnection,
    chart: Uuid,
) -> Result<Vec<SeatCategory>, sqlx::Error> {
    sqlx::query_as(
        "SELECT key, label, color, accessible FROM seat_categories WHERE chart_id = $1 ORDER BY position, key",
    )
    .bind(chart)
    .fetch_all(conn)
    .await
}

/// A chart with its seats, by id or key (None: not the club's).
pub async fn chart_by(
    conn: &mut PgConnection,
    client_id: Uuid,
    id: Option<Uuid>,
    key: Option<&str>,
) -> Result<Option<Chart>, sqlx::Error> {
    let found: Option<(Uuid, String, String)> = sqlx::query_as(
        "SELECT id, key, name FROM seat_charts WHERE client_id = $1 AND (id = $2 OR key = $3)",
    )
    .bind(client_id)
    .bind(id)
    .bind(key)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((id, key, name)) = found else {
        return Ok(None);
    };
    let categories = categories_of(&mut *conn, id).await?;
    let seats: Vec<Seat> = sqlx::query_as(
        "SELECT id, label, section, row_label, number, position, category_key, accessible, for_sale, x, y, \
                NULLIF(general_admission, false) AS general_admission \
         FROM seats WHERE chart_id = $1 ORDER BY section, row_label, position",
    )
    .bind(id)
    .fetch_all(conn)
    .await?;
    Ok(Some(Chart {
        id,
        key,
        name,
        categories,
        seats,
    }))
}

#[utoipa::path(get, path = "/api/seats/charts/{id}", tag = "seats",
    params(("id" = String, Path, description = "the chart's id")),
    responses((status = 200, body = Envelope<Chart>), (status = 404)))]
pub async fn get_chart(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let chart = chart_by(&mut tx, staff.client_id, Some(id), None)
        .await?
        .ok_or(ApiError::NotFound)?;
    tx.commit().await?;
    Ok(envelope::result(chart))
}

fn is_color(text: &str) -> bool {
    text.len() == 7 && text.starts_with('#') && text[1..].chars().all(|c| c.is_ascii_hexdigit())
}

/// A name of a section or row: given and short. A row's name is the first part of its seats'
/// labels ('row-number', the order line's seat text 'X-Y'), so it is letters and digits only.
fn check_part(errors: &mut FieldErrors, field: &str, what: &str, value: &str, row: bool) {
    let value = value.trim();
    if value.is_empty() {
        push_error(errors, field, format!("{what} skal udfyldes"));
    } else if value.chars().count() > 20 {
        push_error(errors, field, format!("{what} må højst være 20 tegn"));
    } else if row && value.contains('-') {
        push_error(
            errors,
            field,
            format!("{what} må ikke indeholde bindestreg"),
        );
    } else if row && !seat_is_valid(&format!("{value}-1")) {
        push_error(
            errors,
            field,
            format!("{what} må kun indeholde bogstaver og tal"),
        );
    }
}

/// The designer's chart checked: every mistake on its field, in Danish.
fn check_chart(input: &ChartInput) -> Result<(), ApiError> {
    let mut errors = FieldErrors::new();
    if input.name.trim().is_empty() {
        push_error(&mut errors, "name", "Navn skal udfyldes");
    } else if input.name.trim().chars().count() > 100 {
        push_error(&mut errors, "name", "Navn må højst være 100 tegn");
    }
    let mut keys = HashSet::new();
    for (i, category) in input.categories.iter().enumerate() {
        if category.key.trim().is_empty() {
            push_error(
                &mut errors,
                &format!("categories.{i}.key"),
                "Nøgle skal udfyldes",
            );
        } else if !keys.insert(category.key.trim()) {
            push_error(
                &mut errors,
                &format!("categories.{i}.key"),
                "Nøglen er brugt før",
            );
        }
        if category.label.trim().is_empty() {
            push_error(
                &mut errors,
                &format!("categories.{i}.label"),
                "Navn skal udfyldes",
            );
        }
        if !is_color(category.color.trim()) {
            push_error(
                &mut errors,
                &format!("categories.{i}.color"),
                "Farven skal skrives som #rrggbb",
            );
        }
    }
    let known = |key: &Option<String>| {
        key.as_deref()
            .map(str::trim)
            .filter(|k| !k.is_empty())
            .is_none_or(|k| keys.contains(k))
    };
    if input.sections.is_empty() {
        push_error(&mut errors, "sections", "Tilføj mindst én sektion");
    }
    let mut sections = HashSet::new();
    // A row's name is unique in the whole chart: it names its seats.
    let mut rows = HashSet::new();
    for (i, section) in input.sections.iter().enumerate() {
        let field = format!("sections.{i}");
        check_part(
            &mut errors,
            &format!("{field}.name"),
            "Sektionens navn",
            &section.name,
            false,
        );
        if !sections.insert(section.name.trim().to_lowercase()) {
            push_error(
                &mut errors,
                &format!("{field}.name"),
                "Sektionen findes allerede",
            );
        }
        if !known(&section.category_key) {
            push_error(
                &mut errors,
                &format!("{field}.categoryKey"),
                "Kategorien findes ikke",
            );
        }
        if let Some(p) = section.position {
            if ![p.x, p.y, p.rotation]
                .iter()
                .all(|v| v.is_finite() && v.abs() <= 10_000.0)
            {
                push_error(
                    &mut errors,
                    &format!("{field}.position"),
                    "Placeringen skal være tal mellem -10000 og 10000",
                );
            }
        }
        let standing = section.general_admission == Some(true);
        if standing && section.rows.len() != 1 {
            push_error(
                &mut errors,
                &format!("{field}.rows"),
                "Et ståområde har præcis én række: dets kapacitet",
            );
        } else if section.rows.is_empty() {
            push_error(
                &mut errors,
                &format!("{field}.rows"),
                "Tilføj mindst én række",
            );
        } else if section.rows.len() > MAX_SECTION_ROWS {
            push_error(
                &mut errors,
                &format!("{field}.rows"),
                format!("En sektion må højst have {MAX_SECTION_ROWS} rækker"),
            );
        }
        for (j, row) in section.rows.iter().enumerate() {
            let field = format!("{field}.rows.{j}");
            check_part(
                &mut errors,
                &format!("{field}.label"),
                "Rækkens navn",
                &row.label,
                true,
            );
            if !rows.insert(row.label.trim().to_lowercase()) {
                push_error(
                    &mut errors,
                    &format!("{field}.label"),
                    "Rækken findes allerede i kortet",
                );
            }
            if standing && !(1..=MAX_AREA_PLACES).contains(&row.seats) {
                push_error(
                    &mut errors,
                    &format!("{field}.seats"),
                    format!("Kapaciteten skal være mellem 1 og {MAX_AREA_PLACES}"),
                );
            } else if !standing && !(1..=MAX_ROW_SEATS).contains(&row.seats) {
                push_error(
                    &mut errors,
                    &format!("{field}.seats"),
                    format!("Antal pladser skal være mellem 1 og {MAX_ROW_SEATS}"),
                );
            }
            if !known(&row.category_key) {
                push_error(
                    &mut errors,
                    &format!("{field}.categoryKey"),
                    "Kategorien findes ikke",
                );
            }
            if !(row.curve.is_finite() && (-10.0..=10.0).contains(&row.curve)) {
                push_error(
                    &mut errors,
                    &format!("{field}.curve"),
                    "Buen skal være mellem -10 og 10",
                );
            }
        }
    }
    check_errors(errors)
}

/// The designer's chart laid out, checked, before anything is saved: each section's rows
/// stacked front to back, the sections side by side; a seat's number counts from the row's left
/// or right end; then the designer's marks on single seats (category, wheelchair, not for sale).
fn lay_out(input: &ChartInput) -> Result<SeatColumns, ApiError> {
    check_chart(input)?;
    let accessible: HashSet<&str> = input
        .categories
        .iter()
        .filter(|c| c.accessible)
        .map(|c| c.key.trim())
        .collect();
    let mut seats = SeatColumns::default();
    let mut left = 0.0_f32;
    for section in &input.sections {
        let standing = section.general_admission == Some(true);
        let first = seats.label.len();
        // A standing area's places fill lines of `AREA_LINE`, numbered in order.
        let widest = if standing {
            section.rows.first().map_or(0, |r| r.seats.min(AREA_LINE))
        } else {
            section.rows.iter().map(|r| r.seats).max().unwrap_or(0)
        };
        let mut depth = (section.rows.len().max(1) - 1) as f32 * 1.5;
        if let (true, Some(row)) = (standing, section.rows.first()) {
            let count = row.seats.clamp(1, MAX_AREA_PLACES);
            let category = row
                .category_key
                .as_deref()
                .or(section.category_key.as_deref())
                .map(str::trim)
                .filter(|k| !k.is_empty());
            for i in 0..count {
                seats.push(
                    section.name.trim(),
                    row.label.trim(),
                    i + 1,
                    i32::try_from(i).unwrap_or(i32::MAX),
                    category,
                    category.is_some_and(|c| accessible.contains(c)),
                    ((i % AREA_LINE) as f32, (i / AREA_LINE) as f32),
                );
                seats.general_admission[first + usize::try_from(i).unwrap_or(0)] = true;
            }
            depth = ((count - 1) / AREA_LINE) as f32;
        }
        for (r, row) in section.rows.iter().enumerate().filter(|_| !standing) {
            let count = row.seats.clamp(1, MAX_ROW_SEATS);
            let category = row
                .category_key
                .as_deref()
                .or(section.category_key.as_deref())
                .map(str::trim)
                .filter(|k| !k.is_empty());
            // Centred under the section's widest row.
            let indent = (widest - count) as f32 / 2.0;
            let middle = (count - 1) as f32 / 2.0;
            for i in 0..count {
                let number = match row.numbering {
                    Numbering::LeftToRight => i + 1,
                    Numbering::RightToLeft => count - i,
                };
                let bend = if middle > 0.0 {
                    row.curve * ((i as f32 - middle) / middle).powi(2)
                } else {
                    0.0
                };
                seats.push(
                    section.name.trim(),
                    row.label.trim(),
                    number,
                    i32::try_from(i).unwrap_or(i32::MAX),
                    category,
                    category.is_some_and(|c| accessible.contains(c)),
                    (indent + i as f32, r as f32 * 1.5 + bend),
                );
            }
        }
        // Beside the section before it, or where the designer put it, turned about its middle.
        let (mid_x, mid_y) = ((widest - 1).max(0) as f32 / 2.0, depth / 2.0);
        let (to_x, to_y, turn) = match section.position {
            Some(p) => (p.x, p.y, p.rotation.to_radians()),
            None => (left + mid_x, mid_y, 0.0),
        };
        let (sin, cos) = turn.sin_cos();
        for at in first..seats.label.len() {
            let (x, y) = (seats.x[at] - mid_x, seats.y[at] - mid_y);
            seats.x[at] = to_x + x * cos - y * sin;
            seats.y[at] = to_y + x * sin + y * cos;
        }
        if section.position.is_none() {
            left += widest as f32 + 3.0;
        }
    }
    let mut errors = FieldErrors::new();
    let known: HashSet<&str> = input.categories.iter().map(|c| c.key.trim()).collect();
    for (i, mark) in input.seats.iter().enumerate() {
        let Some(at) = seats.label.iter().position(|l| l == mark.label.trim()) else {
            push_error(
                &mut errors,
                &format!("seats.{i}.label"),
                format!("Pladsen {} findes ikke", mark.label.trim()),
            );
            continue;
        };
        let category = mark
            .category_key
            .as_deref()
            .map(str::trim)
            .filter(|k| !k.is_empty());
        if let Some(key) = category {
            if !known.contains(key) {
                push_error(
                    &mut errors,
                    &format!("seats.{i}.categoryKey"),
                    "Kategorien findes ikke",
                );
                continue;
            }
            seats.category[at] = Some(key.to_string());
        }
        seats.accessible[at] = mark.accessible
            || seats.category[at]
                .as_deref()
                .is_some_and(|c| accessible.contains(c));
        seats.for_sale[at] = mark.for_sale;
    }
    check_errors(errors)?;
    Ok(seats)
}

/// A new chart from the designer's input. Answers the new chart's id.
pub async fn make_chart(
    conn: &mut PgConnection,
    client_id: Uuid,
    input: &ChartInput,
) -> Result<Uuid, ApiError> {
    let seats = lay_out(input)?;
    let base = slug(input.name.trim());
    let taken: Vec<String> = sqlx::query_scalar(
        "SELECT key FROM seat_charts WHERE client_id = $1 AND (key = $2 OR key LIKE $2 || '-%')",
    )
    .bind(client_id)
    .bind(&base)
    .fetch_all(&mut *conn)
    .await?;
    let key = (1..)
        .map(|n| {
            if n == 1 {
                base.clone()
            } else {
                format!("{base}-{n}")
            }
        })
        .find(|k| !taken.contains(k))
        .unwrap_or(base);
    let chart: Uuid = sqlx::query_scalar(
        "INSERT INTO seat_charts (client_id, key, name, design) VALUES ($1, $2, $3, $4) RETURNING id",
    )
    .bind(client_id)
    .bind(&key)
    .bind(input.name.trim())
    .bind(sqlx::types::Json(input))
    .fetch_one(&mut *conn)
    .await?;
    insert_categories(&mut *conn, client_id, chart, input).await?;
    seats.insert(conn, client_id, chart).await?;
    Ok(chart)
}

async fn insert_categories(
    conn: &mut PgConnection,
    client_id: Uuid,
    chart: Uuid,
    input: &ChartInput,
) -> Result<(), sqlx::Error> {
    let keys: Vec<&str> = input.categories.iter().map(|c| c.key.trim()).collect();
    let labels: Vec<&str> = input.categories.iter().map(|c| c.label.trim()).collect();
    let colors: Vec<String> = input
        .categories
        .iter()
        .map(|c| c.color.trim().to_lowercase())
        .collect();
    let accessible: Vec<bool> = input.categories.iter().map(|c| c.accessible).collect();
    sqlx::query(
        "INSERT INTO seat_categories (chart_id, client_id, key, label, color, accessible, position) \
         SELECT $1, $2, c.key, c.label, c.color, c.accessible, c.position::integer - 1 \
         FROM unnest($3::text[], $4::text[], $5::text[], $6::boolean[]) WITH ORDINALITY \
           AS c(key, label, color, accessible, position)",
    )
    .bind(chart)
    .bind(client_id)
    .bind(&keys)
    .bind(&labels)
    .bind(&colors)
    .bind(&accessible)
    .execute(conn)
    .await?;
    Ok(())
}

/// What uses the chart: events whose seating names it, seasons whose seat rows name it, and
/// seat-ticket products that sell its categories.
async fn chart_uses(
    conn: &mut PgConnection,
    client_id: Uuid,
    key: &str,
) -> Result<Vec<ChartUse>, sqlx::Error> {
    let rows: Vec<(String, Uuid, String)> = sqlx::query_as(
        "SELECT 'event', id, title FROM club_events \
           WHERE client_id = $1 AND has_seating AND seating->>'chartId' = $2 \
         UNION ALL SELECT 'season', id, title FROM seasons \
           WHERE client_id = $1 AND EXISTS (SELECT 1 FROM jsonb_array_elements(seats) AS x(v) WHERE x.v->>'chartId' = $2) \
         UNION ALL SELECT 'product', id, title FROM products \
           WHERE client_id = $1 AND type = 'seat-ticket' \
             AND EXISTS (SELECT 1 FROM jsonb_array_elements(seats) AS x(v) WHERE x.v->>'chartId' = $2) \
         ORDER BY 1, 3",
    )
    .bind(client_id)
    .bind(key)
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(kind, id, name)| ChartUse { kind, id, name })
        .collect())
}

/// The chart's seats that something holds on to, by label: sold, held or reserved at an event,
/// a season ticket's, or in a channel. Removing them from the chart would lose a sale.
async fn seats_in_use(conn: &mut PgConnection, chart: Uuid) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT s.label FROM seats s WHERE s.chart_id = $1 AND ( \
           EXISTS (SELECT 1 FROM event_seats e WHERE e.seat_id = s.id \
                   AND (e.status <> 'held' OR e.held_until > now())) \
           OR EXISTS (SELECT 1 FROM season_tickets t WHERE t.seat_id = s.id) \
           OR EXISTS (SELECT 1 FROM seat_channel_seats c WHERE c.seat_id = s.id)) \
         ORDER BY s.section, s.row_label, s.position",
    )
    .bind(chart)
    .fetch_all(conn)
    .await
}

/// The chart's row (id, key), locked for a change; None: not the club's.
async fn chart_for_update(
    conn: &mut PgConnection,
    client_id: Uuid,
    id: Uuid,
) -> Result<Option<(Uuid, String)>, sqlx::Error> {
    sqlx::query_as("SELECT id, key FROM seat_charts WHERE client_id = $1 AND id = $2 FOR UPDATE")
        .bind(client_id)
        .bind(id)
        .fetch_optional(conn)
        .await
}

/// Names a few of `labels` ('A-1, A-2, A-3 og 4 andre').
fn some_of(labels: &[String]) -> String {
    const SHOWN: usize = 5;
    let shown = labels
        .iter()
        .take(SHOWN)
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join(", ");
    match labels.len().saturating_sub(SHOWN) {
        0 => shown,
        more => format!("{shown} og {more} andre"),
    }
}

/// The chart as the designer's input makes it now. Seats keep their identity by label, so what
/// is sold, held, reserved or in a channel stays where it is; such a seat cannot be removed, nor
/// a category that a seat-ticket product sells. The key stays (events and products name it).
pub async fn change_chart(
    conn: &mut PgConnection,
    client_id: Uuid,
    id: Uuid,
    input: &ChartInput,
) -> Result<(), ApiError> {
    let (chart, key) = chart_for_update(&mut *conn, client_id, id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let seats = lay_out(input)?;
    let mut errors = FieldErrors::new();
    let kept: HashSet<&str> = seats.label.iter().map(String::as_str).collect();
    let lost: Vec<String> = seats_in_use(&mut *conn, chart)
        .await?
        .into_iter()
        .filter(|label| !kept.contains(label.as_str()))
        .collect();
    if !lost.is_empty() {
        push_error(
            &mut errors,
            "sections",
            format!(
                "Pladserne {} er solgt, reserveret eller i en kanal og kan ikke fjernes",
                some_of(&lost)
            ),
        );
    }
    let keys: HashSet<&str> = input.categories.iter().map(|c| c.key.trim()).collect();
    let sold: Vec<(String, String)> = sqlx::query_as(
        "SELECT DISTINCT x.v->>'category', p.title FROM products p, jsonb_array_elements(p.seats) AS x(v) \
         WHERE p.client_id = $1 AND p.type = 'seat-ticket' AND x.v->>'chartId' = $2 \
         ORDER BY 1, 2",
    )
    .bind(client_id)
    .bind(&key)
    .fetch_all(&mut *conn)
    .await?;
    if let Some((category, product)) = sold.iter().find(|(c, _)| !keys.contains(c.as_str())) {
        push_error(
            &mut errors,
            "categories",
            format!("Kategorien {category} sælges af produktet {product} og kan ikke fjernes"),
        );
    }
    check_errors(errors)?;
    sqlx::query("UPDATE seat_charts SET name = $2, design = $3, updated_at = now() WHERE id = $1")
        .bind(chart)
        .bind(input.name.trim())
        .bind(sqlx::types::Json(input))
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM seat_categories WHERE chart_id = $1")
        .bind(chart)
        .execute(&mut *conn)
        .await?;
    insert_categories(&mut *conn, client_id, chart, input).await?;
    sqlx::query("DELETE FROM seats WHERE chart_id = $1 AND NOT (label = ANY($2))")
        .bind(chart)
        .bind(&seats.label)
        .execute(&mut *conn)
        .await?;
    // Out of the way of (section, row, position), which the kept seats may take in a new order.
    sqlx::query("UPDATE seats SET position = -1 - position WHERE chart_id = $1")
        .bind(chart)
        .execute(&mut *conn)
        .await?;
    seats.insert(conn, client_id, chart).await?;
    Ok(())
}

/// The chart the designer's input would make, unsaved (ids are made up).
pub fn preview(input: &ChartInput) -> Result<Chart, ApiError> {
    let seats = lay_out(input)?;
    let categories = input
        .categories
        .iter()
        .map(|c| SeatCategory {
            key: c.key.trim().to_string(),
            label: c.label.trim().to_string(),
            color: c.color.trim().to_lowercase(),
            accessible: c.accessible,
        })
        .collect();
    Ok(Chart {
        id: Uuid::nil(),
        key: slug(input.name.trim()),
        name: input.name.trim().to_string(),
        categories,
        seats: seats.into_seats(),
    })
}

/// The chart's seats as columns, written in one statement (a seat already there by its label is
/// changed in place, keeping its id).
#[derive(Default)]
struct SeatColumns {
    section: Vec<String>,
    row: Vec<String>,
    number: Vec<String>,
    label: Vec<String>,
    position: Vec<i32>,
    category: Vec<Option<String>>,
    accessible: Vec<bool>,
    for_sale: Vec<bool>,
    x: Vec<f32>,
    y: Vec<f32>,
    general_admission: Vec<bool>,
}

impl SeatColumns {
    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        section: &str,
        row: &str,
        number: i64,
        position: i32,
        category: Option<&str>,
        accessible: bool,
        (x, y): (f32, f32),
    ) {
        self.label.push(format!("{row}-{number}"));
        self.section.push(section.to_string());
        self.row.push(row.to_string());
        self.number.push(number.to_string());
        self.position.push(position);
        self.category.push(category.map(str::to_string));
        self.accessible.push(accessible);
        self.for_sale.push(true);
        self.x.push(x);
        self.y.push(y);
        self.general_admission.push(false);
    }

    fn into_seats(self) -> Vec<Seat> {
        (0..self.label.len())
            .map(|i| Seat {
                id: Uuid::new_v4(),
                label: self.label[i].clone(),
                section: self.section[i].clone(),
                row: self.row[i].clone(),
                number: self.number[i].clone(),
                position: self.position[i],
                category_key: self.category[i].clone(),
                accessible: self.accessible[i],
                for_sale: self.for_sale[i],
                x: self.x[i],
                y: self.y[i],
                general_admission: self.general_admission[i].then_some(true),
            })
            .collect()
    }

    async fn insert(
        self,
        conn: &mut PgConnection,
        client_id: Uuid,
        chart: Uuid,
    ) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO seats (chart_id, client_id, section, row_label, number, label, position, category_key, accessible, for_sale, x, y, general_admission) \
             SELECT $1, $2, s.section, s.row_label, s.number, s.label, s.position, s.category, s.accessible, s.for_sale, s.x, s.y, s.ga \
             FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::integer[], $8::text[], $9::boolean[], $10::boolean[], $11::real[], $12::real[], $13::boolean[]) \
               AS s(section, row_label, number, label, position, category, accessible, for_sale, x, y, ga) \
             ON CONFLICT (chart_id, label) DO UPDATE SET section = EXCLUDED.section, \
               row_label = EXCLUDED.row_label, number = EXCLUDED.number, position = EXCLUDED.position, \
               category_key = EXCLUDED.category_key, accessible = EXCLUDED.accessible, \
               for_sale = EXCLUDED.for_sale, x = EXCLUDED.x, y = EXCLUDED.y, \
               general_admission = EXCLUDED.general_admission",
        )
        .bind(chart)
        .bind(client_id)
        .bind(&self.section)
        .bind(&self.row)
        .bind(&self.number)
        .bind(&self.label)
        .bind(&self.position)
        .bind(&self.category)
        .bind(&self.accessible)
        .bind(&self.for_sale)
        .bind(&self.x)
        .bind(&self.y)
        .bind(&self.general_admission)
        .execute(conn)
        .await?;
        Ok(())
    }
}

/// The designer's new chart: `result` its id.
#[utoipa::path(post, path = "/api/seats/charts", tag = "seats", request_body = ChartInput,
    responses((status = 200, body = Envelope<Uuid>, description = "the new chart's id"),
              (status = 422, description = "each mistake on its field"), (status = 401), (status = 403)))]
pub async fn create_chart(
    staff: Staff,
    body: Json<ChartInput>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let id = make_chart(&mut tx, staff.client_id, &body).await?;
    tx.commit().await?;
    Ok(envelope::result(id))
}

/// The designer's input a chart was made from, and what uses it.
#[utoipa::path(get, path = "/api/seats/charts/{id}/design", tag = "seats",
    params(("id" = String, Path, description = "the chart's id")),
    responses((status = 200, body = Envelope<ChartDesign>), (status = 404)))]
pub async fn get_design(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let found: Option<(String, Option<sqlx::types::Json<ChartInput>>)> =
        sqlx::query_as("SELECT key, design FROM seat_charts WHERE client_id = $1 AND id = $2")
            .bind(staff.client_id)
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
    let (key, input) = found.ok_or(ApiError::NotFound)?;
    let design = ChartDesign {
        id,
        used_by: chart_uses(&mut tx, staff.client_id, &key).await?,
        seats_in_use: seats_in_use(&mut tx, id).await?,
        key,
        input: input.map(|json| json.0),
    };
    tx.commit().await?;
    Ok(envelope::result(design))
}

/// The chart changed to the designer's input (see `change_chart`).
#[utoipa::path(post, path = "/api/seats/charts/{id}", tag = "seats",
    params(("id" = String, Path, description = "the chart's id")), request_body = ChartInput,
    responses((status = 200, body = Ack), (status = 422, description = "each mistake on its field; seats in use removed"),
              (status = 404), (status = 401), (status = 403)))]
pub async fn update_chart(
    staff: Staff,
    path: web::Path<String>,
    body: Json<ChartInput>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    change_chart(&mut tx, staff.client_id, id, &body).await?;
    tx.commit().await?;
    Ok(envelope::ok())
}

/// Deletes a chart that nothing uses: no event, season or product names it, and none of its
/// seats was ever sold, reserved or put in a channel.
#[utoipa::path(delete, path = "/api/seats/charts/{id}", tag = "seats",
    params(("id" = String, Path, description = "the chart's id")),
    responses((status = 200, body = Ack), (status = 422, description = "in use"), (status = 404), (status = 401), (status = 403)))]
pub async fn delete_chart(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let (chart, key) = chart_for_update(&mut tx, staff.client_id, id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let uses = chart_uses(&mut tx, staff.client_id, &key).await?;
    if !uses.is_empty() {
        let names: Vec<String> = uses.into_iter().map(|u| u.name).collect();
        return Err(ApiError::invalid(format!(
            "Kortet bruges af {} og kan ikke slettes",
            some_of(&names)
        )));
    }
    // A booked seat's row would go with the chart (cascade): an event that dropped the chart
    // keeps its sales, so such a chart stays.
    let sold: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM event_seats e JOIN seats s ON s.id = e.seat_id \
                        WHERE s.chart_id = $1 AND e.status <> 'held') \
             OR EXISTS (SELECT 1 FROM season_tickets t JOIN seats s ON s.id = t.seat_id WHERE s.chart_id = $1)",
    )
    .bind(chart)
    .fetch_one(&mut *tx)
    .await?;
    if sold {
        return Err(ApiError::invalid(
            "Der er solgt eller reserveret pladser på kortet, så det kan ikke slettes",
        ));
    }
    sqlx::query("DELETE FROM seat_charts WHERE id = $1")
        .bind(chart)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(envelope::ok())
}

/// The chart the designer's input would make, to preview before saving.
#[utoipa::path(post, path = "/api/seats/charts/preview", tag = "seats", request_body = ChartInput,
    responses((status = 200, body = Envelope<Chart>, description = "the chart the input makes"),
              (status = 422, description = "each mistake on its field"), (status = 401), (status = 403)))]
pub async fn preview_chart(
    _staff: Staff,
    body: Json<ChartInput>,
) -> Result<HttpResponse, ApiError> {
    Ok(envelope::result(preview(&body)?))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SeatProductsQuery {
    /// The chart's key.
    chart_id: String,
    /// The seat category's key.
    category: String,
}

/// The seat-ticket products that sell a category of a chart (spec 3 §7 'Seat products'): the
/// seating-product modal asks which when there are several.
#[utoipa::path(get, path = "/api/seats/products", tag = "seats", params(SeatProductsQuery),
    responses((status = 200, body = Envelope<Vec<SeatProduct>>), (status = 401), (status = 403)))]
pub async fn seat_products(
    staff: Staff,
    query: web::Query<SeatProductsQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let products: Vec<SeatProduct> = sqlx::query_as(
        "SELECT id, title, sku, price, pre_payment, vat_exempt FROM products \
         WHERE client_id = $1 AND type = 'seat-ticket' AND active \
           AND seats @> jsonb_build_array(jsonb_build_object('chartId', $2::text, 'category', $3::text)) \
         ORDER BY sorting, lower(title), id",
    )
    .bind(staff.client_id)
    .bind(query.chart_id.trim())
    .bind(query.category.trim())
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(envelope::result(products))
}
