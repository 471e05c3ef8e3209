//! Card payments of orders (issue 14) against localstripe and the window's hash: the mailed
//! link opens the payment page, the server settles what it reads from the provider, 'Hæv
//! betaling' captures, cancelling refunds or releases, webhooks and callbacks are believed only
//! when signed, and none of it is applied twice or across clubs.

use chrono::Utc;
use reqwest::StatusCode;
use serde_json::{json, Value};
use tribune_api::integrations::payments::stripe::sign;

use crate::helpers::{at_stripe, spawn_app, window_fields, Browser, TestApp};

const VISA: &str = "4242424242424242";
/// localstripe declines a PaymentIntent only with this card (its other decline cards pass).
const DECLINED: &str = "4000000000000341";
const THREE_D_SECURE: &str = "4000002500003155";

async fn staff(app: &TestApp) -> Browser {
    app.signed_in("staff@tribune.test").await
}

/// An approved order of 1 × 500,00 kr. (prices with VAT in the demo club).
async fn approved_order(staff: &Browser) -> String {
    let body = json!({
        "firstname": "Mette", "lastname": "Holm", "email": "mette@example.dk", "phone": "12345678",
        "orderLines": [{ "title": "Sæsonkort", "price": 50_000, "discount": 0, "amount": 1, "type": "product" }],
    });
    let (status, answer) = staff.post_json("/api/orders/update", &body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let id = answer["result"].as_str().expect("id").to_string();
    let (_, order) = staff.get_json(&format!("/api/orders/{id}")).await;
    let (status, answer) = staff
        .post_json(
            "/api/orders/approve",
            &json!({ "id": id, "version": order["result"]["version"] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    id
}

/// Staff send the payment link; the token of the mailed link.
async fn mailed_token(app: &TestApp, staff: &Browser, id: &str) -> String {
    let before = app.smtp.count_to("mette@example.dk");
    let (status, answer) = staff
        .post_json(&format!("/api/orders/{id}/send-paymentlink"), &json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    for _ in 0..300 {
        if app.smtp.count_to("mette@example.dk") > before {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let mails = app.smtp.mails.lock().unwrap().clone();
    let mail = mails
        .iter()
        .rev()
        .find(|m| m.to.iter().any(|t| t == "mette@example.dk"))
        .expect("the payment link mail");
    let link = mail
        .link(&format!("http://127.0.0.1/shop/payment/{id}?token="))
        .expect("a link with a token");
    link.split("token=").nth(1).unwrap().to_string()
}

async fn page(customer: &Browser, id: &str, token: &str) -> Value {
    let (status, answer) = customer
        .get_json(&format!("/api/public/orders/{id}/payment?token={token}"))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["result"].clone()
}

/// Starts a payment: the PaymentIntent's client secret.
async fn start(customer: &Browser, id: &str, token: &str) -> String {
    let (status, answer) = customer
        .post_json(
            &format!("/api/public/orders/{id}/payment/start?token={token}"),
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["result"]["kind"], "stripe", "{answer}");
    assert_eq!(answer["result"]["publishableKey"], "pk_test_tribune");
    answer["result"]["clientSecret"]
        .as_str()
        .expect("client secret")
        .to_string()
}

/// What the browser's Stripe.js does with a card (the fake's relay to localstripe).
async fn pay_with(customer: &Browser, secret: &str, card: &str) -> Value {
    let (status, answer) = customer
        .post_json(
            "/stand-ins/stripe/confirm",
            &json!({ "clientSecret": secret, "number": card, "expMonth": 12, "expYear": 2030, "cvc": "123" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer
}

fn intent_of(secret: &str) -> String {
    secret.split("_secret_").next().unwrap().to_string()
}

async fn confirm(customer: &Browser, id: &str, token: &str, intent: &str) -> Value {
    let (status, answer) = customer
        .post_json(
            &format!("/api/public/orders/{id}/payment/confirm?token={token}"),
            &json!({ "reference": intent }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["result"].clone()
}

async fn order(staff: &Browser, id: &str) -> Value {
    let (status, answer) = staff.get_json(&format!("/api/orders/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["result"].clone()
}

async fn events_of(app: &TestApp, id: &str) -> i64 {
    app.count(&format!(
        "SELECT count(*) FROM events WHERE aggregate_type = 'order' AND aggregate_id = '{id}'"
    ))
    .await
}

#[tokio::test]
async fn a_customer_pays_from_the_mailed_link_and_staff_capture_the_payment() {
    let app = spawn_app().await;
    let staff = staff(&app).await;
    let id = approved_order(&staff).await;
    let token = mailed_token(&app, &staff, &id).await;
    let customer = app.browser();

    let before = page(&customer, &id, &token).await;
    assert_eq!(before["payable"], true);
    assert_eq!(before["provider"], "stripe");
    assert_eq!(before["total"], 50_000);
    assert_eq!(before["clubName"], "Demo FC");
    assert_eq!(before["lines"][0]["title"], "Sæsonkort");

    let secret = start(&customer, &id, &token).await;
    let answer = pay_with(&customer, &secret, VISA).await;
    assert_eq!(
        answer["paymentIntent"]["status"], "requires_capture",
        "{answer}"
    );
    let after = confirm(&customer, &id, &token, &intent_of(&secret)).await;
    assert_eq!(after["paymentStatus"], "authorized");
    assert_eq!(after["payable"], false);
    assert_eq!(after["card"]["last4"], "4242");

    let seen = order(&staff, &id).await;
    assert_eq!(seen["paymentStatus"], "authorized");
    assert_eq!(seen["cardPayment"]["reference"], intent_of(&secret));
    assert_eq!(seen["cardPayment"]["amount"], 50_000);

    let (status, answer) = staff
        .post_json(&format!("/api/orders/{id}/capture-payment"), &json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(order(&staff, &id).await["paymentStatus"], "paid");
    let intent = at_stripe(&format!("payment_intents/{}", intent_of(&secret))).await;
    assert_eq!(intent["status"], "succeeded", "{intent}");

    // Paid: the page offers nothing more to pay, a new start is refused, and so is a new link.
    let (status, answer) = customer
        .post_json(
            &format!("/api/public/orders/{id}/payment/start?token={token}"),
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer["error"], "Ordren er allerede betalt.");
    let (status, answer) = staff
        .post_json(&format!("/api/orders/{id}/send-paymentlink"), &json!({}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer["error"], "Ordren er allerede betalt");
}

#[tokio::test]
async fn the_payment_page_opens_only_with_a_token_of_that_order() {
    let app = spawn_app().await;
    let staff = staff(&app).await;
    let id = approved_order(&staff).await;
    let other = approved_order(&staff).await;
    let token = mailed_token(&app, &staff, &id).await;
    let customer = app.browser();
    for path in [
        format!("/api/public/orders/{id}/payment"),
        format!("/api/public/orders/{id}/payment?token=wrong"),
        format!("/api/public/orders/{other}/payment?token={token}"),
    ] {
        let (status, answer) = customer.get_json(&path).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{path}");
        assert_eq!(
            answer["error"],
            "Linket er ikke gyldigt. Bed klubben om et nyt betalingslink."
        );
    }
    let (status, _) = customer
        .post_json(
            &format!("/api/public/orders/{other}/payment/start?token={token}"),
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = customer
        .get_json("/api/public/orders/not-an-id/payment?token=x")
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_declined_card_is_told_and_the_order_stays_unpaid() {
    let app = spawn_app().await;
    let staff = staff(&app).await;
    let id = approved_order(&staff).await;
    let token = mailed_token(&app, &staff, &id).await;
    let customer = app.browser();
    let secret = start(&customer, &id, &token).await;
    let answer = pay_with(&customer, &secret, DECLINED).await;
    assert_eq!(answer["error"]["type"], "card_error", "{answer}");
    assert_eq!(answer["error"]["message"], "Kortet blev afvist.");
    let after = confirm(&customer, &id, &token, &intent_of(&secret)).await;
    assert_eq!(after["paymentStatus"], "pending");
    assert_eq!(after["payable"], true);
    assert_eq!(after["lastError"], "Kortet blev afvist.");
    assert_eq!(order(&staff, &id).await["paymentStatus"], "pending");
    // The customer tries again with another card.
    let secret = start(&customer, &id, &token).await;
    pay_with(&customer, &secret, VISA).await;
    let after = confirm(&customer, &id, &token, &intent_of(&secret)).await;
    assert_eq!(after["paymentStatus"], "authorized");
}

#[tokio::test]
async fn three_d_secure_waits_for_the_bank_before_anything_counts() {
    let app = spawn_app().await;
    let staff = staff(&app).await;
    let id = approved_order(&staff).await;
    let token = mailed_token(&app, &staff, &id).await;
    let customer = app.browser();
    let secret = start(&customer, &id, &token).await;
    let answer = pay_with(&customer, &secret, THREE_D_SECURE).await;
    assert_eq!(
        answer["paymentIntent"]["status"], "requires_action",
        "{answer}"
    );
    let waiting = confirm(&customer, &id, &token, &intent_of(&secret)).await;
    assert_eq!(waiting["paymentStatus"], "pending");
    let (status, answer) = customer
        .post_json(
            "/stand-ins/stripe/authenticate",
            &json!({ "clientSecret": secret, "success": true }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        answer["paymentIntent"]["status"], "requires_capture",
        "{answer}"
    );
    let after = confirm(&customer, &id, &token, &intent_of(&secret)).await;
    assert_eq!(after["paymentStatus"], "authorized");
}

fn event(id: &str, kind: &str, intent: &Value) -> Vec<u8> {
    serde_json::to_vec(&json!({
        "id": id, "object": "event", "type": kind,
        "data": { "object": intent },
    }))
    .unwrap()
}

async fn deliver(app: &TestApp, body: &[u8], signature: &str) -> StatusCode {
    reqwest::Client::new()
        .post(format!("{}/public/payments/stripe/webhook", app.address))
        .header("Stripe-Signature", signature)
        .header("Content-Type", "application/json")
        .body(body.to_vec())
        .send()
        .await
        .unwrap()
        .status()
}

#[tokio::test]
async fn only_signed_fresh_webhooks_count_and_each_counts_once() {
    let app = spawn_app().await;
    let staff = staff(&app).await;
    let id = approved_order(&staff).await;
    let token = mailed_token(&app, &staff, &id).await;
    let customer = app.browser();
    let secret = start(&customer, &id, &token).await;
    pay_with(&customer, &secret, VISA).await;
    let intent = at_stripe(&format!("payment_intents/{}", intent_of(&secret))).await;
    assert_eq!(intent["status"], "requires_capture");
    let body = event(
        "evt_tribune_1",
        "payment_intent.amount_capturable_updated",
        &intent,
    );
    let webhook_secret = app.settings.stripe.as_ref().unwrap().webhook_secret.clone();
    let now = Utc::now().timestamp();
    let events_before = events_of(&app, &id).await;

    // Forged (another secret), stale (ten minutes old), unsigned: refused, nothing changes.
    assert_eq!(
        deliver(&app, &body, &sign("whsec_someone_else", &body, now)).await,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        deliver(&app, &body, &sign(&webhook_secret, &body, now - 600)).await,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(deliver(&app, &body, "").await, StatusCode::BAD_REQUEST);
    // A body changed after signing.
    let tampered = event("evt_tribune_1", "payment_intent.succeeded", &intent);
    assert_eq!(
        deliver(&app, &tampered, &sign(&webhook_secret, &body, now)).await,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(events_of(&app, &id).await, events_before);
    assert_eq!(order(&staff, &id).await["paymentStatus"], "pending");

    // Signed and fresh: the order is authorized.
    assert_eq!(
        deliver(&app, &body, &sign(&webhook_secret, &body, now)).await,
        StatusCode::OK
    );
    assert_eq!(order(&staff, &id).await["paymentStatus"], "authorized");
    let events_after = events_of(&app, &id).await;
    assert_eq!(events_after, events_before + 1);

    // The same delivery again (and replayed later with a new signature): nothing more.
    assert_eq!(
        deliver(&app, &body, &sign(&webhook_secret, &body, now + 1)).await,
        StatusCode::OK
    );
    // The same news under another event id (Stripe and the payer's return both report it).
    let again = event(
        "evt_tribune_2",
        "payment_intent.amount_capturable_updated",
        &intent,
    );
    assert_eq!(
        deliver(&app, &again, &sign(&webhook_secret, &again, now)).await,
        StatusCode::OK
    );
    assert_eq!(events_of(&app, &id).await, events_after);
    assert_eq!(
        app.count("SELECT count(*) FROM payment_webhook_events")
            .await,
        2
    );

    // An event about a payment Tribune never started is acknowledged and changes nothing.
    let stranger = event(
        "evt_tribune_3",
        "payment_intent.succeeded",
        &json!({ "id": "pi_unknown", "object": "payment_intent", "status": "succeeded", "amount": 100 }),
    );
    assert_eq!(
        deliver(&app, &stranger, &sign(&webhook_secret, &stranger, now)).await,
        StatusCode::OK
    );
    assert_eq!(events_of(&app, &id).await, events_after);
}

#[tokio::test]
async fn a_second_payment_of_a_paid_order_is_given_back() {
    let app = spawn_app().await;
    let staff = staff(&app).await;
    let id = approved_order(&staff).await;
    let token = mailed_token(&app, &staff, &id).await;
    // Two tabs start a payment each, and both pay.
    let (first, second) = (app.browser(), app.browser());
    let one = start(&first, &id, &token).await;
    let two = start(&second, &id, &token).await;
    pay_with(&first, &one, VISA).await;
    pay_with(&second, &two, VISA).await;
    assert_eq!(
        confirm(&first, &id, &token, &intent_of(&one)).await["paymentStatus"],
        "authorized"
    );
    let after = confirm(&second, &id, &token, &intent_of(&two)).await;
    assert_eq!(after["paymentStatus"], "authorized");
    let seen = order(&staff, &id).await;
    assert_eq!(seen["cardPayment"]["reference"], intent_of(&one));
    // The second reservation was released at the provider.
    let released = at_stripe(&format!("payment_intents/{}", intent_of(&two))).await;
    assert_eq!(released["status"], "canceled", "{released}");
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM payments WHERE reference = '{}' AND status = 'cancelled'",
            intent_of(&two)
        ))
        .await,
        1
    );
}

#[tokio::test]
async fn cancelling_refunds_a_paid_order_and_releases_a_reservation() {
    let app = spawn_app().await;
    let staff = staff(&app).await;
    let customer = app.browser();
    let paid = approved_order(&staff).await;
    let token = mailed_token(&app, &staff, &paid).await;
    let secret = start(&customer, &paid, &token).await;
    pay_with(&customer, &secret, VISA).await;
    confirm(&customer, &paid, &token, &intent_of(&secret)).await;
    let (status, _) = staff
        .post_json(&format!("/api/orders/{paid}/capture-payment"), &json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    let seen = order(&staff, &paid).await;
    let (status, answer) = staff
        .post_json(
            "/api/orders/cancel",
            &json!({ "id": paid, "version": seen["version"] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let seen = order(&staff, &paid).await;
    assert_eq!(seen["status"], "cancelled");
    assert_eq!(seen["paymentStatus"], "refunded");
    let intent = at_stripe(&format!(
        "payment_intents/{}?expand[]=latest_charge",
        intent_of(&secret)
    ))
    .await;
    assert_eq!(
        intent.pointer("/latest_charge/amount_refunded"),
        Some(&json!(50_000)),
        "{intent}"
    );

    let reserved = approved_order(&staff).await;
    let token = mailed_token(&app, &staff, &reserved).await;
    let secret = start(&customer, &reserved, &token).await;
    pay_with(&customer, &secret, VISA).await;
    confirm(&customer, &reserved, &token, &intent_of(&secret)).await;
    let seen = order(&staff, &reserved).await;
    let (status, _) = staff
        .post_json(
            "/api/orders/cancel",
            &json!({ "id": reserved, "version": seen["version"] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(order(&staff, &reserved).await["paymentStatus"], "cancelled");
    let intent = at_stripe(&format!("payment_intents/{}", intent_of(&secret))).await;
    assert_eq!(intent["status"], "canceled");
}

/// Demo FC takes cards through the window from now on.
pub(crate) async fn use_window(app: &TestApp) {
    sqlx::query(
        "UPDATE client_modules cm SET features = '{\"payments\": {\"provider\": \"window\"}}' \
         FROM modules m WHERE m.id = cm.module_id AND m.alias = 'orders' \
           AND cm.client_id = (SELECT id FROM clients WHERE name = 'Demo FC')",
    )
    .execute(&app.db.owner)
    .await
    .unwrap();
}

#[tokio::test]
async fn the_window_pays_on_its_callback_only_when_the_hash_and_amount_are_right() {
    let app = spawn_app().await;
    use_window(&app).await;
    let staff = staff(&app).await;
    let id = approved_order(&staff).await;
    let token = mailed_token(&app, &staff, &id).await;
    let customer = app.browser();
    assert_eq!(page(&customer, &id, &token).await["provider"], "window");
    let (status, answer) = customer
        .post_json(
            &format!("/api/public/orders/{id}/payment/start?token={token}"),
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let started = &answer["result"];
    assert_eq!(started["kind"], "window");
    assert_eq!(
        started["action"],
        "http://127.0.0.1/stand-ins/payment-window"
    );
    let fields = window_fields(started);
    assert!(app.window().form_is_genuine(&fields));
    let field = |name: &str| fields.iter().find(|(k, _)| k == name).unwrap().1.clone();
    assert_eq!(field("amount"), "50000");
    assert_eq!(field("instantcapture"), "1");
    let orderid = field("orderid");
    let path = "/public/payments/window/callback";
    let call = |query: String| {
        let url = format!("{}{path}?{query}", app.address);
        async move { reqwest::get(url).await.unwrap().status() }
    };
    let events_before = events_of(&app, &id).await;

    // A bad hash, another amount (hashed right), an unknown payment: refused, nothing changes.
    let mut forged = app.window_callback(&orderid, "50000", "900001");
    forged = forged.replace("amount=50000", "amount=100");
    assert_eq!(call(forged).await, StatusCode::BAD_REQUEST);
    assert_eq!(
        call(app.window_callback(&orderid, "100", "900001")).await,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        call(app.window_callback("999999999", "50000", "900001")).await,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(events_of(&app, &id).await, events_before);

    // The real callback pays the order; the same callback again changes nothing.
    assert_eq!(
        call(app.window_callback(&orderid, "50000", "900001")).await,
        StatusCode::OK
    );
    assert_eq!(
        call(app.window_callback(&orderid, "50000", "900001")).await,
        StatusCode::OK
    );
    let seen = order(&staff, &id).await;
    assert_eq!(seen["paymentStatus"], "paid");
    assert_eq!(seen["cardPayment"]["card"]["brand"], "dankort");
    assert_eq!(seen["cardPayment"]["card"]["last4"], "1234");
    assert_eq!(events_of(&app, &id).await, events_before + 1);
    let after = page(&customer, &id, &token).await;
    assert_eq!(after["paymentStatus"], "paid");
    assert_eq!(after["payable"], false);

    // Cancelled, a window payment is credited back through the window's web service.
    let (status, answer) = staff
        .post_json(
            "/api/orders/cancel",
            &json!({ "id": id, "version": seen["version"] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let seen = order(&staff, &id).await;
    assert_eq!(seen["status"], "cancelled");
    assert_eq!(seen["paymentStatus"], "refunded");
}

#[tokio::test]
async fn the_fake_window_checks_the_hash_and_returns_the_payer_with_a_signed_transaction() {
    let app = spawn_app().await;
    use_window(&app).await;
    let staff = staff(&app).await;
    let id = approved_order(&staff).await;
    let token = mailed_token(&app, &staff, &id).await;
    let customer = app.browser();
    let (_, answer) = customer
        .post_json(
            &format!("/api/public/orders/{id}/payment/start?token={token}"),
            &json!({}),
        )
        .await;
    let fields = window_fields(&answer["result"]);
    let post = |fields: Vec<(String, String)>, path: &'static str| {
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        let url = format!("{}{path}", app.address);
        async move { client.post(url).form(&fields).send().await.unwrap() }
    };
    let opened = post(fields.clone(), "/stand-ins/payment-window").await;
    assert_eq!(opened.status(), StatusCode::OK);
    let html = opened.text().await.unwrap();
    assert!(html.contains("500,00"), "{html}");
    assert!(html.contains("Godkend betaling"));

    let mut tampered = fields.clone();
    tampered[2].1 = "1".into();
    assert_eq!(
        post(tampered, "/stand-ins/payment-window").await.status(),
        StatusCode::BAD_REQUEST
    );

    let mut approve = fields.clone();
    approve.push(("decision".into(), "approve".into()));
    approve.push(("nocallback".into(), "1".into()));
    let back = post(approve, "/stand-ins/payment-window/decide").await;
    assert_eq!(back.status(), StatusCode::SEE_OTHER);
    let location = back.headers()["location"].to_str().unwrap().to_string();
    assert!(
        location.starts_with(&format!("http://127.0.0.1/shop/payment/{id}?token=")),
        "{location}"
    );
    assert!(location.contains("&window=accept&txnid="), "{location}");
    // What the window sends the payer back with is the callback's signed transaction: the
    // server can check it (the test hands it to the callback, as the window would).
    let query = location.split("&window=accept&").nth(1).unwrap();
    let status = reqwest::get(format!(
        "{}/public/payments/window/callback?{query}",
        app.address
    ))
    .await
    .unwrap()
    .status();
    assert_eq!(status, StatusCode::OK);
    assert_eq!(order(&staff, &id).await["paymentStatus"], "paid");

    let mut cancel = fields;
    cancel.push(("decision".into(), "cancel".into()));
    let back = post(cancel, "/stand-ins/payment-window/decide").await;
    assert_eq!(back.status(), StatusCode::SEE_OTHER);
    assert!(back.headers()["location"]
        .to_str()
        .unwrap()
        .contains("window=cancel&error=cancelled"));
}

#[tokio::test]
async fn another_club_can_neither_capture_nor_see_a_payment() {
    let app = spawn_app().await;
    let staff = staff(&app).await;
    let id = approved_order(&staff).await;
    let token = mailed_token(&app, &staff, &id).await;
    let customer = app.browser();
    let secret = start(&customer, &id, &token).await;
    pay_with(&customer, &secret, VISA).await;
    confirm(&customer, &id, &token, &intent_of(&secret)).await;
    let other = app.admin_in_handbold().await;
    let (status, _) = other
        .post_json(&format!("/api/orders/{id}/capture-payment"), &json!({}))
        .await;
    assert!(
        status == StatusCode::NOT_FOUND || status == StatusCode::FORBIDDEN,
        "{status}"
    );
    assert_eq!(order(&staff, &id).await["paymentStatus"], "authorized");
    // The ledger is club data: another club's session sees none of it.
    let club = app.club_id("Demo Håndbold").await;
    let mut tx = tribune_projections::db::club_tx(&app.state.pool, club)
        .await
        .unwrap();
    let seen: i64 = sqlx::query_scalar("SELECT count(*) FROM payments")
        .fetch_one(&mut *tx)
        .await
        .unwrap();
    assert_eq!(seen, 0);
}
