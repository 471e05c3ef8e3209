//! Bad input gets a clear Danish 4xx and changes nothing.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::spawn_app;

#[tokio::test]
async fn malformed_json_wrong_types_unknown_fields_and_oversized_bodies_are_refused_cleanly() {
    let app = spawn_app().await;
    let browser = app.browser();
    let fc = app.club_id("Demo FC").await;
    browser
        .get(&format!("/public/app/change-client/{fc}"))
        .await;
    let users_before = app.count("SELECT count(*) FROM users").await;

    let (status, body) = browser
        .post_raw("/public/register", "{\"firstname\": ")
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["error"],
        json!("Ugyldig JSON: forespørgslen kunne ikke læses")
    );

    let (status, body) = browser
        .post_raw("/public/register", r#"{"firstname": 42}"#)
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"], json!("Forkert datatype: forventede tekst"));

    let (status, body) = browser
        .post_raw(
            "/api/login",
            r#"{"email": "a@b.dk", "password": "x", "admin": true}"#,
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"], json!("Ukendt felt 'admin'"));

    let (status, body) = browser
        .post_raw(
            "/api/login",
            r#"{"email": "a@b.dk", "password": "x", "rememberMe": "ja"}"#,
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        body["error"],
        json!("Forkert datatype: forventede sand eller falsk")
    );

    let huge = format!(r#"{{"firstname": "{}"}}"#, "x".repeat(400 * 1024));
    let (status, body) = browser.post_raw("/public/register", huge).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(body["error"]
        .as_str()
        .expect("text")
        .starts_with("Forespørgslen er for stor"));

    let (status, _) = browser.post_raw("/api/login", "[1, 2, 3]").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);

    let wrong_type = browser
        .client
        .post(browser.url("/api/login"))
        .header("Content-Type", "text/plain")
        .body("email=a")
        .send()
        .await
        .expect("post");
    assert_eq!(wrong_type.status(), StatusCode::BAD_REQUEST);

    let long_name = "x".repeat(101);
    let (status, body) = browser
        .post_json(
            "/public/register",
            &json!({ "firstname": long_name, "lastname": "B", "email": "ab@example.dk", "password": "hemmelig123", "confirmPassword": "hemmelig123" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        body["errors"]["firstname"],
        json!(["Fornavn må højst være 100 tegn"])
    );

    assert_eq!(app.count("SELECT count(*) FROM users").await, users_before);
    assert_eq!(app.count("SELECT count(*) FROM login_attempts").await, 0);
}
