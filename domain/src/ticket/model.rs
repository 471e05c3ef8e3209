//! The values of a ticket (spec 2 §3 Ticket, Attendee).

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::money::Money;
use crate::selling::{ExtraInfoValue, LineOption};

/// Udstedt, Annulleret.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum TicketStatus {
    #[default]
    Issued,
    Voided,
}

impl TicketStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            TicketStatus::Issued => "issued",
            TicketStatus::Voided => "voided",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            TicketStatus::Issued => "Udstedt",
            TicketStatus::Voided => "Annulleret",
        }
    }
}

/// An option of the ticket's order line (a meal, a parking place), as printed on the ticket.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct TicketOption {
    pub title: String,
    /// Per ticket.
    pub price: Money,
}

impl From<&LineOption> for TicketOption {
    fn from(option: &LineOption) -> TicketOption {
        TicketOption {
            title: option.title.clone(),
            price: option.price,
        }
    }
}

/// What a ticket is for and what is printed on it, copied from its order line when issued.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default, ts_rs::TS)]
#[serde(rename_all = "camelCase", default)]
pub struct TicketContent {
    pub event_id: Uuid,
    pub order_id: Uuid,
    pub order_line_id: Uuid,
    pub product_id: Uuid,
    pub product_title: String,
    /// The unguessable public id the QR code prints and the download link names; the caller
    /// makes it (128 random bits), the ticket only keeps it.
    pub code: String,
    /// The human number staff type at the door.
    #[ts(type = "number")]
    pub number: i64,
    /// The holder's name.
    pub name: Option<String>,
    /// The product asks for the holder's name: a ticket of it always has one.
    pub name_required: bool,
    pub company_id: Option<Uuid>,
    pub company_name: Option<String>,
    /// Where a seat ticket sits; none for a ticket without a seat.
    pub section: Option<String>,
    pub row: Option<String>,
    pub seat_number: Option<String>,
    pub options: Vec<TicketOption>,
    pub extra_info: Vec<ExtraInfoValue>,
}

impl TicketContent {
    pub fn has_seat(&self) -> bool {
        self.seat_number.is_some()
    }
}

/// The shortest code a ticket accepts: a code anyone could guess would open other people's
/// tickets.
pub const MIN_CODE_LENGTH: usize = 16;

pub use crate::danish::danish_time;
