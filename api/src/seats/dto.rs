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
    /// 'row-number' (row names are unique in a chart): the order line's seat text 'X-Y'.
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
    /// true: a place in a standing area (no number to choose; drawn as the area's block).
    /// Read as `NULLIF(general_admission, false)`, so other seats carry nothing.
    #[sqlx(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub general_admission: Option<bool>,
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

/// A section the designer makes: its name, rows and category, and where it stands.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SectionInput {
    pub name: String,
    pub category_key: Option<String>,
    pub rows: Vec<RowInput>,
    /// A standing area: one row whose seat count is the area's capacity; its places have no
    /// number to choose.
    #[ts(optional)]
    pub general_admission: Option<bool>,
    /// Where the section's middle stands on the chart, in seat widths (row 1 towards the
    /// stage or pitch); none: beside the section before it.
    #[ts(optional)]
    pub position: Option<SectionPosition>,
}

/// A section's place: its middle at (x, y), turned `rotation` degrees clockwise (0: row 1 at
/// the top, the rows going down; 180: row 1 at the bottom; 90: row 1 on the right; -90: row 1
/// on the left).
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SectionPosition {
    pub x: f32,
    pub y: f32,
    pub rotation: f32,
}

/// `POST /api/seats/charts`: a new chart from its sections and rows.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ChartInput {
    pub name: String,
    pub categories: Vec<SeatCategory>,
    pub sections: Vec<SectionInput>,
    /// The designer's marks on single seats.
    pub seats: Vec<SeatMark>,
}

/// What a chart is used by: an event's seating, a season's seat rows, or a seat-ticket product.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChartUse {
    /// 'event', 'season' or 'product'.
    pub kind: String,
    pub id: Uuid,
    pub name: String,
}

/// `GET /api/seats/charts/{id}/design`: the designer's input the chart was made from (None for a
/// chart made before designs were kept), and what uses the chart.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChartDesign {
    pub id: Uuid,
    pub key: String,
    pub input: Option<ChartInput>,
    pub used_by: Vec<ChartUse>,
    /// Seats that are sold, held, reserved or in a channel somewhere: they cannot be removed.
    pub seats_in_use: Vec<String>,
}

/// A single seat marked in the designer: its own category, for wheelchairs, or not for sale.
#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SeatMark {
    /// 'row-number'.
    pub label: String,
    /// Overrides the row's and section's category.
    pub category_key: Option<String>,
    pub accessible: bool,
    pub for_sale: bool,
}

impl Default for SeatMark {
    fn default() -> Self {
        Self {
            label: String::new(),
            category_key: None,
            accessible: false,
            for_sale: true,
        }
    }
}

/// A hold session (`POST /public/seats/hold-tokens`).
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HoldToken {
    pub hold_token: String,
    pub expires_at: chrono::DateTime<chrono::Utc>,
    /// Seconds left as the server counts them (the browser's clock may be off).
    #[ts(type = "number")]
    pub seconds_left: i64,
    /// The seats this call held (with the places picked in standing areas); none otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub seats: Option<Vec<String>>,
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
    /// A season ticket's seat, kept for its holder.
    Reserved,
    /// Kept in a channel for a company that is not the caller's.
    Channel,
    /// A season ticket's seat its holder released for this event, not sold (the staff's map).
    Released,
}

/// A seat's state at an event.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventSeat {
    pub label: String,
    pub state: SeatState,
    /// The staff's map: who holds it (order number, season ticket holder, channel).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub note: Option<String>,
    /// The staff's map: the order a booked seat belongs to.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub order_id: Option<Uuid>,
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
    /// Seat labels ('row-number').
    pub seats: Vec<String>,
    /// Places in standing areas, picked by the server.
    #[ts(optional)]
    pub areas: Option<Vec<AreaHold>>,
}

/// `count` places in the standing area `section` (the server picks free ones).
#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AreaHold {
    pub section: String,
    #[ts(type = "number")]
    pub count: i64,
}

/// `POST /public/events/{id}/release-seat`: a seat the token holds, given back.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ReleaseSeatInput {
    pub hold_token: String,
    pub seat: String,
}

/// A season ticket as the staff list it, and as `POST /api/seats/seasons/{id}/tickets` makes it.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SeasonTicket {
    #[ts(optional)]
    pub id: Option<Uuid>,
    /// The seat's label ('row-number').
    pub seat: String,
    pub section: String,
    pub row: String,
    pub seat_number: String,
    pub product_id: Option<Uuid>,
    pub product: String,
    pub name: String,
    pub email: String,
    pub company_id: Option<Uuid>,
    /// The order that sold it (None: made by hand in the season's list).
    #[ts(optional)]
    pub order_id: Option<Uuid>,
}

/// A season ticket of the signed-in user at an event (spec 2 §3 Seasonal ticket of a user).
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SeasonalTicket {
    pub id: Uuid,
    pub product: String,
    pub name: String,
    pub section: String,
    pub row: String,
    pub seat_number: String,
    /// null: not answered (the seat stays reserved); true: coming; false: released for sale.
    pub attending: Option<bool>,
}

/// A channel: seats of a season kept for a company (NO_CHANNEL is everyone else).
#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SeatChannel {
    #[ts(optional)]
    pub id: Option<Uuid>,
    pub name: String,
    pub company_id: Option<Uuid>,
    /// The company's name (as listed; not read on the way in).
    #[ts(optional)]
    pub company: Option<String>,
    /// Seat labels.
    pub seats: Vec<String>,
}

/// A section's seats at an event, counted (the staff's map).
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SectionCount {
    pub section: String,
    #[ts(type = "number")]
    pub seats: i64,
    #[ts(type = "number")]
    pub booked: i64,
    #[ts(type = "number")]
    pub held: i64,
    #[ts(type = "number")]
    pub reserved: i64,
    #[ts(type = "number")]
    pub released: i64,
    #[ts(type = "number")]
    pub channel: i64,
    #[ts(type = "number")]
    pub free: i64,
}

/// `GET /api/seats/events/{id}`: the event's chart with every seat's state and who holds it,
/// and counts per section (tab 30 Planoversigt).
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SeatOverview {
    pub chart: Chart,
    pub states: Vec<EventSeat>,
    pub sections: Vec<SectionCount>,
}

/// A seat-ticket product selling a category of a chart.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct SeatProduct {
    pub id: Uuid,
    pub title: String,
    pub sku: Option<String>,
    /// øre.
    #[ts(type = "number")]
    pub price: i64,
    pub pre_payment: bool,
    pub vat_exempt: bool,
}
