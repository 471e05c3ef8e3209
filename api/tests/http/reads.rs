//! Reads from the standby (ARCHITECTURE §10, `kit::reads`): a stale-tolerant list reads the
//! standby when it is healthy, close enough and has the caller's last write; the caller's reads
//! right after their write, and every route not marked, read the primary. The "standby" here is
//! the test's own database through read-only connections whose replay position the test sets
//! (`AppOptions::simulated_standby`).

use reqwest::{Response, StatusCode};
use serde_json::{json, Value};
use tribune_api::kit::reads::{Lsn, ReadPolicy};
use tribune_api::kit::routes::RouteInfo;

use crate::helpers::{a_contact, spawn_app, spawn_app_with, AppOptions, Browser, TestApp};

async fn with_a_standby() -> TestApp {
    spawn_app_with(AppOptions {
        simulated_standby: true,
        ..AppOptions::default()
    })
    .await
}

/// Where the answer says its reads went (None: it read nothing through `Reads`).
fn read_from(response: &Response) -> Option<String> {
    response
        .headers()
        .get("x-tribune-read")
        .map(|v| v.to_str().expect("ascii").to_string())
}

fn sets_the_position(response: &Response) -> bool {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .any(|cookie| {
            cookie
                .to_str()
                .unwrap_or_default()
                .starts_with("tribune_lsn=")
        })
}

/// The contacts list, and where it read.
async fn contacts(staff: &Browser) -> (Option<String>, Value) {
    let response = staff
        .post("/api/contacts", &json!({ "perPage": 100 }))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(
        !sets_the_position(&response),
        "a stale-tolerant list is no write"
    );
    let from = read_from(&response);
    (from, response.json().await.expect("json"))
}

fn lists(body: &Value, email: &str) -> bool {
    body["Result"]
        .as_array()
        .expect("rows")
        .iter()
        .any(|row| row.to_string().contains(email))
}

#[tokio::test]
async fn a_list_reads_the_standby_but_the_writer_reads_the_primary_until_the_standby_has_the_write()
{
    let app = with_a_standby().await;
    let staff = app.signed_in("staff@tribune.test").await;
    // The standby has replayed everything up to now, the login too.
    let head = app.primary_lsn().await;
    app.standby_replayed(Some(&head), 0.2).await;
    let (from, _) = contacts(&staff).await;
    assert_eq!(from.as_deref(), Some("standby"));

    // When the caller writes, the answer gives them the primary's position after it …
    let (_, email) = a_contact(&staff).await;
    let written = staff.cookies()["tribune_lsn"].clone();
    assert!(
        Lsn::parse(&written).expect("a position") > Lsn::parse(&head).expect("a position"),
        "{written} after {head}"
    );
    // … and their next read goes to the primary, which has the write.
    let (from, body) = contacts(&staff).await;
    assert_eq!(from.as_deref(), Some("primary"));
    assert!(lists(&body, &email), "{body}");

    // Once the standby has replayed it, the standby serves them again.
    let caught_up = app.primary_lsn().await;
    app.standby_replayed(Some(&caught_up), 0.2).await;
    let (from, body) = contacts(&staff).await;
    assert_eq!(from.as_deref(), Some("standby"));
    assert!(lists(&body, &email), "{body}");
}

#[tokio::test]
async fn the_write_s_cookie_is_for_this_site_for_a_minute_and_unreadable_to_scripts() {
    let app = with_a_standby().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let response = staff
        .post("/api/contacts/lists/update", &json!({ "title": "VIP" }))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        read_from(&response),
        None,
        "an editor reads nothing through Reads"
    );
    let cookie = response
        .headers()
        .get_all("set-cookie")
        .iter()
        .map(|c| c.to_str().unwrap().to_string())
        .find(|c| c.starts_with("tribune_lsn="))
        .expect("the write's position");
    for part in ["HttpOnly", "SameSite=Lax", "Max-Age=60", "Path=/"] {
        assert!(cookie.contains(part), "{cookie}");
    }
    assert!(!cookie.contains("Secure"), "not behind TLS: {cookie}");

    // A refused write gives no position.
    let refused = staff
        .post("/api/contacts/lists/update", &json!({ "title": " " }))
        .await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(!sets_the_position(&refused));
}

#[tokio::test]
async fn a_standby_too_far_behind_or_silent_is_not_read() {
    let app = with_a_standby().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let head = app.primary_lsn().await;
    // Setting the simulation writes, so the primary is past `head` from then on.
    app.standby_replayed(Some(&head), 30.0).await;
    let (from, _) = contacts(&staff).await;
    assert_eq!(from.as_deref(), Some("primary"), "30 s behind");

    app.standby_replayed(Some(&head), 1.0).await;
    let (from, _) = contacts(&staff).await;
    assert_eq!(from.as_deref(), Some("standby"), "1 s behind");

    // It stops answering.
    sqlx::query("REVOKE SELECT ON standby_simulation.replay FROM tribune_app")
        .execute(&app.db.owner)
        .await
        .unwrap();
    app.standby_replayed(Some(&head), 1.0).await;
    assert!(!app.state.replica_watch.snapshot().healthy);
    let (from, _) = contacts(&staff).await;
    assert_eq!(from.as_deref(), Some("primary"), "silent");
}

#[tokio::test]
async fn the_tests_standby_refuses_writes_as_a_hot_standby_does() {
    let app = spawn_app().await;
    let standby = app.state.replica.as_ref().expect("every test app has one");
    let err = sqlx::query("UPDATE clients SET name = name WHERE false")
        .execute(standby)
        .await
        .expect_err("a write on the standby");
    assert!(err.to_string().contains("read-only transaction"), "{err}");
    assert!(app.state.replica_watch.snapshot().healthy);
}

#[tokio::test]
async fn only_the_stale_tolerant_routes_read_the_standby() {
    // The test apps' standby is in sync: whatever may read it does, even to answer 404.
    let app = spawn_app().await;
    let admin = app.signed_in("admin@tribune.test").await;
    let mut wrong = Vec::new();
    let mut marked = 0;
    for route in tribune_api::routes::table().table() {
        // Signing out would leave the rest of the walk anonymous.
        if route.path.ends_with("/logout") {
            continue;
        }
        let response = admin.call_route(&route).await;
        let status = response.status();
        let from = read_from(&response);
        let standby = from.as_deref() == Some("standby");
        if route.reads == ReadPolicy::StaleOk {
            marked += 1;
        }
        if standby != (route.reads == ReadPolicy::StaleOk) {
            wrong.push(format!(
                "{} {} ({:?}) → {status}, read {from:?}",
                route.method, route.path, route.reads
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(marked >= 20, "only {marked} stale-tolerant routes");
}

/// The rows of ARCHITECTURE §10's table "Which calls read where": `| METHOD | path | … |`.
fn documented() -> Vec<String> {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/ARCHITECTURE.md"
    ))
    .expect("docs/ARCHITECTURE.md");
    let table = doc
        .split_once("Which calls read where")
        .expect("ARCHITECTURE.md has the table 'Which calls read where'")
        .1;
    table
        .lines()
        .skip_while(|line| !line.starts_with('|'))
        .take_while(|line| line.starts_with('|'))
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let method = cells.get(1)?;
            let path = cells.get(2)?.trim_matches('`');
            matches!(*method, "GET" | "POST").then(|| format!("{method} {path}"))
        })
        .collect()
}

#[test]
fn the_architecture_lists_exactly_the_stale_tolerant_routes() {
    let mut marked: Vec<String> = tribune_api::routes::table()
        .table()
        .into_iter()
        .filter(|route| route.reads == ReadPolicy::StaleOk)
        .map(|route| format!("{} {}", route.method, route.path))
        .collect();
    let mut listed = documented();
    marked.sort();
    listed.sort();
    assert_eq!(
        listed, marked,
        "ARCHITECTURE §10 'Which calls read where' against the routes marked .stale_ok()"
    );
}

/// What decides availability or money, and the desk's and the door's calls: never from the
/// standby, whatever a route's marker says.
const NEVER_STALE: &[&str] = &[
    "book",
    "products",
    "seats",
    "hold-seats",
    "release-seat",
    "hold-tokens",
    "seasonal-tickets",
    "shop",
    "webshop",
    "cart",
    "checkout",
    "create-intent",
    "payment",
    "payments",
    "pay",
    "accept-payment",
    "capture-payment",
    "pos",
    "scan",
    "stand-ins",
    "login",
    "history",
    "audit",
    "jobs",
];

fn never_stale(route: &RouteInfo) -> bool {
    route.method.as_str() == "DELETE"
        || route
            .path
            .split('/')
            .any(|segment| NEVER_STALE.contains(&segment))
}

#[test]
fn no_route_of_availability_money_the_desk_or_the_door_reads_the_standby() {
    let wrong: Vec<String> = tribune_api::routes::table()
        .table()
        .into_iter()
        .filter(|route| route.reads == ReadPolicy::StaleOk && never_stale(route))
        .map(|route| format!("{} {}", route.method, route.path))
        .collect();
    assert!(wrong.is_empty(), "stale-tolerant: {wrong:?}");
}

#[test]
fn the_guard_knows_the_real_paths_it_guards() {
    let table = tribune_api::routes::table().table();
    for path in [
        "/public/events/book",
        "/public/events/{id}/products",
        "/public/events/{id}/seats",
        "/public/events/{id}/hold-seats",
        "/public/orders/webshop/cart",
        "/webshop/checkout/complete",
        "/public/payments/stripe/webhook",
        "/api/events/{id}/pos/confirm-order",
        "/api/events/{id}/scan",
    ] {
        let route = table.iter().find(|route| route.path == path);
        assert!(route.is_some_and(never_stale), "{path}");
    }
}
