//! Plain-table editors carry a version (issue 11 §7): two tabs read the same row, the first save
//! wins, the second (read at the old version) gets the Danish 409 and changes nothing. A save of
//! an existing row without a version is a Danish 422 on `version` and changes nothing either
//! (issue 35 §8); a new row has none to send.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{first_error, open_event, spawn_app, Browser};

const VERSION_REQUIRED: &str =
    "Versionen mangler: genindlæs siden og gem igen, så en andens ændringer ikke overskrives";

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

    // No version: refused on the field, and the first save still stands.
    let mut unchecked = tab("Tredje");
    unchecked.as_object_mut().map(|o| o.remove("version"));
    let (status, answer) = browser.post_json(editor.save, &unchecked).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(first_error(&answer, "version"), VERSION_REQUIRED);
    let now = read(browser, editor, id).await;
    assert_eq!(now[editor.field], json!("Første"));
    assert_eq!(
        now["version"],
        json!(read_at.as_i64().unwrap_or_default() + 1)
    );
}

async fn create(browser: &Browser, path: &str, body: &Value) -> String {
    let (status, answer) = browser.post_json(path, body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    // The contact editor answers the saved contact in `data`; the others its id in `result`.
    answer["result"]
        .as_str()
        .or_else(|| answer["data"]["id"].as_str())
        .unwrap_or_else(|| panic!("{path} answers an id: {answer}"))
        .to_string()
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

/// Every plain-table editor with a version, as (save, read, a new row's body, the field to change).
const EDITORS: [(&str, &str, &str, &str); 12] = [
    (
        "/api/companies/update",
        "/api/companies/{id}",
        r#"{"name": "Bryggeriet", "status": 0, "cvr": "12345678"}"#,
        "name",
    ),
    (
        "/api/contacts/update",
        "/api/contacts/{id}",
        r#"{"firstname": "Lis", "lastname": "Lund", "email": "lis@example.dk"}"#,
        "firstname",
    ),
    (
        "/api/contacts/lists/update",
        "/api/contacts/lists/{id}",
        r#"{"title": "Sponsorer"}"#,
        "title",
    ),
    (
        "/api/products/update",
        "/api/products/{id}",
        r#"{"title": "Halstørklæde", "type": "product", "price": 15000}"#,
        "title",
    ),
    (
        "/api/products/categories/update",
        "/api/products/categories/{id}",
        r#"{"title": "Merchandise"}"#,
        "title",
    ),
    (
        "/api/products/invoicegroups/update",
        "/api/products/invoicegroups/{id}",
        r#"{"title": "Billetter"}"#,
        "title",
    ),
    (
        "/api/orders/categories/update",
        "/api/orders/categories/{id}",
        r#"{"title": "Sponsorat", "price": 0}"#,
        "title",
    ),
    (
        "/api/orders/seasons/update",
        "/api/orders/seasons/{id}",
        r#"{"title": "2026/27", "startDate": "2026-07-01", "endDate": "2027-06-30"}"#,
        "title",
    ),
    (
        "/api/orders/fields/update",
        "/api/orders/fields/{id}",
        r#"{"title": "Bemærkning", "type": "Text"}"#,
        "title",
    ),
    (
        "/api/orders/discount-codes/update",
        "/api/orders/discount-codes/{id}",
        r#"{"title": "Forår", "code": "FORAAR", "expires": "2030-01-01", "discount": 1000}"#,
        "title",
    ),
    (
        "/api/newsletters/update",
        "/api/newsletters/{id}",
        r#"{"name": "Nyt", "title": "Nyt", "subject": "Nyt"}"#,
        "name",
    ),
    (
        "/api/events/types/update",
        "/api/events/types/{id}",
        r#"{"title": "Hjemmekamp"}"#,
        "title",
    ),
];

/// `body` (a save of the row at `read_path`, without a version) is refused on `version`, and
/// the row reads as before.
async fn a_save_without_version_is_refused(
    browser: &Browser,
    save: &str,
    read_path: &str,
    mut body: Value,
    field: &str,
) {
    let (status, before) = browser.get_json(read_path).await;
    assert_eq!(status, StatusCode::OK, "{read_path}: {before}");
    let before = before["result"].clone();
    body.as_object_mut().map(|o| o.remove("version"));
    body[field] = json!("Uden version");
    let (status, answer) = browser.post_json(save, &body).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{save}: {answer}");
    assert_eq!(
        first_error(&answer, "version"),
        VERSION_REQUIRED,
        "{save}: {answer}"
    );
    let (_, after) = browser.get_json(read_path).await;
    assert_eq!(after["result"], before, "{save} changed nothing");
    // The editor reads the version it must send, and a save with it goes through.
    let read_at = before
        .get("version")
        .filter(|version| version.is_i64())
        .unwrap_or_else(|| panic!("{read_path} gives its editor no version: {before}"));
    body["version"] = read_at.clone();
    let (status, answer) = browser.post_json(save, &body).await;
    assert_eq!(status, StatusCode::OK, "{save} with its version: {answer}");
}

#[tokio::test]
async fn every_editor_refuses_to_save_an_existing_row_without_its_version() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    for (save, read_path, new_row, field) in EDITORS {
        let new_row: Value = serde_json::from_str(new_row).unwrap();
        // A new row has no version to send.
        let id = create(&staff, save, &new_row).await;
        let mut edit = new_row.clone();
        edit["id"] = json!(id);
        let read_path = read_path.replace("{id}", &id);
        a_save_without_version_is_refused(&staff, save, &read_path, edit, field).await;
    }
    // The event editor sends back the form it read.
    let (event, _) = open_event(&staff, "Pokalkamp", json!([]), json!({})).await;
    let read_path = format!("/api/events/{event}");
    let (_, read) = staff.get_json(&read_path).await;
    let form = read["result"].clone();
    a_save_without_version_is_refused(&staff, "/api/events/update", &read_path, form, "title")
        .await;

    let admin = app.signed_in("admin@tribune.test").await;
    let (_, before) = admin.get_json("/api/settings").await;
    let (status, answer) = admin
        .post_json("/api/settings/update", &json!({ "name": "Uden version" }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(first_error(&answer, "version"), VERSION_REQUIRED);
    let (_, after) = admin.get_json("/api/settings").await;
    assert_eq!(after, before, "the club's settings changed nothing");
}
