//! Recurring charges of subscriptions (issue 14): every approved subscription with a saved card
//! is charged off-session for each period that has fallen due, and the charge's invoice is made
//! booked and paid, with the receipt mailed. Run every hour by one of the servers, at once after a
//! customer activates a subscription, and by `tribune charge-subscriptions`.
//!
//! A period is charged at most once, whatever crashes: its `subscription_charges` row (with the
//! try's number, which names the idempotency key) is committed before the provider is asked, so
//! a run killed between the charge and its commit asks again with the same key and the provider
//! answers with the same payment; the charge, the invoice and the row's success commit together,
//! and the aggregate refuses a period twice. A declined charge is retried after 1, 3 and 7 days
//! (each try its own key), the customer is mailed a link to pay with another card, and after the
//! last try the subscription is flagged, not cancelled.
//!
//! A subscription without a card — its club takes payments in the hosted window, which keeps no
//! card, or its customer never saved one — is paid period by period by the customer: when a
//! period falls due the customer is mailed a link to the public page (once per period), and the
//! window's callback books the period here (`record_window_payment`) with its invoice and
//! receipt, exactly as a charge is booked.

use std::time::Duration;

use actix_web::web;
use chrono::{NaiveDate, Utc};
use sqlx::PgConnection;
use tokio::sync::watch;
use tribune_domain::money::Money;
use tribune_domain::subscription::{Period, Subscription, SubscriptionCommand, SubscriptionStatus};
use tribune_projections::db::{club_tx, system_tx};
use tribune_projections::store::CommandError;
use uuid::Uuid;

use super::service::{InvoiceService, Mailing, PaidPeriod};
use crate::error::ApiError;
use crate::integrations::payments::{PaymentError, PaymentState};
use crate::kit::actor::Actor;
use crate::mail::subscriptions::{self as subscription_mails, Sender};
use crate::payments::ledger::{link_url, PaymentRow, Purpose};
use crate::state::AppState;

/// How often the server looks for periods that have fallen due.
pub const EVERY: Duration = Duration::from_secs(60 * 60);

/// Days to wait after the n-th failed try before the next; after the last, no more tries.
pub const RETRY_AFTER_DAYS: [i64; 3] = [1, 3, 7];

/// How many subscriptions one run charges at most (the next run takes the rest).
const BATCH: i64 = 500;

/// What one period's charge came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Charge {
    Paid {
        invoice_id: Uuid,
    },
    /// Charged before (or by a runner at the same time).
    AlreadyPaid,
    /// Declined (or the bank wants the customer): retried later unless `final_attempt`.
    Failed {
        reason: String,
        final_attempt: bool,
    },
    /// Waiting for its retry, given up, or the provider did not answer: nothing changed.
    Skipped,
}

/// What a run did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct RecurringReport {
    pub paid: usize,
    pub failed: usize,
    pub skipped: usize,
    /// Links mailed for periods paid in the window.
    pub links: usize,
}

#[derive(sqlx::FromRow)]
struct ChargeRow {
    attempt: i32,
    status: String,
    next_try_at: Option<chrono::DateTime<Utc>>,
}

fn refused(err: CommandError<tribune_domain::subscription::SubscriptionError>) -> ApiError {
    err.into()
}

/// Charges every period due by `today` of every approved subscription with a card.
pub async fn charge_due(state: &AppState, today: NaiveDate) -> Result<RecurringReport, ApiError> {
    let mut tx = system_tx(&state.pool).await?;
    let due = tribune_projections::subscription::queries::due(&mut tx, today, BATCH).await?;
    tx.commit().await?;
    let mut report = RecurringReport::default();
    for (id, club) in due {
        match charge_subscription(state, club, id, today).await {
            Ok(charges) => {
                for charge in charges {
                    match charge {
                        Charge::Paid { .. } => report.paid += 1,
                        Charge::Failed { .. } => report.failed += 1,
                        Charge::AlreadyPaid | Charge::Skipped => report.skipped += 1,
                    }
                }
            }
            Err(err) => {
                report.failed += 1;
                tracing::warn!(subscription = %id, error = ?err, "recurring charge");
            }
        }
    }
    report.links = mail_due_links(state, today).await?;
    Ok(report)
}

/// Mails the link for each period that fell due on a subscription without a card, once per
/// period: the period's `subscription_charges` row is made with the mail's job, in one
/// transaction, and its existence says the link went out.
async fn mail_due_links(state: &AppState, today: NaiveDate) -> Result<usize, ApiError> {
    let mut tx = system_tx(&state.pool).await?;
    let due =
        tribune_projections::subscription::queries::due_by_link(&mut tx, today, BATCH).await?;
    tx.commit().await?;
    let mut mailed = 0;
    for (id, client_id, day) in due {
        let loaded = state
            .subscriptions
            .load_live(client_id, &id.to_string())
            .await
            .map_err(ApiError::from)?;
        let Some((subscription, _)) = loaded else {
            continue;
        };
        let mut tx = club_tx(&state.pool, client_id).await?;
        let period = Period {
            key: day.format("%Y-%m-%d").to_string(),
            due: day,
            amount: subscription.totals().total,
        };
        let fresh = open_charge(&mut tx, client_id, id, &period).await?;
        if !fresh || subscription.content.customer.email.trim().is_empty() {
            tx.commit().await?;
            continue;
        }
        let public_url = &state.settings.public_url;
        let link = link_url(&mut tx, client_id, Purpose::Subscription, id, public_url).await?;
        let sender = Sender {
            client_id,
            subscription_id: id,
            link: &link,
            created_by: None,
        };
        subscription_mails::queue(&mut tx, sender, |club, link| {
            subscription_mails::period_due(&subscription, club, day, link)
        })
        .await?;
        tx.commit().await?;
        mailed += 1;
    }
    Ok(mailed)
}

/// The window's callback for a payment of a subscription period: a draft is approved (the
/// activation), and the period booked with its invoice and receipt as a charge is. Idempotent:
/// a callback that comes again finds the period paid.
pub async fn record_window_payment(
    state: &AppState,
    payment: &PaymentRow,
    reference: &str,
    today: NaiveDate,
) -> Result<Charge, ApiError> {
    let Some(key) = payment.period.clone() else {
        return Ok(Charge::Skipped);
    };
    let Ok(due) = NaiveDate::parse_from_str(&key, "%Y-%m-%d") else {
        tracing::warn!(payment = %payment.id, period = %key, "a window payment for an unknown period");
        return Ok(Charge::Skipped);
    };
    let (client_id, id) = (payment.client_id, payment.owner_id);
    let (subscription, _) = state
        .subscriptions
        .load_live(client_id, &id.to_string())
        .await
        .map_err(ApiError::from)?
        .ok_or(ApiError::NotFound)?;
    let period = Period {
        key,
        due,
        amount: Money::ore(payment.amount),
    };
    let mut tx = club_tx(&state.pool, client_id).await?;
    open_charge(&mut tx, client_id, id, &period).await?;
    tx.commit().await?;
    record_paid(
        state,
        client_id,
        id,
        &subscription,
        &period,
        reference,
        today,
    )
    .await
}

/// Charges the periods of one subscription that are due by `today`, oldest first; stops at the
/// first that does not succeed.
pub async fn charge_subscription(
    state: &AppState,
    client_id: Uuid,
    id: Uuid,
    today: NaiveDate,
) -> Result<Vec<Charge>, ApiError> {
    let (subscription, _) = state
        .subscriptions
        .load_live(client_id, &id.to_string())
        .await
        .map_err(ApiError::from)?
        .ok_or(ApiError::NotFound)?;
    let mut charges = Vec::new();
    for period in subscription.periods_due(today) {
        let charge = charge_period(state, client_id, id, &subscription, &period, today).await?;
        let go_on = matches!(charge, Charge::Paid { .. } | Charge::AlreadyPaid);
        charges.push(charge);
        if !go_on {
            break;
        }
    }
    Ok(charges)
}

/// The period's `subscription_charges` row, made unless it exists; true when made now.
async fn open_charge(
    conn: &mut PgConnection,
    client_id: Uuid,
    id: Uuid,
    period: &Period,
) -> Result<bool, sqlx::Error> {
    let made = sqlx::query(
        "INSERT INTO subscription_charges (subscription_id, period, client_id, amount) VALUES ($1, $2, $3, $4) \
         ON CONFLICT DO NOTHING",
    )
    .bind(id)
    .bind(&period.key)
    .bind(client_id)
    .bind(period.amount.as_ore())
    .execute(conn)
    .await?
    .rows_affected();
    Ok(made == 1)
}

fn key(id: Uuid, period: &str, attempt: i32) -> String {
    format!("tribune-subscription-{id}-{period}-{attempt}")
}

async fn charge_period(
    state: &AppState,
    client_id: Uuid,
    id: Uuid,
    subscription: &Subscription,
    period: &Period,
    today: NaiveDate,
) -> Result<Charge, ApiError> {
    let Some(card) = subscription.card.clone() else {
        return Ok(Charge::Skipped);
    };
    // The row first, committed: its try number names the key the provider is asked with.
    let mut tx = club_tx(&state.pool, client_id).await?;
    open_charge(&mut tx, client_id, id, period).await?;
    let row: ChargeRow = sqlx::query_as(
        "SELECT attempt, status, next_try_at FROM subscription_charges WHERE subscription_id = $1 AND period = $2",
    )
    .bind(id)
    .bind(&period.key)
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    match row.status.as_str() {
        "succeeded" => return Ok(Charge::AlreadyPaid),
        "given_up" => return Ok(Charge::Skipped),
        "failed" if row.next_try_at.is_some_and(|at| at > Utc::now()) => {
            return Ok(Charge::Skipped)
        }
        _ => {}
    }
    let Some(stripe) = state.stripe.as_ref().filter(|_| card.provider == "stripe") else {
        tracing::warn!(subscription = %id, provider = %card.provider, "no client for the subscription's card");
        return Ok(Charge::Skipped);
    };
    let metadata = vec![
        ("tribune_subscription".to_string(), id.to_string()),
        ("tribune_period".to_string(), period.key.clone()),
        ("tribune_client".to_string(), client_id.to_string()),
    ];
    let outcome = stripe
        .charge_saved_card(
            &card.customer,
            &card.payment_method,
            period.amount,
            &metadata,
            &key(id, &period.key, row.attempt),
        )
        .await;
    let failure = match outcome {
        Ok(outcome) if outcome.state == PaymentState::Paid => {
            return record_paid(
                state,
                client_id,
                id,
                subscription,
                period,
                &outcome.reference,
                today,
            )
            .await;
        }
        Ok(outcome) => match outcome.state {
            PaymentState::RequiresAction => {
                "Banken kræver, at du godkender betalingen.".to_string()
            }
            PaymentState::Failed(reason) => reason,
            _ => "Betalingen blev ikke gennemført.".to_string(),
        },
        Err(PaymentError::Declined(reason)) => reason,
        Err(err @ PaymentError::Unavailable) => {
            // Asked again on the next run, with the same key.
            tracing::warn!(subscription = %id, period = %period.key, %err, "recurring charge postponed");
            return Ok(Charge::Skipped);
        }
        Err(err) => err.to_string(),
    };
    record_failed(
        state,
        client_id,
        id,
        subscription,
        period,
        row.attempt,
        failure,
    )
    .await
}

/// The charge, its invoice (booked and paid) and the row's success, in one transaction; then the
/// receipt.
async fn record_paid(
    state: &AppState,
    client_id: Uuid,
    id: Uuid,
    subscription: &Subscription,
    period: &Period,
    reference: &str,
    today: NaiveDate,
) -> Result<Charge, ApiError> {
    let actor = Actor::system(client_id, "Abonnementsbetaling");
    let service = InvoiceService::of(state);
    let mut tx = club_tx(&state.pool, client_id).await?;
    let status: String = sqlx::query_scalar(
        "SELECT status FROM subscription_charges WHERE subscription_id = $1 AND period = $2 FOR UPDATE",
    )
    .bind(id)
    .bind(&period.key)
    .fetch_one(&mut *tx)
    .await?;
    if status == "succeeded" {
        return Ok(Charge::AlreadyPaid);
    }
    if subscription.status == SubscriptionStatus::Draft {
        // Paid in the window on activation. The money is taken: the period is booked even if
        // staff changed the draft so that it no longer approves (they see it on the list).
        let approved = actor
            .record(
                &state.subscriptions,
                &mut tx,
                id,
                SubscriptionCommand::Approve,
                "subscription.activate",
                refused,
            )
            .await;
        if let Err(err) = approved {
            tracing::warn!(subscription = %id, error = ?err, "a draft paid in the window was not approved");
        }
    }
    let invoice_id = service
        .invoice_paid_period(
            &mut tx,
            &actor,
            PaidPeriod {
                subscription_id: id,
                subscription,
                period: &period.key,
                paid_on: today,
            },
        )
        .await?;
    let charged = SubscriptionCommand::RecordCharge {
        period: period.key.clone(),
        amount: period.amount,
        reference: reference.to_string(),
        invoice_id: Some(invoice_id),
    };
    let bus = &state.subscriptions;
    actor
        .record(bus, &mut tx, id, charged, "subscription.charge", refused)
        .await?;
    sqlx::query(
        "UPDATE subscription_charges SET status = 'succeeded', reference = $3, error = NULL, next_try_at = NULL, \
           updated_at = now() WHERE subscription_id = $1 AND period = $2",
    )
    .bind(id)
    .bind(&period.key)
    .bind(reference)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    // The receipt: queued as a mail job by the invoice service (a missing e-mail only logs).
    if let Err(err) = service
        .mail(&actor, invoice_id, None, Mailing::Receipt)
        .await
    {
        tracing::warn!(subscription = %id, invoice = %invoice_id, error = ?err, "the receipt of a subscription charge");
    }
    Ok(Charge::Paid { invoice_id })
}

/// A declined try: recorded on the subscription, the next try scheduled (or none after the
/// last), and the customer mailed a link to pay with another card.
async fn record_failed(
    state: &AppState,
    client_id: Uuid,
    id: Uuid,
    subscription: &Subscription,
    period: &Period,
    attempt: i32,
    reason: String,
) -> Result<Charge, ApiError> {
    let actor = Actor::system(client_id, "Abonnementsbetaling");
    let tries_left = usize::try_from(attempt)
        .ok()
        .and_then(|n| RETRY_AFTER_DAYS.get(n - 1).copied());
    let final_attempt = tries_left.is_none();
    let mut tx = club_tx(&state.pool, client_id).await?;
    // Two runners may have tried the same attempt at the same moment (two nodes' hourly runs, or
    // a run and an activation's job): the row, locked, says whether this try is still the one to
    // record. The other finds it recorded (or paid) and leaves it.
    let current: Option<(i32, String)> = sqlx::query_as(
        "SELECT attempt, status FROM subscription_charges WHERE subscription_id = $1 AND period = $2 FOR UPDATE",
    )
    .bind(id)
    .bind(&period.key)
    .fetch_optional(&mut *tx)
    .await?;
    let still_this_try = current.is_some_and(|(now, status)| {
        now == attempt && matches!(status.as_str(), "started" | "failed")
    });
    if !still_this_try {
        return Ok(Charge::Skipped);
    }
    let failed = SubscriptionCommand::RecordChargeFailed {
        period: period.key.clone(),
        attempt: u32::try_from(attempt).unwrap_or(1),
        reason: reason.clone(),
        final_attempt,
    };
    let bus = &state.subscriptions;
    actor
        .record(
            bus,
            &mut tx,
            id,
            failed,
            "subscription.charge-failed",
            refused,
        )
        .await?;
    // The next try gets its own number (and key): a declined payment is not asked again.
    sqlx::query(
        "UPDATE subscription_charges SET status = $3, attempt = attempt + 1, error = $4, \
           next_try_at = now() + make_interval(days => $5::int), updated_at = now() \
         WHERE subscription_id = $1 AND period = $2",
    )
    .bind(id)
    .bind(&period.key)
    .bind(if final_attempt { "given_up" } else { "failed" })
    .bind(&reason)
    .bind(i32::try_from(tries_left.unwrap_or(0)).unwrap_or(0))
    .execute(&mut *tx)
    .await?;
    mail_payment_link(&mut tx, state, &actor, id, subscription, &reason).await?;
    tx.commit().await?;
    Ok(Charge::Failed {
        reason,
        final_attempt,
    })
}

async fn mail_payment_link(
    conn: &mut PgConnection,
    state: &AppState,
    actor: &Actor,
    id: Uuid,
    subscription: &Subscription,
    reason: &str,
) -> Result<(), ApiError> {
    if subscription.content.customer.email.trim().is_empty() {
        return Ok(());
    }
    let public_url = &state.settings.public_url;
    let link = link_url(conn, actor.client_id, Purpose::Subscription, id, public_url).await?;
    let sender = Sender {
        client_id: actor.client_id,
        subscription_id: id,
        link: &link,
        created_by: None,
    };
    subscription_mails::queue(conn, sender, |club, link| {
        subscription_mails::charge_failed(subscription, club, reason, link)
    })
    .await
}

pub async fn run_until_stopped(state: web::Data<AppState>, stop: watch::Receiver<bool>) {
    crate::jobs::scan_every(
        "invoices.recurring",
        EVERY,
        state,
        stop,
        "recurring charges",
        |state, today| async move { charge_due(&state, today).await },
    )
    .await
}
