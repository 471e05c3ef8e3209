//! The back-office home's widgets chosen by alias (issue 40 §8, spec 1 §2): the club's choice in
//! its settings, a staff member's own choice winning for them alone, the role and the club's
//! modules narrowing what is shown, and the events widget's settings.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{first_error, spawn_app};

fn names(value: &Value) -> Vec<String> {
    value
        .as_array()
        .expect("a list")
        .iter()
        .map(|v| v.as_str().expect("an alias").to_string())
        .collect()
}

const EIGHT: [&str; 8] = [
    "DashRenegotiations",
    "DashInvoices",
    "DashLeadsFollowup",
    "DashInvoicedAmount",
    "DashProductsAmount",
    "DashInvoicedStatus",
    "DashContractSalesAmount",
    "DashContractProductsAmount",
];

#[tokio::test]
async fn the_club_chooses_the_home_widgets_and_a_user_may_choose_their_own() {
    let app = spawn_app().await;
    let admin = app.signed_in("admin@tribune.test").await;
    let staff = app.signed_in("staff@tribune.test").await;

    // The demo club chose the eight and the events widget.
    let (status, body) = staff.get_json("/api/dashboard/widgets").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let mut nine: Vec<String> = EIGHT.iter().map(|a| a.to_string()).collect();
    nine.push("DashEvents".into());
    assert_eq!(names(&body["result"]["shown"]), nine);
    assert_eq!(body["result"]["chosenBy"], json!("club"));
    assert_eq!(
        body["result"]["events"],
        json!({ "promoted": false, "limit": 5 })
    );

    // The club changes its choice in 'Indstillinger': bad aliases and limits are refused first.
    let bad = json!({ "name": "Demo FC", "settings": { "dashboard": {
        "widgets": ["DashEvents", "DashKaffe"], "eventsLimit": 500 } } });
    let (status, body) = admin
        .post_form("/api/settings/update", Some(&bad), &[], vec![])
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "settings.dashboard.widgets"),
        "Ukendt widget: DashKaffe"
    );
    assert_eq!(
        first_error(&body, "settings.dashboard.eventsLimit"),
        "Antal arrangementer skal være mellem 1 og 50"
    );
    let (_, body) = staff.get_json("/api/dashboard/widgets").await;
    assert_eq!(names(&body["result"]["shown"]), nine, "nothing changed");

    let (_, stored) = admin.get_json("/api/settings").await;
    let good = json!({ "name": "Demo FC", "version": stored["result"]["version"], "settings": { "dashboard": {
        "widgets": ["DashEvents", "DashInvoices", "DashEvents"], "eventsPromoted": true, "eventsLimit": 3 } } });
    let (status, body) = admin
        .post_form("/api/settings/update", Some(&good), &[], vec![])
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, body) = staff.get_json("/api/dashboard/widgets").await;
    assert_eq!(
        names(&body["result"]["shown"]),
        ["DashEvents", "DashInvoices"]
    );
    assert_eq!(
        body["result"]["events"],
        json!({ "promoted": true, "limit": 3 })
    );

    // A staff member's own choice wins for them, not for the admin.
    let (status, body) = staff
        .post_json(
            "/api/dashboard/widgets",
            &json!({ "widgets": ["DashKaffe"] }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(first_error(&body, "widgets"), "Ukendt widget: DashKaffe");
    let (status, body) = staff
        .post_json("/api/dashboard/widgets", &json!({ "widgets": [] }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(first_error(&body, "widgets"), "Vælg mindst én widget");
    let (status, body) = staff
        .post_json(
            "/api/dashboard/widgets",
            &json!({ "widgets": ["DashLeadsFollowup", "DashRenegotiations"] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["chosenBy"], json!("user"));
    assert_eq!(
        names(&body["result"]["shown"]),
        ["DashLeadsFollowup", "DashRenegotiations"]
    );
    assert_eq!(
        names(&body["result"]["club"]),
        ["DashEvents", "DashInvoices"]
    );
    let (_, body) = admin.get_json("/api/dashboard/widgets").await;
    assert_eq!(
        names(&body["result"]["shown"]),
        ["DashEvents", "DashInvoices"]
    );
    // 'Brug klubbens valg'.
    let (status, body) = staff
        .post_json("/api/dashboard/widgets", &json!({ "widgets": null }))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["result"]["chosenBy"], json!("club"));
    assert_eq!(app.count("SELECT count(*) FROM dashboard_choices").await, 0);

    // A club without the orders and events modules shows only what it has, whatever is chosen;
    // a club that chose nothing gets the eight.
    let handbold = app.admin_in_handbold().await;
    sqlx::query(
        "UPDATE clients SET settings = settings - 'dashboard' WHERE name = 'Demo Håndbold'",
    )
    .execute(&app.db.owner)
    .await
    .expect("no choice");
    let (_, body) = handbold.get_json("/api/dashboard/widgets").await;
    assert_eq!(body["result"]["chosenBy"], json!("default"));
    assert_eq!(names(&body["result"]["chosen"]), EIGHT);
    assert_eq!(names(&body["result"]["shown"]), ["DashLeadsFollowup"]);
    assert_eq!(names(&body["result"]["available"]), ["DashLeadsFollowup"]);

    // A customer has no home of widgets.
    let customer = app.signed_in("kunde@tribune.test").await;
    let (status, _) = customer.get_json("/api/dashboard/widgets").await;
    assert!(
        status == StatusCode::FORBIDDEN || status == StatusCode::UNAUTHORIZED,
        "{status}"
    );
}
