//! Subscriptions of a club that takes cards through the hosted payment window (issue 14): the
//! window keeps no card, so the customer pays the first period in the window to activate, and
//! each later period from a link mailed when it falls due; the window's callback books the
//! period with its invoice and receipt, once, however often it calls.

use chrono::Months;
use reqwest::StatusCode;
use serde_json::{json, Value};
use tribune_api::invoices::recurring::charge_due;

use crate::helpers::{a_contact, spawn_app, window_fields, Browser, TestApp};
use crate::payments::use_window;
use crate::subscriptions::{draft, invoices_of, link_token, subscription, today};

async fn page(customer: &Browser, id: &str, token: &str) -> Value {
    let (status, answer) = customer
        .get_json(&format!("/public/subscriptions/{id}?token={token}"))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["result"].clone()
}

/// Starts a payment in the window: its form's fields, checked to be signed by the club's key.
async fn start(app: &TestApp, customer: &Browser, id: &str, token: &str) -> Vec<(String, String)> {
    let (status, answer) = customer
        .post_json(
            &format!("/public/subscriptions/{id}/activate?token={token}"),
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["result"]["kind"], "window", "{answer}");
    let fields = window_fields(&answer["result"]);
    assert!(app.window().form_is_genuine(&fields));
    fields
}

fn field(fields: &[(String, String)], name: &str) -> String {
    fields.iter().find(|(k, _)| k == name).unwrap().1.clone()
}

async fn call_back(app: &TestApp, query: String) -> StatusCode {
    let url = format!("{}/public/payments/window/callback?{query}", app.address);
    reqwest::get(url).await.unwrap().status()
}

#[tokio::test]
async fn a_window_club_s_customer_pays_each_period_in_the_window() {
    let app = spawn_app().await;
    use_window(&app).await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (contact, email) = a_contact(&staff).await;
    // Started a month ago: two periods have fallen due.
    let start_date = today().checked_sub_months(Months::new(1)).unwrap();
    let id = draft(&staff, contact, start_date, 0).await;
    let token = link_token(&app, &staff, &id, &email).await;
    let customer = app.browser();

    let shown = page(&customer, &id, &token).await;
    assert_eq!(shown["payWith"], "window");
    assert_eq!(shown["canPay"], true);
    assert_eq!(shown["amountDue"], 29_900);

    // Activation: the first period, paid at once in the window, back to the page's flags.
    let fields = start(&app, &customer, &id, &token).await;
    assert_eq!(field(&fields, "amount"), "29900");
    assert_eq!(field(&fields, "instantcapture"), "1");
    assert!(field(&fields, "accepturl").ends_with("&success=1"));
    assert!(field(&fields, "cancelurl").ends_with("&error=1"));
    let orderid = field(&fields, "orderid");

    // Nothing changes before the callback, nor on a forged or wrong one.
    assert_eq!(subscription(&staff, &id).await["status"], "draft");
    let forged = app
        .window_callback(&orderid, "29900", "700001")
        .replace("amount=29900", "amount=1");
    assert_eq!(call_back(&app, forged).await, StatusCode::BAD_REQUEST);
    assert_eq!(
        call_back(&app, app.window_callback(&orderid, "100", "700001")).await,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(subscription(&staff, &id).await["status"], "draft");

    // The callback approves the draft and books the period; twice changes nothing more.
    for _ in 0..2 {
        assert_eq!(
            call_back(&app, app.window_callback(&orderid, "29900", "700001")).await,
            StatusCode::OK
        );
    }
    let seen = subscription(&staff, &id).await;
    assert_eq!(seen["status"], "approved");
    assert_eq!(seen["periodsPaid"], 1);
    let invoices = invoices_of(&staff, &id).await;
    assert_eq!(invoices.len(), 1, "{invoices:?}");
    assert_eq!(invoices[0]["IsPaid"], true);
    assert_eq!(invoices[0]["Total"], 29_900);
    for _ in 0..150 {
        if app.smtp.count_to(&email) >= 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let receipt = app.smtp.wait_for(&email).await;
    assert!(
        receipt.data.to_lowercase().contains("kvittering"),
        "{}",
        receipt.data
    );

    // The second period has fallen due: its link is mailed once, however often the job runs.
    let mails = app.smtp.count_to(&email);
    let report = charge_due(&app.state, today()).await.unwrap();
    assert_eq!(report.links, 1, "{report:?}");
    assert_eq!(report.paid, 0, "{report:?}");
    let report = charge_due(&app.state, today()).await.unwrap();
    assert_eq!(report.links, 0, "{report:?}");
    for _ in 0..150 {
        if app.smtp.count_to(&email) > mails {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let mail = app.smtp.wait_for(&email).await;
    assert!(mail.data.contains("Betal perioden"), "{}", mail.data);
    assert_eq!(app.smtp.count_to(&email), mails + 1);

    // The customer pays it from the page; then nothing is left to pay until next month.
    let shown = page(&customer, &id, &token).await;
    assert_eq!(shown["status"], "approved");
    assert_eq!(shown["canPay"], true);
    let fields = start(&app, &customer, &id, &token).await;
    let orderid = field(&fields, "orderid");
    assert_eq!(
        call_back(&app, app.window_callback(&orderid, "29900", "700002")).await,
        StatusCode::OK
    );
    assert_eq!(subscription(&staff, &id).await["periodsPaid"], 2);
    assert_eq!(invoices_of(&staff, &id).await.len(), 2);
    let shown = page(&customer, &id, &token).await;
    assert_eq!(shown["canPay"], false);
    assert_eq!(shown["amountDue"], Value::Null);
    let (status, answer) = customer
        .post_json(
            &format!("/public/subscriptions/{id}/activate?token={token}"),
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(answer["error"], "Der er intet at betale.", "{answer}");
}

#[tokio::test]
async fn a_draft_that_cannot_be_approved_is_not_sent_to_the_window() {
    let app = spawn_app().await;
    use_window(&app).await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (contact, email) = a_contact(&staff).await;
    let (status, answer) = staff
        .post_json(
            "/api/subscriptions/update",
            &json!({
                "contactId": contact, "repeats": 1, "commitment": 0, "startDate": today(),
                "noEndDate": true, "description": "Tom", "orderLines": [],
            }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let id = answer["result"].as_str().unwrap().to_string();
    let token = link_token(&app, &staff, &id, &email).await;
    let customer = app.browser();
    let before = app.count("SELECT count(*) FROM payments").await;
    let (status, answer) = customer
        .post_json(
            &format!("/public/subscriptions/{id}/activate?token={token}"),
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(app.count("SELECT count(*) FROM payments").await, before);
    assert_eq!(subscription(&staff, &id).await["status"], "draft");
}
