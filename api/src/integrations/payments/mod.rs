//! Card payments (INTEGRATIONS.md: Stripe and the hosted payment window), one trait with two
//! production kinds, chosen per club by its orders-module feature `payments` ('stripe' or
//! 'window'). The stand-ins are localstripe behind the same Stripe client (only its address
//! differs) and the project's own fake window (`crate::payments::stand_in`).
//!
//! What a provider says in the browser is never trusted: a payment counts when the server reads
//! it from the provider (Stripe) or when a signed webhook or a callback with a valid hash says so.

pub mod stripe;
pub mod window;
pub mod window_remote;

use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use tribune_domain::money::Money;

pub use stripe::{StripeClient, StripeConfig};
pub use window::{PaymentWindow, WindowCallback, WindowConfig};

/// Which provider a club's payments go through.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ProviderKind {
    Stripe,
    Window,
}

impl ProviderKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ProviderKind::Stripe => "stripe",
            ProviderKind::Window => "window",
        }
    }

    pub fn parse(text: &str) -> Option<ProviderKind> {
        match text {
            "stripe" => Some(ProviderKind::Stripe),
            "window" => Some(ProviderKind::Window),
            _ => None,
        }
    }
}

/// Whether the money moves at once or is only reserved until staff press 'Hæv betaling'.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Capture {
    Automatic,
    Manual,
}

/// One payment to start: `number` is the attempt's own number (the window's `orderid`), `key`
/// the idempotency key that makes a retried start return the same payment.
#[derive(Debug, Clone)]
pub struct PaymentRequest {
    pub number: i64,
    pub key: String,
    pub amount: Money,
    pub capture: Capture,
    /// The provider's customer (Stripe), when the payer has one.
    pub customer: Option<String>,
    /// Shown in the provider's dashboard, to find the payment again.
    pub metadata: Vec<(String, String)>,
    /// A saved card to pay with, and whether to keep the card (Stripe only).
    pub card: CardUse,
    /// Where the window sends the payer back, and where it calls the server.
    pub accept_url: String,
    pub cancel_url: String,
    pub callback_url: String,
}

/// What a card payment does with the card beyond paying (Stripe; the window keeps no cards).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CardUse {
    /// Pay with this saved card (a PaymentMethod of the request's customer).
    pub saved: Option<String>,
    /// Keep the card on the customer for later payments without the payer: 'Gem kort', or a
    /// subscription's recurring charges.
    pub keep: bool,
}

/// A card the payment kept on the provider's customer (see `CardUse::keep`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptCard {
    pub customer: String,
    pub method: String,
}

/// How the browser goes on after a start.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum PaymentStart {
    /// Stripe: the payment element confirms with this secret.
    #[serde(rename_all = "camelCase")]
    Stripe {
        client_secret: String,
        publishable_key: String,
    },
    /// The window: a form the browser posts to `action`, its fields in this order.
    #[serde(rename_all = "camelCase")]
    Window {
        action: String,
        fields: Vec<FormField>,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct FormField {
    pub name: String,
    pub value: String,
}

/// Where a payment stands at the provider.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaymentState {
    /// Waiting for the payer (no card yet, or being processed).
    Pending,
    /// The bank wants the payer to confirm (3-D Secure).
    RequiresAction,
    /// Reserved on the card, to be captured.
    Authorized,
    /// The money has moved.
    Paid,
    /// The last try failed; the payer may try again. The text is for the payer.
    Failed(String),
    Cancelled,
}

/// The only currency Tribune asks for, as Stripe names it (ISO 4217, lower case).
pub const CURRENCY: &str = "dkk";

/// A payment as the provider reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentOutcome {
    pub reference: String,
    pub state: PaymentState,
    pub amount: Money,
    /// ISO 4217, lower case (`dkk`).
    pub currency: String,
    pub card: Option<CardSummary>,
    /// The card kept for later, when the payment was asked to keep it and went through.
    pub kept: Option<KeptCard>,
}

/// What may be shown of a card: brand, last four digits, expiry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardSummary {
    pub brand: String,
    pub last4: String,
    pub exp_month: u32,
    pub exp_year: u32,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PaymentError {
    /// The card or the bank said no; the text is for the payer.
    #[error("{0}")]
    Declined(String),
    #[error("Betalingsudbyderen svarer ikke lige nu. Prøv igen om lidt.")]
    Unavailable,
    #[error("Betalingsudbyderen afviste kaldet: {0}")]
    Refused(String),
    #[error("Betalingsvinduet kan ikke {0} herfra; det gøres i betalingsvinduets administration.")]
    Unsupported(&'static str),
    #[error("Kortbetaling er ikke sat op for klubben.")]
    NotConfigured,
}

/// One provider kind, as a club's payments see it.
#[async_trait]
pub trait PaymentProvider: Send + Sync {
    fn kind(&self) -> ProviderKind;
    /// Starts a payment: returns the provider's reference for it (None when the provider names
    /// it only in its callback, as the window does) and how the browser goes on.
    async fn start(
        &self,
        request: &PaymentRequest,
    ) -> Result<(Option<String>, PaymentStart), PaymentError>;
    /// The payment as the provider sees it now; None when the provider cannot be asked (the
    /// window answers only through its callback).
    async fn read(&self, reference: &str) -> Result<Option<PaymentOutcome>, PaymentError>;
    /// Moves reserved money ('Hæv betaling').
    async fn capture(&self, reference: &str, amount: Money, key: &str) -> Result<(), PaymentError>;
    /// Gives captured money back.
    async fn refund(&self, reference: &str, amount: Money, key: &str) -> Result<(), PaymentError>;
    /// Releases a reservation that will not be captured.
    async fn void(&self, reference: &str, key: &str) -> Result<(), PaymentError>;
}

/// The Danish text for a card error a provider names by code.
pub fn decline_text(code: Option<&str>) -> String {
    match code {
        Some("insufficient_funds") => "Der er ikke dækning på kortet.",
        Some("expired_card") => "Kortet er udløbet.",
        Some("incorrect_cvc") | Some("invalid_cvc") => "Kortets kontrolcifre er forkerte.",
        Some("incorrect_number") | Some("invalid_number") => "Kortnummeret er forkert.",
        Some("authentication_required") => "Banken kræver, at du godkender betalingen.",
        Some("processing_error") => "Betalingen kunne ikke behandles. Prøv igen.",
        _ => "Kortet blev afvist.",
    }
    .to_string()
}
