use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{spawn_app, PASSWORD};

async fn choose_demo_fc(app: &crate::helpers::TestApp, browser: &crate::helpers::Browser) {
    let fc = app.club_id("Demo FC").await;
    browser
        .get(&format!("/public/app/change-client/{fc}"))
        .await;
}

#[tokio::test]
async fn sign_up_sends_a_confirmation_mail_and_login_waits_for_the_link() {
    let app = spawn_app().await;
    let browser = app.browser();
    choose_demo_fc(&app, &browser).await;
    let email = "ny.kunde@example.dk";
    let (status, body) = browser
        .post_json(
            "/public/register",
            &json!({ "firstname": "Nina", "lastname": "Ny", "email": email, "password": "hemmelig123", "confirmPassword": "hemmelig123" }),
        )
        .await;
    assert_eq!(
        (status, body["success"].clone()),
        (StatusCode::OK, json!(true)),
        "{body}"
    );

    let response = browser.login(email, "hemmelig123").await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let refused: serde_json::Value = response.json().await.expect("json");
    assert!(refused["error"]
        .as_str()
        .expect("text")
        .starts_with("Du skal bekræfte din e-mail adresse"));

    let mail = app.smtp.wait_for(email).await;
    assert!(
        mail.data.contains("Subject: =?utf-8?") || mail.data.contains("Subject: Bekr"),
        "{}",
        mail.data
    );
    let link = mail
        .link("http://127.0.0.1/confirm-email?token=")
        .expect("confirmation link");
    let path = link.trim_start_matches("http://127.0.0.1");
    let confirmed = browser.open_mail_link(path).await;
    assert_eq!(confirmed.status(), StatusCode::FOUND);
    assert_eq!(confirmed.headers()["location"], "/login?confirmed=1");
    let again = browser.open_mail_link(path).await;
    assert_eq!(
        again.headers()["location"],
        "/login?confirmed=0",
        "the link works once"
    );

    assert_eq!(
        browser.login(email, "hemmelig123").await.status(),
        StatusCode::OK
    );
    let (_, user) = browser.get_json("/public/user").await;
    assert_eq!(user["result"]["emailConfirmed"], json!(true));
    assert_eq!(user["result"]["role"], json!("customer"));
    let (_, info) = browser.get_json("/public/app").await;
    assert_eq!(info["result"]["isFrontend"], json!(true));
}

#[tokio::test]
async fn sign_up_with_a_registered_address_answers_as_for_a_new_one_and_mails_the_owner() {
    let app = spawn_app().await;
    let browser = app.browser();
    choose_demo_fc(&app, &browser).await;
    let users_before = app.count("SELECT count(*) FROM users").await;
    let memberships_before = app.count("SELECT count(*) FROM memberships").await;
    let sign_up = |email: &'static str| {
        let browser = &browser;
        async move {
            let response = browser
                .post(
                    "/public/register",
                    &json!({ "firstname": "A", "lastname": "B", "email": email, "password": "hemmelig123", "confirmPassword": "hemmelig123" }),
                )
                .await;
            let status = response.status();
            let cookies = response.headers().get_all("set-cookie").iter().count();
            (status, cookies, response.text().await.expect("body"))
        }
    };
    let new = sign_up("ab@example.dk").await;
    let taken = sign_up("STAFF@tribune.test").await;
    assert_eq!(new, taken, "a taken address looks exactly like a new one");
    assert_eq!(new.0, StatusCode::OK);

    assert_eq!(
        app.count("SELECT count(*) FROM users").await,
        users_before + 1
    );
    assert_eq!(
        app.count("SELECT count(*) FROM memberships").await,
        memberships_before + 1,
        "only the new address became a customer"
    );
    let mail = app.smtp.wait_for("staff@tribune.test").await;
    assert!(mail.data.contains("allerede en bruger"), "{}", mail.data);
    assert!(mail
        .link("http://127.0.0.1/reset-password?token=")
        .is_some());
    assert!(mail.link("http://127.0.0.1/login").is_some());
    assert!(app
        .smtp
        .wait_for("ab@example.dk")
        .await
        .link("http://127.0.0.1/confirm-email?token=")
        .is_some());
    assert_eq!(
        app.browser()
            .login("staff@tribune.test", PASSWORD)
            .await
            .status(),
        StatusCode::OK,
        "the owner's password is untouched"
    );

    // Forgotten password: the same answer for a known and an unknown address.
    let app = &app;
    let forgot = |email: &'static str| async move {
        let response = app
            .browser()
            .post("/api/forgot-password", &json!({ "email": email }))
            .await;
        (response.status(), response.text().await.expect("body"))
    };
    assert_eq!(
        forgot("staff@tribune.test").await,
        forgot("findes.ikke@example.dk").await
    );
}

#[tokio::test]
async fn sign_up_refuses_mismatched_passwords_and_changes_nothing() {
    let app = spawn_app().await;
    let browser = app.browser();
    choose_demo_fc(&app, &browser).await;
    let users_before = app.count("SELECT count(*) FROM users").await;
    let (status, body) = browser
        .post_json(
            "/public/register",
            &json!({ "firstname": "A", "lastname": "B", "email": "ab@example.dk", "password": "hemmelig123", "confirmPassword": "hemmelig124" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        body["errors"]["confirmPassword"],
        json!(["Gentag adgangskode skal matche Adgangskode"])
    );
    let (status, body) = browser.post_json("/public/register", &json!({})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        body["errors"]["firstname"],
        json!(["Fornavn skal udfyldes"])
    );
    assert_eq!(app.count("SELECT count(*) FROM users").await, users_before);
    assert_eq!(
        app.count("SELECT count(*) FROM jobs").await,
        0,
        "no mail is queued for a refused sign-up"
    );
}

#[tokio::test]
async fn sign_up_without_a_chosen_club_is_refused() {
    let app = spawn_app().await;
    let (status, body) = app
        .browser()
        .post_json(
            "/public/register",
            &json!({ "firstname": "A", "lastname": "B", "email": "ab@example.dk", "password": "hemmelig123", "confirmPassword": "hemmelig123" }),
        )
        .await;
    assert_eq!(
        (status, body["error"].clone()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            json!("Vælg en klub, før du opretter en bruger")
        )
    );
}

#[tokio::test]
async fn a_forgotten_password_is_reset_through_the_mailed_single_use_link() {
    let app = spawn_app().await;
    let browser = app.signed_in("staff@tribune.test").await;
    let other_session = app.signed_in("staff@tribune.test").await;
    let (status, _) = browser
        .post_json(
            "/api/forgot-password",
            &json!({ "email": "staff@tribune.test" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = browser
        .post_json(
            "/api/forgot-password",
            &json!({ "email": "findes.ikke@example.dk" }),
        )
        .await;
    assert_eq!(
        (status, body["success"].clone()),
        (StatusCode::OK, json!(true)),
        "unknown addresses look the same"
    );

    let mail = app.smtp.wait_for("staff@tribune.test").await;
    let link = mail
        .link("http://127.0.0.1/reset-password?token=")
        .expect("reset link");
    let token = link.split("token=").nth(1).expect("token").to_string();

    let (status, body) = browser
        .post_json("/api/reset-password", &json!({ "resetToken": token, "password": "nyt-kodeord-1", "confirmPassword": "andet" }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body["errors"]["confirmPassword"].is_array());
    let (status, _) = browser
        .post_json("/api/reset-password", &json!({ "resetToken": token, "password": "nyt-kodeord-1", "confirmPassword": "nyt-kodeord-1" }))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        other_session.get_json("/api/user").await.0,
        StatusCode::UNAUTHORIZED,
        "old sessions end"
    );

    let fresh = app.browser();
    assert_eq!(
        fresh.login("staff@tribune.test", PASSWORD).await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        fresh
            .login("staff@tribune.test", "nyt-kodeord-1")
            .await
            .status(),
        StatusCode::OK
    );
    let (status, body) = app
        .browser()
        .post_json("/api/reset-password", &json!({ "resetToken": token, "password": "tredje-kode-1", "confirmPassword": "tredje-kode-1" }))
        .await;
    assert_eq!(
        (status, body["error"].clone()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            json!("Adgangskoden kunne ikke genskabes")
        )
    );
    let (status, _) = app
        .browser()
        .post_json("/api/reset-password", &json!({ "resetToken": "opdigtet", "password": "tredje-kode-1", "confirmPassword": "tredje-kode-1" }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}
