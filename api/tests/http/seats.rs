//! The seat engine (issue 16): the designer's charts, hold sessions, holding and giving back
//! seats at an event, the orphan rule, expiry, token misuse, club isolation — and the race: many
//! buyers at once on the same seats never hold one seat twice.

use std::sync::Arc;

use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio::sync::Barrier;

use crate::helpers::{
    first_error, give_handbold_events, open_event, spawn_app, visitor, visitor_of, Browser,
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
                        { "label": "1", "seats": seats },
                        { "label": "2", "seats": seats, "numbering": "rightToLeft", "curve": 1.5, "categoryKey": "hc" },
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
    assert_eq!(at("1", 0)["label"], "A-1-1");
    assert_eq!(at("2", 0)["label"], "A-2-6");
    assert_eq!(at("1", 0)["categoryKey"], "std");
    assert_eq!(at("2", 3)["categoryKey"], "hc");
    assert_eq!(at("2", 3)["accessible"], true);
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
                    "name": "A-B",
                    "categoryKey": "vip",
                    "rows": [{ "label": "1", "seats": 0 }, { "label": "1", "seats": 5, "curve": 99 }],
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
        "Sektionens navn må ikke indeholde bindestreg"
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
        "Rækken findes allerede"
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

    let (status, body) = hold(&ann, &event, &ann_token, &["A-1-1", "A-1-2"]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(state(&ann, &event, &ann_token, "A-1-1").await, "mine");
    assert_eq!(state(&bo, &event, &bo_token, "A-1-1").await, "held");
    assert_eq!(state(&bo, &event, &bo_token, "A-1-3").await, "free");

    // All or none: one of Bo's seats is Ann's, so he gets neither.
    let (status, body) = hold(&bo, &event, &bo_token, &["A-1-2", "A-1-3"]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        first_error(&body, "seats"),
        "Pladsen A-1-2 er ikke længere ledig"
    );
    assert_eq!(state(&bo, &event, &bo_token, "A-1-3").await, "free");

    // Bo cannot give back Ann's seat; Ann can.
    let release = |who: &Browser, token: &str, seat: &str| {
        let (who, body) = (who.clone(), json!({ "holdToken": token, "seat": seat }));
        let path = format!("/public/events/{event}/release-seat");
        async move { who.post_json(&path, &body).await }
    };
    let (status, body) = release(&bo, &bo_token, "A-1-2").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(first_error(&body, "seat"), "Pladsen er ikke holdt af dig");
    assert_eq!(state(&ann, &event, &ann_token, "A-1-2").await, "mine");
    let (status, _) = release(&ann, &ann_token, "A-1-2").await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = hold(&bo, &event, &bo_token, &["A-1-2", "A-1-3"]).await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // Unknown seats and a made-up session are refused on their fields.
    let (_, body) = hold(&bo, &event, &bo_token, &["Z-9-9"]).await;
    assert_eq!(first_error(&body, "seats"), "Pladsen Z-9-9 findes ikke");
    let (_, body) = hold(&bo, &event, "opdigtet", &["A-1-7"]).await;
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
    let (status, _) = hold(&ann, &event, &ann_token, &["A-1-1", "A-1-2"]).await;
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
    assert_eq!(state(&bo, &event, &bo_token, "A-1-1").await, "free");
    let (status, body) = hold(&bo, &event, &bo_token, &["A-1-1", "A-1-2"]).await;
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
    assert_eq!(state(&ann, &event, &ann_token, "A-1-1").await, "held");
}

#[tokio::test]
async fn a_selection_that_leaves_a_needless_single_seat_is_refused() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, key) = a_chart(&staff, "Stadion", 6).await;
    let event = seated_event(&staff, &key).await;
    let (ann, bo) = (visitor(&app).await, visitor(&app).await);
    let (ann_token, bo_token) = (token(&ann).await, token(&bo).await);
    let (status, _) = hold(&ann, &event, &ann_token, &["A-1-1"]).await;
    assert_eq!(status, StatusCode::OK);
    // A-1-3 and A-1-4 would leave A-1-2 alone between Ann's seat and Bo's.
    let (status, body) = hold(&bo, &event, &bo_token, &["A-1-3", "A-1-4"]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        first_error(&body, "seats").starts_with("Valget efterlader en enkelt tom plads"),
        "{body}"
    );
    assert_eq!(state(&bo, &event, &bo_token, "A-1-3").await, "free");
    let (status, body) = hold(&bo, &event, &bo_token, &["A-1-2", "A-1-3"]).await;
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
    let (status, _) = hold(&stranger, &event, &stranger_token, &["A-1-1"]).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Nor does a Demo FC session work on the other club's site.
    let (buyer, fc_token) = {
        let buyer = visitor(&app).await;
        let fc_token = token(&buyer).await;
        (buyer, fc_token)
    };
    let (status, body) = hold(&stranger, &event, &fc_token, &["A-1-1"]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        first_error(&body, "holdToken"),
        "Din reservation af pladser er udløbet. Vælg pladserne igen."
    );
    let (status, body) = hold(&buyer, &event, &fc_token, &["A-1-1"]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(state(&buyer, &event, &fc_token, "A-1-1").await, "mine");
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
    let seat: uuid::Uuid = sqlx::query_scalar("SELECT id FROM seats WHERE label = 'A-1-8'")
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

    // The guard: 40 buyers at once on A-1-1 and A-1-2.
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
            hold(&buyer, &event, &token, &["A-1-1", "A-1-2"]).await.0
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
