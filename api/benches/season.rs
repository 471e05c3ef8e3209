#![allow(clippy::unwrap_used, clippy::expect_used)] // a measuring tool, not the product

//! `just bench`: a season on the seat engine (issue 16). A chart of 2,000 seats (50 rows of 40),
//! a season of 17 matches on it, 1,500 season tickets made by staff (each reserving its seat at
//! all 17 matches); the holder of 300 of them releases each for one match ('Jeg kommer ikke' on
//! the public page), and 300 guests at once hold and book those seats. Prints how long each step
//! took, and checks that the counts reconcile exactly: every released seat booked once, the rest
//! still reserved, every sale recorded on its season ticket and the holder's match ticket void.
//! Exits 1 when they do not.

mod common;

use std::sync::Arc;
use std::time::Instant;

use serde_json::{json, Value};
use tokio::sync::Semaphore;
use uuid::Uuid;

const ROWS: i64 = 50;
const ROW_SEATS: i64 = 40;
const MATCHES: i64 = 17;
const SEASON_TICKETS: i64 = 1_500;
const RELEASED: i64 = 300;
/// Requests in flight at once.
const AT_ONCE: usize = 50;

async fn json_of(response: reqwest::Response) -> Value {
    let status = response.status();
    let body: Value = response.json().await.unwrap();
    assert!(status.is_success(), "{status}: {body}");
    body
}

/// The season ticket's seat: the first 1,500 seats, row by row.
fn seat(i: i64) -> String {
    format!("R{}-{}", i / ROW_SEATS + 1, i % ROW_SEATS + 1)
}

#[tokio::main]
async fn main() {
    let db = common::bench_database("tribune_bench_season", "SELECT -1::bigint", 0).await;
    let club: Uuid = sqlx::query_scalar("SELECT id FROM clients WHERE name = 'Demo FC'")
        .fetch_one(&db.owner)
        .await
        .unwrap();
    let common::Served { base, client, csrf } = common::serve_and_log_in(&db).await;
    let started = Instant::now();
    let rows: Vec<_> = (1..=ROWS)
        .map(|r| json!({ "label": format!("R{r}"), "seats": ROW_SEATS }))
        .collect();
    json_of(
        client
            .post(format!("{base}/api/seats/charts"))
            .header("X-CSRF-Token", &csrf)
            .json(&json!({
                "name": "Sæson Stadion",
                "categories": [{ "key": "std", "label": "Standard", "color": "#1e88e5" }],
                "sections": [{ "name": "Tribune", "categoryKey": "std", "rows": rows }],
            }))
            .send()
            .await
            .unwrap(),
    )
    .await;
    let chart = "saeson-stadion";
    let season: Uuid = sqlx::query_scalar(
        "INSERT INTO seasons (client_id, title, start_date, end_date, seats) \
         VALUES ($1, 'Bench-sæson', current_date - 1, current_date + 200, $2) RETURNING id",
    )
    .bind(club)
    .bind(json!([{ "chartId": chart, "name": "Stadion" }]))
    .fetch_one(&db.owner)
    .await
    .unwrap();
    let product: Uuid = sqlx::query_scalar(
        "INSERT INTO products (client_id, title, type, price, seats) VALUES ($1, 'Pladsbillet', 'seat-ticket', 0, $2) RETURNING id",
    )
    .bind(club)
    .bind(json!([{ "chartId": chart, "category": "std" }]))
    .fetch_one(&db.owner)
    .await
    .unwrap();
    let mut matches = Vec::new();
    for m in 0..MATCHES {
        let event: Uuid = sqlx::query_scalar(
            "INSERT INTO club_events (client_id, title, url, start_date, end_date, sign_up_start, sign_up_deadline, has_tickets, has_seating, seating) \
             VALUES ($1, $2, $3, now() + make_interval(days => 5 + $4 * 7), now() + make_interval(days => 5 + $4 * 7, hours => 2), \
                     now() - interval '1 day', now() + make_interval(days => 4 + $4 * 7), true, true, $5) RETURNING id",
        )
        .bind(club)
        .bind(format!("Kamp {}", m + 1))
        .bind(format!("kamp-{}", m + 1))
        .bind(i32::try_from(m).unwrap())
        // Every guest comes from this one address: the match lets them all hold seats at once.
        .bind(json!({ "chartId": chart, "name": "Stadion", "maxSessionsPerVisitor": 100_000 }))
        .fetch_one(&db.owner)
        .await
        .unwrap();
        let offer: Uuid = sqlx::query_scalar(
            "INSERT INTO event_products (client_id, event_id, product_id, sorting, title, price, public) \
             VALUES ($1, $2, $3, 0, 'Pladsbillet', 0, true) RETURNING id",
        )
        .bind(club)
        .bind(event)
        .bind(product)
        .fetch_one(&db.owner)
        .await
        .unwrap();
        matches.push((event, offer));
    }
    let set_up = started.elapsed().as_secs_f64();

    // 1,500 season tickets; the first 300 are the demo customer's (she answers for them).
    let started = Instant::now();
    let gate = Arc::new(Semaphore::new(AT_ONCE));
    let mut tasks = Vec::new();
    for i in 0..SEASON_TICKETS {
        let (client, base, csrf, gate) = (client.clone(), base.clone(), csrf.clone(), gate.clone());
        tasks.push(tokio::spawn(async move {
            let _turn = gate.acquire().await.unwrap();
            let holder = if i < RELEASED {
                json!({ "seat": seat(i), "name": "Karen Kunde", "email": "kunde@tribune.test" })
            } else {
                json!({ "seat": seat(i), "name": format!("Holder {i}") })
            };
            json_of(
                client
                    .post(format!("{base}/api/seats/seasons/{season}/tickets"))
                    .header("X-CSRF-Token", &csrf)
                    .json(&holder)
                    .send()
                    .await
                    .unwrap(),
            )
            .await;
        }));
    }
    for task in tasks {
        task.await.unwrap();
    }
    let made = started.elapsed().as_secs_f64();

    // She releases her 300 seats, each for one match (round the season).
    let karen = reqwest::Client::builder()
        .cookie_store(true)
        .build()
        .unwrap();
    karen
        .get(format!("{base}/public/app/change-client/{club}"))
        .send()
        .await
        .unwrap();
    let login = karen
        .post(format!("{base}/api/login"))
        .json(&json!({ "email": "kunde@tribune.test", "password": "tribune-demo" }))
        .send()
        .await
        .unwrap();
    assert!(login.status().is_success());
    let csrf_of = |response: &reqwest::Response| {
        response
            .headers()
            .get_all("set-cookie")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find_map(|c| c.strip_prefix("tribune_csrf="))
            .and_then(|c| c.split(';').next())
            .map(str::to_string)
    };
    let karen_csrf = csrf_of(&login).unwrap();
    let started = Instant::now();
    let mut released: Vec<(Uuid, Uuid, String)> = Vec::new();
    for (m, (event, offer)) in matches.iter().enumerate() {
        let tickets = json_of(
            karen
                .get(format!("{base}/public/events/{event}/seasonal-tickets"))
                .send()
                .await
                .unwrap(),
        )
        .await;
        for ticket in tickets["result"].as_array().unwrap() {
            let label = format!(
                "{}-{}",
                ticket["row"].as_str().unwrap(),
                ticket["seatNumber"].as_str().unwrap()
            );
            let index = (label_index(&label) % MATCHES) as usize;
            if index != m {
                continue;
            }
            let id = ticket["id"].as_str().unwrap();
            json_of(
                karen
                    .post(format!(
                        "{base}/public/events/{event}/seasonal-tickets/{id}?attending=false"
                    ))
                    .header("X-CSRF-Token", &karen_csrf)
                    .json(&json!({}))
                    .send()
                    .await
                    .unwrap(),
            )
            .await;
            released.push((*event, *offer, label));
        }
    }
    let releasing = started.elapsed().as_secs_f64();
    assert_eq!(
        released.len() as i64,
        RELEASED,
        "every one of her seats released once"
    );

    // 300 guests at once hold and book the released seats.
    let started = Instant::now();
    let mut tasks = Vec::new();
    for (i, (event, offer, label)) in released.into_iter().enumerate() {
        let (base, gate) = (base.clone(), gate.clone());
        tasks.push(tokio::spawn(async move {
            let _turn = gate.acquire().await.unwrap();
            let guest = reqwest::Client::builder().cookie_store(true).build().unwrap();
            guest
                .get(format!("{base}/public/app/change-client/{club}"))
                .send()
                .await
                .unwrap();
            let token = json_of(guest.post(format!("{base}/public/seats/hold-tokens")).send().await.unwrap()).await;
            let token = token["result"]["holdToken"].as_str().unwrap().to_string();
            json_of(
                guest
                    .post(format!("{base}/public/events/{event}/hold-seats"))
                    .json(&json!({ "holdToken": token, "seats": [label] }))
                    .send()
                    .await
                    .unwrap(),
            )
            .await;
            let booking = json!({
                "eventId": event,
                "products": [{ "productId": offer, "amount": 1, "seat": label, "holdToken": token }],
                "firstname": "Gæst", "lastname": format!("{i}"), "email": format!("gaest{i}@example.dk"),
                "phone": "12345678", "acceptTerms": true,
            });
            let intent = json_of(
                guest
                    .post(format!("{base}/public/events/create-intent"))
                    .json(&booking)
                    .send()
                    .await
                    .unwrap(),
            )
            .await;
            let secret = intent["result"]["intentSecret"].as_str().unwrap().to_string();
            json_of(
                guest
                    .post(format!("{base}/public/events/book?intentSecret={secret}"))
                    .json(&booking)
                    .send()
                    .await
                    .unwrap(),
            )
            .await;
        }));
    }
    for task in tasks {
        task.await.unwrap();
    }
    let buying = started.elapsed().as_secs_f64();

    let count = |sql: &'static str| {
        let owner = db.owner.clone();
        async move {
            sqlx::query_scalar::<_, i64>(sql)
                .fetch_one(&owner)
                .await
                .unwrap()
        }
    };
    let seats = count("SELECT count(*) FROM seats").await;
    let reserved = count("SELECT count(*) FROM event_seats WHERE status = 'reserved'").await;
    let booked = count("SELECT count(*) FROM event_seats WHERE status = 'booked'").await;
    let sold = count("SELECT count(*) FROM season_ticket_answers WHERE NOT attending AND sold_order_id IS NOT NULL").await;
    let void =
        count("SELECT count(*) FROM ticket_rows WHERE status = 'voided' AND seat_released").await;
    let confirmed =
        count("SELECT count(*) FROM sales WHERE channel <> 'shop' AND status = 'confirmed'").await;
    println!(
        "season: {MATCHES} matches × {seats} seats; set up in {set_up:.1} s; {SEASON_TICKETS} season tickets in {made:.1} s \
         ({:.0}/s, {} reservations); {RELEASED} released for one match in {releasing:.1} s; {RELEASED} guests held and booked them \
         in {buying:.1} s ({:.0}/s); reserved {reserved} (expected {}), booked {booked}, sales on season tickets {sold}, \
         holders' match tickets void {void}, bookings confirmed {confirmed}",
        SEASON_TICKETS as f64 / made,
        SEASON_TICKETS * MATCHES,
        RELEASED as f64 / buying,
        SEASON_TICKETS * MATCHES - RELEASED,
    );
    let mut missed = Vec::new();
    if reserved != SEASON_TICKETS * MATCHES - RELEASED {
        missed.push("reserved seats do not reconcile");
    }
    if booked != RELEASED || confirmed != RELEASED {
        missed.push("released seats not each booked once");
    }
    if sold != RELEASED || void != RELEASED {
        missed.push("sales not recorded on the season tickets, or holders' tickets not void");
    }
    common::verdict("season", &missed);
}

/// The seat's place in the season ticket order (`seat`'s inverse).
fn label_index(label: &str) -> i64 {
    let (row, number) = label.trim_start_matches('R').split_once('-').unwrap();
    (row.parse::<i64>().unwrap() - 1) * ROW_SEATS + number.parse::<i64>().unwrap() - 1
}
