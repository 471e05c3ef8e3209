//! The seat engine's wire types (issue 16; spec 2 §7 seat charts; spec 3 §7).

use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// A category of a chart's seats: what it is called, its colour, whether it is for wheelchairs.
#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct SeatCategory {
    pub key: String,
    pub label: String,
    /// '#rrggbb'.
    pub color: String,
    #[serde(default)]
    pub accessible: bool,
}

/// A chart as `GET /api/seats/charts` lists it (categories with `?categories=true`).
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChartSummary {
    pub id: Uuid,
    pub key: String,
    pub name: String,
    #[ts(type = "number")]
    pub seats: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub categories: Option<Vec<SeatCategory>>,
}

/// One seat of a chart, for drawing and picking.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Seat {
    pub id: Uuid,
    /// 'section-row-number'.
    pub label: String,
    pub section: String,
    #[sqlx(rename = "row_label")]
    pub row: String,
    pub number: String,
    pub position: i32,
    pub category_key: Option<String>,
    pub accessible: bool,
    pub for_sale: bool,
    pub x: f32,
    pub y: f32,
}

/// A chart with its seats.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Chart {
    pub id: Uuid,
    pub key: String,
    pub name: String,
    pub categories: Vec<SeatCategory>,
    pub seats: Vec<Seat>,
}

/// Which way a row's seats are numbered.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase")]
pub enum Numbering {
    /// 1 at the left.
    #[default]
    LeftToRight,
    /// 1 at the right.
    RightToLeft,
}

/// A row the designer makes: its label, how many seats, their numbering and category.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct RowInput {
    pub label: String,
    #[ts(type = "number")]
    pub seats: i64,
    pub numbering: Numbering,
    /// Overrides the section's category.
    pub category_key: Option<String>,
    /// How much the row bends (0: straight), in seat widths at its ends.
    pub curve: f32,
}

/// A section the designer makes: its name, rows and category.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SectionInput {
    pub name: String,
    pub category_key: Option<String>,
    pub rows: Vec<RowInput>,
}

/// `POST /api/seats/charts`: a new chart from its sections and rows.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ChartInput {
    pub name: String,
    pub categories: Vec<SeatCategory>,
    pub sections: Vec<SectionInput>,
}

/// A hold session (`POST /public/seats/hold-tokens`).
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HoldToken {
    pub hold_token: String,
    pub expires_at: chrono::DateTime<chrono::Utc>,
}

/// What a seat is at an event, as the picker draws it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum SeatState {
    Free,
    /// Held by the caller's own token.
    Mine,
    /// Held by someone else.
    Held,
    Booked,
    NotForSale,
}

/// A seat's state at an event.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventSeat {
    pub label: String,
    pub state: SeatState,
}

/// `GET /public/events/{id}/seats`: the event's chart and each seat's state.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventSeatMap {
    pub chart: Chart,
    pub states: Vec<EventSeat>,
}

/// `POST /public/events/{id}/hold-seats`: seats to hold with a token (added to what it holds).
#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct HoldSeatsInput {
    pub hold_token: String,
    /// Seat labels ('section-row-number').
    pub seats: Vec<String>,
}

/// `POST /public/events/{id}/release-seat`: a seat the token holds, given back.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ReleaseSeatInput {
    pub hold_token: String,
    pub seat: String,
}
