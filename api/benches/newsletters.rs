#![allow(clippy::unwrap_used, clippy::expect_used)] // a measuring tool, not the product

//! `just bench`: newsletters (issue 20). 20,000 contacts in 400 companies; a newsletter with a
//! picture and an attachment. 'Opret alle' makes its 20,000 recipients (measured), 'Send alle'
//! queues them as jobs of 100 (measured), and the server's own job runner sends them through an
//! SMTP sink on this machine (the send rate, measured from the queueing to the last recipient
//! marked sent). Meanwhile a staff member works: the newsletters list and a contact, read over
//! and over; their p50/p95 while the send runs are printed beside the same calls' idle figures.
//! Targets: every recipient mailed exactly once; staff calls during the send at most 100 ms at
//! p95. Exits 1 when missed. `BENCH_RECIPIENTS` changes the size (a multiple of 50).

mod common;
#[path = "../tests/http/smtp_sink.rs"]
#[allow(dead_code)] // the tests' sink; the bench only counts what it took
mod smtp_sink;

use std::time::{Duration, Instant};

use serde_json::{json, Value};

const TARGET_STAFF_P95_MS: f64 = 100.0;
const PER_COMPANY: usize = 50;

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A staff member's reads, timed: (p50, p95) over `rounds` rounds of the list and a contact.
async fn staff_reads(
    client: &reqwest::Client,
    csrf: &str,
    base: &str,
    contact: &str,
    until: impl Fn() -> bool,
) -> (f64, f64, usize) {
    let mut times = Vec::new();
    while !until() || times.len() < 20 {
        let started = Instant::now();
        let list = client
            .post(format!("{base}/api/newsletters"))
            .header("X-CSRF-Token", csrf)
            .json(&json!({ "page": 1, "perPage": 10 }))
            .send()
            .await
            .unwrap();
        assert!(list.status().is_success());
        times.push(started.elapsed());
        let started = Instant::now();
        let one = client
            .get(format!("{base}/api/contacts/{contact}"))
            .send()
            .await
            .unwrap();
        assert!(one.status().is_success());
        times.push(started.elapsed());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let n = times.len();
    let (p50, p95) = common::percentiles(&mut times);
    (p50, p95, n)
}

#[tokio::main]
async fn main() {
    let recipients = env("BENCH_RECIPIENTS", 20_000);
    let companies = recipients.div_ceil(PER_COMPANY);
    let db = common::bench_database("tribune_bench_newsletters", "SELECT -1::bigint", 0).await;

    // The contacts and their companies, straight into the tables (not measured).
    sqlx::query(
        "WITH k AS (SELECT id FROM clients WHERE name = 'Demo FC'), \
         co AS (INSERT INTO companies (client_id, name, status) \
                SELECT k.id, 'Sponsor ' || n, 1 FROM k, generate_series(1, $1) n RETURNING id, client_id), \
         pairs AS MATERIALIZED (SELECT co.id AS company_id, co.client_id, gen_random_uuid() AS contact_id, m \
                FROM co, generate_series(1, $2) m), \
         ct AS (INSERT INTO contacts (id, client_id, firstname, lastname, email) \
                SELECT contact_id, client_id, 'Kontakt', m::text, 'k' || m || '.' || company_id || '@bench.dk' FROM pairs) \
         INSERT INTO company_contacts (client_id, company_id, contact_id) \
         SELECT client_id, company_id, contact_id FROM pairs",
    )
    .bind(i32::try_from(companies).unwrap())
    .bind(i32::try_from(PER_COMPANY).unwrap())
    .execute(&db.owner)
    .await
    .unwrap();

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let smtp_port = listener.local_addr().unwrap().port();
    let sink = smtp_sink::SmtpSink::start_on(listener).await;
    let common::Served { base, client, csrf } = common::serve_and_log_in_with(&db, |settings| {
        settings.run_background = true;
        settings.smtp_port = smtp_port;
        settings.job_poll_ms = 100;
    })
    .await;
    let contact: String = sqlx::query_scalar("SELECT id::text FROM contacts LIMIT 1")
        .fetch_one(&db.owner)
        .await
        .unwrap();

    // The newsletter, as the editor saves it.
    // A picture of a few KB (the PNG signature is what makes it an image here).
    let mut picture = b"\x89PNG\r\n\x1a\n".to_vec();
    picture.resize(8 * 1024, 0);
    let form = reqwest::multipart::Form::new()
        .text(
            "data",
            json!({ "name": "Bench", "subject": "Nyt fra klubben", "title": "Sæsonstart",
                    "description": "<p>Vi ses på <strong>stadion</strong>.</p>" })
            .to_string(),
        )
        .part(
            "pictureFile",
            reqwest::multipart::Part::bytes(picture).file_name("top.png"),
        )
        .part(
            "attachmentFile",
            reqwest::multipart::Part::bytes(vec![b'x'; 20 * 1024]).file_name("program.pdf"),
        );
    let saved: Value = client
        .post(format!("{base}/api/newsletters/update"))
        .header("X-CSRF-Token", &csrf)
        .multipart(form)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = saved["result"]
        .as_str()
        .unwrap_or_else(|| panic!("{saved}"))
        .to_string();

    let (idle_p50, idle_p95, _) = staff_reads(&client, &csrf, &base, &contact, || true).await;

    // 'Opret alle': every company's contacts.
    let started = Instant::now();
    let made: Value = client
        .post(format!(
            "{base}/api/newsletters/{id}/create-recipients?allCompanies=true"
        ))
        .header("X-CSRF-Token", &csrf)
        .json(&json!({}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let create = started.elapsed();
    let created = made["result"]["created"].as_u64().expect("created") as usize;

    // 'Send alle', then the runner sends while the staff member reads.
    let started = Instant::now();
    let queued: Value = client
        .post(format!("{base}/api/newsletters/{id}/send-newsletters"))
        .header("X-CSRF-Token", &csrf)
        .json(&json!([]))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let queueing = started.elapsed();
    let batches = queued["result"]["batches"].as_u64().unwrap_or(0);
    let owner = db.owner.clone();
    let newsletter = id.clone();
    let watcher = tokio::spawn(async move {
        loop {
            let sent: i64 = sqlx::query_scalar(
                "SELECT count(*) FROM newsletter_recipients WHERE newsletter_id = $1::uuid AND sent_at IS NOT NULL",
            )
            .bind(&newsletter)
            .fetch_one(&owner)
            .await
            .unwrap();
            if sent as usize >= created || started.elapsed() > Duration::from_secs(1800) {
                return (sent as usize, started.elapsed());
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    });
    let done = || watcher.is_finished();
    let (busy_p50, busy_p95, reads) = staff_reads(&client, &csrf, &base, &contact, done).await;
    let (sent, took) = watcher.await.unwrap();
    let mails = sink.count();
    let mut to: Vec<String> = sink
        .mails
        .lock()
        .unwrap()
        .iter()
        .flat_map(|m| m.to.clone())
        .collect();
    to.sort();
    to.dedup();

    let rate = sent as f64 / took.as_secs_f64();
    println!(
        "newsletters: {created} recipients made by 'Opret alle' in {:.0} ms",
        create.as_secs_f64() * 1000.0
    );
    println!(
        "newsletters: 'Send alle' queued {} in {batches} jobs in {:.0} ms",
        queued["result"]["queued"],
        queueing.as_secs_f64() * 1000.0
    );
    println!(
        "newsletters: {sent} sent in {:.1} s by one job runner: {rate:.0} mails/s ({mails} mails reached the sink, {} addresses)",
        took.as_secs_f64(),
        to.len()
    );
    println!("newsletters: staff reads idle p50 {idle_p50:.1} ms, p95 {idle_p95:.1} ms; during the send ({reads} calls) p50 {busy_p50:.1} ms, p95 {busy_p95:.1} ms");
    let mut missed = Vec::new();
    if created != recipients || sent != recipients || mails != recipients || to.len() != recipients
    {
        missed.push("every recipient mailed exactly once");
    }
    if busy_p95 > TARGET_STAFF_P95_MS {
        missed.push("staff calls during the send p95 under 100 ms");
    }
    common::verdict("newsletters", &missed);
}
