use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::money::Money;

use super::{
    CardPayment, Customer, Delivery, DeskPayment, ExtraInfoValue, Invoicing, OrderLine,
    OrderStatus, PaymentStatus,
};
use crate::selling::totals::VatSettings;

/// Everything of an order that a person edits on the order form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct OrderContent {
    pub customer: Customer,
    pub description: Option<String>,
    pub internal: Option<String>,
    pub additional: Option<String>,
    pub category_id: Option<Uuid>,
    pub field_values: BTreeMap<String, String>,
    pub extra_info: Vec<ExtraInfoValue>,
    pub lines: Vec<OrderLine>,
    pub order_discount: Money,
    pub company_id: Option<Uuid>,
    pub contact_id: Option<Uuid>,
    pub contract_id: Option<Uuid>,
    pub invoicing: Invoicing,
}

#[derive(Debug, Clone, PartialEq)]
pub enum OrderCommand {
    /// A new order. `number` is the club's next order number, allocated in the same transaction.
    Create {
        client_id: Uuid,
        number: i64,
        created_at: DateTime<Utc>,
        vat: VatSettings,
        status: OrderStatus,
        is_pos: bool,
        content: OrderContent,
    },
    /// The form's content; only what differs becomes events.
    Update {
        content: OrderContent,
    },
    /// Cart or draft → processing (a paid web-shop order waiting for staff).
    Process,
    Approve,
    /// 'Rediger ordre': processing or approved → draft.
    Reopen,
    Cancel,
    Delete,
    SetPaymentStatus {
        status: PaymentStatus,
    },
    /// 'Hæv betaling': authorized → paid.
    CapturePayment,
    /// What the card provider reported (a webhook, a callback, or the server's own read): the
    /// same report twice changes nothing; a second payment of a paid order is refused (the
    /// caller gives that money back).
    RecordCardPayment {
        payment: CardPayment,
    },
    /// The provider gave `amount` back (cancelling a paid order).
    RecordRefund {
        amount: Money,
    },
    /// The provider released a reservation that will not be captured.
    RecordVoid,
    /// The buyer's delivery chosen at checkout (None: nothing to deliver); only while the order
    /// is a cart or a draft. The same delivery again changes nothing.
    SetDelivery {
        delivery: Option<Delivery>,
    },
    RecordPaymentLinkSent,
    RecordConfirmationSent,
    /// How a point-of-sale order was paid at the desk; once.
    RecordDeskPayment {
        method: DeskPayment,
    },
}
