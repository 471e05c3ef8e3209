use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use super::model::{InvoiceContent, InvoiceKind, InvoiceSource};
use crate::selling::VatSettings;

#[derive(Debug, Clone, PartialEq)]
pub enum InvoiceCommand {
    /// A new draft, from an order, a contract's plan, a subscription, or (a credit note) from a
    /// booked invoice.
    Create {
        client_id: Uuid,
        created_at: DateTime<Utc>,
        vat: VatSettings,
        kind: InvoiceKind,
        source: Option<InvoiceSource>,
        credit_of: Option<Uuid>,
        invoice_date: Option<NaiveDate>,
        content: Box<InvoiceContent>,
    },
    /// A draft's date (`/update-date`).
    ChangeDate {
        invoice_date: Option<NaiveDate>,
    },
    /// 'Godkend': `number` is the club's next number, taken in the same transaction.
    Book {
        number: i64,
        booked_at: DateTime<Utc>,
    },
    /// 'Bogføringsnummer' (`/update-invoice`), on a booked invoice.
    SetExternalNumber {
        external_number: Option<String>,
    },
    /// The invoice was e-mailed to the customer.
    RecordSent {
        email: String,
        at: DateTime<Utc>,
    },
    /// Marked sent by hand.
    MarkSent {
        at: DateTime<Utc>,
    },
    /// Marked paid (by hand or by a payment).
    MarkPaid {
        paid_on: NaiveDate,
    },
    /// The receipt was e-mailed.
    RecordReceiptSent {
        email: String,
    },
    /// 'Krediter' on the original: records the credit note made for it.
    RecordCredited {
        credit_note_id: Uuid,
    },
    Delete,
}
