use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{spawn_app, PASSWORD};

#[tokio::test]
async fn an_anonymous_visitor_gets_the_public_site_and_no_user() {
    let app = spawn_app().await;
    let browser = app.browser();
    let (status, body) = browser.get_json("/api/app").await;
    assert_eq!(
        (status, body["result"]["isFrontend"].clone()),
        (StatusCode::OK, json!(true))
    );
    let (status, body) = browser.get_json("/api/user").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["success"], json!(false));
    let (status, _) = browser.get_json("/public/user").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // Two clubs and no host match: the visitor has to choose ('Vælg klub').
    let (status, _) = browser.get_json("/public/app/client").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, clubs) = browser.get_json("/public/app/clients").await;
    let names: Vec<&str> = clubs["result"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    assert_eq!(names, vec!["Demo FC", "Demo Håndbold"]);
}

#[tokio::test]
async fn an_anonymous_visitor_who_chooses_a_club_sees_its_footer_data_modules_and_terms() {
    let app = spawn_app().await;
    let browser = app.browser();
    let fc = app.club_id("Demo FC").await;
    let response = browser
        .get(&format!("/public/app/change-client/{fc}"))
        .await;
    assert_eq!(response.status(), StatusCode::FOUND);
    let (status, client) = browser.get_json("/public/app/client").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(client["result"]["name"], json!("Demo FC"));
    assert_eq!(client["result"]["zipCode"], json!("2100"));
    assert!(
        client["result"]["settings"].get("contracts").is_none(),
        "staff settings stay private"
    );
    let (_, modules) = browser.get_json("/public/app/modules").await;
    assert_eq!(modules["result"].as_array().expect("list").len(), 8);
    let terms = browser.get("/public/webshop/terms").await;
    assert_eq!(terms.status(), StatusCode::OK);
    assert!(terms
        .text()
        .await
        .expect("text")
        .contains("Handelsbetingelser"));
    let (_, events) = browser.get_json("/public/events?promoted=1&limit=2").await;
    assert_eq!(events["result"], json!([]));
}

#[tokio::test]
async fn staff_login_sets_a_safe_session_cookie_and_opens_the_back_office() {
    let app = spawn_app().await;
    let browser = app.browser();
    let response = browser.login("staff@tribune.test", PASSWORD).await;
    assert_eq!(response.status(), StatusCode::OK);
    let set_cookies: Vec<String> = response
        .headers()
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().expect("ascii").to_string())
        .collect();
    let session = set_cookies
        .iter()
        .find(|c| c.starts_with("tribune_session="))
        .expect("session cookie");
    assert!(
        session.contains("HttpOnly") && session.contains("SameSite=Lax"),
        "{session}"
    );
    assert!(
        !session.contains("Max-Age"),
        "without 'remember me' the cookie lives as long as the browser"
    );
    let csrf = set_cookies
        .iter()
        .find(|c| c.starts_with("tribune_csrf="))
        .expect("csrf cookie");
    assert!(
        !csrf.contains("HttpOnly"),
        "the webapp reads the CSRF token"
    );
    let body: serde_json::Value = response.json().await.expect("json");
    assert_eq!(body["data"]["email"], json!("staff@tribune.test"));
    assert_eq!(body["data"]["admin"], json!(false));
    assert_eq!(body["data"]["role"], json!("staff"));

    let (_, app_info) = browser.get_json("/api/app").await;
    assert_eq!(app_info["result"]["isFrontend"], json!(false));
    let (status, user) = browser.get_json("/api/user").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(user["result"]["name"], json!("Søren Sælger"));
    assert_eq!(user["result"]["timeZone"], json!("Europe/Berlin"));
    let clubs: Vec<&str> = user["data"]["clients"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    assert_eq!(clubs, vec!["Demo FC"]);
    let (_, modules) = browser.get_json("/api/app/modules").await;
    let aliases: Vec<&str> = modules["result"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|m| m["alias"].as_str())
        .collect();
    assert_eq!(
        aliases,
        vec![
            "dashboard",
            "companies",
            "contacts",
            "events",
            "marketing",
            "orders",
            "products",
            "webshop"
        ]
    );
    let (_, client) = browser.get_json("/api/app/client").await;
    assert_eq!(client["result"]["name"], json!("Demo FC"));
    assert_eq!(client["result"]["isFrontend"], json!(false));
}

#[tokio::test]
async fn remember_me_makes_the_session_outlive_the_browser() {
    let app = spawn_app().await;
    let browser = app.browser();
    let response = browser
        .post(
            "/api/login",
            &json!({ "email": "staff@tribune.test", "password": PASSWORD, "rememberMe": true }),
        )
        .await;
    let session = response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with("tribune_session="))
        .expect("cookie")
        .to_string();
    assert!(session.contains("Max-Age=2592000"), "{session}");
}

#[tokio::test]
async fn a_customer_logs_in_to_the_public_site() {
    let app = spawn_app().await;
    let browser = app.signed_in("kunde@tribune.test").await;
    let (_, info) = browser.get_json("/public/app").await;
    assert_eq!(info["result"]["isFrontend"], json!(true));
    let (status, user) = browser.get_json("/public/user").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(user["result"]["role"], json!("customer"));
    assert_eq!(user["result"]["clients"][0]["systemUser"], json!(false));
    let (status, _) = browser.get_json("/api/app/users").await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "customers do not see the club's staff"
    );
}

#[tokio::test]
async fn wrong_or_missing_credentials_are_refused_in_danish() {
    let app = spawn_app().await;
    let browser = app.browser();
    let response = browser.login("staff@tribune.test", "forkert-kode").await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let body: serde_json::Value = response.json().await.expect("json");
    assert_eq!(body["error"], json!("Forkert e-mail eller adgangskode"));
    let response = browser.login("ingen@tribune.test", PASSWORD).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let (status, body) = browser
        .post_json("/api/login", &json!({ "email": "", "password": "" }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["email"], json!(["E-mail skal udfyldes"]));
    assert_eq!(
        body["errors"]["password"],
        json!(["Adgangskode skal udfyldes"])
    );
    assert!(!browser.cookies().contains_key("tribune_session"));
}

#[tokio::test]
async fn repeated_failures_throttle_login_even_with_the_right_password() {
    let app = spawn_app().await;
    let browser = app.browser();
    for _ in 0..5 {
        assert_eq!(
            browser
                .login("staff@tribune.test", "forkert")
                .await
                .status(),
            StatusCode::UNAUTHORIZED
        );
    }
    let response = browser.login("staff@tribune.test", PASSWORD).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let body: serde_json::Value = response.json().await.expect("json");
    assert_eq!(
        body["error"],
        json!("For mange mislykkede forsøg. Prøv igen om 15 minutter.")
    );
    // Other accounts are not locked by someone else's failures.
    assert_eq!(
        browser.login("kunde@tribune.test", PASSWORD).await.status(),
        StatusCode::OK
    );
}

#[tokio::test]
async fn logout_ends_the_session_on_the_server() {
    let app = spawn_app().await;
    let browser = app.signed_in("staff@tribune.test").await;
    let stolen_cookie = browser.cookies()["tribune_session"].clone();
    let response = browser
        .client
        .post(browser.url("/logout"))
        .header("X-CSRF-Token", browser.csrf())
        .send()
        .await
        .expect("logout");
    assert_eq!(response.status(), StatusCode::FOUND);
    assert_eq!(response.headers()["location"], "/");
    assert_eq!(
        browser.get_json("/api/user").await.0,
        StatusCode::UNAUTHORIZED
    );
    // Replaying the old cookie does not bring the session back.
    let replay = reqwest::Client::new()
        .get(browser.url("/api/user"))
        .header("Cookie", format!("tribune_session={stolen_cookie}"))
        .send()
        .await
        .expect("get");
    assert_eq!(replay.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn writes_with_a_session_cookie_need_the_csrf_token() {
    let app = spawn_app().await;
    let browser = app.signed_in("staff@tribune.test").await;
    let without = browser
        .client
        .post(browser.url("/api/login"))
        .json(&json!({ "email": "kunde@tribune.test", "password": PASSWORD }))
        .send()
        .await
        .expect("post");
    assert_eq!(without.status(), StatusCode::FORBIDDEN);
    let wrong = browser
        .client
        .post(browser.url("/api/login"))
        .header("X-CSRF-Token", "gæt")
        .json(&json!({ "email": "kunde@tribune.test", "password": PASSWORD }))
        .send()
        .await
        .expect("post");
    assert_eq!(wrong.status(), StatusCode::FORBIDDEN);
    let (_, user) = browser.get_json("/api/user").await;
    assert_eq!(
        user["result"]["email"],
        json!("staff@tribune.test"),
        "the refused writes changed nothing"
    );
    assert_eq!(
        browser.login("kunde@tribune.test", PASSWORD).await.status(),
        StatusCode::OK
    );
}

#[tokio::test]
async fn staff_pickers_list_the_clubs_staff() {
    let app = spawn_app().await;
    let browser = app.signed_in("staff@tribune.test").await;
    let (status, users) = browser.get_json("/api/app/users").await;
    assert_eq!(status, StatusCode::OK);
    let emails: Vec<&str> = users["result"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|u| u["email"].as_str())
        .collect();
    assert_eq!(emails, vec!["admin@tribune.test", "staff@tribune.test"]);
    let (_, found) = browser.get_json("/api/app/users?search=s%C3%B8ren").await;
    assert_eq!(found["result"].as_array().expect("list").len(), 1);
    assert_eq!(
        app.browser().get_json("/api/app/users").await.0,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn health_and_the_openapi_document_are_served() {
    let app = spawn_app().await;
    let browser = app.browser();
    let health = browser.get("/healthz").await;
    assert_eq!(health.status(), StatusCode::OK);
    let (status, doc) = browser.get_json("/api/openapi.json").await;
    assert_eq!(status, StatusCode::OK);
    assert!(doc["paths"].get("/api/login").is_some());
    assert!(doc["paths"].get("/api/history/{type}/{id}").is_some());
    let (status, body) = browser.get_json("/api/no-such-call").await;
    assert_eq!(
        (status, body["error"].clone()),
        (StatusCode::NOT_FOUND, json!("Ikke fundet"))
    );
}

#[tokio::test]
async fn every_answer_carries_the_browser_protections() {
    let app = spawn_app().await;
    let browser = app.browser();
    for path in ["/", "/orders", "/api/user", "/healthz"] {
        let response = browser.get(path).await;
        let header = |name: &str| {
            response
                .headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_string()
        };
        let csp = header("content-security-policy");
        assert!(
            csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'"),
            "{path}: {csp}"
        );
        assert!(
            !csp.contains("script-src 'self' 'unsafe"),
            "no inline scripts: {csp}"
        );
        // The desk reaches QZ Tray on its own computer, and no other local port.
        assert!(
            csp.contains("ws://localhost:8182") && csp.contains("wss://localhost:8181"),
            "{csp}"
        );
        assert!(!csp.contains("ws://localhost:*"), "{csp}");
        assert_eq!(header("x-frame-options"), "DENY", "{path}");
        assert_eq!(header("x-content-type-options"), "nosniff", "{path}");
    }
}

/// Logout is a POST with the session's CSRF token: a link, an image or a form on another site
/// cannot end the session. The address itself shows a page whose button posts the token.
#[tokio::test]
async fn opening_the_logout_address_or_posting_without_the_token_leaves_the_session() {
    let app = spawn_app().await;
    let browser = app.signed_in("staff@tribune.test").await;
    let page = browser.get("/logout").await;
    assert_eq!(page.status(), StatusCode::OK);
    let html = page.text().await.expect("page");
    assert!(
        html.contains("<form method=\"post\" action=\"/logout\">"),
        "{html}"
    );
    assert!(
        html.contains(&browser.csrf()),
        "the page's button carries the token"
    );
    assert_eq!(browser.get_json("/api/user").await.0, StatusCode::OK);

    let forged = browser
        .client
        .post(browser.url("/logout"))
        .form(&[("token", "forged")])
        .send()
        .await
        .expect("post");
    assert_eq!(forged.status(), StatusCode::FORBIDDEN);
    let bare = browser
        .client
        .post(browser.url("/logout"))
        .send()
        .await
        .expect("post");
    assert_eq!(bare.status(), StatusCode::FORBIDDEN);
    assert_eq!(browser.get_json("/api/user").await.0, StatusCode::OK);

    // The page's button: the form posts the token back.
    let pressed = browser
        .client
        .post(browser.url("/logout"))
        .form(&[("token", browser.csrf())])
        .send()
        .await
        .expect("post");
    assert_eq!(pressed.status(), StatusCode::FOUND);
    assert_eq!(
        browser.get_json("/api/user").await.0,
        StatusCode::UNAUTHORIZED
    );
}

/// `to` is followed only to a path of this site; anything a browser could read as another host,
/// or that would break the header, is a 400 and changes nothing.
#[tokio::test]
async fn changing_club_follows_only_a_path_of_this_site() {
    let app = spawn_app().await;
    let fc = app.club_id("Demo FC").await;
    let visitor = app.browser();
    let response = visitor
        .get(&format!(
            "/api/app/change-client/{fc}?to=%2Fevents%2Fkamp%3Ftoken%3Dx"
        ))
        .await;
    assert_eq!(response.status(), StatusCode::FOUND);
    assert_eq!(response.headers()["location"], "/events/kamp?token=x");
    for foreign in [
        "%2F%09%2Fevil.example",
        "%2F%0A%2Fevil.example",
        "%2F%0D%0ASet-Cookie%3A%20x%3D1",
        "%2F%2Fevil.example",
        "%2F%5Cevil.example",
        "https%3A%2F%2Fevil.example",
        "evil.example",
    ] {
        let response = visitor
            .get(&format!("/api/app/change-client/{fc}?to={foreign}"))
            .await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{foreign}");
        assert!(response.headers().get("location").is_none(), "{foreign}");
        assert!(response.headers().get("set-cookie").is_none(), "{foreign}");
    }
}
