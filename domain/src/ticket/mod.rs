//! The Ticket (spec 2 §3 Ticket and Attendee, §4 Ticket; ARCHITECTURE §4; issue 15), in the
//! Order's shape: `model`, `commands`, `events`, `error`, `aggregate` and given/when/then
//! `tests`. One ticket is issued per booked unit of a ticket line of an order; it carries the
//! unguessable `code` its QR prints, is scanned once at the door, may give its seat back for
//! sale, and is voided when its order is cancelled. A voided ticket refuses everything else.

mod aggregate;
mod commands;
mod error;
mod events;
pub mod model;
#[cfg(test)]
mod tests;

pub use aggregate::Ticket;
pub use commands::TicketCommand;
pub use error::TicketError;
pub use events::TicketEvent;
pub use model::{danish_time, TicketContent, TicketOption, TicketStatus};
