//! What the providers tell the server, and the only reports besides the server's own read of a
//! PaymentIntent that settle a payment: Stripe's webhook, verified over the raw body, and the
//! window's callback, verified by its hash over the raw query. A forged, stale or replayed one
//! changes nothing and is logged; the same one twice changes nothing either.

use actix_web::{web, HttpRequest, HttpResponse};
use chrono::Utc;
use serde::Serialize;
use serde_json::Value;

use crate::error::ApiError;
use crate::integrations::payments::stripe::verify_signature;
use crate::integrations::payments::{CardSummary, PaymentOutcome, PaymentState, ProviderKind};
use crate::kit::dates::today;
use crate::payments::ledger::{self as payments, Delivery, Purpose, Settled};
use crate::state::AppState;

/// The PaymentIntent events that move a payment; any other event is acknowledged and ignored.
const PAYMENT_INTENT_EVENTS: &[&str] = &[
    "payment_intent.succeeded",
    "payment_intent.amount_capturable_updated",
    "payment_intent.payment_failed",
    "payment_intent.canceled",
    "payment_intent.requires_action",
];

fn refused(why: &str) -> ApiError {
    ApiError::BadRequest(why.to_string())
}

/// `POST /public/payments/stripe/webhook`: `Stripe-Signature` checked over the raw bytes in
/// constant time with a five-minute tolerance, then the event applied once (its id is kept in
/// the transaction that applies it). An event whose PaymentIntent has another amount or currency
/// than the payment, or is not the one Tribune created for it, settles nothing: it is recorded
/// (`payment_mismatches`, and an error in the log) and acknowledged, since Stripe would only send
/// the same event again.
/// What Stripe is told of a webhook it sent: `{received: true}`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Received {
    pub received: bool,
}

#[utoipa::path(post, path = "/api/public/payments/stripe/webhook", tag = "payments",
    request_body(content = Object, description = "A Stripe event, signed in the Stripe-Signature header"),
    responses((status = 200, description = "received (also for a report that does not match its payment: recorded, not settled)", body = Received),
              (status = 400, description = "not signed by Stripe, too old, or not an event"),
              (status = 404, description = "Stripe is not configured")))]
pub async fn stripe_webhook(
    req: HttpRequest,
    body: web::Bytes,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let Some(stripe) = state.stripe.clone() else {
        return Err(ApiError::NotFound);
    };
    let secret = &stripe.config().webhook_secret;
    let header = req
        .headers()
        .get("Stripe-Signature")
        .and_then(|v| v.to_str().ok());
    if secret.is_empty() {
        tracing::warn!("a Stripe webhook arrived, but no webhook secret is configured");
        return Err(refused("Webhooks er ikke sat op."));
    }
    if let Err(why) = verify_signature(secret, header, &body, Utc::now().timestamp()) {
        tracing::warn!(%why, "a Stripe webhook was refused");
        return Err(refused("Ugyldig signatur."));
    }
    let event: Value = serde_json::from_slice(&body).map_err(|_| refused("Ikke en hændelse."))?;
    let (Some(event_id), Some(event_type)) = (
        event.get("id").and_then(Value::as_str),
        event.get("type").and_then(Value::as_str),
    ) else {
        return Err(refused("Ikke en hændelse."));
    };
    if !PAYMENT_INTENT_EVENTS.contains(&event_type) {
        return Ok(HttpResponse::Ok().json(Received { received: true }));
    }
    let Some(intent) = event.pointer("/data/object") else {
        return Err(refused("Hændelsen har ingen PaymentIntent."));
    };
    let Some(reference) = intent.get("id").and_then(Value::as_str) else {
        return Err(refused("Hændelsen har ingen PaymentIntent."));
    };
    let Some(row) = payment_of(&state, intent, reference).await? else {
        // Another installation's payment, or one made outside Tribune.
        tracing::info!(
            event_id,
            reference,
            "a Stripe webhook about a payment Tribune did not start"
        );
        return Ok(HttpResponse::Ok().json(Received { received: true }));
    };
    let outcome = stripe.outcome(intent).await?;
    let settled = payments::settle(
        &state,
        &row,
        &outcome,
        Some(Delivery {
            event_id,
            event_type,
        }),
    )
    .await?;
    tracing::info!(event_id, event_type, reference, ?settled, "Stripe webhook");
    Ok(HttpResponse::Ok().json(Received { received: true }))
}

/// The ledger's payment an event's PaymentIntent is about: the one Tribune created with that id,
/// or else the one its metadata names (`tribune_payment`), which `settle` then refuses and
/// records, since its PaymentIntent is not the one Tribune created for it.
async fn payment_of(
    state: &AppState,
    intent: &Value,
    reference: &str,
) -> Result<Option<payments::PaymentRow>, ApiError> {
    if let Some(row) = payments::by_reference(&state.pool, ProviderKind::Stripe, reference).await? {
        return Ok(Some(row));
    }
    let named = intent
        .pointer("/metadata/tribune_payment")
        .and_then(Value::as_str)
        .and_then(|id| uuid::Uuid::parse_str(id).ok());
    let Some(id) = named else {
        return Ok(None);
    };
    Ok(payments::by_id(&state.pool, id)
        .await?
        .filter(|row| row.provider == ProviderKind::Stripe.as_str()))
}

/// The window names the card scheme by number (ePay's `paymenttype`).
fn card_brand(paymenttype: Option<&str>) -> String {
    match paymenttype {
        Some("1") => "dankort",
        Some("3") => "visa",
        Some("4") => "mastercard",
        _ => "card",
    }
    .to_string()
}

/// `GET /public/payments/window/callback?txnid&orderid&amount&…&hash`: the window's server
/// to server call. The hash is checked over the raw query in received order; the amount must
/// be the one the payment was started with. Answers 200 once applied (or known), so the window
/// stops calling.
#[utoipa::path(get, path = "/api/public/payments/window/callback", tag = "payments",
    params(("txnid" = String, Query), ("orderid" = String, Query), ("amount" = i64, Query),
           ("hash" = String, Query, description = "md5 of the other values in order and the secret")),
    responses((status = 200, description = "OK", content_type = "text/plain", body = String),
              (status = 400, description = "a bad hash, an unknown payment, or another amount"),
              (status = 404, description = "no payment window is configured")))]
pub async fn window_callback(
    req: HttpRequest,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let Some(window) = state.window.as_deref() else {
        return Err(ApiError::NotFound);
    };
    let callback = match window.verify_callback(req.query_string()) {
        Ok(callback) => callback,
        Err(why) => {
            tracing::warn!(%why, "a payment window callback was refused");
            return Err(refused("Ugyldig callback."));
        }
    };
    let Ok(number) = callback.orderid.parse::<i64>() else {
        return Err(refused("Ukendt betaling."));
    };
    let row = payments::by_number(&state.pool, number)
        .await?
        .filter(|row| row.provider == ProviderKind::Window.as_str());
    let Some(row) = row else {
        tracing::warn!(orderid = %callback.orderid, "a payment window callback for an unknown payment");
        return Err(refused("Ukendt betaling."));
    };
    if callback.amount.as_ore() != row.amount {
        tracing::warn!(payment = %row.id, "a payment window callback with another amount");
        return Err(refused("Beløbet passer ikke."));
    }
    let card = callback.cardno.as_deref().map(|number| CardSummary {
        brand: card_brand(callback.paymenttype.as_deref()),
        last4: number
            .chars()
            .rev()
            .take(4)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect(),
        exp_month: 0,
        exp_year: 0,
    });
    let outcome = PaymentOutcome {
        reference: callback.txnid.clone(),
        state: if row.capture == "automatic" {
            PaymentState::Paid
        } else {
            PaymentState::Authorized
        },
        amount: callback.amount,
        currency: callback.currency.clone(),
        card,
        kept: None,
    };
    let delivery = format!("{}:{}", row.number, callback.txnid);
    let settled = payments::settle(
        &state,
        &row,
        &outcome,
        Some(Delivery {
            event_id: &delivery,
            event_type: payments::WINDOW_CALLBACK,
        }),
    )
    .await?;
    if settled == Settled::Mismatch {
        return Ok(HttpResponse::Ok().content_type("text/plain").body("OK"));
    }
    // A subscription's period is booked whether or not this delivery was seen before: a crash
    // after the ledger's commit leaves the period to the window's next call, and booking it
    // twice changes nothing.
    if row.purpose == Purpose::Subscription.as_str() && outcome.state == PaymentState::Paid {
        (state.payment_hooks.subscription_paid)(&state, &row, &outcome.reference, today()).await?;
    }
    Ok(HttpResponse::Ok().content_type("text/plain").body("OK"))
}
