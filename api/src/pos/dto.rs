//! What the point of sale sends and receives (spec 2 §3 Point-of-sale cart; §7 Point of sale;
//! issue 19). Money is integer øre (what the customer pays, VAT included), times UTC.
//! `productId` names the event's ticket product for a ticket, and the catalogue product for
//! anything else the desk sells (a programme, a scarf).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use tribune_domain::money::Money;
use tribune_domain::order::DeskPayment;
use uuid::Uuid;

use crate::sales::offers::SeatCategory;

/// What kind of thing the desk sells.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum PosKind {
    Ticket,
    SeatTicket,
    Product,
}

/// One product the desk sells at the event (GET {ep}/{id}/pos/products).
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PosProduct {
    pub product_id: Uuid,
    pub kind: PosKind,
    pub title: String,
    /// Per unit, VAT included.
    pub price: Money,
    /// How many are left now (places or stock); null: no limit. A hint: the sale decides.
    #[ts(type = "number | null")]
    pub available: Option<i32>,
    /// Free tickets the chosen company's agreements still grant of it.
    #[ts(type = "number")]
    pub allowance: i32,
    /// A seat ticket's categories on the event's chart (none: not a seat ticket).
    pub seat_categories: Vec<SeatCategory>,
}

/// GET {ep}/{id}/pos/products: the products, and what the desk needs to price them.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PosProducts {
    pub products: Vec<PosProduct>,
    /// The club has switched VAT off: VAT is 0.
    pub vat_disabled: bool,
    /// The event has a seat chart.
    pub seating: bool,
}

/// One line of the cart: an amount of a product, or one seat of a seat ticket (amount 1).
#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PosLine {
    pub product_id: Option<Uuid>,
    /// Minimum 0; a line of 0 sells nothing.
    #[ts(type = "number")]
    pub amount: i64,
    /// A seat ticket's seat ('A-12').
    pub seat: Option<String>,
    /// The hold session that holds the seat.
    pub hold_token: Option<String>,
}

/// The customer at the desk: nobody (a walk-in), or a company of the club (its agreements'
/// free tickets apply, and it can be invoiced), with an optional name and e-mail for the
/// tickets.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PosCustomer {
    pub company_id: Option<Uuid>,
    pub firstname: String,
    pub lastname: String,
    /// The tickets are mailed here when given.
    pub email: String,
    pub phone: String,
}

/// The point-of-sale cart (spec 2 §3): its lines, its hold session, the customer and how they
/// pay. The totals are the server's (`pos/price`); what the desk sends of them is ignored.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PosCart {
    pub event_id: Option<Uuid>,
    pub products: Vec<PosLine>,
    /// Not taken at the desk: the discount is always 0 (spec 2 §9); a code sent is refused on
    /// `discountCode`, so nobody is charged as if it had been taken.
    pub discount_code: Option<String>,
    pub subtotal: Money,
    pub discount: Money,
    pub vat: Money,
    pub total: Money,
    /// When the hold session runs out, if the desk stops extending it.
    pub expires: Option<DateTime<Utc>>,
    /// The sale's hold session (its seats).
    pub hold_token: Option<String>,
    pub customer: PosCustomer,
    /// Required when there is something to pay; an invoice needs a company.
    #[schema(value_type = Option<String>)]
    pub payment_method: Option<DeskPayment>,
    /// The sale's key: the same key confirms once (a double click, a retried request).
    pub sale_key: Option<String>,
}

/// A line of the cart priced.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PosPricedLine {
    pub product_id: Uuid,
    pub title: String,
    pub seat: Option<String>,
    #[ts(type = "number")]
    pub amount: i64,
    /// Paid by the company's agreements.
    #[ts(type = "number")]
    pub free: i64,
    pub price: Money,
    pub total: Money,
}

/// POST {ep}/{id}/pos/price: the cart as it would be sold now.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PosPrice {
    pub lines: Vec<PosPricedLine>,
    pub subtotal: Money,
    pub discount: Money,
    pub vat: Money,
    pub total: Money,
}

/// The order a confirmed sale made.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PosOrder {
    pub id: Uuid,
    #[ts(type = "number")]
    pub order_number: i64,
    pub create_date: DateTime<Utc>,
    pub lines: Vec<PosPricedLine>,
    pub subtotal: Money,
    pub vat: Money,
    pub total: Money,
    #[schema(value_type = String)]
    pub payment_method: DeskPayment,
    /// 'Kontant', 'Betalingskort', 'Faktura', 'Fribilletter'.
    pub payment_label: String,
    pub company: Option<String>,
}

/// A ticket the sale issued (spec 2 §3 Ticket), with where its PDF is.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PosTicket {
    /// The ticket's code: its QR code and its public link.
    pub ticket_id: String,
    #[ts(type = "number")]
    pub number: i64,
    pub name: String,
    pub product: String,
    pub section: Option<String>,
    pub row: Option<String>,
    pub seat_number: Option<String>,
    /// The ticket as a PDF.
    pub pdf: String,
}

/// What a print is of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum PrintKind {
    Receipt,
    Ticket,
}

/// One print for the receipt printer: ESC/POS commands, base64 (QZ Tray's raw base64 format).
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PosPrint {
    pub kind: PrintKind,
    /// 'Kvittering 10234', 'Billet 17'.
    pub title: String,
    pub data: String,
}

/// POST {ep}/{id}/pos/confirm-order: the sale done.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PosResult {
    pub order: PosOrder,
    pub tickets: Vec<PosTicket>,
    pub prints: Vec<PosPrint>,
}

/// `cancel-order`'s answer: how many held seats were given back.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
pub struct Released {
    pub released: u64,
}
