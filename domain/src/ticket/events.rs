use chrono::{DateTime, Utc};
use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::model::TicketContent;

/// `event_type()` is the variant's name, so `TicketEvent::VARIANTS` (strum) lists every event type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, strum::VariantNames)]
pub enum TicketEvent {
    Issued {
        client_id: Uuid,
        content: Box<TicketContent>,
        at: DateTime<Utc>,
    },
    Scanned {
        at: DateTime<Utc>,
        /// Who scanned it (the door's user), when known.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<String>,
    },
    SeatReleased,
    Renamed {
        name: Option<String>,
    },
    Voided {
        reason: String,
        at: DateTime<Utc>,
    },
}

impl DomainEvent for TicketEvent {
    fn event_type(&self) -> String {
        match self {
            TicketEvent::Issued { .. } => "Issued",
            TicketEvent::Scanned { .. } => "Scanned",
            TicketEvent::SeatReleased => "SeatReleased",
            TicketEvent::Renamed { .. } => "Renamed",
            TicketEvent::Voided { .. } => "Voided",
        }
        .to_string()
    }

    fn event_version(&self) -> String {
        "1".to_string()
    }
}
