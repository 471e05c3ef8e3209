//! Settings and administration (spec 1 §2 Settings area): clubs with their roles and ordered
//! modules, whose activation and role rules drive the sidebar and the API, and their rules in Danish.

use reqwest::StatusCode;
use serde_json::{json, Value};
use uuid::Uuid;

use crate::helpers::{client_detail, first_error, spawn_app, Browser, TestApp};

async fn sidebar(browser: &Browser) -> Vec<String> {
    let (_, body) = browser.get_json("/api/app/modules").await;
    body["result"]
        .as_array()
        .expect("modules")
        .iter()
        .map(|m| m["alias"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[tokio::test]
async fn a_clubs_modules_order_activation_and_role_rules_drive_its_sidebar_and_its_api() {
    let app = spawn_app().await;
    let admin = app.signed_in("admin@tribune.test").await;
    let staff = app.signed_in("staff@tribune.test").await;
    let fc = app.club_id("Demo FC").await;
    let detail = client_detail(&admin, fc).await;
    let mut modules: Vec<Value> = detail["modules"].as_array().expect("modules").clone();
    assert_eq!(
        sidebar(&staff).await[..3],
        ["dashboard", "companies", "contacts"]
    );

    // Contacts moved first: the sidebar follows at once.
    let contacts_at = modules
        .iter()
        .position(|m| fc_alias(&app, m) == "contacts")
        .expect("contacts");
    let contacts = modules.remove(contacts_at);
    modules.insert(0, contacts);
    let (status, body) = admin
        .post_json(
            "/api/clients/update",
            &json!({ "id": fc, "name": "Demo FC", "active": true, "roles": detail["roles"], "modules": modules }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(sidebar(&staff).await[..2], ["contacts", "dashboard"]);

    // The staff role made read-only for companies: listing works, saving is refused.
    for m in modules.iter_mut() {
        if fc_alias(&app, m) == "companies" {
            m["roleAcls"] = json!([{ "ruleId": "read", "role": "staff" }]);
        }
    }
    let (status, _) = admin
        .post_json(
            "/api/clients/update",
            &json!({ "id": fc, "name": "Demo FC", "modules": modules }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = staff.post_json("/api/companies", &json!({})).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = staff
        .post_form(
            "/api/companies/update",
            Some(&json!({ "name": "Ny sponsor", "status": 0, "cvr": "12345678" })),
            &[],
            vec![],
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (_, user) = staff.get_json("/api/user").await;
    let companies_acl: Vec<&Value> = user["result"]["acl"]
        .as_array()
        .expect("acl")
        .iter()
        .filter(|item| item["subject"] == json!(["companies"]))
        .collect();
    assert_eq!(companies_acl.len(), 1);
    assert_eq!(companies_acl[0]["action"], json!(["read"]));

    // Companies removed from the club: gone from the sidebar, its calls refused.
    modules.retain(|m| fc_alias(&app, m) != "companies");
    let (status, _) = admin
        .post_json(
            "/api/clients/update",
            &json!({ "id": fc, "name": "Demo FC", "modules": modules }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(!sidebar(&staff).await.contains(&"companies".to_string()));
    let (status, _) = staff.post_json("/api/companies", &json!({})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // Deactivating has the same effect for contacts.
    for m in modules.iter_mut() {
        if fc_alias(&app, m) == "contacts" {
            m["active"] = json!(false);
        }
    }
    let (status, _) = admin
        .post_json(
            "/api/clients/update",
            &json!({ "id": fc, "name": "Demo FC", "modules": modules }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = staff.post_json("/api/contacts", &json!({})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(
        app.count("SELECT count(*) FROM audit_log WHERE entity = 'client'")
            .await,
        4
    );
}

fn fc_alias(_app: &TestApp, module: &Value) -> String {
    module["alias"]
        .as_str()
        .map(str::to_string)
        .unwrap_or_default()
}

#[tokio::test]
async fn client_rules_answer_in_danish() {
    let app = spawn_app().await;
    let admin = app.signed_in("admin@tribune.test").await;
    let fc = app.club_id("Demo FC").await;
    let detail = client_detail(&admin, fc).await;
    let module_id = detail["modules"][0]["moduleId"].clone();
    let (status, body) = admin
        .post_json(
            "/api/clients/update",
            &json!({ "id": fc, "name": "", "roles": [{ "name": "", "alias": "staff" }, { "name": "B", "alias": "staff" }],
                     "modules": [{ "moduleId": module_id, "roleAcls": [{ "ruleId": "nope", "role": "ghost" }],
                                   "features": { "ukendt": {} } },
                                 { "moduleId": Uuid::new_v4() }] }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(first_error(&body, "name"), "Navn skal udfyldes");
    assert_eq!(first_error(&body, "roles.0.name"), "Navn skal udfyldes");
    assert_eq!(
        first_error(&body, "roles.1.alias"),
        "Alias er allerede brugt"
    );
    assert_eq!(
        first_error(&body, "modules.0.roleAcls.0.ruleId"),
        "Reglen findes ikke i modulet"
    );
    assert_eq!(
        first_error(&body, "modules.0.roleAcls.0.role"),
        "Rollen findes ikke i klubben"
    );
    assert_eq!(
        first_error(&body, "modules.0.features"),
        "Funktionen 'ukendt' findes ikke i modulet"
    );
    assert_eq!(
        first_error(&body, "modules.1.moduleId"),
        "Modulet findes ikke"
    );

    // A new club, then its list row; the current club cannot be deleted.
    let (status, body) = admin
        .post_json("/api/clients/update", &json!({ "name": "Demo Tennis", "active": false, "roles": [{ "name": "Administrator", "alias": "admin" }] }))
        .await;
    assert_eq!(status, StatusCode::OK);
    let id = body["result"].as_str().expect("id").to_string();
    let (_, list) = admin.get_json("/api/clients?search=tennis").await;
    assert_eq!(list["Result"][0]["Active"], json!(false));
    let (status, _) = admin.delete(&format!("/api/clients/{fc}")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, _) = admin.delete(&format!("/api/clients/{id}")).await;
    assert_eq!(status, StatusCode::OK);
}
