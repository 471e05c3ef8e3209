#![allow(clippy::unwrap_used, clippy::expect_used)] // a measuring tool, not the product

//! `just bench`: the booking rush (issue 15). One event with 10,000 places; 500 concurrent
//! buyers book 1–4 tickets each through the public HTTP endpoint (`POST /public/events/book`),
//! paying by card in the club's payment window (so every booking makes its order, holds its
//! places and starts its payment), again and again until the event is sold out. Prints
//! bookings/s, p50/p99 of the booking call, and the places taken against the capacity.
//! Target: at least 1,000 bookings/s, p99 under 250 ms, 0 oversold. Exits 1 when missed.
//! Before the rush, each buyer books once on another event (the warm-up: connections opened,
//! the server's caches warm); its figures — a cold server taking 500 buyers at once — are
//! printed but not held to the target.
//! `BENCH_PLACES` and `BENCH_BUYERS` change the size for a quick look.
//! With `BENCH_TARGET_URL` and `BENCH_DATABASE_URL` it rushes a running cluster through its
//! balancer instead (issue 39: `just bench` does it on one node and on two, fsync on); there only
//! 0 oversold and the counts agreeing are held, the speed is printed.

mod common;
#[path = "common/sale.rs"]
mod sale;

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::json;
use sqlx::PgPool;
use tribune_projections::testing::TestDb;
use uuid::Uuid;

const TARGET_PER_SECOND: f64 = 1_000.0;
const TARGET_P99_MS: f64 = 250.0;

fn env_or(name: &str, default: i64) -> i64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Where the rush runs: the server in this process over the bench database (PostgreSQL with
/// fsync off), or a running cluster's balancer (`BENCH_TARGET_URL`, its owner's database
/// `BENCH_DATABASE_URL`: `just bench` starts one with `ops/cluster up`).
struct Target {
    label: String,
    base: String,
    owner: PgPool,
    /// Through the balancer: only correctness is held (two nodes on two cores are not faster).
    cluster: bool,
    /// The in-process server and its database, kept alive for the rush.
    _served: Option<(common::Served, TestDb)>,
}

impl Target {
    async fn from_env() -> Target {
        match (
            std::env::var("BENCH_TARGET_URL"),
            std::env::var("BENCH_DATABASE_URL"),
        ) {
            (Ok(base), Ok(database)) => Target {
                label: std::env::var("BENCH_LABEL")
                    .unwrap_or_else(|_| "through the balancer, fsync on".into()),
                base: base.trim_end_matches('/').to_string(),
                owner: PgPool::connect(&database)
                    .await
                    .expect("BENCH_DATABASE_URL"),
                cluster: true,
                _served: None,
            },
            _ => {
                // Always a fresh database: a rush sells out what it finds.
                let db = common::bench_database("tribune_bench_rush", "SELECT -1::bigint", 0).await;
                let served = common::serve_and_log_in(&db).await;
                Target {
                    label: "in-process, fsync off".into(),
                    base: served.base.clone(),
                    owner: db.owner.clone(),
                    cluster: false,
                    _served: Some((served, db)),
                }
            }
        }
    }
}

#[tokio::main]
async fn main() {
    let places = env_or("BENCH_PLACES", 10_000);
    let buyers = env_or("BENCH_BUYERS", 500);
    let target = Target::from_env().await;
    let (base, owner) = (target.base.clone(), &target.owner);
    let club = sale::window_club(owner).await;
    // A cluster keeps what earlier rushes sold: the events get names of their own.
    let run = &Uuid::new_v4().simple().to_string()[..8];
    let (event, ticket) = sale::sale(owner, club, &format!("Pokalfinale {run}"), places).await;
    // The warm-up's event: one ticket for each buyer.
    let (warm_event, warm_ticket) =
        sale::sale(owner, club, &format!("Opvarmning {run}"), buyers).await;
    let visitor = reqwest::Client::builder()
        .cookie_store(true)
        .pool_max_idle_per_host(usize::try_from(buyers).unwrap())
        .build()
        .unwrap();
    visitor
        .get(format!("{base}/public/app/change-client/{club}"))
        .send()
        .await
        .unwrap();

    // Warm-up, not measured: each buyer books one ticket of another event, so the rush below
    // runs on open connections and a warm server, as a sale that opens at a set time does
    // (its buyers have the page open). Its figures are printed too: a cold server's burst.
    let warm = rush(&visitor, &base, warm_event, warm_ticket, buyers, true).await;
    let (warm_p50, warm_p99) = (warm.quantile(0.5), warm.quantile(0.99));
    let label = &target.label;
    println!(
        "rush ({label}) warm-up: {buyers} buyers at once on a cold server, one ticket each: {} bookings, p50 {warm_p50:.1} ms, p99 {warm_p99:.1} ms",
        warm.bookings
    );
    let measured = rush(&visitor, &base, event, ticket, buyers, false).await;
    let (p50, p99) = (measured.quantile(0.5), measured.quantile(0.99));
    let Rush {
        bookings,
        times,
        elapsed,
        sold,
    } = measured;
    let taken: i32 = sqlx::query_scalar("SELECT taken FROM capacity_counters WHERE key = $1")
        .bind(format!("event:{event}"))
        .fetch_one(owner)
        .await
        .unwrap();
    let orders: i64 =
        sqlx::query_scalar("SELECT count(*) FROM sales WHERE channel <> 'shop' AND event_id = $1")
            .bind(event)
            .fetch_one(owner)
            .await
            .unwrap();
    let per_second = bookings as f64 / elapsed;
    let oversold = (i64::from(taken) - places).max(sold - places).max(0);
    println!(
        "rush ({label}): {buyers} buyers, {bookings} bookings ({orders} orders) of {sold} tickets in {elapsed:.1} s \
         = {per_second:.0} bookings/s; booking call p50 {p50:.1} ms, p99 {p99:.1} ms over {} calls; \
         places taken {taken} of {places} (oversold: {oversold})",
        times.len(),
    );
    // `just bench` prints the rushes side by side from this file.
    if let Ok(path) = std::env::var("BENCH_RECORD") {
        use std::io::Write;
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .expect("BENCH_RECORD");
        writeln!(
            file,
            "{label}\t{per_second:.0}\t{p50:.1}\t{p99:.1}\t{oversold}\t{bookings}\t{orders}"
        )
        .expect("BENCH_RECORD");
    }
    let mut missed = Vec::new();
    if oversold > 0 {
        missed.push("oversold");
    }
    if i64::from(taken) != sold || orders != bookings {
        missed.push("counts disagree");
    }
    if !target.cluster && per_second < TARGET_PER_SECOND {
        missed.push("bookings/s under target");
    }
    if !target.cluster && p99 > TARGET_P99_MS {
        missed.push("p99 over target");
    }
    common::verdict("rush", &missed);
}

/// What a rush did: its bookings, each call's time, how long it took, the tickets sold.
struct Rush {
    bookings: i64,
    times: Vec<Duration>,
    elapsed: f64,
    sold: i64,
}

impl Rush {
    /// The `q` quantile of the calls' times, in ms.
    fn quantile(&self, q: f64) -> f64 {
        common::quantile(&self.times, q)
    }
}

/// `buyers` buyers at once book 1–4 tickets of the event again and again until it is sold out
/// (`once`: each books one ticket, once).
async fn rush(
    visitor: &reqwest::Client,
    base: &str,
    event: Uuid,
    ticket: Uuid,
    buyers: i64,
    once: bool,
) -> Rush {
    let booked_tickets = Arc::new(AtomicI64::new(0));
    let started = Instant::now();
    let mut tasks = Vec::new();
    for buyer in 0..buyers {
        let (visitor, base, booked_tickets) =
            (visitor.clone(), base.to_string(), booked_tickets.clone());
        tasks.push(tokio::spawn(async move {
            let mut times: Vec<Duration> = Vec::new();
            let mut bookings = 0_i64;
            let mut round = 0_i64;
            loop {
                let amount = if once { 1 } else { 1 + (buyer + round) % 4 };
                round += 1;
                let booking = json!({
                    "eventId": event,
                    "products": [{ "productId": ticket, "amount": amount }],
                    "firstname": "Køber",
                    "lastname": format!("{buyer}"),
                    "email": format!("koeber-{buyer}@example.dk"),
                    "phone": "12345678",
                    "acceptTerms": true,
                });
                let at = Instant::now();
                let response = visitor
                    .post(format!(
                        "{base}/public/events/book?intentSecret=rush-{event}-{buyer}-{round}"
                    ))
                    .json(&booking)
                    .send()
                    .await
                    .unwrap();
                let status = response.status();
                let body: serde_json::Value = response.json().await.unwrap_or_default();
                times.push(at.elapsed());
                match status.as_u16() {
                    200 => {
                        bookings += 1;
                        booked_tickets.fetch_add(amount, Ordering::Relaxed);
                        if once {
                            break;
                        }
                    }
                    422 => {
                        // Fewer left than asked: try for one, stop when none are left.
                        let left = body["error"].as_str().unwrap_or_default().to_string();
                        if left.contains("kun 0 ") || left.contains("ikke længere") || amount == 1
                        {
                            break;
                        }
                    }
                    other => panic!("booking answered {other}: {body}"),
                }
            }
            (bookings, times)
        }));
    }
    let mut bookings = 0_i64;
    let mut times = Vec::new();
    for task in tasks {
        let (n, t) = task.await.unwrap();
        bookings += n;
        times.extend(t);
    }
    times.sort();
    Rush {
        bookings,
        times,
        elapsed: started.elapsed().as_secs_f64(),
        sold: booked_tickets.load(Ordering::Relaxed),
    }
}
