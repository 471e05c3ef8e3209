#![allow(clippy::unwrap_used, clippy::expect_used)] // a measuring tool, not the product

//! `just bench`: the gate (issue 18). An event with 50,000 tickets issued through the command
//! path; 8 scanners at the door send a sustained 200 scans/s between them for 60 s
//! (`POST /api/events/{id}/scan?ticketId=`), open-loop: each scan leaves at its tick whether or
//! not the one before has come back, as a queue of people does. Every tenth ticket is scanned at
//! two gates at the same instant. Prints the scans sent, accepted and refused, p50/p99 of the
//! scan call, and the tickets accepted twice — counted both from the answers and from the
//! Tickets' `Scanned` events. Targets: p99 under 20 ms and 0 tickets accepted twice. Exits 1 when
//! missed. The database is made anew each run. `BENCH_GATE_SECONDS`, `BENCH_GATE_RATE` and `BENCH_TICKETS` change the run.

mod common;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::Mutex;
use tribune_api::kit::actor::Actor;
use tribune_api::tickets::service::{TicketService, TicketToIssue};
use tribune_projections::db::{club_tx, APP_ROLE};
use tribune_projections::registry;
use tribune_projections::store::{CommandBus, PgEventStore};
use uuid::Uuid;

const TARGET_P99_MS: f64 = 20.0;
const SCANNERS: usize = 8;
const WORKERS: usize = 4;
const BATCH: usize = 500;

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[tokio::main]
async fn main() {
    let tickets: usize = env_or("BENCH_TICKETS", 50_000);
    let seconds: u64 = env_or("BENCH_GATE_SECONDS", 60);
    let rate: u64 = env_or("BENCH_GATE_RATE", 200);
    // Made anew each run: a run scans its tickets.
    let db = common::bench_database("tribune_bench_gate", "SELECT -1::bigint", 0).await;
    let club: Uuid = sqlx::query_scalar("SELECT id FROM clients WHERE name = 'Demo FC'")
        .fetch_one(&db.owner)
        .await
        .unwrap();
    let event = seed(&db, club, tickets).await;
    let common::Served { base, client, csrf } = common::serve_and_log_in(&db).await;

    // Which ticket each scan names: every ticket once in turn, every tenth at two gates at once.
    let total = (seconds * rate) as usize;
    let gap = Duration::from_secs_f64(1.0 / rate as f64);
    let times = Arc::new(Mutex::new(Vec::with_capacity(total + total / 10)));
    let accepted = Arc::new(Mutex::new(HashMap::<i64, usize>::new()));
    let refused = Arc::new(Mutex::new(0usize));
    let started = Instant::now();
    let mut scans = Vec::with_capacity(total + total / 10);
    let mut ticker = tokio::time::interval(gap);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
    for n in 0..total {
        ticker.tick().await;
        let number = (n % tickets) as i64 + 1;
        // Scanner n % 8 sends it; a doubled ticket also goes out of the next gate at once.
        let copies = if n % 10 == 0 { 2 } else { 1 };
        for _ in 0..copies {
            let (client, base, csrf) = (client.clone(), base.clone(), csrf.clone());
            let (times, accepted, refused) = (times.clone(), accepted.clone(), refused.clone());
            scans.push(tokio::spawn(async move {
                let at = Instant::now();
                let response = client
                    .post(format!("{base}/api/events/{event}/scan?ticketId={number}"))
                    .header("X-CSRF-Token", &csrf)
                    .json(&serde_json::json!({}))
                    .send()
                    .await
                    .unwrap();
                let status = response.status().as_u16();
                let took = at.elapsed();
                times.lock().await.push(took);
                match status {
                    200 => *accepted.lock().await.entry(number).or_insert(0) += 1,
                    422 => *refused.lock().await += 1,
                    other => panic!(
                        "a scan answered {other}: {}",
                        response.text().await.unwrap_or_default()
                    ),
                }
            }));
        }
    }
    for scan in scans {
        scan.await.unwrap();
    }
    let elapsed = started.elapsed().as_secs_f64();
    let mut times = times.lock().await.clone();
    times.sort();
    let (p50, p99) = (
        common::quantile(&times, 0.5),
        common::quantile(&times, 0.99),
    );
    let accepted = accepted.lock().await;
    let twice_answered = accepted.values().filter(|n| **n > 1).count();
    let twice_recorded: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM (SELECT aggregate_id FROM events WHERE aggregate_type = 'ticket' \
         AND event_type = 'Scanned' GROUP BY aggregate_id HAVING count(*) > 1) d",
    )
    .fetch_one(&db.owner)
    .await
    .unwrap();
    println!(
        "gate: {tickets} tickets, {SCANNERS} scanners, {} scans in {elapsed:.1} s ({:.0}/s, every tenth at two gates at once): \
         {} accepted, {} refused; scan p50 {p50:.1} ms, p99 {p99:.1} ms; tickets accepted twice: {twice_answered} answered, {twice_recorded} recorded",
        times.len(),
        times.len() as f64 / elapsed,
        accepted.values().sum::<usize>(),
        *refused.lock().await,
    );
    let mut missed = Vec::new();
    if twice_answered > 0 || twice_recorded > 0 {
        missed.push("a ticket accepted twice");
    }
    if p99 > TARGET_P99_MS {
        missed.push("scan p99 over 20 ms");
    }
    common::verdict("gate", &missed);
}

/// The event 'Portkamp' with door control by scanning and `tickets` tickets numbered from 1,
/// issued through the command path by a few workers.
async fn seed(db: &tribune_projections::testing::TestDb, club: Uuid, tickets: usize) -> Uuid {
    let event: Uuid = sqlx::query_scalar(
        "INSERT INTO club_events (client_id, title, url, start_date, end_date, sign_up_start, sign_up_deadline, has_tickets, ticket_settings) \
         VALUES ($1, 'Portkamp', 'portkamp', now() + interval '10 days', now() + interval '10 days 2 hours', \
                 now() - interval '1 day', now() + interval '9 days', true, '{\"controlType\": \"Scan\"}') RETURNING id",
    )
    .bind(club)
    .fetch_one(&db.owner)
    .await
    .unwrap();
    let pool = tribune_projections::db::connect(
        db.owner_options.clone().username(APP_ROLE),
        (WORKERS * 2) as u32,
    )
    .await
    .unwrap();
    let started = Instant::now();
    let mut workers = Vec::new();
    for worker in 0..WORKERS {
        let pool = pool.clone();
        workers.push(tokio::spawn(async move {
            let bus = CommandBus::new(
                PgEventStore::new(pool.clone(), registry::inline_for("ticket")),
                (),
            );
            let actor = Actor::system(club, "Benchmark");
            let order = Uuid::new_v4();
            let numbers: Vec<usize> = (worker..tickets).step_by(WORKERS).collect();
            for batch in numbers.chunks(BATCH) {
                let mut tx = club_tx(&pool, club).await.unwrap();
                for n in batch {
                    TicketService::new(&bus)
                        .issue_in(
                            &mut tx,
                            &actor,
                            TicketToIssue {
                                event_id: event,
                                order_id: order,
                                order_line_id: order,
                                product_id: order,
                                product_title: "Ståplads".into(),
                                number: *n as i64 + 1,
                                name: Some(format!("Gæst {}", n + 1)),
                                ..TicketToIssue::default()
                            },
                        )
                        .await
                        .unwrap();
                }
                tx.commit().await.unwrap();
            }
        }));
    }
    for w in workers {
        w.await.unwrap();
    }
    sqlx::query("VACUUM ANALYZE")
        .execute(&db.owner)
        .await
        .unwrap();
    println!(
        "seeded {tickets} tickets through the command path in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    event
}
