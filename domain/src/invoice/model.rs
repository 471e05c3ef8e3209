//! The values of an invoice (spec 3 §3 Invoice; issue 13): what kind it is, whom it is for,
//! where it came from, and its lines (copied from the source when it is made).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::printing::{invoice_rows, InvoiceRow, Printing};
use crate::money::Money;
use crate::selling::OrderLine;

/// 'Faktura' or 'Kreditnota'. Both share the club's one number series.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, ts_rs::TS, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase")]
pub enum InvoiceKind {
    #[default]
    Invoice,
    CreditNote,
}

impl InvoiceKind {
    pub fn label(self) -> &'static str {
        match self {
            InvoiceKind::Invoice => "Faktura",
            InvoiceKind::CreditNote => "Kreditnota",
        }
    }
}

/// What the invoice was made from. A contract invoice names the due invoice of the plan it is
/// (`DueInvoice::key`), so the plan never makes the same one twice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", tag = "type")]
pub enum InvoiceSource {
    /// `key`: which of the order's invoices ('single', 'prepayment').
    #[serde(rename_all = "camelCase")]
    Order { order_id: Uuid, key: String },
    #[serde(rename_all = "camelCase")]
    Contract { contract_id: Uuid, plan_key: String },
    #[serde(rename_all = "camelCase")]
    Subscription {
        subscription_id: Uuid,
        period: String,
    },
}

/// The customer as the invoice names it, copied when it is made: a company (with CVR, and EAN
/// when it invoices by EAN) or a contact person.
#[derive(
    Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default, ts_rs::TS, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase", default)]
pub struct InvoiceCustomer {
    pub company_id: Option<Uuid>,
    pub contact_id: Option<Uuid>,
    pub name: String,
    pub attention: Option<String>,
    pub address: Option<String>,
    pub zip_code: Option<String>,
    pub city: Option<String>,
    pub cvr: Option<String>,
    pub ean: Option<String>,
    pub email: Option<String>,
}

/// Everything of an invoice but its life: set when it is made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default, ts_rs::TS)]
#[serde(rename_all = "camelCase", default)]
pub struct InvoiceContent {
    pub customer: InvoiceCustomer,
    /// The club's `orders.invoiceDescription`, or the source's own text.
    pub description: Option<String>,
    pub lines: Vec<OrderLine>,
    /// Off the lines at invoice level (shared over them in proportion, as on orders).
    pub order_discount: Money,
    /// Rate invoicing: a fee of this many basis points of the subtotal.
    pub rate_fee: Option<i64>,
    /// Days from the invoice date to the due date.
    pub payment_terms_days: u32,
    /// How the lines print (invoice groups, invoice titles, left-out lines), copied from the
    /// catalogue when the invoice is made.
    pub printing: Printing,
}

impl InvoiceContent {
    /// The rows the invoice prints (its PDF, its page, its e-conomic draft).
    pub fn rows(&self) -> Vec<InvoiceRow> {
        invoice_rows(&self.lines, &self.printing)
    }

    pub fn due_date(&self, invoice_date: Option<NaiveDate>) -> Option<NaiveDate> {
        invoice_date.map(|d| d + chrono::Duration::days(i64::from(self.payment_terms_days)))
    }
}
