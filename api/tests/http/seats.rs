//! The seat engine (issue 16): the designer's charts, hold sessions, holding and giving back
//! seats at an event, the orphan rule, expiry, token misuse, club isolation — and the race: many
//! buyers at once on the same seats never hold one seat twice; a visitor's holds limited per
//! session, per address and in time, whatever the concurrency.

use std::sync::Arc;

use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio::sync::Barrier;

use crate::helpers::{
    all_at_once, book, catalogue_product, first_error, give_handbold_events, guest, open_event,
    open_event_form, order_of, pdf_text, products, season_on_chart, spawn_app, visitor, visitor_of,
    Browser, TestApp,
};

/// A chart of one section 'A' with two rows of `seats` seats and two categories: its id and key.
async fn a_chart(staff: &Browser, name: &str, seats: i64) -> (String, String) {
    let (status, body) = staff
        .post_json(
            "/api/seats/charts",
            &json!({
                "name": name,
                "categories": [
                    { "key": "std", "label": "Standard", "color": "#1E88E5" },
                    { "key": "hc", "label": "Kørestol", "color": "#43a047", "accessible": true },
                ],
                "sections": [{
                    "name": "A",
                    "categoryKey": "std",
                    "rows": [
                        { "label": "A1", "seats": seats },
                        { "label": "A2", "seats": seats, "numbering": "rightToLeft", "curve": 1.5, "categoryKey": "hc" },
                    ],
                }],
            }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let id = body["result"].as_str().unwrap().to_string();
    let (_, chart) = staff.get_json(&format!("/api/seats/charts/{id}")).await;
    (id, chart["result"]["key"].as_str().unwrap().to_string())
}

/// An event of Demo FC on sale with seating on the chart `key`: its id.
async fn seated_event(staff: &Browser, key: &str) -> String {
    let (id, _) = open_event(
        staff,
        "Pokalkamp",
        json!([]),
        json!({ "hasSeating": true, "seating": { "chartId": key, "name": "Stadion" } }),
    )
    .await;
    id
}

async fn token(buyer: &Browser) -> String {
    let (status, body) = buyer
        .post_json("/public/seats/hold-tokens", &json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["result"]["holdToken"].as_str().unwrap().to_string()
}

async fn hold(buyer: &Browser, event: &str, token: &str, seats: &[&str]) -> (StatusCode, Value) {
    buyer
        .post_json(
            &format!("/public/events/{event}/hold-seats"),
            &json!({ "holdToken": token, "seats": seats }),
        )
        .await
}

/// The state of `label` at the event as `token` sees it.
async fn state(buyer: &Browser, event: &str, token: &str, label: &str) -> String {
    let (status, body) = buyer
        .get_json(&format!("/public/events/{event}/seats?holdToken={token}"))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["result"]["states"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["label"] == label)
        .map(|s| s["state"].as_str().unwrap().to_string())
        .unwrap_or_else(|| panic!("no seat {label}"))
}

#[tokio::test]
async fn the_designer_makes_a_chart_of_sections_and_rows_that_the_list_shows_with_its_categories() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (id, key) = a_chart(&staff, "Lille Stadion", 6).await;
    assert_eq!(key, "lille-stadion");
    let (_, chart) = staff.get_json(&format!("/api/seats/charts/{id}")).await;
    let seats = chart["result"]["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 12);
    // Row 1 counts from the left, row 2 from the right; the row's category wins over the section's.
    let at = |row: &str, position: i64| {
        seats
            .iter()
            .find(|s| s["row"] == row && s["position"] == position)
            .unwrap()
            .clone()
    };
    assert_eq!(at("A1", 0)["label"], "A1-1");
    assert_eq!(at("A2", 0)["label"], "A2-6");
    assert_eq!(at("A1", 0)["categoryKey"], "std");
    assert_eq!(at("A2", 3)["categoryKey"], "hc");
    assert_eq!(at("A2", 3)["accessible"], true);
    // A second chart of the same name gets a key of its own.
    let (_, second) = a_chart(&staff, "Lille Stadion", 2).await;
    assert_eq!(second, "lille-stadion-2");

    let (status, list) = staff.get_json("/api/seats/charts?categories=true").await;
    assert_eq!(status, StatusCode::OK, "{list}");
    let first = &list["result"][0];
    assert_eq!(first["name"], "Lille Stadion", "{list}");
    assert_eq!(first["seats"], 12);
    assert_eq!(first["categories"][0]["key"], "std");
    assert_eq!(first["categories"][1]["label"], "Kørestol");
    let (_, plain) = staff.get_json("/api/seats/charts").await;
    assert!(plain["result"][0].get("categories").is_none());
}

#[tokio::test]
async fn every_mistake_in_a_chart_answers_in_danish_on_its_field_and_nothing_is_saved() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (status, body) = staff
        .post_json(
            "/api/seats/charts",
            &json!({
                "name": " ",
                "categories": [{ "key": "std", "label": "", "color": "blå" }],
                "sections": [{
                    "name": " ",
                    "categoryKey": "vip",
                    "rows": [{ "label": "1", "seats": 0 }, { "label": "1", "seats": 5, "curve": 99 }, { "label": "2-3", "seats": 1 }],
                }],
            }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(first_error(&body, "name"), "Navn skal udfyldes");
    assert_eq!(
        first_error(&body, "categories.0.label"),
        "Navn skal udfyldes"
    );
    assert_eq!(
        first_error(&body, "categories.0.color"),
        "Farven skal skrives som #rrggbb"
    );
    assert_eq!(
        first_error(&body, "sections.0.name"),
        "Sektionens navn skal udfyldes"
    );
    assert_eq!(
        first_error(&body, "sections.0.rows.2.label"),
        "Rækkens navn må ikke indeholde bindestreg"
    );
    assert_eq!(
        first_error(&body, "sections.0.categoryKey"),
        "Kategorien findes ikke"
    );
    assert_eq!(
        first_error(&body, "sections.0.rows.0.seats"),
        "Antal pladser skal være mellem 1 og 200"
    );
    assert_eq!(
        first_error(&body, "sections.0.rows.1.label"),
        "Rækken findes allerede i kortet"
    );
    assert_eq!(
        first_error(&body, "sections.0.rows.1.curve"),
        "Buen skal være mellem -10 og 10"
    );
    let (status, body) = staff
        .post_json(
            "/api/seats/charts",
            &json!({ "name": "Tom", "sections": [] }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(first_error(&body, "sections"), "Tilføj mindst én sektion");
    assert_eq!(app.count("SELECT count(*) FROM seat_charts").await, 0);
}

#[tokio::test]
async fn a_buyer_holds_seats_with_a_session_another_cannot_take_them_and_a_given_back_seat_is_free()
{
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, key) = a_chart(&staff, "Stadion", 8).await;
    let event = seated_event(&staff, &key).await;
    let (ann, bo) = (visitor(&app).await, visitor(&app).await);
    let (ann_token, bo_token) = (token(&ann).await, token(&bo).await);

    let (status, body) = hold(&ann, &event, &ann_token, &["A1-1", "A1-2"]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // Holding extends the session: the picker's countdown starts again.
    assert_eq!(body["result"]["holdToken"], ann_token.as_str());
    assert!(
        body["result"]["secondsLeft"].as_i64().unwrap() > 14 * 60,
        "{body}"
    );
    assert_eq!(state(&ann, &event, &ann_token, "A1-1").await, "mine");
    assert_eq!(state(&bo, &event, &bo_token, "A1-1").await, "held");
    assert_eq!(state(&bo, &event, &bo_token, "A1-3").await, "free");

    // All or none: one of Bo's seats is Ann's, so he gets neither.
    let (status, body) = hold(&bo, &event, &bo_token, &["A1-2", "A1-3"]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        first_error(&body, "seats"),
        "Pladsen A1-2 er ikke længere ledig"
    );
    assert_eq!(state(&bo, &event, &bo_token, "A1-3").await, "free");

    // Bo cannot give back Ann's seat; Ann can.
    let release = |who: &Browser, token: &str, seat: &str| {
        let (who, body) = (who.clone(), json!({ "holdToken": token, "seat": seat }));
        let path = format!("/public/events/{event}/release-seat");
        async move { who.post_json(&path, &body).await }
    };
    let (status, body) = release(&bo, &bo_token, "A1-2").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(first_error(&body, "seat"), "Pladsen er ikke holdt af dig");
    assert_eq!(state(&ann, &event, &ann_token, "A1-2").await, "mine");
    let (status, _) = release(&ann, &ann_token, "A1-2").await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = hold(&bo, &event, &bo_token, &["A1-2", "A1-3"]).await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // Unknown seats and a made-up session are refused on their fields.
    let (_, body) = hold(&bo, &event, &bo_token, &["Z-9-9"]).await;
    assert_eq!(first_error(&body, "seats"), "Pladsen Z-9-9 findes ikke");
    let (_, body) = hold(&bo, &event, "opdigtet", &["A1-7"]).await;
    assert_eq!(
        first_error(&body, "holdToken"),
        "Din reservation af pladser er udløbet. Vælg pladserne igen."
    );
}

#[tokio::test]
async fn a_hold_whose_session_ran_out_is_free_for_the_next_buyer_and_an_active_one_is_extended() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, key) = a_chart(&staff, "Stadion", 8).await;
    let event = seated_event(&staff, &key).await;
    let (ann, bo) = (visitor(&app).await, visitor(&app).await);
    let (ann_token, bo_token) = (token(&ann).await, token(&bo).await);
    let (status, _) = hold(&ann, &event, &ann_token, &["A1-1", "A1-2"]).await;
    assert_eq!(status, StatusCode::OK);
    // Ann stays active: her session and seats move on.
    let (status, extended) = ann
        .post_json(
            &format!("/public/seats/hold-tokens/{ann_token}"),
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{extended}");
    // Then she leaves, and her session runs out (as if 16 minutes went by).
    sqlx::query(
        "UPDATE seat_hold_tokens SET expires_at = now() - interval '1 minute' WHERE token = $1",
    )
    .bind(&ann_token)
    .execute(&app.db.owner)
    .await
    .unwrap();
    sqlx::query(
        "UPDATE event_seats SET held_until = now() - interval '1 minute' WHERE hold_token = $1",
    )
    .bind(&ann_token)
    .execute(&app.db.owner)
    .await
    .unwrap();
    assert_eq!(state(&bo, &event, &bo_token, "A1-1").await, "free");
    let (status, body) = hold(&bo, &event, &bo_token, &["A1-1", "A1-2"]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // Ann's session cannot be brought back, nor hold anything.
    let (status, body) = ann
        .post_json(
            &format!("/public/seats/hold-tokens/{ann_token}"),
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        first_error(&body, "holdToken"),
        "Din reservation af pladser er udløbet. Vælg pladserne igen."
    );
    assert_eq!(state(&ann, &event, &ann_token, "A1-1").await, "held");
}

#[tokio::test]
async fn a_selection_that_leaves_a_needless_single_seat_is_refused() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, key) = a_chart(&staff, "Stadion", 6).await;
    let event = seated_event(&staff, &key).await;
    let (ann, bo) = (visitor(&app).await, visitor(&app).await);
    let (ann_token, bo_token) = (token(&ann).await, token(&bo).await);
    let (status, _) = hold(&ann, &event, &ann_token, &["A1-1"]).await;
    assert_eq!(status, StatusCode::OK);
    // A1-3 and A1-4 would leave A1-2 alone between Ann's seat and Bo's.
    let (status, body) = hold(&bo, &event, &bo_token, &["A1-3", "A1-4"]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        first_error(&body, "seats").starts_with("Valget efterlader en enkelt tom plads"),
        "{body}"
    );
    assert_eq!(state(&bo, &event, &bo_token, "A1-3").await, "free");
    let (status, body) = hold(&bo, &event, &bo_token, &["A1-2", "A1-3"]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn another_clubs_staff_and_visitors_find_nothing_of_a_clubs_seats() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (id, key) = a_chart(&staff, "Stadion", 4).await;
    let event = seated_event(&staff, &key).await;
    give_handbold_events(&app).await;
    let other = app.admin_in_handbold().await;
    let (status, body) = other.get_json(&format!("/api/seats/charts/{id}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let (status, list) = other.get_json("/api/seats/charts").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list["result"], json!([]));
    // The other club's visitor, with a session of that club, finds neither the event nor a seat.
    let stranger = visitor_of(&app, "Demo Håndbold").await;
    let (status, _) = stranger
        .get_json(&format!("/public/events/{event}/seats"))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let stranger_token = token(&stranger).await;
    let (status, _) = hold(&stranger, &event, &stranger_token, &["A1-1"]).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Nor does a Demo FC session work on the other club's site.
    let (buyer, fc_token) = {
        let buyer = visitor(&app).await;
        let fc_token = token(&buyer).await;
        (buyer, fc_token)
    };
    let (status, body) = hold(&stranger, &event, &fc_token, &["A1-1"]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        first_error(&body, "holdToken"),
        "Din reservation af pladser er udløbet. Vælg pladserne igen."
    );
    let (status, body) = hold(&buyer, &event, &fc_token, &["A1-1"]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(state(&buyer, &event, &fc_token, "A1-1").await, "mine");
}

/// Many buyers at once on the same two seats, each with a session of their own: exactly one
/// holds them. Without the guard (a read of the seat, then a write) two buyers take the same
/// seat — the race exists.
#[tokio::test]
async fn buyers_at_once_on_the_same_seats_never_hold_one_seat_twice() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, key) = a_chart(&staff, "Stadion", 8).await;
    let event = seated_event(&staff, &key).await;

    // The race, without the guard: each buyer checks the seat is free, then writes its hold.
    let seat: uuid::Uuid = sqlx::query_scalar("SELECT id FROM seats WHERE label = 'A1-8'")
        .fetch_one(&app.db.owner)
        .await
        .unwrap();
    sqlx::query("CREATE TABLE naive_holds (seat_id uuid, buyer integer)")
        .execute(&app.db.owner)
        .await
        .unwrap();
    let gate = Arc::new(Barrier::new(8));
    let mut naive = Vec::new();
    for n in 0..8 {
        let (options, gate) = (app.db.owner_options.clone(), gate.clone());
        naive.push(tokio::spawn(async move {
            use sqlx::Connection;
            let mut conn = sqlx::PgConnection::connect_with(&options).await.unwrap();
            let mut tx = conn.begin().await.unwrap();
            let free: bool = sqlx::query_scalar(
                "SELECT NOT EXISTS (SELECT 1 FROM naive_holds WHERE seat_id = $1)",
            )
            .bind(seat)
            .fetch_one(&mut *tx)
            .await
            .unwrap();
            gate.wait().await;
            if free {
                sqlx::query("INSERT INTO naive_holds (seat_id, buyer) VALUES ($1, $2)")
                    .bind(seat)
                    .bind(n)
                    .execute(&mut *tx)
                    .await
                    .unwrap();
            }
            tx.commit().await.unwrap();
        }));
    }
    for task in naive {
        task.await.unwrap();
    }
    let naive_holders = app.count("SELECT count(*) FROM naive_holds").await;
    assert!(naive_holders > 1, "the race did not show: {naive_holders}");

    // The guard: 40 buyers at once on A1-1 and A1-2.
    let buyers: Vec<(Browser, String)> = {
        let mut all = Vec::new();
        for _ in 0..40 {
            let buyer = visitor(&app).await;
            let token = token(&buyer).await;
            all.push((buyer, token));
        }
        all
    };
    let gate = Arc::new(Barrier::new(buyers.len()));
    let mut tasks = Vec::new();
    for (buyer, token) in buyers {
        let (gate, event) = (gate.clone(), event.clone());
        tasks.push(tokio::spawn(async move {
            gate.wait().await;
            hold(&buyer, &event, &token, &["A1-1", "A1-2"]).await.0
        }));
    }
    let mut won = 0;
    for task in tasks {
        match task.await.unwrap() {
            StatusCode::OK => won += 1,
            StatusCode::UNPROCESSABLE_ENTITY => {}
            other => panic!("hold answered {other}"),
        }
    }
    assert_eq!(won, 1);
    assert_eq!(
        app.count(&format!(
            "SELECT count(DISTINCT hold_token) FROM event_seats WHERE event_id = '{event}'"
        ))
        .await,
        1
    );
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM event_seats WHERE event_id = '{event}'"
        ))
        .await,
        2
    );
}

/// A seat-ticket product of Demo FC selling the `categories` of the chart `key` at `price`, on
/// an event seated on that chart: (event, the event's product as a guest is offered it).
async fn seat_sale(staff: &Browser, buyer: &Browser, key: &str, price: i64) -> (String, String) {
    let product = catalogue_product(
        staff,
        json!({
            "title": "Pladsbillet", "type": "seat-ticket", "price": price,
            "seats": [{ "chartId": key, "category": "std" }],
        }),
    )
    .await;
    let (event, _) = open_event(
        staff,
        "Pokalkamp",
        json!([{ "productId": product, "title": "Pladsbillet", "price": price, "public": true }]),
        json!({ "hasSeating": true, "seating": { "chartId": key, "name": "Stadion" } }),
    )
    .await;
    let offered = products(buyer, &event, json!({ "products": [] })).await;
    let offer = &offered["result"]["none"][0];
    assert_eq!(offer["type"], "seat-ticket", "{offered}");
    // It sells the standard seats only.
    assert_eq!(offer["seatCategories"].as_array().map(Vec::len), Some(1));
    assert_eq!(offer["seatCategories"][0]["key"], "std");
    (event, offer["productId"].as_str().unwrap().to_string())
}

fn seat_line(product: &str, seat: &str, token: &str) -> Value {
    json!({ "productId": product, "amount": 1, "seat": seat, "holdToken": token })
}

#[tokio::test]
async fn a_seat_ticket_books_the_seat_its_buyer_holds_and_the_ticket_names_the_seat() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, key) = a_chart(&staff, "Stadion", 8).await;
    let buyer = visitor(&app).await;
    let (event, product) = seat_sale(&staff, &buyer, &key, 0).await;
    let mine = token(&buyer).await;
    // The seating-product modal's question: which products sell a category of the chart.
    let (_, std) = staff
        .get_json(&format!("/api/seats/products?chartId={key}&category=std"))
        .await;
    assert_eq!(std["result"][0]["title"], "Pladsbillet", "{std}");
    let (_, hc) = staff
        .get_json(&format!("/api/seats/products?chartId={key}&category=hc"))
        .await;
    assert_eq!(hc["result"], json!([]));

    // No seat, a seat not held, a seat of a category the product does not sell: refused.
    let (status, body) = book(
        &buyer,
        &guest(&event, json!([{ "productId": product, "amount": 1 }])),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(first_error(&body, "products.0.seat"), "Plads skal vælges!");
    let (_, body) = book(
        &buyer,
        &guest(&event, json!([seat_line(&product, "A1-3", &mine)])),
    )
    .await;
    assert_eq!(
        first_error(&body, "products.0.seat"),
        "De valgte pladser er ikke længere tilgængelig!"
    );
    let (status, _) = hold(&buyer, &event, &mine, &["A2-1", "A1-3", "A1-4"]).await;
    assert_eq!(status, StatusCode::OK);
    let (_, body) = book(
        &buyer,
        &guest(&event, json!([seat_line(&product, "A2-1", &mine)])),
    )
    .await;
    assert_eq!(
        first_error(&body, "products.0.seat"),
        "Pladsen A2-1 sælges ikke med Pladsbillet"
    );
    // Another's session cannot book the seats this one holds.
    let other = visitor(&app).await;
    let theirs = token(&other).await;
    let (_, body) = book(
        &other,
        &guest(&event, json!([seat_line(&product, "A1-3", &theirs)])),
    )
    .await;
    assert_eq!(
        first_error(&body, "products.0.seat"),
        "De valgte pladser er ikke længere tilgængelig!"
    );
    assert_eq!(app.count("SELECT count(*) FROM order_rows").await, 0);

    // Two seats, free of charge: confirmed at once, booked, on the order and the tickets.
    let (status, body) = book(
        &buyer,
        &guest(
            &event,
            json!([
                seat_line(&product, "A1-3", &mine),
                seat_line(&product, "A1-4", &mine)
            ]),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let order = order_of(&buyer, &event, &body["data"]).await;
    assert_eq!(order["result"]["status"], "approved", "{order}");
    let tickets = order["result"]["tickets"].as_array().unwrap().clone();
    let mut seats: Vec<String> = tickets
        .iter()
        .map(|t| format!("{} {} {}", t["section"], t["row"], t["seatNumber"]))
        .collect();
    seats.sort();
    assert_eq!(
        seats,
        ["\"A\" \"A1\" \"3\"", "\"A\" \"A1\" \"4\""],
        "{order}"
    );
    assert_eq!(state(&other, &event, &theirs, "A1-3").await, "booked");
    assert_eq!(state(&buyer, &event, &mine, "A1-4").await, "booked");
    // The buyer's session still holds the seat it did not book.
    assert_eq!(state(&buyer, &event, &mine, "A2-1").await, "mine");
    // The order's lines carry the seats (the staff's order).
    let order_id = body["data"]["orderId"].as_str().unwrap();
    let (_, staff_order) = staff.get_json(&format!("/api/orders/{order_id}")).await;
    let lines = staff_order["result"]["orderLines"].as_array().unwrap();
    assert_eq!(lines.len(), 2, "{staff_order}");
    assert!(lines
        .iter()
        .all(|l| l["seatEvent"] == "Pokalkamp" && l["seatEventId"] == event.as_str()));
    let mut texts: Vec<&str> = lines.iter().map(|l| l["seat"].as_str().unwrap()).collect();
    texts.sort_unstable();
    assert_eq!(texts, ["A1-3", "A1-4"]);
    // The ticket's PDF shows its seat.
    let code = tickets[0]["ticketId"].as_str().unwrap();
    let pdf = buyer.get(&format!("/public/events/ticket/{code}")).await;
    let text = pdf_text(&pdf.bytes().await.unwrap());
    assert!(text.contains("A1"), "{text}");
    // A booked seat is never held again, and the same seats are not booked twice.
    let (status, _) = hold(&other, &event, &theirs, &["A1-3"]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (_, again) = book(
        &buyer,
        &guest(&event, json!([seat_line(&product, "A1-3", &mine)])),
    )
    .await;
    assert_eq!(
        first_error(&again, "products.0.seat"),
        "De valgte pladser er ikke længere tilgængelig!"
    );
}

/// The seats of a booking's last step (create-intent's answer, from the hold session) are the
/// seats on its tickets; a booking that changed after that step (a re-pick in another tab of the
/// same session) is refused and books nothing, and priced again it sells what it then shows.
#[tokio::test]
async fn the_seats_the_last_step_shows_are_the_seats_sold_and_a_booking_changed_since_is_refused() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, key) = a_chart(&staff, "Stadion", 8).await;
    let buyer = visitor(&app).await;
    let (event, product) = seat_sale(&staff, &buyer, &key, 0).await;
    let mine = token(&buyer).await;
    let (status, _) = hold(&buyer, &event, &mine, &["A1-3", "A1-4"]).await;
    assert_eq!(status, StatusCode::OK);
    let shown_booking = guest(
        &event,
        json!([
            seat_line(&product, "A1-3", &mine),
            seat_line(&product, "A1-4", &mine)
        ]),
    );
    let (status, intent) = buyer
        .post_json("/public/events/create-intent", &shown_booking)
        .await;
    assert_eq!(status, StatusCode::OK, "{intent}");
    let shown = |priced: &Value| -> Vec<String> {
        priced["result"]["booking"]["bookingProducts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| format!("{} {}", l["seat"]["label"], l["seat"]["section"]))
            .collect()
    };
    assert_eq!(
        shown(&intent),
        ["\"A1-3\" \"A\"", "\"A1-4\" \"A\""],
        "{intent}"
    );
    let secret = intent["result"]["intentSecret"]
        .as_str()
        .unwrap()
        .to_string();

    // Another tab of the same session gives back A1-4 and takes A1-6; the first tab's last step
    // still shows A1-3 and A1-4, so a booking of A1-3 and A1-6 with its key is refused.
    let (status, _) = buyer
        .post_json(
            &format!("/public/events/{event}/release-seat"),
            &json!({ "holdToken": mine, "seat": "A1-4" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = hold(&buyer, &event, &mine, &["A1-6"]).await;
    assert_eq!(status, StatusCode::OK);
    let changed = guest(
        &event,
        json!([
            seat_line(&product, "A1-3", &mine),
            seat_line(&product, "A1-6", &mine)
        ]),
    );
    let (status, body) = buyer
        .post_json(
            &format!("/public/events/book?intentSecret={secret}"),
            &changed,
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(
        first_error(&body, "intentSecret").starts_with("Bookingen har ændret sig"),
        "{body}"
    );
    assert_eq!(app.count("SELECT count(*) FROM order_rows").await, 0);

    // Shown again, it is booked as shown: the tickets, the order and its lines name those seats.
    let (_, again) = buyer
        .post_json("/public/events/create-intent", &changed)
        .await;
    assert_eq!(
        shown(&again),
        ["\"A1-3\" \"A\"", "\"A1-6\" \"A\""],
        "{again}"
    );
    let secret = again["result"]["intentSecret"].as_str().unwrap();
    let (status, body) = buyer
        .post_json(
            &format!("/public/events/book?intentSecret={secret}"),
            &changed,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let order = order_of(&buyer, &event, &body["data"]).await;
    let mut sold: Vec<String> = order["result"]["tickets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            format!(
                "{}-{}",
                t["row"].as_str().unwrap(),
                t["seatNumber"].as_str().unwrap()
            )
        })
        .collect();
    sold.sort();
    assert_eq!(sold, ["A1-3", "A1-6"], "{order}");
    // The staff's order names the same seats on its lines.
    let order_id = body["data"]["orderId"].as_str().unwrap();
    let (_, staff_order) = staff.get_json(&format!("/api/orders/{order_id}")).await;
    let mut on_lines: Vec<&str> = staff_order["result"]["orderLines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["seat"].as_str().unwrap())
        .collect();
    on_lines.sort_unstable();
    assert_eq!(on_lines, ["A1-3", "A1-6"], "{staff_order}");
    assert_eq!(state(&buyer, &event, &mine, "A1-4").await, "free");
}

#[tokio::test]
async fn a_paid_seat_whose_hold_ran_out_and_was_taken_cancels_its_booking_and_an_unpaid_one_gives_it_back(
) {
    let app = spawn_app().await;
    crate::payments::use_window(&app).await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, key) = a_chart(&staff, "Stadion", 8).await;
    let buyer = visitor(&app).await;
    let (event, product) = seat_sale(&staff, &buyer, &key, 15000).await;
    let mine = token(&buyer).await;
    hold(&buyer, &event, &mine, &["A1-1", "A1-2"]).await;
    let (status, first) = book(
        &buyer,
        &guest(&event, json!([seat_line(&product, "A1-1", &mine)])),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{first}");
    let (status, second) = book(
        &buyer,
        &guest(&event, json!([seat_line(&product, "A1-2", &mine)])),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{second}");
    // Waiting for its payment, the seat is the order's: the buyer's session cannot give it back.
    let (status, _) = buyer
        .post_json(
            &format!("/public/events/{event}/release-seat"),
            &json!({ "holdToken": mine, "seat": "A1-1" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let other = visitor(&app).await;
    let theirs = token(&other).await;
    assert_eq!(state(&other, &event, &theirs, "A1-1").await, "held");

    // The first's hold runs out and another buyer takes the seat; then its payment comes.
    let order_id = |data: &Value| {
        data["orderId"]
            .as_str()
            .unwrap()
            .parse::<uuid::Uuid>()
            .unwrap()
    };
    sqlx::query(
        "UPDATE event_seats SET held_until = now() - interval '1 minute' WHERE order_id = $1",
    )
    .bind(order_id(&first["data"]))
    .execute(&app.db.owner)
    .await
    .unwrap();
    let (status, body) = hold(&other, &event, &theirs, &["A1-1"]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let fields = crate::helpers::window_fields(&first["result"]);
    let field = |name: &str| fields.iter().find(|(k, _)| k == name).unwrap().1.clone();
    let query = app.window_callback(&field("orderid"), "15000", "700001");
    let answer = reqwest::get(format!(
        "{}/public/payments/window/callback?{query}",
        app.address
    ))
    .await
    .unwrap();
    assert!(answer.status().is_success(), "{}", answer.status());
    let order = order_of(&buyer, &event, &first["data"]).await;
    assert_eq!(order["result"]["status"], "cancelled", "{order}");
    assert_eq!(state(&buyer, &event, &mine, "A1-1").await, "held");
    assert_eq!(state(&other, &event, &theirs, "A1-1").await, "mine");

    // Nobody pays for the second: given up, its seat is free again.
    for moved in [
        "UPDATE sales SET created_at = now() - interval '2 days' WHERE order_id = $1",
        "UPDATE capacity_holds SET expires_at = now() - interval '2 days' WHERE owner_id = $1",
    ] {
        sqlx::query(moved)
            .bind(order_id(&second["data"]))
            .execute(&app.db.owner)
            .await
            .unwrap();
    }
    let swept = tribune_api::booking::sweep::sweep(&app.state, chrono::Utc::now())
        .await
        .unwrap();
    assert_eq!(swept, 1);
    assert_eq!(state(&other, &event, &theirs, "A1-2").await, "free");
}

#[tokio::test]
async fn the_designer_previews_a_chart_with_marked_seats_before_saving_it() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let input = json!({
        "name": "Lounge",
        "categories": [
            { "key": "vip", "label": "VIP", "color": "#8E24AA" },
            { "key": "hc", "label": "Kørestol", "color": "#43a047", "accessible": true },
        ],
        "sections": [{ "name": "Lounge", "categoryKey": "vip", "rows": [{ "label": "L1", "seats": 4 }] }],
        "seats": [
            { "label": "L1-1", "categoryKey": "hc", "forSale": true },
            { "label": "L1-4", "forSale": false },
        ],
    });
    let (status, body) = staff.post_json("/api/seats/charts/preview", &input).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let seats = body["result"]["seats"].as_array().unwrap();
    let seat = |label: &str| seats.iter().find(|s| s["label"] == label).unwrap().clone();
    assert_eq!(seat("L1-1")["categoryKey"], "hc");
    assert_eq!(seat("L1-1")["accessible"], true);
    assert_eq!(seat("L1-4")["forSale"], false);
    assert_eq!(seat("L1-2")["categoryKey"], "vip");
    // A section placed and turned: row 1 at the bottom, its middle where it was put.
    let mut turned = input.clone();
    turned["sections"][0]["rows"] =
        json!([{ "label": "L1", "seats": 4 }, { "label": "L2", "seats": 4 }]);
    turned["sections"][0]["position"] = json!({ "x": 50, "y": -14, "rotation": 180 });
    let (status, body) = staff.post_json("/api/seats/charts/preview", &turned).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let placed = body["result"]["seats"].as_array().unwrap();
    let at = |label: &str| {
        let seat = placed.iter().find(|s| s["label"] == label).unwrap();
        (seat["x"].as_f64().unwrap(), seat["y"].as_f64().unwrap())
    };
    assert!(at("L1-1").1 > at("L2-1").1, "row 1 below row 2: {body}");
    assert!(
        at("L1-1").0 > at("L1-4").0,
        "turned, seat 1 on the right: {body}"
    );
    let middle = placed.iter().map(|s| s["x"].as_f64().unwrap()).sum::<f64>() / 8.0;
    assert!((middle - 50.0).abs() < 0.01, "{middle}");
    // Nothing was saved by the preview.
    assert_eq!(app.count("SELECT count(*) FROM seat_charts").await, 0);
    // A mark on a seat that is not there, and a row name that cannot name seats.
    let mut wrong = input.clone();
    wrong["seats"][0]["label"] = json!("L9-1");
    wrong["sections"][0]["rows"][0]["label"] = json!("L 1");
    let (status, body) = staff.post_json("/api/seats/charts/preview", &wrong).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "sections.0.rows.0.label"),
        "Rækkens navn må kun indeholde bogstaver og tal"
    );
    // Saved, the chart is as previewed.
    let (status, body) = staff.post_json("/api/seats/charts", &input).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, chart) = staff
        .get_json(&format!(
            "/api/seats/charts/{}",
            body["result"].as_str().unwrap()
        ))
        .await;
    let saved = chart["result"]["seats"].as_array().unwrap();
    assert!(saved
        .iter()
        .any(|s| s["label"] == "L1-4" && s["forSale"] == false));
    // A visitor may not preview.
    let (status, _) = visitor(&app)
        .await
        .post_json("/api/seats/charts/preview", &input)
        .await;
    assert!(
        status == StatusCode::UNAUTHORIZED || status == StatusCode::FORBIDDEN,
        "{status}"
    );
}

/// The holder's answer for the match (`POST …/seasonal-tickets/{id}?attending=`).
async fn answer(
    holder: &Browser,
    event: &str,
    ticket: &str,
    attending: bool,
) -> (StatusCode, Value) {
    holder
        .post_json(
            &format!("/public/events/{event}/seasonal-tickets/{ticket}?attending={attending}"),
            &json!({}),
        )
        .await
}

/// A new season ticket of the season, as staff make it.
async fn season_ticket(staff: &Browser, season: &str, body: &Value) -> (StatusCode, Value) {
    staff
        .post_json(&format!("/api/seats/seasons/{season}/tickets"), body)
        .await
}

/// A season of Demo FC around the coming weeks on the chart `key`: its id.
async fn a_season(staff: &Browser, key: &str) -> String {
    season_on_chart(staff, key, "Sæson 2026/27", (-30, 200)).await
}

/// Season tickets of `season` for its holders (seat, name, e-mail).
async fn season_holders(staff: &Browser, season: &str, holders: &[(&str, &str, &str)]) {
    for (seat, name, email) in holders {
        let (status, body) = season_ticket(
            staff,
            season,
            &json!({ "seat": seat, "name": name, "email": email }),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
}

#[tokio::test]
async fn a_season_ticket_holder_releases_the_seat_for_one_match_and_when_it_sells_their_ticket_is_void(
) {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, key) = a_chart(&staff, "Stadion", 8).await;
    let season = a_season(&staff, &key).await;
    let buyer = visitor(&app).await;
    let (first, product) = seat_sale(&staff, &buyer, &key, 0).await;
    let (second, _) = open_event(
        &staff,
        "Ligakamp",
        json!([]),
        json!({ "hasSeating": true, "seating": { "chartId": key, "name": "Stadion" } }),
    )
    .await;
    // Karen holds A1-5 for the season; the seat is hers at both matches.
    let (status, body) = season_ticket(
        &staff,
        &season,
        &json!({ "seat": "A1-5", "name": "Karen Kunde", "email": "kunde@tribune.test" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) =
        season_ticket(&staff, &season, &json!({ "seat": "A1-5", "name": "Bo" })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "seat"),
        "Pladsen har allerede et sæsonkort"
    );
    let mine = token(&buyer).await;
    assert_eq!(state(&buyer, &first, &mine, "A1-5").await, "reserved");
    assert_eq!(state(&buyer, &second, &mine, "A1-5").await, "reserved");
    let (status, _) = hold(&buyer, &first, &mine, &["A1-5"]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);

    // A guest has no season tickets; Karen sees hers, unanswered.
    let (_, none) = buyer
        .get_json(&format!("/public/events/{first}/seasonal-tickets"))
        .await;
    assert_eq!(none["result"], json!([]));
    let karen = app.signed_in("kunde@tribune.test").await;
    let (status, tickets) = karen
        .get_json(&format!("/public/events/{first}/seasonal-tickets"))
        .await;
    assert_eq!(status, StatusCode::OK, "{tickets}");
    let ticket = &tickets["result"][0];
    assert_eq!(ticket["row"], "A1");
    assert_eq!(ticket["seatNumber"], "5");
    assert_eq!(ticket["attending"], Value::Null);
    let id = ticket["id"].as_str().unwrap().to_string();
    // Another may not answer for her.
    let (status, _) = answer(&buyer, &first, &id, false).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // She releases it for the first match only.
    let (status, body) = answer(&karen, &first, &id, false).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, tickets) = karen
        .get_json(&format!("/public/events/{first}/seasonal-tickets"))
        .await;
    assert_eq!(tickets["result"][0]["attending"], false);
    assert_eq!(state(&buyer, &first, &mine, "A1-5").await, "free");
    assert_eq!(state(&buyer, &second, &mine, "A1-5").await, "reserved");
    let (_, overview) = staff.get_json(&format!("/api/seats/events/{first}")).await;
    let seat = overview["result"]["states"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["label"] == "A1-5")
        .unwrap()
        .clone();
    assert_eq!(seat["state"], "released", "{seat}");
    assert_eq!(seat["note"], "Karen Kunde");
    assert_eq!(overview["result"]["sections"][0]["released"], 1);
    // Released once is released: she cannot take it back.
    let (status, _) = answer(&karen, &first, &id, true).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let released: Vec<(bool, String)> = sqlx::query_as(
        "SELECT seat_released, status FROM ticket_rows WHERE event_id = $1::uuid AND order_line_id = $2::uuid",
    )
    .bind(&first)
    .bind(&id)
    .fetch_all(&app.db.owner)
    .await
    .unwrap();
    assert_eq!(released, [(true, "issued".to_string())], "{released:?}");

    // A guest buys the released seat: it is theirs for that match, and her ticket is void.
    let (status, _) = hold(&buyer, &first, &mine, &["A1-5"]).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = book(
        &buyer,
        &guest(&first, json!([seat_line(&product, "A1-5", &mine)])),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(state(&buyer, &first, &mine, "A1-5").await, "booked");
    let status: String = sqlx::query_scalar(
        "SELECT status FROM ticket_rows WHERE event_id = $1::uuid AND order_line_id = $2::uuid",
    )
    .bind(&first)
    .bind(&id)
    .fetch_one(&app.db.owner)
    .await
    .unwrap();
    assert_eq!(status, "voided");
    let (_, overview) = staff.get_json(&format!("/api/seats/events/{first}")).await;
    assert_eq!(overview["result"]["sections"][0]["booked"], 1, "{overview}");
    // The club sees who released the seat it sold.
    let sold = overview["result"]["states"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["label"] == "A1-5")
        .unwrap()
        .clone();
    assert_eq!(sold["state"], "booked");
    assert_eq!(sold["orderId"], body["data"]["orderId"], "{sold}");
    assert!(
        sold["note"]
            .as_str()
            .unwrap()
            .ends_with("(frigivet af Karen Kunde)"),
        "{sold}"
    );
    // She says she comes to the second match: the seat stays hers there.
    let (status, body) = answer(&karen, &second, &id, true).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(state(&buyer, &second, &mine, "A1-5").await, "reserved");
}

#[tokio::test]
async fn a_channel_keeps_its_seats_for_its_company_and_a_seat_sold_refuses_a_season_ticket() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, key) = a_chart(&staff, "Stadion", 8).await;
    let season = a_season(&staff, &key).await;
    let buyer = visitor(&app).await;
    let (event, _) = seat_sale(&staff, &buyer, &key, 0).await;
    // Karen Kunde is a person of the sponsor Nordbank.
    let club = app.club_id("Demo FC").await;
    let company: String = sqlx::query_scalar(
        "WITH c AS (INSERT INTO companies (client_id, name) VALUES ($1, 'Nordbank') RETURNING id), \
              p AS (INSERT INTO contacts (client_id, firstname, lastname, email) \
                    VALUES ($1, 'Karen', 'Kunde', 'kunde@tribune.test') RETURNING id), \
              l AS (INSERT INTO company_contacts (client_id, company_id, contact_id) SELECT $1, c.id, p.id FROM c, p) \
         SELECT id::text FROM c",
    )
    .bind(club)
    .fetch_one(&app.db.owner)
    .await
    .unwrap();
    let (_, before) = staff
        .get_json(&format!("/api/seats/seasons/{event}/has-channel/{company}"))
        .await;
    assert_eq!(before["result"], false);
    let (status, body) = staff
        .post_json(
            &format!("/api/seats/seasons/{season}/channels"),
            &json!({ "name": "Sponsorblok", "companyId": company, "seats": ["A2-1", "A2-2"] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, after) = staff
        .get_json(&format!("/api/seats/seasons/{event}/has-channel/{company}"))
        .await;
    assert_eq!(after["result"], true);
    let (_, channels) = staff
        .get_json(&format!("/api/seats/seasons/{season}/channels"))
        .await;
    assert_eq!(channels["result"][0]["company"], "Nordbank", "{channels}");
    // Its seats in their row's order (A2 counts from the right).
    assert_eq!(channels["result"][0]["seats"], json!(["A2-2", "A2-1"]));
    // The public cannot hold a channel's seat; the company's person can.
    let mine = token(&buyer).await;
    assert_eq!(state(&buyer, &event, &mine, "A2-1").await, "channel");
    let (status, body) = hold(&buyer, &event, &mine, &["A2-1", "A2-2"]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(first_error(&body, "seats"), "Pladsen A2-1 er forbeholdt");
    let karen = app.signed_in("kunde@tribune.test").await;
    let hers = token(&karen).await;
    let (status, body) = hold(&karen, &event, &hers, &["A2-1", "A2-2"]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // A seat held for a match refuses a season ticket on it, naming the match.
    let (status, body) =
        season_ticket(&staff, &season, &json!({ "seat": "A2-2", "name": "Bo" })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "seat"),
        "Pladsen er allerede solgt til Pokalkamp"
    );
    assert_eq!(app.count("SELECT count(*) FROM season_tickets").await, 0);
    // Another club's staff find nothing of the season.
    give_handbold_events(&app).await;
    let other = app.admin_in_handbold().await;
    let (status, _) = other
        .get_json(&format!("/api/seats/seasons/{season}/tickets"))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

fn staff_seat_line(product: &str, event: &str, seat: &str) -> Value {
    json!({
        "productId": product, "title": "Pladsbillet", "type": "seat-ticket", "price": 15000,
        "discount": 0, "amount": 1, "seat": seat, "seatEventId": event,
    })
}

#[tokio::test]
async fn an_orders_seat_lines_book_their_seats_and_copying_moving_and_removing_lines_follow() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, key) = a_chart(&staff, "Stadion", 8).await;
    let product = catalogue_product(
        &staff,
        json!({ "title": "Pladsbillet", "type": "seat-ticket", "price": 15000 }),
    )
    .await;
    let (first, _) = open_event(
        &staff,
        "Pokalkamp",
        json!([]),
        json!({ "hasSeating": true, "seating": { "chartId": key, "name": "Stadion" } }),
    )
    .await;
    let (second, _) = open_event(
        &staff,
        "Ligakamp",
        json!([]),
        json!({ "hasSeating": true, "seating": { "chartId": key, "name": "Stadion" } }),
    )
    .await;
    let order = |lines: Vec<Value>| json!({ "firstname": "Mette", "lastname": "Holm", "email": "mette@example.dk", "orderLines": lines });
    let (status, body) = staff
        .post_json(
            "/api/orders/update",
            &order(vec![staff_seat_line(&product, &first, "A1-3")]),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let id = body["result"].as_str().unwrap().to_string();
    let buyer = visitor(&app).await;
    let mine = token(&buyer).await;
    assert_eq!(state(&buyer, &first, &mine, "A1-3").await, "booked");
    assert_eq!(state(&buyer, &second, &mine, "A1-3").await, "free");

    // 'Kopier': the seat also for the second match; then 'Flyt' the first match's to A1-4.
    let (_, saved) = staff.get_json(&format!("/api/orders/{id}")).await;
    let mut edit = saved["result"].clone();
    edit["orderLines"] = json!([
        staff_seat_line(&product, &first, "A1-4"),
        staff_seat_line(&product, &second, "A1-3"),
    ]);
    let (status, body) = staff.post_json("/api/orders/update", &edit).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(state(&buyer, &first, &mine, "A1-3").await, "free");
    assert_eq!(state(&buyer, &first, &mine, "A1-4").await, "booked");
    assert_eq!(state(&buyer, &second, &mine, "A1-3").await, "booked");

    // A seat someone else holds, or one not on the chart, refuses its line and changes nothing.
    let (status, _) = hold(&buyer, &second, &mine, &["A1-6"]).await;
    assert_eq!(status, StatusCode::OK);
    let (_, saved) = staff.get_json(&format!("/api/orders/{id}")).await;
    let mut edit = saved["result"].clone();
    edit["orderLines"] = json!([
        staff_seat_line(&product, &first, "A1-4"),
        staff_seat_line(&product, &second, "A1-6"),
        staff_seat_line(&product, &second, "A9-1"),
    ]);
    let (status, body) = staff.post_json("/api/orders/update", &edit).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "orderLines.2.seat"),
        "Pladsen A9-1 findes ikke til Ligakamp"
    );
    edit["orderLines"] = json!([
        staff_seat_line(&product, &first, "A1-4"),
        staff_seat_line(&product, &second, "A1-6"),
    ]);
    let (status, body) = staff.post_json("/api/orders/update", &edit).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "orderLines.1.seat"),
        "Pladsen A1-6 er ikke ledig til Ligakamp"
    );
    assert_eq!(state(&buyer, &second, &mine, "A1-3").await, "booked");
    assert_eq!(state(&buyer, &second, &mine, "A1-6").await, "mine");

    // The red cross: a line removed gives its seat back; a deleted draft gives back the rest.
    edit["orderLines"] = json!([staff_seat_line(&product, &first, "A1-4")]);
    let (status, body) = staff.post_json("/api/orders/update", &edit).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(state(&buyer, &second, &mine, "A1-3").await, "free");
    let (status, body) = staff.delete(&format!("/api/orders/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(state(&buyer, &first, &mine, "A1-4").await, "free");
}

#[tokio::test]
async fn at_the_release_time_unclaimed_season_seats_go_on_sale_and_a_holder_who_comes_keeps_theirs()
{
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, key) = a_chart(&staff, "Stadion", 8).await;
    let season = a_season(&staff, &key).await;
    let buyer = visitor(&app).await;
    let (event, _) = seat_sale(&staff, &buyer, &key, 0).await;
    season_holders(
        &staff,
        &season,
        &[
            ("A1-5", "Karen Kunde", "kunde@tribune.test"),
            ("A1-7", "Bo", ""),
        ],
    )
    .await;
    // Karen says she comes; Bo does not answer.
    let karen = app.signed_in("kunde@tribune.test").await;
    let (_, tickets) = karen
        .get_json(&format!("/public/events/{event}/seasonal-tickets"))
        .await;
    let id = tickets["result"][0]["id"].as_str().unwrap().to_string();
    let (status, body) = answer(&karen, &event, &id, true).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // The match's ticket product releases unclaimed reserved seats an hour ago.
    sqlx::query(
        "UPDATE event_products SET release_reserved_at = now() - interval '1 hour' WHERE event_id = $1::uuid",
    )
    .bind(&event)
    .execute(&app.db.owner)
    .await
    .unwrap();
    let mut conn = app.db.owner.acquire().await.unwrap();
    tribune_api::kit::seating::reserve_for_event(&mut conn, event.parse().unwrap())
        .await
        .unwrap();
    let mine = token(&buyer).await;
    assert_eq!(state(&buyer, &event, &mine, "A1-5").await, "reserved");
    assert_eq!(state(&buyer, &event, &mine, "A1-7").await, "free");
    let (status, body) = hold(&buyer, &event, &mine, &["A1-6", "A1-7"]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, _) = hold(&buyer, &event, &mine, &["A1-5"]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

/// The season's tickets as staff list them.
async fn season_tickets(staff: &Browser, season: &str) -> Vec<Value> {
    let (status, body) = staff
        .get_json(&format!("/api/seats/seasons/{season}/tickets"))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["result"].as_array().unwrap().clone()
}

#[tokio::test]
async fn an_order_line_of_a_season_ticket_product_sells_a_season_ticket_reserved_at_every_match() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, key) = a_chart(&staff, "Stadion", 8).await;
    let season = a_season(&staff, &key).await;
    let card = catalogue_product(
        &staff,
        json!({ "title": "Sæsonkort Nord", "type": "seat-ticket", "price": 120000, "seasonTicket": true }),
    )
    .await;
    let single = catalogue_product(
        &staff,
        json!({ "title": "Pladsbillet", "type": "seat-ticket", "price": 15000 }),
    )
    .await;
    let seating = json!({ "hasSeating": true, "seating": { "chartId": key, "name": "Stadion" } });
    let (first, _) = open_event(&staff, "Pokalkamp", json!([]), seating.clone()).await;
    let (second, _) = open_event(&staff, "Ligakamp", json!([]), seating).await;
    let order = |name: &str, lines: Vec<Value>| json!({ "firstname": name, "lastname": "Holm", "email": "mette@example.dk", "orderLines": lines });

    // The seat picked at the first match sells the season ticket: reserved at both matches.
    let (status, body) = staff
        .post_json(
            "/api/orders/update",
            &order("Mette", vec![staff_seat_line(&card, &first, "A1-3")]),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let id = body["result"].as_str().unwrap().to_string();
    let tickets = season_tickets(&staff, &season).await;
    assert_eq!(tickets.len(), 1, "{tickets:?}");
    assert_eq!(tickets[0]["seat"], "A1-3");
    assert_eq!(tickets[0]["name"], "Mette Holm");
    assert_eq!(tickets[0]["email"], "mette@example.dk");
    assert_eq!(tickets[0]["product"], "Sæsonkort Nord");
    assert_eq!(tickets[0]["orderId"], json!(id));
    let buyer = visitor(&app).await;
    let mine = token(&buyer).await;
    assert_eq!(state(&buyer, &first, &mine, "A1-3").await, "reserved");
    assert_eq!(state(&buyer, &second, &mine, "A1-3").await, "reserved");

    // Another order can sell neither the season ticket again nor the seat for one match.
    let (status, body) = staff
        .post_json(
            "/api/orders/update",
            &order("Ole", vec![staff_seat_line(&card, &second, "A1-3")]),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "orderLines.0.seat"),
        "Pladsen har allerede et sæsonkort"
    );
    let (status, body) = staff
        .post_json(
            "/api/orders/update",
            &order("Ole", vec![staff_seat_line(&single, &second, "A1-3")]),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "orderLines.0.seat"),
        "Pladsen A1-3 er ikke ledig til Ligakamp"
    );
    // A seat sold for one match refuses a season ticket on it, naming the match.
    let (status, body) = staff
        .post_json(
            "/api/orders/update",
            &order("Ole", vec![staff_seat_line(&single, &second, "A1-6")]),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, saved) = staff.get_json(&format!("/api/orders/{id}")).await;
    let mut edit = saved["result"].clone();
    edit["orderLines"] = json!([staff_seat_line(&card, &first, "A1-6")]);
    let (status, body) = staff.post_json("/api/orders/update", &edit).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "orderLines.0.seat"),
        "Pladsen er allerede solgt til Ligakamp"
    );
    assert_eq!(state(&buyer, &first, &mine, "A1-3").await, "reserved");

    // Moved to A1-4 with the customer renamed: the season ticket follows, A1-3 is free again.
    edit["orderLines"] = json!([staff_seat_line(&card, &first, "A1-4")]);
    edit["firstname"] = json!("Mette Marie");
    let (status, body) = staff.post_json("/api/orders/update", &edit).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let tickets = season_tickets(&staff, &season).await;
    assert_eq!(tickets.len(), 1, "{tickets:?}");
    assert_eq!(tickets[0]["seat"], "A1-4");
    assert_eq!(tickets[0]["name"], "Mette Marie Holm");
    assert_eq!(state(&buyer, &second, &mine, "A1-3").await, "free");
    assert_eq!(state(&buyer, &second, &mine, "A1-4").await, "reserved");

    // Cancelled: the season ticket is gone and its seat on sale at every match.
    let (_, saved) = staff.get_json(&format!("/api/orders/{id}")).await;
    let (status, body) = staff
        .post_json(
            "/api/orders/approve",
            &json!({ "id": id, "version": saved["result"]["version"] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = staff
        .post_json("/api/orders/cancel", &json!({ "id": id }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(season_tickets(&staff, &season).await.is_empty());
    assert_eq!(state(&buyer, &first, &mine, "A1-4").await, "free");
    assert_eq!(state(&buyer, &second, &mine, "A1-4").await, "free");
}

#[tokio::test]
async fn staff_delete_a_season_ticket_made_by_hand_and_a_channel_but_not_a_ticket_an_order_sold() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, key) = a_chart(&staff, "Stadion", 8).await;
    let season = a_season(&staff, &key).await;
    let seating = json!({ "hasSeating": true, "seating": { "chartId": key, "name": "Stadion" } });
    let (event, _) = open_event(&staff, "Pokalkamp", json!([]), seating).await;
    let buyer = visitor(&app).await;
    let mine = token(&buyer).await;

    // By hand: deleted, its seat is on sale again.
    let (status, body) =
        season_ticket(&staff, &season, &json!({ "seat": "A1-2", "name": "Ole" })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let ticket = body["result"].as_str().unwrap().to_string();
    assert_eq!(state(&buyer, &event, &mine, "A1-2").await, "reserved");
    let path = format!("/api/seats/seasons/{season}/tickets/{ticket}");
    let (status, body) = staff.delete(&path).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(state(&buyer, &event, &mine, "A1-2").await, "free");
    assert!(season_tickets(&staff, &season).await.is_empty());
    assert_eq!(staff.delete(&path).await.0, StatusCode::NOT_FOUND);

    // Sold on an order: it goes with its line, not from the season's list.
    let card = catalogue_product(
        &staff,
        json!({ "title": "Sæsonkort", "type": "seat-ticket", "price": 120000, "seasonTicket": true }),
    )
    .await;
    let (status, body) = staff
        .post_json(
            "/api/orders/update",
            &json!({ "firstname": "Mette", "lastname": "Holm", "email": "mette@example.dk",
                     "orderLines": [staff_seat_line(&card, &event, "A1-3")] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let sold = season_tickets(&staff, &season).await[0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, body) = staff
        .delete(&format!("/api/seats/seasons/{season}/tickets/{sold}"))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        body["error"],
        "Sæsonkortet er solgt på en ordre. Fjern linjen på ordren i stedet."
    );
    assert_eq!(state(&buyer, &event, &mine, "A1-3").await, "reserved");

    // A channel deleted: its seats are everyone's again.
    let (status, body) = staff
        .post_json(
            &format!("/api/seats/seasons/{season}/channels"),
            &json!({ "name": "Sponsorblok", "seats": ["A2-1", "A2-2"] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let channel = body["result"].as_str().unwrap().to_string();
    assert_eq!(state(&buyer, &event, &mine, "A2-1").await, "channel");
    let path = format!("/api/seats/seasons/{season}/channels/{channel}");
    let (status, body) = staff.delete(&path).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(state(&buyer, &event, &mine, "A2-1").await, "free");
    assert_eq!(staff.delete(&path).await.0, StatusCode::NOT_FOUND);
}

/// `count` places of the standing area `section` for the buyer's session.
async fn hold_area(
    buyer: &Browser,
    event: &str,
    token: &str,
    section: &str,
    count: i64,
) -> (StatusCode, Value) {
    buyer
        .post_json(
            &format!("/public/events/{event}/hold-seats"),
            &json!({ "holdToken": token, "areas": [{ "section": section, "count": count }] }),
        )
        .await
}

#[tokio::test]
async fn a_standing_area_sells_places_by_count_and_never_more_than_its_capacity() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let chart = |sections: Value| {
        json!({
            "name": "Arena",
            "categories": [{ "key": "std", "label": "Standard", "color": "#1e88e5" }],
            "sections": sections,
        })
    };
    // The designer's mistakes: an area is one row, its capacity within bounds.
    let (status, body) = staff
        .post_json(
            "/api/seats/charts/preview",
            &chart(
                json!([{ "name": "Ståpladser", "generalAdmission": true, "rows": [
                { "label": "ST", "seats": 5 }, { "label": "SU", "seats": 5 }] }]),
            ),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "sections.0.rows"),
        "Et ståområde har præcis én række: dets kapacitet"
    );
    let (status, body) = staff
        .post_json(
            "/api/seats/charts/preview",
            &chart(
                json!([{ "name": "Ståpladser", "generalAdmission": true, "rows": [
                { "label": "ST", "seats": 5001 }] }]),
            ),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "sections.0.rows.0.seats"),
        "Kapaciteten skal være mellem 1 og 5000"
    );
    // 300 places are more than a row of seats may have; an area holds them.
    let (status, body) = staff
        .post_json(
            "/api/seats/charts/preview",
            &chart(
                json!([{ "name": "Ståpladser", "generalAdmission": true, "categoryKey": "std",
                "rows": [{ "label": "ST", "seats": 300 }] }]),
            ),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["seats"].as_array().map(Vec::len), Some(300));

    let (status, body) = staff
        .post_json(
            "/api/seats/charts",
            &chart(json!([
                { "name": "A", "categoryKey": "std", "rows": [{ "label": "A1", "seats": 4 }] },
                { "name": "Ståpladser", "generalAdmission": true, "categoryKey": "std",
                  "rows": [{ "label": "ST", "seats": 5 }] },
            ])),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, made) = staff
        .get_json(&format!(
            "/api/seats/charts/{}",
            body["result"].as_str().unwrap()
        ))
        .await;
    let seats = made["result"]["seats"].as_array().unwrap();
    let places: Vec<&Value> = seats
        .iter()
        .filter(|s| s["generalAdmission"] == true)
        .collect();
    assert_eq!(places.len(), 5);
    assert!(seats
        .iter()
        .filter(|s| s["section"] == "A")
        .all(|s| s.get("generalAdmission").is_none()));
    let key = made["result"]["key"].as_str().unwrap().to_string();
    let event = seated_event(&staff, &key).await;

    // Places by count: the server picks free ones; a session cannot get more than are left.
    let first = visitor(&app).await;
    let mine = token(&first).await;
    let (status, body) = hold_area(&first, &event, &mine, "Ståpladser", 3).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["seats"], json!(["ST-1", "ST-2", "ST-3"]));
    let second = visitor(&app).await;
    let theirs = token(&second).await;
    let (status, body) = hold_area(&second, &event, &theirs, "Ståpladser", 3).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "areas"),
        "Der er kun 2 ledige pladser i Ståpladser"
    );
    let (status, body) = hold_area(&second, &event, &theirs, "Ståpladser", 2).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["seats"], json!(["ST-4", "ST-5"]));
    let (status, body) = hold_area(&second, &event, &theirs, "Ståpladser", 1).await;
    assert_eq!(
        first_error(&body, "areas"),
        "Der er ikke flere ledige pladser i Ståpladser",
        "{status}"
    );
    let (status, body) = hold_area(&second, &event, &theirs, "Tribune", 1).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        first_error(&body, "areas"),
        "Ståområdet Tribune findes ikke"
    );
    let (status, body) = hold_area(&second, &event, &theirs, "Ståpladser", 0).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        first_error(&body, "areas"),
        "Antal pladser skal være mindst 1"
    );
    // A place given back is the next buyer's, whichever it is (no single-seat rule in an area).
    let (status, _) = first
        .post_json(
            &format!("/public/events/{event}/release-seat"),
            &json!({ "holdToken": mine, "seat": "ST-2" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = hold_area(&second, &event, &theirs, "Ståpladser", 1).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["seats"], json!(["ST-2"]));
    assert_eq!(state(&first, &event, &mine, "ST-2").await, "held");
}

#[tokio::test]
async fn buyers_at_once_on_a_standing_area_never_get_more_places_than_it_has() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (status, body) = staff
        .post_json(
            "/api/seats/charts",
            &json!({
                "name": "Arena",
                "categories": [{ "key": "std", "label": "Standard", "color": "#1e88e5" }],
                "sections": [{ "name": "Ståpladser", "generalAdmission": true, "categoryKey": "std",
                               "rows": [{ "label": "ST", "seats": 10 }] }],
            }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, made) = staff
        .get_json(&format!(
            "/api/seats/charts/{}",
            body["result"].as_str().unwrap()
        ))
        .await;
    // The sixteen sessions come from one address: the event lets them all hold places.
    let (event, _) = open_event(
        &staff,
        "Pokalkamp",
        json!([]),
        json!({ "hasSeating": true,
                "seating": { "chartId": made["result"]["key"], "name": "Arena", "maxSessionsPerVisitor": 16 } }),
    )
    .await;
    let buyer = visitor(&app).await;
    let mut tokens = Vec::new();
    for _ in 0..16 {
        tokens.push(token(&buyer).await);
    }
    let gate = Arc::new(Barrier::new(tokens.len()));
    let mut tasks = Vec::new();
    for (n, token) in tokens.into_iter().enumerate() {
        let (buyer, event, gate) = (buyer.clone(), event.clone(), gate.clone());
        tasks.push(tokio::spawn(async move {
            gate.wait().await;
            let wanted = 1 + (n as i64 % 2);
            let (status, body) = hold_area(&buyer, &event, &token, "Ståpladser", wanted).await;
            (status == StatusCode::OK).then(|| body["result"]["seats"].as_array().unwrap().len())
        }));
    }
    let mut granted = 0;
    for task in tasks {
        granted += task.await.unwrap().unwrap_or(0);
    }
    let held: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM event_seats WHERE event_id = $1::uuid AND status = 'held'",
    )
    .bind(&event)
    .fetch_one(&app.db.owner)
    .await
    .unwrap();
    assert_eq!(held, granted as i64, "every place granted is held once");
    assert!((9..=10).contains(&granted), "{granted} of 10 places");
}

/// The status of the holder's match ticket at the event (its order line is the season ticket).
async fn match_ticket_status(app: &TestApp, event: &str, ticket: &str) -> String {
    sqlx::query_scalar(
        "SELECT status FROM ticket_rows WHERE event_id = $1::uuid AND order_line_id = $2::uuid",
    )
    .bind(event)
    .bind(ticket)
    .fetch_one(&app.db.owner)
    .await
    .unwrap()
}

#[tokio::test]
async fn a_season_tickets_match_tickets_are_void_when_its_line_leaves_the_order_or_the_order_is_cancelled(
) {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let karen = app.signed_in("kunde@tribune.test").await;
    let (_, key) = a_chart(&staff, "Stadion", 8).await;
    let season = a_season(&staff, &key).await;
    let card = catalogue_product(
        &staff,
        json!({ "title": "Sæsonkort", "type": "seat-ticket", "price": 120000, "seasonTicket": true }),
    )
    .await;
    let seating = json!({ "hasSeating": true, "seating": { "chartId": key, "name": "Stadion" } });
    let (event, _) = open_event(&staff, "Pokalkamp", json!([]), seating).await;
    let sell = |seat: &str| {
        json!({ "firstname": "Karen", "lastname": "Kunde", "email": "kunde@tribune.test",
                "orderLines": [staff_seat_line(&card, &event, seat)] })
    };
    // Karen's season ticket, sold on an order; she says she comes, so her match ticket is issued.
    let (status, body) = staff.post_json("/api/orders/update", &sell("A1-2")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let order = body["result"].as_str().unwrap().to_string();
    let held = season_tickets(&staff, &season).await[0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, body) = answer(&karen, &event, &held, true).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(match_ticket_status(&app, &event, &held).await, "issued");

    // The line leaves the order: the season ticket goes, and its match ticket is void.
    let (_, saved) = staff.get_json(&format!("/api/orders/{order}")).await;
    let mut edit = saved["result"].clone();
    edit["orderLines"] = json!([]);
    let (status, body) = staff.post_json("/api/orders/update", &edit).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(season_tickets(&staff, &season).await.is_empty());
    assert_eq!(match_ticket_status(&app, &event, &held).await, "voided");

    // A new one on another order, its match ticket issued; the order cancelled voids it too.
    let (status, body) = staff.post_json("/api/orders/update", &sell("A1-4")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let order = body["result"].as_str().unwrap().to_string();
    let held = season_tickets(&staff, &season).await[0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, body) = answer(&karen, &event, &held, true).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, saved) = staff.get_json(&format!("/api/orders/{order}")).await;
    let (status, body) = staff
        .post_json(
            "/api/orders/approve",
            &json!({ "id": order, "version": saved["result"]["version"] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = staff
        .post_json("/api/orders/cancel", &json!({ "id": order }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(match_ticket_status(&app, &event, &held).await, "voided");

    // One made by hand and deleted: its match ticket is void as well.
    let (status, body) = season_ticket(
        &staff,
        &season,
        &json!({ "seat": "A1-6", "name": "Karen Kunde", "email": "kunde@tribune.test" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let by_hand = body["result"].as_str().unwrap().to_string();
    let (status, body) = answer(&karen, &event, &by_hand, true).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = staff
        .delete(&format!("/api/seats/seasons/{season}/tickets/{by_hand}"))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(match_ticket_status(&app, &event, &by_hand).await, "voided");
}

/// A chart's design input as the designer sends it: one section 'A' of rows A1 and A2.
fn design(name: &str, first_row: i64, categories: Value) -> Value {
    json!({
        "name": name,
        "categories": categories,
        "sections": [{
            "name": "A",
            "categoryKey": "std",
            "rows": [
                { "label": "A1", "seats": first_row },
                { "label": "A2", "seats": 8, "numbering": "rightToLeft", "curve": 1.5, "categoryKey": "hc" },
            ],
        }],
    })
}

fn two_categories() -> Value {
    json!([
        { "key": "std", "label": "Standard", "color": "#1E88E5" },
        { "key": "hc", "label": "Kørestol", "color": "#43a047", "accessible": true },
    ])
}

#[tokio::test]
async fn a_chart_is_edited_keeping_its_seats_and_what_is_sold_on_them_and_deleted_only_when_unused()
{
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (id, key) = a_chart(&staff, "Stadion", 8).await;
    let path = format!("/api/seats/charts/{id}");
    let (status, saved) = staff.get_json(&format!("{path}/design")).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["result"]["key"], json!(key));
    assert_eq!(
        saved["result"]["input"]["sections"][0]["rows"][1]["curve"],
        1.5
    );
    assert_eq!(saved["result"]["usedBy"], json!([]));
    let (_, before) = staff.get_json(&path).await;
    let id_of = |chart: &Value, label: &str| {
        chart["result"]["seats"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["label"] == label)
            .map(|s| s["id"].clone())
    };

    // An event sells A1-3; a guest holds A1-8.
    let event = seated_event(&staff, &key).await;
    let buyer = visitor(&app).await;
    let mine = token(&buyer).await;
    let (status, _) = hold(&buyer, &event, &mine, &["A1-8"]).await;
    assert_eq!(status, StatusCode::OK);
    let product = catalogue_product(
        &staff,
        json!({ "title": "Pladsbillet", "type": "seat-ticket", "price": 15000,
                "seats": [{ "chartId": key, "category": "std" }] }),
    )
    .await;
    let (status, body) = staff
        .post_json(
            "/api/orders/update",
            &json!({ "firstname": "Ole", "lastname": "Holm", "email": "ole@example.dk",
                     "orderLines": [staff_seat_line(&product, &event, "A1-3")] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, used) = staff.get_json(&format!("{path}/design")).await;
    let uses: Vec<&str> = used["result"]["usedBy"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["kind"].as_str().unwrap())
        .collect();
    assert_eq!(uses, ["event", "product"], "{used}");
    assert_eq!(used["result"]["seatsInUse"], json!(["A1-3", "A1-8"]));

    // Fewer seats in row A1 would lose A1-8, which a guest holds: refused, nothing changed.
    let (status, body) = staff
        .post_json(&path, &design("Stadion Nord", 5, two_categories()))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "sections"),
        "Pladserne A1-8 er solgt, reserveret eller i en kanal og kan ikke fjernes"
    );
    // Nor may a category go that a product sells.
    let mut no_std = design(
        "Stadion Nord",
        8,
        json!([{ "key": "hc", "label": "Kørestol", "color": "#43a047" }]),
    );
    no_std["sections"][0]["categoryKey"] = json!("hc");
    let (status, body) = staff.post_json(&path, &no_std).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "categories"),
        "Kategorien std sælges af produktet Pladsbillet og kan ikke fjernes"
    );
    // Bad input answers on its field, as when creating.
    let (status, body) = staff
        .post_json(&path, &design("", 8, two_categories()))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(first_error(&body, "name"), "Navn skal udfyldes");
    let (_, unchanged) = staff.get_json(&path).await;
    assert_eq!(unchanged["result"]["name"], "Stadion");
    assert_eq!(unchanged["result"]["seats"].as_array().unwrap().len(), 16);

    // Renamed, row A1 two seats longer and recoloured: the key stays, the seats keep their ids,
    // and what was sold and held is still there.
    let mut wider = design("Stadion Nord", 10, two_categories());
    wider["categories"][0]["color"] = json!("#ff0000");
    let (status, body) = staff.post_json(&path, &wider).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, after) = staff.get_json(&path).await;
    assert_eq!(after["result"]["name"], "Stadion Nord");
    assert_eq!(after["result"]["key"], json!(key));
    assert_eq!(after["result"]["seats"].as_array().unwrap().len(), 18);
    assert_eq!(after["result"]["categories"][0]["color"], "#ff0000");
    assert_eq!(id_of(&after, "A1-3"), id_of(&before, "A1-3"));
    assert_eq!(id_of(&after, "A2-5"), id_of(&before, "A2-5"));
    assert!(id_of(&after, "A1-10").is_some());
    assert_eq!(state(&buyer, &event, &mine, "A1-3").await, "booked");
    assert_eq!(state(&buyer, &event, &mine, "A1-8").await, "mine");
    assert_eq!(state(&buyer, &event, &mine, "A1-10").await, "free");
    let (_, design_now) = staff.get_json(&format!("{path}/design")).await;
    assert_eq!(
        design_now["result"]["input"]["sections"][0]["rows"][0]["seats"],
        10
    );

    // In use, it is not deleted; an unused chart is, and is gone.
    let (status, body) = staff.delete(&path).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .starts_with("Kortet bruges af "),
        "{body}"
    );
    let (spare, _) = a_chart(&staff, "Reserve", 4).await;
    let spare_path = format!("/api/seats/charts/{spare}");
    let (status, body) = staff.delete(&spare_path).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(staff.get_json(&spare_path).await.0, StatusCode::NOT_FOUND);
    assert_eq!(staff.delete(&spare_path).await.0, StatusCode::NOT_FOUND);

    // Another club's staff can neither read, change nor delete it.
    give_handbold_events(&app).await;
    let other = app.admin_in_handbold().await;
    assert_eq!(
        other.get_json(&format!("{path}/design")).await.0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        other
            .post_json(&path, &design("Kapret", 8, two_categories()))
            .await
            .0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(other.delete(&path).await.0, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn send_seasonal_tickets_mails_each_holder_with_an_email_their_ticket_for_the_match_once_issued(
) {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, key) = a_chart(&staff, "Stadion", 8).await;
    let season = a_season(&staff, &key).await;
    let event = seated_event(&staff, &key).await;
    for body in [
        json!({ "seat": "A1-5", "name": "Karen Kunde", "email": "kunde@tribune.test" }),
        json!({ "seat": "A1-6", "name": "Bo Uden Mail" }),
    ] {
        let (status, answer) = season_ticket(&staff, &season, &body).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
    }
    for round in 0..2 {
        let (status, body) = staff
            .post_json(
                &format!("/api/events/{event}/send-seasonal-tickets"),
                &json!({}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(
            body["result"],
            json!({ "queued": 1, "skipped": 1 }),
            "round {round}"
        );
    }
    let mail = app.smtp.wait_for("kunde@tribune.test").await;
    let link = mail
        .link("http://127.0.0.1/public/events/ticket/")
        .expect("the ticket's link");
    let code = link.rsplit('/').next().unwrap();
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM ticket_rows WHERE event_id = '{event}' AND code = '{code}' AND seat_number = '5'"
        ))
        .await,
        1
    );
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM ticket_rows WHERE event_id = '{event}'"
        ))
        .await,
        1,
        "Karen's ticket issued once, though sent twice; none for Bo, who has no e-mail"
    );
    // Another club's staff send nothing.
    crate::helpers::give_handbold_events(&app).await;
    let other = app.admin_in_handbold().await;
    let (status, _) = other
        .post_json(
            &format!("/api/events/{event}/send-seasonal-tickets"),
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

/// The pairs of seats (`A1-1`, `A1-2`), (`A1-3`, `A1-4`), … of row A1: holding any of them
/// leaves no single seat alone.
fn pair(n: usize) -> [String; 2] {
    [format!("A1-{}", 2 * n + 1), format!("A1-{}", 2 * n + 2)]
}

async fn hold_pair(buyer: &Browser, event: &str, token: &str, n: usize) -> (StatusCode, Value) {
    let [a, b] = pair(n);
    hold(buyer, event, token, &[&a, &b]).await
}

/// How many seats the session holds at the event now.
async fn seats_held_by(app: &TestApp, event: &str, token: &str) -> i64 {
    app.count(&format!(
        "SELECT count(*) FROM event_seats WHERE event_id = '{event}' AND hold_token = '{token}' \
         AND status = 'held' AND held_until > now()"
    ))
    .await
}

#[tokio::test]
async fn parallel_holds_on_one_session_never_hold_more_seats_than_the_event_allows_a_session() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, key) = a_chart(&staff, "Stadion", 40).await;
    // A limit outside 1..10000 is refused on its field, and nothing is saved.
    let mut form = open_event_form(
        &staff,
        "Pokalkamp",
        json!([]),
        json!({ "hasSeating": true }),
    )
    .await;
    form["seating"] = json!({ "chartId": key, "name": "Stadion", "maxSeatsPerSession": 0, "maxSessionsPerVisitor": -1 });
    let (status, body) = staff
        .post_form("/api/events/update", Some(&form), &[], vec![])
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "seating.maxSeatsPerSession"),
        "Maks. pladser pr. reservation skal være mellem 1 og 10000"
    );
    assert_eq!(
        first_error(&body, "seating.maxSessionsPerVisitor"),
        "Maks. reservationer pr. forbindelse skal være mellem 1 og 100000"
    );
    let (event, _) = open_event(
        &staff,
        "Pokalkamp",
        json!([]),
        json!({ "hasSeating": true, "seating": { "chartId": key, "name": "Stadion", "maxSeatsPerSession": 5 } }),
    )
    .await;
    let (_, saved) = staff.get_json(&format!("/api/events/{event}")).await;
    assert_eq!(
        saved["result"]["seating"]["maxSeatsPerSession"], 5,
        "{saved}"
    );
    let buyer = visitor(&app).await;
    let mine = token(&buyer).await;

    // Sixteen pairs at once on one session: two pairs (4 seats) fit under 5, a third would not.
    let answers = all_at_once(16, |n| hold_pair(&buyer, &event, &mine, n)).await;

    let granted = answers.iter().filter(|(s, _)| *s == StatusCode::OK).count();
    assert_eq!(granted, 2, "{answers:?}");
    for (status, body) in answers.iter().filter(|(s, _)| *s != StatusCode::OK) {
        assert_eq!(*status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(
            first_error(body, "seats"),
            "Du kan højst holde 5 pladser ad gangen til dette arrangement. Køb dem, du har valgt, før du vælger flere."
        );
    }
    assert_eq!(seats_held_by(&app, &event, &mine).await, 4);
    // Holding again what it holds takes nothing more.
    let held: Vec<String> = answers
        .iter()
        .filter(|(s, _)| *s == StatusCode::OK)
        .flat_map(|(_, body)| body["result"]["seats"].as_array().unwrap().clone())
        .map(|label| label.as_str().unwrap().to_string())
        .collect();
    let labels: Vec<&str> = held.iter().map(String::as_str).collect();
    let (status, body) = hold(&buyer, &event, &mine, &labels).await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // An event that sets no limit lets a session hold 20 seats: a family or a team.
    let (plain, _) = open_event(
        &staff,
        "Træningskamp",
        json!([]),
        json!({ "hasSeating": true, "seating": { "chartId": key, "name": "Stadion" } }),
    )
    .await;
    let team = token(&buyer).await;
    let seats: Vec<String> = (1..=21).map(|n| format!("A1-{n}")).collect();
    let labels: Vec<&str> = seats.iter().map(String::as_str).collect();
    let (status, body) = hold(&buyer, &plain, &team, &labels).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "seats"),
        "Du kan højst holde 20 pladser ad gangen til dette arrangement. Køb dem, du har valgt, før du vælger flere."
    );
    let (status, body) = hold(&buyer, &plain, &team, &labels[..20]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // The club's staff at the desk are not limited.
    let desk = token(&staff).await;
    let seats: Vec<String> = (1..=22).map(|n| format!("A2-{n}")).collect();
    let labels: Vec<&str> = seats.iter().map(String::as_str).collect();
    let (status, body) = hold(&staff, &plain, &desk, &labels).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn of_sessions_at_once_from_one_address_only_as_many_as_the_event_allows_hold_seats() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, key) = a_chart(&staff, "Stadion", 40).await;
    let event = seated_event(&staff, &key).await;
    let buyer = visitor(&app).await;
    let mut tokens = Vec::new();
    for _ in 0..8 {
        tokens.push(token(&buyer).await);
    }

    // Eight sessions of one address at once; the event sets no limit: four hold seats.
    let answers = all_at_once(8, |n| hold_pair(&buyer, &event, &tokens[n], n)).await;

    let granted: Vec<usize> = answers
        .iter()
        .enumerate()
        .filter(|(_, (s, _))| *s == StatusCode::OK)
        .map(|(n, _)| n)
        .collect();
    assert_eq!(granted.len(), 4, "{answers:?}");
    for (status, body) in answers.iter().filter(|(s, _)| *s != StatusCode::OK) {
        assert_eq!(*status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(
            first_error(body, "seats"),
            "Der holdes allerede pladser i 4 andre bestillinger til dette arrangement fra din forbindelse. Gør en af dem færdig, eller vent til den udløber."
        );
    }
    assert_eq!(
        app.count(&format!(
            "SELECT count(DISTINCT hold_token) FROM event_seats WHERE event_id = '{event}' AND status = 'held'"
        ))
        .await,
        4
    );
    // A session that holds seats already holds more; one that gives its seats back makes room.
    let first = granted[0];
    let (status, body) = hold_pair(&buyer, &event, &tokens[first], 10).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let refused = (0..8).find(|n| !granted.contains(n)).unwrap();
    let (status, _) = hold_pair(&buyer, &event, &tokens[refused], 12).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let given_back = granted[1];
    for seat in pair(given_back) {
        let (status, body) = buyer
            .post_json(
                &format!("/public/events/{event}/release-seat"),
                &json!({ "holdToken": tokens[given_back], "seat": seat }),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let (status, body) = hold_pair(&buyer, &event, &tokens[refused], 12).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // The club's staff at the desk (behind the same address here) are not counted.
    let (status, body) = hold_pair(&staff, &event, &token(&staff).await, 14).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn a_session_is_renewed_only_to_its_longest_life_and_then_its_seats_are_free() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, key) = a_chart(&staff, "Stadion", 8).await;
    let event = seated_event(&staff, &key).await;
    let (ann, bo) = (visitor(&app).await, visitor(&app).await);
    let ann_token = token(&ann).await;
    let (status, body) = hold(&ann, &event, &ann_token, &["A1-1", "A1-2"]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let owner = &app.db.owner;
    // Ann has been at it for 29 minutes, active all the while.
    sqlx::query("UPDATE seat_hold_tokens SET created_at = created_at - interval '29 minutes' WHERE token = $1")
        .bind(&ann_token)
        .execute(owner)
        .await
        .unwrap();
    let (status, renewed) = ann
        .post_json(
            &format!("/public/seats/hold-tokens/{ann_token}"),
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{renewed}");
    // Renewed to her session's 30 minutes, not 15 more.
    let left = renewed["result"]["secondsLeft"].as_i64().unwrap();
    assert!((1..=60).contains(&left), "{renewed}");
    let (status, body) = hold(&ann, &event, &ann_token, &["A1-3", "A1-4"]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(
        body["result"]["secondsLeft"].as_i64().unwrap() <= 60,
        "{body}"
    );
    let beyond: i64 = app
        .count(&format!(
            "SELECT count(*) FROM event_seats e JOIN seat_hold_tokens t ON t.token = e.hold_token \
             WHERE t.token = '{ann_token}' AND e.held_until > t.created_at + interval '30 minutes'"
        ))
        .await;
    assert_eq!(beyond, 0, "no seat is held past the session's 30 minutes");

    // Two minutes later: the session has lived its longest.
    sqlx::query("UPDATE seat_hold_tokens SET created_at = created_at - interval '2 minutes', expires_at = expires_at - interval '2 minutes' WHERE token = $1")
        .bind(&ann_token)
        .execute(owner)
        .await
        .unwrap();
    sqlx::query("UPDATE event_seats SET held_until = held_until - interval '2 minutes' WHERE hold_token = $1")
        .bind(&ann_token)
        .execute(owner)
        .await
        .unwrap();
    let (status, body) = ann
        .post_json(
            &format!("/public/seats/hold-tokens/{ann_token}"),
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "holdToken"),
        "Pladserne kan højst holdes i 30 minutter. Vælg pladserne igen."
    );
    let (status, body) = hold(&ann, &event, &ann_token, &["A1-5", "A1-6"]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    // Her seats are free for the next buyer.
    let bo_token = token(&bo).await;
    let (status, body) = hold(&bo, &event, &bo_token, &["A1-1", "A1-2", "A1-3", "A1-4"]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn last_seasons_holders_are_offered_their_seats_first_until_the_renewal_date() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, key) = a_chart(&staff, "Stadion", 8).await;
    let season = a_season(&staff, &key).await;
    // Last season ended the day before this one began: Karen (an account) held A1-1, Bo (no
    // account) A1-8.
    let last = season_on_chart(&staff, &key, "Sæson 2025/26", (-400, -31)).await;
    season_holders(
        &staff,
        &last,
        &[
            ("A1-1", "Karen Kunde", "kunde@tribune.test"),
            ("A1-8", "Bo Holm", "bo.holm@example.dk"),
        ],
    )
    .await;
    let buyer = visitor(&app).await;
    let (event, _) = seat_sale(&staff, &buyer, &key, 0).await;
    // This season's season ticket is renewed until ten days from now.
    let today = chrono::Utc::now().date_naive();
    let renewal = (today + chrono::Duration::days(10)).to_string();
    sqlx::query(
        "INSERT INTO products (client_id, title, type, price, season_ticket, seats, shop) \
         VALUES ((SELECT id FROM clients WHERE name = 'Demo FC'), 'Sæsonkort', 'seat-ticket', 120000, true, \
                 jsonb_build_array(jsonb_build_object('chartId', $1::text)), \
                 jsonb_build_object('active', true, 'seasonId', $2::text, 'renewalDate', $3::text))",
    )
    .bind(&key)
    .bind(&season)
    .bind(&renewal)
    .execute(&app.db.owner)
    .await
    .expect("product");

    // Until then the public finds the seats kept and cannot hold them; their holder can.
    let mine = token(&buyer).await;
    assert_eq!(state(&buyer, &event, &mine, "A1-1").await, "channel");
    assert_eq!(state(&buyer, &event, &mine, "A1-8").await, "channel");
    assert_eq!(state(&buyer, &event, &mine, "A1-4").await, "free");
    let (status, body) = hold(&buyer, &event, &mine, &["A1-1"]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(first_error(&body, "seats"), "Pladsen A1-1 er forbeholdt");
    let karen = app.signed_in("kunde@tribune.test").await;
    let hers = token(&karen).await;
    assert_eq!(state(&karen, &event, &hers, "A1-1").await, "free");
    assert_eq!(state(&karen, &event, &hers, "A1-8").await, "channel");

    // The season page offers Karen her seat; a visitor is offered nothing.
    let (status, page) = karen.get_json(&format!("/webshop/season/{season}")).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(
        page["result"]["renewal"],
        json!({ "previousSeason": "Sæson 2025/26", "seats": ["A1-1"], "until": renewal })
    );
    assert_eq!(
        page["result"]["products"][0]["title"], "Sæsonkort",
        "{page}"
    );
    let (_, page) = buyer.get_json(&format!("/webshop/season/{season}")).await;
    assert_eq!(page["result"]["renewal"], Value::Null);
    let (status, body) = hold(&karen, &event, &hers, &["A1-1"]).await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // Once the renewal date has passed, a seat not renewed is everyone's.
    let yesterday = (today - chrono::Duration::days(1)).to_string();
    sqlx::query("UPDATE products SET shop = jsonb_set(shop, '{renewalDate}', to_jsonb($1::text)) WHERE title = 'Sæsonkort'")
        .bind(&yesterday)
        .execute(&app.db.owner)
        .await
        .expect("renewal date");
    assert_eq!(state(&buyer, &event, &mine, "A1-8").await, "free");
    let (status, body) = hold(&buyer, &event, &mine, &["A1-8"]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, page) = karen.get_json(&format!("/webshop/season/{season}")).await;
    assert_eq!(page["result"]["renewal"], Value::Null);
}
