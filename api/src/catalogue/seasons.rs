//! Seasons (spec 3 §2 Seasons, §3 Season, §4 Season, §5).

use actix_web::{web, HttpResponse};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tribune_projections::db::club_tx;
use uuid::Uuid;

use super::{delete_row, get_one, options, write_tx, Choice};
use tribune_projections::list::{Count, ListSpec, Paging, Search, SortColumn};

use crate::envelope::{self, Ack, Envelope, ListParams, Page, SortDir};
use crate::error::ApiError;
use crate::kit::ids::parse_id;
use crate::kit::input::Json;
use crate::kit::list_page::list_page;
use crate::kit::text::clean;
use crate::kit::validate::Check;
use crate::kit::version::Versioned;
use crate::session::Staff;
use crate::state::AppState;

const VERSIONED: Versioned = Versioned {
    table: "seasons",
    what: "Sæsonen",
};

const COLUMNS: &str = r#"t.id AS "id", t.title AS "title", t.start_date AS "startDate", t.end_date AS "endDate",
    t.parent_id AS "parentId", t.reservations AS "reservations", t.inactive AS "inactive", t.seats AS "seats", t.version AS "version""#;

const LIST: ListSpec = ListSpec {
    from: "seasons t",
    club: Some("t.client_id"),
    columns: r#"t.id AS "Id", t.title AS "Name", t.start_date AS "StartDate", t.end_date AS "EndDate",
        t.inactive AS "Inactive", t.reservations AS "Reservations""#,
    key: "t.id",
    filters: &[],
    search: Search::Columns(&["t.title"]),
    sorts: &[
        SortColumn::nullable("Name", "lower(t.title)"),
        SortColumn::nullable("StartDate", "t.start_date"),
        SortColumn::nullable("EndDate", "t.end_date"),
    ],
    default_sort: ("Name", SortDir::Asc),
    count: Count::Exact,
    paging: Paging::Offset,
};

/// A row of the seasons list.
#[derive(Debug, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
pub struct SeasonRow {
    #[serde(rename = "Id")]
    pub id: Uuid,
    #[serde(rename = "Name")]
    pub name: String,
    #[serde(rename = "StartDate")]
    pub start_date: NaiveDate,
    #[serde(rename = "EndDate")]
    pub end_date: NaiveDate,
    #[serde(rename = "Inactive")]
    pub inactive: bool,
    #[serde(rename = "Reservations")]
    pub reservations: bool,
}

/// A season as its editor reads it.
#[derive(Debug, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Season {
    pub id: Uuid,
    pub title: String,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    /// The reservation season it belongs to.
    pub parent_id: Option<Uuid>,
    pub reservations: bool,
    pub inactive: bool,
    /// The seat charts (and events) the season sells seats of, as stored.
    #[ts(type = "Array<SeasonSeat>")]
    #[schema(value_type = Vec<SeasonSeat>)]
    pub seats: Value,
    /// What a save sends back as `version` (kit::version).
    #[ts(type = "number")]
    pub version: i64,
}

#[utoipa::path(post, path = "/api/orders/seasons", tag = "seasons",
    request_body = ListParams,
    responses((status = 200, body = Page<SeasonRow>), (status = 401), (status = 403), (status = 422)))]
pub async fn list_seasons(
    staff: Staff,
    params: Json<ListParams>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    list_page::<SeasonRow>(&state.pool, &staff, &LIST, &params).await
}

/// The seasons lookup's parameters (spec 2 §7 "seasons endpoint with start, end,
/// reservations, events"; spec 3 §7 `GET /seasons?reservations=true`).
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SeasonsQuery {
    /// Only the reservation seasons ('Kun reservationer').
    reservations: Option<bool>,
    /// Only seasons still running on or after this day (YYYY-MM-DD).
    start: Option<NaiveDate>,
    /// Only seasons begun on or before this day (YYYY-MM-DD).
    end: Option<NaiveDate>,
    /// With each season's events: the club's main events that start within its dates.
    events: Option<bool>,
}

/// A season as the lookup offers it.
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SeasonChoice {
    pub id: Uuid,
    pub title: String,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    pub reservations: bool,
    /// Only with `events=true`; else empty.
    pub events: Vec<SeasonEvent>,
}

/// An event of a season, by its start.
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SeasonEvent {
    pub id: Uuid,
    pub title: String,
    pub start_date: chrono::DateTime<chrono::Utc>,
}

#[utoipa::path(get, path = "/api/orders/seasons", tag = "seasons",
    params(SeasonsQuery),
    responses((status = 200, description = "by title", body = Envelope<Vec<SeasonChoice>>), (status = 401), (status = 403), (status = 422)))]
pub async fn all_seasons(
    staff: Staff,
    query: web::Query<SeasonsQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    if let (Some(start), Some(end)) = (query.start, query.end) {
        if end < start {
            return Err(ApiError::field(
                "end",
                "Slutdatoen skal være efter startdatoen",
            ));
        }
    }
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let rows: Vec<(Uuid, String, NaiveDate, NaiveDate, bool)> = sqlx::query_as(
        "SELECT id, title, start_date, end_date, reservations FROM seasons \
         WHERE client_id = $1 AND ($2::boolean IS NOT TRUE OR reservations) \
           AND ($3::date IS NULL OR end_date >= $3) AND ($4::date IS NULL OR start_date <= $4) \
         ORDER BY lower(title)",
    )
    .bind(staff.client_id)
    .bind(query.reservations)
    .bind(query.start)
    .bind(query.end)
    .fetch_all(&mut *tx)
    .await?;
    // Each season's main events, starting within its days in Danish time (the last one whole).
    let events: Vec<(Uuid, Uuid, String, chrono::DateTime<chrono::Utc>)> =
        if query.events == Some(true) && !rows.is_empty() {
            let ids: Vec<Uuid> = rows.iter().map(|row| row.0).collect();
            sqlx::query_as(
                "SELECT s.id, e.id, e.title, e.start_date FROM seasons s \
                 JOIN club_events e ON e.client_id = s.client_id AND e.parent_id IS NULL \
                   AND e.start_date >= s.start_date::timestamp AT TIME ZONE 'Europe/Copenhagen' \
                   AND e.start_date < (s.end_date + 1)::timestamp AT TIME ZONE 'Europe/Copenhagen' \
                 WHERE s.client_id = $1 AND s.id = ANY($2) \
                 ORDER BY e.start_date, e.id",
            )
            .bind(staff.client_id)
            .bind(&ids)
            .fetch_all(&mut *tx)
            .await?
        } else {
            Vec::new()
        };
    let seasons: Vec<SeasonChoice> = rows
        .into_iter()
        .map(
            |(id, title, start_date, end_date, reservations)| SeasonChoice {
                id,
                title,
                start_date,
                end_date,
                reservations,
                events: events
                    .iter()
                    .filter(|event| event.0 == id)
                    .map(|(_, id, title, start_date)| SeasonEvent {
                        id: *id,
                        title: title.clone(),
                        start_date: *start_date,
                    })
                    .collect(),
            },
        )
        .collect();
    tx.commit().await?;
    Ok(envelope::result(seasons))
}

/// Seasons that can be a parent: the reservation seasons.
#[utoipa::path(get, path = "/api/orders/seasons/parents", tag = "seasons",
    responses((status = 200, description = "by title", body = Envelope<Vec<Choice>>), (status = 401), (status = 403)))]
pub async fn parent_seasons(
    staff: Staff,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let all = options(&mut tx, "seasons", staff.client_id, "AND reservations").await?;
    tx.commit().await?;
    Ok(envelope::result(all))
}

#[utoipa::path(get, path = "/api/orders/seasons/{id}", tag = "seasons",
    params(("id" = String, Path, description = "the row's id (uuid); malformed or another club's → 404")),
    responses((status = 200, body = Envelope<Season>), (status = 401), (status = 403), (status = 404)))]
pub async fn get_season(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    get_one::<Season>(&state, &staff, "seasons", COLUMNS, &path).await
}

/// A seat chart the season sells seats of, and the event whose seats it reads.
#[derive(Debug, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SeasonSeat {
    chart_id: Option<String>,
    event_id: Option<String>,
    name: Option<String>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SeasonInput {
    id: Option<Uuid>,
    title: Option<String>,
    start_date: Option<NaiveDate>,
    end_date: Option<NaiveDate>,
    parent_id: Option<Uuid>,
    #[serde(default)]
    reservations: bool,
    #[serde(default)]
    inactive: bool,
    #[serde(default)]
    seats: Vec<SeasonSeat>,
    /// The version the editor read (GET `version`); required when saving an existing row.
    #[ts(type = "number | null")]
    version: Option<i64>,
}

#[utoipa::path(post, path = "/api/orders/seasons/update", tag = "seasons",
    request_body = SeasonInput,
    responses((status = 200, description = "the season's id", body = Envelope<Uuid>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_season(
    staff: Staff,
    body: Json<SeasonInput>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let input = body.into_inner();
    let mut check = Check::new();
    let title = check.required_text("title", "Titel", &input.title);
    check.present("startDate", "Start dato", &input.start_date);
    if check.present("endDate", "Slut dato", &input.end_date) {
        if let (Some(start), Some(end)) = (input.start_date, input.end_date) {
            if end < start {
                check.fail("endDate", "Slut dato skal være efter start dato");
            }
        }
    }
    if input.reservations && input.parent_id.is_some() {
        check.fail("parentId", "En reservationssæson kan ikke have en forælder");
    }
    let seats: Vec<Value> = input
        .seats
        .iter()
        .enumerate()
        .filter_map(|(i, s)| {
            let chart = check.required_text(&format!("seats.{i}.chartId"), "Sæde-kort", &s.chart_id);
            chart.map(|chart| json!({ "chartId": chart, "eventId": clean(&s.event_id), "name": clean(&s.name) }))
        })
        .collect();
    let mut tx = write_tx(&state, &staff, "seasons", input.id).await?;
    if let Some(parent) = input.parent_id {
        let is_reservation: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM seasons WHERE client_id = $1 AND id = $2 AND reservations AND id IS DISTINCT FROM $3)",
        )
        .bind(staff.client_id)
        .bind(parent)
        .bind(input.id)
        .fetch_one(&mut *tx)
        .await?;
        if !is_reservation {
            check.fail("parentId", "Forældersæsonen skal være en reservationssæson");
        }
    }
    check.finish()?;
    VERSIONED
        .claim(&mut tx, staff.client_id, input.id, input.version)
        .await?;
    let id: Uuid = sqlx::query_scalar(
        "INSERT INTO seasons (id, client_id, title, start_date, end_date, parent_id, reservations, inactive, seats, created_by, updated_by) \
         VALUES (coalesce($1, gen_random_uuid()), $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) \
         ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, start_date = EXCLUDED.start_date, end_date = EXCLUDED.end_date, \
           parent_id = EXCLUDED.parent_id, reservations = EXCLUDED.reservations, inactive = EXCLUDED.inactive, \
           seats = EXCLUDED.seats, updated_at = now(), updated_by = EXCLUDED.updated_by RETURNING id",
    )
    .bind(input.id)
    .bind(staff.client_id)
    .bind(&title)
    .bind(input.start_date)
    .bind(input.end_date)
    .bind(input.parent_id)
    .bind(input.reservations)
    .bind(input.inactive)
    .bind(Value::Array(seats))
    .bind(staff.user_id())
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(envelope::result(id))
}

#[utoipa::path(delete, path = "/api/orders/seasons/{id}", tag = "seasons",
    params(("id" = String, Path, description = "the row's id (uuid); malformed or another club's → 404")),
    responses((status = 200, body = Ack), (status = 401), (status = 403), (status = 404), (status = 422, description = "still in use")))]
pub async fn delete_season(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    delete_row(
        &state,
        &staff,
        "seasons",
        parse_id(&path)?,
        "Sæsonen er i brug og kan ikke slettes",
    )
    .await
}
