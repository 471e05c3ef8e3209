//! Events (spec 2 §2 Event list, Event type list, Staff event editor, Event type editor; §3 Event
//! and Event ticket product; §4; §5; §7 Events (staff) and Types): events and event types as
//! plain tables (ARCHITECTURE §4), and the public home's event cards. Handlers: `event.rs` (the
//! events and their tree list), `types.rs` (the types, each a template of the event form),
//! `cards.rs` (the public home's cards and banners); the form's rules in `form.rs`, its files in
//! `files.rs`, the save both make of it in `save.rs`, how a stored form is shown in `read.rs`,
//! the wire types in `dto.rs`. Fixed paths come before `{id}`.

pub mod attendees;
pub mod cards;
pub mod dto;
pub mod event;
pub mod files;
pub mod form;
pub mod read;
pub mod relations;
pub mod save;
pub mod tables;
pub mod types;

use utoipa::OpenApi;

use crate::kit::routes::{Access, Area, Routes};

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
        .stale_ok()
        // The staff's picker, and the public home's cards where the back office asks for them
        // (`?promoted&limit`, spec 2 §7): the handler checks the module by what is asked.
        .get("/api/events", read, event::events_or_cards)
        .post("/api/events/update", manage, event::update_event)
        .post("/api/events/types/v2", read, types::list_event_types)
        .get("/api/events/types", read, types::all_event_types)
        .post("/api/events/types/update", manage, types::update_event_type)
        .get("/api/events/types/{id}", read, types::get_event_type)
        .delete("/api/events/types/{id}", manage, types::delete_event_type)
        .get("/api/events/{id}", read, event::get_event)
        .post("/api/events/{id}/scan", manage, attendees::scan)
        .post("/api/events/{id}/attendees", read, attendees::attendees)
        .get(
            "/api/events/{id}/attendees/companies",
            read,
            attendees::attendee_companies,
        )
        .get(
            "/api/events/{id}/attendees/overview",
            read,
            attendees::attendee_overview,
        )
        .post(
            "/api/events/{id}/attendees/export",
            read,
            attendees::export_attendees,
        )
        .get("/api/events/{id}/tables", read, tables::list_tables)
        .post("/api/events/{id}/tables", manage, tables::save_table)
        .post("/api/events/{id}/tables/attendees", read, tables::unplaced)
        .post(
            "/api/events/{id}/tables/auto-seating",
            manage,
            tables::auto_seating,
        )
        .get(
            "/api/events/{id}/tables/download/{kind}",
            read,
            tables::download,
        )
        .delete(
            "/api/events/{id}/tables/{tableId}",
            manage,
            tables::delete_table,
        )
        .get("/api/events/{id}/relations", read, relations::get_relations)
        .post(
            "/api/events/{id}/relations/create",
            manage,
            relations::create_relation,
        )
        .delete(
            "/api/events/{id}/relations/{type}/{relationId}",
            manage,
            relations::delete_relation,
        )
        .post("/api/events/{id}/cancel", manage, event::cancel_event)
        .delete("/api/events/{id}", manage, event::delete_event)
        .get("/public/events", Access::Public, cards::list_event_cards)
        .stale_ok()
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
    event::cancel_event,
    event::delete_event,
    attendees::scan,
    attendees::attendees,
    attendees::attendee_companies,
    attendees::attendee_overview,
    attendees::export_attendees,
    tables::list_tables,
    tables::save_table,
    tables::unplaced,
    tables::auto_seating,
    tables::download,
    tables::delete_table,
    relations::get_relations,
    relations::create_relation,
    relations::delete_relation,
    cards::list_event_cards,
    cards::event_picture,
))]
pub struct EventsDoc;
