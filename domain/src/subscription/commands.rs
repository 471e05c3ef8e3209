use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use super::model::{SavedCard, SubscriptionContent};
use crate::money::Money;
use crate::selling::{Customer, VatSettings};

#[derive(Debug, Clone, PartialEq)]
pub enum SubscriptionCommand {
    /// A new draft. `number` is the club's next subscription number, taken in the same
    /// transaction.
    Create {
        client_id: Uuid,
        number: i64,
        created_at: DateTime<Utc>,
        vat: VatSettings,
        content: SubscriptionContent,
    },
    /// The form's content (staff), or the lines and options the customer chose on the public
    /// page; only a draft changes.
    Update {
        content: SubscriptionContent,
    },
    /// The public page's contact form (a draft only).
    ChangeContact {
        customer: Customer,
    },
    Approve,
    /// 'Rediger abonnement': approved → draft.
    Reopen,
    /// 'Annuller abonnement' by staff, or the customer's own from the profile (only once the
    /// commitment has run out, `today` in Copenhagen).
    Cancel {
        by_customer: bool,
        today: NaiveDate,
    },
    Delete,
    /// The customer saved a card to be charged (activation on the public page, or a new card).
    SaveCard {
        card: SavedCard,
    },
    /// A period was charged (off-session) and its invoice made.
    RecordCharge {
        period: String,
        amount: Money,
        reference: String,
        invoice_id: Option<Uuid>,
    },
    /// A charge of a period failed; `final_attempt`: no more retries, the subscription is flagged.
    RecordChargeFailed {
        period: String,
        attempt: u32,
        reason: String,
        final_attempt: bool,
    },
    RecordPaymentLinkSent,
    /// The customer of a subscription that renews by itself was told, `today`, that it will
    /// renew at its end date `expected_end`. Once per end date: a repeat changes nothing, nor
    /// does one for an end date the subscription no longer has.
    RecordRenewalNotice {
        expected_end: NaiveDate,
        today: NaiveDate,
    },
    /// Auto-renew (spec 3 §3 `autoRenew`): the subscription whose end date `expected_end` has
    /// passed (`today` is after it) continues into a new commitment period. A repeat changes
    /// nothing: the end date is no longer the expected one.
    Renew {
        expected_end: NaiveDate,
        today: NaiveDate,
    },
}
