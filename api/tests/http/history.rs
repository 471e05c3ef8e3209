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

/// Issue 37 §1, 'Verificér': one record's hash chain recomputed on request. Whole, it names how
/// many events hold; after an event row is changed behind the app's back (the owner can), it
/// names the first broken event and what broke. Another club's record, or none, is not found.
#[tokio::test]
async fn verify_recomputes_a_records_chain_and_names_the_first_changed_event() {
    let app = spawn_app().await;
    let fc = app.club_id("Demo FC").await;
    let bus = CommandBus::<Probe>::new(
        PgEventStore::new(app.db.app.clone(), registry::inline_for("probe")),
        (),
    );
    for id in ["p-1", "p-2"] {
        bus.execute(
            fc,
            id,
            ProbeCommand::Open {
                client_id: fc,
                title: "Sæsonkort".into(),
            },
            Metadata::default(),
        )
        .await
        .expect("open");
        for amount in [150, 200] {
            bus.execute(fc, id, ProbeCommand::Add { amount }, Metadata::default())
                .await
                .expect("add");
        }
    }
    let staff = app.signed_in("staff@tribune.test").await;
    let (status, body) = staff.get_json("/api/history/probe/p-1/verify").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["result"],
        json!({ "valid": true, "events": 3, "brokenAt": null })
    );

    // The second Add of p-1 rewritten: the chain holds up to it and breaks there.
    sqlx::query(
        "UPDATE events SET payload = '{\"Added\": {\"amount\": 500}}' \
         WHERE aggregate_type = 'probe' AND aggregate_id = 'p-1' AND sequence = 3",
    )
    .execute(&app.db.owner)
    .await
    .expect("tamper");
    let (status, body) = staff.get_json("/api/history/probe/p-1/verify").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["result"],
        json!({ "valid": false, "events": 2,
                "brokenAt": { "sequence": 3, "eventType": "Added", "problem": "hash" } })
    );
    // A record beside it is untouched.
    let (_, body) = staff.get_json("/api/history/probe/p-2/verify").await;
    assert_eq!(body["result"]["valid"], json!(true), "{body}");

    // Another club's admin is refused as on the history itself (its club lacks the modules that
    // guard a record without one); a record that does not exist is not found.
    let handbold = app.admin_in_handbold().await;
    let (history, _) = handbold.get_json("/api/history/probe/p-1").await;
    let (status, body) = handbold.get_json("/api/history/probe/p-1/verify").await;
    assert!(
        status == history && !status.is_success(),
        "{status} (the history: {history}) {body}"
    );
    let (status, _) = staff.get_json("/api/history/probe/p-9/verify").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

/// Reads a club-wide check until it has ended (the job runner runs it in the background).
async fn check_ended(admin: &crate::helpers::Browser, id: &str) -> serde_json::Value {
    for _ in 0..300 {
        let (status, body) = admin
            .get_json(&format!("/api/audit/chain-checks/{id}"))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        if body["result"]["status"] == "done" || body["result"]["status"] == "failed" {
            return body["result"].clone();
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the chain check {id} did not end");
}

/// Issue 37 §1, the club-wide check: a club admin has every chain of the club recomputed as a
/// job; the demo club's records are whole. After one event row of one order is changed behind the
/// app's back, the next check names that order at that event and still walks every other record.
/// Only club admins may ask; another club sees only its own checks.
#[tokio::test]
async fn a_club_admin_checks_every_chain_of_the_club_and_finds_the_changed_record() {
    let app = spawn_app().await;
    let admin = app.signed_in("admin@tribune.test").await;
    let (status, body) = admin.get_json("/api/audit/chain-checks/latest").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"], serde_json::Value::Null);

    // Three orders, one of them approved (a second event).
    let staff = app.signed_in("staff@tribune.test").await;
    let mut orders = Vec::new();
    for title in ["Billet", "Bande", "Logo"] {
        let draft = json!({
            "firstname": "Mette", "lastname": "Holm", "email": "mette@example.dk",
            "orderLines": [{ "title": title, "price": 10_000, "discount": 0, "amount": 1, "type": "product" }],
        });
        let (status, body) = staff.post_json("/api/orders/update", &draft).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        orders.push(body["result"].as_str().expect("id").to_string());
    }
    let (_, order) = staff.get_json(&format!("/api/orders/{}", orders[1])).await;
    let number = order["result"]["orderNumber"].to_string();
    let (status, body) = staff
        .post_json(
            "/api/orders/approve",
            &json!({ "id": orders[1], "version": order["result"]["version"] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    let (status, body) = admin.post_json("/api/audit/chain-checks", &json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let id = body["result"]["id"].as_str().expect("id").to_string();
    let total = body["result"]["recordsTotal"].as_i64().expect("total");
    assert!(total >= 3, "the club's orders at least: {body}");
    let done = check_ended(&admin, &id).await;
    assert_eq!(done["status"], "done", "{done}");
    assert_eq!(done["recordsChecked"], total, "{done}");
    assert_eq!(done["brokenRecords"], 0, "{done}");
    assert!(done["eventsChecked"].as_i64().unwrap() >= total, "{done}");

    // The approved order's second event changed in place.
    let order = orders[1].clone();
    sqlx::query(
        "UPDATE events SET metadata = metadata || '{\"user_name\": \"Ingen\"}' \
         WHERE aggregate_type = 'order' AND aggregate_id = $1 AND sequence = 2",
    )
    .bind(&order)
    .execute(&app.db.owner)
    .await
    .expect("tamper");

    let (status, body) = admin.post_json("/api/audit/chain-checks", &json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let second = body["result"]["id"].as_str().expect("id").to_string();
    assert_ne!(second, id);
    let done = check_ended(&admin, &second).await;
    assert_eq!(done["status"], "done", "{done}");
    assert_eq!(done["recordsChecked"], total, "every record walked: {done}");
    assert_eq!(done["brokenRecords"], 1, "{done}");
    assert_eq!(
        done["broken"][0],
        json!({ "recordType": "order", "recordId": order, "sequence": 2,
                "eventType": done["broken"][0]["eventType"], "problem": "hash" })
    );
    // The finding's record is named as staff know it: the order's number.
    assert_eq!(
        done["names"][&orders[1]],
        json!({ "kind": "order", "name": number }),
        "{done}"
    );
    let (_, latest) = admin.get_json("/api/audit/chain-checks/latest").await;
    assert_eq!(latest["result"]["id"], json!(second));

    // Staff who are not admins are refused; the other club has no check and cannot read ours.
    let (status, _) = staff.post_json("/api/audit/chain-checks", &json!({})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let handbold = app.admin_in_handbold().await;
    let (status, body) = handbold.get_json("/api/audit/chain-checks/latest").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"], serde_json::Value::Null);
    let (status, _) = handbold
        .get_json(&format!("/api/audit/chain-checks/{second}"))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
