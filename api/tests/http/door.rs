//! The door and the attendee list (issue 18): a ticket scans once ('Bekræftet'), a second scan
//! says when and by whom; a ticket of another event, a voided one and a released season seat are
//! refused with their reason; two gates scanning one ticket at once accept it once; an event
//! without door control scans nothing; the list filters by search, company and scanned, and
//! exports; another club's staff scan and see nothing.

use std::sync::Arc;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{
    book, catalogue_ticket, first_error, first_offer, give_handbold_events, guest, open_event,
    spawn_app, visitor, Browser, TestApp,
};

/// `count` free tickets of `event` booked by one guest (`name`): their numbers.
async fn booked(app: &TestApp, event: &str, name: &str, count: i64) -> Vec<i64> {
    let buyer = visitor(app).await;
    let product = first_offer(&buyer, event).await;
    let mut booking = guest(event, json!([{ "productId": product, "amount": count }]));
    booking["firstname"] = json!(name);
    booking["email"] = json!(format!("{}@example.dk", name.to_lowercase()));
    let (status, body) = book(&buyer, &booking).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let order = body["data"]["orderId"].as_str().unwrap();
    let mut db = app.db.owner.acquire().await.unwrap();
    sqlx::query_scalar("SELECT number FROM ticket_rows WHERE order_id = $1::uuid ORDER BY number")
        .bind(order)
        .fetch_all(&mut *db)
        .await
        .unwrap()
}

async fn scan(staff: &Browser, event: &str, ticket: &str) -> (StatusCode, Value) {
    staff
        .post_json(
            &format!(
                "/api/events/{event}/scan?ticketId={}",
                form_urlencoded::byte_serialize(ticket.as_bytes()).collect::<String>()
            ),
            &json!({}),
        )
        .await
}

async fn free_event(staff: &Browser, title: &str, control: &str) -> String {
    let ticket = catalogue_ticket(staff, &format!("Billet {title}"), 0).await;
    let (id, _) = open_event(
        staff,
        title,
        json!([{ "productId": ticket, "title": "Deltager", "price": 0, "maxAmount": 100, "public": true }]),
        json!({ "tickets": { "controlType": control, "products": [
            { "productId": ticket, "title": "Deltager", "price": 0, "maxAmount": 100, "public": true }
        ] } }),
    )
    .await;
    id
}

#[tokio::test]
async fn a_ticket_scans_once_and_a_second_scan_says_when_and_by_whom() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let event = free_event(&staff, "Pokalkamp", "Scan").await;
    let other = free_event(&staff, "Ligakamp", "Scan").await;
    let numbers = booked(&app, &event, "Bo", 2).await;
    let elsewhere = booked(&app, &other, "Ida", 1).await;

    // Typed with spaces around it: trimmed, and 'Bekræftet' with the ticket.
    let (status, body) = scan(&staff, &event, &format!("  {} ", numbers[0])).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["number"], numbers[0]);
    assert_eq!(body["result"]["name"], "Bo Gæst");
    assert_eq!(body["result"]["product"], "Deltager");

    // Again: refused, with when and by whom.
    let (status, body) = scan(&staff, &event, &numbers[0].to_string()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["code"], "not_confirmed");
    let error = body["error"].as_str().unwrap();
    assert!(
        error.starts_with("Billetten er allerede scannet (") && error.contains(" af "),
        "{error}"
    );
    assert_eq!(body["data"]["number"], numbers[0]);
    assert!(body["data"]["scannedAt"].is_string(), "{body}");
    let by = body["data"]["scannedBy"].as_str().unwrap();
    assert!(error.ends_with(&format!(" af {by})")), "{error} / {by}");

    // The QR code's content (the download link) scans the second ticket.
    let code: String = {
        let mut db = app.db.owner.acquire().await.unwrap();
        sqlx::query_scalar("SELECT code FROM ticket_rows WHERE event_id = $1::uuid AND number = $2")
            .bind(&event)
            .bind(numbers[1])
            .fetch_one(&mut *db)
            .await
            .unwrap()
    };
    let link = format!("https://demofc.dk/public/events/ticket/{code}");
    let (status, body) = scan(&staff, &event, &link).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["number"], numbers[1]);

    // Another event's ticket (by its code) is refused and named; an unknown one is not found.
    let other_code: String = {
        let mut db = app.db.owner.acquire().await.unwrap();
        sqlx::query_scalar("SELECT code FROM ticket_rows WHERE event_id = $1::uuid")
            .bind(&other)
            .fetch_one(&mut *db)
            .await
            .unwrap()
    };
    let (status, body) = scan(&staff, &event, &other_code).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        body["error"],
        "Billetten gælder til et andet arrangement: Ligakamp"
    );
    assert_eq!(body["data"]["number"], elsewhere[0]);
    let (status, body) = scan(&staff, &event, "999999").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["error"], "Billetten findes ikke");
    assert!(body["data"].is_null());
    let (status, body) = scan(&staff, &event, "   ").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(first_error(&body, "ticketId"), "Billetnummer skal udfyldes");

    // A voided ticket is refused with its reason.
    sqlx::query("UPDATE ticket_rows SET status = 'voided', void_reason = 'Ordren blev annulleret' WHERE event_id = $1::uuid")
        .bind(&other)
        .execute(&app.db.owner)
        .await
        .unwrap();
    let (status, body) = scan(&staff, &other, &elsewhere[0].to_string()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        body["error"],
        "Billetten er annulleret: Ordren blev annulleret"
    );

    // Each scan is an event on the Ticket.
    assert_eq!(
        app.count("SELECT count(*) FROM events WHERE event_type = 'Scanned'")
            .await,
        2
    );
}

#[tokio::test]
async fn an_event_without_door_control_scans_nothing_and_another_club_sees_nothing() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let open = free_event(&staff, "Træning", "None").await;
    let numbers = booked(&app, &open, "Bo", 1).await;
    let (status, body) = scan(&staff, &open, &numbers[0].to_string()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .starts_with("Arrangementet har ingen adgangskontrol"),
        "{body}"
    );

    let event = free_event(&staff, "Pokalkamp", "Manual").await;
    let numbers = booked(&app, &event, "Bo", 1).await;
    give_handbold_events(&app).await;
    let handbold = app.admin_in_handbold().await;
    for (status, _) in [
        scan(&handbold, &event, &numbers[0].to_string()).await,
        handbold
            .post_json(&format!("/api/events/{event}/attendees"), &json!({}))
            .await,
        handbold
            .get_json(&format!("/api/events/{event}/attendees/companies"))
            .await,
    ] {
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
    // The ticket is untouched and still scans at its own club's door (Manual counts).
    let (status, body) = scan(&staff, &event, &numbers[0].to_string()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn two_gates_scanning_one_ticket_at_once_accept_it_once() {
    let app = spawn_app().await;
    let staff = Arc::new(app.signed_in("staff@tribune.test").await);
    let event = free_event(&staff, "Pokalkamp", "Scan").await;
    let numbers = booked(&app, &event, "Bo", 20).await;
    // Every ticket at eight gates at once: each accepted exactly once.
    let mut gates = Vec::new();
    for number in &numbers {
        for _ in 0..8 {
            let staff = staff.clone();
            let event = event.clone();
            let number = number.to_string();
            gates.push(tokio::spawn(async move {
                scan(&staff, &event, &number).await.0
            }));
        }
    }
    let mut accepted = 0;
    let mut refused = 0;
    for gate in gates {
        match gate.await.unwrap() {
            StatusCode::OK => accepted += 1,
            StatusCode::UNPROCESSABLE_ENTITY => refused += 1,
            other => panic!("a scan answered {other}"),
        }
    }
    assert_eq!(accepted, 20, "one acceptance per ticket");
    assert_eq!(refused, 140);
    assert_eq!(
        app.count("SELECT count(*) FROM events WHERE event_type = 'Scanned'")
            .await,
        20
    );
}

#[tokio::test]
async fn the_attendee_list_filters_by_search_company_and_scanned_and_exports_what_it_finds() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let event = free_event(&staff, "Gallamiddag", "Scan").await;
    let bo = booked(&app, &event, "Bo", 2).await;
    booked(&app, &event, "Ida", 1).await;
    scan(&staff, &event, &bo[0].to_string()).await;

    let list = |body: Value| {
        let staff = &staff;
        let event = event.clone();
        async move {
            let (status, page) = staff
                .post_json(&format!("/api/events/{event}/attendees"), &body)
                .await;
            assert_eq!(status, StatusCode::OK, "{page}");
            page
        }
    };
    let all = list(json!({})).await;
    assert_eq!(all["Total"], 3, "{all}");
    assert_eq!(all["Result"][0]["number"], bo[0]);
    assert_eq!(all["Result"][0]["scanned"], true);
    assert!(all["Result"][0]["ticketId"].is_string());
    assert_eq!(list(json!({ "search": "ida" })).await["Total"], 1);
    assert_eq!(list(json!({ "status": "scanned" })).await["Total"], 1);
    assert_eq!(list(json!({ "status": "notScanned" })).await["Total"], 2);
    assert_eq!(
        list(json!({ "status": "notScanned", "search": "bo" })).await["Total"],
        1
    );
    // The figures: three admitted, one scanned, nothing sold for money (free tickets).
    let (status, overview) = staff
        .get_json(&format!("/api/events/{event}/attendees/overview"))
        .await;
    assert_eq!(status, StatusCode::OK, "{overview}");
    assert_eq!(overview["result"]["bookedTickets"], 3);
    assert_eq!(overview["result"]["scanned"], 1);
    assert_eq!(overview["result"]["ticketsSold"], 0);
    assert_eq!(overview["result"]["sections"], json!([]));
    // Bad input is a clear refusal, never a 500.
    let (status, _) = staff
        .post_json(
            &format!("/api/events/{event}/attendees"),
            &json!({ "status": "maybe" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);

    // The export: every attendee the filter finds, in a workbook named for the list.
    let response = staff
        .post(
            &format!("/api/events/{event}/attendees/export"),
            &json!({ "status": "notScanned" }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let disposition = response
        .headers()
        .get("content-disposition")
        .unwrap()
        .to_str()
        .unwrap()
        .to_string();
    assert!(
        disposition.contains("filename*=UTF-8''Tilmeldte%20-%20Gallamiddag.xlsx"),
        "{disposition}"
    );
    let bytes = response.bytes().await.unwrap();
    let mut book: calamine::Xlsx<_> =
        calamine::open_workbook_from_rs(std::io::Cursor::new(bytes.to_vec())).unwrap();
    use calamine::Reader;
    let sheet = book.worksheet_range("Tilmeldte").unwrap();
    let rows: Vec<Vec<String>> = sheet
        .rows()
        .map(|r| r.iter().map(|c| c.to_string()).collect())
        .collect();
    assert_eq!(rows[0][0], "Billetnr.");
    assert_eq!(rows.len(), 3, "{rows:?}");
    assert!(rows.iter().any(|r| r[1] == "Ida Gæst"), "{rows:?}");

    // A product marked 'hideExport' (spec 3 §3) stays on the list but leaves the export.
    sqlx::query(
        "UPDATE products SET hide_export = true WHERE id IN \
           (SELECT product_id FROM ticket_rows WHERE event_id = $1::uuid)",
    )
    .bind(&event)
    .execute(&app.db.owner)
    .await
    .expect("hide the product from exports");
    let response = staff
        .post(
            &format!("/api/events/{event}/attendees/export"),
            &json!({ "status": "notScanned" }),
        )
        .await;
    let bytes = response.bytes().await.unwrap();
    let mut book: calamine::Xlsx<_> =
        calamine::open_workbook_from_rs(std::io::Cursor::new(bytes.to_vec())).unwrap();
    let sheet = book.worksheet_range("Tilmeldte").unwrap();
    assert_eq!(sheet.rows().count(), 1, "the header alone");
    let (_, list) = staff
        .post_json(
            &format!("/api/events/{event}/attendees"),
            &json!({ "status": "notScanned" }),
        )
        .await;
    assert_eq!(list["Total"], 2, "{list}");
}
