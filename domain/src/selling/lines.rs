//! The lines of a sale and what comes with them: the line itself (a product, ticket or seat at a
//! price, with options and extra info), the customer, and how it is invoiced. An order, a
//! contract, an invoice and a subscription hold the same lines and total them alike.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::money::Money;

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum InvoicingType {
    /// One invoice.
    Single,
    /// Rate invoicing: adds a fee of `rate_fee` percent to the subtotal.
    Rates,
}

#[derive(
    Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default, ts_rs::TS, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase")]
pub struct Invoicing {
    #[serde(rename = "type")]
    pub kind: Option<InvoicingType>,
    pub pre_payment_date: Option<NaiveDate>,
    pub invoice_date: Option<NaiveDate>,
    /// Basis points of a percent (250 = 2,50 %).
    #[ts(type = "number | null")]
    pub rate_fee: Option<i64>,
    #[serde(default)]
    pub split_payments: bool,
}

#[derive(
    Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default, ts_rs::TS, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase")]
pub struct ExtraInfoValue {
    pub title: String,
    #[serde(default)]
    pub value: Option<String>,
    #[serde(default)]
    pub values: Option<Vec<String>>,
}

#[derive(
    Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default, ts_rs::TS, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase", default)]
pub struct LineOption {
    pub product_id: Option<Uuid>,
    pub variant_id: Option<Uuid>,
    pub title: String,
    pub variant: Option<String>,
    pub sku: Option<String>,
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// Per unit of the line.
    pub price: Money,
    #[serde(default)]
    pub pre_payment: bool,
}

#[derive(
    Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default, ts_rs::TS, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase", default)]
pub struct OrderLine {
    pub id: Uuid,
    pub product_id: Option<Uuid>,
    pub variant_id: Option<Uuid>,
    pub title: String,
    pub variant: Option<String>,
    pub sku: Option<String>,
    /// The product type: product, ticket, seat-ticket (or category).
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// Per unit.
    pub price: Money,
    /// Off per unit.
    pub discount: Money,
    #[ts(type = "number")]
    pub amount: i64,
    #[serde(default)]
    pub options: Vec<LineOption>,
    #[serde(default)]
    pub pre_payment: bool,
    #[serde(default)]
    pub vat_exempt: bool,
    pub seat: Option<String>,
    pub seat_event: Option<String>,
    pub seat_event_id: Option<Uuid>,
    pub seat_category_id: Option<String>,
    #[serde(default)]
    pub extra_info: Vec<ExtraInfoValue>,
    pub description: Option<String>,
}

impl OrderLine {
    pub fn is_seat_ticket(&self) -> bool {
        self.kind.as_deref() == Some("seat-ticket")
    }
}

#[derive(
    Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default, ts_rs::TS, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase")]
pub struct Customer {
    pub firstname: String,
    pub lastname: String,
    pub email: String,
    pub phone: String,
}
