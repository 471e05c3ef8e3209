//! Invoices beyond the ledger itself (issue 13): the PDF read back, sending it and the receipt
//! by mail, booking in e-conomic through the stand-in (also when it fails and the job is
//! retried), the finance dashboard from the async projection, and the auditor's export.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{pdf_text, spawn_app, Browser, TestApp};

async fn staff(app: &TestApp) -> Browser {
    app.signed_in("staff@tribune.test").await
}

/// A company with CVR and EAN (invoiced by EAN) and its contact, in Demo FC (whose prices
/// include VAT).
async fn customer(app: &TestApp) -> (uuid::Uuid, uuid::Uuid) {
    let club = app.club_id("Demo FC").await;
    let company: uuid::Uuid = sqlx::query_scalar(
        "INSERT INTO companies (client_id, name, cvr, ean, use_ean, address, zip_code, city) \
         VALUES ($1, 'Havnens Fisk A/S', '87654321', '5790001234567', true, 'Kajen 4', '8000', 'Aarhus C') RETURNING id",
    )
    .bind(club)
    .fetch_one(&app.db.owner)
    .await
    .expect("company");
    let contact: uuid::Uuid = sqlx::query_scalar(
        "INSERT INTO contacts (client_id, firstname, lastname, email) VALUES ($1, 'Ole', 'Fisk', 'ole@fisk.dk') RETURNING id",
    )
    .bind(club)
    .fetch_one(&app.db.owner)
    .await
    .expect("contact");
    sqlx::query(
        "UPDATE clients SET cvr = '11223344', bank_reg = '1234', bank_account = '0012345678' WHERE id = $1",
    )
    .bind(club)
    .execute(&app.db.owner)
    .await
    .expect("club");
    (company, contact)
}

/// An approved order of the company with single invoicing, invoiced: the draft's id.
async fn invoiced_order(
    staff: &Browser,
    company: uuid::Uuid,
    contact: uuid::Uuid,
    date: &str,
) -> String {
    let body = json!({
        "firstname": "Ole", "lastname": "Fisk", "email": "ole@fisk.dk", "phone": "12345678",
        "companyId": company, "contactId": contact,
        "orderLines": [
            { "title": "Trøje", "sku": "3001", "price": 50_000, "discount": 0, "amount": 2, "type": "product" },
            { "title": "Sæsonkort", "sku": "2001", "price": 120_000, "discount": 0, "amount": 1, "type": "product" },
        ],
        "invoicing": { "type": "single", "invoiceDate": date },
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
    let (status, answer) = staff
        .post_json("/api/orders/invoice", &json!({ "id": id }))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["result"][0].as_str().expect("invoice").to_string()
}

async fn act(staff: &Browser, id: &str, action: &str) -> (StatusCode, Value) {
    staff
        .post_json(&format!("/api/invoices/{id}/{action}"), &json!({}))
        .await
}

async fn ok(staff: &Browser, id: &str, action: &str) -> Value {
    let (status, answer) = act(staff, id, action).await;
    assert_eq!(status, StatusCode::OK, "{action}: {answer}");
    answer["result"].clone()
}

async fn refused(staff: &Browser, id: &str, action: &str, message: &str) {
    let (status, answer) = act(staff, id, action).await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{action}: {answer}"
    );
    assert_eq!(answer["error"], message, "{action}");
}

async fn pdf_of(staff: &Browser, id: &str) -> String {
    let response = staff.get(&format!("/api/invoices/{id}/pdf")).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok()),
        Some("application/pdf")
    );
    pdf_text(&response.bytes().await.expect("pdf"))
}

/// Turns on the orders module's e-conomic feature for Demo FC, with its settings.
async fn use_economic(app: &TestApp) {
    sqlx::query(
        "UPDATE clients SET features = coalesce(features, '{}') || jsonb_build_object('orders', \
           coalesce(features->'orders', '{}') || '{\"economic\": true}'), \
           settings = jsonb_set(coalesce(settings, '{}'), '{economic}', \
             '{\"customerGroup\": 3, \"vatZone\": 1, \"paymentTerms\": 2, \"layout\": 21, \"feeProduct\": \"9001\", \"invoiceText\": \"Tak for handlen\"}') \
         WHERE name = 'Demo FC'",
    )
    .execute(&app.db.owner)
    .await
    .expect("economic");
}

async fn external_number(staff: &Browser, id: &str) -> Option<String> {
    for _ in 0..200 {
        let (_, answer) = staff.get_json(&format!("/api/invoices/{id}/detail")).await;
        if let Some(n) = answer["result"]["externalNumber"].as_str() {
            return Some(n.to_string());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    None
}

#[tokio::test]
async fn a_booked_invoice_is_a_danish_pdf_mailed_to_the_customer_and_a_receipt_follows_payment() {
    let app = spawn_app().await;
    let staff = staff(&app).await;
    let (company, contact) = customer(&app).await;
    let draft = invoiced_order(&staff, company, contact, "2026-03-02").await;

    // A draft: its PDF says so; it cannot be sent.
    assert!(pdf_of(&staff, &draft).await.contains("KLADDE"));
    refused(&staff, &draft, "send", "Fakturaen skal godkendes først").await;

    let booked = ok(&staff, &draft, "book").await;
    let number = booked["number"].as_i64().expect("number");
    let text = pdf_of(&staff, &draft).await;
    for expected in [
        format!("{number}"),
        "Faktura".to_string(),
        "02-03-2026".to_string(),
        "16-03-2026".to_string(),
        "Havnens Fisk A/S".to_string(),
        "87654321".to_string(),
        "5790001234567".to_string(),
        "11223344".to_string(),
        "1234".to_string(),
        "0012345678".to_string(),
        "Trøje".to_string(),
        "Sæsonkort".to_string(),
        "2.200,00".to_string(),
        "440,00".to_string(),
        "Netto 14 dage".to_string(),
    ] {
        assert!(text.contains(&expected), "{expected} missing in:\n{text}");
    }

    // Sent: the mail with the PDF arrives; the row says sent.
    let (status, answer) = staff
        .post_json(
            &format!("/api/invoices/{draft}/send"),
            &json!({ "email": "ikke-en-mail" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(
        answer["errors"]["email"][0],
        "E-mailadressen er ikke gyldig"
    );
    let sent = ok(&staff, &draft, "send").await;
    assert!(sent["sentAt"].is_string());
    let mail = app.smtp.wait_for("ole@fisk.dk").await;
    assert!(
        mail.data.contains(&format!("Faktura-{number}.pdf")),
        "{}",
        mail.data
    );
    assert!(mail.data.contains("application/pdf"));

    // The receipt waits for the payment.
    refused(
        &staff,
        &draft,
        "send-receipt",
        "Kvittering kan kun sendes for en betalt faktura",
    )
    .await;
    ok(&staff, &draft, "paid").await;
    let receipt = ok(&staff, &draft, "send-receipt").await;
    assert_eq!(receipt["receiptSent"], true);
    for _ in 0..100 {
        if app.smtp.count_to("ole@fisk.dk") == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(
        app.smtp.count_to("ole@fisk.dk"),
        2,
        "the invoice and the receipt"
    );
    assert!(pdf_of(&staff, &draft).await.contains("Betalt"));

    // Credited: the credit note's PDF names what it credits, with negative amounts.
    let (status, answer) = act(&staff, &draft, "credit").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let note = answer["result"].as_str().expect("note").to_string();
    ok(&staff, &note, "book").await;
    let text = pdf_of(&staff, &note).await;
    assert!(text.contains("Kreditnota"), "{text}");
    assert!(
        text.contains(&format!("Krediterer faktura nr. {number}")),
        "{text}"
    );
    assert!(text.contains("-2.200,00"), "{text}");

    // Another club sees none of it.
    let other = app.admin_in_handbold().await;
    for status in [
        other
            .get(&format!("/api/invoices/{draft}/pdf"))
            .await
            .status(),
        act(&other, &draft, "send").await.0,
        act(&other, &draft, "send-receipt").await.0,
    ] {
        assert!(
            matches!(status, StatusCode::NOT_FOUND | StatusCode::FORBIDDEN),
            "{status}"
        );
    }
}

#[tokio::test]
async fn a_mail_server_that_is_down_delays_the_invoice_mail_and_loses_nothing() {
    let mut app = crate::helpers::spawn_app_with(crate::helpers::AppOptions {
        smtp_up: false,
        ..Default::default()
    })
    .await;
    let staff = staff(&app).await;
    let (company, contact) = customer(&app).await;
    let draft = invoiced_order(&staff, company, contact, "2026-03-02").await;
    ok(&staff, &draft, "book").await;
    ok(&staff, &draft, "send").await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert_eq!(app.smtp.count_to("ole@fisk.dk"), 0);
    app.start_smtp().await;
    // The retry (5 s backoff) delivers it.
    let mail = app.smtp.wait_for("ole@fisk.dk").await;
    assert!(mail.data.contains("application/pdf"));
}

#[tokio::test]
async fn booking_also_books_in_economic_once_even_when_economic_fails_and_the_job_is_retried() {
    let app = spawn_app().await;
    use_economic(&app).await;
    let staff = staff(&app).await;
    let (company, contact) = customer(&app).await;
    let stand_in = app.state.accounting_stand_in.clone().expect("stand-in");

    let first = invoiced_order(&staff, company, contact, "2026-03-02").await;
    ok(&staff, &first, "book").await;
    assert_eq!(
        external_number(&staff, &first).await.as_deref(),
        Some("20001")
    );
    let books = stand_in.books();
    assert_eq!(books.customers.len(), 1);
    let (_, customer) = &books.customers[0];
    assert_eq!(customer.cvr.as_deref(), Some("87654321"));
    assert_eq!(customer.ean.as_deref(), Some("5790001234567"));
    assert_eq!(
        (
            customer.customer_group,
            customer.vat_zone,
            customer.payment_terms
        ),
        (3, 1, 2)
    );
    assert_eq!(books.drafts.len(), 1);
    let (_, draft, booked) = &books.drafts[0];
    assert_eq!(*booked, Some(20001));
    assert_eq!(draft.layout, 21);
    assert_eq!(draft.text.as_deref(), Some("Tak for handlen"));
    let products: Vec<(Option<&str>, i64, i64)> = draft
        .lines
        .iter()
        .map(|l| {
            (
                l.product_number.as_deref(),
                l.quantity,
                l.unit_net_price_ore,
            )
        })
        .collect();
    // Net unit prices (Demo FC's prices include 25 % VAT; e-conomic adds it by the VAT zone).
    assert_eq!(
        products,
        [(Some("3001"), 2, 40_000), (Some("2001"), 1, 96_000)]
    );

    // e-conomic is down for the next two calls: the job fails, is retried, books once.
    stand_in.fail_next(2);
    let second = invoiced_order(&staff, company, contact, "2026-03-03").await;
    ok(&staff, &second, "book").await;
    assert_eq!(
        external_number(&staff, &second).await.as_deref(),
        Some("20002")
    );
    let books = stand_in.books();
    assert_eq!(
        books.customers.len(),
        1,
        "the customer is found again, not made twice"
    );
    assert_eq!(books.drafts.len(), 2);
    assert_eq!(books.booking_calls, 2, "each invoice booked once");
    let failures = app
        .count(&format!(
            "SELECT count(*) FROM job_history h JOIN jobs j ON j.id = h.job_id \
             WHERE j.relation_id = '{second}' AND h.state_name = 'Scheduled'"
        ))
        .await;
    assert!(
        failures >= 1,
        "the failed attempt is on the Jobs screen's history"
    );

    // A hand-set bookkeeping number is kept; a club without the feature books nothing there.
    sqlx::query("UPDATE clients SET features = jsonb_set(features, '{orders,economic}', 'false') WHERE name = 'Demo FC'")
        .execute(&app.db.owner)
        .await
        .expect("off");
    let third = invoiced_order(&staff, company, contact, "2026-03-04").await;
    ok(&staff, &third, "book").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(stand_in.books().drafts.len(), 2);
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM jobs WHERE relation_id = '{third}'"
        ))
        .await,
        0
    );
}

/// Polls `path` until `done` holds for its result (the async projection catches up).
async fn eventually(staff: &Browser, path: &str, done: impl Fn(&Value) -> bool) -> Value {
    let mut last = Value::Null;
    for _ in 0..100 {
        let (status, answer) = staff.post_json(path, &json!({})).await;
        assert_eq!(status, StatusCode::OK, "{path}: {answer}");
        last = answer;
        if done(&last) {
            return last;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{path} never showed what was expected: {last}");
}

#[tokio::test]
async fn the_finance_widgets_show_what_was_invoiced_and_planned_per_month_and_product() {
    let app = spawn_app().await;
    let staff = staff(&app).await;
    let (company, contact) = customer(&app).await;
    let club = app.club_id("Demo FC").await;
    let category: uuid::Uuid = sqlx::query_scalar(
        "INSERT INTO order_categories (client_id, title, sku) VALUES ($1, 'Sponsorat', '1001') RETURNING id",
    )
    .bind(club)
    .fetch_one(&app.db.owner)
    .await
    .expect("category");
    // A contract of 12.000,00 a year incl. VAT (9.600,00 without), invoiced quarterly from
    // 1 January 2026; the widgets count without VAT.
    let body = json!({
        "categoryId": category, "companyId": company, "contactId": contact,
        "startDate": "2026-01-01", "endDate": "2026-12-31",
        "contractLines": [{ "title": "Bandereklame", "price": 1_200_000, "amount": 1, "unit": "stk" }],
        "invoicing": { "type": "recurring", "intervals": 3, "startDate": "2026-01-01" },
    });
    let (_, answer) = staff.post_json("/api/contracts/update", &body).await;
    let contract = answer["result"].as_str().expect("id").to_string();
    let (_, c) = staff.get_json(&format!("/api/contracts/{contract}")).await;
    staff
        .post_json(
            "/api/contracts/approve",
            &json!({ "id": contract, "version": c["result"]["version"] }),
        )
        .await;
    let planned = eventually(&staff, "/api/dashboard/invoices", |a| a["Total"] == 4).await;
    let first = &planned["Result"][0];
    assert_eq!(first["invoiceDate"], "2026-01-01");
    assert_eq!(first["amount"], 240_000);
    assert_eq!(first["company"], "Havnens Fisk A/S");
    assert_eq!(first["category"], "Sponsorat");
    assert_eq!(first["contractId"], contract.as_str());

    // The first quarter made and booked; an order invoice in March; one credited.
    let (_, made) = staff
        .post_json("/api/contracts/invoice", &json!({ "id": contract }))
        .await;
    let quarter = made["result"].as_str().expect("invoice").to_string();
    ok(&staff, &quarter, "book").await;
    let order = invoiced_order(&staff, company, contact, "2026-03-02").await;
    ok(&staff, &order, "book").await;
    eventually(&staff, "/api/dashboard/invoices", |a| a["Total"] == 3).await;

    let month = eventually(&staff, "/api/dashboard/invoiced-amount?year=2026", |a| {
        a["result"]["total"] == 240_000 + 176_000
    })
    .await;
    assert_eq!(month["result"]["labels"][0], "2026-01");
    assert_eq!(month["result"]["series"][0], 240_000);
    assert_eq!(month["result"]["series"][2], 176_000);
    let products = eventually(&staff, "/api/dashboard/products-amount?year=2026", |a| {
        a["result"]["labels"].as_array().map(Vec::len) == Some(3)
    })
    .await;
    assert_eq!(products["result"]["labels"][0], "Sponsorat");
    assert_eq!(products["result"]["series"][0], 240_000);
    let status = eventually(&staff, "/api/dashboard/invoiced-status?year=2026", |a| {
        a["result"]["series"][0] == 416_000
    })
    .await;
    assert_eq!(
        status["result"]["labels"],
        json!(["Faktureret", "Resterende"])
    );
    assert_eq!(
        status["result"]["series"][1], 720_000,
        "three quarters still planned"
    );
    let sales = eventually(
        &staff,
        "/api/dashboard/contract-sales-amount?year=2026",
        |a| a["result"]["total"] == 960_000,
    )
    .await;
    assert_eq!(
        sales["result"]["series"][0], 960_000,
        "in the month it starts"
    );
    let sold = eventually(
        &staff,
        "/api/dashboard/contract-products-amount?year=2026",
        |a| a["result"]["total"] == 960_000,
    )
    .await;
    assert_eq!(sold["result"]["labels"], json!(["Bandereklame"]));

    // A credit note takes its invoice back out of the month.
    let (_, answer) = act(&staff, &order, "credit").await;
    let note = answer["result"].as_str().expect("note").to_string();
    ok(&staff, &note, "book").await;
    eventually(&staff, "/api/dashboard/invoiced-amount?year=2026", |a| {
        a["result"]["total"] == 240_000
    })
    .await;

    // Bad input is refused on its field; another club sees its own (empty) figures.
    let (code, answer) = staff
        .post_json("/api/dashboard/invoiced-amount?year=1900", &json!({}))
        .await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(
        answer["errors"]["year"][0],
        "Året skal ligge mellem 2000 og 2100"
    );
    let (code, _) = staff
        .post_json("/api/dashboard/invoiced-amount?year=abc", &json!({}))
        .await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY);
    let other = app.admin_in_handbold().await;
    for path in [
        "/api/dashboard/invoiced-amount?year=2026",
        "/api/dashboard/invoices",
    ] {
        let (code, theirs) = other.post_json(path, &json!({})).await;
        assert!(
            code == StatusCode::FORBIDDEN || theirs["result"]["total"] == 0 || theirs["Total"] == 0,
            "{path}: {code} {theirs}"
        );
    }
}

#[tokio::test]
async fn the_auditors_export_lists_the_periods_invoices_their_events_and_checks_the_numbering() {
    use calamine::Reader;
    let app = spawn_app().await;
    let staff = staff(&app).await;
    let (company, contact) = customer(&app).await;
    let mut numbers = Vec::new();
    for date in ["2026-02-10", "2026-02-20", "2026-04-01"] {
        let id = invoiced_order(&staff, company, contact, date).await;
        numbers.push(ok(&staff, &id, "book").await["number"].as_i64().expect("n"));
        if date == "2026-02-20" {
            ok(&staff, &id, "send").await;
            ok(&staff, &id, "paid").await;
        }
    }
    let response = staff
        .get("/api/invoices/audit-export?from=2026-02-01&to=2026-02-28")
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = response.bytes().await.expect("xlsx");
    let mut book: calamine::Xlsx<_> =
        calamine::open_workbook_from_rs(std::io::Cursor::new(bytes.to_vec())).expect("xlsx");
    assert_eq!(
        book.sheet_names(),
        [
            "Fakturaer",
            "Hændelser",
            "Betalinger",
            "Bestillinger",
            "Nummerkontrol"
        ]
    );
    let lines = book.worksheet_range("Fakturaer").expect("lines");
    let rows: Vec<Vec<String>> = lines
        .rows()
        .map(|r| r.iter().map(|c| c.to_string()).collect())
        .collect();
    assert_eq!(
        rows.len(),
        1 + 4,
        "a header and two lines of each of two invoices"
    );
    assert_eq!(rows[0][0], "Nummer");
    assert!(
        rows[1..].iter().all(|r| r[0] != numbers[2].to_string()),
        "April is outside"
    );
    assert!(rows.iter().any(|r| r.contains(&"Trøje".to_string())));
    let events = book.worksheet_range("Hændelser").expect("events");
    let kinds: Vec<String> = events.rows().skip(1).map(|r| r[3].to_string()).collect();
    for kind in ["Created", "Booked", "Sent", "Paid"] {
        assert!(kinds.contains(&kind.to_string()), "{kind} in {kinds:?}");
    }
    assert!(
        events.rows().skip(1).all(|r| r[7].to_string().len() == 64),
        "chain hashes"
    );
    let check = book.worksheet_range("Nummerkontrol").expect("check");
    let text: Vec<String> = check.rows().map(|r| r[1].to_string()).collect();
    assert!(text.iter().any(|t| t.contains("uden huller")), "{text:?}");

    let (code, answer) = staff
        .get_json("/api/invoices/audit-export?from=2026-03-01&to=2026-02-01")
        .await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        answer["errors"]["to"][0],
        "Til-dato skal ligge efter fra-dato"
    );
    let (code, _) = staff.get_json("/api/invoices/audit-export").await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn the_period_export_as_signed_json_holds_payments_and_verifies_until_changed() {
    let app = spawn_app().await;
    let staff = staff(&app).await;
    let (company, contact) = customer(&app).await;
    let id = invoiced_order(&staff, company, contact, "2026-02-10").await;
    let number = ok(&staff, &id, "book").await["number"].as_i64().expect("n");
    // Two card payments of an order of the club: one paid on the last evening of February
    // (Danish time), one in March.
    let club = app.club_id("Demo FC").await;
    for (at, amount) in [
        ("2026-02-28 22:30:00+00", 12_500),
        ("2026-03-01 09:00:00+00", 9_900),
    ] {
        sqlx::query(
            "INSERT INTO payments (id, client_id, provider, purpose, owner_id, amount, capture, status, reference, created_at, updated_at) \
             SELECT gen_random_uuid(), $1, 'stripe', 'order', id, $2, 'automatic', 'paid', 'pi_' || $2, $3::timestamptz, $3::timestamptz \
             FROM order_rows WHERE client_id = $1 ORDER BY number LIMIT 1",
        )
        .bind(club)
        .bind(amount as i64)
        .bind(at)
        .execute(&app.db.owner)
        .await
        .expect("payment");
    }

    let response = staff
        .get("/api/invoices/audit-export?from=2026-02-01&to=2026-02-28&format=json")
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response
        .headers()
        .get("content-disposition")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("Revision-2026-02-01-2026-02-28.json")));
    let file = response.text().await.expect("json");
    let export: serde_json::Value = serde_json::from_str(&file).expect("json");
    let document = &export["document"];
    assert_eq!(document["kind"], "tribune.audit-period");
    assert_eq!(
        document["period"],
        json!({ "from": "2026-02-01", "to": "2026-02-28" })
    );
    assert!(document["invoices"]
        .as_array()
        .unwrap()
        .iter()
        .all(|line| line["number"] == number));
    assert!(
        document["events"]
            .as_array()
            .unwrap()
            .iter()
            .any(|event| event["eventType"] == "Booked"
                && event["hash"].as_str().unwrap().len() == 64)
    );
    let payments = document["payments"].as_array().expect("payments");
    assert_eq!(
        payments.len(),
        1,
        "the March payment is outside: {payments:?}"
    );
    assert_eq!(payments[0]["amount"], 12_500);
    assert_eq!(payments[0]["status"], "paid");
    assert!(document["bookings"].is_array());
    assert_eq!(export["signature"]["algorithm"], "Ed25519");

    // The file as downloaded verifies; changed by one øre it does not.
    let (code, verdict) = staff
        .post_raw("/api/audit/exports/verify", file.clone())
        .await;
    assert_eq!(code, StatusCode::OK, "{verdict}");
    assert_eq!(verdict["result"]["valid"], true);
    assert_eq!(verdict["result"]["kind"], "tribune.audit-period");
    let mut changed = export.clone();
    changed["document"]["payments"][0]["amount"] = json!(12_501);
    let (_, verdict) = staff
        .post_raw("/api/audit/exports/verify", changed.to_string())
        .await;
    assert_eq!(verdict["result"]["valid"], false);
    let (code, answer) = staff
        .post_raw("/api/audit/exports/verify", "ikke json".to_string())
        .await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        answer["errors"]["file"][0],
        "Filen er ikke en signeret eksport fra Tribune"
    );
    let (code, key) = staff.get_json("/api/audit/exports/key").await;
    assert_eq!(code, StatusCode::OK);
    assert_eq!(key["result"]["keyId"], export["signature"]["keyId"]);

    // The record's own history, signed the same way, with its chain's check.
    let (code, _) = staff
        .get_json(&format!("/api/history/invoice/{id}/export?format=json"))
        .await;
    assert_eq!(code, StatusCode::OK);
    let history = staff
        .get(&format!("/api/history/invoice/{id}/export?format=json"))
        .await
        .text()
        .await
        .expect("history");
    let parsed: serde_json::Value = serde_json::from_str(&history).expect("json");
    assert_eq!(parsed["document"]["kind"], "tribune.record-history");
    assert_eq!(parsed["document"]["chain"]["valid"], true);
    let (_, verdict) = staff.post_raw("/api/audit/exports/verify", history).await;
    assert_eq!(verdict["result"]["valid"], true);

    // Bad input is refused on its field.
    for (query, field, message) in [
        (
            "from=abc&to=2026-02-28",
            "from",
            "Skal være en dato (ÅÅÅÅ-MM-DD)",
        ),
        (
            "from=2026-02-01&to=2026-02-28&format=pdf",
            "format",
            "Vælg Excel eller JSON",
        ),
    ] {
        let (code, answer) = staff
            .get_json(&format!("/api/invoices/audit-export?{query}"))
            .await;
        assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY, "{query}");
        assert_eq!(answer["errors"][field][0], message, "{query}");
    }
}

/// A product of Demo FC with its invoice settings.
async fn invoiced_product(
    app: &TestApp,
    title: &str,
    price: i64,
    (group, invoice_title, shown): (Option<uuid::Uuid>, Option<&str>, bool),
) -> uuid::Uuid {
    sqlx::query_scalar(
        "INSERT INTO products (client_id, title, type, price, invoice_group_id, invoice_title, show_on_invoice) \
         VALUES ($1, $2, 'product', $3, $4, $5, $6) RETURNING id",
    )
    .bind(app.club_id("Demo FC").await)
    .bind(title)
    .bind(price)
    .bind(group)
    .bind(invoice_title)
    .bind(shown)
    .fetch_one(&app.db.owner)
    .await
    .expect("product")
}

async fn invoice_group(app: &TestApp, title: &str, sku: &str, sorting: i32) -> uuid::Uuid {
    sqlx::query_scalar(
        "INSERT INTO invoice_groups (client_id, title, sku, sorting) \
         SELECT id, $1, $2, $3 FROM clients WHERE name = 'Demo FC' RETURNING id",
    )
    .bind(title)
    .bind(sku)
    .bind(sorting)
    .fetch_one(&app.db.owner)
    .await
    .expect("invoice group")
}

#[tokio::test]
async fn an_invoice_prints_its_lines_by_invoice_group_and_invoice_title_and_leaves_out_hidden_ones()
{
    let app = spawn_app().await;
    use_economic(&app).await;
    let staff = staff(&app).await;
    let (company, contact) = customer(&app).await;
    let ads = invoice_group(&app, "Reklame", "7001", 20).await;
    let tickets = invoice_group(&app, "Billetter", "7002", 10).await;
    let ticket = invoiced_product(&app, "Kampbillet", 15_000, (Some(tickets), None, true)).await;
    let board = invoiced_product(&app, "Bandereklame", 100_000, (Some(ads), None, true)).await;
    let logo = invoiced_product(
        &app,
        "Logo",
        50_000,
        (Some(ads), Some("Logo, trøjens bryst"), true),
    )
    .await;
    let coffee = invoiced_product(&app, "Kaffe", 2_500, (None, Some("Forplejning"), true)).await;
    let free = invoiced_product(&app, "Fribillet", 0, (None, None, false)).await;
    let fee = invoiced_product(&app, "Håndteringsgebyr", 2_500, (None, None, false)).await;
    let line = |product: uuid::Uuid, title: &str, sku: &str, price: i64, amount: i64| {
        json!({ "productId": product, "title": title, "sku": sku, "price": price, "discount": 0,
                "amount": amount, "type": "product" })
    };
    let body = json!({
        "firstname": "Ole", "lastname": "Fisk", "email": "ole@fisk.dk", "phone": "12345678",
        "companyId": company, "contactId": contact,
        "orderLines": [
            line(board, "Bandereklame", "5001", 100_000, 1),
            line(coffee, "Kaffe", "4001", 2_500, 2),
            line(ticket, "Kampbillet", "3001", 15_000, 3),
            line(free, "Fribillet", "3002", 0, 4),
            line(logo, "Logo", "5002", 50_000, 1),
            line(fee, "Håndteringsgebyr", "9002", 2_500, 1),
        ],
        "invoicing": { "type": "single", "invoiceDate": "2026-03-02" },
    });
    let (status, answer) = staff.post_json("/api/orders/update", &body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let order = answer["result"].as_str().expect("id").to_string();
    let (_, saved) = staff.get_json(&format!("/api/orders/{order}")).await;
    let (status, answer) = staff
        .post_json(
            "/api/orders/approve",
            &json!({ "id": order, "version": saved["result"]["version"] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (status, answer) = staff
        .post_json("/api/orders/invoice", &json!({ "id": order }))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let id = answer["result"][0].as_str().expect("invoice").to_string();

    // The page's rows: the groups in their sorting, then the lines under their invoice titles,
    // then the hidden line's money as 'Øvrigt'; the free hidden line is gone. Totals unchanged.
    let (_, detail) = staff.get_json(&format!("/api/invoices/{id}/detail")).await;
    let invoice = &detail["result"];
    let rows: Vec<(&str, Option<&str>, i64, i64)> = invoice["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|row| {
            (
                row["title"].as_str().expect("title"),
                row["sku"].as_str(),
                row["amount"].as_i64().expect("amount"),
                row["total"].as_i64().expect("total"),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("Billetter", Some("7002"), 1, 45_000),
            ("Reklame", Some("7001"), 1, 150_000),
            ("Forplejning", Some("4001"), 2, 5_000),
            ("Øvrigt", None, 1, 2_500),
        ]
    );
    assert_eq!(
        invoice["rows"][1]["parts"],
        json!(["1 × Bandereklame", "1 × Logo, trøjens bryst"])
    );
    assert_eq!(invoice["lines"].as_array().map(Vec::len), Some(6));
    assert_eq!(invoice["total"], 202_500);

    // The PDF prints the same rows.
    let text = pdf_of(&staff, &id).await;
    for expected in [
        "Billetter",
        "Varenr. 7002",
        "3 × Kampbillet",
        "Reklame",
        "1 × Logo, trøjens bryst",
        "1.500,00",
        "Forplejning",
        "Øvrigt",
        "2.025,00",
    ] {
        assert!(text.contains(expected), "{expected} missing in:\n{text}");
    }
    for left_out in ["Fribillet", "Håndteringsgebyr", "Kaffe", "5001"] {
        assert!(!text.contains(left_out), "{left_out} printed in:\n{text}");
    }

    // e-conomic gets the rows at their net prices, adding up to the invoice's net.
    ok(&staff, &id, "book").await;
    assert!(external_number(&staff, &id).await.is_some());
    let books = app
        .state
        .accounting_stand_in
        .clone()
        .expect("stand-in")
        .books();
    let (_, draft, _) = &books.drafts[0];
    let lines: Vec<(Option<&str>, &str, i64, i64)> = draft
        .lines
        .iter()
        .map(|l| {
            (
                l.product_number.as_deref(),
                l.description.as_str(),
                l.quantity,
                l.unit_net_price_ore,
            )
        })
        .collect();
    assert_eq!(
        lines,
        [
            (Some("7002"), "Billetter", 1, 36_000),
            (Some("7001"), "Reklame", 1, 120_000),
            (Some("4001"), "Forplejning", 2, 2_000),
            (None, "Øvrigt", 1, 2_000),
        ]
    );
    let net: i64 = draft
        .lines
        .iter()
        .map(|l| l.quantity * l.unit_net_price_ore)
        .sum();
    assert_eq!(net, 202_500 - invoice["vat"].as_i64().expect("vat"));
}

/// Approves the order or contract `id` of `kind` ('orders', 'contracts') as saved.
async fn approve(staff: &Browser, kind: &str, id: &str) {
    let (_, saved) = staff.get_json(&format!("/api/{kind}/{id}")).await;
    let (status, answer) = staff
        .post_json(
            &format!("/api/{kind}/approve"),
            &json!({ "id": id, "version": saved["result"]["version"] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
}

/// (first row's title, total) of each invoice.
async fn parts_of(staff: &Browser, ids: &[Value]) -> Vec<(String, i64)> {
    let mut parts = Vec::new();
    for id in ids {
        let (_, detail) = staff
            .get_json(&format!(
                "/api/invoices/{}/detail",
                id.as_str().expect("id")
            ))
            .await;
        let invoice = &detail["result"];
        parts.push((
            invoice["rows"][0]["title"]
                .as_str()
                .expect("title")
                .to_string(),
            invoice["total"].as_i64().expect("total"),
        ));
    }
    parts
}

#[tokio::test]
async fn split_payments_invoice_each_invoice_group_apart_and_the_parts_add_up_to_the_whole() {
    let app = spawn_app().await;
    let staff = staff(&app).await;
    let (company, contact) = customer(&app).await;
    let ads = invoice_group(&app, "Reklame", "7001", 20).await;
    let tickets = invoice_group(&app, "Billetter", "7002", 10).await;
    let ticket = invoiced_product(&app, "Kampbillet", 15_000, (Some(tickets), None, true)).await;
    let board = invoiced_product(&app, "Bandereklame", 100_000, (Some(ads), None, true)).await;
    let coffee = invoiced_product(&app, "Kaffe", 2_500, (None, Some("Forplejning"), true)).await;
    let line = |product: uuid::Uuid, title: &str, price: i64, amount: i64| {
        json!({ "productId": product, "title": title, "price": price, "discount": 0,
                "amount": amount, "type": "product" })
    };

    // An order: one invoice per group (in the groups' sorting, the rest last), the order
    // discount shared by the parts' totals; asking again makes nothing.
    let body = json!({
        "firstname": "Ole", "lastname": "Fisk", "email": "ole@fisk.dk", "phone": "12345678",
        "companyId": company, "contactId": contact,
        "orderLines": [
            line(board, "Bandereklame", 100_000, 1),
            line(ticket, "Kampbillet", 15_000, 2),
            line(coffee, "Kaffe", 2_500, 2),
        ],
        "orderDiscount": 13_500,
        "invoicing": { "type": "single", "invoiceDate": "2026-03-02", "splitPayments": true },
    });
    let (status, answer) = staff.post_json("/api/orders/update", &body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let order = answer["result"].as_str().expect("id").to_string();
    approve(&staff, "orders", &order).await;
    let (status, answer) = staff
        .post_json("/api/orders/invoice", &json!({ "id": order }))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let ids = answer["result"].as_array().expect("invoices").clone();
    // 135.000 gross less 13.500: Billetter 30.000 − 3.000, Reklame 100.000 − 10.000,
    // Forplejning 5.000 − 500.
    assert_eq!(
        parts_of(&staff, &ids).await,
        [
            ("Billetter".to_string(), 27_000),
            ("Reklame".to_string(), 90_000),
            ("Forplejning".to_string(), 4_500)
        ]
    );
    let (_, saved) = staff.get_json(&format!("/api/orders/{order}")).await;
    assert_eq!(saved["result"]["total"], 121_500);
    let (status, answer) = staff
        .post_json("/api/orders/invoice", &json!({ "id": order }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(answer["error"], "Ordren er allerede faktureret");

    // A contract: each due invoice of its plan in one part per group, each named by its group,
    // for its share of the amount.
    let category: uuid::Uuid = sqlx::query_scalar(
        "INSERT INTO order_categories (client_id, title) SELECT id, 'Sponsorat' FROM clients WHERE name = 'Demo FC' RETURNING id",
    )
    .fetch_one(&app.db.owner)
    .await
    .expect("category");
    let contract_line = |product: uuid::Uuid, title: &str, price: i64| json!({ "productId": product, "title": title, "price": price, "amount": 1, "unit": "stk" });
    let body = json!({
        "categoryId": category, "companyId": company, "contactId": contact,
        "startDate": "2026-01-01", "endDate": "2026-12-31",
        "contractLines": [contract_line(board, "Bandereklame", 90_000), contract_line(ticket, "Kampbillet", 30_000)],
        "invoicing": { "type": "recurring", "intervals": 6, "startDate": "2026-01-01", "splitPayments": true },
    });
    let (status, answer) = staff.post_json("/api/contracts/update", &body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let contract = answer["result"].as_str().expect("id").to_string();
    approve(&staff, "contracts", &contract).await;
    let (status, answer) = staff
        .post_json("/api/contracts/invoice", &json!({ "id": contract }))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let made: Vec<Value> = sqlx::query_scalar(
        "SELECT to_jsonb(id::text) FROM invoice_rows WHERE contract_id = $1::uuid ORDER BY plan_key",
    )
    .bind(&contract)
    .fetch_all(&app.db.owner)
    .await
    .expect("invoices");
    let mut parts = parts_of(&staff, &made).await;
    parts.sort();
    // Half a year of 120.000: 15.000 of tickets, 45.000 of advertising.
    assert_eq!(
        parts,
        [
            ("Billetter".to_string(), 15_000),
            ("Reklame".to_string(), 45_000)
        ]
    );
    // The next call makes the next due invoice's parts, not these again.
    let (status, answer) = staff
        .post_json("/api/contracts/invoice", &json!({ "id": contract }))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM invoice_rows WHERE contract_id = '{contract}'"
        ))
        .await,
        4
    );
}
