//! Tribune's own seat engine (issue 16; spec 2 §2 tab 30, §4 seat holds, §7 seat charts; spec 3
//! §7; INTEGRATIONS.md seating): seat charts of sections, rows and seats (`charts.rs`), and the
//! seats of an event held with hold sessions and given back (`holds.rs`); the wire types in
//! `dto.rs`. The rules a selection must keep are `tribune_domain::seats`.

pub mod charts;
pub mod dto;
pub mod holds;
pub mod seasons;

use utoipa::OpenApi;

use crate::identity::acl::Action;
use crate::kit::routes::{Access, Area, Routes};

/// Seat charts belong to the events module.
pub const MODULE: &str = "events";

pub const AREA: Area = Area {
    name: "seats",
    configure,
    doc: SeatsDoc::openapi,
    history: &[],
};

/// The seat charts are read by the events' editor, the seasons' (orders module) and the
/// products' (a product's seat categories).
const CHART_READERS: Access = Access::AnyModule(&[MODULE, "orders", "products"], Action::Read);

/// A season's seat tickets and channels are read by the seasons' editor (orders module) and the
/// events' seat overview.
const SEASON_READERS: Access = Access::AnyModule(&[MODULE, "orders"], Action::Read);

pub fn configure(routes: &mut Routes) {
    let (read, manage) = (Access::read(MODULE), Access::manage(MODULE));
    routes
        .get("/api/seats/charts", CHART_READERS, charts::list_charts)
        .post("/api/seats/charts", manage, charts::create_chart)
        .post("/api/seats/charts/preview", manage, charts::preview_chart)
        .get("/api/seats/charts/{id}", CHART_READERS, charts::get_chart)
        .post("/api/seats/charts/{id}", manage, charts::update_chart)
        .delete("/api/seats/charts/{id}", manage, charts::delete_chart)
        .get(
            "/api/seats/charts/{id}/design",
            CHART_READERS,
            charts::get_design,
        )
        .get("/api/seats/events/{id}", read, seasons::event_overview)
        .get("/api/seats/products", read, charts::seat_products)
        .get(
            "/api/seats/seasons/{id}/tickets",
            SEASON_READERS,
            seasons::list_season_tickets,
        )
        .post(
            "/api/seats/seasons/{id}/tickets",
            manage,
            seasons::create_season_ticket,
        )
        .delete(
            "/api/seats/seasons/{id}/tickets/{ticketId}",
            manage,
            seasons::delete_season_ticket,
        )
        .get(
            "/api/seats/seasons/{id}/channels",
            SEASON_READERS,
            seasons::list_channels,
        )
        .post(
            "/api/seats/seasons/{id}/channels",
            manage,
            seasons::create_channel,
        )
        .delete(
            "/api/seats/seasons/{id}/channels/{channelId}",
            manage,
            seasons::delete_channel,
        )
        .get(
            "/api/seats/seasons/{eventId}/has-channel/{companyId}",
            SEASON_READERS,
            seasons::has_channel,
        )
        .post(
            "/api/events/{id}/send-seasonal-tickets",
            Access::manage(crate::events::MODULE),
            seasons::send_seasonal_tickets,
        )
        .get(
            "/public/events/{id}/seasonal-tickets",
            Access::Public,
            seasons::get_seasonal_tickets,
        )
        .post(
            "/public/events/{id}/seasonal-tickets/{ticketId}",
            Access::Public,
            seasons::answer_seasonal_ticket,
        )
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
    charts::preview_chart,
    charts::seat_products,
    charts::get_chart,
    charts::get_design,
    charts::update_chart,
    charts::delete_chart,
    holds::create_hold_token,
    holds::extend_hold_token,
    holds::get_event_seats,
    holds::hold_event_seats,
    holds::release_event_seat,
    seasons::event_overview,
    seasons::list_season_tickets,
    seasons::create_season_ticket,
    seasons::delete_season_ticket,
    seasons::list_channels,
    seasons::create_channel,
    seasons::delete_channel,
    seasons::has_channel,
    seasons::get_seasonal_tickets,
    seasons::send_seasonal_tickets,
    seasons::answer_seasonal_ticket,
))]
pub struct SeatsDoc;
