//! Black-box HTTP tests: `spawn_app()` makes a fresh database, migrates and seeds it, starts the
//! real application on a free port with a real SMTP sink, and hands back a cookie-keeping client.

use std::collections::HashMap;
use std::sync::Arc;

use reqwest::cookie::{CookieStore, Jar};
use reqwest::{Response, StatusCode, Url};
use serde_json::Value;
use sqlx::postgres::PgConnectOptions;
use tokio::net::TcpListener;
use tribune_api::identity::client_ip::TrustedProxies;
use tribune_api::integrations::payments::{PaymentWindow, StripeConfig, WindowConfig};
use tribune_api::settings::Settings;
use tribune_api::startup::Application;
use tribune_projections::db::APP_ROLE;
use tribune_projections::testing::TestDb;

pub const PASSWORD: &str = "tribune-demo";

pub use crate::smtp_sink::{ReceivedMail, SmtpSink};

pub struct TestApp {
    pub address: String,
    /// The running app's state (the stand-ins' records).
    pub state: actix_web::web::Data<tribune_api::state::AppState>,
    /// What the server was started with (a test may build the app's state from it).
    pub settings: Settings,
    pub db: TestDb,
    pub smtp: SmtpSink,
    pub smtp_port: u16,
}

pub struct AppOptions {
    /// Start the SMTP sink (false: the mail server is down until `start_smtp`).
    pub smtp_up: bool,
    /// `TRIBUNE_TRUSTED_PROXIES` (default none).
    pub trusted_proxies: TrustedProxies,
    /// Stripe's address (default localstripe's): a test may put its own fake there.
    pub stripe_url: Option<String>,
    /// QZ Tray's certificate and key (default none).
    pub qz: Option<tribune_api::settings::QzFiles>,
    /// The built webapp's directory (default none: `index.html` is missing).
    pub webapp_dir: Option<std::path::PathBuf>,
    /// The standby's connections see a replay position the test sets
    /// (`TestApp::standby_replayed`) instead of the database's own (none: not a standby, in
    /// sync).
    pub simulated_standby: bool,
}

impl Default for AppOptions {
    fn default() -> AppOptions {
        AppOptions {
            smtp_up: true,
            trusted_proxies: TrustedProxies::none(),
            stripe_url: None,
            qz: None,
            webapp_dir: None,
            simulated_standby: false,
        }
    }
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(AppOptions::default()).await
}

/// localstripe's address: `ops/test` starts one for the whole run and says where
/// (`TRIBUNE_TEST_STRIPE_URL`); by hand, `ops/.venv/bin/localstripe --port 8420`.
pub fn localstripe_url() -> String {
    std::env::var("TRIBUNE_TEST_STRIPE_URL").unwrap_or_else(|_| "http://127.0.0.1:8420".into())
}

pub async fn spawn_app_with(options: AppOptions) -> TestApp {
    if let Ok(filter) = std::env::var("TRIBUNE_TEST_LOG") {
        let _ = tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::new(filter))
            .with_test_writer()
            .try_init();
    }
    let db = TestDb::new().await.expect("test database");
    tribune_api::seed::seed_demo(&db.owner).await.expect("seed");
    let smtp_listener = TcpListener::bind("127.0.0.1:0").await.expect("smtp port");
    let smtp_port = smtp_listener.local_addr().expect("addr").port();
    let smtp = if options.smtp_up {
        SmtpSink::start_on(smtp_listener).await
    } else {
        drop(smtp_listener);
        SmtpSink::default()
    };
    let replica = standby_of(&db, options.simulated_standby).await;
    let settings = Settings {
        database: db.owner_options.clone(),
        app_database: db.owner_options.clone().username(APP_ROLE),
        replica: Some(replica),
        replica_max_lag_ms: 5000,
        host: "127.0.0.1".into(),
        port: 0,
        public_url: "http://127.0.0.1".into(),
        smtp_host: "127.0.0.1".into(),
        smtp_port,
        mail_from: "Tribune <noreply@tribune.test>".into(),
        webapp_dir: options
            .webapp_dir
            .clone()
            .unwrap_or_else(|| std::env::temp_dir().join("tribune-no-webapp")),
        storage: tribune_api::storage::StorageConfig::Local(
            std::env::temp_dir().join(format!("tribune-files-{}", db.name)),
        ),
        node: "test-node".into(),
        drain_seconds: 0,
        keep_alive_seconds: 75,
        shutdown_seconds: 5,
        log_format: tribune_api::settings::LogFormat::Text,
        secure_cookies: false,
        trusted_proxies: options.trusted_proxies.clone(),
        metrics_from: TrustedProxies::none(),
        job_poll_ms: 100,
        projector_poll_ms: 100,
        // The race tests hold eight transactions open at once, beside the background workers.
        db_pool: 20,
        run_background: true,
        cvr: tribune_api::settings::CvrSource::StandIn,
        accounting: tribune_api::settings::AccountingSource::StandIn,
        team_sport: tribune_api::settings::TeamSportSource::StandIn,
        sms: tribune_api::settings::SmsSource::StandIn,
        stripe: Some(StripeConfig {
            url: options.stripe_url.clone().unwrap_or_else(localstripe_url),
            secret_key: "sk_test_tribune".into(),
            publishable_key: "pk_test_tribune".into(),
            // Each test its own: localstripe sends every registered webhook every event, and
            // another test's deliveries must fail this app's signature check.
            webhook_secret: format!("whsec_{}", db.name),
            stand_in: true,
        }),
        // Each test app its own, as each installation: a test signs callbacks with
        // `TestApp::window`.
        window: Some(WindowConfig {
            url: "http://127.0.0.1/stand-ins/payment-window".into(),
            merchant_number: "1000001".into(),
            secret: format!("window-{}", uuid::Uuid::new_v4()),
            stand_in: true,
            remote_url: "http://127.0.0.1/stand-ins/payment-window/remote".into(),
            remote_password: String::new(),
        }),
        qz: options.qz.clone(),
        installation_secrets: Vec::new(),
        // Each test app its own key, as each installation.
        export_signing_key: tribune_api::kit::signing::ExportSigner::generate().expect("key"),
    };
    let app = Application::build(settings.clone())
        .await
        .expect("build app");
    let address = format!("http://127.0.0.1:{}", app.port());
    let state = app.state();
    tokio::spawn(app.run_until_stopped());
    TestApp {
        address,
        state,
        settings,
        db,
        smtp,
        smtp_port,
    }
}

/// The "standby" of every test app: the same database through read-only connections, so every
/// test that calls a stale-tolerant route proves its handler never writes (a write fails there
/// as on a hot standby). Not in recovery, it is in sync: reads after writes see them. With
/// `simulated`, its connections find the replay functions in a schema of the test's own first,
/// which answer what `TestApp::standby_replayed` set.
async fn standby_of(db: &TestDb, simulated: bool) -> PgConnectOptions {
    let read_only = db
        .owner_options
        .clone()
        .username(APP_ROLE)
        .options([("default_transaction_read_only", "on")]);
    if !simulated {
        return read_only;
    }
    for statement in [
        "CREATE SCHEMA standby_simulation",
        "CREATE TABLE standby_simulation.replay (replayed pg_lsn, replayed_at timestamptz)",
        "INSERT INTO standby_simulation.replay VALUES (NULL, NULL)",
        "CREATE FUNCTION standby_simulation.pg_last_wal_replay_lsn() RETURNS pg_lsn \
         LANGUAGE sql STABLE AS 'SELECT replayed FROM standby_simulation.replay'",
        "CREATE FUNCTION standby_simulation.pg_last_xact_replay_timestamp() RETURNS timestamptz \
         LANGUAGE sql STABLE AS 'SELECT replayed_at FROM standby_simulation.replay'",
        "GRANT USAGE ON SCHEMA standby_simulation TO tribune_app",
        "GRANT SELECT ON standby_simulation.replay TO tribune_app",
    ] {
        sqlx::query(statement)
            .execute(&db.owner)
            .await
            .expect(statement);
    }
    read_only.options([("search_path", "standby_simulation,pg_catalog,public")])
}

impl TestApp {
    /// The simulated standby (`AppOptions::simulated_standby`) has replayed the primary's log up
    /// to `lsn` (None: it is not a standby), its last replayed commit `seconds_ago`; the app's
    /// watch has looked at it when this returns.
    pub async fn standby_replayed(&self, lsn: Option<&str>, seconds_ago: f64) {
        // Committed and written out at once (the tests' PostgreSQL commits asynchronously), so
        // the primary's written position is past `lsn` when the watch looks: behind is behind.
        let mut tx = self.db.owner.begin().await.expect("a transaction");
        sqlx::query("SET LOCAL synchronous_commit = on")
            .execute(&mut *tx)
            .await
            .expect("synchronous commit");
        sqlx::query(
            "UPDATE standby_simulation.replay SET replayed = $1::pg_lsn, \
               replayed_at = now() - make_interval(secs => $2)",
        )
        .bind(lsn)
        .bind(seconds_ago)
        .execute(&mut *tx)
        .await
        .expect("the simulated standby");
        tx.commit().await.expect("the simulated standby");
        let replica = self.state.replica.as_ref().expect("a standby");
        self.state
            .replica_watch
            .refresh(&self.state.pool, replica, &self.state.metrics)
            .await;
    }

    /// The primary's WAL position now, past every write committed so far (`16/B374D848`).
    pub async fn primary_lsn(&self) -> String {
        sqlx::query_scalar("SELECT pg_current_wal_insert_lsn()::text")
            .fetch_one(&self.db.owner)
            .await
            .expect("the primary's position")
    }

    /// The SMTP server comes (back) up on the port the app was told about.
    pub async fn start_smtp(&mut self) {
        let listener = TcpListener::bind(("127.0.0.1", self.smtp_port))
            .await
            .expect("smtp port");
        self.smtp = SmtpSink::start_on(listener).await;
    }

    /// The payment window as this app knows it, with its secret: what a test signs callbacks
    /// with.
    pub fn window(&self) -> PaymentWindow {
        PaymentWindow::new(self.settings.window.clone().expect("the fake window"))
    }

    /// The window's callback for payment `orderid` of `amount` øre in DKK, transaction `txnid`,
    /// hashed with this app's secret. The fake window's books learn of the transaction too, as
    /// the window approved it (a refund asks them).
    pub fn window_callback(&self, orderid: &str, amount: &str, txnid: &str) -> String {
        if let Some(window) = &self.state.window {
            window
                .stand_in_ledger()
                .approved(txnid, amount.parse().unwrap_or(0), true);
        }
        self.window().signed_query(&[
            ("txnid", txnid.to_string()),
            ("orderid", orderid.to_string()),
            ("amount", amount.to_string()),
            ("currency", "208".into()),
            ("date", "20261124".into()),
            ("time", "1042".into()),
            ("txnfee", "0".into()),
            ("paymenttype", "1".into()),
            ("cardno", "457199XXXXXX1234".into()),
        ])
    }

    pub fn browser(&self) -> Browser {
        let jar = Arc::new(Jar::default());
        let client = reqwest::Client::builder()
            .cookie_provider(jar.clone())
            .redirect(reqwest::redirect::Policy::none())
            // The server closes a connection idle for 5 s (actix's keep-alive); a browser that
            // waited longer (at a barrier, on a loaded machine) would send on a closing one.
            .pool_idle_timeout(std::time::Duration::from_secs(3))
            .build()
            .expect("client");
        Browser {
            base: self.address.clone(),
            client,
            jar,
        }
    }

    pub async fn signed_in(&self, email: &str) -> Browser {
        let browser = self.browser();
        let response = browser.login(email, PASSWORD).await;
        assert_eq!(response.status(), StatusCode::OK, "login {email}");
        browser
    }

    /// The SMS the stand-in sent, once there are `n` (or after 15 seconds, as many as there are).
    pub async fn sms_sent(&self, n: usize) -> Vec<tribune_api::integrations::sms::Sms> {
        let stand_in = self.state.sms_stand_in.clone().expect("the SMS stand-in");
        for _ in 0..150 {
            if stand_in.sent().len() >= n {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        stand_in.sent()
    }

    pub async fn club_id(&self, name: &str) -> uuid::Uuid {
        sqlx::query_scalar("SELECT id FROM clients WHERE name = $1")
            .bind(name)
            .fetch_one(&self.db.owner)
            .await
            .expect("club")
    }

    /// The admin, switched into Demo Håndbold: "another club" for isolation tests.
    pub async fn admin_in_handbold(&self) -> Browser {
        let admin = self.signed_in("admin@tribune.test").await;
        let handbold = self.club_id("Demo Håndbold").await;
        admin
            .get(&format!("/api/app/change-client/{handbold}"))
            .await;
        admin
    }

    pub async fn count(&self, sql: &str) -> i64 {
        sqlx::query_scalar(sql)
            .fetch_one(&self.db.owner)
            .await
            .expect(sql)
    }
}

/// One browser: its own cookies, and the CSRF header on every write, as the webapp sends it.
#[derive(Clone)]
pub struct Browser {
    pub base: String,
    pub client: reqwest::Client,
    jar: Arc<Jar>,
}

impl Browser {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    pub fn cookies(&self) -> HashMap<String, String> {
        let url = Url::parse(&self.base).expect("url");
        let header = self
            .jar
            .cookies(&url)
            .map(|h| h.to_str().unwrap_or_default().to_string())
            .unwrap_or_default();
        header
            .split("; ")
            .filter_map(|kv| kv.split_once('='))
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    pub fn csrf(&self) -> String {
        self.cookies()
            .get("tribune_csrf")
            .cloned()
            .unwrap_or_default()
    }

    pub async fn get(&self, path: &str) -> Response {
        self.client.get(self.url(path)).send().await.expect("GET")
    }

    pub async fn get_json(&self, path: &str) -> (StatusCode, Value) {
        let response = self.get(path).await;
        answer("GET", path, response).await
    }

    pub async fn post(&self, path: &str, body: &Value) -> Response {
        self.client
            .post(self.url(path))
            .header("X-CSRF-Token", self.csrf())
            .json(body)
            .send()
            .await
            .expect("POST")
    }

    pub async fn post_json(&self, path: &str, body: &Value) -> (StatusCode, Value) {
        let response = self.post(path, body).await;
        answer("POST", path, response).await
    }

    /// A raw body with a JSON content type (for malformed and oversized input).
    pub async fn post_raw(
        &self,
        path: &str,
        body: impl Into<reqwest::Body>,
    ) -> (StatusCode, Value) {
        let response = self
            .client
            .post(self.url(path))
            .header("X-CSRF-Token", self.csrf())
            .header("Content-Type", "application/json")
            .body(body)
            .send()
            .await
            .expect("POST");
        answer("POST", path, response).await
    }

    /// A multipart write: `data` as JSON plus files as (field, file name, bytes).
    pub async fn post_form(
        &self,
        path: &str,
        data: Option<&Value>,
        fields: &[(&str, &str)],
        files: Vec<(&str, &str, Vec<u8>)>,
    ) -> (StatusCode, Value) {
        let mut form = reqwest::multipart::Form::new();
        if let Some(data) = data {
            form = form.text("data", data.to_string());
        }
        for (name, value) in fields {
            form = form.text(name.to_string(), value.to_string());
        }
        for (field, file_name, bytes) in files {
            form = form.part(
                field.to_string(),
                reqwest::multipart::Part::bytes(bytes).file_name(file_name.to_string()),
            );
        }
        let response = self
            .client
            .post(self.url(path))
            .header("X-CSRF-Token", self.csrf())
            .multipart(form)
            .send()
            .await
            .expect("POST form");
        answer("POST", path, response).await
    }

    pub async fn delete(&self, path: &str) -> (StatusCode, Value) {
        let response = self
            .client
            .delete(self.url(path))
            .header("X-CSRF-Token", self.csrf())
            .send()
            .await
            .expect("DELETE");
        answer("DELETE", path, response).await
    }

    /// What a person does with a single-use mail link: opens it, and presses the button when the
    /// link shows a page (opening alone must not use it up), so the answer is where that leads.
    pub async fn open_mail_link(&self, path: &str) -> Response {
        let opened = self.get(path).await;
        let is_page = opened
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("text/html"));
        if opened.status() != StatusCode::OK || !is_page {
            return opened;
        }
        let page = opened.text().await.expect("page");
        self.press_link_button(&page).await
    }

    /// Submits the form of a mail link's page (`kit::link_page`) as the browser would.
    pub async fn press_link_button(&self, page: &str) -> Response {
        let attribute = |name: &str| {
            let start = page.find(&format!("{name}=\"")).expect(name) + name.len() + 2;
            page[start..][..page[start..].find('"').expect("quote")].replace("&amp;", "&")
        };
        let action = attribute("action");
        let token = attribute("value");
        self.client
            .post(self.url(&action))
            .form(&[("token", token)])
            .send()
            .await
            .expect("POST form")
    }

    /// Calls ROUTE of the route table as a webapp would: every `{param}` a well-formed id that
    /// names nothing, the CSRF header, an empty JSON body.
    pub async fn call_route(&self, route: &tribune_api::kit::routes::RouteInfo) -> Response {
        let method = reqwest::Method::from_bytes(route.method.as_str().as_bytes()).expect("method");
        self.client
            .request(method, self.url(&concrete(&route.path)))
            .header("X-CSRF-Token", self.csrf())
            .json(&serde_json::json!({}))
            .send()
            .await
            .expect("request")
    }

    pub async fn login(&self, email: &str, password: &str) -> Response {
        self.post(
            "/api/login",
            &serde_json::json!({ "email": email, "password": password, "rememberMe": false }),
        )
        .await
    }
}

/// A real 1×1 PNG.
/// The status and JSON of an answer (`null` when it is not JSON), checked against the OpenAPI
/// document (`conformance`).
async fn answer(method: &str, path: &str, response: Response) -> (StatusCode, Value) {
    let status = response.status();
    // Field rules left these out (`kit::fields`): the document's `required` does not hold them.
    let hidden: Vec<String> = response
        .headers()
        .get("x-tribune-hidden-fields")
        .and_then(|v| v.to_str().ok())
        .map(|v| v.split(',').map(str::to_string).collect())
        .unwrap_or_default();
    let json = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    let body = response.json().await.unwrap_or(Value::Null);
    if json {
        crate::conformance::conforms_hiding(method, path, status, &body, &hidden);
    }
    (status, body)
}

pub fn png() -> Vec<u8> {
    vec![
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44,
        0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F,
        0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x00,
        0x01, 0x00, 0x00, 0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D, 0xB4, 0x00, 0x00, 0x00, 0x00, 0x49,
        0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
}

/// The id of the user with this e-mail.
pub async fn user_id(app: &TestApp, email: &str) -> uuid::Uuid {
    sqlx::query_scalar("SELECT id FROM users WHERE email = $1")
        .bind(email)
        .fetch_one(&app.db.owner)
        .await
        .expect("user")
}

/// The first message on `field` in a 422's `errors` ('' when none).
pub fn first_error(body: &Value, field: &str) -> String {
    body["errors"][field][0]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// Saves a club user as the settings screen does (multipart with the `data` part).
pub async fn save_client_user(browser: &Browser, data: Value) -> (StatusCode, Value) {
    browser
        .post_form("/api/client/users/update", Some(&data), &[], vec![])
        .await
}

/// A club as the admin's client editor reads it (`GET /api/clients/{id}`).
pub async fn client_detail(admin: &Browser, club_id: uuid::Uuid) -> Value {
    let (status, body) = admin.get_json(&format!("/api/clients/{club_id}")).await;
    assert_eq!(status, StatusCode::OK);
    body["result"].clone()
}

/// The text of a PDF, as poppler's pdftotext lays it out.
pub fn pdf_text(bytes: &[u8]) -> String {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("doc.pdf");
    std::fs::write(&path, bytes).expect("write");
    let out = std::process::Command::new("pdftotext")
        .arg("-layout")
        .arg(&path)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils)");
    assert!(out.status.success(), "pdftotext failed");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A contact person of the staff's club with an e-mail of its own (made through the contacts
/// form): its id and e-mail.
pub async fn a_contact(staff: &Browser) -> (uuid::Uuid, String) {
    let email = format!("kontakt-{}@example.dk", uuid::Uuid::new_v4().simple());
    let data = serde_json::json!({ "firstname": "Mette", "lastname": "Holm", "email": email, "phone": "12345678" });
    let (status, body) = staff
        .post_form("/api/contacts/update", Some(&data), &[], vec![])
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let id = body["data"]["id"]
        .as_str()
        .expect("id")
        .parse()
        .expect("a uuid");
    (id, email)
}

/// The form fields of a payment started in the window (`PaymentStart` of kind 'window'), in
/// their order.
pub fn window_fields(started: &Value) -> Vec<(String, String)> {
    started["fields"]
        .as_array()
        .expect("the window's fields")
        .iter()
        .map(|f| {
            (
                f["name"].as_str().unwrap_or_default().to_string(),
                f["value"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

pub fn iso(t: chrono::DateTime<chrono::Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// An event of Demo FC open for sign-up now, with `products` ({productId, title, price, …}), and
/// `extra` merged into the form; its (id, url).
pub async fn open_event(
    staff: &Browser,
    title: &str,
    products: Value,
    extra: Value,
) -> (String, String) {
    let data = open_event_form(staff, title, products, extra).await;
    let (status, body) = staff
        .post_form("/api/events/update", Some(&data), &[], vec![])
        .await;
    assert_eq!(status, reqwest::StatusCode::OK, "{body}");
    let id = body["result"].as_str().unwrap().to_string();
    let (_, event) = staff.get_json(&format!("/api/events/{id}")).await;
    (id, event["result"]["url"].as_str().unwrap().to_string())
}

/// The form `open_event` saves (its type made first).
pub async fn open_event_form(staff: &Browser, title: &str, products: Value, extra: Value) -> Value {
    let (status, body) = staff
        .post_form(
            "/api/events/types/update",
            Some(&serde_json::json!({ "title": "Hjemmekamp" })),
            &[],
            vec![],
        )
        .await;
    assert_eq!(status, reqwest::StatusCode::OK, "{body}");
    let type_id = body["result"].as_str().unwrap().to_string();
    let start = chrono::Utc::now() + chrono::Duration::days(10);
    let mut data = serde_json::json!({
        "typeId": type_id,
        "title": title,
        "location": "Demo FC Stadion",
        "description": "<p>Kom og støt holdet</p>",
        "startDate": iso(start),
        "endDate": iso(start + chrono::Duration::hours(2)),
        "signUpStart": iso(chrono::Utc::now() - chrono::Duration::days(1)),
        "signUpDeadline": iso(start - chrono::Duration::hours(1)),
        "sender": { "name": "Demo FC", "email": "kontakt@demofc.dk" },
        "hasTickets": true,
        "tickets": { "controlType": "Scan", "products": products },
    });
    for (key, value) in extra.as_object().cloned().unwrap_or_default() {
        data[key] = value;
    }
    data
}

/// A visitor of Demo FC's public site.
pub async fn visitor(app: &TestApp) -> Browser {
    let visitor = app.browser();
    let id = app.club_id("Demo FC").await;
    visitor
        .get(&format!("/public/app/change-client/{id}"))
        .await;
    visitor
}

/// Gives Demo Håndbold the events module, so its staff pass the module check.
pub async fn give_handbold_events(app: &TestApp) {
    give_handbold_module(app, "events").await;
}

/// Demo Håndbold gets the module `alias` too (it has few of its own): "another club" that could
/// reach the module's calls, so what it is refused is refused for being another club's.
pub async fn give_handbold_module(app: &TestApp, alias: &str) {
    sqlx::query(
        "INSERT INTO client_modules (client_id, module_id) SELECT c.id, m.id FROM clients c, modules m \
         WHERE c.name = 'Demo Håndbold' AND m.alias = $1",
    )
    .bind(alias)
    .execute(&app.db.owner)
    .await
    .expect("module");
}

/// The demo's CRM, catalogue and contracts in Demo FC, as `seed-demo` makes them; their files
/// are kept in the returned directory (gone when it is dropped) through the returned storage.
pub async fn seed_demo_contracts(
    app: &TestApp,
) -> (tempfile::TempDir, tribune_api::storage::Storage) {
    let dir = tempfile::tempdir().expect("dir");
    let storage = tribune_api::storage::Storage::local(dir.path()).expect("storage");
    tribune_api::seed::seed_demo_crm(&app.db.owner, &storage)
        .await
        .expect("crm");
    tribune_api::seed::seed_demo_catalogue(&app.db.owner)
        .await
        .expect("catalogue");
    tribune_api::seed::seed_demo_contracts(&app.db.owner, &storage, "http://127.0.0.1")
        .await
        .expect("contracts");
    (dir, storage)
}

/// A visitor who chose `club` on the public site.
pub async fn visitor_of(app: &TestApp, club: &str) -> Browser {
    let visitor = app.browser();
    let id = app.club_id(club).await;
    visitor
        .get(&format!("/public/app/change-client/{id}"))
        .await;
    visitor
}

/// A ticket product of Demo FC's catalogue: its id.
pub async fn catalogue_ticket(staff: &Browser, title: &str, price: i64) -> String {
    catalogue_product(
        staff,
        serde_json::json!({ "title": title, "type": "ticket", "price": price }),
    )
    .await
}

/// A product of Demo FC's catalogue from its form's `data`: its id.
pub async fn catalogue_product(staff: &Browser, data: Value) -> String {
    let (status, body) = staff
        .post_form("/api/products/update", Some(&data), &[], vec![])
        .await;
    assert_eq!(status, reqwest::StatusCode::OK, "{body}");
    body["result"].as_str().expect("id").to_string()
}

/// A season of Demo FC on the chart `key` (its section 'Stadion'), from `days.0` to `days.1`
/// days from today: its id.
pub async fn season_on_chart(staff: &Browser, key: &str, title: &str, days: (i64, i64)) -> String {
    let today = chrono::Utc::now().date_naive();
    let (status, body) = staff
        .post_json(
            "/api/orders/seasons/update",
            &serde_json::json!({
                "title": title,
                "startDate": (today + chrono::Duration::days(days.0)).to_string(),
                "endDate": (today + chrono::Duration::days(days.1)).to_string(),
                "seats": [{ "chartId": key, "name": "Stadion" }],
            }),
        )
        .await;
    assert_eq!(status, reqwest::StatusCode::OK, "{body}");
    body["result"].as_str().expect("id").to_string()
}

/// The event's ticket products for the visitor (as a guest): (event product id, answer).
pub async fn products(buyer: &Browser, event: &str, body: Value) -> Value {
    let (status, answer) = buyer
        .post_json(&format!("/public/events/{event}/products"), &body)
        .await;
    assert_eq!(status, reqwest::StatusCode::OK, "{answer}");
    answer
}

/// The id of the first product the event offers a guest.
pub async fn first_offer(buyer: &Browser, event: &str) -> String {
    let offered = products(buyer, event, serde_json::json!({ "products": [] })).await;
    offered["result"]["none"][0]["productId"]
        .as_str()
        .unwrap()
        .to_string()
}

pub fn guest(event: &str, lines: Value) -> Value {
    serde_json::json!({
        "eventId": event,
        "products": lines,
        "firstname": "Gitte",
        "lastname": "Gæst",
        "email": "gitte@example.dk",
        "phone": "12345678",
        "acceptTerms": true,
    })
}

/// create-intent then book: the book answer (status, body).
pub async fn book(buyer: &Browser, booking: &Value) -> (reqwest::StatusCode, Value) {
    let (status, intent) = buyer
        .post_json("/public/events/create-intent", booking)
        .await;
    if status != reqwest::StatusCode::OK {
        return (status, intent);
    }
    let secret = intent["result"]["intentSecret"]
        .as_str()
        .unwrap()
        .to_string();
    buyer
        .post_json(
            &format!("/public/events/book?intentSecret={secret}"),
            booking,
        )
        .await
}

pub async fn order_of(buyer: &Browser, event: &str, data: &Value) -> Value {
    let (status, answer) = buyer
        .get_json(&format!(
            "/public/events/{event}/order/{}?token={}",
            data["orderId"].as_str().unwrap(),
            data["token"].as_str().unwrap()
        ))
        .await;
    assert_eq!(status, reqwest::StatusCode::OK, "{answer}");
    answer
}

/// A discount code of Demo FC, active until 2099, as staff save it: `percent` off (in hundredths:
/// 10000 is 100 %), usable `uses` times. Its id.
pub async fn a_discount_code(staff: &Browser, code: &str, percent: i64, uses: i64) -> String {
    let (status, body) = staff
        .post_json(
            "/api/orders/discount-codes/update",
            &serde_json::json!({ "title": format!("Rabat {code}"), "code": code, "expires": "2099-12-31",
                                 "amount": uses, "discount": percent, "percentage": true, "active": true }),
        )
        .await;
    assert_eq!(status, reqwest::StatusCode::OK, "{body}");
    body["result"].as_str().expect("id").to_string()
}

/// Runs the requests at once (each waits for all to be ready, then goes): their answers, in order.
pub async fn all_at_once<F, Fut>(requests: usize, request: F) -> Vec<(reqwest::StatusCode, Value)>
where
    F: Fn(usize) -> Fut,
    Fut: std::future::Future<Output = (reqwest::StatusCode, Value)>,
{
    let barrier = tokio::sync::Barrier::new(requests);
    let runs = (0..requests).map(|i| {
        let barrier = &barrier;
        let run = request(i);
        async move {
            barrier.wait().await;
            run.await
        }
    });
    futures::future::join_all(runs).await
}

/// localstripe's own view of an object.
pub async fn at_stripe(path: &str) -> Value {
    reqwest::Client::new()
        .get(format!("{}/v1/{path}", localstripe_url()))
        .bearer_auth("sk_test_tribune")
        .send()
        .await
        .expect("localstripe answers (ops/test starts it; by hand: ops/.venv/bin/localstripe --port 8420)")
        .json()
        .await
        .expect("json")
}

/// The path with every `{param}` filled in: a well-formed id that names nothing.
fn concrete(path: &str) -> String {
    path.split('/')
        .map(|segment| {
            if segment.starts_with('{') {
                "6f1c1a52-4c1b-4b7e-9d1e-000000000000"
            } else {
                segment
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Waits until CHECK holds, at most 30 s; fails naming WHAT.
pub async fn until(what: &str, mut check: impl AsyncFnMut() -> bool) {
    for _ in 0..300 {
        if check().await {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("waited in vain for {what}");
}
