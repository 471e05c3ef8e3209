use std::collections::BTreeMap;

use chrono::{DateTime, NaiveDate, Utc};
use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::commands::SubscriptionCommand;
use super::error::SubscriptionError;
use super::events::SubscriptionEvent;
use super::model::{
    add_days, add_months, months_between, sub_days, Period, SavedCard, SubscriptionContent,
    SubscriptionStatus, RENEWAL_NOTICE_DAYS,
};
use crate::selling::rules::line_errors;
use crate::selling::{order_totals, Customer, FieldError, Invoicing, Totals, VatSettings};
use crate::tenancy::Tenanted;

/// How many periods ahead `periods_due` looks at most: a subscription left unpaid for years
/// is not charged for all of it at once.
const MAX_PERIODS_AT_ONCE: usize = 3;

/// A failed charge of a period: how many tries, and whether the retries are used up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct FailedCharge {
    pub period: String,
    pub attempt: u32,
    pub reason: String,
    pub final_attempt: bool,
}

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "SubscriptionRecord")]
pub struct Subscription {
    pub client_id: Option<Uuid>,
    pub number: i64,
    pub created_at: Option<DateTime<Utc>>,
    pub status: SubscriptionStatus,
    pub vat: VatSettings,
    pub deleted: bool,
    pub content: SubscriptionContent,
    pub card: Option<SavedCard>,
    /// Period key → the provider's reference of its charge.
    pub charged: BTreeMap<String, String>,
    /// The last failed charge, until that period is charged.
    pub failed: Option<FailedCharge>,
    pub cancelled_by_customer: bool,
    /// The first day of the current commitment period once the subscription has renewed by
    /// itself (before that, its start date is).
    #[serde(default)]
    pub renewed_from: Option<NaiveDate>,
    /// The end date the customer was told the subscription renews after (its renewal notice).
    #[serde(default)]
    pub renewal_noticed_for: Option<NaiveDate>,
}

impl Tenanted for Subscription {
    fn client_id(&self) -> Option<Uuid> {
        self.client_id
    }

    fn is_deleted(&self) -> bool {
        self.deleted
    }
}

impl Subscription {
    pub fn totals(&self) -> Totals {
        order_totals(
            &self.content.lines,
            self.content.order_discount,
            &Invoicing::default(),
            self.vat,
        )
    }

    /// Months between payments (at least 1).
    pub fn repeats(&self) -> u32 {
        self.content.repeats.unwrap_or(1).max(1)
    }

    /// The day the binding period ends: the start of the current commitment period (the start
    /// date, or the last renewal's first day) plus the commitment, and never after the end date,
    /// so that a customer can always cancel before a subscription renews by itself.
    pub fn commitment_date(&self) -> Option<NaiveDate> {
        let start = self.renewed_from.or(self.content.start_date)?;
        let date = add_months(start, self.content.commitment.unwrap_or(0));
        Some(match self.last_start() {
            Some(end) if end < date => end,
            _ => date,
        })
    }

    /// How many months a renewal adds to the end date: the commitment, or without one (0) the
    /// length of the current period (from the start, or the last renewal, to the end date) in
    /// whole months, at least one.
    pub fn renewal_months(&self) -> Option<u32> {
        match self.content.commitment {
            Some(months) if months > 0 => Some(months),
            _ => {
                let from = self.renewed_from.or(self.content.start_date)?;
                Some(months_between(from, self.last_start()?).max(1))
            }
        }
    }

    /// The end date the subscription renews to after its end date: `renewal_months` from the
    /// day after it, the day before (30-06-2026 with 6 months: 31-12-2026). None unless it
    /// renews by itself (auto-renew on, an end date, not cancelled).
    pub fn renews_to(&self) -> Option<NaiveDate> {
        if !self.content.auto_renew || self.status == SubscriptionStatus::Cancelled {
            return None;
        }
        let from = add_days(self.last_start()?, 1);
        Some(sub_days(add_months(from, self.renewal_months()?), 1))
    }

    /// The end date of an active subscription that renews by itself, or why it does not renew.
    fn renewing_end(&self) -> Result<NaiveDate, SubscriptionError> {
        if self.status != SubscriptionStatus::Approved {
            return Err(SubscriptionError::RenewOnlyActive);
        }
        match self.last_start() {
            Some(end) if self.content.auto_renew => Ok(end),
            _ => Err(SubscriptionError::NotRenewing),
        }
    }

    /// The last day a period may start: the end date, unless there is none.
    fn last_start(&self) -> Option<NaiveDate> {
        if self.content.no_end_date {
            None
        } else {
            self.content.end_date
        }
    }

    /// The periods in order from the start, as (key, first day), while they begin on or before
    /// the end date; at most `limit`.
    fn periods(&self, limit: usize) -> Vec<(String, NaiveDate)> {
        let Some(start) = self.content.start_date else {
            return Vec::new();
        };
        let mut periods = Vec::new();
        for n in 0.. {
            if periods.len() >= limit {
                break;
            }
            let Some(months) = u32::try_from(n)
                .ok()
                .and_then(|n| n.checked_mul(self.repeats()))
            else {
                break;
            };
            let day = add_months(start, months);
            if self.last_start().is_some_and(|end| day > end) || n > 10_000 {
                break;
            }
            periods.push((day.format("%Y-%m-%d").to_string(), day));
        }
        periods
    }

    /// The first period not charged yet, if one is left before the end date.
    pub fn next_payment(&self) -> Option<NaiveDate> {
        let charged = self.charged.len();
        self.periods(charged + 1_000)
            .into_iter()
            .find(|(key, _)| !self.charged.contains_key(key))
            .map(|(_, day)| day)
    }

    /// The periods due by `today` that are not charged: what the recurring job charges. Only an
    /// approved subscription with a card whose retries are not used up has any.
    pub fn periods_due(&self, today: NaiveDate) -> Vec<Period> {
        let retries_used_up = self.failed.as_ref().is_some_and(|f| f.final_attempt);
        if self.status != SubscriptionStatus::Approved
            || self.deleted
            || self.card.is_none()
            || retries_used_up
        {
            return Vec::new();
        }
        let amount = self.totals().total;
        self.periods(self.charged.len() + 1_000)
            .into_iter()
            .filter(|(key, day)| *day <= today && !self.charged.contains_key(key))
            .take(MAX_PERIODS_AT_ONCE)
            .map(|(key, due)| Period { key, due, amount })
            .collect()
    }

    fn exists(&self) -> Result<(), SubscriptionError> {
        if self.client_id.is_none() || self.deleted {
            return Err(SubscriptionError::NotFound);
        }
        Ok(())
    }
}

/// Spec 3 §5 Subscription: repeats and commitment are numbers, a contact is chosen (a company
/// is not required); the lines follow the order's rules; an end date is not before the start.
pub fn content_errors(content: &SubscriptionContent) -> Vec<FieldError> {
    let mut errors = Vec::new();
    match content.repeats {
        None => errors.push(FieldError::new("repeats", "Gentag hver skal udfyldes")),
        Some(0) => errors.push(FieldError::new(
            "repeats",
            "Gentag hver skal være mindst 1 måned",
        )),
        Some(n) if n > 120 => errors.push(FieldError::new(
            "repeats",
            "Gentag hver må højst være 120 måneder",
        )),
        _ => {}
    }
    match content.commitment {
        None => errors.push(FieldError::new("commitment", "Binding skal udfyldes")),
        Some(n) if n > 120 => errors.push(FieldError::new(
            "commitment",
            "Binding må højst være 120 måneder",
        )),
        _ => {}
    }
    if content.contact_id.is_none() {
        errors.push(FieldError::new("contactId", "Kontaktperson skal vælges"));
    }
    if let (Some(start), Some(end), false) =
        (content.start_date, content.end_date, content.no_end_date)
    {
        if end < start {
            errors.push(FieldError::new(
                "endDate",
                "Slutdato skal være efter startdato",
            ));
        }
    }
    if content.order_discount.is_negative() {
        errors.push(FieldError::new(
            "orderDiscount",
            "Rabatten kan ikke være negativ",
        ));
    }
    for (i, line) in content.lines.iter().enumerate() {
        errors.extend(line_errors(i, line));
    }
    errors
}

/// The public contact form (spec 3 §5): names and phone required, a valid e-mail.
pub fn contact_errors(customer: &Customer) -> Vec<FieldError> {
    let mut errors = Vec::new();
    for (field, value, message) in [
        ("firstname", &customer.firstname, "Fornavn skal udfyldes"),
        ("lastname", &customer.lastname, "Efternavn skal udfyldes"),
        ("phone", &customer.phone, "Telefon skal udfyldes"),
        ("email", &customer.email, "E-mail skal udfyldes"),
    ] {
        if value.trim().is_empty() {
            errors.push(FieldError::new(field, message));
        }
    }
    let email = customer.email.trim();
    if !email.is_empty() && !looks_like_email(email) {
        errors.push(FieldError::new("email", "E-mail er ikke gyldig"));
    }
    errors
}

fn looks_like_email(email: &str) -> bool {
    match email.split_once('@') {
        Some((local, domain)) => {
            !local.is_empty()
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
                && !email.chars().any(char::is_whitespace)
        }
        None => false,
    }
}

/// 31-12-2026, as a date reads in a message.
fn day_text(day: NaiveDate) -> String {
    day.format("%d-%m-%Y").to_string()
}

fn valid(errors: Vec<FieldError>) -> Result<(), SubscriptionError> {
    if errors.is_empty() {
        Ok(())
    } else {
        Err(SubscriptionError::Invalid(errors))
    }
}

impl Aggregate for Subscription {
    const TYPE: &'static str = "subscription";
    type Command = SubscriptionCommand;
    type Event = SubscriptionEvent;
    type Error = SubscriptionError;
    type Services = ();

    async fn handle(
        &mut self,
        command: SubscriptionCommand,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), SubscriptionError> {
        let events = self.decide(command)?;
        for event in events {
            sink.write(event, self).await;
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            SubscriptionEvent::Created {
                client_id,
                number,
                created_at,
                vat,
                content,
            } => {
                self.client_id = Some(client_id);
                self.number = number;
                self.created_at = Some(created_at);
                self.vat = vat;
                self.content = *content;
            }
            SubscriptionEvent::Updated { content } => self.content = *content,
            SubscriptionEvent::ContactChanged { customer } => self.content.customer = customer,
            SubscriptionEvent::Approved => self.status = SubscriptionStatus::Approved,
            SubscriptionEvent::Reopened => self.status = SubscriptionStatus::Draft,
            SubscriptionEvent::Cancelled { by_customer } => {
                self.status = SubscriptionStatus::Cancelled;
                self.cancelled_by_customer = by_customer;
            }
            SubscriptionEvent::Deleted => self.deleted = true,
            SubscriptionEvent::CardSaved { card } => {
                self.card = Some(card);
                // A new card gets a new round of retries.
                self.failed = None;
            }
            SubscriptionEvent::Charged {
                period, reference, ..
            } => {
                if self.failed.as_ref().is_some_and(|f| f.period == period) {
                    self.failed = None;
                }
                self.charged.insert(period, reference);
            }
            SubscriptionEvent::ChargeFailed {
                period,
                attempt,
                reason,
                final_attempt,
            } => {
                self.failed = Some(FailedCharge {
                    period,
                    attempt,
                    reason,
                    final_attempt,
                })
            }
            SubscriptionEvent::PaymentLinkSent { .. } => {}
            SubscriptionEvent::RenewalNoticeSent { end_date, .. } => {
                self.renewal_noticed_for = Some(end_date)
            }
            SubscriptionEvent::Renewed { from, to } => {
                self.renewed_from = Some(from);
                self.content.end_date = Some(to);
            }
        }
    }
}

impl Subscription {
    /// The state machine (spec 3 §4 Subscription status): what a command means, or why not.
    pub fn decide(
        &self,
        command: SubscriptionCommand,
    ) -> Result<Vec<SubscriptionEvent>, SubscriptionError> {
        if let SubscriptionCommand::Create {
            client_id,
            number,
            created_at,
            vat,
            content,
        } = command
        {
            if self.client_id.is_some() {
                return Err(SubscriptionError::AlreadyCreated);
            }
            valid(content_errors(&content))?;
            return Ok(vec![SubscriptionEvent::Created {
                client_id,
                number,
                created_at,
                vat,
                content: Box::new(content),
            }]);
        }
        self.exists()?;
        let status = self.status;
        let event = match command {
            SubscriptionCommand::Create { .. } => return Err(SubscriptionError::AlreadyCreated),
            SubscriptionCommand::Update { content } => {
                if status != SubscriptionStatus::Draft {
                    return Err(SubscriptionError::NotEditable);
                }
                valid(content_errors(&content))?;
                if content == self.content {
                    return Ok(vec![]);
                }
                SubscriptionEvent::Updated {
                    content: Box::new(content),
                }
            }
            SubscriptionCommand::ChangeContact { customer } => {
                if status != SubscriptionStatus::Draft {
                    return Err(SubscriptionError::NotEditable);
                }
                valid(contact_errors(&customer))?;
                if customer == self.content.customer {
                    return Ok(vec![]);
                }
                SubscriptionEvent::ContactChanged { customer }
            }
            SubscriptionCommand::Approve => {
                if status != SubscriptionStatus::Draft {
                    return Err(SubscriptionError::ApproveOnlyDraft);
                }
                let mut errors = content_errors(&self.content);
                if self.content.start_date.is_none() {
                    errors.push(FieldError::new("startDate", "Startdato skal udfyldes"));
                }
                valid(errors)?;
                if self.content.lines.is_empty() {
                    return Err(SubscriptionError::ApproveWithoutLines);
                }
                SubscriptionEvent::Approved
            }
            SubscriptionCommand::Reopen => match status {
                SubscriptionStatus::Approved => SubscriptionEvent::Reopened,
                _ => return Err(SubscriptionError::ReopenOnlyApproved),
            },
            SubscriptionCommand::Cancel { by_customer, today } => {
                if status != SubscriptionStatus::Approved {
                    return Err(SubscriptionError::CancelNotAllowed);
                }
                if let Some(until) = self.commitment_date().filter(|d| by_customer && today < *d) {
                    return Err(SubscriptionError::CommitmentNotOver(day_text(until)));
                }
                SubscriptionEvent::Cancelled { by_customer }
            }
            SubscriptionCommand::Delete => match status {
                SubscriptionStatus::Draft | SubscriptionStatus::Cancelled => {
                    SubscriptionEvent::Deleted
                }
                SubscriptionStatus::Approved => return Err(SubscriptionError::DeleteNotAllowed),
            },
            SubscriptionCommand::SaveCard { card } => {
                if status == SubscriptionStatus::Cancelled {
                    return Err(SubscriptionError::NotActive);
                }
                if self.card.as_ref() == Some(&card) {
                    return Ok(vec![]);
                }
                SubscriptionEvent::CardSaved { card }
            }
            SubscriptionCommand::RecordCharge {
                period,
                amount,
                reference,
                invoice_id,
            } => {
                if self.charged.contains_key(&period) {
                    return Err(SubscriptionError::PeriodAlreadyCharged(period));
                }
                SubscriptionEvent::Charged {
                    period,
                    amount,
                    reference,
                    invoice_id,
                }
            }
            SubscriptionCommand::RecordChargeFailed {
                period,
                attempt,
                reason,
                final_attempt,
            } => {
                if self.charged.contains_key(&period) {
                    return Err(SubscriptionError::PeriodAlreadyCharged(period));
                }
                SubscriptionEvent::ChargeFailed {
                    period,
                    attempt,
                    reason,
                    final_attempt,
                }
            }
            SubscriptionCommand::RecordPaymentLinkSent => {
                if status == SubscriptionStatus::Cancelled {
                    return Err(SubscriptionError::NotActive);
                }
                let email = self.content.customer.email.trim();
                if email.is_empty() {
                    return Err(SubscriptionError::NoEmail);
                }
                SubscriptionEvent::PaymentLinkSent {
                    email: email.to_string(),
                }
            }
            SubscriptionCommand::RecordRenewalNotice {
                expected_end,
                today,
            } => {
                let end = self.renewing_end()?;
                // Told already, renewed since, or past telling (it renews now).
                if end != expected_end || self.renewal_noticed_for == Some(end) || today > end {
                    return Ok(vec![]);
                }
                let from = sub_days(end, RENEWAL_NOTICE_DAYS);
                if today < from {
                    return Err(SubscriptionError::RenewalNoticeTooEarly(day_text(from)));
                }
                let email = self.content.customer.email.trim();
                if email.is_empty() {
                    return Err(SubscriptionError::NoEmail);
                }
                let renews_to = self.renews_to().ok_or(SubscriptionError::NotRenewing)?;
                SubscriptionEvent::RenewalNoticeSent {
                    end_date: end,
                    renews_to,
                    email: email.to_string(),
                }
            }
            SubscriptionCommand::Renew {
                expected_end,
                today,
            } => {
                let end = self.renewing_end()?;
                if end != expected_end {
                    return Ok(vec![]);
                }
                if today <= end {
                    return Err(SubscriptionError::NotEndedYet(day_text(end)));
                }
                let to = self.renews_to().ok_or(SubscriptionError::NotRenewing)?;
                SubscriptionEvent::Renewed {
                    from: add_days(end, 1),
                    to,
                }
            }
        };
        Ok(vec![event])
    }
}
