use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ProbeEvent {
    Opened { client_id: Uuid, title: String },
    Renamed { title: String },
    Added { amount: i64 },
}

impl DomainEvent for ProbeEvent {
    fn event_type(&self) -> String {
        match self {
            ProbeEvent::Opened { .. } => "Opened",
            ProbeEvent::Renamed { .. } => "Renamed",
            ProbeEvent::Added { .. } => "Added",
        }
        .to_string()
    }

    fn event_version(&self) -> String {
        "1".to_string()
    }
}
