//! The invoice as its tables and actions read it (spec 3 §3 Invoice): totals always from the
//! domain's rules.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use tribune_domain::invoice::{Invoice, InvoiceCustomer, InvoiceKind, InvoiceRow, InvoiceSource};
use tribune_domain::money::Money;
use tribune_domain::order::OrderLine;
use uuid::Uuid;

#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceDto {
    pub id: Uuid,
    #[ts(type = "number")]
    pub version: usize,
    pub kind: InvoiceKind,
    #[ts(type = "number | null")]
    pub number: Option<i64>,
    pub is_draft: bool,
    pub external_number: Option<String>,
    pub source: Option<InvoiceSource>,
    pub credit_of: Option<Uuid>,
    pub credited_by: Option<Uuid>,
    pub customer: InvoiceCustomer,
    pub description: Option<String>,
    pub lines: Vec<OrderLine>,
    /// What the invoice prints: its lines grouped by invoice group, under their invoice
    /// titles, without the lines not shown on the invoice (spec 3 §3).
    pub rows: Vec<InvoiceRow>,
    pub invoice_date: Option<NaiveDate>,
    pub due_date: Option<NaiveDate>,
    pub booked_at: Option<DateTime<Utc>>,
    pub sent_at: Option<DateTime<Utc>>,
    pub paid_on: Option<NaiveDate>,
    pub receipt_sent: bool,
    pub subtotal: Money,
    pub discount: Money,
    pub additional_fee: Money,
    pub vat: Money,
    pub total: Money,
}

impl InvoiceDto {
    pub fn from_invoice(id: Uuid, version: usize, invoice: &Invoice) -> InvoiceDto {
        let totals = invoice.totals();
        InvoiceDto {
            id,
            version,
            kind: invoice.kind,
            number: invoice.number,
            is_draft: invoice.is_draft(),
            external_number: invoice.external_number.clone(),
            source: invoice.source.clone(),
            credit_of: invoice.credit_of,
            credited_by: invoice.credited_by,
            customer: invoice.content.customer.clone(),
            description: invoice.content.description.clone(),
            lines: invoice.content.lines.clone(),
            rows: invoice.content.rows(),
            invoice_date: invoice.invoice_date,
            due_date: invoice.due_date(),
            booked_at: invoice.booked_at,
            sent_at: invoice.sent_at,
            paid_on: invoice.paid_on,
            receipt_sent: invoice.receipt_sent,
            subtotal: totals.subtotal,
            discount: totals.discount,
            additional_fee: totals.additional_fee,
            vat: totals.vat,
            total: totals.total,
        }
    }
}

/// The body of the invoice actions: which invoice, at which version (None: as it is now), and
/// what `/update-date` and `/update-invoice` change.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceRef {
    pub id: Uuid,
    #[serde(default)]
    pub version: Option<usize>,
    /// `/update-date`: the draft's new date.
    #[serde(default)]
    pub invoice_date: Option<NaiveDate>,
    /// `/update-invoice`: the bookkeeping number ('Bogføringsnummer').
    #[serde(default)]
    pub external_number: Option<String>,
    /// `/paid`: the day it was paid (today when left out).
    #[serde(default)]
    pub paid_on: Option<NaiveDate>,
}

/// `POST /orders/invoice` and `POST /contracts/invoice`: which order or contract.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SourceRef {
    pub id: Uuid,
}
