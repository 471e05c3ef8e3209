//! The pickers' `?search=`: LIKE's own characters `%` and `_` are searched for literally, never
//! as wildcards (issue 11 §5, one LIKE escaping in kit::text).

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{spawn_app, Browser};

async fn save(browser: &Browser, path: &str, data: Value) {
    let (status, body) = browser.post_form(path, Some(&data), &[], vec![]).await;
    assert_eq!(status, StatusCode::OK, "{path}: {body}");
}

/// The `field` of every row a picker finds for `search` (sent URL-encoded).
async fn found(browser: &Browser, path: &str, search: &str, field: &str) -> Vec<String> {
    let encoded: String = search.bytes().map(|b| format!("%{b:02X}")).collect();
    let (status, body) = browser.get_json(&format!("{path}?search={encoded}")).await;
    assert_eq!(status, StatusCode::OK, "{path}: {body}");
    body["result"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|row| row[field].as_str().unwrap_or_default().to_string())
        .collect()
}

#[tokio::test]
async fn a_picker_search_for_percent_or_underscore_finds_only_names_holding_that_character() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    for name in ["100% Sport ApS", "Hal_7 Udlejning", "Almindelig Byg"] {
        save(
            &staff,
            "/api/companies/update",
            json!({ "name": name, "status": 0, "cvr": "12345678" }),
        )
        .await;
        save(
            &staff,
            "/api/products/update",
            json!({ "title": name, "type": "product", "price": 10000 }),
        )
        .await;
    }
    for (first, email) in [
        ("Pct%", "pct@example.dk"),
        ("Under_score", "under@example.dk"),
        ("Almindelig", "almindelig@example.dk"),
    ] {
        save(
            &staff,
            "/api/contacts/update",
            json!({ "firstname": first, "lastname": "Hansen", "email": email }),
        )
        .await;
    }

    for (path, field, percent, underscore) in [
        (
            "/api/companies",
            "name",
            "100% Sport ApS",
            "Hal_7 Udlejning",
        ),
        (
            "/api/products",
            "title",
            "100% Sport ApS",
            "Hal_7 Udlejning",
        ),
        ("/api/contacts", "firstname", "Pct%", "Under_score"),
    ] {
        assert_eq!(
            found(&staff, path, "%", field).await,
            vec![percent],
            "{path} %"
        );
        assert_eq!(
            found(&staff, path, "_", field).await,
            vec![underscore],
            "{path} _"
        );
    }
    // The staff picker: no seeded staff member's name or e-mail holds either character.
    assert_eq!(
        found(&staff, "/api/app/users", "%", "email").await,
        Vec::<String>::new()
    );
    assert_eq!(
        found(&staff, "/api/app/users", "_", "email").await,
        Vec::<String>::new()
    );
    assert!(!found(&staff, "/api/app/users", "@", "email")
        .await
        .is_empty());
}
