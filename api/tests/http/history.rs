use reqwest::StatusCode;
use serde_json::json;
use tribune_domain::probe::{Probe, ProbeCommand};
use tribune_projections::registry;
use tribune_projections::store::{CommandBus, Metadata, PgEventStore};

use crate::helpers::spawn_app;

#[tokio::test]
async fn the_history_api_lists_every_event_with_its_author_and_changes_and_shows_any_past_state() {
    let app = spawn_app().await;
    let fc = app.club_id("Demo FC").await;
    let bus = CommandBus::<Probe>::new(
        PgEventStore::new(app.db.app.clone(), registry::inline_for("probe")),
        (),
    );
    let who = Metadata {
        user_name: Some("Søren Sælger".into()),
        ..Default::default()
    };
    bus.execute(
        fc,
        "p-1",
        ProbeCommand::Open {
            client_id: fc,
            title: "Sæsonkort".into(),
        },
        who.clone(),
    )
    .await
    .expect("open");
    bus.execute(fc, "p-1", ProbeCommand::Add { amount: 150 }, who.clone())
        .await
        .expect("add");
    bus.execute(
        fc,
        "p-1",
        ProbeCommand::Rename {
            title: "Årskort".into(),
        },
        who,
    )
    .await
    .expect("rename");

    let browser = app.signed_in("staff@tribune.test").await;
    let (status, body) = browser.get_json("/api/history/probe/p-1").await;
    assert_eq!(status, StatusCode::OK);
    let entries = body["result"].as_array().expect("list");
    let types: Vec<&str> = entries
        .iter()
        .filter_map(|e| e["eventType"].as_str())
        .collect();
    assert_eq!(types, vec!["Opened", "Added", "Renamed"]);
    assert_eq!(entries[2]["userName"], json!("Søren Sælger"));
    assert_eq!(
        entries[2]["changes"],
        json!([{ "field": "title", "old": "Sæsonkort", "new": "Årskort" }])
    );
    assert!(entries[0]["recordedAt"].as_str().is_some());

    let (status, as_of) = browser.get_json("/api/history/probe/p-1/at/2").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(as_of["result"]["title"], json!("Sæsonkort"));
    assert_eq!(as_of["result"]["total"], json!(150));
    assert_eq!(
        browser.get_json("/api/history/probe/p-1/at/9").await.0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        browser.get_json("/api/history/probe/p-1/at/x").await.0,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn the_async_projector_in_the_running_server_catches_up_on_its_own() {
    let app = spawn_app().await;
    let fc = app.club_id("Demo FC").await;
    let bus = CommandBus::<Probe>::new(
        PgEventStore::new(app.db.app.clone(), registry::inline_for("probe")),
        (),
    );
    bus.execute(
        fc,
        "p-1",
        ProbeCommand::Open {
            client_id: fc,
            title: "A".into(),
        },
        Metadata::default(),
    )
    .await
    .expect("open");
    bus.execute(
        fc,
        "p-1",
        ProbeCommand::Add { amount: 7 },
        Metadata::default(),
    )
    .await
    .expect("add");
    let mut total = 0i64;
    for _ in 0..100 {
        total = sqlx::query_scalar("SELECT coalesce(sum(total), 0)::bigint FROM probe_totals")
            .fetch_one(&app.db.owner)
            .await
            .expect("sum");
        if total == 7 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(total, 7);
}
