//! Login throttling and the client's address (issue 11 §7): `X-Forwarded-For` is believed only
//! from a trusted proxy, and wrong passwords lock out the (account, address) pair, not the account.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{spawn_app, spawn_app_with, AppOptions, Browser, TestApp, PASSWORD};

const THROTTLED: &str = "For mange mislykkede forsøg. Prøv igen om 15 minutter.";

/// A login as the browser sends it, plus an `X-Forwarded-For` header.
async fn login_forwarded_for(
    browser: &Browser,
    forwarded_for: &str,
    email: &str,
    password: &str,
) -> reqwest::Response {
    browser
        .client
        .post(browser.url("/api/login"))
        .header("X-CSRF-Token", browser.csrf())
        .header("X-Forwarded-For", forwarded_for)
        .json(&json!({ "email": email, "password": password }))
        .send()
        .await
        .expect("login")
}

/// Creates an order (an event with metadata) with an `X-Forwarded-For` header; its recorded ip.
async fn ip_recorded_for_a_write(app: &TestApp, browser: &Browser, forwarded_for: &str) -> String {
    let response = browser
        .client
        .post(browser.url("/api/orders/update"))
        .header("X-CSRF-Token", browser.csrf())
        .header("X-Forwarded-For", forwarded_for)
        .json(&json!({
            "firstname": "Mette", "lastname": "Holm", "email": "mette@example.dk",
            "phone": "12345678",
            "orderLines": [{ "title": "Billet", "price": 10_000, "discount": 0, "amount": 1, "type": "product" }],
        }))
        .send()
        .await
        .expect("order");
    assert_eq!(response.status(), StatusCode::OK);
    let answer: serde_json::Value = response.json().await.expect("json");
    let id = answer["result"].as_str().expect("id").to_string();
    sqlx::query_scalar(
        "SELECT metadata->>'ip' FROM events WHERE aggregate_type = 'order' AND aggregate_id = $1 \
         ORDER BY sequence LIMIT 1",
    )
    .bind(&id)
    .fetch_one(&app.db.owner)
    .await
    .expect("event")
}

#[tokio::test]
async fn a_forged_forwarded_for_neither_escapes_the_throttle_nor_becomes_the_recorded_ip() {
    let app = spawn_app().await;
    let attacker = app.browser();
    for i in 0..5 {
        let response = login_forwarded_for(
            &attacker,
            &format!("198.51.100.{i}"),
            "staff@tribune.test",
            "forkert",
        )
        .await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    }
    // A sixth "address" is still the same peer: refused, even with the right password.
    let response =
        login_forwarded_for(&attacker, "198.51.100.99", "staff@tribune.test", PASSWORD).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let body: serde_json::Value = response.json().await.expect("json");
    assert_eq!(body["error"], json!(THROTTLED));
    assert_eq!(
        app.count("SELECT count(*) FROM login_attempts WHERE ip <> '127.0.0.1'")
            .await,
        0
    );

    let staff = app.signed_in("admin@tribune.test").await;
    assert_eq!(
        ip_recorded_for_a_write(&app, &staff, "203.0.113.50").await,
        "127.0.0.1"
    );
}

#[tokio::test]
async fn wrong_passwords_from_one_address_do_not_lock_the_owner_out_elsewhere() {
    // The server sits behind a proxy on 127.0.0.1, which tells it each client's address.
    let app = spawn_app_with(AppOptions {
        trusted_proxies: "127.0.0.1".parse().expect("proxies"),
        ..AppOptions::default()
    })
    .await;
    let attacker = app.browser();
    for _ in 0..12 {
        login_forwarded_for(&attacker, "198.51.100.7", "admin@tribune.test", "forkert").await;
    }
    let response =
        login_forwarded_for(&attacker, "198.51.100.7", "admin@tribune.test", PASSWORD).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);

    let owner = app.browser();
    let response =
        login_forwarded_for(&owner, "203.0.113.20", "admin@tribune.test", PASSWORD).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        owner.get_json("/api/user").await.0,
        StatusCode::OK,
        "the owner is signed in"
    );
}

#[tokio::test]
async fn behind_a_trusted_proxy_the_forwarded_address_is_the_client() {
    let app = spawn_app_with(AppOptions {
        trusted_proxies: "127.0.0.0/8".parse().expect("proxies"),
        ..AppOptions::default()
    })
    .await;
    let browser = app.browser();
    // The client wrote "1.1.1.1" itself; the proxy appended the address it saw.
    let response = login_forwarded_for(
        &browser,
        "1.1.1.1, 198.51.100.7",
        "admin@tribune.test",
        PASSWORD,
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        app.count("SELECT count(*) FROM login_attempts WHERE ip = '198.51.100.7' AND succeeded")
            .await,
        1
    );
    assert_eq!(
        ip_recorded_for_a_write(&app, &browser, "1.1.1.1, 198.51.100.7").await,
        "198.51.100.7"
    );
}

#[tokio::test]
async fn one_address_trying_many_accounts_is_stopped_by_the_looser_limit() {
    let app = spawn_app().await;
    let browser = app.browser();
    // Four wrong passwords on each of eight accounts: no pair is locked, but the address is.
    let mut failures = 0;
    for account in 0..8 {
        for _ in 0..4 {
            let response = browser
                .login(&format!("gæt{account}@example.dk"), "forkert")
                .await;
            if response.status() == StatusCode::TOO_MANY_REQUESTS {
                assert_eq!(failures, 30, "refused after {failures} failures");
                return assert_eq!(
                    browser.login("staff@tribune.test", PASSWORD).await.status(),
                    StatusCode::TOO_MANY_REQUESTS
                );
            }
            assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
            failures += 1;
        }
    }
    panic!("32 wrong passwords from one address were all answered");
}
