//! The values of a contract (spec 3 §3 Contract, Order/contract line, Product contractSetup).

use std::collections::BTreeMap;

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::plan::{InvoicingPlan, PlanKind};
use crate::money::Money;
use crate::selling::{Invoicing, InvoicingType, OrderLine};

/// A contract line's unit (the product's contractSetup.unit; spec 3 §9: stk, person, meter).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, ts_rs::TS, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    #[default]
    Stk,
    Person,
    Meter,
}

impl Unit {
    pub fn label(self) -> &'static str {
        match self {
            Unit::Stk => "stk",
            Unit::Person => "person",
            Unit::Meter => "meter",
        }
    }
}

/// An order line with the unit it is counted in. Contract lines are priced, discounted and
/// totalled exactly as order lines (`crate::selling::totals`).
#[derive(
    Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default, ts_rs::TS, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase", default)]
pub struct ContractLine {
    #[serde(flatten)]
    pub line: OrderLine,
    pub unit: Unit,
}

/// Everything of a contract that a person edits on the contract form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default, ts_rs::TS)]
#[serde(rename_all = "camelCase", default)]
pub struct ContractContent {
    pub category_id: Option<Uuid>,
    pub season_id: Option<Uuid>,
    pub description: Option<String>,
    pub internal: Option<String>,
    /// Rich text (cleaned on the way in).
    pub additional: Option<String>,
    pub contract_description: Option<String>,
    pub supplemental_description: Option<String>,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    pub no_end_date: bool,
    pub renew_date: Option<NaiveDate>,
    /// 'Ansvarlig'.
    pub owner_id: Option<Uuid>,
    pub company_id: Option<Uuid>,
    pub contact_id: Option<Uuid>,
    pub lines: Vec<ContractLine>,
    /// Set by editing the total: the difference comes off at contract level.
    pub order_discount: Money,
    pub invoicing: InvoicingPlan,
    pub field_values: BTreeMap<String, String>,
}

impl ContractContent {
    pub fn order_lines(&self) -> Vec<OrderLine> {
        self.lines.iter().map(|l| l.line.clone()).collect()
    }

    pub fn any_prepaid(&self) -> bool {
        self.lines
            .iter()
            .any(|l| l.line.pre_payment || l.line.options.iter().any(|o| o.pre_payment))
    }

    /// The part of the plan the shared totals read: a rates plan adds its fee.
    pub fn totals_invoicing(&self) -> Invoicing {
        let rates = self.invoicing.kind == Some(PlanKind::Rates);
        Invoicing {
            kind: rates.then_some(InvoicingType::Rates),
            rate_fee: if rates { self.invoicing.rate_fee } else { None },
            ..Invoicing::default()
        }
    }

    /// The contract's dates one period on, for 'Forny': the new period starts the day after the
    /// old one ends (or where it started, a year on, without an end date) and lasts as long.
    pub fn moved_one_period(&self) -> ContractContent {
        let mut next = self.clone();
        let year = |d: NaiveDate| d.checked_add_months(chrono::Months::new(12)).unwrap_or(d);
        let (start, end) = match (self.start_date, self.end_date) {
            (Some(start), Some(end)) if end >= start => {
                let next_start = end.succ_opt().unwrap_or(end);
                // A period of whole months (1 Jan – 31 Dec) stays whole months; any other
                // lasts as many days again.
                let months = (1..=240u32).find(|m| {
                    start.checked_add_months(chrono::Months::new(*m)) == Some(next_start)
                });
                let next_end = match months {
                    Some(m) => next_start
                        .checked_add_months(chrono::Months::new(m))
                        .and_then(|d| d.pred_opt()),
                    None => None,
                }
                .unwrap_or(next_start + (end - start));
                (Some(next_start), Some(next_end))
            }
            (start, end) => (start.map(year), end.map(year)),
        };
        next.start_date = start;
        next.end_date = end;
        next.renew_date = self.renew_date.map(year);
        let plan = &mut next.invoicing;
        plan.pre_payment_date = plan.pre_payment_date.map(year);
        plan.invoice_date = plan.invoice_date.map(year);
        plan.start_date = plan.start_date.map(year);
        for period in &mut plan.custom_periods {
            period.date = period.date.map(year);
        }
        for line in &mut next.lines {
            line.line.id = Uuid::new_v4();
        }
        next
    }
}

/// The signature given on the public signing page: who, when, from where, and the SHA-256 of
/// the exact PDF they were shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Signing {
    pub signer_name: String,
    pub signer_email: String,
    pub signed_at: DateTime<Utc>,
    pub ip: String,
    pub user_agent: String,
    pub document_sha256: String,
}
