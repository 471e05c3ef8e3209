//! Tickets (spec 2 §3 Ticket, Attendee, §4 Ticket; issue 15): one per booked unit of a ticket
//! line. `service::TicketService` is their one writer (issue 38 §2): the sales issue and void
//! them, the door scans them and the seasons release a match's seat through it, each inside its
//! own club transaction. Their routes belong to the areas that show them (the attendee list and
//! the door under events, the public download under booking); this area registers the ticket's
//! history, guarded by the events module.

pub mod service;

use tribune_domain::ticket::Ticket;
use utoipa::OpenApi;

use crate::kit::history::AggregateHistory;
use crate::kit::routes::{Area, Routes};
pub use service::{new_code, TicketService, TicketToIssue};

pub const AREA: Area = Area {
    name: "tickets",
    configure,
    doc: TicketsDoc::openapi,
    history: &[&AggregateHistory::<Ticket> {
        aggregate_type: "ticket",
        // The events module's (named, not imported: the events area uses this one).
        module: Some("events"),
        bus: |state| &state.tickets,
        view: |_, _, ticket| serde_json::to_value(ticket),
    }],
};

/// No routes of its own.
pub fn configure(_: &mut Routes) {}

#[derive(OpenApi)]
#[openapi()]
pub struct TicketsDoc;
