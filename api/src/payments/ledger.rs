//! Card payments as every area uses them (issue 14): which provider a club takes cards through,
//! the ledger of payments started with it (`payments`), the links that let a customer pay
//! without a session (`payment_links`), and what a provider's report does to the order it is
//! about. The provider clients themselves are `crate::integrations::payments`.
//!
//! Only the server's read of a payment (Stripe), a signed webhook, or a window callback with a
//! valid hash settles anything; each report is idempotent, and a second payment of an order that
//! is already paid is given back at once, so an order is never paid twice.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use tribune_domain::money::Money;
use tribune_domain::order::{CardPayment, OrderError, PaidCard};
use tribune_projections::db::{club_tx, system_tx};
use tribune_projections::store::CommandError;
use uuid::Uuid;

use crate::error::ApiError;
use crate::integrations::payments::{
    Capture, CardSummary, CardUse, KeptCard, PaymentError, PaymentOutcome, PaymentProvider,
    PaymentRequest, PaymentStart, PaymentState, ProviderKind, StripeClient, CURRENCY,
};
use crate::kit::actor::Actor;
use crate::kit::secrets::{digest, random_secret};
use crate::state::AppState;

/// Where the window calls the server back.
pub const WINDOW_CALLBACK_PATH: &str = "/api/public/payments/window/callback";

pub const LINK_INVALID: &str = "Linket er ikke gyldigt. Bed klubben om et nyt betalingslink.";

/// `?token=` of a payment link.
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
pub struct LinkQuery {
    /// The token of the mailed link.
    #[serde(default)]
    pub token: String,
}

/// What a payment pays for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Order,
    Subscription,
}

impl Purpose {
    pub fn as_str(self) -> &'static str {
        match self {
            Purpose::Order => "order",
            Purpose::Subscription => "subscription",
        }
    }
}

impl From<PaymentError> for ApiError {
    fn from(err: PaymentError) -> Self {
        match err {
            PaymentError::Unavailable => ApiError::Unavailable(err.to_string()),
            other => ApiError::invalid(other.to_string()),
        }
    }
}

/// The club's provider: the orders module's feature `payments` with its setting `provider`
/// ('stripe' or 'window'), as the admin's features picker sets it; None when the club takes no
/// cards.
pub async fn club_provider_kind(
    conn: &mut PgConnection,
    client_id: Uuid,
) -> Result<Option<ProviderKind>, sqlx::Error> {
    let kind: Option<String> = sqlx::query_scalar(
        "SELECT cm.features->'payments'->>'provider' FROM client_modules cm \
         JOIN modules m ON m.id = cm.module_id \
         WHERE cm.client_id = $1 AND m.alias = 'orders' AND cm.active",
    )
    .bind(client_id)
    .fetch_optional(conn)
    .await?
    .flatten();
    Ok(kind.as_deref().and_then(ProviderKind::parse))
}

/// The client of a provider kind, when this installation has it.
pub fn provider(
    state: &AppState,
    kind: ProviderKind,
) -> Result<Arc<dyn PaymentProvider>, PaymentError> {
    match kind {
        ProviderKind::Stripe => state
            .stripe
            .clone()
            .map(|stripe| stripe as Arc<dyn PaymentProvider>)
            .ok_or(PaymentError::NotConfigured),
        ProviderKind::Window => state
            .window
            .clone()
            .map(|window| window as Arc<dyn PaymentProvider>)
            .ok_or(PaymentError::NotConfigured),
    }
}

/// One row of the ledger.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PaymentRow {
    pub id: Uuid,
    pub client_id: Uuid,
    pub number: i64,
    pub provider: String,
    pub purpose: String,
    pub owner_id: Uuid,
    pub amount: i64,
    pub capture: String,
    pub reference: Option<String>,
    pub status: String,
    /// Why the last try failed, for the payer.
    pub error: Option<String>,
    /// The subscription period a payment in the window pays (its first day, `2026-11-01`).
    pub period: Option<String>,
}

const ROW: &str =
    "id, client_id, number, provider, purpose, owner_id, amount, capture, reference, status, \
                   error, period";

/// A payment to start for an order or a subscription.
pub struct StartPayment {
    pub purpose: Purpose,
    pub owner_id: Uuid,
    pub amount: Money,
    pub capture: Capture,
    /// The provider's customer, when the payer has one (saved cards).
    pub customer: Option<String>,
    /// Where the payer comes back to (the window adds its parameters).
    pub accept_url: String,
    pub cancel_url: String,
    /// The subscription period it pays, if any.
    pub period: Option<String>,
    /// A saved card to pay with, and whether to keep the card (Stripe only).
    pub card: CardUse,
}

/// Records a payment in the ledger and asks the club's provider to start it: the idempotency
/// key is the ledger row's, so a retried start never makes a second payment.
pub async fn start(
    state: &AppState,
    client_id: Uuid,
    payment: StartPayment,
) -> Result<PaymentStart, ApiError> {
    if payment.amount <= Money::ZERO {
        return Err(ApiError::invalid("Der er intet at betale."));
    }
    let mut tx = club_tx(&state.pool, client_id).await?;
    let kind = club_provider_kind(&mut tx, client_id)
        .await?
        .ok_or(PaymentError::NotConfigured)?;
    let started = start_in(&mut tx, state, client_id, kind, payment).await?;
    tx.commit().await?;
    Ok(started)
}

/// `start` inside the caller's club transaction, with the club's provider `kind` known. Only for
/// a provider that answers without the network (the window): a Stripe start is a call to Stripe,
/// which must not hold the caller's locks.
pub async fn start_in(
    conn: &mut PgConnection,
    state: &AppState,
    client_id: Uuid,
    kind: ProviderKind,
    payment: StartPayment,
) -> Result<PaymentStart, ApiError> {
    start_many_in(conn, state, client_id, kind, vec![payment])
        .await?
        .pop()
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("no payment started")))
}

/// `start_in` for several payments at once (a batch of bookings): one insert into the ledger;
/// the starts in the payments' order.
pub async fn start_many_in(
    conn: &mut PgConnection,
    state: &AppState,
    client_id: Uuid,
    kind: ProviderKind,
    payments: Vec<StartPayment>,
) -> Result<Vec<PaymentStart>, ApiError> {
    if payments.iter().any(|p| p.amount <= Money::ZERO) {
        return Err(ApiError::invalid("Der er intet at betale."));
    }
    let provider = provider(state, kind)?;
    let ids: Vec<Uuid> = payments.iter().map(|_| Uuid::new_v4()).collect();
    let capture = |p: &StartPayment| match p.capture {
        Capture::Automatic => "automatic",
        Capture::Manual => "manual",
    };
    let numbers: Vec<(Uuid, i64)> = sqlx::query_as(
        "INSERT INTO payments (id, client_id, provider, purpose, owner_id, amount, capture, period) \
         SELECT p.id, $2, $3, p.purpose, p.owner, p.amount, p.capture, p.period \
         FROM unnest($1::uuid[], $4::text[], $5::uuid[], $6::bigint[], $7::text[], $8::text[]) \
           WITH ORDINALITY AS p(id, purpose, owner, amount, capture, period, n) \
         ORDER BY p.n RETURNING id, number",
    )
    .bind(&ids)
    .bind(client_id)
    .bind(kind.as_str())
    .bind(payments.iter().map(|p| p.purpose.as_str()).collect::<Vec<_>>())
    .bind(payments.iter().map(|p| p.owner_id).collect::<Vec<_>>())
    .bind(payments.iter().map(|p| p.amount.as_ore()).collect::<Vec<_>>())
    .bind(payments.iter().map(capture).collect::<Vec<_>>())
    .bind(payments.iter().map(|p| p.period.clone()).collect::<Vec<_>>())
    .fetch_all(&mut *conn)
    .await?;
    let numbers: HashMap<Uuid, i64> = numbers.into_iter().collect();
    let public_url = state.settings.public_url.trim_end_matches('/');
    let mut started = Vec::with_capacity(payments.len());
    let mut references: (Vec<Uuid>, Vec<String>) = Default::default();
    for (id, payment) in ids.into_iter().zip(payments) {
        let number = numbers
            .get(&id)
            .copied()
            .ok_or_else(|| ApiError::internal(anyhow::anyhow!("payment {id} got no number")))?;
        let request = PaymentRequest {
            number,
            key: format!("tribune-payment-{id}"),
            amount: payment.amount,
            capture: payment.capture,
            customer: payment.customer,
            metadata: vec![
                ("tribune_payment".into(), id.to_string()),
                ("tribune_client".into(), client_id.to_string()),
                (
                    format!("tribune_{}", payment.purpose.as_str()),
                    payment.owner_id.to_string(),
                ),
            ],
            card: payment.card,
            accept_url: payment.accept_url,
            cancel_url: payment.cancel_url,
            callback_url: format!("{public_url}{WINDOW_CALLBACK_PATH}"),
        };
        let (reference, start) = provider.start(&request).await?;
        if let Some(reference) = reference {
            references.0.push(id);
            references.1.push(reference);
        }
        started.push(start);
    }
    if !references.0.is_empty() {
        sqlx::query(
            "UPDATE payments p SET reference = r.reference \
             FROM unnest($1::uuid[], $2::text[]) AS r(id, reference) WHERE p.id = r.id",
        )
        .bind(&references.0)
        .bind(&references.1)
        .execute(&mut *conn)
        .await?;
    }
    Ok(started)
}

/// A payment by its provider's reference, whatever club it is (a webhook knows no club).
pub async fn by_reference(
    pool: &PgPool,
    kind: ProviderKind,
    reference: &str,
) -> Result<Option<PaymentRow>, sqlx::Error> {
    let mut tx = system_tx(pool).await?;
    let row = sqlx::query_as(&format!(
        "SELECT {ROW} FROM payments WHERE provider = $1 AND reference = $2"
    ))
    .bind(kind.as_str())
    .bind(reference)
    .fetch_optional(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(row)
}

/// A payment by its id (a PaymentIntent's `tribune_payment`), whatever club it is.
pub async fn by_id(pool: &PgPool, id: Uuid) -> Result<Option<PaymentRow>, sqlx::Error> {
    let mut tx = system_tx(pool).await?;
    let row = sqlx::query_as(&format!("SELECT {ROW} FROM payments WHERE id = $1"))
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(row)
}

/// A payment by its number (the window's `orderid`), whatever club it is.
pub async fn by_number(pool: &PgPool, number: i64) -> Result<Option<PaymentRow>, sqlx::Error> {
    let mut tx = system_tx(pool).await?;
    let row = sqlx::query_as(&format!("SELECT {ROW} FROM payments WHERE number = $1"))
        .bind(number)
        .fetch_optional(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(row)
}

/// The newest payment of an order or subscription with a reference, in its club.
pub async fn latest_for(
    conn: &mut PgConnection,
    owner_id: Uuid,
) -> Result<Option<PaymentRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {ROW} FROM payments WHERE owner_id = $1 AND reference IS NOT NULL \
         ORDER BY created_at DESC LIMIT 1"
    ))
    .bind(owner_id)
    .fetch_optional(conn)
    .await
}

/// A payment as an invoice's page lists it.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentLine {
    #[ts(type = "number")]
    pub number: i64,
    /// 'stripe' or 'window'.
    pub provider: String,
    /// Øre.
    #[ts(type = "number")]
    pub amount: i64,
    /// 'started', 'requires_action', 'authorized', 'paid', 'failed', 'cancelled' or 'refunded'.
    pub status: String,
    pub reference: Option<String>,
    pub period: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The payments of an order or subscription, newest first, in its club; of a subscription, only
/// those of `period` (or of no named period: a saved card's charges name none).
pub async fn payments_of(
    conn: &mut PgConnection,
    owner_id: Uuid,
    period: Option<&str>,
) -> Result<Vec<PaymentLine>, sqlx::Error> {
    sqlx::query_as(
        "SELECT number, provider, amount, status, reference, period, created_at, updated_at \
         FROM payments WHERE owner_id = $1 AND ($2::text IS NULL OR period IS NULL OR period = $2) \
         ORDER BY created_at DESC, number DESC",
    )
    .bind(owner_id)
    .bind(period)
    .fetch_all(conn)
    .await
}

/// A payment of `owner_id` by reference, in its club (the payer's return names one).
pub async fn of_owner(
    conn: &mut PgConnection,
    owner_id: Uuid,
    reference: &str,
) -> Result<Option<PaymentRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {ROW} FROM payments WHERE owner_id = $1 AND reference = $2"
    ))
    .bind(owner_id)
    .bind(reference)
    .fetch_optional(conn)
    .await
}

fn status_text(state: &PaymentState) -> &'static str {
    match state {
        PaymentState::Pending => "started",
        PaymentState::RequiresAction => "requires_action",
        PaymentState::Authorized => "authorized",
        PaymentState::Paid => "paid",
        PaymentState::Failed(_) => "failed",
        PaymentState::Cancelled => "cancelled",
    }
}

fn paid_card(card: &CardSummary) -> PaidCard {
    PaidCard {
        brand: card.brand.clone(),
        last4: card.last4.clone(),
        exp_month: card.exp_month,
        exp_year: card.exp_year,
    }
}

/// What settling a report did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Settled {
    /// The report was applied (or changed nothing because it was known).
    Applied,
    /// This webhook delivery was applied before.
    AlreadyHandled,
    /// The order was already paid by another payment: this one was given back.
    GivenBack,
    /// The report does not match the payment (`Mismatch`): recorded, nothing settled.
    Mismatch,
}

/// How a report differs from what Tribune asked of the provider for a payment: the amount and
/// currency it started the payment with, and (Stripe) the PaymentIntent it created for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    pub expected_amount: i64,
    pub expected_currency: &'static str,
    /// None for a window payment before its first callback (the window names it).
    pub expected_reference: Option<String>,
}

impl Mismatch {
    /// None when `outcome` is about `row` as Tribune started it.
    pub fn of(row: &PaymentRow, outcome: &PaymentOutcome) -> Option<Mismatch> {
        // The PaymentIntent is Tribune's from its start; the window's transaction is named
        // only by its callback, whose hash covers the payment's number.
        let foreign = row.provider == ProviderKind::Stripe.as_str()
            && row.reference.as_deref() != Some(outcome.reference.as_str());
        let differs = outcome.amount.as_ore() != row.amount || outcome.currency != CURRENCY;
        (foreign || differs).then(|| Mismatch {
            expected_amount: row.amount,
            expected_currency: CURRENCY,
            expected_reference: row.reference.clone(),
        })
    }
}

/// Keeps a report that did not match its payment, in the caller's club transaction, and says so
/// at error: such a report is a provider's fault or a forgery, for the staff to look into.
async fn record_mismatch(
    conn: &mut PgConnection,
    row: &PaymentRow,
    outcome: &PaymentOutcome,
    mismatch: &Mismatch,
    source: &str,
    event_id: Option<&str>,
) -> Result<(), sqlx::Error> {
    tracing::error!(
        payment = %row.id,
        purpose = %row.purpose,
        order = %row.owner_id,
        source,
        event_id,
        expected_amount = mismatch.expected_amount,
        reported_amount = outcome.amount.as_ore(),
        reported_currency = %outcome.currency,
        expected_reference = ?mismatch.expected_reference,
        reported_reference = %outcome.reference,
        "a payment report does not match the payment: not settled"
    );
    sqlx::query(
        "INSERT INTO payment_mismatches (id, client_id, payment_id, owner_id, provider, source, \
           event_id, expected_amount, reported_amount, expected_currency, reported_currency, \
           expected_reference, reported_reference) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
    )
    .bind(Uuid::new_v4())
    .bind(row.client_id)
    .bind(row.id)
    .bind(row.owner_id)
    .bind(&row.provider)
    .bind(source)
    .bind(event_id)
    .bind(mismatch.expected_amount)
    .bind(outcome.amount.as_ore())
    .bind(mismatch.expected_currency)
    .bind(&outcome.currency)
    .bind(&mismatch.expected_reference)
    .bind(&outcome.reference)
    .execute(conn)
    .await?;
    Ok(())
}

/// What a settled card payment did to the order of a sale that waits for it (a booking, a shop
/// checkout).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paid {
    /// The order is not that kind of sale.
    NotItsOrder,
    Confirmed,
    /// Its hold ran out and what it held is gone: the caller cancels the order and gives the
    /// money back.
    SoldOut,
}

/// A sales channel's part when one of its orders is paid (issue 38 §4): the booking confirms its
/// booking, the shop its checkout. It runs in the payment's transaction, after the order took
/// the payment, and answers `NotItsOrder` for an order of another channel. The channels are
/// registered in `AppState` (the composition root), so the kit names no channel.
pub type OrderPaid = for<'a> fn(
    &'a AppState,
    &'a mut PgConnection,
    Uuid,
    Uuid,
    &'a PaymentOutcome,
) -> futures::future::BoxFuture<'a, Result<Paid, ApiError>>;

/// What a channel does with a paid order whose places, stock or seats went to others meanwhile:
/// cancel it and give the money back (club, order).
pub type SoldOut =
    for<'a> fn(&'a AppState, Uuid, Uuid) -> futures::future::BoxFuture<'a, Result<(), ApiError>>;

/// The order's service records a card payment on order `id` (the one writer of orders): the
/// aggregate's refusal as it is, so a second payment of a paid order is told apart.
pub type RecordCardPayment =
    for<'a> fn(
        &'a AppState,
        &'a mut PgConnection,
        &'a Actor,
        Uuid,
        CardPayment,
    ) -> futures::future::BoxFuture<'a, Result<(), CommandError<OrderError>>>;

/// The invoicing's part when the window reports a subscription period paid (the period booked
/// with its invoice and receipt; idempotent): payment, provider reference, today.
pub type SubscriptionPaid = for<'a> fn(
    &'a AppState,
    &'a PaymentRow,
    &'a str,
    chrono::NaiveDate,
) -> futures::future::BoxFuture<'a, Result<(), ApiError>>;

/// The hooks on a settled payment, in the order they run, registered by the areas they call
/// (the order service, the sales service, the invoicing) in `AppState`.
pub struct PaymentHooks {
    pub record_card_payment: RecordCardPayment,
    pub order_paid: OrderPaid,
    pub sold_out: SoldOut,
    pub subscription_paid: SubscriptionPaid,
}

/// The `event_type` of a window callback's delivery.
pub const WINDOW_CALLBACK: &str = "callback";

/// A webhook delivery, so that it is applied once.
pub struct Delivery<'a> {
    pub event_id: &'a str,
    pub event_type: &'a str,
}

/// Applies what the provider reported for `row`: the ledger's status, and for an order its card
/// payment (authorized or paid), in one club transaction with the webhook delivery's id. A
/// second payment of a paid order is given back after the commit. A report that does not match
/// the payment (another amount, currency or PaymentIntent) changes nothing but is recorded.
pub async fn settle(
    state: &AppState,
    row: &PaymentRow,
    outcome: &PaymentOutcome,
    delivery: Option<Delivery<'_>>,
) -> Result<Settled, ApiError> {
    let mut tx = club_tx(&state.pool, row.client_id).await?;
    let source = match &delivery {
        None => "read",
        Some(d) if d.event_type == WINDOW_CALLBACK => "callback",
        Some(_) => "webhook",
    };
    let event_id = delivery.as_ref().map(|d| d.event_id.to_string());
    if let Some(delivery) = delivery {
        let fresh = sqlx::query(
            "INSERT INTO payment_webhook_events (provider, event_id, event_type) VALUES ($1, $2, $3) \
             ON CONFLICT DO NOTHING",
        )
        .bind(&row.provider)
        .bind(delivery.event_id)
        .bind(delivery.event_type)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if fresh == 0 {
            return Ok(Settled::AlreadyHandled);
        }
    }
    if let Some(mismatch) = Mismatch::of(row, outcome) {
        record_mismatch(
            &mut tx,
            row,
            outcome,
            &mismatch,
            source,
            event_id.as_deref(),
        )
        .await?;
        tx.commit().await?;
        return Ok(Settled::Mismatch);
    }
    let error = match &outcome.state {
        PaymentState::Failed(text) => Some(text.clone()),
        _ => None,
    };
    // A late report never takes a payment back to an earlier state.
    sqlx::query(
        "UPDATE payments SET reference = coalesce(reference, $2), \
           status = CASE WHEN status IN ('paid', 'refunded') THEN status \
                         WHEN status IN ('authorized', 'cancelled') AND $3 NOT IN ('paid', 'cancelled', 'refunded') THEN status \
                         ELSE $3 END, \
           error = $4, updated_at = now() \
         WHERE id = $1",
    )
    .bind(row.id)
    .bind(&outcome.reference)
    .bind(status_text(&outcome.state))
    .bind(&error)
    .execute(&mut *tx)
    .await?;
    let counts = matches!(outcome.state, PaymentState::Authorized | PaymentState::Paid);
    let mut duplicate = false;
    let mut sale = Paid::NotItsOrder;
    if counts && row.purpose == Purpose::Order.as_str() {
        let payment = CardPayment {
            provider: row.provider.clone(),
            reference: outcome.reference.clone(),
            amount: outcome.amount,
            card: outcome.card.as_ref().map(paid_card),
            authorized_only: outcome.state == PaymentState::Authorized,
        };
        let actor = Actor::system(row.client_id, "Kortbetaling");
        match (state.payment_hooks.record_card_payment)(
            state,
            &mut tx,
            &actor,
            row.owner_id,
            payment,
        )
        .await
        {
            Ok(_) => {
                // The sale that waits for it is confirmed by its payment: a booking of an event
                // (issue 15), a shop checkout (issue 17): the sales service, by the sale's channel.
                sale = (state.payment_hooks.order_paid)(
                    state,
                    &mut tx,
                    row.client_id,
                    row.owner_id,
                    outcome,
                )
                .await?;
            }
            Err(CommandError::Domain(OrderError::AlreadyPaid)) => duplicate = true,
            Err(CommandError::Domain(OrderError::NotFound)) | Err(CommandError::NotFound) => {
                tracing::warn!(payment = %row.id, order = %row.owner_id, "a payment for an order that is gone");
            }
            Err(err) => return Err(err.into()),
        }
    }
    tx.commit().await?;
    // A card the payment was asked to keep (a shop checkout's 'Gem kort') is kept once its sale
    // is confirmed.
    if let Some(kept) = outcome.kept.as_ref().filter(|_| sale == Paid::Confirmed) {
        keep_card(state, row, kept).await;
    }
    if sale == Paid::SoldOut {
        // Paid after its places, stock or seats were given to others: cancelled, and the money
        // goes back.
        (state.payment_hooks.sold_out)(state, row.client_id, row.owner_id).await?;
    }
    if !duplicate {
        return Ok(Settled::Applied);
    }
    tracing::warn!(payment = %row.id, order = %row.owner_id, "a second payment of a paid order: giving it back");
    give_back(
        state,
        row,
        &outcome.reference,
        outcome.amount,
        &outcome.state,
    )
    .await?;
    Ok(Settled::GivenBack)
}

/// A card the payment was asked to keep, put on its customer once: a card the customer has
/// saved already is not saved again (see `keep_once`), unless the order starts a subscription,
/// which is charged later with the very card it was paid with. A failure only leaves the card
/// unsaved (the payment stands), so it is logged, not raised.
async fn keep_card(state: &AppState, row: &PaymentRow, kept: &KeptCard) {
    let Some(stripe) = state.stripe.as_deref() else {
        return;
    };
    let kept_as_is = match starts_a_subscription(state, row).await {
        Ok(subscription) => subscription,
        Err(err) => {
            tracing::warn!(%err, order = %row.owner_id, "could not tell whether an order starts a subscription");
            true
        }
    };
    let saved = if kept_as_is {
        stripe
            .attach(
                &kept.method,
                &kept.customer,
                &format!("tribune-attach-{}", kept.method),
            )
            .await
            .map(|_| kept.method.clone())
    } else {
        keep_once(stripe, &kept.customer, &kept.method).await
    };
    if let Err(err) = saved {
        tracing::warn!(%err, method = %kept.method, "a paid card was not kept on its customer");
    }
}

/// Whether the order `row` pays has a subscription product among its lines.
async fn starts_a_subscription(state: &AppState, row: &PaymentRow) -> Result<bool, sqlx::Error> {
    let mut tx = club_tx(&state.pool, row.client_id).await?;
    let subscription: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM order_lines l JOIN products p ON p.id = l.product_id \
         WHERE l.order_id = $1 AND coalesce((p.subscription->>'active')::boolean, false))",
    )
    .bind(row.owner_id)
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(subscription)
}

/// Puts the card `method` on `customer` unless the customer has that card already (the same
/// fingerprint, or brand, last four and expiry): then the new one is taken off again (Stripe
/// puts a card on the customer itself once its payment or SetupIntent succeeds; localstripe
/// does not, and taking off a card that is not on is harmless) and the saved one stands.
/// Returns the id of the card that is saved.
pub async fn keep_once(
    stripe: &StripeClient,
    customer: &str,
    method: &str,
) -> Result<String, PaymentError> {
    if let Some(saved) = stripe.same_card(customer, method).await? {
        if let Err(err) = stripe
            .detach(method, &format!("tribune-detach-duplicate-{method}"))
            .await
        {
            tracing::debug!(%err, method, "a duplicate card was not on the customer");
        }
        return Ok(saved);
    }
    stripe
        .attach(method, customer, &format!("tribune-attach-{method}"))
        .await?;
    Ok(method.to_string())
}

/// The payer is back: the order's card payment (`reference`, else its latest) is read from
/// Stripe and settled (a webhook may have done so already). The window's payments settle by its
/// callback only.
pub async fn settle_from_provider(
    state: &AppState,
    client_id: Uuid,
    order_id: Uuid,
    reference: Option<&str>,
) -> Result<(), ApiError> {
    let mut tx = club_tx(&state.pool, client_id).await?;
    let row = match reference.filter(|r| !r.is_empty() && r.len() <= 255) {
        Some(reference) => of_owner(&mut tx, order_id, reference).await?,
        None => latest_for(&mut tx, order_id).await?,
    };
    tx.commit().await?;
    if let Some(row) = row.filter(|r| r.provider == ProviderKind::Stripe.as_str()) {
        let provider = provider(state, ProviderKind::Stripe)?;
        if let Some(outcome) = provider
            .read(row.reference.as_deref().unwrap_or_default())
            .await?
        {
            settle(state, &row, &outcome, None).await?;
        }
    }
    Ok(())
}

/// Returns a payment that must not stand: a reservation is released, a payment refunded.
async fn give_back(
    state: &AppState,
    row: &PaymentRow,
    reference: &str,
    amount: Money,
    payment_state: &PaymentState,
) -> Result<(), ApiError> {
    let kind = ProviderKind::parse(&row.provider).ok_or(PaymentError::NotConfigured)?;
    let provider = provider(state, kind)?;
    let key = format!("tribune-give-back-{}", row.id);
    let status = if *payment_state == PaymentState::Authorized {
        provider.void(reference, &key).await?;
        "cancelled"
    } else {
        provider.refund(reference, amount, &key).await?;
        "refunded"
    };
    let mut tx = club_tx(&state.pool, row.client_id).await?;
    sqlx::query(
        "UPDATE payments SET status = $2, error = 'Ordren var allerede betalt', updated_at = now() WHERE id = $1",
    )
    .bind(row.id)
    .bind(status)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Moves the reserved money of an order's card payment ('Hæv betaling').
pub async fn capture(state: &AppState, payment: &CardPayment) -> Result<(), ApiError> {
    let kind = ProviderKind::parse(&payment.provider).ok_or(PaymentError::NotConfigured)?;
    provider(state, kind)?
        .capture(
            &payment.reference,
            payment.amount,
            &format!("tribune-capture-{}", payment.reference),
        )
        .await?;
    Ok(())
}

/// What giving an order's card payment back did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Returned {
    Refunded(Money),
    Voided,
    /// The provider cannot do it from here (the window): staff do it in its administration.
    NotAutomatic,
}

/// Gives a cancelled order's card payment back: a reservation is released, a payment refunded
/// in full. The key makes a retry after a crash refund nothing twice.
pub async fn return_payment(state: &AppState, payment: &CardPayment) -> Result<Returned, ApiError> {
    let kind = ProviderKind::parse(&payment.provider).ok_or(PaymentError::NotConfigured)?;
    let provider = provider(state, kind)?;
    let result = if payment.authorized_only {
        provider
            .void(
                &payment.reference,
                &format!("tribune-void-{}", payment.reference),
            )
            .await
            .map(|_| Returned::Voided)
    } else {
        provider
            .refund(
                &payment.reference,
                payment.amount,
                &format!("tribune-refund-{}", payment.reference),
            )
            .await
            .map(|_| Returned::Refunded(payment.amount))
    };
    match result {
        Err(PaymentError::Unsupported(_)) => Ok(Returned::NotAutomatic),
        other => Ok(other?),
    }
}

/// A new link for paying `owner_id`; returns the token to put in it.
pub async fn issue_link(
    conn: &mut PgConnection,
    client_id: Uuid,
    purpose: Purpose,
    owner_id: Uuid,
) -> Result<String, sqlx::Error> {
    let mut tokens = issue_links(conn, client_id, purpose, &[owner_id]).await?;
    Ok(tokens.pop().unwrap_or_default())
}

/// `issue_link` for several owners in one statement (a batch of bookings); the tokens in the
/// owners' order.
pub async fn issue_links(
    conn: &mut PgConnection,
    client_id: Uuid,
    purpose: Purpose,
    owners: &[Uuid],
) -> Result<Vec<String>, sqlx::Error> {
    let tokens: Vec<String> = owners.iter().map(|_| random_secret()).collect();
    let hashes: Vec<String> = tokens.iter().map(|t| digest(t)).collect();
    sqlx::query(
        "INSERT INTO payment_links (token_hash, client_id, purpose, owner_id) \
         SELECT l.hash, $2, $3, l.owner FROM unnest($1::text[], $4::uuid[]) AS l(hash, owner)",
    )
    .bind(&hashes)
    .bind(client_id)
    .bind(purpose.as_str())
    .bind(owners)
    .execute(conn)
    .await?;
    Ok(tokens)
}

/// A new payment link's address: the order's payment page, or the public subscription page.
pub async fn link_url(
    conn: &mut PgConnection,
    client_id: Uuid,
    purpose: Purpose,
    owner_id: Uuid,
    public_url: &str,
) -> Result<String, sqlx::Error> {
    let token = issue_link(conn, client_id, purpose, owner_id).await?;
    let page = match purpose {
        Purpose::Order => "shop/payment",
        Purpose::Subscription => "subscriptions",
    };
    Ok(format!(
        "{}/{page}/{owner_id}?token={token}",
        public_url.trim_end_matches('/')
    ))
}

/// The club of a payment link's `owner_id`, when `token` is one of its links.
pub async fn open_link(
    pool: &PgPool,
    purpose: Purpose,
    owner_id: Uuid,
    token: &str,
) -> Result<Uuid, ApiError> {
    if token.is_empty() || token.len() > 200 {
        return Err(ApiError::ForbiddenWith(LINK_INVALID.into()));
    }
    let client: Option<Uuid> = sqlx::query_scalar(
        "SELECT client_id FROM payment_links WHERE token_hash = $1 AND purpose = $2 AND owner_id = $3",
    )
    .bind(digest(token))
    .bind(purpose.as_str())
    .bind(owner_id)
    .fetch_optional(pool)
    .await?;
    client.ok_or_else(|| ApiError::ForbiddenWith(LINK_INVALID.into()))
}

/// A saved card as the profile lists it (spec 3 §3 Saved payment card).
#[derive(Debug, Clone, serde::Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedPaymentCard {
    pub card_id: String,
    /// visa, mastercard, dankort or another brand's name.
    pub card_type: String,
    /// The last four digits, masked: '•••• 4242'.
    pub card_number: String,
    #[ts(type = "number")]
    pub exp_month: u32,
    #[ts(type = "number")]
    pub exp_year: u32,
    pub is_default: bool,
}

/// (customer id, default card) of the user at the club's Stripe, if any.
pub async fn customer_of(
    conn: &mut PgConnection,
    client_id: Uuid,
    user_id: Uuid,
) -> Result<Option<(String, Option<String>)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT customer_id, default_method FROM payment_customers \
         WHERE client_id = $1 AND user_id = $2 AND provider = 'stripe'",
    )
    .bind(client_id)
    .bind(user_id)
    .fetch_optional(conn)
    .await
}

/// The user's customer at the club's Stripe, made (and kept) the first time it is needed.
pub async fn ensure_customer(
    state: &AppState,
    stripe: &StripeClient,
    client_id: Uuid,
    user_id: Uuid,
    email: &str,
    name: &str,
) -> Result<String, ApiError> {
    let mut tx = club_tx(&state.pool, client_id).await?;
    let found = customer_of(&mut tx, client_id, user_id).await?;
    tx.commit().await?;
    if let Some((customer, _)) = found {
        return Ok(customer);
    }
    let customer = stripe
        .create_customer(
            email,
            name,
            &format!("tribune-customer-{client_id}-{user_id}"),
        )
        .await?;
    let mut tx = club_tx(&state.pool, client_id).await?;
    sqlx::query(
        "INSERT INTO payment_customers (client_id, user_id, provider, customer_id) \
         VALUES ($1, $2, 'stripe', $3) ON CONFLICT DO NOTHING",
    )
    .bind(client_id)
    .bind(user_id)
    .bind(&customer)
    .execute(&mut *tx)
    .await?;
    // Two first uses at once: the one kept is the customer.
    let kept = customer_of(&mut tx, client_id, user_id).await?;
    tx.commit().await?;
    Ok(kept.map(|(c, _)| c).unwrap_or(customer))
}

pub async fn cards_of(
    stripe: &StripeClient,
    customer: Option<(String, Option<String>)>,
) -> Result<Vec<SavedPaymentCard>, ApiError> {
    let Some((customer, default)) = customer else {
        return Ok(Vec::new());
    };
    let cards = stripe.cards(&customer).await?;
    // Without a chosen default, the first card is it.
    let default = default
        .filter(|d| cards.iter().any(|(id, _)| id == d))
        .or_else(|| cards.first().map(|(id, _)| id.clone()));
    Ok(cards
        .into_iter()
        .map(|(id, card)| SavedPaymentCard {
            is_default: default.as_deref() == Some(id.as_str()),
            card_id: id,
            card_type: card.brand,
            card_number: format!("•••• {}", card.last4),
            exp_month: card.exp_month,
            exp_year: card.exp_year,
        })
        .collect())
}

/// The saved cards of the club's user whose e-mail is `email` (a contact person's), with that
/// user's id: what the contact page shows. None when no such user has a customer at the club's
/// Stripe.
pub async fn cards_by_email(
    state: &AppState,
    conn: &mut PgConnection,
    client_id: Uuid,
    email: &str,
) -> Result<Option<(Uuid, Vec<SavedPaymentCard>)>, ApiError> {
    let Some(stripe) = state.stripe.as_deref() else {
        return Ok(None);
    };
    let found: Option<(Uuid, String, Option<String>)> = sqlx::query_as(
        "SELECT p.user_id, p.customer_id, p.default_method FROM payment_customers p \
         JOIN users u ON u.id = p.user_id \
         WHERE p.client_id = $1 AND p.provider = 'stripe' AND lower(u.email) = lower($2)",
    )
    .bind(client_id)
    .bind(email.trim())
    .fetch_optional(conn)
    .await?;
    let Some((user, customer, default)) = found else {
        return Ok(None);
    };
    Ok(Some((
        user,
        cards_of(stripe, Some((customer, default))).await?,
    )))
}

/// Removes a saved card at Stripe (the caller has checked whose it is).
pub async fn detach_card(state: &AppState, card_id: &str) -> Result<(), ApiError> {
    let stripe = state.stripe.as_deref().ok_or(PaymentError::NotConfigured)?;
    stripe
        .detach(card_id, &format!("tribune-detach-{card_id}"))
        .await?;
    Ok(())
}
