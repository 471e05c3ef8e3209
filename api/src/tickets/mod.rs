//! Tickets (spec 2 §3 Ticket, Attendee, §4 Ticket; issue 15): one per booked unit of a ticket
//! line, issued by the booking inside its own transaction (`service::issue_in`). No routes yet:
//! door scanning, the attendee list and the public download come with their issues, and with
//! them this area's `AREA`. Until then the ticket's history is served by the history area
//! (`routes::history`), guarded by the events module.

pub mod service;

pub use service::{issue_in, new_code, TicketToIssue};
