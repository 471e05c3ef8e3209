//! A contract's invoicing plan (spec 3 §3 invoicing, §5 contract invoicing, §9 recurring
//! invoicing): how the contract is invoiced, stored on the contract, and the one question the
//! invoicing job will ask of it: which invoices are due up to a day and not yet made.
//!
//! - single: one invoice on the invoice date.
//! - rates: one invoice on the invoice date, with the rate fee on the subtotal (the totals).
//! - recurring: from the start date every `interval` months (to the end date when there is one),
//!   each for the suggested amount total × interval / 12 unless an amount is set.
//! - customPeriod: the dates and amounts the staff wrote, offered at interval-month steps from the
//!   start date to the end date; only for a contract with an end date.
//!
//! A prepayment, when any line or option is prepaid, is an invoice of its own on the prepayment
//! date for the prepaid part. Each due invoice has a key (its kind and date) that the invoice made
//! for it records, so asking again never makes it twice.

use chrono::{Months, NaiveDate};
use serde::{Deserialize, Serialize};

use crate::money::Money;
use crate::selling::FieldError;

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase")]
pub enum PlanKind {
    Single,
    Rates,
    Recurring,
    CustomPeriod,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomPeriod {
    pub date: Option<NaiveDate>,
    pub amount: Money,
}

#[derive(
    Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase", default)]
pub struct InvoicingPlan {
    /// None: no invoicing method ('Ingen').
    #[serde(rename = "type")]
    pub kind: Option<PlanKind>,
    pub pre_payment_date: Option<NaiveDate>,
    pub invoice_date: Option<NaiveDate>,
    /// Recurring: a set amount per invoice; None uses the suggested amount.
    pub amount: Option<Money>,
    /// Recurring and custom periods: months between invoices.
    pub intervals: Option<u32>,
    pub start_date: Option<NaiveDate>,
    /// Basis points of a percent (250 = 2,50 %), for rates.
    #[ts(type = "number | null")]
    pub rate_fee: Option<i64>,
    pub custom_periods: Vec<CustomPeriod>,
    pub split_payments: bool,
}

/// One invoice the plan says is due.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DueInvoice {
    /// `prepayment:2026-01-01`, `single:…`, `recurring:…`, `period:…`: recorded on the invoice
    /// made for it, so the same one is never made twice.
    pub key: String,
    pub date: NaiveDate,
    pub amount: Money,
}

/// What of the contract the plan's amounts come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlanTotals {
    pub total: Money,
    pub pre_payment_total: Money,
}

impl InvoicingPlan {
    /// The recurring amount the editor suggests: total × interval / 12 (spec 3 §9).
    pub fn suggested_amount(total: Money, interval_months: u32) -> Money {
        total.mul_div(i64::from(interval_months), 12)
    }

    /// The dates custom periods are offered at: every `interval` months from the start date up
    /// to and including the end date; none without an end date (spec 3 §9).
    pub fn custom_period_dates(
        start: NaiveDate,
        end: Option<NaiveDate>,
        interval: u32,
    ) -> Vec<NaiveDate> {
        let Some(end) = end else { return Vec::new() };
        steps(start, interval).take_while(|d| *d <= end).collect()
    }

    /// The rules of spec 3 §5 contract invoicing, with Danish messages on their fields.
    pub fn errors(&self, any_prepaid: bool, end_date: Option<NaiveDate>) -> Vec<FieldError> {
        let mut errors = Vec::new();
        let Some(kind) = self.kind else { return errors };
        let at = |field: &str| format!("invoicing.{field}");
        if any_prepaid && self.pre_payment_date.is_none() {
            errors.push(FieldError::new(
                at("prePaymentDate"),
                "Forudbetalingsdato skal udfyldes",
            ));
        }
        match kind {
            PlanKind::Single | PlanKind::Rates => {
                if self.invoice_date.is_none() {
                    errors.push(FieldError::new(
                        at("invoiceDate"),
                        "Fakturadato skal udfyldes",
                    ));
                }
                if kind == PlanKind::Rates
                    && self.rate_fee.is_some_and(|f| !(0..=10_000).contains(&f))
                {
                    errors.push(FieldError::new(
                        at("rateFee"),
                        "Rategebyret skal være mellem 0 og 100 %",
                    ));
                }
            }
            PlanKind::Recurring => {
                if !self.intervals.is_some_and(|i| (1..=120).contains(&i)) {
                    errors.push(FieldError::new(
                        at("intervals"),
                        "Interval skal være et antal måneder mellem 1 og 120",
                    ));
                }
                if self.start_date.is_none() {
                    errors.push(FieldError::new(at("startDate"), "Startdato skal udfyldes"));
                }
                if self.amount.is_some_and(Money::is_negative) {
                    errors.push(FieldError::new(
                        at("amount"),
                        "Beløbet kan ikke være negativt",
                    ));
                }
            }
            PlanKind::CustomPeriod => {
                if end_date.is_none() {
                    errors.push(FieldError::new(
                        at("customPeriods"),
                        "Perioder kræver at aftalen har en slutdato",
                    ));
                }
                for (i, period) in self.custom_periods.iter().enumerate() {
                    if period.date.is_none() {
                        errors.push(FieldError::new(
                            at(&format!("customPeriods.{i}.date")),
                            "Dato skal udfyldes",
                        ));
                    }
                    if period.amount.is_negative() {
                        errors.push(FieldError::new(
                            at(&format!("customPeriods.{i}.amount")),
                            "Beløbet kan ikke være negativt",
                        ));
                    }
                }
            }
        }
        errors
    }

    /// Every invoice the plan has made due on or before `day` whose key is not in `made`, oldest
    /// first. A plan with errors is never asked (the contract is approved only when valid).
    pub fn due_up_to(
        &self,
        totals: PlanTotals,
        end_date: Option<NaiveDate>,
        day: NaiveDate,
        made: &[String],
    ) -> Vec<DueInvoice> {
        let Some(kind) = self.kind else {
            return Vec::new();
        };
        let mut due = Vec::new();
        let prepaid = totals.pre_payment_total > Money::ZERO;
        if let (true, Some(date)) = (prepaid, self.pre_payment_date) {
            due.push(invoice("prepayment", date, totals.pre_payment_total));
        }
        // What is left once the prepayment is invoiced on its own.
        let regular = if prepaid && self.pre_payment_date.is_some() {
            totals.total - totals.pre_payment_total
        } else {
            totals.total
        };
        match kind {
            PlanKind::Single | PlanKind::Rates => {
                if let Some(date) = self.invoice_date {
                    due.push(invoice("single", date, regular));
                }
            }
            PlanKind::Recurring => {
                if let (Some(start), Some(interval)) = (self.start_date, self.intervals) {
                    let amount = self
                        .amount
                        .unwrap_or_else(|| InvoicingPlan::suggested_amount(regular, interval));
                    let until = end_date.map_or(day, |end| end.min(day));
                    due.extend(
                        steps(start, interval)
                            .take_while(|d| *d <= until)
                            .map(|d| invoice("recurring", d, amount)),
                    );
                }
            }
            PlanKind::CustomPeriod => {
                due.extend(
                    self.custom_periods
                        .iter()
                        .filter_map(|p| p.date.map(|d| invoice("period", d, p.amount))),
                );
            }
        }
        due.retain(|d| d.date <= day && !made.contains(&d.key));
        due.sort_by(|a, b| a.date.cmp(&b.date).then(a.key.cmp(&b.key)));
        due
    }
}

fn invoice(kind: &str, date: NaiveDate, amount: Money) -> DueInvoice {
    DueInvoice {
        key: format!("{kind}:{date}"),
        date,
        amount,
    }
}

/// `start`, `start + interval months`, … (the 31st steps to the month's last day). A zero
/// interval gives the start only.
fn steps(start: NaiveDate, interval: u32) -> impl Iterator<Item = NaiveDate> {
    (0u32..)
        .map_while(move |n| {
            if interval == 0 && n > 0 {
                return None;
            }
            start.checked_add_months(Months::new(n.checked_mul(interval)?))
        })
        .take(10_000)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default()
    }

    fn totals(total: i64, prepaid: i64) -> PlanTotals {
        PlanTotals {
            total: Money::ore(total),
            pre_payment_total: Money::ore(prepaid),
        }
    }

    fn recurring(start: NaiveDate, intervals: u32) -> InvoicingPlan {
        InvoicingPlan {
            kind: Some(PlanKind::Recurring),
            start_date: Some(start),
            intervals: Some(intervals),
            ..InvoicingPlan::default()
        }
    }

    #[test]
    fn the_suggested_recurring_amount_is_the_total_times_the_interval_over_twelve() {
        assert_eq!(
            InvoicingPlan::suggested_amount(Money::ore(120_000), 3),
            Money::ore(30_000)
        );
        assert_eq!(
            InvoicingPlan::suggested_amount(Money::ore(100_000), 1),
            Money::ore(8_333)
        );
    }

    #[test]
    fn custom_periods_are_offered_at_interval_steps_to_the_end_and_only_with_an_end_date() {
        let dates = InvoicingPlan::custom_period_dates(day(2026, 1, 31), Some(day(2026, 7, 31)), 3);
        assert_eq!(
            dates,
            vec![day(2026, 1, 31), day(2026, 4, 30), day(2026, 7, 31)]
        );
        assert!(InvoicingPlan::custom_period_dates(day(2026, 1, 1), None, 3).is_empty());
    }

    #[test]
    fn a_plan_names_each_missing_field_in_danish() {
        let plan = InvoicingPlan {
            kind: Some(PlanKind::Recurring),
            ..InvoicingPlan::default()
        };
        let fields: Vec<String> = plan
            .errors(true, None)
            .into_iter()
            .map(|e| e.field)
            .collect();
        assert_eq!(
            fields,
            [
                "invoicing.prePaymentDate",
                "invoicing.intervals",
                "invoicing.startDate"
            ]
        );
        let single = InvoicingPlan {
            kind: Some(PlanKind::Single),
            ..InvoicingPlan::default()
        };
        assert_eq!(
            single.errors(false, None)[0].message,
            "Fakturadato skal udfyldes"
        );
        let periods = InvoicingPlan {
            kind: Some(PlanKind::CustomPeriod),
            custom_periods: vec![CustomPeriod {
                date: None,
                amount: Money::ore(1),
            }],
            ..InvoicingPlan::default()
        };
        let fields: Vec<String> = periods
            .errors(false, None)
            .into_iter()
            .map(|e| e.field)
            .collect();
        assert_eq!(
            fields,
            ["invoicing.customPeriods", "invoicing.customPeriods.0.date"]
        );
        assert!(InvoicingPlan::default().errors(true, None).is_empty());
    }

    #[test]
    fn recurring_invoices_fall_due_every_interval_until_the_day_or_the_end() {
        let plan = recurring(day(2026, 1, 1), 3);
        let due = plan.due_up_to(totals(120_000, 0), None, day(2026, 7, 1), &[]);
        let dates: Vec<NaiveDate> = due.iter().map(|d| d.date).collect();
        assert_eq!(
            dates,
            vec![day(2026, 1, 1), day(2026, 4, 1), day(2026, 7, 1)]
        );
        assert!(due.iter().all(|d| d.amount == Money::ore(30_000)));
        let ended = plan.due_up_to(
            totals(120_000, 0),
            Some(day(2026, 5, 1)),
            day(2027, 1, 1),
            &[],
        );
        assert_eq!(ended.len(), 2);
    }

    #[test]
    fn an_invoice_already_made_is_never_due_again() {
        let plan = recurring(day(2026, 1, 1), 1);
        let first = plan.due_up_to(totals(120_000, 0), None, day(2026, 2, 15), &[]);
        assert_eq!(first.len(), 2);
        let made: Vec<String> = first.iter().map(|d| d.key.clone()).collect();
        assert!(plan
            .due_up_to(totals(120_000, 0), None, day(2026, 2, 15), &made)
            .is_empty());
        let next = plan.due_up_to(totals(120_000, 0), None, day(2026, 3, 1), &made);
        assert_eq!(next.len(), 1);
        assert_eq!(next[0].key, "recurring:2026-03-01");
    }

    #[test]
    fn a_prepayment_is_its_own_invoice_and_the_rest_follows_the_plan() {
        let plan = InvoicingPlan {
            kind: Some(PlanKind::Single),
            pre_payment_date: Some(day(2026, 1, 10)),
            invoice_date: Some(day(2026, 3, 1)),
            ..InvoicingPlan::default()
        };
        let due = plan.due_up_to(totals(100_000, 25_000), None, day(2026, 12, 31), &[]);
        assert_eq!(
            due,
            vec![
                DueInvoice {
                    key: "prepayment:2026-01-10".into(),
                    date: day(2026, 1, 10),
                    amount: Money::ore(25_000),
                },
                DueInvoice {
                    key: "single:2026-03-01".into(),
                    date: day(2026, 3, 1),
                    amount: Money::ore(75_000),
                },
            ]
        );
        assert_eq!(
            plan.due_up_to(totals(100_000, 25_000), None, day(2026, 2, 1), &[])
                .len(),
            1
        );
    }

    #[test]
    fn custom_periods_fall_due_on_their_own_dates_and_amounts() {
        let plan = InvoicingPlan {
            kind: Some(PlanKind::CustomPeriod),
            custom_periods: vec![
                CustomPeriod {
                    date: Some(day(2026, 6, 1)),
                    amount: Money::ore(40_000),
                },
                CustomPeriod {
                    date: Some(day(2026, 1, 1)),
                    amount: Money::ore(60_000),
                },
            ],
            ..InvoicingPlan::default()
        };
        let due = plan.due_up_to(
            totals(100_000, 0),
            Some(day(2026, 12, 31)),
            day(2026, 12, 31),
            &[],
        );
        let amounts: Vec<Money> = due.iter().map(|d| d.amount).collect();
        assert_eq!(amounts, vec![Money::ore(60_000), Money::ore(40_000)]);
    }

    #[test]
    fn no_method_means_nothing_is_ever_due() {
        let due = InvoicingPlan::default().due_up_to(totals(1, 1), None, day(2030, 1, 1), &[]);
        assert!(due.is_empty());
    }
}
