//! The contract as the contract editor reads and writes it (spec 3 §3 Contract), built from the
//! aggregate: totals always come from the domain's rules, the linked company and contact from
//! their tables.

use std::collections::BTreeMap;

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::PgConnection;
use tribune_domain::contract::{
    AgreementStatus, Contract, ContractContent, ContractLine, ContractStatus, InvoicingPlan,
    Signing,
};
use tribune_domain::money::Money;
use tribune_domain::selling::totals::line_amounts;
use uuid::Uuid;

use crate::error::ApiError;
use crate::kit::sales::{company_ref, contact_ref, field_value_text, CompanyRef, ContactRef};
use crate::kit::text::clean;

#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContractLineDto {
    #[serde(flatten)]
    pub line: ContractLine,
    pub total: Money,
}

/// Another contract this one is linked to ('Forny': its predecessor or successor).
#[derive(Debug, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContractLink {
    pub id: Uuid,
    #[ts(type = "number")]
    pub contract_number: i64,
}

#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContractDto {
    pub id: Option<Uuid>,
    #[ts(type = "number")]
    pub version: usize,
    #[ts(type = "number | null")]
    pub contract_number: Option<i64>,
    pub status: ContractStatus,
    pub agreement_status: AgreementStatus,
    pub create_date: Option<DateTime<Utc>>,
    pub category_id: Option<Uuid>,
    pub season_id: Option<Uuid>,
    pub description: Option<String>,
    pub internal: Option<String>,
    pub additional: Option<String>,
    pub contract_description: Option<String>,
    pub supplemental_description: Option<String>,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    pub no_end_date: bool,
    pub renew_date: Option<NaiveDate>,
    pub owner_id: Option<Uuid>,
    pub company_id: Option<Uuid>,
    pub company: Option<CompanyRef>,
    pub contact_id: Option<Uuid>,
    pub contact: Option<ContactRef>,
    pub contract_lines: Vec<ContractLineDto>,
    pub order_discount: Money,
    pub subtotal: Money,
    pub discount: Money,
    pub additional_fee: Money,
    pub vat: Money,
    pub total: Money,
    pub pre_payment_total: Money,
    pub regular_total: Money,
    pub invoicing: InvoicingPlan,
    /// Custom field id → value.
    #[ts(type = "Record<string, string>")]
    pub field_values: BTreeMap<String, String>,
    pub prices_with_vat: bool,
    #[ts(type = "number")]
    pub vat_rate: i64,
    pub disable_vat: bool,
    pub renewal_of: Option<ContractLink>,
    pub renewed_by: Option<ContractLink>,
    /// Sent for signing and not signed since.
    pub awaiting_signature: bool,
    pub signing: Option<Signing>,
    /// The signed copy among the contract's files.
    pub signed_file_id: Option<Uuid>,
}

impl ContractDto {
    /// The contract as the aggregate holds it; `id` None for the template of a new one.
    pub fn from_contract(id: Option<Uuid>, version: usize, contract: &Contract) -> ContractDto {
        let totals = contract.totals();
        let c = &contract.content;
        ContractDto {
            id,
            version,
            contract_number: id.map(|_| contract.number),
            status: contract.status,
            agreement_status: contract.agreement_status,
            create_date: contract.created_at,
            category_id: c.category_id,
            season_id: c.season_id,
            description: c.description.clone(),
            internal: c.internal.clone(),
            additional: c.additional.clone(),
            contract_description: c.contract_description.clone(),
            supplemental_description: c.supplemental_description.clone(),
            start_date: c.start_date,
            end_date: c.end_date,
            no_end_date: c.no_end_date,
            renew_date: c.renew_date,
            owner_id: c.owner_id,
            company_id: c.company_id,
            company: None,
            contact_id: c.contact_id,
            contact: None,
            contract_lines: c
                .lines
                .iter()
                .map(|l| ContractLineDto {
                    line: l.clone(),
                    total: line_amounts(&l.line).total,
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
            invoicing: c.invoicing.clone(),
            field_values: c.field_values.clone(),
            prices_with_vat: contract.vat.prices_with_vat,
            vat_rate: contract.vat.vat_rate,
            disable_vat: contract.vat.disable_vat,
            renewal_of: contract.renewal_of.map(|id| ContractLink {
                id,
                contract_number: 0,
            }),
            renewed_by: contract.renewed_by.map(|id| ContractLink {
                id,
                contract_number: 0,
            }),
            awaiting_signature: contract.awaiting_signature,
            signing: contract.signing.clone(),
            signed_file_id: contract.signed_copy.as_ref().map(|(id, _)| *id),
        }
    }

    /// Fills the linked company, contact and renewal links (as they are now) from the club's
    /// tables.
    pub async fn with_links(mut self, conn: &mut PgConnection) -> Result<ContractDto, ApiError> {
        self.company = company_ref(&mut *conn, self.company_id).await?;
        self.contact = contact_ref(&mut *conn, self.contact_id).await?;
        for link in [&mut self.renewal_of, &mut self.renewed_by] {
            if let Some(l) = link.as_mut() {
                let number: Option<i64> =
                    sqlx::query_scalar("SELECT number FROM contract_rows WHERE id = $1")
                        .bind(l.id)
                        .fetch_optional(&mut *conn)
                        .await?;
                match number {
                    Some(n) => l.contract_number = n,
                    None => *link = None,
                }
            }
        }
        Ok(self)
    }
}

/// The body of `POST /contracts/update`: the contract form. Read-only parts the page sends back
/// (totals, company, contact, numbers, statuses) are ignored.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContractInput {
    pub id: Option<Uuid>,
    /// The version the page was loaded at; a newer one on the server is a conflict.
    pub version: Option<usize>,
    #[serde(default)]
    pub category_id: Option<Uuid>,
    #[serde(default)]
    pub season_id: Option<Uuid>,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub internal: Option<String>,
    #[serde(default)]
    pub additional: Option<String>,
    #[serde(default)]
    pub contract_description: Option<String>,
    #[serde(default)]
    pub supplemental_description: Option<String>,
    #[serde(default)]
    pub start_date: Option<NaiveDate>,
    #[serde(default)]
    pub end_date: Option<NaiveDate>,
    #[serde(default)]
    pub no_end_date: bool,
    #[serde(default)]
    pub renew_date: Option<NaiveDate>,
    #[serde(default)]
    pub owner_id: Option<Uuid>,
    #[serde(default)]
    pub company_id: Option<Uuid>,
    #[serde(default)]
    pub contact_id: Option<Uuid>,
    #[serde(default)]
    #[schema(value_type = Vec<Object>)]
    pub contract_lines: Vec<ContractLine>,
    /// Øre, an integer.
    #[serde(default)]
    pub order_discount: Option<Money>,
    #[serde(default)]
    #[schema(value_type = Object)]
    pub invoicing: Option<InvoicingPlan>,
    #[serde(default)]
    #[schema(value_type = Object)]
    pub field_values: BTreeMap<String, Value>,
}

impl ContractInput {
    pub fn content(&self) -> ContractContent {
        let lines = self
            .contract_lines
            .iter()
            .cloned()
            .map(|mut l| {
                if l.line.id.is_nil() {
                    l.line.id = Uuid::new_v4();
                }
                l.line.title = l.line.title.trim().to_string();
                l.line.sku = clean(&l.line.sku);
                l.line.variant = clean(&l.line.variant);
                l.line.description = clean(&l.line.description);
                l.line.seat = clean(&l.line.seat);
                l
            })
            .collect();
        ContractContent {
            category_id: self.category_id,
            season_id: self.season_id,
            description: clean(&self.description),
            internal: clean(&self.internal),
            additional: clean(&self.additional),
            contract_description: clean(&self.contract_description),
            supplemental_description: clean(&self.supplemental_description),
            start_date: self.start_date,
            end_date: if self.no_end_date {
                None
            } else {
                self.end_date
            },
            no_end_date: self.no_end_date,
            renew_date: self.renew_date,
            owner_id: self.owner_id,
            company_id: self.company_id,
            contact_id: self.contact_id,
            lines,
            order_discount: self.order_discount.unwrap_or(Money::ZERO),
            invoicing: self.invoicing.clone().unwrap_or_default(),
            field_values: self
                .field_values
                .iter()
                .filter_map(|(k, v)| field_value_text(v).map(|v| (k.clone(), v)))
                .collect(),
        }
    }
}
