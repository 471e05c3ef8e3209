//! Auto-renew (spec 3 §3 `autoRenew`, issue 40 item 7): a subscription with auto-renew is
//! announced to its customer 30 days before its end date, renewed the day after it for another
//! commitment period, and its next period is charged; one without stops at its end date and is
//! charged nothing after it. "Today" is the date the scans are given.

use chrono::{Days, Months, NaiveDate};
use reqwest::StatusCode;
use serde_json::{json, Value};
use tribune_api::invoices::recurring::charge_due;
use tribune_api::subscriptions::renewal::{renew_due, RenewalReport};
use tribune_projections::registry;
use tribune_projections::replay::{replay, ReplayMode};
use uuid::Uuid;

use crate::helpers::{a_contact, spawn_app, until, Browser, TestApp};
use crate::subscriptions::{activate, invoices_of, link_token, subscription, today};

const VISA: &str = "4242424242424242";

pub(crate) fn months(day: NaiveDate, n: u32) -> NaiveDate {
    day.checked_add_months(Months::new(n)).unwrap()
}

pub(crate) fn days_before(day: NaiveDate, n: u64) -> NaiveDate {
    day.checked_sub_days(Days::new(n)).unwrap()
}

pub(crate) fn days_after(day: NaiveDate, n: u64) -> NaiveDate {
    day.checked_add_days(Days::new(n)).unwrap()
}

/// A draft of 299,00 a month from `start` to `end` with two months' binding, renewing by itself
/// or not.
pub(crate) async fn draft_ending(
    staff: &Browser,
    contact: Uuid,
    start: NaiveDate,
    end: NaiveDate,
    auto_renew: bool,
) -> String {
    let (status, answer) = staff
        .post_json(
            "/api/subscriptions/update",
            &json!({
                "contactId": contact, "repeats": 1, "commitment": 2, "startDate": start,
                "endDate": end, "noEndDate": false, "autoRenew": auto_renew, "description": "Fitness",
                "orderLines": [{ "title": "Fitness", "price": 29_900, "discount": 0, "amount": 1 }],
            }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["result"].as_str().expect("id").to_string()
}

/// The mails that tell a customer their subscription renews.
pub(crate) fn renewal_notices(app: &TestApp, to: &str) -> Vec<String> {
    app.smtp
        .mails
        .lock()
        .unwrap()
        .iter()
        .filter(|m| m.to.iter().any(|t| t == to) && m.text().contains("fornyes automatisk"))
        .map(|m| m.text())
        .collect()
}

async fn event_types(staff: &Browser, id: &str) -> Vec<String> {
    let (status, answer) = staff
        .get_json(&format!("/api/history/subscription/{id}"))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["eventType"].as_str().unwrap().to_string())
        .collect()
}

/// A subscription from today to the day before two months on, activated with a card: its first
/// period charged (by the activation's job), then its second.
async fn two_periods_paid(app: &TestApp, staff: &Browser, auto_renew: bool) -> (String, String) {
    let (contact, email) = a_contact(staff).await;
    let start = today();
    let end = days_before(months(start, 2), 1);
    let id = draft_ending(staff, contact, start, end, auto_renew).await;
    let token = link_token(app, staff, &id, &email).await;
    activate(&app.browser(), &id, &token, VISA).await;
    until("the first charge", async || {
        subscription(staff, &id).await["periodsPaid"] == 1
    })
    .await;
    let report = charge_due(&app.state, months(start, 1)).await.unwrap();
    assert_eq!(report.paid, 1, "{report:?}");
    (id, email)
}

#[tokio::test]
async fn a_subscription_with_auto_renew_is_announced_renewed_and_charged_on() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (id, email) = two_periods_paid(&app, &staff, true).await;
    let start = today();
    let end = days_before(months(start, 2), 1);
    // Another two months' binding.
    let renews_to = days_before(months(start, 4), 1);
    let seen = subscription(&staff, &id).await;
    assert_eq!(seen["renewsTo"], json!(renews_to), "{seen}");
    assert_eq!(seen["renewalNoticed"], false);
    // Bound two months from the start, but never past the end date.
    assert_eq!(seen["commitmentDate"], json!(end));

    // 31 days before the end date, nobody is told; 30 days before, the customer is, once.
    let report = renew_due(&app.state, days_before(end, 31)).await.unwrap();
    assert_eq!(report, RenewalReport::default());
    let report = renew_due(&app.state, days_before(end, 30)).await.unwrap();
    assert_eq!(report.noticed, 1, "{report:?}");
    let report = renew_due(&app.state, days_before(end, 10)).await.unwrap();
    assert_eq!(report, RenewalReport::default(), "told already");
    until("the renewal notice", async || {
        !renewal_notices(&app, &email).is_empty()
    })
    .await;
    let notices = renewal_notices(&app, &email);
    assert_eq!(notices.len(), 1);
    let day = |d: NaiveDate| d.format("%d-%m-%Y").to_string();
    assert!(
        notices[0].contains(&format!(
            "slutter {} og fornyes derefter automatisk til {}",
            day(end),
            day(renews_to)
        )),
        "{}",
        notices[0]
    );
    assert!(notices[0].contains(&format!("/subscriptions/{id}?token=")));
    assert_eq!(subscription(&staff, &id).await["renewalNoticed"], true);

    // Past the end date nothing more is due until it renews, the day after the end date.
    let third = months(start, 2);
    assert_eq!(charge_due(&app.state, third).await.unwrap().paid, 0);
    assert_eq!(
        renew_due(&app.state, end).await.unwrap(),
        RenewalReport::default()
    );
    let report = renew_due(&app.state, days_after(end, 1)).await.unwrap();
    assert_eq!(report.renewed, 1, "{report:?}");
    let report = renew_due(&app.state, days_after(end, 1)).await.unwrap();
    assert_eq!(report, RenewalReport::default(), "renewed once");
    let seen = subscription(&staff, &id).await;
    assert_eq!(seen["endDate"], json!(renews_to), "{seen}");
    assert_eq!(seen["nextPayment"], json!(third));
    assert_eq!(seen["commitmentDate"], json!(renews_to));
    assert_eq!(seen["renewsTo"], json!(days_before(months(start, 6), 1)));
    assert_eq!(
        seen["renewalNoticed"], false,
        "the new end date is not told yet"
    );
    assert_eq!(seen["status"], "approved");

    // The new period is charged as the others were, once.
    let report = charge_due(&app.state, third).await.unwrap();
    assert_eq!(report.paid, 1, "{report:?}");
    assert_eq!(charge_due(&app.state, third).await.unwrap().paid, 0);
    assert_eq!(subscription(&staff, &id).await["periodsPaid"], 3);
    assert_eq!(invoices_of(&staff, &id).await.len(), 3);
    let events = event_types(&staff, &id).await;
    for kind in ["RenewalNoticeSent", "Renewed"] {
        assert_eq!(
            events.iter().filter(|e| *e == kind).count(),
            1,
            "{events:?}"
        );
    }
    let (_, page) = staff
        .post_json(
            "/api/subscriptions",
            &json!({ "filter": { "status": "approved" }, "page": 1, "perPage": 10 }),
        )
        .await;
    assert_eq!(page["Result"][0]["endDate"], json!(renews_to), "{page}");
    // The read table's renewal columns are what a replay of the events makes.
    let (projection, kind) = registry::find("subscription_rows").expect("subscription_rows");
    let check = replay(
        &app.db.owner,
        projection.as_ref(),
        kind,
        ReplayMode::CheckOnly,
    )
    .await
    .unwrap();
    assert!(check.identical(), "{check:?}");
}

#[tokio::test]
async fn a_subscription_without_auto_renew_stops_at_its_end_date() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (id, email) = two_periods_paid(&app, &staff, false).await;
    let start = today();
    let end = days_before(months(start, 2), 1);
    let seen = subscription(&staff, &id).await;
    assert_eq!(seen["renewsTo"], Value::Null, "{seen}");

    // Nobody is told, nothing renews, and nothing is charged after the end date.
    for day in [
        days_before(end, 30),
        end,
        days_after(end, 1),
        months(end, 1),
    ] {
        let report = renew_due(&app.state, day).await.unwrap();
        assert_eq!(report, RenewalReport::default(), "{day}");
    }
    for month in 2..=4 {
        let report = charge_due(&app.state, months(start, month)).await.unwrap();
        assert_eq!(report, Default::default(), "month {month}");
    }
    let seen = subscription(&staff, &id).await;
    assert_eq!(seen["endDate"], json!(end));
    assert_eq!(seen["nextPayment"], Value::Null);
    assert_eq!(seen["periodsPaid"], 2);
    assert_eq!(invoices_of(&staff, &id).await.len(), 2);
    until("no job pending", async || {
        app.count("SELECT count(*) FROM jobs WHERE pending").await == 0
    })
    .await;
    assert!(renewal_notices(&app, &email).is_empty());
    assert!(!event_types(&staff, &id)
        .await
        .iter()
        .any(|e| e.starts_with("Renew")));
}
