//! `Application::build(settings)`: the binary and the tests start the same app.

use std::net::TcpListener;
use std::sync::atomic::Ordering;
use std::time::Duration;

use actix_web::body::MessageBody;
use actix_web::dev::{Server, ServiceRequest, ServiceResponse};
use actix_web::error::{InternalError, JsonPayloadError, QueryPayloadError};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::{from_fn, DefaultHeaders, Next};
use actix_web::{web, App, HttpRequest, HttpServer};
use anyhow::Context;
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

/// Runs the migrations as the owner role. A database that has migrations this binary does not
/// know is one a newer release migrated (expand-then-contract, docs/deploy.md): an older node
/// still starts on it during a rolling deploy, as `/readyz` allows.
pub async fn migrate(settings: &Settings) -> anyhow::Result<()> {
    let owner = connect(settings.database.clone(), 2).await?;
    // sqlx's Migrator is not Clone and `migrate!` cannot set this: the same migrations, with
    // `ignore_missing` (the fields are sqlx's own; an upgrade that changes them fails to compile).
    let migrator = sqlx::migrate::Migrator {
        migrations: MIGRATOR.migrations.clone(),
        ignore_missing: true,
        locking: MIGRATOR.locking,
        no_tx: MIGRATOR.no_tx,
    };
    migrator.run(&owner).await?;
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
            let mailer = Mailer::new(&state.settings)?.counted_by(state.metrics.clone());
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
            background.push(tokio::spawn(
                crate::subscriptions::renewal::run_until_stopped(state.clone(), stop_rx.clone()),
            ));
            background.push(tokio::spawn(crate::booking::sweep::run_until_stopped(
                state.clone(),
                stop_rx.clone(),
            )));
            background.push(tokio::spawn(
                crate::invites::send::run_reminders_until_stopped(state.clone(), stop_rx.clone()),
            ));
        }
        // Whenever a standby is configured, background work or not: every stale-tolerant read
        // asks the watch. The first look is awaited, so the first request already may use it.
        if let Some(replica) = state.replica.clone() {
            state
                .replica_watch
                .refresh(&state.pool, &replica, &state.metrics)
                .await;
            background.push(tokio::spawn(crate::kit::reads::watch_until_stopped(
                state.pool.clone(),
                replica,
                state.replica_watch.clone(),
                state.metrics.clone(),
                stop_rx.clone(),
            )));
        }
        let app_state = state.clone();
        let node = HeaderValue::from_str(&state.settings.node).context("TRIBUNE_NODE")?;
        let shutdown_seconds = state.settings.shutdown_seconds;
        let keep_alive = Duration::from_secs(state.settings.keep_alive_seconds);
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
                // Reads what the route and the handler noted in the request, once they ran.
                .wrap(from_fn(crate::kit::reads::remember_writes))
                // Inside `identify`: a club's own endpoint names are the caller's club's.
                .wrap(from_fn(crate::kit::endpoints::rename))
                .wrap(from_fn(identify))
                .wrap(from_fn(crate::kit::input::refuse_nul_in_url))
                .wrap(security_headers(&policy))
                .wrap(from_fn(crate::compression::compress))
                .wrap(TracingLogger::default())
                // Outside the refusing middlewares, so a CSRF refusal is counted with its status.
                .wrap(from_fn(crate::metrics::track))
                .wrap(from_fn({
                    let node = node.clone();
                    move |req, next| name_the_node(node.clone(), req, next)
                }))
                .configure(crate::routes::configure)
                .configure(|cfg| crate::spa::configure(cfg, &webapp_dir, fake_stripe))
        })
        // SIGTERM and Ctrl-C are `run_until_stopped`'s: it drains before the listener closes.
        .disable_signals()
        .keep_alive(keep_alive)
        .shutdown_timeout(shutdown_seconds)
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

    /// Serves until SIGTERM or Ctrl-C, then drains: `/readyz` answers 503 for
    /// `drain_seconds` while every request is still served (a balancer's health check takes the
    /// node out meanwhile), then the listener closes and the requests in flight get
    /// `shutdown_seconds` to finish; then the background tasks stop. A second signal ends the
    /// drain at once. The tests' apps are never signalled: they serve until the test ends.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let handle = self.server.handle();
        let mut server = self.server;
        let mut signals = Signals::new();
        let result = tokio::select! {
            result = &mut server => result,
            signal = signals.next() => {
                let drain = self.state.settings.drain_seconds;
                self.state.draining.store(true, Ordering::SeqCst);
                tracing::info!(
                    node = %self.state.settings.node,
                    "{signal}: draining for {drain} s (/readyz answers 503), then stopping"
                );
                tokio::select! {
                    () = tokio::time::sleep(Duration::from_secs(drain)) => {}
                    again = signals.next() => tracing::info!("{again} again: drain cut short"),
                }
                tracing::info!("stopping: the listener closes, requests in flight finish");
                // The server future does the stopping: it must be polled while the stop is awaited.
                let ((), result) = tokio::join!(handle.stop(true), server);
                result
            }
        };
        let _ = self.stop.send(true);
        for task in self.background {
            let _ = tokio::time::timeout(Duration::from_secs(5), task).await;
        }
        result
    }
}

/// SIGTERM (a balancer's or systemd's stop) and Ctrl-C (SIGINT).
struct Signals {
    terminate: Option<tokio::signal::unix::Signal>,
}

impl Signals {
    fn new() -> Signals {
        use tokio::signal::unix::{signal, SignalKind};
        let terminate = signal(SignalKind::terminate())
            .inspect_err(|err| tracing::warn!("SIGTERM cannot be handled: {err}"))
            .ok();
        Signals { terminate }
    }

    /// The name of the next signal.
    async fn next(&mut self) -> &'static str {
        let terminate = async {
            match self.terminate.as_mut() {
                Some(terminate) => {
                    terminate.recv().await;
                }
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            () = terminate => "SIGTERM",
            _ = tokio::signal::ctrl_c() => "SIGINT",
        }
    }
}

/// Every answer names the node that gave it, a refusal by a middleware too: that one comes up as
/// an error, which actix turns into an answer only after every middleware has run, so it is
/// turned into its answer here, named.
async fn name_the_node(
    node: HeaderValue,
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let name = HeaderName::from_static(NODE_HEADER);
    match next.call(req).await {
        Ok(mut response) => {
            response.headers_mut().insert(name, node);
            Ok(response)
        }
        Err(err) => {
            let mut answer = err.error_response();
            answer.headers_mut().insert(name, node);
            Err(InternalError::from_response(err, answer).into())
        }
    }
}

/// The header that names the node (lower case, as `HeaderName::from_static` needs).
pub const NODE_HEADER: &str = "x-tribune-node";

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
