//! Tribune's own seat engine (issue 16; spec 2 §2 tab 30, §4 seat holds, §7 seat charts; spec 3
//! §7; INTEGRATIONS.md seating): seat charts of sections, rows and seats (`charts.rs`), and the
//! seats of an event held with hold sessions and given back (`holds.rs`); the wire types in
//! `dto.rs`. The rules a selection must keep are `tribune_domain::seats`.

pub mod charts;
pub mod dto;
pub mod holds;

use utoipa::OpenApi;

use crate::kit::routes::{Access, Area, Routes};

/// Seat charts belong to the events module.
pub const MODULE: &str = "events";

pub const AREA: Area = Area {
    name: "seats",
    configure,
    doc: SeatsDoc::openapi,
    history: &[],
};

pub fn configure(routes: &mut Routes) {
    let manage = Access::manage(MODULE);
    routes
        // The seasons' and products' editors (the orders and products modules) pick charts too.
        .get("/api/seats/charts", Access::Staff, charts::list_charts)
        .post("/api/seats/charts", manage, charts::create_chart)
        .get("/api/seats/charts/{id}", Access::Staff, charts::get_chart)
        .post(
            "/public/seats/hold-tokens",
            Access::Public,
            holds::create_hold_token,
        )
        .post(
            "/public/seats/hold-tokens/{token}",
            Access::Public,
            holds::extend_hold_token,
        )
        .get(
            "/public/events/{id}/seats",
            Access::Public,
            holds::get_event_seats,
        )
        .post(
            "/public/events/{id}/hold-seats",
            Access::Public,
            holds::hold_event_seats,
        )
        .post(
            "/public/events/{id}/release-seat",
            Access::Public,
            holds::release_event_seat,
        );
}

#[derive(OpenApi)]
#[openapi(paths(
    charts::list_charts,
    charts::create_chart,
    charts::get_chart,
    holds::create_hold_token,
    holds::extend_hold_token,
    holds::get_event_seats,
    holds::hold_event_seats,
    holds::release_event_seat,
))]
pub struct SeatsDoc;
