//! Subscriptions (issue 14): the staff's form and its rules, activation on the public page with
//! a card saved through Stripe (localstripe), the recurring charges with their invoices and
//! receipts, declined charges retried and then flagged, a period charged once even when a run
//! dies between the charge and its commit, the customer's own list and cancelling, and clubs
//! kept apart.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};
use chrono::{Months, NaiveDate, Utc};
use reqwest::StatusCode;
use serde_json::{json, Value};
use tribune_api::invoices::recurring::{charge_due, charge_subscription, Charge};
use tribune_api::kit::actor::Actor;
use tribune_api::subscriptions::SubscriptionService;
use tribune_domain::subscription::SavedCard;
use uuid::Uuid;

use crate::helpers::{
    a_contact, first_error, spawn_app, spawn_app_with, until, AppOptions, Browser, TestApp,
};

const VISA: &str = "4242424242424242";
/// Saved without complaint, declined when charged (localstripe's one such card).
const DECLINED_WHEN_CHARGED: &str = "4000000000000341";

pub(crate) fn today() -> NaiveDate {
    Utc::now()
        .with_timezone(&chrono_tz::Europe::Copenhagen)
        .date_naive()
}

/// A draft of 299,00 a month (Demo FC's prices include VAT) with a commitment of `commitment` months from `start`.
pub(crate) async fn draft(
    staff: &Browser,
    contact: Uuid,
    start: NaiveDate,
    commitment: u32,
) -> String {
    let (status, answer) = staff
        .post_json(
            "/api/subscriptions/update",
            &json!({
                "contactId": contact, "repeats": 1, "commitment": commitment, "startDate": start,
                "noEndDate": true, "description": "Fitness",
                "orderLines": [{ "title": "Fitness", "price": 29_900, "discount": 0, "amount": 1 }],
            }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["result"].as_str().expect("id").to_string()
}

pub(crate) async fn subscription(staff: &Browser, id: &str) -> Value {
    let (status, answer) = staff.get_json(&format!("/api/subscriptions/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["result"].clone()
}

pub(crate) async fn link_token(app: &TestApp, staff: &Browser, id: &str, email: &str) -> String {
    let (status, answer) = staff
        .post_json(
            &format!("/api/subscriptions/{id}/send-paymentlink"),
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let mail = app.smtp.wait_for(email).await;
    let link = mail
        .link(&format!("http://127.0.0.1/subscriptions/{id}?token="))
        .expect("the link with its token");
    link.split("token=").nth(1).unwrap().to_string()
}

/// The customer activates on the public page with `card` (the fake Stripe()'s relay confirms
/// the SetupIntent at localstripe).
pub(crate) async fn activate(customer: &Browser, id: &str, token: &str, card: &str) -> Value {
    let (status, answer) = customer
        .post_json(
            &format!("/public/subscriptions/{id}/activate?token={token}"),
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let secret = answer["result"]["clientSecret"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(secret.starts_with("seti_"), "{secret}");
    let (status, answer) = customer
        .post_json(
            "/stand-ins/stripe/confirm-setup",
            &json!({ "clientSecret": secret, "number": card, "expMonth": 12, "expYear": 2030, "cvc": "123" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["setupIntent"]["status"], "succeeded", "{answer}");
    let setup = answer["setupIntent"]["id"].as_str().unwrap().to_string();
    let (status, answer) = customer
        .post_json(
            &format!("/public/subscriptions/{id}/activate/confirm?token={token}"),
            &json!({ "setupIntent": setup }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["result"].clone()
}

pub(crate) async fn invoices_of(staff: &Browser, id: &str) -> Vec<Value> {
    let (status, answer) = staff.get_json(&format!("/api/invoices/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["result"].as_array().cloned().unwrap_or_default()
}

#[tokio::test]
async fn the_form_asks_repeats_commitment_and_a_contact_in_danish() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (status, answer) = staff
        .post_json(
            "/api/subscriptions/update",
            &json!({ "orderLines": [], "repeats": null, "commitment": null }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(first_error(&answer, "repeats"), "Gentag hver skal udfyldes");
    assert_eq!(first_error(&answer, "commitment"), "Binding skal udfyldes");
    assert_eq!(
        first_error(&answer, "contactId"),
        "Kontaktperson skal vælges"
    );
    let (status, answer) = staff
        .post_json(
            "/api/subscriptions/update",
            &json!({ "repeats": "hver måned", "commitment": 3 }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(app.count("SELECT count(*) FROM subscription_rows").await, 0);
}

#[tokio::test]
async fn staff_approve_reopen_cancel_and_delete_as_the_statuses_allow() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (contact, _) = a_contact(&app.signed_in("staff@tribune.test").await).await;
    let id = draft(&staff, contact, today(), 3).await;
    let first = subscription(&staff, &id).await;
    assert_eq!(first["status"], "draft");
    assert_eq!(first["subscriptionNumber"], 1);
    assert_eq!(first["total"], 29_900);
    assert!(!first["customer"]["email"].as_str().unwrap().is_empty());

    let (status, answer) = staff
        .post_json("/api/subscriptions/cancel", &json!({ "id": id }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        answer["error"],
        "En kladde eller et annulleret abonnement kan ikke annulleres"
    );
    let (status, answer) = staff
        .post_json(
            "/api/subscriptions/approve",
            &json!({ "id": id, "version": first["version"] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (status, answer) = staff.delete(&format!("/api/subscriptions/{id}")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        answer["error"],
        "Kun en kladde eller et annulleret abonnement kan slettes"
    );
    let (status, _) = staff
        .post_json("/api/subscriptions/edit", &json!({ "id": id }))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(subscription(&staff, &id).await["status"], "draft");

    // The list: 'Aktiv' filter, search, the columns.
    let (status, page) = staff
        .post_json(
            "/api/subscriptions",
            &json!({ "filter": { "status": "draft" }, "page": 1, "perPage": 10 }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(page["Total"], 1);
    let (status, got) = staff.get_json("/api/subscriptions?status=draft").await;
    assert_eq!(status, StatusCode::OK, "{got}");
    assert_eq!(
        got, page,
        "GET with query parameters is the same list (spec 3 §7)"
    );
    let row = &page["Result"][0];
    assert_eq!(row["subscriptionNumber"], 1);
    assert_eq!(row["total"], 29_900);
    let (_, page) = staff
        .post_json(
            "/api/subscriptions",
            &json!({ "filter": { "status": "approved" }, "page": 1, "perPage": 10 }),
        )
        .await;
    assert_eq!(page["Total"], 0);

    let (status, _) = staff.delete(&format!("/api/subscriptions/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = staff.get_json(&format!("/api/subscriptions/{id}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Another club sees nothing of Demo FC's.
    let id = draft(&staff, contact, today(), 3).await;
    let other = app.admin_in_handbold().await;
    let (status, _) = other.get_json(&format!("/api/subscriptions/{id}")).await;
    assert!(
        status == StatusCode::NOT_FOUND || status == StatusCode::FORBIDDEN,
        "{status}"
    );
}

#[tokio::test]
async fn a_customer_activates_by_card_and_each_period_is_charged_invoiced_and_receipted_once() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (contact, email) = a_contact(&app.signed_in("staff@tribune.test").await).await;
    let id = draft(&staff, contact, today(), 3).await;
    let token = link_token(&app, &staff, &id, &email).await;
    let customer = app.browser();

    let (status, answer) = customer
        .get_json(&format!("/public/subscriptions/{id}?token={token}"))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    // A link or page of an older build calls the first path: the same answer.
    let (old_status, old_answer) = customer
        .get_json(&format!("/api/public/subscriptions/{id}?token={token}"))
        .await;
    assert_eq!((old_status, &old_answer), (status, &answer));
    let page = &answer["result"];
    assert_eq!(page["status"], "draft");
    assert_eq!(page["canPay"], true);
    assert_eq!(page["commitment"], 3);
    assert_eq!(page["repeats"], 1);
    assert_eq!(page["total"], 29_900);

    // The contact form: Danish errors, then saved.
    let (status, answer) = customer
        .post_json(
            &format!("/public/subscriptions/{id}/update-contact?token={token}"),
            &json!({ "firstname": "", "lastname": "Holm", "email": "nope", "phone": "" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(first_error(&answer, "firstname"), "Fornavn skal udfyldes");
    assert_eq!(first_error(&answer, "email"), "E-mail er ikke gyldig");
    let receipts_to = format!("abonnent-{}@example.dk", Uuid::new_v4().simple());
    let (status, answer) = customer
        .post_json(
            &format!("/public/subscriptions/{id}/update-contact?token={token}"),
            &json!({ "firstname": "Mette", "lastname": "Holm", "email": receipts_to, "phone": "12345678" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");

    let activated = activate(&customer, &id, &token, VISA).await;
    assert_eq!(activated["status"], "approved");
    assert_eq!(activated["card"]["last4"], "4242");

    // The first period is charged at once (a job), invoiced booked and paid, and receipted.
    until("the first charge", async || {
        subscription(&staff, &id).await["periodsPaid"] == 1
    })
    .await;
    let invoices = invoices_of(&staff, &id).await;
    assert_eq!(invoices.len(), 1, "{invoices:?}");
    assert_eq!(invoices[0]["IsPaid"], true);
    assert_eq!(invoices[0]["IsDraft"], false);
    assert_eq!(invoices[0]["Total"], 29_900);
    let receipt = app.smtp.wait_for(&receipts_to).await;
    assert!(
        receipt.data.contains("Kvittering") || receipt.data.contains("kvittering"),
        "{}",
        receipt.data
    );

    // A month on, the next period; run again the same day, nothing more.
    let next_month = today().checked_add_months(Months::new(1)).unwrap();
    let report = charge_due(&app.state, next_month).await.unwrap();
    assert_eq!(report.paid, 1, "{report:?}");
    let report = charge_due(&app.state, next_month).await.unwrap();
    assert_eq!(report.paid, 0, "{report:?}");
    let seen = subscription(&staff, &id).await;
    assert_eq!(seen["periodsPaid"], 2);
    assert_eq!(invoices_of(&staff, &id).await.len(), 2);
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM subscription_charges WHERE subscription_id = '{id}' AND status = 'succeeded'"
        ))
        .await,
        2
    );
}

#[tokio::test]
async fn a_declined_charge_is_retried_mailed_and_finally_flagged_not_cancelled() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (contact, email) = a_contact(&app.signed_in("staff@tribune.test").await).await;
    let id = draft(&staff, contact, today(), 3).await;
    let token = link_token(&app, &staff, &id, &email).await;
    let customer = app.browser();
    activate(&customer, &id, &token, DECLINED_WHEN_CHARGED).await;

    until("the first failed charge", async || {
        !subscription(&staff, &id).await["chargeProblem"].is_null()
    })
    .await;
    let seen = subscription(&staff, &id).await;
    assert_eq!(seen["chargeProblem"]["attempt"], 1);
    assert_eq!(seen["chargeProblem"]["finalAttempt"], false);
    assert_eq!(seen["chargeProblem"]["reason"], "Kortet blev afvist.");
    assert_eq!(seen["status"], "approved");
    // The customer is told, with a link to pay with another card.
    let mut told = false;
    for _ in 0..200 {
        told = app
            .smtp
            .mails
            .lock()
            .unwrap()
            .iter()
            .any(|m| m.data.contains("mislykkedes"));
        if told {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(told, "no mail about the failed payment");

    // Waiting for its retry: a run now changes nothing.
    let report = charge_due(&app.state, today()).await.unwrap();
    assert_eq!(report.failed, 0, "{report:?}");
    // Each retry when it is due; the fourth try is the last.
    for attempt in 2..=4 {
        sqlx::query("UPDATE subscription_charges SET next_try_at = now() - interval '1 minute'")
            .execute(&app.db.owner)
            .await
            .unwrap();
        let report = charge_due(&app.state, today()).await.unwrap();
        assert_eq!(report.failed, 1, "try {attempt}: {report:?}");
        let seen = subscription(&staff, &id).await;
        assert_eq!(seen["chargeProblem"]["attempt"], attempt);
        assert_eq!(seen["chargeProblem"]["finalAttempt"], attempt == 4);
    }
    sqlx::query("UPDATE subscription_charges SET next_try_at = now() - interval '1 minute'")
        .execute(&app.db.owner)
        .await
        .unwrap();
    let report = charge_due(&app.state, today()).await.unwrap();
    assert_eq!(report, Default::default(), "given up: no more tries");
    let seen = subscription(&staff, &id).await;
    assert_eq!(seen["status"], "approved", "flagged, not cancelled");
    let (_, page) = staff
        .post_json("/api/subscriptions", &json!({ "page": 1, "perPage": 10 }))
        .await;
    assert_eq!(page["Result"][0]["paymentFailed"], true);
    assert_eq!(invoices_of(&staff, &id).await.len(), 0);
}

/// A Stripe that keeps its promise about idempotency keys: the same key gets the first answer.
#[derive(Default)]
struct IdempotentStripe {
    answers: Vec<(String, Value)>,
    created: usize,
}

async fn fake_intent(
    req: HttpRequest,
    fake: web::Data<Arc<Mutex<IdempotentStripe>>>,
) -> HttpResponse {
    let key = req
        .headers()
        .get("Idempotency-Key")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let mut fake = fake.lock().unwrap();
    if let Some((_, answer)) = fake.answers.iter().find(|(k, _)| *k == key) {
        return HttpResponse::Ok().json(answer.clone());
    }
    fake.created += 1;
    let answer = json!({
        "id": format!("pi_fake_{}", fake.created), "object": "payment_intent",
        "status": "succeeded", "amount": 29_900, "payment_method": "pm_fake",
    });
    fake.answers.push((key, answer.clone()));
    HttpResponse::Ok().json(answer)
}

async fn fake_method() -> HttpResponse {
    HttpResponse::Ok().json(json!({
        "id": "pm_fake", "card": { "brand": "visa", "last4": "4242", "exp_month": 12, "exp_year": 2030 },
    }))
}

#[tokio::test]
async fn a_run_killed_between_the_charge_and_its_commit_charges_the_period_once() {
    let fake: Arc<Mutex<IdempotentStripe>> = Arc::default();
    let data = web::Data::new(fake.clone());
    let server = HttpServer::new(move || {
        App::new()
            .app_data(data.clone())
            .route("/v1/payment_intents", web::post().to(fake_intent))
            .route("/v1/payment_methods/{id}", web::get().to(fake_method))
    })
    .workers(1)
    .bind(("127.0.0.1", 0))
    .unwrap();
    let port = server.addrs()[0].port();
    tokio::spawn(server.run());
    let app = spawn_app_with(AppOptions {
        stripe_url: Some(format!("http://127.0.0.1:{port}")),
        ..AppOptions::default()
    })
    .await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (contact, _) = a_contact(&app.signed_in("staff@tribune.test").await).await;
    // Starting next month: the activation's own charge finds nothing due yet.
    let start = today().checked_add_months(Months::new(1)).unwrap();
    let id = draft(&staff, contact, start, 0).await;
    let club = app.club_id("Demo FC").await;
    let actor = Actor::system(club, "Test");
    let sid: Uuid = id.parse().unwrap();
    SubscriptionService::of(&app.state)
        .activate(
            &actor,
            sid,
            SavedCard {
                provider: "stripe".into(),
                customer: "cus_fake".into(),
                payment_method: "pm_fake".into(),
                brand: "visa".into(),
                last4: "4242".into(),
                exp_month: 12,
                exp_year: 2030,
            },
        )
        .await
        .unwrap();
    // The run that died: its row committed, the card charged with the first try's key, and
    // nothing more (the process was killed before the commit).
    let period = start.format("%Y-%m-%d").to_string();
    sqlx::query(
        "INSERT INTO subscription_charges (subscription_id, period, client_id, amount) VALUES ($1, $2, $3, 37375)",
    )
    .bind(sid)
    .bind(&period)
    .bind(club)
    .execute(&app.db.owner)
    .await
    .unwrap();
    let charged = reqwest::Client::new()
        .post(format!("http://127.0.0.1:{port}/v1/payment_intents"))
        .header(
            "Idempotency-Key",
            format!("tribune-subscription-{sid}-{period}-1"),
        )
        .send()
        .await
        .unwrap();
    assert!(charged.status().is_success());
    assert_eq!(fake.lock().unwrap().created, 1);

    // The next run asks again with the same key: the same payment, recorded once.
    let charges = charge_subscription(&app.state, club, sid, start)
        .await
        .unwrap();
    assert!(matches!(charges[..], [Charge::Paid { .. }]), "{charges:?}");
    let charges = charge_subscription(&app.state, club, sid, start)
        .await
        .unwrap();
    assert!(charges.is_empty(), "{charges:?}");
    assert_eq!(fake.lock().unwrap().created, 1, "charged twice");
    let seen = subscription(&staff, &id).await;
    assert_eq!(seen["periodsPaid"], 1);
    assert_eq!(invoices_of(&staff, &id).await.len(), 1);
}

#[tokio::test]
async fn the_customer_sees_only_their_own_and_cancels_only_after_the_commitment() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (contact, _) = a_contact(&app.signed_in("staff@tribune.test").await).await;
    // kunde@tribune.test's: one bound for 12 months, one whose commitment has run out.
    let mut ids = Vec::new();
    for (start, commitment) in [
        (today(), 12),
        (today().checked_sub_months(Months::new(2)).unwrap(), 1),
    ] {
        let id = draft(&staff, contact, start, commitment).await;
        let version = subscription(&staff, &id).await["version"].clone();
        let mut body = subscription(&staff, &id).await;
        body["customer"] = json!({ "firstname": "Kunde", "lastname": "Demo", "email": "kunde@tribune.test", "phone": "1" });
        body["version"] = version;
        let (status, answer) = staff.post_json("/api/subscriptions/update", &body).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let version = subscription(&staff, &id).await["version"].clone();
        let (status, answer) = staff
            .post_json(
                "/api/subscriptions/approve",
                &json!({ "id": id, "version": version }),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        ids.push(id);
    }
    // Someone else's.
    let other = draft(&staff, contact, today(), 0).await;
    let version = subscription(&staff, &other).await["version"].clone();
    staff
        .post_json(
            "/api/subscriptions/approve",
            &json!({ "id": other, "version": version }),
        )
        .await;

    let customer = app.signed_in("kunde@tribune.test").await;
    let (status, answer) = customer.get_json("/api/profile/subscriptions").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let mine: Vec<String> = answer["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(mine.len(), 2, "{answer}");
    assert!(!mine.contains(&other));

    let (status, answer) = customer
        .post_json(
            &format!("/api/profile/cancel-subscription/{}", ids[0]),
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .starts_with("Abonnementet kan først opsiges når bindingsperioden er udløbet"),
        "{answer}"
    );
    let (status, answer) = customer
        .post_json(
            &format!("/api/profile/cancel-subscription/{}", ids[1]),
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(subscription(&staff, &ids[1]).await["status"], "cancelled");
    let (status, _) = customer
        .post_json(
            &format!("/api/profile/cancel-subscription/{other}"),
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(subscription(&staff, &other).await["status"], "approved");
}

/// The subscription's Noter tab: a comment on a subscription is kept and listed (its label is
/// the subscription's number).
#[tokio::test]
async fn staff_comment_on_a_subscription() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (contact, _) = a_contact(&staff).await;
    let id = draft(&staff, contact, today(), 0).await;
    let (status, answer) = staff
        .post_form(
            &format!("/api/comments/{id}"),
            None,
            &[
                ("text", "<p>Ring til kunden</p>"),
                ("originType", "subscription"),
            ],
            vec![],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (status, listed) = staff.get_json(&format!("/api/comments/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    assert!(listed.to_string().contains("Ring til kunden"), "{listed}");
}
