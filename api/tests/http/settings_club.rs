//! Settings and administration (spec 1 §2 Settings area): club settings with every section's
//! rules and audit, the accounting reference data and the team-sport import.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{first_error, png, spawn_app};

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

    let (_, read) = admin.get_json("/api/settings").await;
    let good = json!({
        "version": read["result"]["version"],
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
    let (_, read) = admin.get_json("/api/settings").await;
    let (status, _) = admin
        .post_form("/api/settings/update", Some(&json!({ "name": "Demo FC", "version": read["result"]["version"], "settings": { "contacts": { "importTeamLists": ["senior-herrer"], "importRoleLists": ["Træner"] } } })), &[], vec![])
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
