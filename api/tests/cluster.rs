#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may (STYLE.md)

//! The production-shaped cluster (`ops/cluster up`): HAProxy, several nodes, a primary and its
//! standby, S3. Every test is ignored in `cargo test`; `ops/test cluster` starts the cluster and
//! runs them with `--ignored`, one at a time, against `TRIBUNE_CLUSTER_STATE` (its state.json).
//! Each test leaves the cluster as it found it, and prints its counts.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures::StreamExt;
use object_store::aws::AmazonS3Builder;
use object_store::ObjectStore;
use reqwest::cookie::Jar;
use reqwest::StatusCode;
use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::PgPool;
use uuid::Uuid;

#[path = "../benches/common/sale.rs"]
mod sale;
use sale::{sale, window_club};

const PASSWORD: &str = "tribune-demo";

#[derive(Debug, Deserialize)]
struct Node {
    name: String,
    url: String,
    pid: u32,
}

#[derive(Debug, Deserialize)]
struct Cluster {
    balancer: String,
    stats: String,
    nodes: Vec<Node>,
    owner_url: String,
    standby_owner_url: String,
    s3_endpoint: String,
    s3_bucket: String,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

impl Cluster {
    fn load() -> Cluster {
        let path = std::env::var("TRIBUNE_CLUSTER_STATE")
            .map(PathBuf::from)
            .unwrap_or_else(|_| root().join(".data/cluster/state.json"));
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (ops/cluster up first)", path.display()));
        serde_json::from_str(&text).expect("state.json")
    }

    async fn owner(&self) -> PgPool {
        sqlx::postgres::PgPoolOptions::new()
            .max_connections(2)
            .connect(&self.owner_url)
            .await
            .expect("the primary")
    }

    fn node(&self, name: &str) -> &Node {
        self.nodes.iter().find(|n| n.name == name).expect("node")
    }

    /// `ops/cluster ARGS…`, which must succeed.
    fn ops(&self, args: &[&str]) {
        let status = Command::new(root().join("ops/cluster"))
            .args(args)
            .status()
            .expect("ops/cluster");
        assert!(status.success(), "ops/cluster {args:?}: {status}");
    }

    /// HAProxy's view of a server: its status column (UP, DOWN, …) in the stats CSV.
    async fn balancer_status(&self, server: &str) -> String {
        let csv = reqwest::get(format!("{};csv", self.stats))
            .await
            .expect("stats")
            .text()
            .await
            .expect("csv");
        let header: Vec<&str> = csv
            .lines()
            .next()
            .expect("header")
            .trim_start_matches("# ")
            .split(',')
            .collect();
        let column = header.iter().position(|h| *h == "status").expect("status");
        csv.lines()
            .map(|l| l.split(',').collect::<Vec<_>>())
            .find(|row| row.first() == Some(&"nodes") && row.get(1) == Some(&server))
            .map(|row| row[column].to_string())
            .unwrap_or_default()
    }
}

/// A browser against BASE: its own cookies (shared by every node: they are one host), the CSRF
/// header on every write as the webapp sends it.
struct Browser {
    client: reqwest::Client,
    jar: Arc<Jar>,
}

impl Browser {
    fn new() -> Browser {
        let jar = Arc::new(Jar::default());
        let client = reqwest::Client::builder()
            .cookie_provider(jar.clone())
            .timeout(Duration::from_secs(30))
            .build()
            .expect("client");
        Browser { client, jar }
    }

    fn csrf(&self, base: &str) -> String {
        use reqwest::cookie::CookieStore;
        let url = reqwest::Url::parse(base).expect("url");
        let header = self.jar.cookies(&url);
        let header = header
            .as_ref()
            .and_then(|h| h.to_str().ok())
            .unwrap_or_default();
        header
            .split("; ")
            .find_map(|kv| kv.strip_prefix("tribune_csrf="))
            .unwrap_or_default()
            .to_string()
    }

    async fn log_in(&self, base: &str, email: &str) {
        let response = self
            .client
            .post(format!("{base}/api/login"))
            .header("X-CSRF-Token", self.csrf(base))
            .json(&json!({ "email": email, "password": PASSWORD, "rememberMe": false }))
            .send()
            .await
            .expect("login");
        assert_eq!(response.status(), StatusCode::OK, "login {email} at {base}");
    }

    async fn get_json(&self, url: &str) -> (StatusCode, Value) {
        let response = self.client.get(url).send().await.expect("GET");
        let status = response.status();
        (status, response.json().await.unwrap_or(Value::Null))
    }
}

fn node_of(response: &reqwest::Response) -> String {
    response
        .headers()
        .get("x-tribune-node")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string()
}

#[tokio::test]
#[ignore = "needs the cluster: ops/test cluster"]
async fn every_node_is_ready_and_names_itself_and_the_balancer_spreads_and_hides_metrics() {
    let cluster = Cluster::load();
    for node in &cluster.nodes {
        let response = reqwest::get(format!("{}/readyz", node.url))
            .await
            .expect("readyz");
        assert_eq!(response.status(), StatusCode::OK, "{} /readyz", node.name);
        assert_eq!(node_of(&response), node.name);
        assert_eq!(cluster.balancer_status(&node.name).await, "UP");
        assert!(node.pid > 0);
    }
    let mut served: BTreeMap<String, usize> = BTreeMap::new();
    for _ in 0..20 {
        let response = reqwest::get(format!("{}/healthz", cluster.balancer))
            .await
            .expect("through the balancer");
        assert_eq!(response.status(), StatusCode::OK);
        *served.entry(node_of(&response)).or_default() += 1;
    }
    println!("20 requests through the balancer, by node: {served:?}");
    let names: Vec<&str> = cluster.nodes.iter().map(|n| n.name.as_str()).collect();
    assert_eq!(
        served.keys().map(String::as_str).collect::<Vec<_>>(),
        names,
        "every node serves"
    );
    let metrics = reqwest::get(format!("{}/metrics", cluster.balancer))
        .await
        .expect("metrics");
    assert_eq!(
        metrics.status(),
        StatusCode::FORBIDDEN,
        "the balancer never shows /metrics"
    );
}

#[tokio::test]
#[ignore = "needs the cluster: ops/test cluster"]
async fn a_file_uploaded_through_one_node_downloads_through_another_and_lives_in_s3() {
    let cluster = Cluster::load();
    assert!(cluster.nodes.len() >= 2, "two nodes at least");
    let (one, two) = (&cluster.nodes[0].url, &cluster.nodes[1].url);
    let staff = Browser::new();
    staff.log_in(one, "staff@tribune.test").await;
    // The session made on node-1 is good on node-2.
    let (status, me) = staff.get_json(&format!("{two}/api/user")).await;
    assert_eq!(status, StatusCode::OK, "{me}");
    let (_, picks) = staff.get_json(&format!("{two}/api/companies")).await;
    let company = picks["result"][0]["id"]
        .as_str()
        .expect("a demo company")
        .to_string();

    let bytes = format!("Sponsoraftale {}", uuid::Uuid::new_v4()).into_bytes();
    let form = reqwest::multipart::Form::new()
        .text("relationId", company.clone())
        .text("relationType", "company")
        .part(
            "files",
            reqwest::multipart::Part::bytes(bytes.clone()).file_name("aftale.txt"),
        );
    let response = staff
        .client
        .post(format!("{one}/api/files/upload"))
        .header("X-CSRF-Token", staff.csrf(one))
        .multipart(form)
        .send()
        .await
        .expect("upload");
    assert_eq!(node_of(&response), cluster.nodes[0].name);
    let upload: Value = response.json().await.expect("json");
    let file = upload["result"][0]["id"]
        .as_str()
        .unwrap_or_else(|| panic!("uploaded: {upload}"))
        .to_string();

    let download = staff
        .client
        .get(format!("{two}/api/files/download/{file}"))
        .send()
        .await
        .expect("download");
    assert_eq!(download.status(), StatusCode::OK);
    assert_eq!(node_of(&download), cluster.nodes[1].name);
    assert_eq!(download.bytes().await.expect("bytes").to_vec(), bytes);

    // The bytes are in the bucket, not on a node's disk.
    let store = AmazonS3Builder::new()
        .with_bucket_name(&cluster.s3_bucket)
        .with_endpoint(&cluster.s3_endpoint)
        .with_region("us-east-1")
        .with_access_key_id("tribune-stand-in")
        .with_secret_access_key("tribune-stand-in")
        .with_allow_http(true)
        .build()
        .expect("s3");
    let mut found = false;
    let mut objects = store.list(None);
    let mut count = 0;
    while let Some(meta) = objects.next().await {
        let meta = meta.expect("listed");
        count += 1;
        if store
            .get(&meta.location)
            .await
            .expect("get")
            .bytes()
            .await
            .expect("bytes")
            == bytes
        {
            found = true;
        }
    }
    println!("{count} objects in the bucket; the upload among them: {found}");
    assert!(found, "the upload is in S3");
}

// ---------------------------------------------------------------------------------------------
// Selling through the balancer

/// A visitor of the club's public site, through BASE.
async fn visitor(base: &str, club: Uuid, connections: usize) -> reqwest::Client {
    let client = reqwest::Client::builder()
        .cookie_store(true)
        .pool_max_idle_per_host(connections)
        .timeout(Duration::from_secs(30))
        .build()
        .expect("client");
    client
        .get(format!("{base}/public/app/change-client/{club}"))
        .send()
        .await
        .expect("the club's site");
    client
}

/// What one booking call came to.
enum Booked {
    /// 200, served by this node.
    Yes(String),
    /// 422: the event has fewer places than asked; the text says how many.
    Refused(String),
    /// No answer or the balancer's 502/503/504 (or a node's 5xx): ask again with the same intent.
    Again(String),
}

async fn book(
    client: &reqwest::Client,
    base: &str,
    (event, ticket): (Uuid, Uuid),
    amount: i64,
    intent: &str,
) -> Booked {
    let booking = json!({
        "eventId": event,
        "products": [{ "productId": ticket, "amount": amount }],
        "firstname": "Køber",
        "lastname": intent,
        "email": "koeber@example.dk",
        "phone": "12345678",
        "acceptTerms": true,
    });
    let response = match client
        .post(format!("{base}/public/events/book?intentSecret={intent}"))
        .json(&booking)
        .send()
        .await
    {
        Ok(response) => response,
        // The balancer closed the connection: the node serving it died (the request may have been
        // done; the same intent asked again books it once).
        Err(e) => return Booked::Again(format!("connection: {}", innermost(&e))),
    };
    let status = response.status().as_u16();
    let node = node_of(&response);
    let body: Value = response.json().await.unwrap_or_default();
    match status {
        200 => Booked::Yes(node),
        422 => Booked::Refused(body["error"].as_str().unwrap_or_default().to_string()),
        500..=599 => Booked::Again(format!("{status}")),
        other => panic!("booking answered {other}: {body}"),
    }
}

/// The innermost cause of a failed call ("connection closed before message completed", "Connection
/// reset by peer" …): a few kinds, so counting failures by it stays readable.
fn innermost(error: &reqwest::Error) -> String {
    let mut cause: &dyn std::error::Error = error;
    while let Some(next) = cause.source() {
        cause = next;
    }
    cause.to_string()
}

/// Whether a 422's text says the event has no more places for anyone.
fn sold_out(text: &str) -> bool {
    text.contains("kun 0 ") || text.contains("ikke længere")
}

/// What the buyers of a rush were answered.
#[derive(Default)]
struct Answers {
    /// Each intent answered 200, with its tickets and the node that answered.
    booked: Vec<(String, i64, String)>,
    /// Calls asked again, by why.
    retried: BTreeMap<String, usize>,
    /// When the first and the last call that had to be asked again were made.
    trouble: Option<(Instant, Instant)>,
}

impl Answers {
    fn tickets(&self) -> i64 {
        self.booked.iter().map(|(_, n, _)| n).sum()
    }
}

/// BUYERS buy 1–4 tickets of the event at BASE again and again, each asking again with the same
/// intent until it gets an answer, until the event is sold out or `stop` is set.
async fn rush(
    client: &reqwest::Client,
    base: &str,
    sale: (Uuid, Uuid),
    buyers: i64,
    stop: Arc<AtomicBool>,
    sold: Arc<AtomicI64>,
) -> Answers {
    let answers = Arc::new(Mutex::new(Answers::default()));
    let mut tasks = Vec::new();
    for buyer in 0..buyers {
        let (client, base, stop, sold, answers) = (
            client.clone(),
            base.to_string(),
            stop.clone(),
            sold.clone(),
            answers.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let mut round = 0_i64;
            while !stop.load(Ordering::Relaxed) {
                let amount = 1 + (buyer + round) % 4;
                round += 1;
                let intent = format!("rush-{}-{buyer}-{round}", sale.0);
                let mut attempts = 0;
                loop {
                    attempts += 1;
                    assert!(attempts < 600, "{intent} never got an answer");
                    match book(&client, &base, sale, amount, &intent).await {
                        Booked::Yes(node) => {
                            sold.fetch_add(amount, Ordering::Relaxed);
                            answers.lock().unwrap().booked.push((intent, amount, node));
                            break;
                        }
                        Booked::Refused(text) => {
                            if sold_out(&text) || amount == 1 {
                                return;
                            }
                            break;
                        }
                        Booked::Again(why) => {
                            {
                                let now = Instant::now();
                                let mut answers = answers.lock().unwrap();
                                *answers.retried.entry(why).or_default() += 1;
                                answers.trouble = Some(match answers.trouble {
                                    Some((first, _)) => (first, now),
                                    None => (now, now),
                                });
                            }
                            tokio::time::sleep(Duration::from_millis(100)).await;
                        }
                    }
                }
            }
        }));
    }
    for task in tasks {
        task.await.expect("buyer");
    }
    Arc::try_unwrap(answers)
        .ok()
        .expect("every buyer is done")
        .into_inner()
        .unwrap()
}

/// The rows `sales` has of these intents, and the places the event has taken.
async fn recorded(owner: &PgPool, event: Uuid, answers: &Answers) -> (i64, i64) {
    let intents: Vec<String> = answers.booked.iter().map(|(i, _, _)| i.clone()).collect();
    let rows: i64 = sqlx::query_scalar("SELECT count(*) FROM sales WHERE intent = ANY($1)")
        .bind(&intents)
        .fetch_one(owner)
        .await
        .expect("sales");
    let taken: Option<i32> =
        sqlx::query_scalar("SELECT taken FROM capacity_counters WHERE key = $1")
            .bind(format!("event:{event}"))
            .fetch_optional(owner)
            .await
            .expect("counter");
    (rows, i64::from(taken.unwrap_or(0)))
}

/// Waits until HAProxy says SERVER is STATUS (UP, DOWN …), at most SECONDS.
async fn until_balancer_says(cluster: &Cluster, server: &str, status: &str, seconds: u64) -> bool {
    let end = Instant::now() + Duration::from_secs(seconds);
    while Instant::now() < end {
        if cluster.balancer_status(server).await.starts_with(status) {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    false
}

fn ops_in_background(args: &'static [&'static str]) -> tokio::task::JoinHandle<()> {
    tokio::task::spawn_blocking(move || Cluster::load().ops(args))
}

#[tokio::test]
#[ignore = "needs the cluster: ops/test cluster"]
async fn a_node_told_to_stop_drains_first_and_no_request_is_cut() {
    let cluster = Cluster::load();
    let one = cluster.node("node-1").url.clone();
    let owner = cluster.owner().await;
    let club = window_club(&owner).await;
    let sale = sale(
        &owner,
        club,
        &format!("Drain {}", Uuid::new_v4()),
        1_000_000,
    )
    .await;
    let client = visitor(&cluster.balancer, club, 64).await;

    // Requests in flight on node-1 when it is told to stop: each takes 8 s, longer than the drain.
    let mut sleepers = Vec::new();
    for _ in 0..10 {
        let url = format!("{one}/stand-ins/payment-window/slow?ms=8000");
        sleepers.push(tokio::spawn(async move {
            reqwest::get(url).await.map(|r| r.status().as_u16())
        }));
    }
    // Traffic through the balancer all along: bookings and page reads.
    let stop = Arc::new(AtomicBool::new(false));
    let served: Arc<Mutex<BTreeMap<String, usize>>> = Arc::default();
    let failed: Arc<Mutex<Vec<String>>> = Arc::default();
    let mut traffic = Vec::new();
    let began = Instant::now();
    for client_no in 0..20 {
        let (client, base, stop, served, failed) = (
            client.clone(),
            cluster.balancer.clone(),
            stop.clone(),
            served.clone(),
            failed.clone(),
        );
        traffic.push(tokio::spawn(async move {
            let mut round = 0;
            while !stop.load(Ordering::Relaxed) {
                round += 1;
                let (node, outcome) = if client_no % 2 == 0 {
                    let intent = format!("drain-{}-{client_no}-{round}", sale.0);
                    match book(&client, &base, sale, 1, &intent).await {
                        Booked::Yes(node) => (node, None),
                        Booked::Refused(text) => (String::new(), Some(format!("422 {text}"))),
                        Booked::Again(why) => (String::new(), Some(why)),
                    }
                } else {
                    match client.get(format!("{base}/healthz")).send().await {
                        Ok(r) if r.status().is_success() => (node_of(&r), None),
                        Ok(r) => (String::new(), Some(r.status().to_string())),
                        Err(e) => (
                            String::new(),
                            Some(format!("connection: {}", innermost(&e))),
                        ),
                    }
                };
                match outcome {
                    None => *served.lock().unwrap().entry(node).or_default() += 1,
                    Some(why) => failed
                        .lock()
                        .unwrap()
                        .push(format!("{why} at {:.1} s", began.elapsed().as_secs_f64())),
                }
            }
        }));
    }
    tokio::time::sleep(Duration::from_millis(500)).await;

    let pid = cluster.node("node-1").pid;
    println!("drain: SIGTERM at {:.1} s", began.elapsed().as_secs_f64());
    let stopping = ops_in_background(&["node", "stop", "1"]);
    let (mut said_draining, mut balancer_took_it_out) = (false, false);
    while !stopping.is_finished() {
        if let Ok(r) = reqwest::get(format!("{one}/readyz")).await {
            if r.status() == StatusCode::SERVICE_UNAVAILABLE
                && r.text().await.unwrap_or_default() == "draining"
            {
                said_draining = true;
            }
        }
        if cluster.balancer_status("node-1").await.starts_with("DOWN") {
            balancer_took_it_out = true;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    stopping.await.expect("node stop");
    assert!(
        !std::path::Path::new(&format!("/proc/{pid}")).exists(),
        "node-1 ended"
    );
    tokio::time::sleep(Duration::from_secs(2)).await;
    stop.store(true, Ordering::Relaxed);
    for task in traffic {
        task.await.expect("traffic");
    }
    let mut cut = 0;
    for sleeper in sleepers {
        if !matches!(sleeper.await.expect("sleeper"), Ok(200)) {
            cut += 1;
        }
    }
    let served = served.lock().unwrap().clone();
    let failed = failed.lock().unwrap().clone();
    println!(
        "drain: through the balancer {} requests, by node {served:?}, failed {}; \
         in flight on node-1 when stopped: 10, cut {cut}; node-1 said draining: {said_draining}; \
         the balancer took it out before it ended: {balancer_took_it_out}",
        served.values().sum::<usize>(),
        failed.len()
    );
    cluster.ops(&["node", "start", "1"]);
    assert!(
        until_balancer_says(&cluster, "node-1", "UP", 15).await,
        "node-1 back"
    );
    assert_eq!(cut, 0, "a request in flight was cut");
    assert!(
        failed.is_empty(),
        "{} failed through the balancer, the first: {:?}",
        failed.len(),
        &failed[..failed.len().min(5)]
    );
    assert!(
        said_draining,
        "node-1 answered /readyz 503 draining before it ended"
    );
    assert!(
        balancer_took_it_out,
        "HAProxy marked node-1 DOWN before it ended"
    );
    assert!(served.get("node-2").copied().unwrap_or(0) > 0);
}

#[tokio::test]
#[ignore = "needs the cluster: ops/test cluster"]
async fn a_node_killed_mid_rush_loses_no_answered_booking_and_oversells_nothing() {
    const PLACES: i32 = 3_000;
    let cluster = Cluster::load();
    let owner = cluster.owner().await;
    let club = window_club(&owner).await;
    let sale = sale(
        &owner,
        club,
        &format!("Kill {}", Uuid::new_v4()),
        i64::from(PLACES),
    )
    .await;
    let client = visitor(&cluster.balancer, club, 150).await;
    let stop = Arc::new(AtomicBool::new(false));
    let sold = Arc::new(AtomicI64::new(0));

    let killer = {
        let sold = sold.clone();
        tokio::spawn(async move {
            while sold.load(Ordering::Relaxed) < i64::from(PLACES) * 3 / 10 {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            let at = sold.load(Ordering::Relaxed);
            ops_in_background(&["node", "kill", "1"])
                .await
                .expect("kill");
            at
        })
    };
    let answers = rush(&client, &cluster.balancer, sale, 150, stop, sold.clone()).await;
    let killed_at = killer.await.expect("killer");
    cluster.ops(&["node", "start", "1"]);
    assert!(
        until_balancer_says(&cluster, "node-1", "UP", 15).await,
        "node-1 back"
    );

    let (rows, taken) = recorded(&owner, sale.0, &answers).await;
    let mut by_node: BTreeMap<&str, usize> = BTreeMap::new();
    for (_, _, node) in &answers.booked {
        *by_node.entry(node.as_str()).or_default() += 1;
    }
    println!(
        "kill -9 mid-rush: node-1 killed at {killed_at} of {PLACES} tickets; answered 200: {}, \
         retried: {:?}, sales rows {rows}, taken {taken} of {PLACES}, tickets answered {}, \
         oversold {}, bookings by node: {by_node:?}",
        answers.booked.len(),
        answers.retried,
        answers.tickets(),
        (taken - i64::from(PLACES)).max(0)
    );
    assert_eq!(
        rows,
        answers.booked.len() as i64,
        "an answered booking is lost"
    );
    assert_eq!(taken, answers.tickets(), "places taken = tickets answered");
    assert!(taken <= i64::from(PLACES), "oversold");
    assert!(!answers.retried.is_empty(), "the kill was felt");
    assert!(by_node.get("node-2").copied().unwrap_or(0) > 0);
}

#[tokio::test]
#[ignore = "needs the cluster: ops/test cluster"]
async fn a_restart_of_the_primary_under_load_loses_nothing_committed_and_everything_reconnects() {
    let cluster = Cluster::load();
    let pids: Vec<u32> = cluster.nodes.iter().map(|n| n.pid).collect();
    let owner = cluster.owner().await;
    let club = window_club(&owner).await;
    let sale = sale(
        &owner,
        club,
        &format!("Genstart {}", Uuid::new_v4()),
        1_000_000,
    )
    .await;
    let client = visitor(&cluster.balancer, club, 30).await;
    owner.close().await;

    let stop = Arc::new(AtomicBool::new(false));
    let sold = Arc::new(AtomicI64::new(0));
    let restart = {
        let stop = stop.clone();
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_secs(5)).await;
            let started = Instant::now();
            ops_in_background(&["pg", "restart-primary", "--immediate"])
                .await
                .expect("restart");
            let took = started.elapsed();
            tokio::time::sleep(Duration::from_secs(10)).await;
            stop.store(true, Ordering::Relaxed);
            took
        })
    };
    let answers = rush(&client, &cluster.balancer, sale, 30, stop, sold).await;
    let restart_took = restart.await.expect("restart");

    // Every node is back by itself, the same processes.
    for (node, pid) in cluster.nodes.iter().zip(&pids) {
        assert!(
            std::path::Path::new(&format!("/proc/{pid}")).exists(),
            "{} was not restarted",
            node.name
        );
        let end = Instant::now() + Duration::from_secs(30);
        loop {
            let ready = reqwest::get(format!("{}/readyz", node.url))
                .await
                .is_ok_and(|r| r.status() == StatusCode::OK);
            if ready {
                break;
            }
            assert!(Instant::now() < end, "{} not ready again", node.name);
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
    let owner = cluster.owner().await;
    let (rows, taken) = recorded(&owner, sale.0, &answers).await;
    // The projections catch up, and the standby replays to the primary's head.
    let end = Instant::now() + Duration::from_secs(30);
    let lagging = loop {
        let metrics = reqwest::get(format!("{}/metrics", cluster.nodes[0].url))
            .await
            .expect("metrics")
            .text()
            .await
            .expect("text");
        let lagging: Vec<String> = metrics
            .lines()
            .filter(|l| l.starts_with("tribune_projector_lag_events{") && !l.ends_with(" 0"))
            .map(str::to_string)
            .collect();
        if lagging.is_empty() || Instant::now() > end {
            break lagging;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    };
    let head: String = sqlx::query_scalar("SELECT pg_current_wal_lsn()::text")
        .fetch_one(&owner)
        .await
        .expect("lsn");
    let standby = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .connect(&cluster.standby_owner_url)
        .await
        .expect("the standby");
    let end = Instant::now() + Duration::from_secs(30);
    let replayed = loop {
        let caught_up: bool = sqlx::query_scalar("SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn")
            .bind(&head)
            .fetch_one(&standby)
            .await
            .expect("replay lsn");
        if caught_up || Instant::now() > end {
            break caught_up;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    let outage = answers
        .trouble
        .map(|(first, last)| (last - first).as_secs_f64())
        .unwrap_or(0.0);
    println!(
        "primary restart (immediate, {:.1} s) under load: answered 200: {}, retried {:?} over {outage:.1} s, \
         sales rows {rows}, taken {taken}, tickets answered {}; projections behind after: {lagging:?}; \
         standby at the primary's {head}: {replayed}",
        restart_took.as_secs_f64(),
        answers.booked.len(),
        answers.retried,
        answers.tickets(),
    );
    assert_eq!(
        rows,
        answers.booked.len() as i64,
        "an answered booking is lost"
    );
    assert_eq!(taken, answers.tickets());
    assert!(lagging.is_empty(), "projections still behind: {lagging:?}");
    assert!(replayed, "the standby did not catch up");
    let replay = tribune(&cluster.owner_url, &["replay", "all", "--check"]);
    assert!(replay.0, "replay all --check: {}", replay.1);
}

/// `tribune ARGS…` (this build's binary) against DATABASE: (succeeded, its output).
fn tribune(database: &str, args: &[&str]) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_tribune"))
        .args(args)
        .env("DATABASE_URL", database)
        .env("TRIBUNE_LOG", "error")
        .output()
        .expect("tribune");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.success(), text)
}

#[tokio::test]
#[ignore = "needs the cluster: ops/test cluster"]
async fn a_point_in_time_restore_has_the_order_before_the_moment_and_not_the_one_after() {
    let cluster = Cluster::load();
    let owner = cluster.owner().await;
    let club = window_club(&owner).await;
    let sale = sale(&owner, club, &format!("Gendan {}", Uuid::new_v4()), 100).await;
    let client = visitor(&cluster.balancer, club, 2).await;
    cluster.ops(&["backup"]);

    let before = format!("pitr-before-{}", Uuid::new_v4());
    assert!(matches!(
        book(&client, &cluster.balancer, sale, 2, &before).await,
        Booked::Yes(_)
    ));
    tokio::time::sleep(Duration::from_secs(1)).await;
    let moment: String = sqlx::query_scalar("SELECT clock_timestamp()::text")
        .fetch_one(&owner)
        .await
        .expect("now");
    tokio::time::sleep(Duration::from_secs(1)).await;
    let after = format!("pitr-after-{}", Uuid::new_v4());
    assert!(matches!(
        book(&client, &cluster.balancer, sale, 3, &after).await,
        Booked::Yes(_)
    ));
    let orders: Vec<(String, i64)> = sqlx::query_as(
        "SELECT s.intent, o.number FROM sales s JOIN order_rows o ON o.id = s.order_id \
         WHERE s.intent = ANY($1) ORDER BY s.intent DESC",
    )
    .bind([&before, &after])
    .fetch_all(&owner)
    .await
    .unwrap_or_default();

    // The WAL with the second order is archived before the restore reads the archive.
    let segment: String = sqlx::query_scalar("SELECT pg_walfile_name(pg_switch_wal())")
        .fetch_one(&owner)
        .await
        .expect("switch");
    let end = Instant::now() + Duration::from_secs(60);
    loop {
        let archived: Option<String> =
            sqlx::query_scalar("SELECT last_archived_wal FROM pg_stat_archiver")
                .fetch_one(&owner)
                .await
                .expect("archiver");
        if archived.is_some_and(|a| a >= segment) {
            break;
        }
        assert!(Instant::now() < end, "{segment} was never archived");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }

    let restore = Command::new(root().join("ops/cluster"))
        .args(["restore", "--to-time", &moment])
        .output()
        .expect("restore");
    let printed = String::from_utf8_lossy(&restore.stdout).to_string();
    assert!(
        restore.status.success(),
        "restore: {printed}{}",
        String::from_utf8_lossy(&restore.stderr)
    );
    let restored_url = printed
        .lines()
        .find_map(|l| l.strip_prefix("DATABASE_URL="))
        .expect("the restored database's URL")
        .to_string();
    let restored = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .connect(&restored_url)
        .await
        .expect("the restored database");
    let kept: Vec<String> = sqlx::query_scalar("SELECT intent FROM sales WHERE intent = ANY($1)")
        .bind([&before, &after])
        .fetch_all(&restored)
        .await
        .expect("sales");
    restored.close().await;
    let catch_up = tribune(&restored_url, &["catch-up"]);
    let verify = tribune(&restored_url, &["audit", "verify"]);
    let replay = tribune(&restored_url, &["replay", "all", "--check"]);
    println!(
        "point-in-time restore to {moment}: orders {orders:?}; restored has {kept:?}; \
         catch-up: {}; audit verify: {}; replay all --check: {}",
        catch_up.1.trim().replace('\n', ", "),
        verify.1.trim(),
        if replay.0 {
            "no difference"
        } else {
            replay.1.as_str()
        }
    );
    assert_eq!(
        kept,
        vec![before],
        "the order before the moment, not the one after"
    );
    assert!(catch_up.0, "catch-up: {}", catch_up.1);
    assert!(verify.0, "audit verify: {}", verify.1);
    assert!(replay.0, "replay all --check: {}", replay.1);
}

impl Browser {
    /// Saves a company as its editor does (multipart with the JSON in `data`): its id.
    async fn save_company(&self, base: &str, name: &str) -> String {
        let data = json!({ "name": name, "status": 0, "cvr": "12345678", "phone": "",
                           "useEAN": false, "vatExcluded": false });
        let form = reqwest::multipart::Form::new().text("data", data.to_string());
        let response = self
            .client
            .post(format!("{base}/api/companies/update"))
            .header("X-CSRF-Token", self.csrf(base))
            .multipart(form)
            .send()
            .await
            .expect("save");
        let body: Value = response.json().await.expect("json");
        body["result"]
            .as_str()
            .unwrap_or_else(|| panic!("saved: {body}"))
            .to_string()
    }

    /// The companies list searched for NAME: (its total, where it read).
    async fn companies_named(&self, base: &str, name: &str) -> (i64, String) {
        let response = self
            .client
            .post(format!("{base}/api/companies"))
            .header("X-CSRF-Token", self.csrf(base))
            .json(
                &json!({ "filter": { "search": name }, "sort": { "field": "Name", "dir": "asc" },
                           "page": 1, "perPage": 10 }),
            )
            .send()
            .await
            .expect("list");
        let read = response
            .headers()
            .get("x-tribune-read")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string();
        let body: Value = response.json().await.expect("json");
        (body["Total"].as_i64().expect("Total"), read)
    }
}

/// Waits until the standby has replayed everything the primary has now.
async fn standby_caught_up(owner: &PgPool, standby: &PgPool) {
    let head: String = sqlx::query_scalar("SELECT pg_current_wal_lsn()::text")
        .fetch_one(owner)
        .await
        .expect("lsn");
    for _ in 0..300 {
        let replayed: bool = sqlx::query_scalar("SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn")
            .bind(&head)
            .fetch_one(standby)
            .await
            .expect("replay");
        if replayed {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the standby never replayed {head}");
}

#[tokio::test]
#[ignore = "needs the cluster: ops/test cluster"]
async fn a_write_is_in_its_writers_list_at_once_and_other_lists_read_the_standby() {
    let cluster = Cluster::load();
    let owner = cluster.owner().await;
    let standby = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .connect(&cluster.standby_owner_url)
        .await
        .expect("the standby");
    let (writer, reader) = (Browser::new(), Browser::new());
    writer.log_in(&cluster.balancer, "staff@tribune.test").await;
    reader.log_in(&cluster.balancer, "admin@tribune.test").await;
    let stamp = Uuid::new_v4().simple().to_string();

    // A write followed by its list, 50 times through the balancer: always there.
    let mut reads: BTreeMap<String, usize> = BTreeMap::new();
    for i in 0..50 {
        let name = format!("Skrevet {stamp} {i}");
        writer.save_company(&cluster.balancer, &name).await;
        let (total, read) = writer.companies_named(&cluster.balancer, &name).await;
        assert_eq!(
            total, 1,
            "{name} missing from its writer's list (read {read})"
        );
        *reads.entry(read).or_default() += 1;
    }

    // With the standby's replay held: the writer still sees its write (the primary), a reader
    // whose last write the standby has replayed reads the standby, without it.
    standby_caught_up(&owner, &standby).await;
    tokio::time::sleep(Duration::from_secs(1)).await; // the nodes' watch looks every 500 ms
    let (_, before) = reader.companies_named(&cluster.balancer, &stamp).await;
    cluster.ops(&["pg", "pause-replay"]);
    let name = format!("Holdt {stamp}");
    writer.save_company(&cluster.balancer, &name).await;
    let (writer_sees, writer_read) = writer.companies_named(&cluster.balancer, &name).await;
    let (reader_sees, reader_read) = reader.companies_named(&cluster.balancer, &name).await;
    cluster.ops(&["pg", "resume-replay"]);
    standby_caught_up(&owner, &standby).await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let (reader_sees_later, _) = reader.companies_named(&cluster.balancer, &name).await;
    println!(
        "reads: 50 writes each listed at once, read from {reads:?}; replay held: the writer saw its \
         write {writer_sees} (read {writer_read}), another user {reader_sees} (read {reader_read}, \
         before the hold {before}); after the standby caught up: {reader_sees_later}"
    );
    assert_eq!((writer_sees, writer_read.as_str()), (1, "primary"));
    assert_eq!(
        before, "standby",
        "a user with nothing unreplayed reads the standby"
    );
    assert_eq!((reader_sees, reader_read.as_str()), (0, "standby"));
    assert_eq!(reader_sees_later, 1);
}
