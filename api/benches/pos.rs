#![allow(clippy::unwrap_used, clippy::expect_used)] // a measuring tool, not the product

//! `just bench`: the point of sale (issue 19). A chart of 2,000 seats (40 rows of 50), one event
//! on it selling seat tickets, with a programme in the catalogue. Four desks sell at once, each
//! sale after the other as a desk does: the sale's hold session holds two seats side by side
//! (not measured), then `POST /api/events/{id}/pos/confirm-order` sells them with a programme
//! for cash (measured): the approved order, its tickets, the seats booked, the stock taken, the
//! desk payment and the prints. Prints p50/p99 of the confirmation and checks that every seat
//! was sold once. Target: confirm-order p99 under 100 ms, no seat sold twice. Exits 1 when missed.
//! `BENCH_DESKS` and `BENCH_SALES` (per desk) change the load.

mod common;

use std::time::{Duration, Instant};

use serde_json::{json, Value};
use uuid::Uuid;

const TARGET_P99_MS: f64 = 100.0;
const ROWS: i64 = 40;
const ROW_SEATS: i64 = 50;

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

async fn post(client: &reqwest::Client, csrf: &str, url: String, body: &Value) -> Value {
    client
        .post(url)
        .header("X-CSRF-Token", csrf)
        .json(body)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

/// A form post (`data`: the form's JSON), as the editors send it.
async fn post_form(client: &reqwest::Client, csrf: &str, url: String, data: &Value) -> Value {
    client
        .post(url)
        .header("X-CSRF-Token", csrf)
        .multipart(reqwest::multipart::Form::new().text("data", data.to_string()))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

#[tokio::main]
async fn main() {
    let desks = env("BENCH_DESKS", 4);
    let sales = env("BENCH_SALES", 150);
    assert!(
        desks * sales <= (ROWS * ROW_SEATS / 2) as usize,
        "more sales than seat pairs"
    );
    let db = common::bench_database("tribune_bench_pos", "SELECT -1::bigint", 0).await;
    let common::Served { base, client, csrf } = common::serve_and_log_in(&db).await;

    // The chart, the products and the event, as staff make them.
    let rows: Vec<_> = (1..=ROWS)
        .map(|r| json!({ "label": format!("R{r}"), "seats": ROW_SEATS }))
        .collect();
    let made = post(
        &client,
        &csrf,
        format!("{base}/api/seats/charts"),
        &json!({
            "name": "Desk Stadion",
            "categories": [{ "key": "std", "label": "Standard", "color": "#1e88e5" }],
            "sections": [{ "name": "A", "categoryKey": "std", "rows": rows }],
        }),
    )
    .await;
    assert_eq!(made["success"], true, "{made}");
    let chart = made["result"].as_str().unwrap();
    let key: Value = client
        .get(format!("{base}/api/seats/charts/{chart}"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let key = key["result"]["key"].as_str().unwrap().to_string();
    let product = |data: Value| {
        let (client, csrf, base) = (client.clone(), csrf.clone(), base.clone());
        async move {
            let answer =
                post_form(&client, &csrf, format!("{base}/api/products/update"), &data).await;
            answer["result"].as_str().unwrap_or_default().to_string()
        }
    };
    let seat_product = product(json!({ "title": "Pladsbillet", "type": "seat-ticket", "price": 15000, "seats": [{ "chartId": key, "category": "std" }] })).await;
    let _programme =
        product(json!({ "title": "Stævneprogram", "type": "product", "price": 3000 })).await;
    let type_id = post_form(
        &client,
        &csrf,
        format!("{base}/api/events/types/update"),
        &json!({ "title": "Hjemmekamp" }),
    )
    .await["result"]
        .as_str()
        .unwrap()
        .to_string();
    let start = chrono::Utc::now() + chrono::Duration::days(10);
    let iso = |t: chrono::DateTime<chrono::Utc>| t.to_rfc3339();
    let event = post_form(
        &client,
        &csrf,
        format!("{base}/api/events/update"),
        &json!({
            "typeId": type_id, "title": "Desk Derby", "location": "Stadion",
            "startDate": iso(start), "endDate": iso(start + chrono::Duration::hours(2)),
            "signUpStart": iso(chrono::Utc::now() - chrono::Duration::days(1)),
            "signUpDeadline": iso(start - chrono::Duration::hours(1)),
            "sender": { "name": "Demo FC", "email": "kontakt@demofc.dk" },
            "hasTickets": true, "hasSeating": true, "seating": { "chartId": key, "name": "Stadion" },
            "tickets": { "controlType": "Scan", "products": [{ "productId": seat_product, "title": "Pladsbillet", "price": 15000, "public": true }] },
        }),
    )
    .await;
    let event = event["result"]
        .as_str()
        .unwrap_or_else(|| panic!("{event}"))
        .to_string();
    let listed: Value = client
        .get(format!("{base}/api/events/{event}/pos/products"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let find = |title: &str| {
        listed["result"]["products"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["title"] == title)
            .unwrap_or_else(|| panic!("no {title}: {listed}"))["productId"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let (seat_ticket, programme) = (find("Pladsbillet"), find("Stævneprogram"));

    // The desks, each selling its own rows one sale after the other.
    let started = Instant::now();
    let mut tasks = Vec::with_capacity(desks);
    for desk in 0..desks {
        let (client, csrf, base, event) =
            (client.clone(), csrf.clone(), base.clone(), event.clone());
        let (seat_ticket, programme) = (seat_ticket.clone(), programme.clone());
        tasks.push(tokio::spawn(async move {
            let mut times = Vec::with_capacity(sales);
            let per_row = (ROW_SEATS / 2) as usize;
            let rows_per_desk = (ROWS as usize) / desks;
            for sale in 0..sales {
                let row = desk * rows_per_desk + sale / per_row + 1;
                let first = (sale % per_row) * 2 + 1;
                let seats = [format!("R{row}-{first}"), format!("R{row}-{}", first + 1)];
                let token = post(&client, &csrf, format!("{base}/public/seats/hold-tokens"), &json!({}))
                    .await["result"]["holdToken"]
                    .as_str()
                    .unwrap()
                    .to_string();
                let held = post(
                    &client,
                    &csrf,
                    format!("{base}/public/events/{event}/hold-seats"),
                    &json!({ "holdToken": token, "seats": seats }),
                )
                .await;
                assert_eq!(held["success"], true, "{held}");
                let cart = json!({
                    "eventId": event,
                    "holdToken": token,
                    "products": [
                        { "productId": seat_ticket, "amount": 1, "seat": seats[0], "holdToken": token },
                        { "productId": seat_ticket, "amount": 1, "seat": seats[1], "holdToken": token },
                        { "productId": programme, "amount": 1 },
                    ],
                    "paymentMethod": "cash",
                    "saleKey": Uuid::new_v4().to_string(),
                });
                let at = Instant::now();
                let answer = post(
                    &client,
                    &csrf,
                    format!("{base}/api/events/{event}/pos/confirm-order"),
                    &cart,
                )
                .await;
                times.push(at.elapsed());
                assert_eq!(answer["success"], true, "{answer}");
                assert_eq!(answer["result"]["tickets"].as_array().map(Vec::len), Some(2));
            }
            times
        }));
    }
    let mut times: Vec<Duration> = Vec::new();
    for task in tasks {
        times.extend(task.await.unwrap());
    }
    let elapsed = started.elapsed();
    times.sort();
    let (p50, p99) = (
        common::quantile(&times, 0.5),
        common::quantile(&times, 0.99),
    );

    let booked: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM event_seats WHERE event_id = $1::uuid AND status = 'booked'",
    )
    .bind(&event)
    .fetch_one(&db.owner)
    .await
    .unwrap();
    let seats_sold: i64 = sqlx::query_scalar(
        "SELECT count(DISTINCT (row, seat_number)) FROM ticket_rows WHERE event_id = $1::uuid AND status = 'issued'",
    )
    .bind(&event)
    .fetch_one(&db.owner)
    .await
    .unwrap();
    let tickets: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM ticket_rows WHERE event_id = $1::uuid AND status = 'issued'",
    )
    .bind(&event)
    .fetch_one(&db.owner)
    .await
    .unwrap();
    let orders: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM sales b JOIN order_rows o ON o.id = b.order_id \
         WHERE b.event_id = $1::uuid AND o.is_pos AND o.status = 'approved' AND o.payment_status = 'paid'",
    )
    .bind(&event)
    .fetch_one(&db.owner)
    .await
    .unwrap();
    let total = desks * sales;
    println!(
        "pos: {total} sales by {desks} desks in {:.1} s ({:.0} sales/s); confirm-order p50 {p50:.1} ms, p99 {p99:.1} ms (target < {TARGET_P99_MS} ms)",
        elapsed.as_secs_f64(),
        total as f64 / elapsed.as_secs_f64()
    );
    println!(
        "pos: {orders} point-of-sale orders, {tickets} tickets on {seats_sold} distinct seats, {booked} seats booked"
    );
    let mut missed = Vec::new();
    if p99 >= TARGET_P99_MS {
        missed.push("confirm-order p99");
    }
    let expected = 2 * total as i64;
    if tickets != expected || seats_sold != expected || booked != expected || orders != total as i64
    {
        missed.push("every seat sold once");
    }
    common::verdict("pos", &missed);
}
