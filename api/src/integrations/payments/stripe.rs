//! Stripe's REST API by hand (INTEGRATIONS.md: ~10 calls are lighter than the async-stripe
//! crate): form bodies with bracket nesting, `Authorization: Bearer sk_…`, an `Idempotency-Key`
//! on every POST, and the webhook signature check. localstripe answers the same calls in tests
//! and the demo; only the address differs.

use std::time::Duration;

use async_trait::async_trait;
use hmac::{Hmac, Mac};
use serde_json::Value;
use sha2::Sha256;
use tribune_domain::money::Money;

use super::{
    decline_text, Capture, CardSummary, KeptCard, PaymentError, PaymentOutcome, PaymentProvider,
    PaymentRequest, PaymentStart, PaymentState, ProviderKind,
};

#[derive(Debug, Clone, PartialEq)]
pub struct StripeConfig {
    /// `https://api.stripe.com`, or localstripe's address.
    pub url: String,
    pub secret_key: String,
    pub publishable_key: String,
    /// The endpoint's `whsec_…`: webhooks are signed with it.
    pub webhook_secret: String,
    /// The browser gets the project's fake `Stripe()` instead of js.stripe.com (localstripe's
    /// own stripe.js cannot confirm a PaymentIntent).
    pub stand_in: bool,
}

/// The PaymentIntent's metadata key that says the card is kept for later (`CardUse::keep`).
const KEEP_CARD: &str = "tribune_keep_card";

pub struct StripeClient {
    client: reqwest::Client,
    config: StripeConfig,
}

/// What the server reads of a SetupIntent.
#[derive(Debug, Clone, PartialEq)]
pub struct SetupIntent {
    pub succeeded: bool,
    pub customer: Option<String>,
    pub payment_method: Option<String>,
    pub metadata: Value,
}

/// A Stripe object's id and what else the caller reads of it.
pub type StripeObject = Value;

impl StripeClient {
    pub fn new(config: StripeConfig) -> anyhow::Result<StripeClient> {
        Ok(StripeClient {
            client: reqwest::Client::builder()
                .timeout(Duration::from_secs(20))
                .build()?,
            config: StripeConfig {
                url: config.url.trim_end_matches('/').to_string(),
                ..config
            },
        })
    }

    pub fn config(&self) -> &StripeConfig {
        &self.config
    }

    /// A POST with its idempotency key: Stripe answers a repeated key with the first answer, so
    /// a retry after a crash never makes a second payment.
    pub async fn post(
        &self,
        path: &str,
        form: &[(&str, String)],
        key: &str,
    ) -> Result<StripeObject, PaymentError> {
        let request = self
            .client
            .post(format!("{}/v1/{path}", self.config.url))
            .bearer_auth(&self.config.secret_key)
            .header("Idempotency-Key", key)
            .form(form);
        self.answer(path, request).await
    }

    pub async fn get(
        &self,
        path: &str,
        query: &[(&str, String)],
    ) -> Result<StripeObject, PaymentError> {
        let request = self
            .client
            .get(format!("{}/v1/{path}", self.config.url))
            .bearer_auth(&self.config.secret_key)
            .query(query);
        self.answer(path, request).await
    }

    async fn answer(
        &self,
        path: &str,
        request: reqwest::RequestBuilder,
    ) -> Result<StripeObject, PaymentError> {
        let response = request.send().await.map_err(|err| {
            tracing::warn!(%err, path, "Stripe did not answer");
            PaymentError::Unavailable
        })?;
        let status = response.status().as_u16();
        let body: Value = response.json().await.unwrap_or(Value::Null);
        match status {
            200..=299 => Ok(body),
            402 => Err(PaymentError::Declined(decline_text(
                body.pointer("/error/decline_code")
                    .or_else(|| body.pointer("/error/code"))
                    .and_then(Value::as_str),
            ))),
            429 | 500..=599 => {
                tracing::warn!(status, %body, path, "Stripe failed");
                Err(PaymentError::Unavailable)
            }
            _ => {
                let message = body
                    .pointer("/error/message")
                    .and_then(Value::as_str)
                    .unwrap_or("ukendt fejl")
                    .to_string();
                tracing::warn!(status, %body, path, "Stripe refused");
                Err(PaymentError::Refused(message))
            }
        }
    }

    /// A customer to keep cards on.
    pub async fn create_customer(
        &self,
        email: &str,
        name: &str,
        key: &str,
    ) -> Result<String, PaymentError> {
        let customer = self
            .post(
                "customers",
                &[("email", email.to_string()), ("name", name.to_string())],
                key,
            )
            .await?;
        id_of(&customer)
    }

    /// A SetupIntent for a card to be charged later without the customer present; its client
    /// secret. `metadata` names what the card is for.
    pub async fn create_setup_intent(
        &self,
        customer: &str,
        metadata: &[(String, String)],
        key: &str,
    ) -> Result<String, PaymentError> {
        let mut form = vec![
            ("customer", customer.to_string()),
            ("usage", "off_session".to_string()),
            ("payment_method_types[0]", "card".to_string()),
        ];
        let keys: Vec<String> = metadata
            .iter()
            .map(|(k, _)| format!("metadata[{k}]"))
            .collect();
        for ((_, value), name) in metadata.iter().zip(&keys) {
            form.push((name.as_str(), value.clone()));
        }
        let intent = self.post("setup_intents", &form, key).await?;
        Ok(text(&intent, "client_secret"))
    }

    /// A SetupIntent as Stripe has it: its status, customer, metadata and (once confirmed) card.
    pub async fn setup_intent(&self, id: &str) -> Result<SetupIntent, PaymentError> {
        let intent = self.get(&format!("setup_intents/{id}"), &[]).await?;
        Ok(SetupIntent {
            succeeded: text(&intent, "status") == "succeeded",
            customer: Some(text(&intent, "customer")).filter(|c| !c.is_empty()),
            payment_method: payment_method_id(&intent),
            metadata: intent.get("metadata").cloned().unwrap_or(Value::Null),
        })
    }

    /// Puts a card on a customer (Stripe does it when a SetupIntent succeeds; localstripe needs
    /// it asked, and asking twice is harmless).
    pub async fn attach(
        &self,
        method: &str,
        customer: &str,
        key: &str,
    ) -> Result<(), PaymentError> {
        self.post(
            &format!("payment_methods/{method}/attach"),
            &[("customer", customer.to_string())],
            key,
        )
        .await
        .map(|_| ())
    }

    pub async fn detach(&self, method: &str, key: &str) -> Result<(), PaymentError> {
        self.post(&format!("payment_methods/{method}/detach"), &[], key)
            .await
            .map(|_| ())
    }

    /// The customer's card payment methods, as Stripe answers them.
    async fn card_methods(&self, customer: &str) -> Result<Vec<Value>, PaymentError> {
        let mut list = self
            .get(
                "payment_methods",
                &[("customer", customer.to_string()), ("type", "card".into())],
            )
            .await?;
        Ok(match list.get_mut("data").map(Value::take) {
            Some(Value::Array(methods)) => methods,
            _ => Vec::new(),
        })
    }

    /// The customer's cards, with their ids.
    pub async fn cards(&self, customer: &str) -> Result<Vec<(String, CardSummary)>, PaymentError> {
        Ok(self
            .card_methods(customer)
            .await?
            .iter()
            .filter_map(|method| Some((id_of(method).ok()?, card_of(method)?)))
            .collect())
    }

    /// Another card of `customer` that is the same card as `method` (its fingerprint, or its
    /// brand, last four digits and expiry when the provider gives no fingerprint): saving the
    /// card again would list it twice.
    pub async fn same_card(
        &self,
        customer: &str,
        method: &str,
    ) -> Result<Option<String>, PaymentError> {
        let wanted = self.get(&format!("payment_methods/{method}"), &[]).await?;
        let Some(identity) = card_identity(&wanted) else {
            return Ok(None);
        };
        Ok(self
            .card_methods(customer)
            .await?
            .iter()
            .filter(|other| card_identity(other).as_ref() == Some(&identity))
            .filter_map(|other| id_of(other).ok())
            .find(|id| id != method))
    }

    pub async fn card(&self, method: &str) -> Result<Option<CardSummary>, PaymentError> {
        let method = self.get(&format!("payment_methods/{method}"), &[]).await?;
        Ok(card_of(&method))
    }

    /// Charges a saved card without the customer present (a subscription's period).
    pub async fn charge_saved_card(
        &self,
        customer: &str,
        method: &str,
        amount: Money,
        metadata: &[(String, String)],
        key: &str,
    ) -> Result<PaymentOutcome, PaymentError> {
        let mut form = vec![
            ("amount", amount.as_ore().to_string()),
            ("currency", "dkk".to_string()),
            ("customer", customer.to_string()),
            ("payment_method", method.to_string()),
            ("off_session", "true".to_string()),
            ("confirm", "true".to_string()),
        ];
        let keys: Vec<String> = metadata
            .iter()
            .map(|(k, _)| format!("metadata[{k}]"))
            .collect();
        for ((_, value), name) in metadata.iter().zip(&keys) {
            form.push((name.as_str(), value.clone()));
        }
        let intent = self.post("payment_intents", &form, key).await?;
        self.outcome(&intent).await
    }

    /// What a PaymentIntent means for the payment, with the card when one was used.
    pub async fn outcome(&self, intent: &Value) -> Result<PaymentOutcome, PaymentError> {
        let state = match text(intent, "status").as_str() {
            "requires_action" => PaymentState::RequiresAction,
            "requires_capture" => PaymentState::Authorized,
            "succeeded" => PaymentState::Paid,
            "canceled" => PaymentState::Cancelled,
            "requires_payment_method" => match intent.get("last_payment_error") {
                Some(error) if !error.is_null() => PaymentState::Failed(decline_text(
                    error
                        .get("decline_code")
                        .or_else(|| error.get("code"))
                        .and_then(Value::as_str),
                )),
                _ => PaymentState::Pending,
            },
            _ => PaymentState::Pending,
        };
        let went_through = matches!(state, PaymentState::Authorized | PaymentState::Paid);
        let method = payment_method_id(intent).filter(|_| went_through);
        let card = match &method {
            Some(method) => self.card(method).await.unwrap_or(None),
            None => None,
        };
        let keep = intent
            .pointer(&format!("/metadata/{KEEP_CARD}"))
            .and_then(Value::as_str)
            == Some("1");
        let customer = Some(text(intent, "customer")).filter(|c| !c.is_empty());
        let kept = match (method, customer, keep) {
            (Some(method), Some(customer), true) => Some(KeptCard { customer, method }),
            _ => None,
        };
        Ok(PaymentOutcome {
            reference: id_of(intent)?,
            state,
            amount: Money::ore(intent.get("amount").and_then(Value::as_i64).unwrap_or(0)),
            currency: text(intent, "currency").to_ascii_lowercase(),
            card,
            kept,
        })
    }
}

#[async_trait]
impl PaymentProvider for StripeClient {
    fn kind(&self) -> ProviderKind {
        ProviderKind::Stripe
    }

    async fn start(
        &self,
        request: &PaymentRequest,
    ) -> Result<(Option<String>, PaymentStart), PaymentError> {
        let capture = match request.capture {
            Capture::Automatic => "automatic",
            Capture::Manual => "manual",
        };
        let mut form = vec![
            ("amount", request.amount.as_ore().to_string()),
            ("currency", "dkk".to_string()),
            ("capture_method", capture.to_string()),
            ("payment_method_types[0]", "card".to_string()),
        ];
        if let Some(customer) = &request.customer {
            form.push(("customer", customer.clone()));
            if let Some(method) = &request.card.saved {
                form.push(("payment_method", method.clone()));
            }
        }
        let mut metadata = request.metadata.clone();
        if request.card.keep && request.customer.is_some() {
            // Stripe puts the card on the customer when the payment succeeds; the metadata
            // tells the settlement (and the dashboard) that it was asked to.
            form.push((
                "payment_method_options[card][setup_future_usage]",
                "off_session".to_string(),
            ));
            metadata.push((KEEP_CARD.to_string(), "1".to_string()));
        }
        let keys: Vec<String> = metadata
            .iter()
            .map(|(k, _)| format!("metadata[{k}]"))
            .collect();
        for ((_, value), name) in metadata.iter().zip(&keys) {
            form.push((name.as_str(), value.clone()));
        }
        let intent = self.post("payment_intents", &form, &request.key).await?;
        Ok((
            Some(id_of(&intent)?),
            PaymentStart::Stripe {
                client_secret: text(&intent, "client_secret"),
                publishable_key: self.config.publishable_key.clone(),
            },
        ))
    }

    async fn read(&self, reference: &str) -> Result<Option<PaymentOutcome>, PaymentError> {
        let intent = self
            .get(&format!("payment_intents/{reference}"), &[])
            .await?;
        self.outcome(&intent).await.map(Some)
    }

    async fn capture(&self, reference: &str, amount: Money, key: &str) -> Result<(), PaymentError> {
        self.post(
            &format!("payment_intents/{reference}/capture"),
            &[("amount_to_capture", amount.as_ore().to_string())],
            key,
        )
        .await
        .map(|_| ())
    }

    async fn refund(&self, reference: &str, amount: Money, key: &str) -> Result<(), PaymentError> {
        self.post(
            "refunds",
            &[
                ("payment_intent", reference.to_string()),
                ("amount", amount.as_ore().to_string()),
            ],
            key,
        )
        .await
        .map(|_| ())
    }

    async fn void(&self, reference: &str, key: &str) -> Result<(), PaymentError> {
        self.post(&format!("payment_intents/{reference}/cancel"), &[], key)
            .await
            .map(|_| ())
    }
}

fn text(object: &Value, field: &str) -> String {
    object
        .get(field)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string()
}

fn id_of(object: &Value) -> Result<String, PaymentError> {
    object
        .get("id")
        .and_then(Value::as_str)
        .map(str::to_string)
        .ok_or_else(|| PaymentError::Refused("svar uden id".into()))
}

/// `payment_method` is an id, or the object itself when expanded (localstripe expands it).
fn payment_method_id(object: &Value) -> Option<String> {
    match object.get("payment_method")? {
        Value::String(id) => Some(id.clone()),
        method @ Value::Object(_) => method.get("id")?.as_str().map(str::to_string),
        _ => None,
    }
}

/// What makes two payment methods the same card: Stripe's fingerprint of the card number, else
/// (a provider without one) brand, last four digits and expiry.
fn card_identity(method: &Value) -> Option<String> {
    let fingerprint = method
        .pointer("/card/fingerprint")
        .and_then(Value::as_str)
        .filter(|f| !f.is_empty());
    match fingerprint {
        Some(fingerprint) => Some(format!("fingerprint:{fingerprint}")),
        None => card_of(method).map(|card| {
            format!(
                "card:{}:{}:{}:{}",
                card.brand, card.last4, card.exp_month, card.exp_year
            )
        }),
    }
}

fn card_of(method: &Value) -> Option<CardSummary> {
    let card = method.get("card")?;
    Some(CardSummary {
        brand: card.get("brand")?.as_str()?.to_string(),
        last4: card.get("last4")?.as_str()?.to_string(),
        exp_month: u32::try_from(card.get("exp_month")?.as_u64()?).ok()?,
        exp_year: u32::try_from(card.get("exp_year")?.as_u64()?).ok()?,
    })
}

/// Why a webhook was not believed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    #[error("no Stripe-Signature header")]
    Missing,
    #[error("the Stripe-Signature header has no timestamp or no v1 signature")]
    Malformed,
    #[error("the signature's timestamp is more than five minutes from now")]
    Stale,
    #[error("no v1 signature matches the body")]
    Mismatch,
}

/// How far a webhook's timestamp may lie from now: Stripe's own libraries allow five minutes.
pub const WEBHOOK_TOLERANCE_SECONDS: i64 = 300;

/// Checks `Stripe-Signature: t=<unix>,v1=<hex>[,v1=…]` over the raw body: valid when some v1 is
/// HMAC-SHA256(secret, "<t>." + body), compared in constant time, and `t` is within the
/// tolerance of `now` (an old, replayed delivery is refused).
pub fn verify_signature(
    secret: &str,
    header: Option<&str>,
    body: &[u8],
    now: i64,
) -> Result<(), SignatureError> {
    let header = header.ok_or(SignatureError::Missing)?;
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", t)) => timestamp = t.parse::<i64>().ok(),
            Some(("v1", v1)) => signatures.extend(hex::decode(v1).ok()),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(SignatureError::Malformed)?;
    if signatures.is_empty() {
        return Err(SignatureError::Malformed);
    }
    if (now - timestamp).abs() > WEBHOOK_TOLERANCE_SECONDS {
        return Err(SignatureError::Stale);
    }
    let mut mac =
        Hmac::<Sha256>::new_from_slice(secret.as_bytes()).map_err(|_| SignatureError::Mismatch)?;
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    let matches = signatures
        .iter()
        .any(|signature| mac.clone().verify_slice(signature).is_ok());
    if matches {
        Ok(())
    } else {
        Err(SignatureError::Mismatch)
    }
}

/// A `Stripe-Signature` header for `body` at `timestamp`: what Stripe sends; tests and the
/// stand-ins sign with it.
pub fn sign(secret: &str, body: &[u8], timestamp: i64) -> String {
    // HMAC takes a key of any length: this never fails.
    let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(secret.as_bytes()) else {
        return String::new();
    };
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    format!(
        "t={timestamp},v1={}",
        hex::encode(mac.finalize().into_bytes())
    )
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    const SECRET: &str = "whsec_test";
    const BODY: &[u8] = br#"{"id":"evt_1","type":"payment_intent.succeeded"}"#;

    fn method(fingerprint: Option<&str>, last4: &str, exp_year: u64) -> Value {
        serde_json::json!({ "id": "pm_1", "card": {
            "brand": "visa", "last4": last4, "exp_month": 11, "exp_year": exp_year,
            "fingerprint": fingerprint } })
    }

    #[test]
    fn a_card_is_the_same_card_by_its_fingerprint_or_else_by_brand_last4_and_expiry() {
        let one = card_identity(&method(Some("fp1"), "4242", 2031));
        assert_eq!(one, card_identity(&method(Some("fp1"), "4242", 2031)));
        assert_ne!(one, card_identity(&method(Some("fp2"), "4242", 2031)));
        let bare = card_identity(&method(None, "4242", 2031));
        assert_eq!(bare, card_identity(&method(None, "4242", 2031)));
        assert_ne!(bare, card_identity(&method(None, "4242", 2032)));
        assert_ne!(bare, card_identity(&method(None, "4444", 2031)));
    }

    #[test]
    fn a_signature_made_with_the_secret_is_believed() {
        let header = sign(SECRET, BODY, 1_700_000_000);
        assert_eq!(
            verify_signature(SECRET, Some(&header), BODY, 1_700_000_010),
            Ok(())
        );
    }

    #[test]
    fn any_one_of_several_v1_signatures_may_match() {
        let good = sign(SECRET, BODY, 1_700_000_000);
        let header = format!("t=1700000000,v1={},{}", "00".repeat(32), &good[13..]);
        assert_eq!(
            verify_signature(SECRET, Some(&header), BODY, 1_700_000_000),
            Ok(())
        );
    }

    #[test]
    fn a_changed_body_another_secret_or_no_header_is_refused() {
        let header = sign(SECRET, BODY, 1_700_000_000);
        let changed = br#"{"id":"evt_1","type":"payment_intent.succeeded" }"#;
        assert_eq!(
            verify_signature(SECRET, Some(&header), changed, 1_700_000_000),
            Err(SignatureError::Mismatch)
        );
        assert_eq!(
            verify_signature("whsec_other", Some(&header), BODY, 1_700_000_000),
            Err(SignatureError::Mismatch)
        );
        assert_eq!(
            verify_signature(SECRET, None, BODY, 1_700_000_000),
            Err(SignatureError::Missing)
        );
        assert_eq!(
            verify_signature(SECRET, Some("v1=abc"), BODY, 1_700_000_000),
            Err(SignatureError::Malformed)
        );
    }

    #[test]
    fn a_delivery_older_or_newer_than_five_minutes_is_refused() {
        let header = sign(SECRET, BODY, 1_700_000_000);
        assert_eq!(
            verify_signature(SECRET, Some(&header), BODY, 1_700_000_301),
            Err(SignatureError::Stale)
        );
        assert_eq!(
            verify_signature(SECRET, Some(&header), BODY, 1_699_999_699),
            Err(SignatureError::Stale)
        );
        assert_eq!(
            verify_signature(SECRET, Some(&header), BODY, 1_700_000_300),
            Ok(())
        );
    }
}
