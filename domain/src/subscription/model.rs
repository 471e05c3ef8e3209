//! The values of a subscription (spec 3 §3 Subscription, customer-profile subscription).

use chrono::{Datelike, Days, Months, NaiveDate};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::money::Money;
use crate::selling::{Customer, OrderLine};

/// Kladde, Aktiv (approved), Annulleret.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, ts_rs::TS, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum SubscriptionStatus {
    #[default]
    Draft,
    Approved,
    Cancelled,
}

impl SubscriptionStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            SubscriptionStatus::Draft => "draft",
            SubscriptionStatus::Approved => "approved",
            SubscriptionStatus::Cancelled => "cancelled",
        }
    }
}

/// Everything of a subscription that a person edits on the subscription form.
#[derive(
    Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default, ts_rs::TS, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase", default)]
pub struct SubscriptionContent {
    pub season_id: Option<Uuid>,
    pub description: Option<String>,
    pub internal: Option<String>,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    pub no_end_date: bool,
    /// Months between payments (spec 3 §9: default 1).
    #[ts(type = "number | null")]
    pub repeats: Option<u32>,
    /// The binding period in months.
    #[ts(type = "number | null")]
    pub commitment: Option<u32>,
    pub auto_renew: bool,
    #[serde(rename = "orderLines")]
    pub lines: Vec<OrderLine>,
    pub order_discount: Money,
    /// 'Ansvarlig'.
    pub owner_id: Option<Uuid>,
    pub company_id: Option<Uuid>,
    pub contact_id: Option<Uuid>,
    /// Whom the subscription is for, as the public contact form keeps it.
    pub customer: Customer,
}

/// The card a subscription charges: the provider's customer and payment method, and what may
/// be shown of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct SavedCard {
    pub provider: String,
    pub customer: String,
    pub payment_method: String,
    pub brand: String,
    pub last4: String,
    pub exp_month: u32,
    pub exp_year: u32,
}

/// One period to charge: its key (its first day, `2026-11-01`), when it falls due (that day)
/// and what it costs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Period {
    pub key: String,
    pub due: NaiveDate,
    pub amount: Money,
}

/// `date` plus `months` (the end of a shorter month when the day does not exist).
pub fn add_months(date: NaiveDate, months: u32) -> NaiveDate {
    date.checked_add_months(Months::new(months)).unwrap_or(date)
}

/// How many days before its end date the customer of a subscription that renews by itself is
/// told that it will (the renewal notice): long enough to cancel before it renews.
pub const RENEWAL_NOTICE_DAYS: u64 = 30;

/// `date` plus `days`.
pub fn add_days(date: NaiveDate, days: u64) -> NaiveDate {
    date.checked_add_days(Days::new(days)).unwrap_or(date)
}

/// `date` minus `days`.
pub fn sub_days(date: NaiveDate, days: u64) -> NaiveDate {
    date.checked_sub_days(Days::new(days)).unwrap_or(date)
}

/// The whole months from `from` to `to`, a part of a month counting as one: 01-01-2026 to
/// 31-12-2026 is 12 (the smallest n with `from` plus n months on or after `to`).
pub fn months_between(from: NaiveDate, to: NaiveDate) -> u32 {
    if to <= from {
        return 0;
    }
    let months = (to.year() - from.year()) * 12 + to.month() as i32 - from.month() as i32;
    let months = u32::try_from(months).unwrap_or(0);
    if add_months(from, months) < to {
        months + 1
    } else {
        months
    }
}
