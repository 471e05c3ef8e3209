use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{spawn_app_with, until, AppOptions};

#[tokio::test]
async fn a_mail_server_that_is_down_delays_mail_and_loses_none() {
    let mut app = spawn_app_with(AppOptions {
        smtp_up: false,
        ..AppOptions::default()
    })
    .await;
    let browser = app.browser();
    let (status, _) = browser
        .post_json(
            "/api/forgot-password",
            &json!({ "email": "kunde@tribune.test" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);

    // The runner tries, fails, records why and schedules a retry.
    let mut error: Option<String> = None;
    for _ in 0..100 {
        error = sqlx::query_scalar("SELECT error FROM jobs WHERE pending")
            .fetch_optional(&app.db.owner)
            .await
            .expect("job")
            .flatten();
        if error.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(error
        .expect("a failed attempt is recorded")
        .starts_with("Mail kunne ikke sendes"));
    assert_eq!(
        app.count("SELECT count(*) FROM job_history WHERE state_name = 'Scheduled'")
            .await,
        1
    );

    // The server comes back; when the retry is due the mail goes out.
    app.start_smtp().await;
    sqlx::query("UPDATE jobs SET scheduled_at = now()")
        .execute(&app.db.owner)
        .await
        .expect("due now");
    let mail = app.smtp.wait_for("kunde@tribune.test").await;
    assert!(mail
        .link("http://127.0.0.1/reset-password?token=")
        .is_some());
    // The runner records the success after the mail server took the mail.
    until("the job's success", async || {
        app.count("SELECT count(*) FROM job_history WHERE state_name = 'Succeeded'")
            .await
            == 1
    })
    .await;
    let states: Vec<String> = sqlx::query_scalar("SELECT state_name FROM job_history ORDER BY id")
        .fetch_all(&app.db.owner)
        .await
        .expect("history");
    assert_eq!(
        states,
        vec![
            "Enqueued",
            "Processing",
            "Scheduled",
            "Processing",
            "Succeeded"
        ]
    );
    assert_eq!(
        app.smtp.count_to("kunde@tribune.test"),
        1,
        "sent exactly once"
    );
}
