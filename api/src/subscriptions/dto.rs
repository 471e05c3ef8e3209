//! What the subscription pages send and receive (spec 3 §3 Subscription).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use tribune_domain::money::Money;
use tribune_domain::order::{Customer, LineOption, OrderLine};
use tribune_domain::selling::totals::line_amounts;
use tribune_domain::subscription::{
    FailedCharge, SavedCard, Subscription, SubscriptionContent, SubscriptionStatus,
};
use uuid::Uuid;

use crate::error::ApiError;
use crate::kit::sales::{company_ref, contact_ref, CompanyRef, ContactRef};

/// The card a subscription is charged on, as it may be shown.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionCard {
    pub brand: String,
    pub last4: String,
    #[ts(type = "number")]
    pub exp_month: u32,
    #[ts(type = "number")]
    pub exp_year: u32,
}

impl SubscriptionCard {
    pub fn of(card: &SavedCard) -> Self {
        SubscriptionCard {
            brand: card.brand.clone(),
            last4: card.last4.clone(),
            exp_month: card.exp_month,
            exp_year: card.exp_year,
        }
    }
}

/// The last failed charge, until its period is paid.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChargeProblem {
    pub period: String,
    #[ts(type = "number")]
    pub attempt: u32,
    pub reason: String,
    /// No more retries: a new card is needed.
    pub final_attempt: bool,
}

#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionDto {
    pub id: Option<Uuid>,
    #[ts(type = "number")]
    pub version: usize,
    #[ts(type = "number | null")]
    pub subscription_number: Option<i64>,
    pub status: SubscriptionStatus,
    #[serde(flatten)]
    #[ts(flatten)]
    pub content: SubscriptionContent,
    pub subtotal: Money,
    pub discount: Money,
    pub additional_fee: Money,
    pub vat: Money,
    pub total: Money,
    pub company: Option<CompanyRef>,
    pub contact: Option<ContactRef>,
    pub card: Option<SubscriptionCard>,
    pub next_payment: Option<NaiveDate>,
    pub commitment_date: Option<NaiveDate>,
    /// With auto-renew and an end date: the end date it renews to after the one it has (spec 3
    /// §3 `autoRenew`); none when it stops at its end date (or has none).
    pub renews_to: Option<NaiveDate>,
    /// The customer was told it renews after its present end date.
    pub renewal_noticed: bool,
    #[ts(type = "number")]
    pub periods_paid: usize,
    pub charge_problem: Option<ChargeProblem>,
    pub prices_with_vat: bool,
    #[ts(type = "number")]
    pub vat_rate: i64,
}

impl ChargeProblem {
    pub fn of(failed: &FailedCharge) -> Self {
        ChargeProblem {
            period: failed.period.clone(),
            attempt: failed.attempt,
            reason: failed.reason.clone(),
            final_attempt: failed.final_attempt,
        }
    }
}

impl SubscriptionDto {
    pub fn from_subscription(id: Option<Uuid>, version: usize, s: &Subscription) -> Self {
        let totals = s.totals();
        SubscriptionDto {
            id,
            version,
            subscription_number: id.map(|_| s.number),
            status: s.status,
            content: s.content.clone(),
            subtotal: totals.subtotal,
            discount: totals.discount,
            additional_fee: totals.additional_fee,
            vat: totals.vat,
            total: totals.total,
            company: None,
            contact: None,
            card: s.card.as_ref().map(SubscriptionCard::of),
            next_payment: s.next_payment(),
            commitment_date: s.commitment_date(),
            renews_to: s.renews_to(),
            renewal_noticed: s.renewal_noticed_for.is_some()
                && s.renewal_noticed_for == s.content.end_date.filter(|_| !s.content.no_end_date),
            periods_paid: s.charged.len(),
            charge_problem: s.failed.as_ref().map(ChargeProblem::of),
            prices_with_vat: s.vat.prices_with_vat,
            vat_rate: s.vat.vat_rate,
        }
    }

    pub async fn with_links(mut self, conn: &mut PgConnection) -> Result<Self, ApiError> {
        self.company = company_ref(&mut *conn, self.content.company_id).await?;
        self.contact = contact_ref(&mut *conn, self.content.contact_id).await?;
        Ok(self)
    }
}

/// The body of `POST /subscriptions/update`: the subscription form (totals and links the page
/// sends back are ignored).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionInput {
    pub id: Option<Uuid>,
    pub version: Option<usize>,
    #[serde(flatten)]
    #[schema(value_type = Object)]
    pub content: SubscriptionContent,
}

impl SubscriptionInput {
    /// The content with text trimmed and new lines given ids.
    pub fn content(&self) -> SubscriptionContent {
        let mut content = self.content.clone();
        let trim = |t: &Option<String>| {
            t.as_deref()
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(str::to_string)
        };
        content.description = trim(&content.description);
        content.internal = trim(&content.internal);
        content.lines = content
            .lines
            .into_iter()
            .map(|line| OrderLine {
                id: if line.id.is_nil() {
                    Uuid::new_v4()
                } else {
                    line.id
                },
                ..line
            })
            .collect();
        content.customer = Customer {
            firstname: content.customer.firstname.trim().to_string(),
            lastname: content.customer.lastname.trim().to_string(),
            email: content.customer.email.trim().to_string(),
            phone: content.customer.phone.trim().to_string(),
        };
        content
    }
}

/// `{id, version}` of a state change.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SubscriptionRef {
    pub id: Uuid,
    pub version: Option<usize>,
}

/// One line as the public page shows it: what it holds, the options on it, and in a draft the
/// options ('Tilvalg') the customer may choose.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicLine {
    pub id: Uuid,
    pub title: String,
    pub variant: Option<String>,
    #[ts(type = "number")]
    pub amount: i64,
    pub price: Money,
    /// With the options, times the amount.
    pub total: Money,
    #[ts(inline)]
    pub options: Vec<PublicLineOption>,
    /// The options of the line's product that are shown on checkout (`public`).
    #[ts(inline)]
    pub offered: Vec<OfferedOption>,
}

impl PublicLine {
    /// The line as it is, without what may be chosen (the customer's profile lists it so).
    pub fn of(line: &OrderLine) -> Self {
        PublicLine {
            id: line.id,
            title: line.title.clone(),
            variant: line.variant.clone(),
            amount: line.amount,
            price: line.price,
            total: line_amounts(line).total,
            options: line.options.iter().map(PublicLineOption::of).collect(),
            offered: Vec::new(),
        }
    }
}

/// An option on a line: 'Navnetryk (XL)' and its price per unit of the line.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicLineOption {
    /// With `variant_id`, which of the line's offered options it is, if one.
    pub product_id: Option<Uuid>,
    pub variant_id: Option<Uuid>,
    pub title: String,
    pub price: Money,
}

impl PublicLineOption {
    pub fn of(option: &LineOption) -> Self {
        PublicLineOption {
            product_id: option.product_id,
            variant_id: option.variant_id,
            title: option_title(&option.title, option.variant.as_deref()),
            price: option.price,
        }
    }
}

/// 'Navnetryk (XL)', as the line dialog names an option with a variant.
pub fn option_title(title: &str, variant: Option<&str>) -> String {
    match variant.map(str::trim).filter(|v| !v.is_empty()) {
        Some(variant) => format!("{title} ({variant})"),
        None => title.to_string(),
    }
}

/// An option the customer may tick on a line, and whether the line has it.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfferedOption {
    pub product_id: Uuid,
    pub variant_id: Option<Uuid>,
    pub title: String,
    /// Per unit of the line.
    pub price: Money,
    pub chosen: bool,
}

/// The body of `POST /public/subscriptions/{id}/update`: the options chosen on the lines it
/// names (a line not named keeps its options).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChosenOptions {
    pub order_lines: Vec<LineChoice>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineChoice {
    /// The line's id (`PublicLine.id`).
    pub id: Uuid,
    pub options: Vec<OptionChoice>,
}

/// One of the line's offered options, by its product and variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OptionChoice {
    pub product_id: Uuid,
    #[serde(default)]
    pub variant_id: Option<Uuid>,
}

/// The public subscription page (spec 3 §2, §4 Public subscription).
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicSubscription {
    #[ts(type = "number")]
    pub subscription_number: i64,
    pub club_name: String,
    pub status: SubscriptionStatus,
    /// Months between payments.
    #[ts(type = "number")]
    pub repeats: u32,
    /// The binding period in months.
    #[ts(type = "number")]
    pub commitment: u32,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    pub customer: Customer,
    pub lines: Vec<PublicLine>,
    pub subtotal: Money,
    pub vat: Money,
    pub total: Money,
    pub prices_with_vat: bool,
    pub card: Option<SubscriptionCard>,
    pub next_payment: Option<NaiveDate>,
    /// The customer can pay: with Stripe, activate or give a new card (not cancelled); with the
    /// window, pay the period that is due (`amount_due`).
    pub can_pay: bool,
    /// How the club takes payments: 'stripe' (a card saved and charged each period) or
    /// 'window' (each period paid in the hosted window); none when it takes no cards.
    pub pay_with: Option<String>,
    /// What the customer pays in the window now (a draft's first period, or a period that has
    /// fallen due), when anything.
    pub amount_due: Option<Money>,
    /// Why a charge failed, until it is paid.
    pub charge_problem: Option<ChargeProblem>,
}
