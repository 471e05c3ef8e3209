use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::money::Money;

use super::commands::OrderContent;
use super::{
    CardPayment, Customer, Delivery, DeskPayment, ExtraInfoValue, Invoicing, OrderLine,
    OrderStatus, PaymentStatus,
};
use crate::selling::totals::VatSettings;

/// `event_type()` is the variant's name, so `OrderEvent::VARIANTS` (strum) lists every event type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, strum::VariantNames)]
pub enum OrderEvent {
    Created {
        client_id: Uuid,
        number: i64,
        created_at: DateTime<Utc>,
        vat: VatSettings,
        status: OrderStatus,
        is_pos: bool,
        content: OrderContent,
    },
    CustomerChanged {
        customer: Customer,
    },
    NotesChanged {
        description: Option<String>,
        internal: Option<String>,
        additional: Option<String>,
    },
    CompanyChanged {
        company_id: Option<Uuid>,
    },
    ContactChanged {
        contact_id: Option<Uuid>,
    },
    ContractLinked {
        contract_id: Option<Uuid>,
    },
    CategoryChanged {
        category_id: Option<Uuid>,
    },
    FieldValuesChanged {
        field_values: BTreeMap<String, String>,
    },
    ExtraInfoChanged {
        extra_info: Vec<ExtraInfoValue>,
    },
    InvoicingChanged {
        invoicing: Invoicing,
    },
    LineAdded {
        line: OrderLine,
    },
    LineChanged {
        line: OrderLine,
    },
    LineRemoved {
        line_id: Uuid,
    },
    LinesReordered {
        line_ids: Vec<Uuid>,
    },
    OrderDiscountChanged {
        order_discount: Money,
    },
    /// Moved to 'Behandler' (stored before issue 11 as `Processing`; upcast on load).
    ProcessingStarted,
    Approved,
    Reopened,
    Cancelled,
    Deleted,
    PaymentStatusChanged {
        status: PaymentStatus,
    },
    PaymentCaptured,
    /// A card payment the provider reported: authorized (to be captured) or paid.
    CardPaymentRecorded {
        payment: CardPayment,
    },
    PaymentRefunded {
        amount: Money,
    },
    PaymentVoided,
    /// The delivery the buyer chose at checkout: an address, or pick-up at the club.
    DeliveryChosen {
        delivery: Option<Delivery>,
    },
    PaymentLinkSent {
        email: String,
    },
    ConfirmationSent {
        email: String,
    },
    /// A point-of-sale order: how the customer paid at the desk (cash and card are paid then).
    DeskPaymentRecorded {
        method: DeskPayment,
    },
}

impl DomainEvent for OrderEvent {
    fn event_type(&self) -> String {
        match self {
            OrderEvent::Created { .. } => "Created",
            OrderEvent::CustomerChanged { .. } => "CustomerChanged",
            OrderEvent::NotesChanged { .. } => "NotesChanged",
            OrderEvent::CompanyChanged { .. } => "CompanyChanged",
            OrderEvent::ContactChanged { .. } => "ContactChanged",
            OrderEvent::ContractLinked { .. } => "ContractLinked",
            OrderEvent::CategoryChanged { .. } => "CategoryChanged",
            OrderEvent::FieldValuesChanged { .. } => "FieldValuesChanged",
            OrderEvent::ExtraInfoChanged { .. } => "ExtraInfoChanged",
            OrderEvent::InvoicingChanged { .. } => "InvoicingChanged",
            OrderEvent::LineAdded { .. } => "LineAdded",
            OrderEvent::LineChanged { .. } => "LineChanged",
            OrderEvent::LineRemoved { .. } => "LineRemoved",
            OrderEvent::LinesReordered { .. } => "LinesReordered",
            OrderEvent::OrderDiscountChanged { .. } => "OrderDiscountChanged",
            OrderEvent::ProcessingStarted => "ProcessingStarted",
            OrderEvent::Approved => "Approved",
            OrderEvent::Reopened => "Reopened",
            OrderEvent::Cancelled => "Cancelled",
            OrderEvent::Deleted => "Deleted",
            OrderEvent::PaymentStatusChanged { .. } => "PaymentStatusChanged",
            OrderEvent::PaymentCaptured => "PaymentCaptured",
            OrderEvent::CardPaymentRecorded { .. } => "CardPaymentRecorded",
            OrderEvent::PaymentRefunded { .. } => "PaymentRefunded",
            OrderEvent::DeliveryChosen { .. } => "DeliveryChosen",
            OrderEvent::PaymentVoided => "PaymentVoided",
            OrderEvent::PaymentLinkSent { .. } => "PaymentLinkSent",
            OrderEvent::ConfirmationSent { .. } => "ConfirmationSent",
            OrderEvent::DeskPaymentRecorded { .. } => "DeskPaymentRecorded",
        }
        .to_string()
    }

    fn event_version(&self) -> String {
        "1".to_string()
    }
}
