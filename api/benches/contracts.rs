#![allow(clippy::unwrap_used, clippy::expect_used)] // a measuring tool, not the product

//! `just bench`: Demo FC with 20,000 contracts (and Demo Håndbold with 2,000, so the table holds
//! more than one club), made through the real command path (the contract service's reference
//! checks, the Contract aggregate, the event store commit with its hash chain and inline
//! projections, the gap-free number) and moved through the pipeline as a club would: ~40 %
//! approved (half of them signed), ~5 % approved and cancelled, the drafts spread over the
//! agreement statuses, renewal dates from 400 days ago to 400 days ahead. Then, over HTTP as the
//! demo staff user: both pipeline boards (Salg also for one owner) and the contracts list
//! (default page, search, status filter, a deep page).
//! Target (issue 12): p95 under 50 ms for the two boards and the list's default page; the other
//! calls are printed and flagged when over, without failing. Exits 1 when a target is missed.
//! `BENCH_CONTRACTS=n` seeds another number for Demo FC.
//!
//! Seeding commits with `synchronous_commit = off` on the bench database only. The database
//! `tribune_bench_contracts` is kept and reused while it holds exactly that many contracts
//! (migrations are applied to it first); `BENCH_FRESH=1` makes a new one.

mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::{Months, NaiveDate, Utc};
use serde_json::{json, Value};
use sqlx::PgPool;
use tribune_api::contracts::ContractService;
use tribune_api::kit::actor::Actor;
use tribune_api::storage::Storage;
use tribune_domain::contract::{
    AgreementStatus, ContractCommand, ContractContent, ContractLine, InvoicingPlan, PlanKind, Unit,
};
use tribune_domain::money::Money;
use tribune_domain::order::OrderLine;
use tribune_projections::db::APP_ROLE;
use tribune_projections::registry;
use tribune_projections::store::{CommandBus, PgEventStore};
use uuid::Uuid;

const ROUNDS: usize = 40;
const TARGET_P95_MS: f64 = 50.0;
const WORKERS: usize = 4;
const COMPANIES: i64 = 2_000;
const HANDBALL_CONTRACTS: usize = 2_000;
const HANDBALL_COMPANIES: i64 = 200;

/// A word of the generated company names (common::COMPANY_NAMES): "Vestjysk Tømrerforretning ApS".
const SEARCH: &str = "vestjysk";

const LINE_TITLES: [&str; 6] = [
    "Bandereklame",
    "Logo på trøjen",
    "Logeplads",
    "Sæsonkort",
    "Banner på hjemmesiden",
    "VIP-billetter",
];

/// What one club's contracts refer to.
struct SeedClub {
    id: Uuid,
    name: &'static str,
    contracts: usize,
    categories: Vec<Uuid>,
    /// (company, its contact)
    links: Vec<(Uuid, Uuid)>,
    /// 'Ansvarlig', in turn.
    owners: Vec<Uuid>,
}

#[tokio::main]
async fn main() {
    let contracts: usize = std::env::var("BENCH_CONTRACTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(20_000);
    let expected = contracts + HANDBALL_CONTRACTS;
    let db = common::bench_database(
        "tribune_bench_contracts",
        "SELECT count(*) FROM contract_rows",
        expected,
    )
    .await;
    let club = club_id(&db.owner, "Demo FC").await;
    let handball = club_id(&db.owner, "Demo Håndbold").await;
    let staff: Uuid = user_id(&db.owner, "staff@tribune.test").await;
    let admin: Uuid = user_id(&db.owner, "admin@tribune.test").await;
    let existing: i64 = sqlx::query_scalar("SELECT count(*) FROM contract_rows")
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
    if existing == expected as i64 {
        println!("reusing {} with {existing} contracts", db.name);
    } else {
        let clubs = Arc::new([
            seed_club_references(
                &db.owner,
                club,
                "Demo FC",
                contracts,
                COMPANIES,
                5,
                &[staff, admin],
            )
            .await,
            seed_club_references(
                &db.owner,
                handball,
                "Demo Håndbold",
                HANDBALL_CONTRACTS,
                HANDBALL_COMPANIES,
                1,
                &[admin],
            )
            .await,
        ]);
        println!(
            "  {} companies with contacts and categories in {:.1} s",
            COMPANIES + HANDBALL_COMPANIES,
            started.elapsed().as_secs_f64()
        );
        let storage_dir = tempfile::tempdir().unwrap();
        let mut workers = Vec::new();
        for worker in 0..WORKERS {
            let (pool, clubs) = (pool.clone(), clubs.clone());
            let storage = Storage::local(storage_dir.path()).unwrap();
            workers.push(tokio::spawn(async move {
                let bus = CommandBus::new(
                    PgEventStore::new(pool.clone(), registry::inline_for("contract")),
                    (),
                );
                let service = ContractService::new(&pool, &bus, &storage, "");
                let today = Utc::now().date_naive();
                let jobs = clubs
                    .iter()
                    .flat_map(|c| (0..c.contracts).map(move |i| (c, i)));
                for (n, (club, i)) in jobs.enumerate().skip(worker).step_by(WORKERS) {
                    seed_contract(&service, club, i, today).await;
                    if worker == 0 && n % 2_000 == 0 {
                        println!(
                            "  {n} contracts after {:.0} s",
                            started.elapsed().as_secs_f64()
                        );
                    }
                }
            }));
        }
        for w in workers {
            w.await.unwrap();
        }
    }
    sqlx::query("VACUUM ANALYZE")
        .execute(&db.owner)
        .await
        .unwrap();
    if existing != expected as i64 {
        println!(
            "seeded {expected} contracts ({contracts} in Demo FC, {HANDBALL_CONTRACTS} in Demo Håndbold) \
             through the command path in {:.1} s",
            started.elapsed().as_secs_f64()
        );
    }
    print_shape(&db.owner, club).await;

    let common::Served { base, client, csrf } = common::serve_and_log_in(&db).await;
    let deep = 1_000.min((contracts / 10).max(1));
    let open: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM contract_rows WHERE client_id = $1 AND status <> 'cancelled'",
    )
    .bind(club)
    .fetch_one(&db.owner)
    .await
    .unwrap();
    let sales = format!("{base}/api/contracts/pipeline/sales");
    let calls: [(&str, String, Value, bool); 7] = [
        ("sales board", sales.clone(), json!({}), true),
        (
            "sales, one owner",
            format!("{sales}?userId={staff}"),
            json!({}),
            false,
        ),
        (
            "renegotiation",
            format!("{base}/api/contracts/pipeline/renegotiation"),
            json!({}),
            true,
        ),
        (
            "list default",
            format!("{base}/api/contracts"),
            json!({ "filter": {}, "page": 1, "perPage": 10 }),
            true,
        ),
        (
            "list search",
            format!("{base}/api/contracts"),
            json!({ "filter": { "search": SEARCH }, "page": 1, "perPage": 10 }),
            false,
        ),
        (
            "list approved",
            format!("{base}/api/contracts"),
            json!({ "filter": { "status": "approved" }, "page": 1, "perPage": 10 }),
            false,
        ),
        (
            "list deep page",
            format!("{base}/api/contracts"),
            json!({ "filter": {}, "page": deep, "perPage": 10 }),
            false,
        ),
    ];
    let mut failed = false;
    for (name, url, body, targeted) in &calls {
        let mut times = Vec::new();
        let mut answer = Value::Null;
        for round in 0..ROUNDS + 3 {
            let t = Instant::now();
            let response = client
                .post(url)
                .header("X-CSRF-Token", &csrf)
                .json(body)
                .send()
                .await
                .unwrap();
            assert!(
                response.status().is_success(),
                "{name}: {}",
                response.status()
            );
            answer = response.json().await.unwrap();
            let elapsed = t.elapsed();
            if round >= 3 {
                times.push(elapsed);
            }
        }
        check(name, &answer, contracts as i64, open);
        let (p50, p95) = common::percentiles(&mut times);
        let max = times.iter().max().copied().unwrap_or(Duration::ZERO);
        let max = max.as_secs_f64() * 1000.0;
        let over = p95 > TARGET_P95_MS;
        let note = match (targeted, over) {
            (true, false) => format!("(target p95 < {TARGET_P95_MS} ms)"),
            (true, true) => format!("(MISSED: target p95 < {TARGET_P95_MS} ms)"),
            (false, true) => format!("(over {TARGET_P95_MS} ms; not in the target)"),
            (false, false) => "(not in the target)".to_string(),
        };
        println!("{name:>16}: p50 {p50:6.1} ms   p95 {p95:6.1} ms   max {max:6.1} ms   {note}");
        failed |= *targeted && over;
    }
    pool.close().await;
    if failed {
        eprintln!("contracts benchmark: p95 above {TARGET_P95_MS} ms");
        std::process::exit(1);
    }
}

/// The answers are the club's: the Salg board holds every open contract, the list every one.
fn check(name: &str, answer: &Value, contracts: i64, open: i64) {
    let board_count = |answer: &Value| -> i64 {
        answer["result"]
            .as_object()
            .unwrap()
            .values()
            .map(|c| c["count"].as_i64().unwrap())
            .sum()
    };
    match name {
        "sales board" => assert_eq!(board_count(answer), open, "{name}"),
        "sales, one owner" => assert!(board_count(answer) < open, "{name}"),
        "renegotiation" => assert!(board_count(answer) > 0, "{name}"),
        "list default" | "list deep page" => {
            assert_eq!(answer["Total"].as_i64().unwrap(), contracts, "{name}");
            assert_eq!(answer["Result"].as_array().unwrap().len(), 10, "{name}");
        }
        _ => assert!(answer["Total"].as_i64().unwrap() > 0, "{name}"),
    }
}

async fn club_id(pool: &PgPool, name: &str) -> Uuid {
    sqlx::query_scalar("SELECT id FROM clients WHERE name = $1")
        .bind(name)
        .fetch_one(pool)
        .await
        .unwrap()
}

async fn user_id(pool: &PgPool, email: &str) -> Uuid {
    sqlx::query_scalar("SELECT id FROM users WHERE email = $1")
        .bind(email)
        .fetch_one(pool)
        .await
        .unwrap()
}

/// The club's companies, each with one contact, and its order categories, inserted with SQL
/// (they are not what is measured).
async fn seed_club_references(
    owner: &PgPool,
    club: Uuid,
    name: &'static str,
    contracts: usize,
    companies: i64,
    categories: usize,
    owners: &[Uuid],
) -> SeedClub {
    common::seed_companies_and_categories(owner, club, companies, categories).await;
    SeedClub {
        id: club,
        name,
        contracts,
        categories: sqlx::query_scalar(
            "SELECT id FROM order_categories WHERE client_id = $1 ORDER BY title",
        )
        .bind(club)
        .fetch_all(owner)
        .await
        .unwrap(),
        links: sqlx::query_as(
            "SELECT company_id, contact_id FROM company_contacts WHERE client_id = $1 ORDER BY company_id",
        )
        .bind(club)
        .fetch_all(owner)
        .await
        .unwrap(),
        owners: owners.to_vec(),
    }
}

/// Contract `i` of the club: 1–3 lines, a year's period, its renewal date somewhere in the 400
/// days either side of today.
fn contract_content(club: &SeedClub, i: usize, today: NaiveDate) -> ContractContent {
    let (company, contact) = club.links[(i * 7) % club.links.len()];
    let renew = today + chrono::Duration::days((i * 7_919 % 801) as i64 - 400);
    let end = renew + chrono::Duration::days(90);
    let start = end
        .checked_sub_months(Months::new(12))
        .and_then(|d| d.succ_opt())
        .unwrap_or(end);
    ContractContent {
        category_id: Some(club.categories[i % club.categories.len()]),
        company_id: Some(company),
        contact_id: Some(contact),
        owner_id: Some(club.owners[i % club.owners.len()]),
        description: Some(format!("Sponsoraftale {}", start.format("%Y"))),
        start_date: Some(start),
        end_date: Some(end),
        renew_date: Some(renew),
        lines: (0..1 + i % 3)
            .map(|l| ContractLine {
                line: OrderLine {
                    id: Uuid::new_v4(),
                    title: LINE_TITLES[(i + l) % LINE_TITLES.len()].into(),
                    price: Money::ore(500_000 + (i % 40) as i64 * 25_000),
                    amount: 1 + l as i64,
                    ..OrderLine::default()
                },
                unit: Unit::Stk,
            })
            .collect(),
        invoicing: InvoicingPlan {
            kind: Some(PlanKind::Single),
            invoice_date: Some(start),
            ..InvoicingPlan::default()
        },
        ..ContractContent::default()
    }
}

/// Creates contract `i` and moves it on: of every 20, one approved and cancelled, eight approved
/// (every other one signed), eleven left as drafts spread over the agreement statuses.
async fn seed_contract(service: &ContractService<'_>, club: &SeedClub, i: usize, today: NaiveDate) {
    let actor = Actor::system(club.id, "Benchmark");
    let id = service
        .create(
            &actor,
            contract_content(club, i, today),
            AgreementStatus::Unsent,
        )
        .await
        .unwrap_or_else(|e| panic!("{} contract {i}: {e:?}", club.name));
    let status = |status| {
        let command = ContractCommand::SetAgreementStatus { status };
        (command, "contract.agreement-status")
    };
    let approve = (ContractCommand::Approve, "contract.approve");
    let commands = match (i % 20, i % 4) {
        (0, _) => vec![approve, (ContractCommand::Cancel, "contract.cancel")],
        (1..=8, 0 | 2) => vec![approve, status(AgreementStatus::Signed)],
        (1..=8, _) => vec![approve],
        (_, 1) => vec![status(AgreementStatus::Scheduled)],
        (_, 2) => vec![status(AgreementStatus::Negotiation)],
        (_, 3) => vec![status(AgreementStatus::Sent)],
        _ => vec![],
    };
    for (command, name) in commands {
        service
            .execute(&actor, id, None, command, name)
            .await
            .unwrap_or_else(|e| panic!("{} contract {i}, {name}: {e:?}", club.name));
    }
}

/// How Demo FC's contracts lie, so the figures can be read against it.
async fn print_shape(owner: &PgPool, club: Uuid) {
    let shape: Vec<(String, String, i64)> = sqlx::query_as(
        "SELECT status, agreement_status, count(*) FROM contract_rows WHERE client_id = $1 \
         GROUP BY 1, 2 ORDER BY 1, 2",
    )
    .bind(club)
    .fetch_all(owner)
    .await
    .unwrap();
    let shape: Vec<String> = shape
        .iter()
        .map(|(s, a, n)| format!("{s}/{a} {n}"))
        .collect();
    println!("Demo FC: {}", shape.join(", "));
}
