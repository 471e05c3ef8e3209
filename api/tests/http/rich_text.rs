//! Input kept clean (issue 35 §7): every rich-text field is sanitised on the way in by one
//! policy (`kit::html::sanitize`), so what the public calls give back has no script, no event
//! handler and no `javascript:` link, while the editor's own markup survives; and a web address
//! field takes http or https only.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{
    catalogue_product, catalogue_ticket, first_error, open_event, products, spawn_app, visitor,
    Browser, TestApp,
};

/// What the outside probe stored: a script, an image with a handler, a `javascript:` link, and
/// one paragraph of honest text.
const PAYLOAD: &str = r#"<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><p>ok</p>"#;

/// `html` (the field `what` as a call gave it back) kept the paragraph and lost the rest.
fn assert_clean(what: &str, html: &Value) {
    let html = html
        .as_str()
        .unwrap_or_else(|| panic!("{what} is text: {html}"));
    for bad in ["<script", "alert(1)", "onerror", "javascript:", "<img"] {
        assert!(!html.contains(bad), "{what} keeps {bad}: {html}");
    }
    assert!(
        html.contains("<p>ok</p>"),
        "{what} keeps the paragraph: {html}"
    );
}

/// The public event page (its description, ticket description and terms) and the booking's
/// ticket description, as a visitor reads them, are clean.
async fn assert_public_event_clean(app: &TestApp, id: &str, url: &str) {
    let buyer = visitor(app).await;
    let (status, page) = buyer.get_json(&format!("/public/events/{url}")).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    for field in ["description", "ticketDescription", "terms"] {
        assert_clean(&format!("the event page's {field}"), &page["result"][field]);
    }
    let offered = products(&buyer, id, json!({ "products": [] })).await;
    assert_clean(
        "the booking's ticket description",
        &offered["result"]["none"][0]["description"],
    );
}

#[tokio::test]
async fn every_rich_text_of_an_event_reaches_the_public_page_and_the_booking_clean() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let ticket = catalogue_ticket(&staff, "Entré", 5000).await;
    let (id, url) = open_event(
        &staff,
        "Forårsfest",
        json!([{ "productId": ticket, "title": "Voksen", "price": 5000, "public": true,
                 "ticketDescription": PAYLOAD }]),
        json!({ "description": PAYLOAD, "privateDescription": PAYLOAD,
                "ticketDescription": PAYLOAD, "terms": PAYLOAD }),
    )
    .await;

    assert_public_event_clean(&app, &id, &url).await;

    let (_, event) = staff.get_json(&format!("/api/events/{id}")).await;
    let event = &event["result"];
    assert_clean("privateDescription", &event["privateDescription"]);
    assert_clean(
        "the ticket product's ticketDescription",
        &event["tickets"]["products"][0]["ticketDescription"],
    );
}

/// The public event page shows its rich text as HTML with no sanitiser of its own (issue 36), so
/// the server cleans it on the way out as well: a row written past the cleaning on the way in
/// (by hand, or before that cleaning) still reaches the buyer clean.
#[tokio::test]
async fn rich_text_written_past_the_cleaning_still_reaches_the_event_page_clean() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let ticket = catalogue_ticket(&staff, "Entré", 5000).await;
    let (id, url) = open_event(
        &staff,
        "Efterårsfest",
        json!([{ "productId": ticket, "title": "Voksen", "price": 5000, "public": true }]),
        json!({ "description": "<p>ok</p>" }),
    )
    .await;
    let event: uuid::Uuid = id.parse().expect("the event's id");
    sqlx::query(
        "UPDATE club_events SET description = $2, ticket_description = $2, terms = $2 WHERE id = $1",
    )
    .bind(event)
    .bind(PAYLOAD)
    .execute(&app.db.owner)
    .await
    .expect("the event's row written by hand");
    sqlx::query("UPDATE event_products SET ticket_description = $2 WHERE event_id = $1")
        .bind(event)
        .bind(PAYLOAD)
        .execute(&app.db.owner)
        .await
        .expect("the ticket's row written by hand");

    assert_public_event_clean(&app, &id, &url).await;
}

#[tokio::test]
async fn the_shop_descriptions_of_products_and_categories_reach_the_shop_clean() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (status, body) = staff
        .post_json(
            "/api/products/categories/update",
            &json!({ "title": "Fanshop", "showOnShop": true,
                     "shop": { "title": "Fanshop", "description": PAYLOAD } }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let category = body["result"].as_str().unwrap().to_string();
    let scarf = catalogue_product(
        &staff,
        json!({ "title": "Halstørklæde", "type": "product", "price": 10000, "categoryId": category,
                "shop": { "active": true, "description": PAYLOAD } }),
    )
    .await;

    let buyer = visitor(&app).await;
    let (status, page) = buyer.get_json(&format!("/webshop/product/{scarf}")).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_clean(
        "the shop product's description",
        &page["result"]["description"],
    );
    let (_, read) = staff
        .get_json(&format!("/api/products/categories/{category}"))
        .await;
    assert_clean(
        "the category's shop description",
        &read["result"]["shop"]["description"],
    );
}

/// The club's settings as the admin saves them: `sections` merged over what GET read.
async fn save_settings(admin: &Browser, sections: Value) -> (StatusCode, Value) {
    let (_, read) = admin.get_json("/api/settings").await;
    let read = &read["result"];
    admin
        .post_json(
            "/api/settings/update",
            &json!({ "name": read["name"], "version": read["version"], "settings": sections }),
        )
        .await
}

#[tokio::test]
async fn the_club_settings_html_and_templates_are_kept_clean_and_the_terms_reach_the_public_clean()
{
    let app = spawn_app().await;
    let admin = app.signed_in("admin@tribune.test").await;
    let templates = json!([{ "name": "Klubbens", "template": PAYLOAD }]);
    let (status, answer) = save_settings(
        &admin,
        json!({
            "webshop": { "terms": PAYLOAD, "subscriptionTerms": PAYLOAD },
            "orders": { "confirmationEmailTemplate": PAYLOAD, "confirmationMessage": PAYLOAD },
            "contracts": { "emailText": PAYLOAD, "pdfDescription": PAYLOAD,
                           "pdfGeneralTerms": PAYLOAD, "pdfPaymentTerms": PAYLOAD },
            "events": { "emailTemplates": templates },
            "newsletter": { "emailTemplates": templates },
        }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");

    let visitor = visitor(&app).await;
    for path in [
        "/public/webshop/terms",
        "/public/webshop/subscription-terms",
    ] {
        let response = visitor.get(path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_clean(path, &json!(response.text().await.unwrap()));
    }
    let (_, settings) = admin.get_json("/api/settings").await;
    let settings = &settings["result"]["settings"];
    for (section, key) in [
        ("orders", "confirmationEmailTemplate"),
        ("orders", "confirmationMessage"),
        ("contracts", "emailText"),
        ("contracts", "pdfDescription"),
        ("contracts", "pdfGeneralTerms"),
        ("contracts", "pdfPaymentTerms"),
    ] {
        assert_clean(&format!("{section}.{key}"), &settings[section][key]);
    }
    for section in ["events", "newsletter"] {
        assert_clean(
            &format!("{section}.emailTemplates"),
            &settings[section]["emailTemplates"][0]["template"],
        );
    }
}

#[tokio::test]
async fn a_newsletter_a_comment_and_a_user_signature_are_kept_clean() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (status, body) = staff
        .post_json(
            "/api/newsletters/update",
            &json!({ "name": "Nyt", "title": "Nyt", "subject": "Nyt", "description": PAYLOAD }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let newsletter = body["result"].as_str().unwrap().to_string();
    let (_, read) = staff
        .get_json(&format!("/api/newsletters/{newsletter}"))
        .await;
    assert_clean(
        "the newsletter's description",
        &read["result"]["description"],
    );

    let admin = app.signed_in("admin@tribune.test").await;
    let (_, me) = admin.get_json("/api/profile").await;
    let (status, answer) = admin
        .post_json(
            "/api/profile/update",
            &json!({ "firstname": me["result"]["firstname"], "signature": PAYLOAD }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (_, me) = admin.get_json("/api/profile").await;
    assert_clean("the user's signature", &me["result"]["signature"]);
}

/// Each web address field, with the save that carries it: `javascript:` and `data:` are refused
/// on the field with the Danish message, and the row keeps what it had.
#[tokio::test]
async fn web_address_fields_take_http_or_https_only() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let admin = app.signed_in("admin@tribune.test").await;
    let bad = [
        "javascript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
    ];

    for address in bad {
        let company =
            json!({ "name": "Bryggeriet", "status": 0, "cvr": "12345678", "website": address });
        let (status, body) = staff.post_json("/api/companies/update", &company).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert!(
            first_error(&body, "website").contains("Ugyldig webadresse"),
            "{body}"
        );

        let contact = json!({ "firstname": "Lis", "lastname": "Lund", "email": "lis@example.dk", "linkedin": address });
        let (status, body) = staff.post_json("/api/contacts/update", &contact).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert!(
            first_error(&body, "linkedin").contains("Ugyldig webadresse"),
            "{body}"
        );

        let (_, read) = admin.get_json("/api/settings").await;
        let read = &read["result"];
        for field in ["website", "url"] {
            let mut save = json!({ "name": read["name"], "version": read["version"] });
            save[field] = json!(address);
            let (status, body) = admin.post_json("/api/settings/update", &save).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{field}: {body}");
            assert!(
                first_error(&body, field).contains("Ugyldig webadresse"),
                "{body}"
            );
        }

        let (status, body) = admin
            .post_json(
                "/api/profile/update",
                &json!({ "firstname": "Admin", "linkedin": address }),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert!(
            first_error(&body, "linkedin").contains("Ugyldig webadresse"),
            "{body}"
        );
    }
    assert_eq!(
        app.count(
            "SELECT count(*) FROM companies WHERE website LIKE '%:%' AND website NOT LIKE 'http%'"
        )
        .await,
        0
    );
    let (_, read) = admin.get_json("/api/settings").await;
    assert!(
        !read["result"].to_string().contains("javascript:"),
        "{read}"
    );

    // http, https and a bare host are addresses.
    for address in [
        "https://bryggeriet.dk",
        "http://bryggeriet.dk/om",
        "bryggeriet.dk",
    ] {
        let company =
            json!({ "name": "Bryggeriet", "status": 0, "cvr": "12345678", "website": address });
        let (status, body) = staff.post_json("/api/companies/update", &company).await;
        assert_eq!(status, StatusCode::OK, "{address}: {body}");
    }
}
