//! What the benchmarks share: the real application on a free port over a bench database, a
//! signed-in staff client, and the percentiles they report.

use std::time::Duration;

use sqlx::Executor;

use serde_json::json;
use tribune_api::identity::client_ip::TrustedProxies;
use tribune_api::integrations::payments::WindowConfig;
use tribune_api::settings::{AccountingSource, CvrSource, Settings, TeamSportSource};
use tribune_api::startup::Application;
use tribune_projections::db::APP_ROLE;
use tribune_projections::testing::TestDb;

pub struct Served {
    pub base: String,
    #[allow(dead_code)] // the rush books as visitors, not as the staff user
    pub client: reqwest::Client,
    #[allow(dead_code)]
    pub csrf: String,
}

/// Starts Tribune (no background work) on `db` and signs in as the demo's staff user.
#[allow(dead_code)] // each bench compiles this module; the newsletter bench runs the jobs
pub async fn serve_and_log_in(db: &TestDb) -> Served {
    serve_and_log_in_with(db, |_| {}).await
}

/// The same, with the settings changed first by `adjust` (a bench that runs the jobs).
pub async fn serve_and_log_in_with(db: &TestDb, adjust: impl FnOnce(&mut Settings)) -> Served {
    let mut settings = Settings {
        database: db.owner_options.clone(),
        app_database: db.owner_options.clone().username(APP_ROLE),
        replica: None,
        replica_max_lag_ms: 5000,
        host: "127.0.0.1".into(),
        port: 0,
        public_url: "http://127.0.0.1".into(),
        smtp_host: "127.0.0.1".into(),
        smtp_port: 1,
        mail_from: "Tribune <noreply@tribune.test>".into(),
        webapp_dir: std::env::temp_dir().join("tribune-no-webapp"),
        storage: tribune_api::storage::StorageConfig::Local(
            std::env::temp_dir().join("tribune-bench-files"),
        ),
        node: "bench".into(),
        drain_seconds: 0,
        keep_alive_seconds: 75,
        shutdown_seconds: 5,
        log_format: tribune_api::settings::LogFormat::Text,
        secure_cookies: false,
        trusted_proxies: TrustedProxies::none(),
        metrics_from: TrustedProxies::none(),
        job_poll_ms: 1000,
        projector_poll_ms: 1000,
        db_pool: tribune_api::settings::default_db_pool(),
        run_background: false,
        cvr: CvrSource::StandIn,
        accounting: AccountingSource::StandIn,
        team_sport: TeamSportSource::StandIn,
        sms: tribune_api::settings::SmsSource::StandIn,
        stripe: None,
        // Each run its own secret, as each installation.
        window: Some(WindowConfig {
            url: "http://127.0.0.1/stand-ins/payment-window".into(),
            merchant_number: "1000001".into(),
            secret: format!("bench-{}", uuid::Uuid::new_v4()),
            stand_in: true,
            remote_url: "http://127.0.0.1/stand-ins/payment-window/remote".into(),
            remote_password: String::new(),
        }),
        qz: None,
        installation_secrets: Vec::new(),
        export_signing_key: tribune_api::kit::signing::ExportSigner::generate().expect("key"),
    };
    adjust(&mut settings);
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
#[allow(dead_code)] // each bench compiles this module; the rush reports p99
pub fn percentiles(times: &mut [Duration]) -> (f64, f64) {
    times.sort();
    let at =
        |q: f64| times[((times.len() as f64 - 1.0) * q).round() as usize].as_secs_f64() * 1000.0;
    (at(0.5), at(0.95))
}

/// The kept bench database `name`, migrated; made anew (with `synchronous_commit = off`, and
/// seeded with the demo clubs and users) when missing, when `count_sql` no longer counts
/// `expected`, or when `BENCH_FRESH` is set.
#[allow(dead_code)] // each bench compiles this module; the companies bench keeps its own database
pub async fn bench_database(name: &str, count_sql: &str, expected: usize) -> TestDb {
    use sqlx::Connection;
    use std::str::FromStr;
    let base =
        sqlx::postgres::PgConnectOptions::from_str(&tribune_projections::testing::server_url())
            .unwrap();
    let mut admin = sqlx::PgConnection::connect_with(&base).await.unwrap();
    let exists: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)")
            .bind(name)
            .fetch_one(&mut admin)
            .await
            .unwrap();
    let owner_options = base.clone().database(name);
    let mut fresh = !exists || std::env::var("BENCH_FRESH").is_ok();
    if !fresh {
        let owner = tribune_projections::db::connect(owner_options.clone(), 2)
            .await
            .unwrap();
        tribune_projections::db::MIGRATOR.run(&owner).await.unwrap();
        let count: i64 = sqlx::query_scalar(count_sql)
            .fetch_one(&owner)
            .await
            .unwrap();
        fresh = count != expected as i64;
        owner.close().await;
    }
    if fresh {
        admin
            .execute(format!(r#"DROP DATABASE IF EXISTS "{name}" WITH (FORCE)"#).as_str())
            .await
            .unwrap();
        admin
            .execute(format!(r#"CREATE DATABASE "{name}""#).as_str())
            .await
            .unwrap();
        admin
            .execute(format!(r#"ALTER DATABASE "{name}" SET synchronous_commit = off"#).as_str())
            .await
            .unwrap();
    }
    let owner = tribune_projections::db::connect(owner_options.clone(), 5)
        .await
        .unwrap();
    tribune_projections::db::MIGRATOR.run(&owner).await.unwrap();
    if fresh {
        tribune_api::seed::seed_demo(&owner).await.expect("seed");
    }
    let app = tribune_projections::db::connect(owner_options.clone().username(APP_ROLE), 10)
        .await
        .unwrap();
    TestDb {
        name: name.to_string(),
        owner_options,
        owner,
        app,
    }
}

/// 25 × 16 × 5 = 2,000 distinct company names for generated rows (`g` is the row number):
/// "Vestjysk Tømrerforretning ApS".
#[allow(dead_code)] // each bench compiles this module; not every bench names companies
pub const COMPANY_NAMES: &str = "(ARRAY['Jensens','Nielsens','Hansens','Pedersens','Andersens','Larsens',\
    'Sørensens','Madsens','Nordsjællands','Vestjysk','Fyns','Aarhus','Odense','Aalborg','Køge','Vejle',\
    'Horsens','Randers','Esbjerg','Roskilde','Herning','Silkeborg','Kolding','Holbæk','Næstved'])[1 + g % 25] \
    || ' ' || (ARRAY['Tømrerforretning','VVS','El-service','Malerfirma','Autoværksted','Bageri','Revision',\
    'Advokatfirma','Byggefirma','Tandklinik','Ejendomsmægler','Blomster','Cykler','Vinhandel','Kloakservice',\
    'Entreprenør'])[1 + (g / 25) % 16] \
    || ' ' || (ARRAY['ApS','A/S','I/S','& Søn ApS','Holding A/S'])[1 + (g / 400) % 5]";

/// `companies` companies of `club`, each with one contact linked to it, and the first
/// `categories` of five order categories; made in bulk on the bench database.
#[allow(dead_code)] // each bench compiles this module; not every bench seeds companies
pub async fn seed_companies_and_categories(
    owner: &sqlx::PgPool,
    club: uuid::Uuid,
    companies: i64,
    categories: usize,
) {
    sqlx::query(&format!(
        "WITH src AS (SELECT g, gen_random_uuid() AS company_id, gen_random_uuid() AS contact_id \
                      FROM generate_series(0, $2 - 1) g), \
         co AS (INSERT INTO companies (id, client_id, name, cvr, address, zip_code, city, email, phone, status) \
                SELECT company_id, $1, {COMPANY_NAMES}, (30000000 + g * 7)::text, 'Industrivej ' || (1 + g % 90), \
                  (ARRAY['8000','5000','9000','6700','4600','7100','8700','8900'])[1 + g % 8], \
                  (ARRAY['Aarhus C','Odense C','Aalborg','Esbjerg','Køge','Vejle','Horsens','Randers C'])[1 + g % 8], \
                  'info' || g || '@firma.dk', '+45 ' || (70000000 + g), 1 FROM src), \
         ko AS (INSERT INTO contacts (id, client_id, firstname, lastname, email, phone) \
                SELECT contact_id, $1, \
                  (ARRAY['Mette','Lars','Sofie','Anders','Ida','Jens','Camilla','Mikkel','Louise','Henrik'])[1 + g % 10], \
                  (ARRAY['Jensen','Nielsen','Hansen','Pedersen','Andersen','Larsen','Sørensen','Madsen','Kristensen'])[1 + g % 9], \
                  'kontakt' || g || '@firma.dk', '+45 ' || (20000000 + g) FROM src) \
         INSERT INTO company_contacts (client_id, company_id, contact_id) SELECT $1, company_id, contact_id FROM src"
    ))
    .bind(club)
    .bind(companies)
    .execute(owner)
    .await
    .unwrap();
    let titles = ["Sponsorat", "Hospitality", "Reklame", "Loge", "Events"];
    for title in &titles[..categories] {
        sqlx::query("INSERT INTO order_categories (client_id, title) VALUES ($1, $2)")
            .bind(club)
            .bind(*title)
            .execute(owner)
            .await
            .unwrap();
    }
}

/// The `q` quantile of sorted call times, in milliseconds.
#[allow(dead_code)]
pub fn quantile(sorted: &[Duration], q: f64) -> f64 {
    sorted[((sorted.len() as f64 - 1.0) * q).round() as usize].as_secs_f64() * 1000.0
}

/// Ends a bench that holds targets: prints what it missed and exits 1, or says they were met.
#[allow(dead_code)]
pub fn verdict(bench: &str, missed: &[&str]) {
    if !missed.is_empty() {
        println!("{bench}: MISSED: {}", missed.join(", "));
        std::process::exit(1);
    }
    println!("{bench}: targets met");
}
