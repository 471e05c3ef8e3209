//! Plain-table editors carry a version (issue 11 §7): two tabs read the same row, the first save
//! wins, the second (read at the old version) gets the Danish 409 and changes nothing. A save
//! without a version is not checked (today's webapp and scripts), but still moves the version on.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{spawn_app, Browser};

/// One editor: where it reads a row, where it saves one, and the field the two tabs change.
struct Editor {
    read: &'static str,
    save: &'static str,
    field: &'static str,
    stale: &'static str,
}

async fn read(browser: &Browser, editor: &Editor, id: &str) -> Value {
    let (status, body) = browser.get_json(&editor.read.replace("{id}", id)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["result"].clone()
}

/// Tab one and tab two read `id`; tab one saves `first`, tab two then saves `second`.
async fn two_tabs_save(browser: &Browser, editor: &Editor, id: &str, body: Value) {
    let read_at = read(browser, editor, id).await["version"].clone();
    assert!(read_at.is_i64(), "GET answers a version: {read_at}");
    let tab = |value: &str| {
        let mut save = body.clone();
        save["id"] = json!(id);
        save[editor.field] = json!(value);
        save["version"] = read_at.clone();
        save
    };
    let (status, answer) = browser.post_json(editor.save, &tab("Første")).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (status, answer) = browser.post_json(editor.save, &tab("Anden")).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert_eq!(answer["error"], json!(editor.stale));

    let now = read(browser, editor, id).await;
    assert_eq!(
        now[editor.field],
        json!("Første"),
        "the first save survives"
    );
    assert_eq!(
        now["version"],
        json!(read_at.as_i64().unwrap_or_default() + 1)
    );

    // No version: no check (for now), and the version still moves on.
    let mut unchecked = tab("Tredje");
    unchecked.as_object_mut().map(|o| o.remove("version"));
    let (status, answer) = browser.post_json(editor.save, &unchecked).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let now = read(browser, editor, id).await;
    assert_eq!(now[editor.field], json!("Tredje"));
    assert_eq!(
        now["version"],
        json!(read_at.as_i64().unwrap_or_default() + 2)
    );
}

async fn create(browser: &Browser, path: &str, body: &Value) -> String {
    let (status, answer) = browser.post_json(path, body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["result"].as_str().expect("id").to_string()
}

#[tokio::test]
async fn a_second_tab_saving_an_old_company_gets_a_conflict_and_the_first_save_survives() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let company = json!({ "name": "Bryggeriet Vestfyen", "status": 0, "cvr": "12345678" });
    let id = create(&staff, "/api/companies/update", &company).await;
    let editor = Editor {
        read: "/api/companies/{id}",
        save: "/api/companies/update",
        field: "name",
        stale: "Virksomheden er blevet ændret af en anden i mellemtiden. Genindlæs og prøv igen.",
    };
    two_tabs_save(&staff, &editor, &id, company).await;

    // Another club's row, or none, is still not found whatever the version.
    let (status, _) = staff
        .post_json(
            "/api/companies/update",
            &json!({ "id": uuid::Uuid::new_v4(), "name": "X", "status": 0, "cvr": "12345678", "version": 1 }),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_second_tab_saving_an_old_product_gets_a_conflict_and_the_first_save_survives() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let product = json!({ "title": "Halstørklæde", "type": "product", "price": 15000 });
    let id = create(&staff, "/api/products/update", &product).await;
    let editor = Editor {
        read: "/api/products/{id}",
        save: "/api/products/update",
        field: "title",
        stale: "Produktet er blevet ændret af en anden i mellemtiden. Genindlæs og prøv igen.",
    };
    two_tabs_save(&staff, &editor, &id, product).await;
}

#[tokio::test]
async fn a_second_tab_saving_an_old_season_gets_a_conflict_and_the_first_save_survives() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let season = json!({ "title": "2026/27", "startDate": "2026-07-01", "endDate": "2027-06-30" });
    let id = create(&staff, "/api/orders/seasons/update", &season).await;
    let editor = Editor {
        read: "/api/orders/seasons/{id}",
        save: "/api/orders/seasons/update",
        field: "title",
        stale: "Sæsonen er blevet ændret af en anden i mellemtiden. Genindlæs og prøv igen.",
    };
    two_tabs_save(&staff, &editor, &id, season).await;
}

#[tokio::test]
async fn a_second_tab_saving_old_club_settings_gets_a_conflict_and_the_first_save_survives() {
    let app = spawn_app().await;
    let admin = app.signed_in("admin@tribune.test").await;
    let (_, settings) = admin.get_json("/api/settings").await;
    let read_at = settings["result"]["version"].clone();
    assert!(read_at.is_i64(), "{settings}");
    let save = |name: &str| json!({ "name": name, "version": read_at });
    let (status, answer) = admin
        .post_json("/api/settings/update", &save("Demo FC af 1905"))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (status, answer) = admin
        .post_json("/api/settings/update", &save("Demo FC af 2025"))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert_eq!(
        answer["error"],
        "Klubbens indstillinger er blevet ændret af en anden i mellemtiden. Genindlæs og prøv igen."
    );
    let (_, settings) = admin.get_json("/api/settings").await;
    assert_eq!(settings["result"]["name"], "Demo FC af 1905");
}
