//! Settings and administration (spec 1 §2 Settings area): the jobs screen: finding a failed job,
//! running it again with its history, and cancelling a pending one.

use reqwest::StatusCode;
use serde_json::json;
use uuid::Uuid;

use crate::helpers::{spawn_app_with, AppOptions, TestApp};

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
