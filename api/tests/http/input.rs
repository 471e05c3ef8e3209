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

const NUL_REFUSED: &str = "Teksten indeholder et tegn der ikke kan gemmes (NUL)";

fn refused_on(body: &serde_json::Value, field: &str, message: &str) -> bool {
    body["errors"][field]
        .as_array()
        .is_some_and(|e| e.contains(&json!(message)))
}

#[tokio::test]
async fn a_wrong_type_is_refused_on_the_field_it_stands_in() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (status, body) = staff
        .post_json(
            "/api/orders/update",
            &json!({ "firstname": "Mette", "lastname": "Holm", "email": "m@example.dk", "phone": "1",
                     "orderLines": [{ "title": "Billet", "price": "abc", "discount": 0, "amount": 1 }] }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(
        refused_on(
            &body,
            "orderLines.0.price",
            "Forkert datatype: forventede et heltal"
        ),
        "{body}"
    );
    assert_eq!(app.count("SELECT count(*) FROM order_rows").await, 0);
}

#[tokio::test]
async fn the_nul_character_is_refused_on_its_field_everywhere_and_nothing_is_saved() {
    // The black-box probe's finding: a NUL in any text (13 endpoints, the anonymous login
    // among them) and in a URL gave a 500.
    let app = spawn_app().await;
    let anonymous = app.browser();
    let (status, body) = anonymous
        .post_json(
            "/api/login",
            &json!({ "email": "admin@tribune.test\u{0}", "password": "x" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(refused_on(&body, "email", NUL_REFUSED), "{body}");

    let staff = app.signed_in("staff@tribune.test").await;
    let companies_before = app.count("SELECT count(*) FROM companies").await;
    let (status, body) = staff
        .post_json(
            "/api/orders/update",
            &json!({ "firstname": "Mette\u{0}", "lastname": "Holm", "email": "m@example.dk", "phone": "1",
                     "orderLines": [] }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(refused_on(&body, "firstname", NUL_REFUSED), "{body}");

    // In the `data` part of a multipart write, and in a plain form field beside it.
    let company = json!({ "name": "Bryggeriet\u{0}", "status": 0, "cvr": "12345678", "phone": "",
                          "useEAN": false, "vatExcluded": false });
    let (status, body) = staff
        .post_form("/api/companies/update", Some(&company), &[], vec![])
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(refused_on(&body, "name", NUL_REFUSED), "{body}");
    let (status, body) = staff
        .post_form(
            "/api/companies/update",
            None,
            &[("note", "a\u{0}b")],
            vec![],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(refused_on(&body, "note", NUL_REFUSED), "{body}");

    // In a URL: a path segment and a query parameter.
    let (status, body) = staff.get_json("/api/history/order/%00").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(refused_on(&body, "path", NUL_REFUSED), "{body}");
    let (status, body) = staff.get_json("/api/contacts?search=a%00b").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(refused_on(&body, "search", NUL_REFUSED), "{body}");

    assert_eq!(app.count("SELECT count(*) FROM order_rows").await, 0);
    assert_eq!(
        app.count("SELECT count(*) FROM companies").await,
        companies_before
    );
}

#[tokio::test]
async fn a_page_far_beyond_the_end_is_an_empty_page_not_an_error() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    for list in [
        "/api/orders",
        "/api/companies",
        "/api/contacts",
        "/api/products",
    ] {
        let (status, body) = staff
            .post_json(
                list,
                &json!({ "filter": {}, "page": i64::MAX, "perPage": i64::MAX }),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{list}: {body}");
        assert_eq!(body["Result"], json!([]), "{list}: {body}");
    }
}

#[tokio::test]
async fn a_script_saves_a_company_and_a_product_with_plain_json() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (status, body) = staff
        .post_json(
            "/api/companies/update",
            &json!({ "name": "Bryggeriet Vestfyen", "status": 0, "cvr": "12345678", "phone": "",
                     "useEAN": false, "vatExcluded": false }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let company = body["result"].as_str().expect("id").to_string();
    let (_, saved) = staff.get_json(&format!("/api/companies/{company}")).await;
    assert_eq!(saved["result"]["name"], "Bryggeriet Vestfyen", "{saved}");

    let (status, body) = staff
        .post_json(
            "/api/products/update",
            &json!({ "title": "Halstørklæde", "type": "product", "price": 15000 }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // The same rules answer a JSON write: a wrong type names its field.
    let (status, body) = staff
        .post_json(
            "/api/products/update",
            &json!({ "title": "Halstørklæde", "type": "product", "price": "abc" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(
        refused_on(&body, "price", "Forkert datatype: forventede et heltal"),
        "{body}"
    );
}
