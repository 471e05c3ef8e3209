//! `Application::build(settings)`: the binary and the tests start the same app.

use std::net::TcpListener;
use std::time::Duration;

use actix_web::dev::Server;
use actix_web::error::{JsonPayloadError, QueryPayloadError};
use actix_web::middleware::{from_fn, DefaultHeaders};
use actix_web::{web, App, HttpRequest, HttpServer};
use tokio::sync::watch;
use tokio::task::JoinHandle;
use tracing_actix_web::TracingLogger;
use tribune_projections::db::{connect, MIGRATOR};
use tribune_projections::{registry, runner};

use crate::error::ApiError;
use crate::jobs;
use crate::mail::Mailer;
use crate::session::identify;
use crate::settings::Settings;
use crate::state::AppState;

/// JSON bodies above this are refused with 413 before they are read.
pub const JSON_LIMIT: usize = 256 * 1024;

pub struct Application {
    port: u16,
    state: web::Data<AppState>,
    server: Server,
    stop: watch::Sender<bool>,
    background: Vec<JoinHandle<()>>,
}

/// Runs the migrations as the owner role.
pub async fn migrate(settings: &Settings) -> anyhow::Result<()> {
    let owner = connect(settings.database.clone(), 2).await?;
    MIGRATOR.run(&owner).await?;
    owner.close().await;
    Ok(())
}

impl Application {
    pub async fn build(settings: Settings) -> anyhow::Result<Application> {
        migrate(&settings).await?;
        let settings = crate::installation::with_secrets(settings).await?;
        let pool = connect(settings.app_database.clone(), settings.db_pool).await?;
        let listener = TcpListener::bind((settings.host.as_str(), settings.port))?;
        let port = listener.local_addr()?.port();

        let (stop, stop_rx) = watch::channel(false);
        let mut background = Vec::new();
        // Every process that writes wakes the workers, wherever they run.
        background.push(tokio::spawn(tribune_projections::wake::notifier(
            pool.clone(),
            vec![
                tribune_projections::store::EVENTS_CHANNEL,
                crate::jobs::JOBS_CHANNEL,
            ],
            stop_rx.clone(),
        )));
        if settings.run_background {
            for projection in registry::asynchronous() {
                let poll = Duration::from_millis(settings.projector_poll_ms);
                background.push(tokio::spawn(runner::run_projection(
                    pool.clone(),
                    projection,
                    poll,
                    stop_rx.clone(),
                )));
            }
        }

        let webapp_dir = settings.webapp_dir.clone();
        let run_background = settings.run_background;
        let state = web::Data::new(AppState::new(pool, settings)?);
        if run_background {
            let mailer = Mailer::new(&state.settings)?;
            let poll = Duration::from_millis(state.settings.job_poll_ms);
            background.push(tokio::spawn(jobs::run_until_stopped(
                state.clone(),
                mailer,
                poll,
                stop_rx.clone(),
            )));
            background.push(tokio::spawn(crate::invoices::due::run_until_stopped(
                state.clone(),
                stop_rx.clone(),
            )));
            background.push(tokio::spawn(crate::invoices::recurring::run_until_stopped(
                state.clone(),
                stop_rx.clone(),
            )));
            background.push(tokio::spawn(crate::booking::sweep::run_until_stopped(
                state.clone(),
                stop_rx.clone(),
            )));
            background.push(tokio::spawn(
                crate::invites::send::run_reminders_until_stopped(state.clone(), stop_rx.clone()),
            ));
        }
        let app_state = state.clone();
        let policy = content_security_policy(&state.settings);
        let fake_stripe = state.settings.stripe.as_ref().is_some_and(|s| s.stand_in);
        let server = HttpServer::new(move || {
            App::new()
                .app_data(state.clone())
                .app_data(
                    web::JsonConfig::default()
                        .limit(JSON_LIMIT)
                        .error_handler(json_error),
                )
                .app_data(web::QueryConfig::default().error_handler(query_error))
                .app_data(
                    web::PathConfig::default().error_handler(|_, _| ApiError::NotFound.into()),
                )
                .wrap(from_fn(identify))
                .wrap(from_fn(crate::kit::input::refuse_nul_in_url))
                .wrap(security_headers(&policy))
                .wrap(from_fn(crate::compression::compress))
                .wrap(TracingLogger::default())
                .configure(crate::routes::configure)
                .configure(|cfg| crate::spa::configure(cfg, &webapp_dir, fake_stripe))
        })
        .listen(listener)?
        .run();
        Ok(Application {
            port,
            state: app_state,
            server,
            stop,
            background,
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// What the handlers reach (tests read the stand-ins' records through it).
    pub fn state(&self) -> web::Data<AppState> {
        self.state.clone()
    }

    /// Serves until the server stops (Ctrl-C / SIGTERM), then stops the background tasks.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let result = self.server.await;
        let _ = self.stop.send(true);
        for task in self.background {
            let _ = tokio::time::timeout(Duration::from_secs(5), task).await;
        }
        result
    }
}

/// What the browser may do with what Tribune serves: only this origin's scripts (no inline
/// ones), styles inline too (the component library sets them), no framing by other sites, no
/// guessing of content types. A response that sets one of these itself keeps its own. The
/// contract viewer (pdf.js) reads the PDF it fetched through a blob: address, hence `blob:` in
/// connect-src. The point of sale prints through QZ Tray on the desk's own computer: its
/// websockets (wss on 8181, 8282, 8383, 8484 at localhost and localhost.qz.io; ws on 8182, 8283,
/// 8384, 8485 at localhost and 127.0.0.1) and nothing else local.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; \
     connect-src 'self' blob: \
       wss://localhost:8181 wss://localhost:8282 wss://localhost:8383 wss://localhost:8484 \
       wss://localhost.qz.io:8181 wss://localhost.qz.io:8282 wss://localhost.qz.io:8383 wss://localhost.qz.io:8484 \
       ws://localhost:8182 ws://localhost:8283 ws://localhost:8384 ws://localhost:8485 \
       ws://127.0.0.1:8182 ws://127.0.0.1:8283 ws://127.0.0.1:8384 ws://127.0.0.1:8485; \
     worker-src 'self' blob:; object-src 'none'; base-uri 'self'; \
     form-action 'self'; frame-ancestors 'none'";

/// The policy with what the card providers need: Stripe.js and its frames when the real Stripe
/// is in use, and the payment window's address as a place forms may be posted to.
pub fn content_security_policy(settings: &Settings) -> String {
    let mut policy = CONTENT_SECURITY_POLICY.to_string();
    if settings.stripe.as_ref().is_some_and(|s| !s.stand_in) {
        policy = policy
            .replace(
                "script-src 'self';",
                "script-src 'self' https://js.stripe.com; frame-src https://js.stripe.com https://hooks.stripe.com;",
            )
            .replace("connect-src 'self'", "connect-src 'self' https://api.stripe.com");
    }
    let window = settings.window.as_ref().map(|w| w.url.as_str());
    if let Some(Ok(url)) = window.map(reqwest::Url::parse) {
        let origin = url.origin().ascii_serialization();
        if origin != "null" && !settings.public_url.starts_with(&origin) {
            policy = policy.replace(
                "form-action 'self'",
                &format!("form-action 'self' {origin}"),
            );
        }
    }
    policy
}

fn security_headers(policy: &str) -> DefaultHeaders {
    DefaultHeaders::new()
        .add(("Content-Security-Policy", policy.to_string()))
        .add(("X-Frame-Options", "DENY"))
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("Referrer-Policy", "strict-origin-when-cross-origin"))
}

/// Bad JSON never reaches a handler: it gets a Danish 4xx that says what is wrong.
fn json_error(err: JsonPayloadError, _: &HttpRequest) -> actix_web::Error {
    let api = match &err {
        JsonPayloadError::OverflowKnownLength { .. } | JsonPayloadError::Overflow { .. } => {
            ApiError::PayloadTooLarge(format!(
                "Forespørgslen er for stor (højst {} kB)",
                JSON_LIMIT / 1024
            ))
        }
        JsonPayloadError::ContentType => ApiError::BadRequest(
            "Forespørgslen skal være JSON (Content-Type: application/json)".into(),
        ),
        JsonPayloadError::Deserialize(e) if e.is_data() => {
            ApiError::invalid(crate::kit::input::danish_serde_error(&e.to_string()))
        }
        JsonPayloadError::Deserialize(_) => {
            ApiError::BadRequest("Ugyldig JSON: forespørgslen kunne ikke læses".into())
        }
        _ => ApiError::BadRequest("Forespørgslen kunne ikke læses".into()),
    };
    api.into()
}

fn query_error(err: QueryPayloadError, _: &HttpRequest) -> actix_web::Error {
    ApiError::invalid(format!(
        "Ugyldige parametre: {}",
        crate::kit::input::danish_serde_error(&err.to_string())
    ))
    .into()
}
