use chrono::{DateTime, NaiveDate, Utc};
use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::model::{InvoiceContent, InvoiceKind, InvoiceSource};
use crate::selling::VatSettings;

/// `event_type()` is the variant's name, so `InvoiceEvent::VARIANTS` lists every event type.
#[derive(
    Debug, Clone, PartialEq, Serialize, Deserialize, strum::VariantNames, strum::IntoStaticStr,
)]
pub enum InvoiceEvent {
    Created {
        client_id: Uuid,
        created_at: DateTime<Utc>,
        vat: VatSettings,
        kind: InvoiceKind,
        source: Option<InvoiceSource>,
        credit_of: Option<Uuid>,
        invoice_date: Option<NaiveDate>,
        content: Box<InvoiceContent>,
    },
    DateChanged {
        invoice_date: Option<NaiveDate>,
    },
    Booked {
        number: i64,
        booked_at: DateTime<Utc>,
    },
    ExternalNumberSet {
        external_number: Option<String>,
    },
    Sent {
        email: String,
        at: DateTime<Utc>,
    },
    MarkedSent {
        at: DateTime<Utc>,
    },
    Paid {
        paid_on: NaiveDate,
    },
    ReceiptSent {
        email: String,
    },
    Credited {
        credit_note_id: Uuid,
    },
    Deleted,
}

impl DomainEvent for InvoiceEvent {
    fn event_type(&self) -> String {
        let name: &'static str = self.into();
        name.to_string()
    }

    fn event_version(&self) -> String {
        "1".to_string()
    }
}
