//! The stand-ins a new user and the browser tests pay through, with no account anywhere
//! (INTEGRATIONS.md): the fake `Stripe()` (`stand_in/stripe.js`, injected before the app bundle)
//! and its relay to localstripe, which does what js.stripe.com would do with the card, and the
//! fake payment window with Approve / Decline / Cancel and knobs for delayed, duplicated, missing
//! and badly hashed callbacks. All of it answers 404 unless the stand-in is the one configured.

use std::time::Duration;

use actix_web::http::header;
use actix_web::{web, HttpResponse};
use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::ApiError;
use crate::integrations::payments::{PaymentError, PaymentWindow, StripeClient};
use crate::kit::html::escape;
use crate::settings::WINDOW_STAND_IN_PATH;
use crate::state::AppState;

const FAKE_STRIPE_JS: &str = include_str!("stand_in/stripe.js");

fn stand_in_stripe(state: &AppState) -> Result<&StripeClient, ApiError> {
    state
        .stripe
        .as_deref()
        .filter(|s| s.config().stand_in)
        .ok_or(ApiError::NotFound)
}

/// The fake `Stripe()`, served only while Stripe is the stand-in.
#[utoipa::path(get, path = "/stand-ins/stripe.js", tag = "stand-ins",
    responses((status = 200, content_type = "text/javascript", body = String), (status = 404)))]
pub async fn fake_stripe_js(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    stand_in_stripe(&state)?;
    Ok(HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(FAKE_STRIPE_JS))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardEntry {
    pub client_secret: String,
    pub number: String,
    pub exp_month: u32,
    pub exp_year: u32,
    pub cvc: String,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Authentication {
    pub client_secret: String,
    pub success: bool,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct SecretQuery {
    pub client_secret: String,
}

/// `pi_X_secret_Y` → `pi_X`, for ids of the expected kind only.
fn intent_id<'a>(secret: &'a str, prefix: &str) -> Result<&'a str, ApiError> {
    secret
        .split_once("_secret_")
        .map(|(id, _)| id)
        .filter(|id| {
            id.starts_with(prefix)
                && id.len() < 100
                && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
        .ok_or_else(|| ApiError::field("clientSecret", "Ukendt betaling."))
}

/// Stripe.js's card error: `{error: {type, code, message}}`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CardRefusal {
    pub error: CardError,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CardError {
    /// card_error, api_connection_error or invalid_request_error.
    #[serde(rename = "type")]
    pub kind: String,
    pub code: String,
    pub message: String,
}

impl CardRefusal {
    fn answer(kind: &str, code: &str, message: String) -> HttpResponse {
        HttpResponse::Ok().json(CardRefusal {
            error: CardError {
                kind: kind.into(),
                code: code.into(),
                message,
            },
        })
    }
}

/// What the fake Stripe.js gets for a PaymentIntent: `{paymentIntent}` (Stripe's object as it
/// is), or the card error.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum PaymentIntentAnswer {
    Intent {
        #[serde(rename = "paymentIntent")]
        #[schema(value_type = Object)]
        payment_intent: Value,
    },
    Refused(CardRefusal),
}

/// What the fake Stripe.js gets for a SetupIntent: `{setupIntent}` (Stripe's object as it is),
/// or the card error.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum SetupIntentAnswer {
    Intent {
        #[serde(rename = "setupIntent")]
        #[schema(value_type = Object)]
        setup_intent: Value,
    },
    Refused(CardRefusal),
}

/// Stripe.js answers a card error as `{error}`, never as a failed request.
fn card_error(err: PaymentError) -> HttpResponse {
    let (kind, code) = match &err {
        PaymentError::Declined(_) => ("card_error", "card_declined"),
        PaymentError::Unavailable => ("api_connection_error", "unavailable"),
        _ => ("invalid_request_error", "invalid_request"),
    };
    CardRefusal::answer(kind, code, err.to_string())
}

/// The two kinds of intent the fake confirms: where Stripe keeps them, how their ids start, and
/// under which name Stripe.js answers with one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Intent {
    Payment,
    Setup,
}

impl Intent {
    fn path(self) -> &'static str {
        match self {
            Intent::Payment => "payment_intents",
            Intent::Setup => "setup_intents",
        }
    }

    fn prefix(self) -> &'static str {
        match self {
            Intent::Payment => "pi_",
            Intent::Setup => "seti_",
        }
    }

    /// Stripe.js's answer: the intent under its name, or the card error.
    fn answer(self, result: Result<Value, PaymentError>) -> HttpResponse {
        match result {
            Ok(intent) => match self {
                Intent::Payment => HttpResponse::Ok().json(PaymentIntentAnswer::Intent {
                    payment_intent: intent,
                }),
                Intent::Setup => HttpResponse::Ok().json(SetupIntentAnswer::Intent {
                    setup_intent: intent,
                }),
            },
            Err(err) => card_error(err),
        }
    }
}

/// The intent behind `secret`, checked against it (the fake acts for the holder of the secret
/// only, as Stripe.js does).
async fn checked_intent(
    stripe: &StripeClient,
    kind: Intent,
    secret: &str,
) -> Result<Result<Value, PaymentError>, ApiError> {
    let id = intent_id(secret, kind.prefix())?;
    let intent = match stripe.get(&format!("{}/{id}", kind.path()), &[]).await {
        Ok(intent) => intent,
        Err(err) => return Ok(Err(err)),
    };
    if intent.get("client_secret").and_then(Value::as_str) != Some(secret) {
        return Err(ApiError::field("clientSecret", "Ukendt betaling."));
    }
    Ok(Ok(intent))
}

fn one_time_key() -> String {
    format!("stand-in-{}", uuid::Uuid::new_v4())
}

async fn card_method(stripe: &StripeClient, card: &CardEntry) -> Result<String, PaymentError> {
    let method = stripe
        .post(
            "payment_methods",
            &[
                ("type", "card".to_string()),
                (
                    "card[number]",
                    card.number.chars().filter(char::is_ascii_digit).collect(),
                ),
                ("card[exp_month]", card.exp_month.to_string()),
                ("card[exp_year]", card.exp_year.to_string()),
                ("card[cvc]", card.cvc.clone()),
            ],
            &one_time_key(),
        )
        .await?;
    method
        .get("id")
        .and_then(Value::as_str)
        .map(str::to_string)
        .ok_or_else(|| PaymentError::Refused("kortet blev ikke oprettet".into()))
}

/// What `confirmPayment` / `confirmSetup` do with the card: a PaymentMethod made of it, and the
/// intent confirmed with it (localstripe cannot confirm a PaymentIntent with a new method in
/// one call, so the method is set on it first).
async fn confirm(
    kind: Intent,
    body: web::Json<CardEntry>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let stripe = stand_in_stripe(&state)?;
    let intent = match checked_intent(stripe, kind, &body.client_secret).await? {
        Ok(intent) => intent,
        Err(err) => return Ok(card_error(err)),
    };
    let id = intent["id"].as_str().unwrap_or_default().to_string();
    let path = kind.path();
    let result = async {
        let method = card_method(stripe, &body).await?;
        let on_confirm = match kind {
            Intent::Payment => {
                stripe
                    .post(
                        &format!("{path}/{id}"),
                        &[("payment_method", method)],
                        &one_time_key(),
                    )
                    .await?;
                vec![]
            }
            Intent::Setup => vec![("payment_method", method)],
        };
        stripe
            .post(
                &format!("{path}/{id}/confirm"),
                &on_confirm,
                &one_time_key(),
            )
            .await
    }
    .await;
    Ok(kind.answer(result))
}

async fn retrieve(
    kind: Intent,
    query: web::Query<SecretQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let stripe = stand_in_stripe(&state)?;
    Ok(kind.answer(checked_intent(stripe, kind, &query.client_secret).await?))
}

#[utoipa::path(post, path = "/stand-ins/stripe/confirm", tag = "stand-ins", request_body = CardEntry,
    responses((status = 200, description = "the PaymentIntent as Stripe.js answers it, or the card error", body = PaymentIntentAnswer), (status = 404), (status = 422)))]
pub async fn relay_confirm_payment(
    body: web::Json<CardEntry>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    confirm(Intent::Payment, body, state).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedCardEntry {
    pub client_secret: String,
    /// The saved card (`pm_…`), one of the intent's customer's.
    pub payment_method: String,
}

/// `confirmCardPayment(secret, {payment_method: 'pm_…'})`: a saved card pays. As Stripe, only a
/// card of the intent's own customer may.
#[utoipa::path(post, path = "/stand-ins/stripe/confirm-saved", tag = "stand-ins", request_body = SavedCardEntry,
    responses((status = 200, description = "the PaymentIntent as Stripe.js answers it, or the card error", body = PaymentIntentAnswer), (status = 404), (status = 422)))]
pub async fn relay_confirm_saved(
    body: web::Json<SavedCardEntry>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let stripe = stand_in_stripe(&state)?;
    let intent = match checked_intent(stripe, Intent::Payment, &body.client_secret).await? {
        Ok(intent) => intent,
        Err(err) => return Ok(card_error(err)),
    };
    let id = intent["id"].as_str().unwrap_or_default().to_string();
    let method = body.payment_method.trim();
    let result = async {
        let card = stripe
            .get(&format!("payment_methods/{method}"), &[])
            .await?;
        let customer = intent.get("customer").and_then(Value::as_str);
        if customer.is_none() || card.get("customer").and_then(Value::as_str) != customer {
            return Err(PaymentError::Refused(format!(
                "No such PaymentMethod: '{method}' for this customer"
            )));
        }
        stripe
            .post(
                &format!("payment_intents/{id}"),
                &[("payment_method", method.to_string())],
                &one_time_key(),
            )
            .await?;
        stripe
            .post(
                &format!("payment_intents/{id}/confirm"),
                &[],
                &one_time_key(),
            )
            .await
    }
    .await;
    Ok(Intent::Payment.answer(result))
}

/// The bank's answer to 3-D Secure, as the test bank's buttons give it.
#[utoipa::path(post, path = "/stand-ins/stripe/authenticate", tag = "stand-ins", request_body = Authentication,
    responses((status = 200, description = "the PaymentIntent as Stripe.js answers it, or the card error", body = PaymentIntentAnswer), (status = 404), (status = 422)))]
pub async fn relay_authenticate_payment(
    body: web::Json<Authentication>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let stripe = stand_in_stripe(&state)?;
    let intent = match checked_intent(stripe, Intent::Payment, &body.client_secret).await? {
        Ok(intent) => intent,
        Err(err) => return Ok(card_error(err)),
    };
    let id = intent["id"].as_str().unwrap_or_default();
    let path = format!(
        "payment_intents/{id}/_authenticate?success={}",
        body.success
    );
    Ok(
        match stripe
            .post(
                &path,
                &[("client_secret", body.client_secret.clone())],
                &one_time_key(),
            )
            .await
        {
            Ok(intent) => match intent.get("last_payment_error").filter(|e| !e.is_null()) {
                Some(_) if !body.success => CardRefusal::answer(
                    "card_error",
                    "payment_intent_authentication_failure",
                    "Betalingen blev ikke godkendt hos banken.".into(),
                ),
                _ => Intent::Payment.answer(Ok(intent)),
            },
            Err(err) => card_error(err),
        },
    )
}

#[utoipa::path(post, path = "/stand-ins/stripe/confirm-setup", tag = "stand-ins", request_body = CardEntry,
    responses((status = 200, description = "the SetupIntent as Stripe.js answers it, or the card error", body = SetupIntentAnswer), (status = 404), (status = 422)))]
pub async fn relay_confirm_setup(
    body: web::Json<CardEntry>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    confirm(Intent::Setup, body, state).await
}

/// 3-D Secure for a card being saved: localstripe has no bank step for SetupIntents, so the
/// test bank's answer is applied here: approved leaves the intent as it is, declined refuses.
#[utoipa::path(post, path = "/stand-ins/stripe/authenticate-setup", tag = "stand-ins", request_body = Authentication,
    responses((status = 200, description = "the SetupIntent as Stripe.js answers it, or the card error", body = SetupIntentAnswer), (status = 404), (status = 422)))]
pub async fn relay_authenticate_setup(
    body: web::Json<Authentication>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let stripe = stand_in_stripe(&state)?;
    let intent = match checked_intent(stripe, Intent::Setup, &body.client_secret).await? {
        Ok(intent) => intent,
        Err(err) => return Ok(card_error(err)),
    };
    if !body.success {
        return Ok(CardRefusal::answer(
            "card_error",
            "setup_intent_authentication_failure",
            "Kortet blev ikke godkendt hos banken.".into(),
        ));
    }
    Ok(Intent::Setup.answer(Ok(intent)))
}

#[utoipa::path(get, path = "/stand-ins/stripe/payment-intent", tag = "stand-ins", params(SecretQuery),
    responses((status = 200, description = "the PaymentIntent as Stripe.js answers it, or the card error", body = PaymentIntentAnswer), (status = 404), (status = 422)))]
pub async fn relay_payment_intent(
    query: web::Query<SecretQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    retrieve(Intent::Payment, query, state).await
}

#[utoipa::path(get, path = "/stand-ins/stripe/setup-intent", tag = "stand-ins", params(SecretQuery),
    responses((status = 200, description = "the SetupIntent as Stripe.js answers it, or the card error", body = SetupIntentAnswer), (status = 404), (status = 422)))]
pub async fn relay_setup_intent(
    query: web::Query<SecretQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    retrieve(Intent::Setup, query, state).await
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct Slow {
    /// How long to take, in ms (at most 10,000).
    ms: u64,
}

/// A window that answers only after `ms` milliseconds, as a slow provider page does: a request
/// that is still in flight when a node is told to stop (the cluster's drain test, issue 39).
#[utoipa::path(get, path = "/stand-ins/payment-window/slow", tag = "stand-ins", params(Slow),
    responses((status = 200, content_type = "text/plain", body = String), (status = 404)))]
pub async fn slow_window(
    query: web::Query<Slow>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    stand_in_window(&state)?;
    let ms = query.ms.min(10_000);
    tokio::time::sleep(Duration::from_millis(ms)).await;
    Ok(HttpResponse::Ok()
        .content_type("text/plain")
        .body(format!("slept {ms} ms")))
}

/// The fake window, when the stand-ins selected it: it signs callbacks with the installation's
/// window secret, so anywhere else it would be a way to pay without paying.
fn stand_in_window(state: &AppState) -> Result<&PaymentWindow, ApiError> {
    state
        .window
        .as_deref()
        .filter(|w| w.config().stand_in)
        .ok_or(ApiError::NotFound)
}

/// The posted form's fields in order (the hash covers the order).
fn fields_of(body: &[u8]) -> Vec<(String, String)> {
    form_urlencoded::parse(body)
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect()
}

fn field<'a>(fields: &'a [(String, String)], name: &str) -> &'a str {
    fields
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
        .unwrap_or_default()
}

const WINDOW_FIELDS: &[&str] = &[
    "merchantnumber",
    "currency",
    "amount",
    "orderid",
    "windowstate",
    "language",
    "accepturl",
    "cancelurl",
    "callbackurl",
    "instantcapture",
    "hash",
];

fn window_html(fields: &[(String, String)], notice: Option<&str>) -> HttpResponse {
    let amount = field(fields, "amount")
        .parse::<i64>()
        .map(|ore| tribune_domain::money::Money::ore(ore).danish())
        .unwrap_or_default();
    let hidden: String = fields
        .iter()
        .filter(|(k, _)| WINDOW_FIELDS.contains(&k.as_str()))
        .map(|(k, v)| {
            format!(
                "<input type=\"hidden\" name=\"{}\" value=\"{}\">",
                escape(k),
                escape(v)
            )
        })
        .collect();
    let notice = notice
        .map(|n| format!("<p role=\"alert\" class=\"notice\">{}</p>", escape(n)))
        .unwrap_or_default();
    let html = format!(
        "<!doctype html><html lang=\"da\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"robots\" content=\"noindex\"><title>Testbetalingsvindue</title>\
         <style>body{{font-family:sans-serif;max-width:30rem;margin:3rem auto;padding:0 1rem;color:#1f2937}}\
         .box{{border:1px solid #d1d5db;border-radius:8px;padding:1.5rem}}\
         .amount{{font-size:1.6rem;font-weight:bold;margin:.5rem 0 1rem}}\
         .notice{{background:#fee2e2;color:#991b1b;padding:.6rem;border-radius:6px}}\
         button{{font-size:1rem;padding:.6rem 1rem;margin:.25rem .25rem .25rem 0;border-radius:6px;border:1px solid #9ca3af;background:#fff;cursor:pointer}}\
         button.approve{{background:#15803d;color:#fff;border-color:#15803d}}\
         fieldset{{margin-top:1rem;border:1px dashed #d1d5db;border-radius:6px}} label{{display:block;margin:.2rem 0}}\
         .muted{{color:#6b7280;font-size:.9rem}}</style></head><body>\
         <main class=\"box\"><h1>Testbetalingsvindue</h1>\
         <p class=\"muted\">Et stand-in for betalingsvinduet: ingen rigtige penge flyttes.</p>\
         <p>Forretning {merchant} · betaling nr. {orderid}</p><p class=\"amount\">{amount}</p>{notice}\
         <form method=\"post\" action=\"{WINDOW_STAND_IN_PATH}/decide\">{hidden}\
         <button class=\"approve\" name=\"decision\" value=\"approve\">Godkend betaling</button>\
         <button name=\"decision\" value=\"decline\">Afvis</button>\
         <button name=\"decision\" value=\"cancel\">Annuller</button>\
         <fieldset><legend>Testknapper for callback</legend>\
         <label><input type=\"checkbox\" name=\"delay\" value=\"1\"> Forsinket callback (3 sekunder)</label>\
         <label><input type=\"checkbox\" name=\"twice\" value=\"1\"> Callback to gange</label>\
         <label><input type=\"checkbox\" name=\"badhash\" value=\"1\"> Callback med forkert hash</label>\
         <label><input type=\"checkbox\" name=\"nocallback\" value=\"1\"> Ingen callback</label>\
         </fieldset></form></main></body></html>",
        merchant = escape(field(fields, "merchantnumber")),
        orderid = escape(field(fields, "orderid")),
    );
    HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(html)
}

/// The window opens: the form's hash must be the merchant's.
#[utoipa::path(post, path = "/stand-ins/payment-window", tag = "stand-ins",
    request_body(content = String, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, content_type = "text/html", body = String, description = "the window"), (status = 400), (status = 404)))]
pub async fn fake_window(
    body: web::Bytes,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let window = stand_in_window(&state)?;
    let fields = fields_of(&body);
    if !window.form_is_genuine(&fields) {
        return Err(ApiError::BadRequest(
            "Betalingsanmodningen er ikke gyldig (forkert hash).".into(),
        ));
    }
    Ok(window_html(&fields, None))
}

/// The fake window's web service (`integrations::payments::window_remote`): gettransaction,
/// credit, delete and capture of its own transactions, answered as ePay's SOAP service does.
#[utoipa::path(post, path = "/stand-ins/payment-window/remote", tag = "stand-ins",
    request_body(content = String, content_type = "text/xml"),
    responses((status = 200, content_type = "text/xml", body = String, description = "the operation's answer"), (status = 404)))]
pub async fn fake_window_remote(
    body: web::Bytes,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let window = stand_in_window(&state)?;
    let config = window.config();
    let answer = window.stand_in_ledger().answer(
        &config.merchant_number,
        &config.remote_password,
        &String::from_utf8_lossy(&body),
    );
    Ok(HttpResponse::Ok()
        .content_type("text/xml; charset=utf-8")
        .body(answer))
}

/// The payer decided: approve sends the callback (as the knobs say) and returns the payer to
/// the accept address with the transaction; decline shows the window again; cancel returns to
/// the cancel address.
#[utoipa::path(post, path = "/stand-ins/payment-window/decide", tag = "stand-ins",
    request_body(content = String, content_type = "application/x-www-form-urlencoded"),
    responses((status = 303, description = "back to the shop"), (status = 200, content_type = "text/html", body = String, description = "the window again, declined"),
              (status = 400), (status = 404)))]
pub async fn fake_window_decide(
    body: web::Bytes,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let window = stand_in_window(&state)?;
    let all = fields_of(&body);
    let form: Vec<(String, String)> = all
        .iter()
        .filter(|(k, _)| WINDOW_FIELDS.contains(&k.as_str()))
        .cloned()
        .collect();
    if !window.form_is_genuine(&form) {
        return Err(ApiError::BadRequest(
            "Betalingsanmodningen er ikke gyldig (forkert hash).".into(),
        ));
    }
    let knob = |name: &str| !field(&all, name).is_empty();
    let back = |url: &str, query: &str| {
        let joined = if url.contains('?') { '&' } else { '?' };
        HttpResponse::SeeOther()
            .insert_header((header::LOCATION, format!("{url}{joined}{query}")))
            .finish()
    };
    match field(&all, "decision") {
        "approve" => {}
        "decline" => {
            return Ok(window_html(
                &form,
                Some("Betalingen blev afvist af banken (test). Prøv igen eller annuller."),
            ))
        }
        _ => return Ok(back(field(&form, "cancelurl"), "error=cancelled")),
    }
    let now = chrono::Utc::now().with_timezone(&chrono_tz::Europe::Copenhagen);
    let txnid = rand::thread_rng()
        .gen_range(10_000_000..99_999_999u64)
        .to_string();
    let params: Vec<(&str, String)> = vec![
        ("txnid", txnid),
        ("orderid", field(&form, "orderid").to_string()),
        ("amount", field(&form, "amount").to_string()),
        ("currency", field(&form, "currency").to_string()),
        ("date", now.format("%Y%m%d").to_string()),
        ("time", now.format("%H%M").to_string()),
        ("txnfee", "0".to_string()),
        ("paymenttype", "3".to_string()),
        ("cardno", "444444XXXXXX4444".to_string()),
    ];
    let query = window.signed_query(&params);
    // The fake window's web service knows the payment from now on (refunds, releases).
    if let Some((_, txnid)) = params.first() {
        window.stand_in_ledger().approved(
            txnid,
            field(&form, "amount").parse().unwrap_or(0),
            field(&form, "instantcapture") != "0",
        );
    }
    if !knob("nocallback") {
        let mut callback_query = query.clone();
        if knob("badhash") {
            callback_query.pop();
            callback_query.push('0');
        }
        let url = field(&form, "callbackurl");
        let joined = if url.contains('?') { '&' } else { '?' };
        let callback = format!("{url}{joined}{callback_query}");
        let (delay, times) = (knob("delay"), if knob("twice") { 2 } else { 1 });
        tokio::spawn(async move {
            if delay {
                tokio::time::sleep(Duration::from_secs(3)).await;
            }
            let client = reqwest::Client::new();
            for _ in 0..times {
                match client.get(&callback).send().await {
                    Ok(answer) => {
                        tracing::info!(status = %answer.status(), "the fake window's callback")
                    }
                    Err(err) => tracing::warn!(%err, "the fake window's callback failed"),
                }
            }
        });
    }
    Ok(back(field(&form, "accepturl"), &query))
}
