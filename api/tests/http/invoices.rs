//! Invoices over HTTP (issue 13, first slice): made from an approved order and from a contract's
//! plan (each once), booked with the club's next number (one series, gap-free, also under
//! concurrency), dated, numbered for bookkeeping, marked sent and paid, credited by a credit note
//! with negative figures; every refusal with its Danish message; club isolation.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{spawn_app, Browser, TestApp};

async fn approved_order(staff: &Browser, invoicing: Value) -> String {
    let body = json!({
        "firstname": "Mette", "lastname": "Holm", "email": "mette@example.dk", "phone": "12345678",
        "orderLines": [
            { "title": "Trøje", "price": 50_000, "discount": 0, "amount": 2, "type": "product" },
            { "title": "Sæsonkort", "price": 120_000, "discount": 0, "amount": 1, "type": "product", "prePayment": true },
        ],
        "invoicing": invoicing,
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

async fn rows_of(staff: &Browser, source: &str) -> Vec<Value> {
    let (status, answer) = staff.get_json(&format!("/api/invoices/{source}")).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["result"].as_array().cloned().unwrap_or_default()
}

async fn post(staff: &Browser, path: &str, body: Value) -> (StatusCode, Value) {
    staff.post_json(path, &body).await
}

async fn refused(staff: &Browser, path: &str, body: Value, message: &str) {
    let (status, answer) = post(staff, path, body).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{path}: {answer}");
    assert_eq!(answer["error"], message, "{path}");
}

async fn staff(app: &TestApp) -> Browser {
    app.signed_in("staff@tribune.test").await
}

#[tokio::test]
async fn an_order_is_invoiced_once_booked_with_the_next_number_paid_and_credited() {
    let app = spawn_app().await;
    let staff = staff(&app).await;
    let order = approved_order(
        &staff,
        json!({ "type": "single", "invoiceDate": "2026-12-01", "prePaymentDate": "2026-11-25" }),
    )
    .await;
    let (status, answer) = post(&staff, "/api/orders/invoice", json!({ "id": order })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        answer["result"].as_array().map(Vec::len),
        Some(2),
        "prepayment and the rest"
    );
    refused(
        &staff,
        "/api/orders/invoice",
        json!({ "id": order }),
        "Ordren er allerede faktureret",
    )
    .await;
    let rows = rows_of(&staff, &order).await;
    assert_eq!(rows.len(), 2);
    assert!(rows
        .iter()
        .all(|r| r["IsDraft"] == true && r["Number"].is_null()));
    let prepayment = rows
        .iter()
        .find(|r| r["InvoiceDate"] == "2026-11-25")
        .expect("the prepayment invoice");
    // Demo FC's prices include VAT: the prepaid season card is 1.200,00 with VAT.
    assert_eq!(prepayment["Total"], 120_000);
    let regular = rows
        .iter()
        .find(|r| r["InvoiceDate"] == "2026-12-01")
        .expect("the regular invoice");
    assert_eq!(regular["Total"], 100_000);
    let id = regular["Id"].as_str().expect("id").to_string();

    // A draft's date changes; booking gives the next number; the two book consecutively.
    let (status, _) = post(
        &staff,
        "/api/invoices/update-date",
        json!({ "id": id, "invoiceDate": "2026-12-02" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    refused(
        &staff,
        "/api/invoices/update-date",
        json!({ "id": id, "invoiceDate": null }),
        "Fakturadato skal udfyldes",
    )
    .await;
    refused(
        &staff,
        "/api/invoices/update-invoice",
        json!({ "id": id, "externalNumber": "E-1" }),
        "Bogføringsnummer kan kun sættes på en godkendt faktura",
    )
    .await;
    refused(
        &staff,
        &format!("/api/invoices/{id}/credit"),
        json!({}),
        "En kladde kan ikke krediteres. Slet den i stedet.",
    )
    .await;
    let (status, booked) = post(&staff, &format!("/api/invoices/{id}/book"), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{booked}");
    let number = booked["result"]["number"].as_i64().expect("a number");
    let pre_id = prepayment["Id"].as_str().expect("id");
    let (_, other) = post(&staff, &format!("/api/invoices/{pre_id}/book"), json!({})).await;
    assert_eq!(other["result"]["number"], number + 1);

    // A booked invoice never changes: booking twice, its date, deleting it are refused.
    let path = format!("/api/invoices/{id}/book");
    refused(&staff, &path, json!({}), "Fakturaen er allerede godkendt").await;
    refused(
        &staff,
        "/api/invoices/update-date",
        json!({ "id": id, "invoiceDate": "2027-01-01" }),
        "Kun en kladdes fakturadato kan ændres",
    )
    .await;
    refused(
        &staff,
        &format!("/api/invoices/{id}/delete"),
        json!({}),
        "En godkendt faktura kan ikke slettes. Krediter den i stedet.",
    )
    .await;
    // The bookkeeping number, sent, paid.
    let (status, answer) = post(
        &staff,
        "/api/invoices/update-invoice",
        json!({ "id": id, "externalNumber": " 4711 " }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["result"]["externalNumber"], "4711");
    assert_eq!(
        post(&staff, &format!("/api/invoices/{id}/sent"), json!({}))
            .await
            .0,
        StatusCode::OK
    );
    refused(
        &staff,
        &format!("/api/invoices/{id}/sent"),
        json!({}),
        "Fakturaen er allerede markeret som sendt",
    )
    .await;
    assert_eq!(
        post(&staff, &format!("/api/invoices/{id}/paid"), json!({}))
            .await
            .0,
        StatusCode::OK
    );
    refused(
        &staff,
        &format!("/api/invoices/{id}/paid"),
        json!({}),
        "Fakturaen er allerede betalt",
    )
    .await;

    // 'Krediter': a credit note with the figures negative, which books in the same series.
    let (status, answer) = post(&staff, &format!("/api/invoices/{id}/credit"), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let note = answer["result"].as_str().expect("note").to_string();
    refused(
        &staff,
        &format!("/api/invoices/{id}/credit"),
        json!({}),
        "Fakturaen er allerede krediteret",
    )
    .await;
    let (_, detail) = staff
        .get_json(&format!("/api/invoices/{note}/detail"))
        .await;
    assert_eq!(detail["result"]["kind"], "creditNote");
    assert_eq!(detail["result"]["total"], -100_000);
    assert_eq!(detail["result"]["creditOf"], json!(id));
    let (_, booked_note) = post(&staff, &format!("/api/invoices/{note}/book"), json!({})).await;
    assert_eq!(booked_note["result"]["number"], number + 2);
    refused(
        &staff,
        &format!("/api/invoices/{note}/credit"),
        json!({}),
        "En kreditnota kan ikke krediteres",
    )
    .await;
    // The order's table shows all three; the list's filters find them.
    assert_eq!(rows_of(&staff, &order).await.len(), 3);
    let list = |filter: Value| {
        let staff = staff.clone();
        async move {
            staff
                .post_json(
                    "/api/invoices",
                    &json!({ "filter": filter, "page": 1, "perPage": 10 }),
                )
                .await
                .1["Total"]
                .clone()
        }
    };
    assert_eq!(list(json!({})).await, 3);
    assert_eq!(list(json!({ "status": "paid" })).await, 1);
    // Owed: the prepayment alone (the credit note and the invoice it took back are not).
    assert_eq!(list(json!({ "status": "unpaid" })).await, 1);
    assert_eq!(list(json!({ "status": "draft" })).await, 0);
    // The same list by GET (spec 3 §7), its filters as query parameters.
    let (status, got) = staff
        .get_json("/api/invoices?status=paid&sort=Number&dir=desc&page=1&perPage=25")
        .await;
    assert_eq!(status, StatusCode::OK, "{got}");
    assert_eq!(got["Total"], 1);
    let (_, posted) = staff
        .post_json(
            "/api/invoices",
            &json!({ "filter": { "status": "paid" }, "sort": { "field": "Number", "dir": "desc" }, "page": 1, "perPage": 25 }),
        )
        .await;
    assert_eq!(got, posted);
    let (status, refused) = staff.get_json("/api/invoices?page=to").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert_eq!(refused["errors"]["page"][0], "Skal være et helt tal");
    let (status, _) = staff
        .post_json(
            "/api/invoices",
            &json!({ "filter": { "status": "nej" }, "page": 1 }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    // The history of an invoice names each step.
    let (_, history) = staff.get_json(&format!("/api/history/invoice/{id}")).await;
    let text = history.to_string();
    for event in [
        "Created",
        "DateChanged",
        "Booked",
        "ExternalNumberSet",
        "MarkedSent",
        "Paid",
        "Credited",
    ] {
        assert!(text.contains(event), "{event}");
    }
}

#[tokio::test]
async fn a_contracts_plan_is_invoiced_one_due_invoice_at_a_time_and_never_twice() {
    let app = spawn_app().await;
    let staff = staff(&app).await;
    let club = app.club_id("Demo FC").await;
    let one = |sql: &'static str| {
        let pool = app.db.owner.clone();
        async move {
            sqlx::query_scalar::<_, uuid::Uuid>(sql)
                .bind(club)
                .fetch_one(&pool)
                .await
                .expect(sql)
        }
    };
    let category = one(
        "INSERT INTO order_categories (client_id, title) VALUES ($1, 'Sponsorat') RETURNING id",
    )
    .await;
    let company = one("INSERT INTO companies (client_id, name, cvr) VALUES ($1, 'Havnens Fisk A/S', '87654321') RETURNING id").await;
    let contact = one("INSERT INTO contacts (client_id, firstname, lastname, email) VALUES ($1, 'Ole', 'Fisk', 'ole@fisk.dk') RETURNING id").await;
    let body = json!({
        "categoryId": category, "companyId": company, "contactId": contact,
        "startDate": "2026-01-01", "endDate": "2026-12-31",
        "contractLines": [{ "title": "Bandereklame", "price": 1_200_000, "amount": 1, "unit": "stk" }],
        "invoicing": { "type": "recurring", "intervals": 3, "startDate": "2026-01-01" },
    });
    let (status, answer) = staff.post_json("/api/contracts/update", &body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let contract = answer["result"].as_str().expect("id").to_string();
    refused(
        &staff,
        "/api/contracts/invoice",
        json!({ "id": contract }),
        "Kun en godkendt aftale kan faktureres",
    )
    .await;
    let (_, c) = staff.get_json(&format!("/api/contracts/{contract}")).await;
    staff
        .post_json(
            "/api/contracts/approve",
            &json!({ "id": contract, "version": c["result"]["version"] }),
        )
        .await;
    // Four quarterly invoices of 12.000,00 × 3 / 12, one per call, then none.
    for _ in 0..4 {
        let (status, answer) =
            post(&staff, "/api/contracts/invoice", json!({ "id": contract })).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
    }
    refused(
        &staff,
        "/api/contracts/invoice",
        json!({ "id": contract }),
        "Aftalen har ingen flere fakturaer at oprette",
    )
    .await;
    let rows = rows_of(&staff, &contract).await;
    let mut dates: Vec<String> = rows
        .iter()
        .map(|r| r["InvoiceDate"].as_str().unwrap_or("").to_string())
        .collect();
    dates.sort();
    assert_eq!(
        dates,
        ["2026-01-01", "2026-04-01", "2026-07-01", "2026-10-01"]
    );
    assert!(rows.iter().all(|r| r["Total"] == 300_000), "{rows:?}");
    assert!(rows.iter().all(|r| r["Contact"] == "Havnens Fisk A/S"));
    // A deleted draft's period can be made again; the others are not made twice.
    let first = rows
        .iter()
        .find(|r| r["InvoiceDate"] == "2026-01-01")
        .and_then(|r| r["Id"].as_str())
        .expect("first");
    assert_eq!(
        post(&staff, &format!("/api/invoices/{first}/delete"), json!({}))
            .await
            .0,
        StatusCode::OK
    );
    let (status, _) = post(&staff, "/api/contracts/invoice", json!({ "id": contract })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(rows_of(&staff, &contract).await.len(), 4);
    assert_eq!(
        app.count("SELECT count(*) FROM invoice_rows WHERE plan_key LIKE 'recurring:2026-01-01'")
            .await,
        1
    );
}

#[tokio::test]
async fn numbers_are_consecutive_however_many_book_at_once_and_other_clubs_see_nothing() {
    let app = spawn_app().await;
    let staff = staff(&app).await;
    let mut drafts = Vec::new();
    for _ in 0..8 {
        let order = approved_order(
            &staff,
            json!({ "type": "single", "invoiceDate": "2026-12-01", "prePaymentDate": "2026-11-25" }),
        )
        .await;
        let (_, answer) = post(&staff, "/api/orders/invoice", json!({ "id": order })).await;
        drafts.push(answer["result"][0].as_str().expect("id").to_string());
    }
    let bookings = drafts.iter().map(|id| {
        let staff = staff.clone();
        let path = format!("/api/invoices/{id}/book");
        async move { staff.post_json(&path, &json!({})).await }
    });
    let answers = futures::future::join_all(bookings).await;
    let mut numbers: Vec<i64> = answers
        .iter()
        .map(|(s, a)| {
            assert_eq!(*s, StatusCode::OK, "{a}");
            a["result"]["number"].as_i64().expect("number")
        })
        .collect();
    numbers.sort();
    let first = numbers[0];
    assert_eq!(numbers, (first..first + 8).collect::<Vec<_>>());
    // Another club: nothing to see or do.
    let other = app.admin_in_handbold().await;
    let id = &drafts[0];
    let mut answers = vec![
        other.get_json(&format!("/api/invoices/{id}/detail")).await,
        (
            other.get(&format!("/api/invoices/{id}/pdf")).await.status(),
            Value::Null,
        ),
        other
            .post_json(
                "/api/invoices/update-date",
                &json!({ "id": id, "invoiceDate": "2026-01-01" }),
            )
            .await,
        other
            .post_json(
                "/api/invoices/update-invoice",
                &json!({ "id": id, "externalNumber": "X" }),
            )
            .await,
    ];
    for action in [
        "book",
        "paid",
        "sent",
        "send",
        "send-receipt",
        "credit",
        "delete",
    ] {
        answers.push(
            other
                .post_json(&format!("/api/invoices/{id}/{action}"), &json!({}))
                .await,
        );
    }
    for (status, answer) in answers {
        assert!(
            matches!(status, StatusCode::NOT_FOUND | StatusCode::FORBIDDEN),
            "{status} {answer}"
        );
    }
    // Nor does it see them in its list or a record's table.
    let (_, theirs) = other.post_json("/api/invoices", &json!({})).await;
    assert!(
        theirs["Result"].as_array().is_none_or(|rows| rows
            .iter()
            .all(|r| !drafts.contains(&r["Id"].as_str().unwrap_or("").to_string()))),
        "{theirs}"
    );
    let (_, orders_invoices) = other.get_json(&format!("/api/invoices/{id}")).await;
    assert!(
        orders_invoices["result"]
            .as_array()
            .is_none_or(Vec::is_empty),
        "{orders_invoices}"
    );
    // An order without an invoicing method is not invoiced.
    let plain = approved_order(&staff, json!({})).await;
    refused(
        &staff,
        "/api/orders/invoice",
        json!({ "id": plain }),
        "Ordren har ingen faktureringsmetode. Vælg en under Fakturering.",
    )
    .await;
}

#[tokio::test]
async fn the_invoicing_run_makes_what_fell_due_once_however_often_or_interrupted_it_runs() {
    use chrono::NaiveDate;
    use tribune_api::invoices::due::invoice_due;
    let app = spawn_app().await;
    let staff = staff(&app).await;
    let club = app.club_id("Demo FC").await;
    let one = |sql: &'static str| {
        let pool = app.db.owner.clone();
        async move {
            sqlx::query_scalar::<_, uuid::Uuid>(sql)
                .bind(club)
                .fetch_one(&pool)
                .await
                .expect(sql)
        }
    };
    let category = one(
        "INSERT INTO order_categories (client_id, title) VALUES ($1, 'Sponsorat') RETURNING id",
    )
    .await;
    let company =
        one("INSERT INTO companies (client_id, name) VALUES ($1, 'Cykelsmeden') RETURNING id")
            .await;
    let contact = one("INSERT INTO contacts (client_id, firstname, lastname, email) VALUES ($1, 'Per', 'Cykel', 'per@cykel.dk') RETURNING id").await;
    let mut contracts = Vec::new();
    for price in [1_200_000, 2_400_000] {
        let body = json!({
            "categoryId": category, "companyId": company, "contactId": contact,
            "startDate": "2026-01-01", "endDate": "2026-12-31",
            "contractLines": [{ "title": "Pakke", "price": price, "amount": 1, "unit": "stk" }],
            "invoicing": { "type": "recurring", "intervals": 1, "startDate": "2026-01-01" },
        });
        let (_, answer) = staff.post_json("/api/contracts/update", &body).await;
        let id = answer["result"].as_str().expect("id").to_string();
        let (_, c) = staff.get_json(&format!("/api/contracts/{id}")).await;
        staff
            .post_json(
                "/api/contracts/approve",
                &json!({ "id": id, "version": c["result"]["version"] }),
            )
            .await;
        contracts.push(id);
    }
    let pool = tribune_projections::db::connect(
        app.db
            .owner_options
            .clone()
            .username(tribune_projections::db::APP_ROLE),
        4,
    )
    .await
    .expect("pool");
    let state = tribune_api::state::AppState::new(pool, app.settings.clone()).expect("state");
    let june = NaiveDate::from_ymd_opt(2026, 6, 15).expect("day");
    // Six monthly invoices each are due by mid-June.
    let first = invoice_due(&state, june).await.expect("run");
    assert_eq!((first.contracts, first.invoices, first.failed), (2, 12, 0));
    // Again: nothing more.
    let again = invoice_due(&state, june).await.expect("run");
    assert_eq!(again.invoices, 0);
    // Two runs at once make each invoice once (the plan's keys are unique per contract).
    let july = NaiveDate::from_ymd_opt(2026, 7, 2).expect("day");
    let (a, b) = tokio::join!(invoice_due(&state, july), invoice_due(&state, july));
    let made = a.map(|r| r.invoices).unwrap_or(0) + b.map(|r| r.invoices).unwrap_or(0);
    assert_eq!(made, 2, "one July invoice per contract");
    // A run stopped halfway (one contract done, the other not) is finished by the next.
    let (_, c) = staff
        .get_json(&format!("/api/contracts/{}", contracts[1]))
        .await;
    let august = NaiveDate::from_ymd_opt(2026, 8, 5).expect("day");
    let actor = tribune_api::kit::actor::Actor::system(club, "Fakturering");
    tribune_api::invoices::InvoiceService::of(&state)
        .invoice_contract_until(
            &actor,
            uuid::Uuid::parse_str(&contracts[0]).expect("id"),
            august,
            usize::MAX,
        )
        .await
        .expect("half a run");
    assert!(c["result"]["id"].is_string());
    let rest = invoice_due(&state, august).await.expect("run");
    assert_eq!(
        rest.invoices, 1,
        "only the other contract's August invoice was missing"
    );
    assert_eq!(
        app.count("SELECT count(*) FROM invoice_rows WHERE contract_id IS NOT NULL")
            .await,
        16
    );
    assert_eq!(
        app.count(
            "SELECT count(*) FROM (SELECT contract_id, plan_key FROM invoice_rows GROUP BY 1, 2 HAVING count(*) > 1) d"
        )
        .await,
        0,
        "no period invoiced twice"
    );
    // A cancelled contract stops.
    let (_, c) = staff
        .get_json(&format!("/api/contracts/{}", contracts[0]))
        .await;
    staff
        .post_json(
            "/api/contracts/cancel",
            &json!({ "id": contracts[0], "version": c["result"]["version"] }),
        )
        .await;
    let december = NaiveDate::from_ymd_opt(2026, 12, 31).expect("day");
    let last = invoice_due(&state, december).await.expect("run");
    assert_eq!(
        (last.contracts, last.invoices),
        (1, 4),
        "September to December of one"
    );
}

/// A paid invoice's receipt is mailed while another writer changes the invoice at the same
/// moment (as the bookkeeping job sets the e-conomic number right after a payment): the mail is
/// read and rendered again, never refused with a conflict, and every receipt is recorded.
#[tokio::test]
async fn a_receipt_is_mailed_even_when_the_invoice_changes_while_it_renders() {
    let app = spawn_app().await;
    let staff = staff(&app).await;
    let order = approved_order(
        &staff,
        json!({ "type": "single", "invoiceDate": "2026-12-01", "prePaymentDate": "2026-12-01" }),
    )
    .await;
    let (status, answer) = post(&staff, "/api/orders/invoice", json!({ "id": order })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let id = rows_of(&staff, &order).await[0]["Id"]
        .as_str()
        .expect("id")
        .to_string();
    for action in ["book", "paid"] {
        let (status, answer) =
            post(&staff, &format!("/api/invoices/{id}/{action}"), json!({})).await;
        assert_eq!(status, StatusCode::OK, "{action}: {answer}");
    }
    const ROUNDS: usize = 6;
    for round in 0..ROUNDS {
        let path = format!("/api/invoices/{id}/send-receipt");
        let receipt = post(&staff, &path, json!({}));
        let number = post(
            &staff,
            "/api/invoices/update-invoice",
            json!({ "id": id, "externalNumber": format!("E-{round}") }),
        );
        let ((sent, answer), (numbered, _)) = tokio::join!(receipt, number);
        assert_eq!(sent, StatusCode::OK, "round {round}: {answer}");
        assert_eq!(numbered, StatusCode::OK, "round {round}");
    }
    let (_, history) = staff.get_json(&format!("/api/history/invoice/{id}")).await;
    assert_eq!(
        history.to_string().matches("ReceiptSent").count(),
        ROUNDS,
        "{history}"
    );
}
