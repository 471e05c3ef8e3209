//! What the benchmarks share: the real application on a free port over a bench database, a
//! signed-in staff client, and the percentiles they report.

use std::time::Duration;

use serde_json::json;
use tribune_api::identity::client_ip::TrustedProxies;
use tribune_api::settings::{AccountingSource, CvrSource, Settings, TeamSportSource};
use tribune_api::startup::Application;
use tribune_projections::db::APP_ROLE;
use tribune_projections::testing::TestDb;

pub struct Served {
    pub base: String,
    pub client: reqwest::Client,
    pub csrf: String,
}

/// Starts Tribune (no background work) on `db` and signs in as the demo's staff user.
pub async fn serve_and_log_in(db: &TestDb) -> Served {
    let settings = Settings {
        database: db.owner_options.clone(),
        app_database: db.owner_options.clone().username(APP_ROLE),
        host: "127.0.0.1".into(),
        port: 0,
        public_url: "http://127.0.0.1".into(),
        smtp_host: "127.0.0.1".into(),
        smtp_port: 1,
        mail_from: "Tribune <noreply@tribune.test>".into(),
        webapp_dir: std::env::temp_dir().join("tribune-no-webapp"),
        files_dir: std::env::temp_dir().join("tribune-bench-files"),
        secure_cookies: false,
        trusted_proxies: TrustedProxies::none(),
        job_poll_ms: 1000,
        projector_poll_ms: 1000,
        run_background: false,
        cvr: CvrSource::StandIn,
        accounting: AccountingSource::StandIn,
        team_sport: TeamSportSource::StandIn,
    };
    let app = Application::build(settings).await.unwrap();
    let base = format!("http://127.0.0.1:{}", app.port());
    tokio::spawn(app.run_until_stopped());
    let client = reqwest::Client::builder()
        .cookie_store(true)
        .build()
        .unwrap();
    let login = client
        .post(format!("{base}/api/login"))
        .json(&json!({ "email": "staff@tribune.test", "password": "tribune-demo" }))
        .send()
        .await
        .unwrap();
    assert!(login.status().is_success());
    let csrf = login
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| c.strip_prefix("tribune_csrf="))
        .and_then(|c| c.split(';').next())
        .unwrap()
        .to_string();
    Served { base, client, csrf }
}

/// (p50, p95) in milliseconds.
pub fn percentiles(times: &mut [Duration]) -> (f64, f64) {
    times.sort();
    let at =
        |q: f64| times[((times.len() as f64 - 1.0) * q).round() as usize].as_secs_f64() * 1000.0;
    (at(0.5), at(0.95))
}
