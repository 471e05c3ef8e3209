//! Events (spec 2 §2 Event list, Event type list, Staff event editor, Event type editor; §3 Event
//! and Event ticket product; §4; §5; §7 Events (staff) and Types): events and event types as
//! plain tables (ARCHITECTURE §4), and the public home's event cards. Handlers: `event.rs` (the
//! events and their tree list), `types.rs` (the types, each a template of the event form),
//! `cards.rs` (the public home's cards and banners); the form's rules in `form.rs`, its files in
//! `files.rs`, how a stored form is shown in `read.rs`, the wire types in `dto.rs`. Fixed paths
//! come before `{id}`.

pub mod cards;
pub mod dto;
pub mod event;
pub mod files;
pub mod form;
pub mod read;
pub mod types;

use actix_web::HttpResponse;
use serde::de::DeserializeOwned;
use serde::Serialize;
use tribune_projections::db::club_tx;
use tribune_projections::list::{ListSpec, Rows};
use utoipa::OpenApi;

use crate::envelope::{self, ListParams};
use crate::error::ApiError;
use crate::kit::routes::{Access, Area, Routes};
use crate::session::Staff;
use crate::state::AppState;

/// The events module.
pub const MODULE: &str = "events";

pub const AREA: Area = Area {
    name: "events",
    configure,
    doc: EventsDoc::openapi,
    history: &[],
};

pub fn configure(routes: &mut Routes) {
    let (read, manage) = (Access::read(MODULE), Access::manage(MODULE));
    routes
        .post("/api/events/v2", read, event::list_events)
        // The staff's picker, and the public home's cards where the back office asks for them
        // (`?promoted&limit`, spec 2 §7): the handler checks the module by what is asked.
        .get("/api/events", Access::Staff, event::events_or_cards)
        .post("/api/events/update", manage, event::update_event)
        .post("/api/events/types/v2", read, types::list_event_types)
        .get("/api/events/types", read, types::all_event_types)
        .post("/api/events/types/update", manage, types::update_event_type)
        .get("/api/events/types/{id}", read, types::get_event_type)
        .delete("/api/events/types/{id}", manage, types::delete_event_type)
        .get("/api/events/{id}", read, event::get_event)
        .delete("/api/events/{id}", manage, event::delete_event)
        .get("/public/events", Access::Public, cards::list_event_cards)
        .get(
            "/public/events/pictures/{id}",
            Access::Public,
            cards::event_picture,
        );
}

#[derive(OpenApi)]
#[openapi(paths(
    event::list_events,
    event::events_or_cards,
    event::update_event,
    types::list_event_types,
    types::all_event_types,
    types::update_event_type,
    types::get_event_type,
    types::delete_event_type,
    event::get_event,
    event::delete_event,
    cards::list_event_cards,
    cards::event_picture,
))]
pub struct EventsDoc;

/// One page of a list through the list kit, each row read as `Row` (so the rows keep to the
/// generated type the webapp reads them as).
async fn list_page<Row: DeserializeOwned + Serialize>(
    state: &AppState,
    staff: &Staff,
    spec: &ListSpec,
    params: &ListParams,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let club = Some(staff.client_id);
    let total = spec.total(&mut tx, club, params).await?;
    let rows = spec.json_rows(&mut tx, club, params, Rows::Page).await?;
    tx.commit().await?;
    let rows = rows
        .into_iter()
        .map(serde_json::from_value::<Row>)
        .collect::<Result<Vec<_>, _>>()
        .map_err(ApiError::internal)?;
    Ok(envelope::page(rows, total, params.per_page()))
}
