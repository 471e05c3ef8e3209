//! What a provider's report must be before it pays anything (issue 35, points 2 and 3): a
//! window callback counts only when hashed with this installation's own secret (the built-in
//! one of old is refused), and a Stripe report, signed webhook or the server's own read, only
//! when its PaymentIntent is the one Tribune created for the payment, with the amount and
//! currency the order asked. A report that is not is recorded and settles nothing. The stand-ins'
//! secrets are the installation's own, the same after a restart.

use chrono::Utc;
use reqwest::StatusCode;
use serde_json::{json, Value};
use tribune_api::integrations::payments::stripe::sign;
use tribune_api::integrations::payments::{PaymentWindow, WindowConfig};
use tribune_api::settings::{InstallationSecret, Settings};
use tribune_api::startup::Application;
use tribune_api::state::AppState;

use crate::helpers::{
    at_stripe, book, catalogue_ticket, first_offer, guest, localstripe_url, open_event, order_of,
    visitor, window_fields, Browser, TestApp,
};

/// The window secret every installation shared before issue 35.
const OLD_BUILT_IN_SECRET: &str = "tribune-stand-in";

/// A visitor's booking of one 'Kampbillet' at 50,00 kr. for a new event of Demo FC, paid through
/// the club's provider: (buyer, event, the book answer).
async fn a_50_kr_booking(app: &TestApp) -> (Browser, String, Value) {
    let staff = app.signed_in("staff@tribune.test").await;
    let ticket = catalogue_ticket(&staff, "Kampbillet", 5000).await;
    let (event, _) = open_event(
        &staff,
        "Demo FC – Vejle",
        json!([{ "productId": ticket, "title": "Kampbillet", "price": 5000, "maxAmount": 10, "public": true }]),
        json!({}),
    )
    .await;
    let buyer = visitor(app).await;
    let product = first_offer(&buyer, &event).await;
    let (status, body) = book(
        &buyer,
        &guest(&event, json!([{ "productId": product, "amount": 1 }])),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    (buyer, event, body)
}

async fn unpaid_without_tickets(buyer: &Browser, event: &str, booked: &Value) {
    let order = order_of(buyer, event, &booked["data"]).await;
    assert_eq!(order["result"]["status"], "draft", "{order}");
    assert_eq!(order["result"]["tickets"], json!([]), "{order}");
}

/// The recorded mismatches, oldest first.
async fn mismatches(app: &TestApp) -> Vec<Value> {
    sqlx::query_scalar(
        "SELECT jsonb_build_object('source', source, 'expected', expected_amount, \
           'reported', reported_amount, 'currency', expected_currency, \
           'reportedCurrency', reported_currency, 'intent', expected_reference, \
           'reportedIntent', reported_reference) \
         FROM payment_mismatches ORDER BY created_at",
    )
    .fetch_all(&app.db.owner)
    .await
    .unwrap()
}

#[tokio::test]
async fn a_window_callback_hashed_with_the_old_built_in_secret_pays_nothing() {
    let app = crate::helpers::spawn_app().await;
    crate::payments::use_window(&app).await;
    let (buyer, event, booked) = a_50_kr_booking(&app).await;
    let fields = window_fields(&booked["result"]);
    let orderid = &fields.iter().find(|(k, _)| k == "orderid").unwrap().1;
    let callback = |query: String| {
        let url = format!("{}/public/payments/window/callback?{query}", app.address);
        async move { reqwest::get(url).await.unwrap().status() }
    };

    // What the probe sent: the right order and amount, hashed with the old built-in secret.
    let forger = PaymentWindow::new(WindowConfig {
        secret: OLD_BUILT_IN_SECRET.into(),
        ..app.settings.window.clone().unwrap()
    });
    let forged = forger.signed_query(&[
        ("txnid", "666001".into()),
        ("orderid", orderid.clone()),
        ("amount", "5000".into()),
        ("currency", "208".into()),
    ]);
    assert_eq!(callback(forged).await, StatusCode::BAD_REQUEST);
    unpaid_without_tickets(&buyer, &event, &booked).await;

    // The installation's own secret still pays.
    assert_eq!(
        callback(app.window_callback(orderid, "5000", "700001")).await,
        StatusCode::OK
    );
    let order = order_of(&buyer, &event, &booked["data"]).await;
    assert_eq!(order["result"]["status"], "approved", "{order}");
    assert_eq!(order["result"]["tickets"].as_array().map(Vec::len), Some(1));
}

/// What Stripe.js does with a good card (the fake's relay to localstripe), without the payer's
/// return: the PaymentIntent, succeeded at Stripe and not yet known to Tribune.
async fn paid_at_stripe(buyer: &Browser, booked: &Value) -> Value {
    let secret = booked["result"]["clientSecret"].as_str().unwrap();
    let (status, paid) = buyer
        .post_json(
            "/stand-ins/stripe/confirm",
            &json!({ "clientSecret": secret, "number": "4242424242424242", "expMonth": 12, "expYear": 2030, "cvc": "123" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{paid}");
    let intent = at_stripe(&format!(
        "payment_intents/{}",
        secret.split("_secret_").next().unwrap()
    ))
    .await;
    assert_eq!(intent["status"], "succeeded", "{intent}");
    intent
}

/// A webhook of `intent` succeeded, signed with the app's webhook secret.
async fn succeeded_webhook(app: &TestApp, event_id: &str, intent: &Value) -> StatusCode {
    let body = serde_json::to_vec(&json!({
        "id": event_id, "object": "event", "type": "payment_intent.succeeded",
        "data": { "object": intent },
    }))
    .unwrap();
    let secret = &app.settings.stripe.as_ref().unwrap().webhook_secret;
    reqwest::Client::new()
        .post(format!("{}/public/payments/stripe/webhook", app.address))
        .header(
            "Stripe-Signature",
            sign(secret, &body, Utc::now().timestamp()),
        )
        .header("Content-Type", "application/json")
        .body(body)
        .send()
        .await
        .unwrap()
        .status()
}

#[tokio::test]
async fn a_signed_webhook_of_1_ore_for_a_50_kr_booking_pays_nothing_and_is_recorded() {
    let app = crate::helpers::spawn_app().await;
    let (buyer, event, booked) = a_50_kr_booking(&app).await;
    assert_eq!(booked["result"]["kind"], "stripe", "{booked}");
    let intent = paid_at_stripe(&buyer, &booked).await;
    let mut cheap = intent.clone();
    cheap["amount"] = json!(1);

    // Acknowledged, so that Stripe does not send it for ever; but nothing is paid.
    assert_eq!(
        succeeded_webhook(&app, "evt_cheap", &cheap).await,
        StatusCode::OK
    );
    unpaid_without_tickets(&buyer, &event, &booked).await;
    assert_eq!(
        mismatches(&app).await,
        vec![
            json!({ "source": "webhook", "expected": 5000, "reported": 1,
                     "currency": "dkk", "reportedCurrency": "dkk",
                     "intent": intent["id"], "reportedIntent": intent["id"] })
        ]
    );

    // The PaymentIntent as it is pays the booking.
    assert_eq!(
        succeeded_webhook(&app, "evt_genuine", &intent).await,
        StatusCode::OK
    );
    let order = order_of(&buyer, &event, &booked["data"]).await;
    assert_eq!(order["result"]["status"], "approved", "{order}");
    assert_eq!(order["result"]["tickets"].as_array().map(Vec::len), Some(1));
    assert_eq!(mismatches(&app).await.len(), 1);
}

#[tokio::test]
async fn a_signed_webhook_of_another_payment_intent_naming_the_payment_pays_nothing_and_is_recorded(
) {
    let app = crate::helpers::spawn_app().await;
    let (buyer, event, booked) = a_50_kr_booking(&app).await;
    let intent = paid_at_stripe(&buyer, &booked).await;
    assert!(
        intent.pointer("/metadata/tribune_payment").is_some(),
        "{intent}"
    );
    // The right amount, currency and metadata, on a PaymentIntent Tribune did not create.
    let mut foreign = intent.clone();
    foreign["id"] = json!("pi_not_tribunes");

    assert_eq!(
        succeeded_webhook(&app, "evt_foreign", &foreign).await,
        StatusCode::OK
    );
    unpaid_without_tickets(&buyer, &event, &booked).await;
    assert_eq!(
        mismatches(&app).await,
        vec![
            json!({ "source": "webhook", "expected": 5000, "reported": 5000,
                     "currency": "dkk", "reportedCurrency": "dkk",
                     "intent": intent["id"], "reportedIntent": "pi_not_tribunes" })
        ]
    );
}

#[tokio::test]
async fn the_server_s_own_read_of_a_payment_intent_in_another_currency_pays_nothing() {
    let app = crate::helpers::spawn_app().await;
    let (buyer, event, booked) = a_50_kr_booking(&app).await;
    let secret = booked["result"]["clientSecret"].as_str().unwrap();
    let id = secret.split("_secret_").next().unwrap();
    // Changed at Stripe after Tribune created it.
    let changed = reqwest::Client::new()
        .post(format!("{}/v1/payment_intents/{id}", localstripe_url()))
        .bearer_auth("sk_test_tribune")
        .form(&[("currency", "eur")])
        .send()
        .await
        .unwrap();
    assert!(changed.status().is_success());
    paid_at_stripe(&buyer, &booked).await;

    // The payer's return: the server reads the PaymentIntent and settles nothing.
    let (status, after) = buyer
        .post_json(
            &format!(
                "/public/events/{event}/order/{}/accept-payment?token={}",
                booked["data"]["orderId"].as_str().unwrap(),
                booked["data"]["token"].as_str().unwrap()
            ),
            &json!({ "reference": id }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{after}");
    unpaid_without_tickets(&buyer, &event, &booked).await;
    let recorded = mismatches(&app).await;
    assert_eq!(recorded.len(), 1, "{recorded:?}");
    assert_eq!(recorded[0]["source"], "read");
    assert_eq!(recorded[0]["reportedCurrency"], "eur");
}

/// `settings` as the stand-ins leave them without given secrets: the installation's to fill in.
fn with_the_installation_s_secrets(settings: &Settings) -> Settings {
    let mut settings = settings.clone();
    settings.window.as_mut().unwrap().secret = String::new();
    settings.stripe.as_mut().unwrap().webhook_secret = String::new();
    settings.installation_secrets = InstallationSecret::ALL.to_vec();
    settings.run_background = false;
    settings
}

/// A server started on the app's database with `settings`: its address and state.
async fn started(settings: Settings) -> (String, actix_web::web::Data<AppState>) {
    let server = Application::build(settings).await.expect("build");
    let address = format!("http://127.0.0.1:{}", server.port());
    let state = server.state();
    tokio::spawn(server.run_until_stopped());
    (address, state)
}

#[tokio::test]
async fn the_stand_ins_secrets_are_the_installation_s_own_and_a_callback_signed_before_a_restart_pays_after_it(
) {
    let app = crate::helpers::spawn_app().await;
    crate::payments::use_window(&app).await;
    let (buyer, event, booked) = a_50_kr_booking(&app).await;
    let fields = window_fields(&booked["result"]);
    let orderid = &fields.iter().find(|(k, _)| k == "orderid").unwrap().1;
    let unfilled = with_the_installation_s_secrets(&app.settings);

    // Not started with the secrets still to be read.
    let pool = sqlx::PgPool::connect_with(unfilled.app_database.clone())
        .await
        .unwrap();
    assert!(AppState::new(pool.clone(), unfilled.clone()).is_err());

    // Before the restart: the installation's secrets, made at random.
    let (_, before) = started(unfilled.clone()).await;
    let window = before.window.as_deref().unwrap().config().clone();
    let webhook = before
        .settings
        .stripe
        .as_ref()
        .unwrap()
        .webhook_secret
        .clone();
    assert!(window.secret.len() >= 40, "{}", window.secret);
    assert_ne!(window.secret, OLD_BUILT_IN_SECRET);
    assert!(
        webhook.starts_with("whsec_") && webhook.len() > 40,
        "{webhook}"
    );
    let signed_before = PaymentWindow::new(window.clone()).signed_query(&[
        ("txnid", "700009".into()),
        ("orderid", orderid.clone()),
        ("amount", "5000".into()),
        ("currency", "208".into()),
    ]);

    // After it: the same secrets, and the callback signed before pays.
    let (address, after) = started(unfilled).await;
    assert_eq!(after.window.as_deref().unwrap().config(), &window);
    assert_eq!(
        after.settings.stripe.as_ref().unwrap().webhook_secret,
        webhook
    );
    let answer = reqwest::get(format!(
        "{address}/public/payments/window/callback?{signed_before}"
    ))
    .await
    .unwrap();
    assert_eq!(answer.status(), StatusCode::OK);
    let order = order_of(&buyer, &event, &booked["data"]).await;
    assert_eq!(order["result"]["status"], "approved", "{order}");

    // The server's own role cannot read them.
    let read: Result<Vec<String>, _> = sqlx::query_scalar("SELECT value FROM installation_secrets")
        .fetch_all(&pool)
        .await;
    assert!(read.is_err(), "{read:?}");
}
