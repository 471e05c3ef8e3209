//! No state change on GET where the spec allows a POST (issue 11 §7). Mail links show a page
//! whose button posts (mail scanners open every link); returning from impersonation is a POST
//! with the CSRF token, and so is logout (`GET /logout` shows a page whose button posts).
//! `GET /api/app/change-client/{id}` stays: the spec names it as an address the browser
//! navigates to (spec 1 §7 Start-up and session).

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{spawn_app, TestApp};

async fn is_confirmed(app: &TestApp, email: &str) -> bool {
    sqlx::query_scalar("SELECT email_confirmed FROM users WHERE email = $1")
        .bind(email)
        .fetch_one(&app.db.owner)
        .await
        .expect("user")
}

#[tokio::test]
async fn opening_the_confirmation_link_changes_nothing_until_its_button_is_pressed() {
    let app = spawn_app().await;
    let browser = app.browser();
    let fc = app.club_id("Demo FC").await;
    browser
        .get(&format!("/public/app/change-client/{fc}"))
        .await;
    let email = "ny.kunde@example.dk";
    let (status, _) = browser
        .post_json(
            "/public/register",
            &json!({ "firstname": "Nina", "lastname": "Ny", "email": email, "password": "hemmelig123", "confirmPassword": "hemmelig123" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let link = app
        .smtp
        .wait_for(email)
        .await
        .link("http://127.0.0.1/confirm-email?token=")
        .expect("link");
    let path = link.trim_start_matches("http://127.0.0.1").to_string();

    // A mail scanner opens the link twice: a page, nothing used up.
    for _ in 0..2 {
        let opened = app.browser().get(&path).await;
        assert_eq!(opened.status(), StatusCode::OK);
        assert_eq!(opened.headers()["cache-control"], "no-store");
        let page = opened.text().await.expect("page");
        assert!(page.contains("Bekræft e-mail adresse"), "{page}");
        assert!(page.contains("<form method=\"post\" action=\"/confirm-email\">"));
    }
    assert!(!is_confirmed(&app, email).await);

    // The person presses the button.
    let page = browser.get(&path).await.text().await.expect("page");
    let pressed = browser.press_link_button(&page).await;
    assert_eq!(pressed.status(), StatusCode::FOUND);
    assert_eq!(pressed.headers()["location"], "/login?confirmed=1");
    assert!(is_confirmed(&app, email).await);
    let again = browser.press_link_button(&page).await;
    assert_eq!(again.headers()["location"], "/login?confirmed=0");
    // Without a token the link goes straight to the login page.
    assert_eq!(
        browser.get("/confirm-email").await.headers()["location"],
        "/login?confirmed=0"
    );
}

#[tokio::test]
async fn opening_the_invitation_link_changes_nothing_until_its_button_is_pressed() {
    let app = spawn_app().await;
    let handbold = app.admin_in_handbold().await;
    let (status, body) = handbold
        .post_form(
            "/api/client/users/update",
            Some(&json!({ "email": "staff@tribune.test", "firstname": "Ignoreret", "role": "staff" })),
            &[],
            vec![],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let accepted_sql = "SELECT count(*) FROM memberships m JOIN users u ON u.id = m.user_id \
         JOIN clients c ON c.id = m.client_id \
         WHERE u.email = 'staff@tribune.test' AND c.name = 'Demo Håndbold' AND m.accepted";
    let link = app
        .smtp
        .wait_for("staff@tribune.test")
        .await
        .link("http://127.0.0.1/accept-invite?token=")
        .expect("invite link");
    let path = link.trim_start_matches("http://127.0.0.1").to_string();

    let opened = app.browser().get(&path).await;
    assert_eq!(opened.status(), StatusCode::OK);
    let page = opened.text().await.expect("page");
    assert!(page.contains("Tag imod invitationen"), "{page}");
    assert_eq!(app.count(accepted_sql).await, 0, "opening accepts nothing");

    let browser = app.browser();
    let pressed = browser.press_link_button(&page).await;
    assert_eq!(pressed.status(), StatusCode::FOUND);
    assert_eq!(pressed.headers()["location"], "/login?invited=1");
    assert_eq!(app.count(accepted_sql).await, 1);
    assert_eq!(
        browser.press_link_button(&page).await.headers()["location"],
        "/login?invited=0",
        "the link works once"
    );
}

#[tokio::test]
async fn returning_from_impersonation_is_a_post_with_the_csrf_token() {
    let app = spawn_app().await;
    let admin = app.signed_in("admin@tribune.test").await;
    let staff_id: uuid::Uuid =
        sqlx::query_scalar("SELECT id FROM users WHERE email = 'staff@tribune.test'")
            .fetch_one(&app.db.owner)
            .await
            .expect("staff");
    let (status, _) = admin
        .post_json(&format!("/api/users/{staff_id}/impersonate"), &json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);

    // Another site cannot send the admin back (no CSRF token): still impersonating.
    let forged = admin
        .client
        .post(admin.url("/api/users/return"))
        .send()
        .await
        .expect("post");
    assert_eq!(forged.status(), StatusCode::FORBIDDEN);
    let (_, body) = admin.get_json("/api/user").await;
    assert_eq!(body["result"]["email"], json!("staff@tribune.test"));

    let response = admin.post("/api/users/return", &json!({})).await;
    assert_eq!(response.status(), StatusCode::FOUND);
    assert_eq!(response.headers()["location"], "/settings/admin-users");
    let (_, body) = admin.get_json("/api/user").await;
    assert_eq!(body["result"]["email"], json!("admin@tribune.test"));
    assert_eq!(
        admin.post("/api/users/return", &json!({})).await.status(),
        StatusCode::FORBIDDEN,
        "nothing to return from"
    );
}
