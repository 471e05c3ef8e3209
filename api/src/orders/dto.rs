//! The order as the order page reads and writes it (spec 3 §3 Order), and how it is built from the
//! aggregate: totals always come from the domain's rules, names of the linked company, contact
//! and contract from their tables.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::PgConnection;
use tribune_domain::money::Money;
use tribune_domain::order::{
    CardPayment, Customer, DeskPayment, ExtraInfoValue, Invoicing, Order, OrderContent, OrderLine,
    OrderStatus, PaymentStatus,
};
use tribune_domain::selling::totals::line_amounts;
use uuid::Uuid;

use crate::error::ApiError;
use crate::kit::sales::{company_ref, contact_ref, field_value_text};
pub use crate::kit::sales::{CompanyRef, ContactRef};
use crate::kit::text::clean;

#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineDto {
    #[serde(flatten)]
    pub line: OrderLine,
    pub total: Money,
}

#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderDto {
    pub id: Option<Uuid>,
    #[ts(type = "number")]
    pub version: usize,
    #[ts(type = "number | null")]
    pub order_number: Option<i64>,
    pub status: OrderStatus,
    pub payment_status: PaymentStatus,
    /// The card payment a provider reported (provider, reference, amount, card).
    pub card_payment: Option<CardPayment>,
    /// A point-of-sale order: how it was paid at the desk.
    pub desk_payment: Option<DeskPayment>,
    pub create_date: Option<DateTime<Utc>>,
    pub firstname: String,
    pub lastname: String,
    pub email: String,
    pub phone: String,
    pub description: Option<String>,
    pub internal: Option<String>,
    pub additional: Option<String>,
    pub category_id: Option<Uuid>,
    /// Custom field id → value.
    #[ts(type = "Record<string, string>")]
    pub field_values: BTreeMap<String, String>,
    pub extra_info: Vec<ExtraInfoValue>,
    pub order_lines: Vec<LineDto>,
    pub order_discount: Money,
    pub subtotal: Money,
    pub discount: Money,
    pub additional_fee: Money,
    pub vat: Money,
    pub total: Money,
    pub pre_payment_total: Money,
    pub regular_total: Money,
    pub company_id: Option<Uuid>,
    pub company: Option<CompanyRef>,
    pub contact_id: Option<Uuid>,
    pub contact: Option<ContactRef>,
    pub contract_id: Option<Uuid>,
    pub contract: Option<Value>,
    pub invoicing: Invoicing,
    pub is_pos: bool,
    pub prices_with_vat: bool,
    #[ts(type = "number")]
    pub vat_rate: i64,
    pub disable_vat: bool,
    /// A web-shop order's delivery: the address the buyer gave, or pick-up at the club.
    pub delivery: Option<tribune_domain::order::Delivery>,
}

impl OrderDto {
    /// The order as the aggregate holds it; `id` None for the template of a new one.
    pub fn from_order(id: Option<Uuid>, version: usize, order: &Order) -> OrderDto {
        let totals = order.totals();
        let c = &order.content;
        OrderDto {
            id,
            version,
            order_number: id.map(|_| order.number),
            status: order.status,
            payment_status: order.payment_status,
            card_payment: order.card_payment.clone(),
            desk_payment: order.desk_payment,
            create_date: order.created_at,
            firstname: c.customer.firstname.clone(),
            lastname: c.customer.lastname.clone(),
            email: c.customer.email.clone(),
            phone: c.customer.phone.clone(),
            description: c.description.clone(),
            internal: c.internal.clone(),
            additional: c.additional.clone(),
            category_id: c.category_id,
            field_values: c.field_values.clone(),
            extra_info: c.extra_info.clone(),
            order_lines: c
                .lines
                .iter()
                .map(|l| LineDto {
                    line: l.clone(),
                    total: line_amounts(l).total,
                })
                .collect(),
            order_discount: c.order_discount,
            subtotal: totals.subtotal,
            discount: totals.discount,
            additional_fee: totals.additional_fee,
            vat: totals.vat,
            total: totals.total,
            pre_payment_total: totals.pre_payment_total,
            regular_total: totals.regular_total,
            company_id: c.company_id,
            company: None,
            contact_id: c.contact_id,
            contact: None,
            contract_id: c.contract_id,
            contract: None,
            invoicing: c.invoicing.clone(),
            is_pos: order.is_pos,
            delivery: order.delivery.clone(),
            prices_with_vat: order.vat.prices_with_vat,
            vat_rate: order.vat.vat_rate,
            disable_vat: order.vat.disable_vat,
        }
    }

    /// Fills the linked company and contact (as they are now) from the club's tables.
    pub async fn with_links(mut self, conn: &mut PgConnection) -> Result<OrderDto, ApiError> {
        self.company = company_ref(&mut *conn, self.company_id).await?;
        self.contact = contact_ref(&mut *conn, self.contact_id).await?;
        Ok(self)
    }
}

/// The body of `POST /orders/update`: the order form. Read-only parts the page sends back
/// (totals, company, contact, numbers) are ignored.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderInput {
    pub id: Option<Uuid>,
    /// The version the page was loaded at; a newer one on the server is a conflict.
    pub version: Option<usize>,
    #[serde(default)]
    pub firstname: Option<String>,
    #[serde(default)]
    pub lastname: Option<String>,
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub phone: Option<String>,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub internal: Option<String>,
    #[serde(default)]
    pub additional: Option<String>,
    #[serde(default)]
    pub category_id: Option<Uuid>,
    #[serde(default)]
    #[schema(value_type = Object)]
    pub field_values: BTreeMap<String, Value>,
    #[serde(default)]
    #[schema(value_type = Vec<Object>)]
    pub extra_info: Vec<ExtraInfoValue>,
    #[serde(default)]
    #[schema(value_type = Vec<Object>)]
    pub order_lines: Vec<OrderLine>,
    /// Øre, an integer.
    #[serde(default)]
    pub order_discount: Option<Money>,
    #[serde(default)]
    pub company_id: Option<Uuid>,
    #[serde(default)]
    pub contact_id: Option<Uuid>,
    #[serde(default)]
    pub contract_id: Option<Uuid>,
    #[serde(default)]
    #[schema(value_type = Object)]
    pub invoicing: Option<Invoicing>,
}

fn text(value: &Option<String>) -> String {
    value
        .as_deref()
        .map(str::trim)
        .unwrap_or_default()
        .to_string()
}

impl OrderInput {
    pub fn content(&self) -> OrderContent {
        let lines = self
            .order_lines
            .iter()
            .cloned()
            .map(|mut line| {
                if line.id.is_nil() {
                    line.id = Uuid::new_v4();
                }
                line.title = line.title.trim().to_string();
                line.seat = clean(&line.seat);
                line.sku = clean(&line.sku);
                line.variant = clean(&line.variant);
                line.description = clean(&line.description);
                line
            })
            .collect();
        OrderContent {
            customer: Customer {
                firstname: text(&self.firstname),
                lastname: text(&self.lastname),
                email: text(&self.email),
                phone: text(&self.phone),
            },
            description: clean(&self.description),
            internal: clean(&self.internal),
            additional: clean(&self.additional),
            category_id: self.category_id,
            field_values: self
                .field_values
                .iter()
                .filter_map(|(k, v)| field_value_text(v).map(|v| (k.clone(), v)))
                .collect(),
            extra_info: self.extra_info.clone(),
            lines,
            order_discount: self.order_discount.unwrap_or(Money::ZERO),
            company_id: self.company_id,
            contact_id: self.contact_id,
            contract_id: self.contract_id,
            invoicing: self.invoicing.clone().unwrap_or_default(),
        }
    }
}

/// A ticket of the order as its Billetter tab lists it (issue 15): `code` is what the QR prints
/// and the download names.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderTicket {
    pub id: Uuid,
    pub code: String,
    #[ts(type = "number")]
    pub number: i64,
    pub name: Option<String>,
    pub company: Option<String>,
    pub product: String,
    pub section: Option<String>,
    pub row: Option<String>,
    pub seat_number: Option<String>,
    pub options: Vec<String>,
    pub extra_info: Vec<ExtraInfoValue>,
    /// 'issued' or 'voided'.
    pub status: String,
    pub scanned: bool,
}
