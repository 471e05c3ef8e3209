#![allow(clippy::unwrap_used, clippy::expect_used)] // a measuring tool, not the product

//! `just bench`: the replay rate of `tribune replay` over a large event table whose transaction
//! ids span one to seven digits (issue 10). Target: at least 50,000 events per second; exits 1
//! when missed.
//!
//! A fresh database gets `BENCH_REPLAY_ORDERS` orders (default 40,000) of 60 clubs, six events
//! each (240,000 events): created with one to three lines, notes, a line added, the customer
//! changed, approved, paid. The events are the domain's own `OrderEvent`s, serialised as the
//! store does, and written in bulk, interleaved as real traffic is (an order's events fall in
//! different transactions, with other orders' events between them). Their transaction ids run
//! from 1 to about 2,000,000, given explicitly: a cluster's counter only moves on, so it is first
//! moved past that range (each subtransaction that writes takes an id; once per cluster).
//! Then `order_rows` is replayed and swapped in five times, the rows are checked after each, and
//! the median rate is held against the target. The database is
//! dropped at the end; `BENCH_KEEP=1` keeps it to look into.

use std::time::Instant;

use chrono::{Duration, TimeZone, Utc};
use cqrs_es::DomainEvent;
use serde_json::{json, Value};
use tribune_domain::money::Money;
use tribune_domain::order::{
    Customer, OrderContent, OrderEvent, OrderLine, OrderStatus, PaymentStatus, VatSettings,
};
use tribune_projections::registry;
use tribune_projections::replay::{replay, ReplayMode};
use tribune_projections::testing::TestDb;
use uuid::Uuid;

const TARGET_EVENTS_PER_SECOND: f64 = 50_000.0;
const RUNS: usize = 5;
const CLUBS: usize = 60;
const EVENTS_PER_ORDER: usize = 6;
/// The highest transaction id given to an event: seven digits.
const MAX_TX: u64 = 2_000_000;
/// An order's next event comes this many events of traffic later.
const SPREAD: usize = 997;

fn order_events(i: usize, club: Uuid) -> Vec<OrderEvent> {
    let line = |n: usize| OrderLine {
        id: Uuid::from_u128(((i as u128) << 8) | n as u128),
        title: format!("Billet {n}"),
        price: Money::ore(10_000 + (i % 50) as i64 * 100),
        amount: 1 + n as i64,
        ..OrderLine::default()
    };
    let customer = |email: String| Customer {
        firstname: "Mette".into(),
        lastname: "Jensen".into(),
        email,
        phone: format!("{}", 20_000_000 + i),
    };
    vec![
        OrderEvent::Created {
            client_id: club,
            number: (i / CLUBS) as i64 + 1,
            created_at: Utc.with_ymd_and_hms(2026, 1, 1, 12, 0, 0).unwrap()
                + Duration::minutes(i as i64),
            vat: VatSettings::default(),
            status: OrderStatus::Draft,
            is_pos: false,
            content: OrderContent {
                customer: customer(format!("kunde{i}@example.dk")),
                lines: (0..1 + i % 3).map(line).collect(),
                ..OrderContent::default()
            },
        },
        OrderEvent::NotesChanged {
            description: Some("Sæsonkort".into()),
            internal: None,
            additional: None,
        },
        OrderEvent::LineAdded { line: line(9) },
        OrderEvent::CustomerChanged {
            customer: customer(format!("mette{i}@example.dk")),
        },
        OrderEvent::Approved,
        OrderEvent::PaymentStatusChanged {
            status: PaymentStatus::Paid,
        },
    ]
}

struct Row {
    tx: i64,
    aggregate_id: String,
    sequence: i64,
    event_type: String,
    payload: Value,
    metadata: Value,
}

/// Every event in the order traffic would commit them, with its transaction id.
fn traffic(orders: usize, clubs: &[Uuid]) -> Vec<Row> {
    let mut timeline: Vec<(usize, usize, usize)> = Vec::with_capacity(orders * EVENTS_PER_ORDER);
    for i in 0..orders {
        for k in 0..EVENTS_PER_ORDER {
            timeline.push((i + k * SPREAD, i, k));
        }
    }
    timeline.sort_unstable();
    let transactions = timeline.len() as u64;
    let mut rows = Vec::with_capacity(timeline.len());
    let mut events: Vec<Vec<OrderEvent>> = (0..orders)
        .map(|i| order_events(i, clubs[i % clubs.len()]))
        .collect();
    for (rank, (_, i, k)) in timeline.into_iter().enumerate() {
        let club = clubs[i % clubs.len()];
        let event = std::mem::replace(&mut events[i][k], OrderEvent::Approved);
        rows.push(Row {
            tx: (1 + rank as u64 * (MAX_TX - 1) / transactions) as i64,
            aggregate_id: Uuid::from_u128(i as u128 + 1).to_string(),
            sequence: k as i64 + 1,
            event_type: event.event_type(),
            payload: serde_json::to_value(&event).unwrap(),
            metadata: json!({"client_id": club.to_string(), "user_name": "Benchmark"}),
        });
    }
    rows
}

async fn move_transaction_counter_past(db: &TestDb, target: u64) {
    let started = Instant::now();
    let from = db.move_transaction_counter_past(target).await.unwrap();
    if from <= target {
        println!(
            "moved the cluster's transaction counter from {from} past {target} in {:.1} s",
            started.elapsed().as_secs_f64()
        );
    }
}

#[tokio::main]
async fn main() {
    let orders: usize = std::env::var("BENCH_REPLAY_ORDERS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(40_000);
    let db = TestDb::new().await.unwrap();
    move_transaction_counter_past(&db, MAX_TX + 1_000).await;

    let clubs: Vec<Uuid> = (0..CLUBS).map(|_| Uuid::new_v4()).collect();
    let rows = traffic(orders, &clubs);
    let started = Instant::now();
    sqlx::query("SET synchronous_commit = off")
        .execute(&db.owner)
        .await
        .unwrap();
    for chunk in rows.chunks(5_000) {
        let mut insert = sqlx::QueryBuilder::new(
            "INSERT INTO events (tx_id, aggregate_type, aggregate_id, sequence, event_type, event_version, payload, metadata) ",
        );
        insert.push_values(chunk, |mut b, row| {
            b.push_bind(row.tx.to_string())
                .push_unseparated("::text::xid8")
                .push_bind("order")
                .push_bind(&row.aggregate_id)
                .push_bind(row.sequence)
                .push_bind(&row.event_type)
                .push_bind("1")
                .push_bind(&row.payload)
                .push_bind(&row.metadata);
        });
        insert.build().execute(&db.owner).await.unwrap();
    }
    // As autovacuum would have by now on a real database: statistics, and the rows' hint bits
    // and visibility set (or the replay's first read of each page would write it).
    sqlx::query("VACUUM ANALYZE events")
        .execute(&db.owner)
        .await
        .unwrap();
    let (events, min_tx, max_tx): (i64, String, String) = sqlx::query_as(
        "SELECT count(*), min(tx_id)::text, max(tx_id)::text FROM events WHERE aggregate_type = 'order'",
    )
    .fetch_one(&db.owner)
    .await
    .unwrap();
    println!(
        "wrote {events} order events of {orders} orders in {CLUBS} clubs in {:.1} s; transaction ids {min_tx} … {max_tx} ({} to {} digits)",
        started.elapsed().as_secs_f64(),
        min_tx.len(),
        max_tx.len()
    );

    // Five replays of the same events, each swapped in: the median is the figure (a shared
    // machine's neighbours make single runs vary by a tenth either way).
    let (projection, kind) = registry::find("order_rows").unwrap();
    let mut rates = Vec::new();
    let mut complete = true;
    for run in 1..=RUNS {
        let started = Instant::now();
        let report = replay(&db.owner, projection.as_ref(), kind, ReplayMode::Swap)
            .await
            .unwrap();
        let seconds = started.elapsed().as_secs_f64();
        let rate = report.events as f64 / seconds;
        rates.push(rate);
        let (rows_made, paid): (i64, i64) = sqlx::query_as(
            "SELECT count(*), count(*) FILTER (WHERE status = 'approved' AND payment_status = 'paid') FROM order_rows",
        )
        .fetch_one(&db.owner)
        .await
        .unwrap();
        let lines: i64 = sqlx::query_scalar("SELECT count(*) FROM order_lines")
            .fetch_one(&db.owner)
            .await
            .unwrap();
        println!(
            "replay {run} of order_rows: {} of {} events in {seconds:.2} s = {rate:.0} events/s; \
             {rows_made} order rows ({paid} approved and paid), {lines} lines",
            report.events, report.expected
        );
        complete &= report.events as i64 == events
            && rows_made == orders as i64
            && paid == orders as i64
            && lines == (0..orders).map(|i| 2 + i % 3).sum::<usize>() as i64;
    }
    rates.sort_by(f64::total_cmp);
    let rate = rates[rates.len() / 2];
    println!(
        "replay rate (median of {RUNS}): {rate:.0} events/s (target ≥ {TARGET_EVENTS_PER_SECOND:.0})"
    );
    if std::env::var("BENCH_KEEP").is_ok() {
        println!("kept the database {}", db.name);
    } else {
        db.drop_database().await.unwrap();
    }
    if !complete {
        println!("FAILED: the replay did not rebuild every order");
        std::process::exit(1);
    }
    if rate < TARGET_EVENTS_PER_SECOND {
        println!("FAILED: below the target rate");
        std::process::exit(1);
    }
}
