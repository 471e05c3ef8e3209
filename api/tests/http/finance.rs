//! The finance page and an invoice's own page over HTTP (issue 37 §5): every figure of
//! `/api/invoices/finance` is what the invoices list shows under the filter the page links it
//! to; an overdue invoice sits in its age bucket, a paid one in the month it was paid, a credit
//! note among the credited; what an invoice's page shows beside it (its credit's other side, the
//! names of what it bills); bad filters refused on their field; another club sees none of it.

use chrono::{Datelike, Duration, NaiveDate};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{spawn_app, Browser};

fn today() -> NaiveDate {
    chrono::Utc::now()
        .with_timezone(&chrono_tz::Europe::Copenhagen)
        .date_naive()
}

/// An approved order of one 'Kampbillet' line, invoiced on `date` and booked: (order, invoice).
async fn booked_invoice(staff: &Browser, price: i64, date: NaiveDate) -> (String, String) {
    let body = json!({
        "firstname": "Mette", "lastname": "Holm", "email": "mette@example.dk", "phone": "12345678",
        "orderLines": [{ "title": "Kampbillet", "price": price, "discount": 0, "amount": 1, "type": "product" }],
        "invoicing": { "type": "single", "invoiceDate": date.to_string() },
    });
    let (status, answer) = staff.post_json("/api/orders/update", &body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let order = answer["result"].as_str().expect("id").to_string();
    let (_, read) = staff.get_json(&format!("/api/orders/{order}")).await;
    let approve = json!({ "id": order, "version": read["result"]["version"] });
    let (status, answer) = staff.post_json("/api/orders/approve", &approve).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (status, answer) = staff
        .post_json("/api/orders/invoice", &json!({ "id": order }))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let invoice = answer["result"][0].as_str().expect("invoice").to_string();
    let (status, answer) = staff
        .post_json(&format!("/api/invoices/{invoice}/book"), &json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    (order, invoice)
}

/// The invoices list under `filter`, all of it: (ids, total amount).
async fn listed(staff: &Browser, filter: Value) -> (Vec<String>, i64) {
    let (status, answer) = staff
        .post_json(
            "/api/invoices",
            &json!({ "filter": filter, "page": 1, "perPage": 1000 }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{filter}: {answer}");
    let rows = answer["Result"].as_array().cloned().unwrap_or_default();
    assert_eq!(answer["Total"], json!(rows.len()), "{filter}");
    let ids = rows
        .iter()
        .filter_map(|r| r["Id"].as_str().map(str::to_string))
        .collect();
    (ids, rows.iter().filter_map(|r| r["Total"].as_i64()).sum())
}

/// A figure `{count, amount}` is its list: as many rows, the same sum.
async fn is_its_list(staff: &Browser, figure: &Value, filter: Value) -> Vec<String> {
    let (ids, sum) = listed(staff, filter.clone()).await;
    assert_eq!(figure["count"], json!(ids.len()), "{filter}: {figure}");
    assert_eq!(figure["amount"], json!(sum), "{filter}: {figure}");
    ids
}

fn month_end(first: NaiveDate) -> NaiveDate {
    first
        .checked_add_months(chrono::Months::new(1))
        .expect("a month")
        - Duration::days(1)
}

#[tokio::test]
async fn each_finance_figure_is_the_invoices_list_it_links_to() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let day = today();
    // Owed for long: 75 days ago, due some days after (the club's payment terms).
    let (order, late) = booked_invoice(&staff, 80_000, day - Duration::days(75)).await;
    // Paid today.
    let (_, paid) = booked_invoice(&staff, 30_000, day - Duration::days(20)).await;
    let (status, answer) = staff
        .post_json(&format!("/api/invoices/{paid}/paid"), &json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    // Taken back by a credit note, booked.
    let (_, credited) = booked_invoice(&staff, 12_500, day - Duration::days(3)).await;
    let (status, answer) = staff
        .post_json(&format!("/api/invoices/{credited}/credit"), &json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let note = answer["result"].as_str().expect("note").to_string();
    let (status, _) = staff
        .post_json(&format!("/api/invoices/{note}/book"), &json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);

    let (status, page) = staff.get_json("/api/invoices/finance").await;
    assert_eq!(status, StatusCode::OK, "{page}");
    let page = &page["result"];
    assert_eq!(page["today"], json!(day.to_string()));
    assert_eq!(
        page["economic"], false,
        "Demo FC does not book in e-conomic"
    );

    // Twelve months, this one last; each month's three figures are their lists.
    let months = page["invoices"]["months"].as_array().expect("months");
    assert_eq!(months.len(), 12);
    let this_month = day.with_day(1).expect("first");
    assert_eq!(months[11]["month"], json!(this_month.to_string()));
    let mut invoiced_ids = Vec::new();
    let mut paid_ids = Vec::new();
    let mut credit_ids = Vec::new();
    for month in months {
        let first: NaiveDate = month["month"].as_str().unwrap().parse().unwrap();
        let (from, to) = (first.to_string(), month_end(first).to_string());
        invoiced_ids.extend(
            is_its_list(
                &staff,
                &month["invoiced"],
                json!({ "type": "invoice", "from": from, "to": to, "status": "booked" }),
            )
            .await,
        );
        credit_ids.extend(
            is_its_list(
                &staff,
                &month["credited"],
                json!({ "type": "creditNote", "from": from, "to": to, "status": "booked" }),
            )
            .await,
        );
        paid_ids.extend(
            is_its_list(
                &staff,
                &month["paid"],
                json!({ "type": "invoice", "paidFrom": from, "paidTo": to }),
            )
            .await,
        );
    }
    for id in [&late, &paid, &credited] {
        assert!(invoiced_ids.contains(id), "{id} invoiced in its month");
    }
    assert!(paid_ids.contains(&paid), "paid this month");
    assert!(
        credit_ids.contains(&note),
        "the credit note among the credited"
    );
    let (this_paid, _) = listed(&staff, json!({ "type": "invoice", "paidFrom": this_month.to_string(), "paidTo": month_end(this_month).to_string() })).await;
    assert!(this_paid.contains(&paid));

    // The overdue buckets: each its list; the late invoice in the one of its age, the paid and
    // the credited in none.
    let (_, late_detail) = staff
        .get_json(&format!("/api/invoices/{late}/detail"))
        .await;
    let due: NaiveDate = late_detail["result"]["dueDate"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let age = (day - due).num_days();
    assert!(age > 0, "due {due}");
    let mut overdue_ids = Vec::new();
    for bucket in page["invoices"]["overdue"].as_array().expect("buckets") {
        let mut filter = json!({ "overdueFrom": bucket["fromDays"] });
        if !bucket["toDays"].is_null() {
            filter["overdueTo"] = bucket["toDays"].clone();
        }
        let ids = is_its_list(&staff, &bucket["tally"], filter).await;
        let from = bucket["fromDays"].as_i64().unwrap();
        let holds = age >= from && bucket["toDays"].as_i64().is_none_or(|to| age <= to);
        assert_eq!(ids.contains(&late), holds, "{bucket} at age {age}");
        overdue_ids.extend(ids);
    }
    assert!(!overdue_ids.contains(&paid) && !overdue_ids.contains(&credited));
    let (all_overdue, _) = listed(&staff, json!({ "status": "overdue" })).await;
    overdue_ids.sort();
    let mut all_overdue = all_overdue;
    all_overdue.sort();
    assert_eq!(
        overdue_ids, all_overdue,
        "the buckets together are 'Forfaldne'"
    );

    // Not booked in e-conomic: every booked invoice and credit note; drafts: none.
    let unbooked = is_its_list(
        &staff,
        &page["invoices"]["unbooked"],
        json!({ "status": "unbooked" }),
    )
    .await;
    for id in [&late, &paid, &credited, &note] {
        assert!(unbooked.contains(id));
    }
    is_its_list(
        &staff,
        &page["invoices"]["drafts"],
        json!({ "status": "draft" }),
    )
    .await;

    // The invoice's own page: the names of what it bills, its credit's both sides.
    let (status, related) = staff
        .get_json(&format!("/api/invoices/{late}/related"))
        .await;
    assert_eq!(status, StatusCode::OK, "{related}");
    let related = &related["result"];
    assert_eq!(related["names"][&order]["kind"], "order", "{related}");
    assert_eq!(related["payments"], json!([]));
    assert_eq!(related["booking"], Value::Null);
    assert_eq!(related["creditRelations"], json!([]));
    let (_, of_credited) = staff
        .get_json(&format!("/api/invoices/{credited}/related"))
        .await;
    assert_eq!(
        of_credited["result"]["creditRelations"][0]["Id"],
        json!(note)
    );
    let (_, of_note) = staff
        .get_json(&format!("/api/invoices/{note}/related"))
        .await;
    assert_eq!(
        of_note["result"]["creditRelations"][0]["Id"],
        json!(credited)
    );

    // Bad filters: refused on their field, nothing listed.
    for (filter, field) in [
        (json!({ "from": "2026-02-30" }), "from"),
        (json!({ "paidTo": "i går" }), "paidTo"),
        (json!({ "overdueFrom": -3 }), "overdueFrom"),
        (json!({ "overdueTo": "mange" }), "overdueTo"),
        (json!({ "type": "kvittering" }), "type"),
        (json!({ "status": "bogført" }), "status"),
    ] {
        let (status, answer) = staff
            .post_json("/api/invoices", &json!({ "filter": filter, "page": 1 }))
            .await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{filter}: {answer}"
        );
        assert!(answer.to_string().contains(field), "{filter}: {answer}");
    }

    // Another club: none of it (its admin may not even have the orders module there).
    let other = app.admin_in_handbold().await;
    let (status, theirs) = other.get_json("/api/invoices/finance").await;
    assert!(
        matches!(status, StatusCode::OK | StatusCode::FORBIDDEN),
        "{status} {theirs}"
    );
    assert!(!theirs.to_string().contains(&order));
    if status == StatusCode::OK {
        let months = theirs["result"]["invoices"]["months"].to_string();
        assert!(!months.contains("80000"), "{months}");
    }
    let (status, _) = other
        .get_json(&format!("/api/invoices/{late}/related"))
        .await;
    assert!(matches!(
        status,
        StatusCode::NOT_FOUND | StatusCode::FORBIDDEN
    ));
}
