use chrono::{DateTime, NaiveDate, Utc};
use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::model::{SavedCard, SubscriptionContent};
use crate::money::Money;
use crate::selling::{Customer, VatSettings};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, strum::VariantNames)]
pub enum SubscriptionEvent {
    Created {
        client_id: Uuid,
        number: i64,
        created_at: DateTime<Utc>,
        vat: VatSettings,
        content: Box<SubscriptionContent>,
    },
    Updated {
        content: Box<SubscriptionContent>,
    },
    ContactChanged {
        customer: Customer,
    },
    Approved,
    Reopened,
    Cancelled {
        by_customer: bool,
    },
    Deleted,
    CardSaved {
        card: SavedCard,
    },
    Charged {
        period: String,
        amount: Money,
        reference: String,
        invoice_id: Option<Uuid>,
    },
    ChargeFailed {
        period: String,
        attempt: u32,
        reason: String,
        final_attempt: bool,
    },
    PaymentLinkSent {
        email: String,
    },
    /// The customer was mailed at `email` that the subscription renews after `end_date`, to
    /// `renews_to`.
    RenewalNoticeSent {
        end_date: NaiveDate,
        renews_to: NaiveDate,
        email: String,
    },
    /// A new commitment period from `from` (the day after the old end date) to the new end date
    /// `to`.
    Renewed {
        from: NaiveDate,
        to: NaiveDate,
    },
}

impl DomainEvent for SubscriptionEvent {
    fn event_type(&self) -> String {
        match self {
            SubscriptionEvent::Created { .. } => "Created",
            SubscriptionEvent::Updated { .. } => "Updated",
            SubscriptionEvent::ContactChanged { .. } => "ContactChanged",
            SubscriptionEvent::Approved => "Approved",
            SubscriptionEvent::Reopened => "Reopened",
            SubscriptionEvent::Cancelled { .. } => "Cancelled",
            SubscriptionEvent::Deleted => "Deleted",
            SubscriptionEvent::CardSaved { .. } => "CardSaved",
            SubscriptionEvent::Charged { .. } => "Charged",
            SubscriptionEvent::ChargeFailed { .. } => "ChargeFailed",
            SubscriptionEvent::PaymentLinkSent { .. } => "PaymentLinkSent",
            SubscriptionEvent::RenewalNoticeSent { .. } => "RenewalNoticeSent",
            SubscriptionEvent::Renewed { .. } => "Renewed",
        }
        .to_string()
    }

    fn event_version(&self) -> String {
        "1".to_string()
    }
}
