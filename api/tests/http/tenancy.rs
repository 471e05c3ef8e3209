use reqwest::StatusCode;
use serde_json::json;
use tribune_domain::probe::{Probe, ProbeCommand};
use tribune_projections::registry;
use tribune_projections::store::{CommandBus, Metadata, PgEventStore};

use crate::helpers::spawn_app;

#[tokio::test]
async fn the_admin_switches_to_demo_handbold_and_back() {
    let app = spawn_app().await;
    let browser = app.signed_in("admin@tribune.test").await;
    let (_, user) = browser.get_json("/api/user").await;
    assert_eq!(user["result"]["superAdmin"], json!(true));
    assert_eq!(user["data"]["clients"].as_array().expect("list").len(), 2);
    let handbold = app.club_id("Demo Håndbold").await;
    let response = browser
        .get(&format!("/api/app/change-client/{handbold}"))
        .await;
    assert_eq!(response.status(), StatusCode::FOUND);
    assert_eq!(response.headers()["location"], "/");
    let (_, client) = browser.get_json("/api/app/client").await;
    assert_eq!(client["result"]["name"], json!("Demo Håndbold"));
    let (_, modules) = browser.get_json("/api/app/modules").await;
    let aliases: Vec<&str> = modules["result"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|m| m["alias"].as_str())
        .collect();
    assert_eq!(aliases, vec!["dashboard", "companies", "contacts"]);
    let fc = app.club_id("Demo FC").await;
    browser.get(&format!("/api/app/change-client/{fc}")).await;
    let (_, client) = browser.get_json("/api/app/client").await;
    assert_eq!(client["result"]["name"], json!("Demo FC"));
}

#[tokio::test]
async fn staff_cannot_change_into_a_club_they_do_not_belong_to() {
    let app = spawn_app().await;
    let browser = app.signed_in("staff@tribune.test").await;
    let handbold = app.club_id("Demo Håndbold").await;
    let (status, body) = browser
        .get_json(&format!("/api/app/change-client/{handbold}"))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(body["error"], json!("Du er ikke medlem af denne klub"));
    let (_, client) = browser.get_json("/api/app/client").await;
    assert_eq!(
        client["result"]["name"],
        json!("Demo FC"),
        "still in their own club"
    );
    let (status, _) = browser
        .get_json(&format!("/api/app/change-client/{}", uuid::Uuid::new_v4()))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = browser.get_json("/api/app/change-client/ikke-et-id").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn staff_of_demo_fc_cannot_see_demo_handbolds_aggregates() {
    let app = spawn_app().await;
    let handbold = app.club_id("Demo Håndbold").await;
    let bus = CommandBus::<Probe>::new(
        PgEventStore::new(app.db.app.clone(), registry::inline_for("probe")),
        (),
    );
    bus.execute(
        handbold,
        "hb-1",
        ProbeCommand::Open {
            client_id: handbold,
            title: "Håndbold".into(),
        },
        Metadata::default(),
    )
    .await
    .expect("open");
    let browser = app.signed_in("staff@tribune.test").await;
    let (status, body) = browser.get_json("/api/history/probe/hb-1").await;
    assert_eq!(
        (status, body["error"].clone()),
        (StatusCode::NOT_FOUND, json!("Ikke fundet"))
    );
    let (status, _) = browser.get_json("/api/history/probe/hb-1/at/1").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // The admin, inside Demo Håndbold, does see it (a history is read by whoever may read a
    // module with histories: the club gets the events module).
    crate::helpers::give_handbold_events(&app).await;
    let admin = app.signed_in("admin@tribune.test").await;
    admin
        .get(&format!("/api/app/change-client/{handbold}"))
        .await;
    let (status, history) = admin.get_json("/api/history/probe/hb-1").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(history["result"].as_array().expect("list").len(), 1);
}

#[tokio::test]
async fn a_modules_calls_are_refused_where_the_club_lacks_the_module() {
    let app = spawn_app().await;
    let admin = app.signed_in("admin@tribune.test").await;
    // Demo FC has the orders module: an unknown order is simply not found.
    assert_eq!(
        admin.get_json("/api/history/order/123").await.0,
        StatusCode::NOT_FOUND
    );
    let handbold = app.club_id("Demo Håndbold").await;
    admin
        .get(&format!("/api/app/change-client/{handbold}"))
        .await;
    let (status, body) = admin.get_json("/api/history/order/123").await;
    assert_eq!(
        (status, body["error"].clone()),
        (StatusCode::FORBIDDEN, json!("Du har ikke adgang til dette"))
    );
    assert_eq!(
        admin.get_json("/api/history/ticket/1").await.0,
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn customers_and_anonymous_visitors_get_no_staff_calls() {
    let app = spawn_app().await;
    let customer = app.signed_in("kunde@tribune.test").await;
    assert_eq!(
        customer.get_json("/api/history/probe/x").await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.browser().get_json("/api/history/probe/x").await.0,
        StatusCode::UNAUTHORIZED
    );
}
