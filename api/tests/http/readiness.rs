//! A node behind a balancer (issue 39): `/healthz` says the process is alive, `/readyz` whether it
//! should get requests, and every answer names the node that gave it.

use std::sync::atomic::Ordering;

use reqwest::{Response, StatusCode};
use serde_json::json;

use crate::helpers::spawn_app;

fn node_of(response: &Response) -> Option<String> {
    response
        .headers()
        .get("x-tribune-node")
        .and_then(|value| value.to_str().ok())
        .map(str::to_string)
}

async fn status_and_text(response: Response) -> (StatusCode, String) {
    let status = response.status();
    (status, response.text().await.expect("body"))
}

#[tokio::test]
async fn a_started_node_is_alive_and_ready() {
    let app = spawn_app().await;
    let browser = app.browser();

    let health = browser.get("/healthz").await;
    assert_eq!(status_and_text(health).await, (StatusCode::OK, "ok".into()));
    let ready = browser.get("/readyz").await;
    assert_eq!(
        ready.headers().get("content-type").map(|v| v.as_bytes()),
        Some(&b"text/plain"[..])
    );
    assert_eq!(
        status_and_text(ready).await,
        (StatusCode::OK, "ready".into())
    );
}

#[tokio::test]
async fn every_answer_names_the_node_that_gave_it_a_refusal_too() {
    let app = spawn_app().await;
    let browser = app.browser();
    for path in [
        "/healthz",
        "/readyz",
        "/api/app",
        "/api/no-such-call",
        "/api/user",
    ] {
        let response = browser.get(path).await;
        assert_eq!(
            node_of(&response).as_deref(),
            Some("test-node"),
            "{path}: {}",
            response.status()
        );
    }
    // A write without the CSRF token is refused by a middleware, before any handler.
    let staff = app.signed_in("staff@tribune.test").await;
    let refused = staff
        .client
        .post(staff.url("/api/orders"))
        .json(&json!({}))
        .send()
        .await
        .expect("POST");
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    assert_eq!(node_of(&refused).as_deref(), Some("test-node"));
}

#[tokio::test]
async fn a_draining_node_is_not_ready_but_still_serves() {
    let app = spawn_app().await;
    let browser = app.browser();

    app.state.draining.store(true, Ordering::SeqCst);

    assert_eq!(
        status_and_text(browser.get("/readyz").await).await,
        (StatusCode::SERVICE_UNAVAILABLE, "draining".into())
    );
    assert_eq!(browser.get("/healthz").await.status(), StatusCode::OK);
    let (status, _) = browser.get_json("/api/app").await;
    assert_eq!(status, StatusCode::OK, "requests are still served");
}

#[tokio::test]
async fn a_database_missing_a_migration_of_this_build_is_not_ready_a_newer_one_is() {
    let app = spawn_app().await;
    let browser = app.browser();

    // given a database one migration ahead of this build (the next release rolling out)
    sqlx::query(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES (99999999, 'from a newer release', true, '\\x00', 0)",
    )
    .execute(&app.db.owner)
    .await
    .expect("newer migration");
    assert_eq!(
        status_and_text(browser.get("/readyz").await).await,
        (StatusCode::OK, "ready".into())
    );
    // and a node of this (older) build still starts on it: it migrates nothing it does not know
    tribune_api::startup::migrate(&app.settings)
        .await
        .expect("an older node starts on a newer database");

    // when one of this build's migrations is missing (an older database)
    sqlx::query(
        "DELETE FROM _sqlx_migrations \
         WHERE version = (SELECT max(version) FROM _sqlx_migrations WHERE version < 99999999)",
    )
    .execute(&app.db.owner)
    .await
    .expect("forget a migration");

    // then the node is not ready
    assert_eq!(
        status_and_text(browser.get("/readyz").await).await,
        (StatusCode::SERVICE_UNAVAILABLE, "migrations behind".into())
    );
}

#[tokio::test]
async fn a_node_whose_database_does_not_answer_is_not_ready_but_alive() {
    let app = spawn_app().await;
    let browser = app.browser();

    // Closed at once (its connections in use close when they come back): every query fails, as
    // when the database is down.
    drop(app.state.pool.close());

    assert_eq!(
        status_and_text(browser.get("/readyz").await).await,
        (
            StatusCode::SERVICE_UNAVAILABLE,
            "database unreachable".into()
        )
    );
    assert_eq!(browser.get("/healthz").await.status(), StatusCode::OK);
}

#[tokio::test]
async fn metrics_count_requests_by_route_pattern_and_read_the_database_state() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let missing = uuid::Uuid::new_v4();
    for _ in 0..3 {
        staff.get(&format!("/api/companies/{missing}")).await;
    }
    // A refusal before any handler (no session) is counted with its route and status too.
    let refused = app
        .browser()
        .client
        .post(app.browser().url("/api/companies"))
        .json(&json!({}))
        .send()
        .await
        .expect("POST");
    let refused_status = refused.status().as_u16();

    let response = app.browser().get("/metrics").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response
        .headers()
        .get("content-type")
        .is_some_and(|v| v.as_bytes().starts_with(b"text/plain; version=0.0.4")));
    let text = response.text().await.expect("text");
    for line in [
        // The pattern, never the id: one series however many companies are asked for.
        "tribune_http_requests_total{method=\"GET\",route=\"/api/companies/{id}\",status=\"404\"} 3".to_string(),
        format!("tribune_http_requests_total{{method=\"POST\",route=\"/api/companies\",status=\"{refused_status}\"}} 1"),
        "tribune_http_request_duration_seconds_count{method=\"GET\",route=\"/api/companies/{id}\"} 3".into(),
        "tribune_db_pool_max{pool=\"primary\"} 20".into(),
        "tribune_node_draining 0".into(),
        "tribune_jobs_dead 0".into(),
        "tribune_projector_lag_events{projection=\"".into(),
    ] {
        assert!(text.contains(&line), "{line} missing from:\n{text}");
    }
    assert!(
        !text.contains(&missing.to_string()),
        "an id in a label makes a series per request"
    );
}
