use serde::{Deserialize, Serialize};

use crate::money::Money;

/// Kurv, Kladde, Behandler, Godkendt, Annulleret.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, ts_rs::TS, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum OrderStatus {
    Cart,
    #[default]
    Draft,
    Processing,
    Approved,
    Cancelled,
}

impl OrderStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            OrderStatus::Cart => "cart",
            OrderStatus::Draft => "draft",
            OrderStatus::Processing => "processing",
            OrderStatus::Approved => "approved",
            OrderStatus::Cancelled => "cancelled",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            OrderStatus::Cart => "Kurv",
            OrderStatus::Draft => "Kladde",
            OrderStatus::Processing => "Behandler",
            OrderStatus::Approved => "Godkendt",
            OrderStatus::Cancelled => "Annulleret",
        }
    }

    /// Customer fields, company, contact, contract, invoicing, prices and lines change only here.
    pub fn is_editable(self) -> bool {
        matches!(self, OrderStatus::Cart | OrderStatus::Draft)
    }
}

/// A card payment a provider reported (issue 14): which provider, its reference (a Stripe
/// PaymentIntent, the window's transaction), the amount, and what may be shown of the card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardPayment {
    pub provider: String,
    pub reference: String,
    pub amount: Money,
    pub card: Option<PaidCard>,
    /// Reserved only: to be captured with 'Hæv betaling'.
    pub authorized_only: bool,
}

/// Brand (visa, mastercard, dankort …), last four digits and expiry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaidCard {
    pub brand: String,
    pub last4: String,
    pub exp_month: u32,
    pub exp_year: u32,
}

/// Afventer, Autoriseret, Betalt, Refunderet, Annulleret.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, ts_rs::TS, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum PaymentStatus {
    #[default]
    Pending,
    Authorized,
    Paid,
    Refunded,
    Cancelled,
}

impl PaymentStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            PaymentStatus::Pending => "pending",
            PaymentStatus::Authorized => "authorized",
            PaymentStatus::Paid => "paid",
            PaymentStatus::Refunded => "refunded",
            PaymentStatus::Cancelled => "cancelled",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            PaymentStatus::Pending => "Afventer",
            PaymentStatus::Authorized => "Autoriseret",
            PaymentStatus::Paid => "Betalt",
            PaymentStatus::Refunded => "Refunderet",
            PaymentStatus::Cancelled => "Annulleret",
        }
    }
}

/// How the customer paid at the point of sale (issue 19): cash, the card terminal, an invoice to
/// the company, or nothing to pay (the company's allowance paid it all).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum DeskPayment {
    Cash,
    Card,
    Invoice,
    Free,
}

impl DeskPayment {
    pub fn label(self) -> &'static str {
        match self {
            DeskPayment::Cash => "Kontant",
            DeskPayment::Card => "Betalingskort",
            DeskPayment::Invoice => "Faktura",
            DeskPayment::Free => "Fribilletter",
        }
    }

    /// Paid at the desk there and then (an invoice is paid later).
    pub fn paid_now(self) -> bool {
        !matches!(self, DeskPayment::Invoice)
    }
}

/// How a web-shop order with physical products reaches the buyer (issue 36): sent to an
/// address, or picked up at the club, as the club chose per product.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum DeliveryMethod {
    Address,
    Pickup,
}

/// Where a delivery goes: a name, a street, a Danish postcode (four digits) and a city.
#[derive(
    Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default, ts_rs::TS, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryAddress {
    pub name: String,
    pub street: String,
    pub postcode: String,
    pub city: String,
}

/// The order's delivery: the method, and for `Address` the address.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Delivery {
    pub method: DeliveryMethod,
    #[serde(default)]
    pub address: Option<DeliveryAddress>,
}
