//! Settings and administration (spec 1 §2 Settings area): the module catalogue, its validation
//! and its access rules with stable ids.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{client_detail, first_error, spawn_app, visitor};

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
    let mut modules = client_detail(&admin, fc).await["modules"]
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

#[tokio::test]
async fn a_club_reaches_a_module_under_its_own_endpoint_name_and_chooses_its_variants() {
    let app = spawn_app().await;
    let admin = app.signed_in("admin@tribune.test").await;
    let fc = app.club_id("Demo FC").await;
    let mut modules = client_detail(&admin, fc).await["modules"]
        .as_array()
        .expect("m")
        .clone();
    let companies = modules
        .iter()
        .position(|m| m["alias"] == "companies")
        .expect("companies");
    let save = |modules: Vec<serde_json::Value>| {
        let admin = &admin;
        async move {
            admin
                .post_json(
                    "/api/clients/update",
                    &json!({ "id": fc, "name": "Demo FC", "modules": modules }),
                )
                .await
        }
    };

    // A name the API uses already, or one that is no name, is refused on its field.
    for (name, message) in [
        ("contracts", "Navnet bruges allerede af systemet"),
        (
            "Sponsorer!",
            "Skal være 2–40 små bogstaver (a–z), tal eller bindestreger og starte med et bogstav",
        ),
    ] {
        modules[companies]["customEndpoint"] = json!(name);
        let (status, body) = save(modules.clone()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(
            first_error(&body, &format!("modules.{companies}.customEndpoint")),
            message
        );
    }

    // 'sponsorer' with the compact list and no CVR lookup.
    modules[companies]["customEndpoint"] = json!("sponsorer");
    modules[companies]["customViews"] = json!({ "/companies": "Kompakt" });
    modules[companies]["customComponents"] = json!({ "cvrLookup": "Skjul" });
    let (status, body) = save(modules.clone()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, body) = admin.get_json("/api/app/modules").await;
    let module = body["result"]
        .as_array()
        .expect("m")
        .iter()
        .find(|m| m["alias"] == "companies")
        .expect("companies")
        .clone();
    assert_eq!(module["endpoint"], "sponsorer");
    assert_eq!(module["customViews"], json!({ "/companies": "Kompakt" }));
    assert_eq!(module["customComponents"], json!({ "cvrLookup": "Skjul" }));

    // The club's staff reach the companies under the new name, with its access rules; the old
    // name still answers; another club knows no such name.
    let staff = app.signed_in("staff@tribune.test").await;
    let (status, renamed) = staff
        .post_json("/api/sponsorer", &json!({ "page": 1 }))
        .await;
    assert_eq!(status, StatusCode::OK, "{renamed}");
    let (_, plain) = staff
        .post_json("/api/companies", &json!({ "page": 1 }))
        .await;
    assert_eq!(renamed, plain);
    let other = app.admin_in_handbold().await;
    let (status, _) = other
        .post_json("/api/sponsorer", &json!({ "page": 1 }))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = visitor(&app)
        .await
        .post_json("/api/sponsorer", &json!({ "page": 1 }))
        .await;
    assert!(
        matches!(status, StatusCode::NOT_FOUND | StatusCode::UNAUTHORIZED),
        "{status}"
    );
}
