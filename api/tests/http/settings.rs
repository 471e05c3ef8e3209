//! Settings and administration: club users, system users and impersonation, clubs with roles
//! and modules, the module catalogue and its access rules, jobs, club settings, the profile,
//! the accounting data and the team-sport import.

use reqwest::StatusCode;
use serde_json::{json, Value};
use uuid::Uuid;

use crate::helpers::{png, spawn_app, spawn_app_with, AppOptions, Browser, TestApp};

async fn user_id(app: &TestApp, email: &str) -> Uuid {
    sqlx::query_scalar("SELECT id FROM users WHERE email = $1")
        .bind(email)
        .fetch_one(&app.db.owner)
        .await
        .expect("user")
}

fn first_error(body: &Value, field: &str) -> String {
    body["errors"][field][0]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

async fn save_client_user(browser: &Browser, data: Value) -> (StatusCode, Value) {
    browser
        .post_form("/api/client/users/update", Some(&data), &[], vec![])
        .await
}

#[tokio::test]
async fn a_club_user_is_created_through_the_email_check_and_an_existing_user_is_invited() {
    let app = spawn_app().await;
    let admin = app.signed_in("admin@tribune.test").await;

    // A free address: the other fields unlock.
    let (status, body) = admin
        .get_json("/api/client/users/find/ny.medarbejder@tribune.test")
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["result"]["status"], json!("new"));
    assert_eq!(body["result"]["allowed"], json!(true));
    // Already in the club: not allowed.
    let (_, body) = admin
        .get_json("/api/client/users/find/staff@tribune.test")
        .await;
    assert_eq!(body["result"]["status"], json!("member"));
    assert_eq!(body["result"]["allowed"], json!(false));
    // Not an address at all.
    let (status, body) = admin
        .get_json("/api/client/users/find/ikke-en-adresse")
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        first_error(&body, "email"),
        "E-mail skal være en gyldig e-mail adresse"
    );

    // The rules, in Danish, and nothing is created.
    let (status, body) = save_client_user(
        &admin,
        json!({ "email": "ny.medarbejder@tribune.test", "firstname": " ", "role": "boss", "password": "kort" }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(first_error(&body, "firstname"), "Fornavn skal udfyldes");
    assert_eq!(first_error(&body, "role"), "Rollen findes ikke i klubben");
    assert_eq!(
        first_error(&body, "password"),
        "Adgangskode skal mindst være 8 tegn"
    );
    assert_eq!(
        app.count("SELECT count(*) FROM users WHERE email = 'ny.medarbejder@tribune.test'")
            .await,
        0
    );
    let (status, body) = admin
        .post_form(
            "/api/client/users/update",
            Some(&json!({ "email": "ny.medarbejder@tribune.test", "firstname": "Nina" })),
            &[],
            vec![("file", "noter.txt", b"ikke et billede".to_vec())],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(first_error(&body, "file"), "Billede skal være et billede");

    // Created with a role and a picture; without a password she gets a mail to choose one.
    let (status, body) = admin
        .post_form(
            "/api/client/users/update",
            Some(&json!({ "email": "ny.medarbejder@tribune.test", "firstname": "Nina", "lastname": "Ny",
                          "role": "staff", "emailConfirmed": true })),
            &[],
            vec![("file", "nina.png", png())],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let id = body["result"].as_str().expect("id").to_string();
    let mail = app.smtp.wait_for("ny.medarbejder@tribune.test").await;
    assert!(mail
        .link("http://127.0.0.1/reset-password?token=")
        .is_some());
    let (_, body) = admin.get_json(&format!("/api/client/users/{id}")).await;
    assert_eq!(body["result"]["role"], json!("staff"));
    assert_eq!(body["result"]["firstname"], json!("Nina"));
    let picture = body["result"]["picture"]
        .as_str()
        .expect("picture")
        .to_string();
    let image = admin.get(&picture).await;
    assert_eq!(image.status(), StatusCode::OK);
    assert_eq!(image.headers()["content-type"], "image/png");
    let (_, list) = admin.get_json("/api/client/users?search=nina").await;
    assert_eq!(list["Total"], json!(1));
    assert_eq!(
        list["Result"][0]["Email"],
        json!("ny.medarbejder@tribune.test")
    );

    // Edited: the e-mail stays, the role changes, and the change is audited.
    let (status, _) = save_client_user(
        &admin,
        json!({ "id": id, "email": "andet@tribune.test", "firstname": "Nina", "lastname": "Nielsen", "role": "admin" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (_, body) = admin.get_json(&format!("/api/client/users/{id}")).await;
    assert_eq!(
        body["result"]["email"],
        json!("ny.medarbejder@tribune.test")
    );
    assert_eq!(body["result"]["role"], json!("admin"));
    let changes: Value = sqlx::query_scalar(
        "SELECT changes FROM audit_log WHERE entity = 'user' AND entity_id = $1 AND action = 'update'",
    )
    .bind(&id)
    .fetch_one(&app.db.owner)
    .await
    .expect("audit");
    assert_eq!(
        changes["lastname"],
        json!({ "old": "Ny", "new": "Nielsen" })
    );
    assert_eq!(changes["role"], json!({ "old": "staff", "new": "admin" }));

    // An existing user of no staff membership here is invited, and accepts through the mail.
    let handbold = app.admin_in_handbold().await;
    let (_, body) = handbold
        .get_json("/api/client/users/find/staff@tribune.test")
        .await;
    assert_eq!(body["result"]["status"], json!("invite"));
    let (status, body) = save_client_user(
        &handbold,
        json!({ "email": "staff@tribune.test", "firstname": "Ignoreret", "role": "staff" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let staff_id = user_id(&app, "staff@tribune.test").await;
    let handbold_id = app.club_id("Demo Håndbold").await;
    let accepted: bool = sqlx::query_scalar(
        "SELECT accepted FROM memberships WHERE user_id = $1 AND client_id = $2",
    )
    .bind(staff_id)
    .bind(handbold_id)
    .fetch_one(&app.db.owner)
    .await
    .expect("membership");
    assert!(!accepted, "invited, not yet accepted");
    assert_eq!(
        app.count("SELECT count(*) FROM users WHERE firstname = 'Ignoreret'")
            .await,
        0,
        "an invited user's own fields stay theirs"
    );
    let mail = app.smtp.wait_for("staff@tribune.test").await;
    let link = mail
        .link("http://127.0.0.1/accept-invite?token=")
        .expect("invite link");
    let path = link.trim_start_matches("http://127.0.0.1");
    let response = app.browser().open_mail_link(path).await;
    assert_eq!(response.headers()["location"], "/login?invited=1");
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM memberships WHERE user_id = '{staff_id}' AND client_id = '{handbold_id}' AND accepted"
        ))
        .await,
        1
    );
    let (status, body) = save_client_user(
        &handbold,
        json!({ "email": "staff@tribune.test", "firstname": "Søren" }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        first_error(&body, "email"),
        "Brugeren er allerede tilknyttet klubben"
    );

    // Removed from the club: the user still exists.
    let (status, _) = admin.delete(&format!("/api/client/users/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = admin.get_json(&format!("/api/client/users/{id}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let admin_id = user_id(&app, "admin@tribune.test").await;
    let (status, _) = admin.delete(&format!("/api/client/users/{admin_id}")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn only_admins_reach_settings_and_only_system_admins_the_admin_group() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let admin = app.signed_in("admin@tribune.test").await;
    let staff_id = user_id(&app, "staff@tribune.test").await;
    for path in [
        "/api/settings",
        "/api/client/users",
        "/api/users",
        "/api/clients",
        "/api/modules",
        "/api/clients/modules",
    ] {
        let (status, _) = staff.get_json(path).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "staff GET {path}");
        let (status, _) = admin.get_json(path).await;
        assert_eq!(status, StatusCode::OK, "admin GET {path}");
    }
    let (status, _) = staff.post_json("/api/jobs", &json!({})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = staff
        .post_json(&format!("/api/users/{staff_id}/impersonate"), &json!({}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = staff
        .post_json(
            "/api/modules/update",
            &json!({ "name": "X", "alias": "x", "icon": "pi pi-x" }),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = staff
        .post_form(
            "/api/settings/update",
            Some(&json!({ "name": "Overtaget" })),
            &[],
            vec![],
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // A club's own admin manages the club's settings and users, not the admin group.
    sqlx::query("UPDATE memberships SET role = 'admin' WHERE user_id = $1")
        .bind(staff_id)
        .execute(&app.db.owner)
        .await
        .expect("promote");
    let (status, _) = staff.get_json("/api/client/users").await;
    assert_eq!(status, StatusCode::OK);
    for path in ["/api/users", "/api/clients", "/api/modules"] {
        let (status, _) = staff.get_json(path).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "club admin GET {path}");
    }
    // … nor another club's settings, nor a System Admin's account.
    let handbold = app.club_id("Demo Håndbold").await;
    let (status, _) = staff
        .get_json(&format!("/api/settings?clientId={handbold}"))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let admin_id = user_id(&app, "admin@tribune.test").await;
    let (status, _) = save_client_user(
        &staff,
        json!({ "id": admin_id, "firstname": "Hacket", "password": "nyt-kodeord-123" }),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn an_admin_manages_system_users_and_their_memberships() {
    let app = spawn_app().await;
    let admin = app.signed_in("admin@tribune.test").await;
    let fc = app.club_id("Demo FC").await;
    let handbold = app.club_id("Demo Håndbold").await;

    let (_, list) = admin
        .get_json("/api/users?search=tribune.test&perPage=10")
        .await;
    assert_eq!(list["Total"], json!(3));
    assert_eq!(
        list["Result"][0]["Firstname"],
        json!("Ada"),
        "sorted by name"
    );

    let (status, body) = admin
        .post_form(
            "/api/users/update",
            Some(&json!({ "email": "bo@tribune.test", "firstname": "Bo", "password": "hemmelig-kode",
                          "emailConfirmed": true,
                          "clients": [{ "clientId": fc, "role": "direktør", "accepted": true, "systemUser": true }] })),
            &[],
            vec![],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        first_error(&body, "clients.0.role"),
        "Rollen findes ikke i klubben"
    );

    let (status, body) = admin
        .post_form(
            "/api/users/update",
            Some(&json!({ "email": "bo@tribune.test", "firstname": "Bo", "password": "hemmelig-kode",
                          "emailConfirmed": true, "superAdmin": false,
                          "clients": [{ "clientId": fc, "role": "staff", "accepted": true, "systemUser": true },
                                      { "clientId": handbold, "role": null, "accepted": true, "systemUser": true }] })),
            &[],
            vec![],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let id = body["result"].as_str().expect("id").to_string();
    let (_, body) = admin.get_json(&format!("/api/users/{id}")).await;
    let clients = body["result"]["clients"].as_array().expect("clients");
    assert_eq!(clients.len(), 2);
    assert_eq!(clients[0]["clientName"], json!("Demo FC"));
    assert_eq!(clients[0]["role"], json!("staff"));
    assert_eq!(clients[1]["role"], Value::Null);
    assert!(clients[0]["roles"].as_array().is_some_and(|r| r.len() == 3));

    // Bo can log in and works in Demo FC.
    let bo = app.browser();
    assert_eq!(
        bo.login("bo@tribune.test", "hemmelig-kode").await.status(),
        StatusCode::OK
    );
    let (status, _) = bo.post_json("/api/companies", &json!({})).await;
    assert_eq!(status, StatusCode::OK);

    // One membership removed, System Admin given.
    let (status, _) = admin
        .post_form(
            "/api/users/update",
            Some(&json!({ "id": id, "firstname": "Bo", "superAdmin": true,
                          "clients": [{ "clientId": handbold, "role": "admin", "accepted": true, "systemUser": true }] })),
            &[],
            vec![],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, body) = admin.get_json(&format!("/api/users/{id}")).await;
    assert_eq!(body["result"]["superAdmin"], json!(true));
    assert_eq!(body["result"]["clients"].as_array().map(Vec::len), Some(1));

    let (status, _) = admin.delete(&format!("/api/users/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = admin.get_json(&format!("/api/users/{id}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let admin_id = user_id(&app, "admin@tribune.test").await;
    let (status, _) = admin.delete(&format!("/api/users/{admin_id}")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn an_admin_impersonates_a_user_and_every_action_records_both_then_returns() {
    let app = spawn_app().await;
    let admin = app.signed_in("admin@tribune.test").await;
    let staff_id = user_id(&app, "staff@tribune.test").await;
    let admin_id = user_id(&app, "admin@tribune.test").await;

    let (status, _) = admin
        .post_json(&format!("/api/users/{admin_id}/impersonate"), &json!({}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "not as oneself");
    let (status, _) = admin
        .post_json(&format!("/api/users/{staff_id}/impersonate"), &json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);

    let (_, body) = admin.get_json("/api/user").await;
    assert_eq!(body["result"]["email"], json!("staff@tribune.test"));
    assert_eq!(body["result"]["impersonator"]["name"], json!("Ada Admin"));
    assert_eq!(body["result"]["admin"], json!(false));
    // As the user, the admin has the user's rights only.
    let (status, _) = admin.get_json("/api/users").await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // What is done now records both people.
    let (status, _) = admin
        .post_form(
            "/api/profile/update",
            Some(&json!({ "firstname": "Søren", "lastname": "Sælgersen" })),
            &[],
            vec![],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (who, by): (Uuid, Option<Uuid>) =
        sqlx::query_as("SELECT user_id, impersonator_id FROM audit_log WHERE action = 'profile'")
            .fetch_one(&app.db.owner)
            .await
            .expect("audit");
    assert_eq!((who, by), (staff_id, Some(admin_id)));

    // And back.
    let response = admin.get("/api/users/return").await;
    assert_eq!(response.status(), StatusCode::FOUND);
    assert_eq!(response.headers()["location"], "/settings/admin-users");
    let (_, body) = admin.get_json("/api/user").await;
    assert_eq!(body["result"]["email"], json!("admin@tribune.test"));
    assert_eq!(body["result"]["impersonator"], Value::Null);
    let (status, _) = admin.get_json("/api/users").await;
    assert_eq!(status, StatusCode::OK);
    // Without impersonation there is nothing to return from.
    assert_eq!(
        admin.get("/api/users/return").await.status(),
        StatusCode::FORBIDDEN
    );
}

async fn fc_detail(admin: &Browser, fc: Uuid) -> Value {
    let (status, body) = admin.get_json(&format!("/api/clients/{fc}")).await;
    assert_eq!(status, StatusCode::OK);
    body["result"].clone()
}

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
    let detail = fc_detail(&admin, fc).await;
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
    let detail = fc_detail(&admin, fc).await;
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

#[tokio::test]
async fn modules_are_validated_and_their_rules_get_stable_ids() {
    let app = spawn_app().await;
    let admin = app.signed_in("admin@tribune.test").await;
    let (status, body) = admin
        .post_json(
            "/api/modules/update",
            &json!({ "name": "", "alias": "companies", "icon": "",
                     "aclRules": [{ "name": "", "userACL": [{ "subject": [], "action": ["delete"] }] }] }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(first_error(&body, "name"), "Navn skal udfyldes");
    assert_eq!(first_error(&body, "icon"), "Ikon skal udfyldes");
    assert_eq!(first_error(&body, "aclRules.0.name"), "Navn skal udfyldes");
    assert_eq!(
        first_error(&body, "aclRules.0.userACL.0.subject"),
        "Emne skal udfyldes"
    );
    assert_eq!(
        first_error(&body, "aclRules.0.userACL.0.action"),
        "Handling skal være manage eller read"
    );
    let (status, body) = admin
        .post_json(
            "/api/modules/update",
            &json!({ "name": "Dublet", "alias": "companies", "icon": "pi pi-x" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        first_error(&body, "alias"),
        "Alias er allerede brugt af et andet modul"
    );

    let (status, body) = admin
        .post_json(
            "/api/modules/update",
            &json!({ "name": "Nyhedsbrev", "alias": "newsletter", "icon": "pi pi-send", "url": "/newsletter", "sorting": 55,
                     "features": [{ "name": "SMS", "alias": "sms", "settings": [{ "name": "provider", "public": false, "values": ["gatewayapi", "cpsms"] }] }],
                     "views": [{ "route": "newsletter", "values": ["Standard", "Kompakt"] }],
                     "aclRules": [{ "name": "Læse", "userACL": [{ "subject": ["newsletter"], "action": ["read"], "inverted": false, "fields": ["*"] }] }] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let id = body["result"].as_str().expect("id").to_string();
    let (_, body) = admin.get_json(&format!("/api/modules/{id}")).await;
    let rule_id = body["result"]["aclRules"][0]["id"]
        .as_str()
        .expect("rule id")
        .to_string();
    assert!(!rule_id.is_empty());
    let (_, list) = admin.get_json("/api/modules").await;
    let aliases: Vec<&str> = list["Result"]
        .as_array()
        .expect("rows")
        .iter()
        .filter_map(|r| r["Alias"].as_str())
        .collect();
    let at = aliases
        .iter()
        .position(|a| *a == "newsletter")
        .expect("listed");
    assert_eq!(aliases[at - 1], "marketing", "sorted by Sorting");

    // A club may choose only the module's allowed values.
    let fc = app.club_id("Demo FC").await;
    let mut modules = fc_detail(&admin, fc).await["modules"]
        .as_array()
        .expect("m")
        .clone();
    modules.push(json!({ "moduleId": id, "customViews": { "newsletter": "Lodret" }, "features": { "sms": { "provider": "ukendt" } } }));
    let (status, body) = admin
        .post_json(
            "/api/clients/update",
            &json!({ "id": fc, "name": "Demo FC", "modules": modules }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        first_error(&body, "modules.8.customViews"),
        "Værdien er ikke tilladt for Visningen 'newsletter'"
    );
    assert_eq!(
        first_error(&body, "modules.8.features.sms"),
        "Værdien er ikke tilladt for Indstillingen 'provider'"
    );
    let last = modules.len() - 1;
    modules[last] = json!({ "moduleId": id, "name": "Nyheder", "customViews": { "newsletter": "Kompakt" },
                            "features": { "sms": { "provider": "cpsms" } },
                            "roleAcls": [{ "ruleId": rule_id, "role": "staff" }] });
    let (status, body) = admin
        .post_json(
            "/api/clients/update",
            &json!({ "id": fc, "name": "Demo FC", "modules": modules }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, body) = admin.get_json("/api/app/modules").await;
    assert!(body["result"]
        .as_array()
        .expect("m")
        .iter()
        .any(|m| m["name"] == json!("Nyheder")));

    let (status, _) = admin.delete(&format!("/api/modules/{id}")).await;
    assert_eq!(status, StatusCode::OK);
}

async fn wait_for_job_error(app: &TestApp) -> Uuid {
    for _ in 0..100 {
        let id: Option<Uuid> = sqlx::query_scalar("SELECT id FROM jobs WHERE error IS NOT NULL")
            .fetch_optional(&app.db.owner)
            .await
            .expect("job");
        if let Some(id) = id {
            return id;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("no job failed");
}

#[tokio::test]
async fn a_failed_job_is_found_by_its_status_run_again_and_succeeds_with_its_history() {
    let mut app = spawn_app_with(AppOptions {
        smtp_up: false,
        ..AppOptions::default()
    })
    .await;
    let admin = app.signed_in("admin@tribune.test").await;
    admin
        .post_json(
            "/api/forgot-password",
            &json!({ "email": "kunde@tribune.test" }),
        )
        .await;
    let id = wait_for_job_error(&app).await;

    let (status, list) = admin
        .post_json(
            "/api/jobs",
            &json!({ "filter": { "status": "Error" }, "perPage": 25 }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list["Total"], json!(1));
    assert_eq!(list["Result"][0]["Id"], json!(id));
    let (_, list) = admin
        .post_json("/api/jobs", &json!({ "filter": { "status": "Succeeded" } }))
        .await;
    assert_eq!(list["Total"], json!(0));
    let (_, list) = admin
        .post_json("/api/jobs", &json!({ "filter": { "description": "adgangskode", "from": "2000-01-01", "to": "2999-12-31" } }))
        .await;
    assert_eq!(list["Total"], json!(1));
    let (status, _) = admin
        .post_json("/api/jobs", &json!({ "filter": { "status": "Måske" } }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);

    let (_, body) = admin.get_json(&format!("/api/jobs/{id}")).await;
    assert_eq!(body["result"]["job"]["method"], json!("send_mail"));
    assert_eq!(
        body["result"]["job"]["arguments"]["to"],
        json!("kunde@tribune.test")
    );
    assert!(
        body["result"]["job"]["arguments"].get("text").is_none(),
        "no reset link shown"
    );

    // The mail server is back; 'run' sends it now, not at the retry time.
    app.start_smtp().await;
    let (status, _) = admin
        .post_json(&format!("/api/jobs/{id}/execute"), &json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    app.smtp.wait_for("kunde@tribune.test").await;
    let mut states = Vec::new();
    for _ in 0..50 {
        let (_, body) = admin.get_json(&format!("/api/jobs/{id}")).await;
        if body["result"]["job"]["succeeded"] == json!(true) {
            states = body["result"]["history"]
                .as_array()
                .expect("history")
                .iter()
                .map(|h| h["stateName"].as_str().unwrap_or_default().to_string())
                .collect();
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(
        states,
        [
            "Enqueued",
            "Processing",
            "Scheduled",
            "Enqueued",
            "Processing",
            "Succeeded"
        ]
    );

    // Cancel is for pending jobs only; a succeeded one can be re-run and deleted.
    let (status, _) = admin
        .post_json(&format!("/api/jobs/{id}/cancel"), &json!({}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _) = admin.delete(&format!("/api/jobs/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = admin.get_json(&format!("/api/jobs/{id}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_pending_job_is_cancelled() {
    let app = spawn_app_with(AppOptions {
        smtp_up: false,
        ..AppOptions::default()
    })
    .await;
    let admin = app.signed_in("admin@tribune.test").await;
    admin
        .post_json(
            "/api/forgot-password",
            &json!({ "email": "kunde@tribune.test" }),
        )
        .await;
    let id = wait_for_job_error(&app).await;
    let (status, _) = admin
        .post_json(&format!("/api/jobs/{id}/cancel"), &json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, body) = admin.get_json(&format!("/api/jobs/{id}")).await;
    assert_eq!(body["result"]["job"]["pending"], json!(false));
    assert_eq!(
        body["result"]["history"]
            .as_array()
            .and_then(|h| h.last())
            .map(|h| h["stateName"].clone()),
        Some(json!("Cancelled"))
    );
}

#[tokio::test]
async fn club_settings_are_validated_audited_and_the_terms_page_serves_the_new_terms() {
    let app = spawn_app().await;
    let admin = app.signed_in("admin@tribune.test").await;
    let (status, body) = admin.get_json("/api/settings").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["result"]["name"], json!("Demo FC"));
    assert_eq!(body["result"]["canEditUrl"], json!(true));

    let bad = json!({
        "name": "", "bankReg": "12a4", "bankAccount": "12 34", "senderEmail": "ikke-en-adresse",
        "settings": {
            "economic": { "invoiceText": "x".repeat(1001), "vatZone": "en" },
            "contracts": { "priceDisplay": "Alt", "color": "rød" },
            "companies": { "extraInfo": [{ "title": "", "alias": "a", "type": "Slider" }, { "title": "B", "alias": "a", "type": "Select" }] },
            "ukendt": {}
        }
    });
    let (status, body) = admin
        .post_form(
            "/api/settings/update",
            Some(&bad),
            &[],
            vec![("contracts.pdfLogoFile", "logo.txt", b"tekst".to_vec())],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    for (field, message) in [
        ("name", "Navn skal udfyldes"),
        ("bankReg", "Reg. nr. skal være et tal"),
        ("bankAccount", "Kontonummer skal være et tal"),
        (
            "senderEmail",
            "Afsender e-mail skal være en gyldig e-mail adresse",
        ),
        (
            "settings.economic.invoiceText",
            "Fakturatekst må højst være 1000 tegn",
        ),
        ("settings.economic.vatZone", "Feltet skal være et tal"),
        (
            "settings.contracts.priceDisplay",
            "Prisvisning skal være en af Total, Category, Product",
        ),
        (
            "settings.contracts.color",
            "Farve skal være en farve som #1a2b3c",
        ),
        (
            "settings.contracts.pdfLogo",
            "PDF logo skal være et billede",
        ),
        (
            "settings.companies.extraInfo.0.title",
            "Titel skal udfyldes",
        ),
        (
            "settings.companies.extraInfo.0.type",
            "Typen skal være Radio, Checkbox, Select eller Text",
        ),
        (
            "settings.companies.extraInfo.1.alias",
            "Alias er allerede brugt",
        ),
        (
            "settings.companies.extraInfo.1.values",
            "Angiv mindst én værdi",
        ),
        ("settings.ukendt", "Ukendt sektion"),
    ] {
        assert_eq!(first_error(&body, field), message, "{field}");
    }

    let good = json!({
        "name": "Demo FC", "address": "Stadionvej 1", "zipCode": "2100", "city": "København Ø",
        "email": "kontakt@demofc.dk", "senderEmail": "billetter@demofc.dk", "bankReg": "1234", "bankAccount": "0012345678",
        "pricesWithVat": true, "apiKeys": [{ "name": "Kasse", "key": "" }],
        "settings": {
            "webshop": { "terms": "<h1>Nye betingelser</h1><p>Gælder fra i dag.</p><script>alert(1)</script>", "subscriptionTerms": "<p>Abonnement</p>" },
            "economic": { "invoiceText": "Tak for støtten", "vatZone": 1, "layout": "19", "feeProduct": "9001" },
            "contracts": { "priceDisplay": "Category", "color": "#003366" }
        }
    });
    let (status, body) = admin
        .post_form(
            "/api/settings/update",
            Some(&good),
            &[],
            vec![("logoFile", "logo.png", png())],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, body) = admin.get_json("/api/settings").await;
    let result = &body["result"];
    assert_eq!(result["bankReg"], json!("1234"));
    assert_eq!(result["settings"]["economic"]["vatZone"], json!(1));
    assert_eq!(result["settings"]["economic"]["layout"], json!(19));
    assert_eq!(
        result["settings"]["contracts"]["priceDisplay"],
        json!("Category")
    );
    assert!(
        result["apiKeys"][0]["key"]
            .as_str()
            .is_some_and(|k| k.len() > 20),
        "a key is made"
    );
    assert!(result["logo"]
        .as_str()
        .is_some_and(|l| l.starts_with("/public/images/clients/")));
    // Sections not sent are kept (the seed's companies section had none: still none).
    assert!(result["settings"]["companies"].is_null());

    // The public terms page shows the new terms, without the script.
    let visitor = app.browser();
    let fc = app.club_id("Demo FC").await;
    visitor.get(&format!("/api/app/change-client/{fc}")).await;
    let terms = visitor
        .get("/public/webshop/terms")
        .await
        .text()
        .await
        .expect("terms");
    assert!(terms.contains("Nye betingelser"));
    assert!(!terms.contains("script"));

    let changes: Value =
        sqlx::query_scalar("SELECT changes FROM audit_log WHERE entity = 'settings'")
            .fetch_one(&app.db.owner)
            .await
            .expect("audit");
    assert_eq!(changes["bankReg"], json!({ "old": null, "new": "1234" }));
    assert_eq!(
        changes["settings.economic.invoiceText"]["new"],
        json!("Tak for støtten")
    );
    assert!(
        changes["apiKeys"]["new"][0]["key"]
            .as_str()
            .is_some_and(|k| k.starts_with('…')),
        "keys are masked"
    );
}

#[tokio::test]
async fn the_accounting_lists_come_through_the_adapter_for_clubs_with_orders() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (status, body) = staff.get_json("/api/orders/vat-zones").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["result"].as_array().map(Vec::len), Some(4));
    assert_eq!(
        body["result"][0],
        json!({ "number": 1, "name": "Domestic" })
    );
    for path in [
        "product-groups",
        "customer-groups",
        "units",
        "payment-terms",
        "layouts",
    ] {
        let (status, body) = staff.get_json(&format!("/api/orders/{path}")).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(!body["result"].as_array().expect("list").is_empty());
    }
    let (_, body) = staff
        .get_json("/api/orders/economic/products?search=sponsorat")
        .await;
    assert_eq!(body["result"].as_array().map(Vec::len), Some(3));
    // Demo Håndbold has no orders module.
    let handbold = app.admin_in_handbold().await;
    let (status, _) = handbold.get_json("/api/orders/units").await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_team_sport_import_makes_contacts_and_lists_and_a_second_run_duplicates_nothing() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (status, body) = staff.get_json("/api/contacts/import/teams").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["result"]["teams"].as_array().map(Vec::len), Some(3));

    let (status, body) = staff
        .post_json(
            "/api/contacts/import",
            &json!({ "importTeamLists": [], "importRoleLists": ["Spiller"] }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(first_error(&body, "importTeamLists"), "Vælg mindst ét hold");

    let before = app.count("SELECT count(*) FROM contacts").await;
    let choice = json!({ "importTeamLists": ["u13-drenge", "u15-piger"], "importRoleLists": ["Spiller", "Holdleder"] });
    let (status, body) = staff.post_json("/api/contacts/import", &choice).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // 4 + 3 players, and Louise Dam leads both teams: one contact.
    assert_eq!(
        body["result"],
        json!({ "created": 8, "updated": 0, "lists": 4 })
    );
    let (status, body) = staff.post_json("/api/contacts/import", &choice).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["result"]["created"], json!(0));
    assert_eq!(app.count("SELECT count(*) FROM contacts").await, before + 8);
    assert_eq!(
        app.count("SELECT count(*) FROM contact_lists WHERE title = 'U15 piger – Holdleder'")
            .await,
        1
    );
    assert_eq!(
        app.count("SELECT count(*) FROM contact_list_members m JOIN contact_lists l ON l.id = m.list_id WHERE l.title = 'U13 drenge – Spiller'").await,
        4
    );

    // Saved settings are the default choice.
    let admin = app.signed_in("admin@tribune.test").await;
    let (status, _) = admin
        .post_form("/api/settings/update", Some(&json!({ "name": "Demo FC", "settings": { "contacts": { "importTeamLists": ["senior-herrer"], "importRoleLists": ["Træner"] } } })), &[], vec![])
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = staff.post_json("/api/contacts/import", &json!({})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["result"]["lists"], json!(1));

    // A club without the contacts module: refused.
    let customer = app.signed_in("kunde@tribune.test").await;
    let (status, _) = customer.post_json("/api/contacts/import", &choice).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_staff_profile_is_saved_with_its_rules_and_the_email_stays() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (status, body) = staff.get_json("/api/profile").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["result"]["firstname"], json!("Søren"));
    let (status, body) = staff
        .post_form(
            "/api/profile/update",
            Some(&json!({ "firstname": "", "password": "kort" })),
            &[],
            vec![],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(first_error(&body, "firstname"), "Fornavn skal udfyldes");
    assert_eq!(
        first_error(&body, "password"),
        "Adgangskode skal mindst være 8 tegn"
    );
    let (status, _) = staff
        .post_form(
            "/api/profile/update",
            Some(&json!({ "firstname": "Søren", "lastname": "Sælger", "email": "ny@tribune.test", "title": "Salgschef",
                          "phone": "12345678", "signature": "<p>Venlig hilsen</p>", "password": "nyt-kodeord-1" })),
            &[],
            vec![("file", "mig.png", png())],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, body) = staff.get_json("/api/profile").await;
    assert_eq!(body["result"]["email"], json!("staff@tribune.test"));
    assert_eq!(body["result"]["title"], json!("Salgschef"));
    assert!(body["result"]["picture"].as_str().is_some());
    // The new password works; this session lives on.
    assert_eq!(staff.get("/api/user").await.status(), StatusCode::OK);
    let again = app.browser();
    assert_eq!(
        again
            .login("staff@tribune.test", "nyt-kodeord-1")
            .await
            .status(),
        StatusCode::OK
    );
}
