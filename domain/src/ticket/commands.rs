use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::model::TicketContent;

#[derive(Debug, Clone, PartialEq)]
pub enum TicketCommand {
    /// One booked unit of a ticket line becomes a ticket. `content.code` and `content.number`
    /// are made by the caller (the code from 128 random bits).
    Issue {
        client_id: Uuid,
        content: Box<TicketContent>,
        at: DateTime<Utc>,
    },
    /// At the door (spec 2 §4: a scan marks a ticket scanned), once.
    Scan {
        at: DateTime<Utc>,
        /// Who scans it (shown to the next who scans it again).
        by: Option<String>,
    },
    /// 'Frigiv plads': the seat goes back on sale; the ticket keeps where it sat.
    ReleaseSeat,
    /// The holder's name as typed; blank is no name (refused when the product requires one).
    Rename { name: String },
    /// The ticket no longer admits anyone (its order was cancelled).
    Void { reason: String, at: DateTime<Utc> },
}
