use chrono::{DateTime, Utc};
use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::model::{InviteContent, InviteProduct, SendKind};

/// `event_type()` is the variant's name, so `InviteEvent::VARIANTS` (strum) lists every event type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, strum::VariantNames)]
pub enum InviteEvent {
    Created {
        client_id: Uuid,
        content: InviteContent,
        products: Vec<InviteProduct>,
        at: DateTime<Utc>,
    },
    ProductsSet {
        products: Vec<InviteProduct>,
    },
    Sent {
        kind: SendKind,
        to: String,
        at: DateTime<Utc>,
    },
    Booked {
        order_id: Uuid,
        tickets: i32,
        at: DateTime<Utc>,
    },
    Deleted {
        at: DateTime<Utc>,
    },
}

impl DomainEvent for InviteEvent {
    fn event_type(&self) -> String {
        match self {
            InviteEvent::Created { .. } => "Created",
            InviteEvent::ProductsSet { .. } => "ProductsSet",
            InviteEvent::Sent { .. } => "Sent",
            InviteEvent::Booked { .. } => "Booked",
            InviteEvent::Deleted { .. } => "Deleted",
        }
        .to_string()
    }

    fn event_version(&self) -> String {
        "1".to_string()
    }
}
