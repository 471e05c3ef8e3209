//! The Ticket's read side: `ticket_rows` (one row per ticket, voided ones too, for the order's
//! tickets, the public download by code and the event's attendee list), written by `project`
//! and read only through `queries`.

pub mod project;
pub mod queries;
