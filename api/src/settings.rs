//! One typed configuration, read from `TRIBUNE_*` environment variables with defaults that work
//! for `ops/run` on a developer machine.

use std::path::PathBuf;
use std::str::FromStr;

use anyhow::Context;
use sqlx::postgres::PgConnectOptions;

use crate::identity::client_ip::TrustedProxies;
use crate::integrations::payments::{StripeConfig, WindowConfig};

#[derive(Debug, Clone)]
pub struct Settings {
    /// Owner connection: migrations, seeding, replay.
    pub database: PgConnectOptions,
    /// The server's own connection as the `tribune_app` role.
    pub app_database: PgConnectOptions,
    pub host: String,
    pub port: u16,
    pub public_url: String,
    pub smtp_host: String,
    pub smtp_port: u16,
    pub mail_from: String,
    pub webapp_dir: PathBuf,
    pub files_dir: PathBuf,
    pub secure_cookies: bool,
    /// Proxies whose `X-Forwarded-For` names the client (`TRIBUNE_TRUSTED_PROXIES`, comma-separated
    /// addresses and CIDR networks; default none: the peer address is the client).
    pub trusted_proxies: TrustedProxies,
    pub job_poll_ms: u64,
    pub projector_poll_ms: u64,
    /// The server's connections to PostgreSQL (`TRIBUNE_DB_POOL`; default [`default_db_pool`]).
    pub db_pool: u32,
    pub run_background: bool,
    pub cvr: CvrSource,
    pub accounting: AccountingSource,
    pub sms: SmsSource,
    pub team_sport: TeamSportSource,
    /// Stripe (or localstripe): None when no secret key is set, and then no club can take cards
    /// through Stripe.
    pub stripe: Option<StripeConfig>,
    /// The hosted payment window; the project's fake window unless `TRIBUNE_WINDOW_URL` is set.
    pub window: WindowConfig,
    /// QZ Tray's certificate and private key (`TRIBUNE_QZ_CERT`, `TRIBUNE_QZ_KEY`: PEM files);
    /// None: the desk cannot print through QZ Tray (the tickets are still PDFs).
    pub qz: Option<QzFiles>,
}

/// Where QZ Tray's certificate and private key are.
#[derive(Debug, Clone, PartialEq)]
pub struct QzFiles {
    pub certificate: PathBuf,
    pub key: PathBuf,
}

/// Four connections per core, at least 8. More only queue inside PostgreSQL for the same cores
/// while holding their row locks longer: the booking rush (`just bench`) on 2 cores booked 540–570
/// per second with 4 or 8 connections and 500 with 20, its buyers queueing on the event's place
/// counter behind transactions that waited for a core.
pub fn default_db_pool() -> u32 {
    std::thread::available_parallelism()
        .map(|cores| {
            u32::try_from(cores.get())
                .unwrap_or(u32::MAX)
                .saturating_mul(4)
        })
        .unwrap_or(8)
        .max(8)
}

/// Where Stripe is when none is named: its API.
pub const STRIPE_API: &str = "https://api.stripe.com";
/// The fake window's path on this server.
pub const WINDOW_STAND_IN_PATH: &str = "/stand-ins/payment-window";

/// Where accounting reference data comes from: the stand-in (default) or e-conomic's REST API.
#[derive(Debug, Clone, PartialEq)]
pub enum AccountingSource {
    StandIn,
    Economic {
        url: String,
        app_secret: String,
        agreement_grant: String,
    },
}

/// Where SMS go: the stand-in (default) or an HTTP gateway (`TRIBUNE_SMS=http`,
/// `TRIBUNE_SMS_URL`, `TRIBUNE_SMS_TOKEN`).
#[derive(Debug, Clone, PartialEq)]
pub enum SmsSource {
    StandIn,
    Http { url: String, token: String },
}

/// Where the team-sport import reads teams: the stand-in (default) or a Holdsport-style API.
#[derive(Debug, Clone, PartialEq)]
pub enum TeamSportSource {
    StandIn,
    Holdsport {
        url: String,
        user: String,
        password: String,
    },
}

/// Where CVR look-ups go: the canned stand-in (default; tests and the demo) or cvrapi.dk.
#[derive(Debug, Clone, PartialEq)]
pub enum CvrSource {
    StandIn,
    CvrApi { url: String },
}

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

fn parsed<T: FromStr>(name: &str, default: T) -> anyhow::Result<T>
where
    T::Err: std::fmt::Display,
{
    match var(name) {
        Some(v) => v.parse().map_err(|e| anyhow::anyhow!("{name}: {e}")),
        None => Ok(default),
    }
}

/// `DATABASE_URL`, or the private cluster `ops/run` started (it writes `.data/database_url`).
pub fn database_url() -> anyhow::Result<String> {
    if let Some(url) = var("DATABASE_URL") {
        return Ok(url);
    }
    let file = PathBuf::from(".data/database_url");
    let url = std::fs::read_to_string(&file).with_context(|| {
        "DATABASE_URL is not set and .data/database_url does not exist (start ops/run first)"
    })?;
    Ok(url.trim().to_string())
}

impl Settings {
    pub fn from_env() -> anyhow::Result<Settings> {
        let database = PgConnectOptions::from_str(&database_url()?).context("DATABASE_URL")?;
        let app_database = match var("TRIBUNE_APP_DATABASE_URL") {
            Some(url) => PgConnectOptions::from_str(&url).context("TRIBUNE_APP_DATABASE_URL")?,
            None => {
                let app = database.clone().username(tribune_projections::db::APP_ROLE);
                match var("TRIBUNE_APP_DATABASE_PASSWORD") {
                    Some(password) => app.password(&password),
                    None => app,
                }
            }
        };
        let port = parsed("TRIBUNE_PORT", 8080u16)?;
        let public_url =
            var("TRIBUNE_PUBLIC_URL").unwrap_or_else(|| format!("http://localhost:{port}"));
        // Behind https the session cookie is Secure unless told otherwise.
        let secure_cookies = parsed("TRIBUNE_SECURE_COOKIES", public_url.starts_with("https://"))?;
        let window_url = var("TRIBUNE_WINDOW_URL")
            .unwrap_or_else(|| format!("{public_url}{WINDOW_STAND_IN_PATH}"));
        Ok(Settings {
            database,
            app_database,
            host: var("TRIBUNE_HOST").unwrap_or_else(|| "127.0.0.1".into()),
            port,
            public_url,
            smtp_host: var("TRIBUNE_SMTP_HOST").unwrap_or_else(|| "127.0.0.1".into()),
            smtp_port: parsed("TRIBUNE_SMTP_PORT", 1025u16)?,
            mail_from: var("TRIBUNE_MAIL_FROM")
                .unwrap_or_else(|| "Tribune <noreply@tribune.test>".into()),
            webapp_dir: PathBuf::from(
                var("TRIBUNE_WEBAPP_DIR").unwrap_or_else(|| "webapp/dist".into()),
            ),
            files_dir: PathBuf::from(
                var("TRIBUNE_FILES_DIR").unwrap_or_else(|| ".data/files".into()),
            ),
            secure_cookies,
            trusted_proxies: parsed("TRIBUNE_TRUSTED_PROXIES", TrustedProxies::none())?,
            job_poll_ms: parsed("TRIBUNE_JOB_POLL_MS", 1000u64)?,
            projector_poll_ms: parsed("TRIBUNE_PROJECTOR_POLL_MS", 1000u64)?,
            db_pool: parsed("TRIBUNE_DB_POOL", default_db_pool())?,
            run_background: true,
            cvr: match var("TRIBUNE_CVR").as_deref() {
                Some("cvrapi") => CvrSource::CvrApi {
                    url: var("TRIBUNE_CVR_URL").unwrap_or_else(|| "https://cvrapi.dk".into()),
                },
                _ => CvrSource::StandIn,
            },
            accounting: match var("TRIBUNE_ACCOUNTING").as_deref() {
                Some("economic") => AccountingSource::Economic {
                    url: var("TRIBUNE_ECONOMIC_URL")
                        .unwrap_or_else(|| "https://restapi.e-conomic.com".into()),
                    app_secret: var("TRIBUNE_ECONOMIC_APP_SECRET").unwrap_or_default(),
                    agreement_grant: var("TRIBUNE_ECONOMIC_AGREEMENT_GRANT").unwrap_or_default(),
                },
                _ => AccountingSource::StandIn,
            },
            qz: match (var("TRIBUNE_QZ_CERT"), var("TRIBUNE_QZ_KEY")) {
                (Some(certificate), Some(key)) => Some(QzFiles {
                    certificate: certificate.into(),
                    key: key.into(),
                }),
                _ => None,
            },
            sms: match var("TRIBUNE_SMS").as_deref() {
                Some("http") => SmsSource::Http {
                    url: var("TRIBUNE_SMS_URL").unwrap_or_default(),
                    token: var("TRIBUNE_SMS_TOKEN").unwrap_or_default(),
                },
                _ => SmsSource::StandIn,
            },
            team_sport: match var("TRIBUNE_TEAMSPORT").as_deref() {
                Some("holdsport") => TeamSportSource::Holdsport {
                    url: var("TRIBUNE_TEAMSPORT_URL")
                        .unwrap_or_else(|| "https://api.holdsport.dk/v1".into()),
                    user: var("TRIBUNE_TEAMSPORT_USER").unwrap_or_default(),
                    password: var("TRIBUNE_TEAMSPORT_PASSWORD").unwrap_or_default(),
                },
                _ => TeamSportSource::StandIn,
            },
            stripe: var("TRIBUNE_STRIPE_SECRET_KEY").map(|secret_key| {
                let url = var("TRIBUNE_STRIPE_URL").unwrap_or_else(|| STRIPE_API.into());
                StripeConfig {
                    stand_in: url != STRIPE_API,
                    url,
                    secret_key,
                    publishable_key: var("TRIBUNE_STRIPE_PUBLISHABLE_KEY").unwrap_or_default(),
                    webhook_secret: var("TRIBUNE_STRIPE_WEBHOOK_SECRET").unwrap_or_default(),
                }
            }),
            window: WindowConfig {
                url: window_url,
                merchant_number: var("TRIBUNE_WINDOW_MERCHANT").unwrap_or_else(|| "1000001".into()),
                secret: var("TRIBUNE_WINDOW_SECRET").unwrap_or_else(|| "tribune-stand-in".into()),
            },
        })
    }
}
