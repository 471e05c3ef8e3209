//! One typed configuration, read from `TRIBUNE_*` environment variables with defaults that work
//! for `ops/run` on a developer machine. No secret has a default (issue 35): a service that needs
//! one refuses to start without it, and the stand-ins' secrets are the installation's own
//! ([`integrations`], `crate::installation`).

use std::path::PathBuf;
use std::str::FromStr;

use anyhow::Context;
use sqlx::postgres::PgConnectOptions;

use crate::identity::client_ip::TrustedProxies;
use crate::integrations::payments::{StripeConfig, WindowConfig};
use crate::storage::StorageConfig;

#[derive(Debug, Clone)]
pub struct Settings {
    /// Owner connection: migrations, seeding, replay.
    pub database: PgConnectOptions,
    /// The server's own connection as the `tribune_app` role.
    pub app_database: PgConnectOptions,
    /// The app role on a PostgreSQL hot standby (`TRIBUNE_REPLICA_DATABASE_URL`): stale-tolerant
    /// reads may go there (`kit::reads`). None: every read goes to the primary.
    pub replica: Option<PgConnectOptions>,
    /// How far behind the primary the standby may be and still be read
    /// (`TRIBUNE_REPLICA_MAX_LAG_MS`, default 5000).
    pub replica_max_lag_ms: u64,
    pub host: String,
    pub port: u16,
    pub public_url: String,
    pub smtp_host: String,
    pub smtp_port: u16,
    pub mail_from: String,
    pub webapp_dir: PathBuf,
    /// Where uploaded files are kept: a directory (`TRIBUNE_FILES_DIR`) or an S3 bucket
    /// (`TRIBUNE_STORAGE=s3`; see [`storage`]).
    pub storage: StorageConfig,
    /// This node's name (`TRIBUNE_NODE`, default `hostname:port`): every answer says it in
    /// `X-Tribune-Node`, so what a balancer spread can be traced to a node.
    pub node: String,
    /// Seconds between SIGTERM and closing the listener (`TRIBUNE_DRAIN_SECONDS`, default 5):
    /// `/readyz` answers 503 meanwhile, so the balancer takes the node out while it still serves.
    pub drain_seconds: u64,
    /// Seconds the requests in flight get to finish once the listener is closed
    /// (`TRIBUNE_SHUTDOWN_SECONDS`, default 30).
    pub shutdown_seconds: u64,
    /// Seconds an idle keep-alive connection stays open (`TRIBUNE_KEEP_ALIVE_SECONDS`, default 75).
    /// Longer than a balancer keeps its idle connections to a node (HAProxy purges them within
    /// seconds): the balancer then always closes first, and never sends a request on a connection
    /// the node is closing at that moment (which HAProxy answers by closing the client's
    /// connection without a word, and a POST is not retried).
    pub keep_alive_seconds: u64,
    /// `TRIBUNE_LOG_FORMAT`: `text` (default) or `json`, one object a line.
    pub log_format: LogFormat,
    pub secure_cookies: bool,
    /// Proxies whose `X-Forwarded-For` names the client (`TRIBUNE_TRUSTED_PROXIES`, comma-separated
    /// addresses and CIDR networks; default none: the peer address is the client).
    pub trusted_proxies: TrustedProxies,
    /// Who besides this machine may read `/metrics` (`TRIBUNE_METRICS_FROM`, addresses and CIDR
    /// networks as `TRIBUNE_TRUSTED_PROXIES`; default none: only loopback).
    pub metrics_from: TrustedProxies,
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
    /// The hosted payment window named by `TRIBUNE_WINDOW_URL`, or the project's fake window when
    /// the stand-ins are selected; None: no club can take cards through a window.
    pub window: Option<WindowConfig>,
    /// QZ Tray's certificate and private key (`TRIBUNE_QZ_CERT`, `TRIBUNE_QZ_KEY`: PEM files);
    /// None: the desk cannot print through QZ Tray (the tickets are still PDFs).
    pub qz: Option<QzFiles>,
    /// The stand-ins' secrets that are this installation's own and still to be read from the
    /// database (their places in `stripe` and `window` are empty until then):
    /// `crate::installation::with_secrets` fills them in before anything is served.
    pub installation_secrets: Vec<InstallationSecret>,
    /// The Ed25519 key (PKCS#8, base64) the auditor's exports are signed with
    /// (`TRIBUNE_EXPORT_SIGNING_KEY`); empty until `installation::with_secrets` reads the
    /// installation's own.
    pub export_signing_key: String,
}

/// A stand-in's secret that no variable gave: made at random once per installation and kept in
/// the database (`installation_secrets`), so that what was signed before a restart still
/// verifies after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InstallationSecret {
    /// The fake payment window's md5 secret.
    Window,
    /// The `whsec_…` localstripe signs its webhooks with.
    StripeWebhook,
    /// The key the auditor's exports are signed with (issue 37 §4) when
    /// `TRIBUNE_EXPORT_SIGNING_KEY` gives none: this installation's own, never a shared default.
    ExportSigning,
}

impl InstallationSecret {
    pub const ALL: [InstallationSecret; 3] = [
        InstallationSecret::Window,
        InstallationSecret::StripeWebhook,
        InstallationSecret::ExportSigning,
    ];

    /// Its name in the database and on the command line (`tribune stand-in-secret <name>`).
    pub fn name(self) -> &'static str {
        match self {
            InstallationSecret::Window => "window",
            InstallationSecret::StripeWebhook => "stripe-webhook",
            InstallationSecret::ExportSigning => "export-signing",
        }
    }

    pub fn parse(name: &str) -> Option<InstallationSecret> {
        InstallationSecret::ALL
            .into_iter()
            .find(|secret| secret.name() == name)
    }
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

/// How log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    /// For a person at a terminal.
    Text,
    /// One JSON object a line, the event's fields at the top level, for a log collector.
    Json,
}

impl FromStr for LogFormat {
    type Err = String;

    fn from_str(text: &str) -> Result<LogFormat, String> {
        match text.trim() {
            "text" => Ok(LogFormat::Text),
            "json" => Ok(LogFormat::Json),
            other => Err(format!("text or json, not '{other}'")),
        }
    }
}

impl LogFormat {
    /// `TRIBUNE_LOG_FORMAT`, read before anything else so the first line is already in it.
    pub fn from_env() -> anyhow::Result<LogFormat> {
        parsed("TRIBUNE_LOG_FORMAT", LogFormat::Text)
    }
}

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
        let replica = match var("TRIBUNE_REPLICA_DATABASE_URL") {
            Some(url) => {
                Some(PgConnectOptions::from_str(&url).context("TRIBUNE_REPLICA_DATABASE_URL")?)
            }
            None => None,
        };
        let port = parsed("TRIBUNE_PORT", 8080u16)?;
        let public_url =
            var("TRIBUNE_PUBLIC_URL").unwrap_or_else(|| format!("http://localhost:{port}"));
        // Behind https the session cookie is Secure unless told otherwise.
        let secure_cookies = parsed("TRIBUNE_SECURE_COOKIES", public_url.starts_with("https://"))?;
        let integrations = integrations(&var, &public_url)?;
        let node = node_name(&var, port)?;
        let mut installation_secrets = integrations.installation_secrets;
        let export_signing_key = var("TRIBUNE_EXPORT_SIGNING_KEY").unwrap_or_default();
        if export_signing_key.is_empty() {
            installation_secrets.push(InstallationSecret::ExportSigning);
        }
        Ok(Settings {
            database,
            app_database,
            replica,
            replica_max_lag_ms: parsed("TRIBUNE_REPLICA_MAX_LAG_MS", 5000u64)?,
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
            storage: storage(&var)?,
            node,
            drain_seconds: parsed("TRIBUNE_DRAIN_SECONDS", 5u64)?,
            shutdown_seconds: parsed("TRIBUNE_SHUTDOWN_SECONDS", 30u64)?,
            keep_alive_seconds: parsed("TRIBUNE_KEEP_ALIVE_SECONDS", 75u64)?,
            log_format: LogFormat::from_env()?,
            secure_cookies,
            trusted_proxies: parsed("TRIBUNE_TRUSTED_PROXIES", TrustedProxies::none())?,
            metrics_from: parsed("TRIBUNE_METRICS_FROM", TrustedProxies::none())?,
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
            accounting: integrations.accounting,
            qz: integrations.qz,
            sms: integrations.sms,
            team_sport: match var("TRIBUNE_TEAMSPORT").as_deref() {
                Some("holdsport") => TeamSportSource::Holdsport {
                    url: var("TRIBUNE_TEAMSPORT_URL")
                        .unwrap_or_else(|| "https://api.holdsport.dk/v1".into()),
                    user: var("TRIBUNE_TEAMSPORT_USER").unwrap_or_default(),
                    password: var("TRIBUNE_TEAMSPORT_PASSWORD").unwrap_or_default(),
                },
                _ => TeamSportSource::StandIn,
            },
            stripe: integrations.stripe,
            window: integrations.window,
            installation_secrets,
            export_signing_key,
        })
    }
}

/// `TRIBUNE_NODE`, or this machine's host name and the port: unique among the nodes of a
/// cluster, even several on one machine. Sent as a header value, so printable ASCII only.
pub fn node_name(var: &dyn Fn(&str) -> Option<String>, port: u16) -> anyhow::Result<String> {
    let printable = |name: &str| name.chars().all(|c| c.is_ascii_graphic() || c == ' ');
    match var("TRIBUNE_NODE") {
        Some(name) if printable(name.trim()) => Ok(name.trim().to_string()),
        Some(name) => anyhow::bail!(
            "TRIBUNE_NODE: printable ASCII only (it is sent as the X-Tribune-Node header), not \
             '{name}'"
        ),
        None => {
            let host: String = hostname::get()
                .map(|name| name.to_string_lossy().into_owned())
                .unwrap_or_default()
                .chars()
                .filter(char::is_ascii_graphic)
                .collect();
            let host = if host.is_empty() {
                "localhost".to_string()
            } else {
                host
            };
            Ok(format!("{host}:{port}"))
        }
    }
}

/// Where uploaded files go, from the variables alone (`var` answers None for an unset or blank
/// one): `TRIBUNE_STORAGE=local` (default) keeps them in `TRIBUNE_FILES_DIR` (default
/// `.data/files`); `s3` in the bucket `TRIBUNE_S3_BUCKET` at `TRIBUNE_S3_ENDPOINT` (unset: AWS)
/// in `TRIBUNE_S3_REGION` (default `us-east-1`) with the keys `TRIBUNE_S3_ACCESS_KEY_ID` and
/// `TRIBUNE_S3_SECRET_ACCESS_KEY`. Plain http to the endpoint only with
/// `TRIBUNE_S3_ALLOW_HTTP=1`. No key has a default; every missing variable is named in the one
/// error.
pub fn storage(var: &dyn Fn(&str) -> Option<String>) -> anyhow::Result<StorageConfig> {
    match var("TRIBUNE_STORAGE").as_deref() {
        None | Some("local") => Ok(StorageConfig::Local(PathBuf::from(
            var("TRIBUNE_FILES_DIR").unwrap_or_else(|| ".data/files".into()),
        ))),
        Some("s3") => {
            let mut missing = Vec::new();
            let mut required = |name: &str| {
                let value = var(name);
                if value.is_none() {
                    missing.push(name.to_string());
                }
                value.unwrap_or_default()
            };
            let bucket = required("TRIBUNE_S3_BUCKET");
            let access_key_id = required("TRIBUNE_S3_ACCESS_KEY_ID");
            let secret_access_key = required("TRIBUNE_S3_SECRET_ACCESS_KEY");
            let allow_http = match var("TRIBUNE_S3_ALLOW_HTTP").as_deref() {
                None | Some("0") | Some("false") => false,
                Some("1") | Some("true") => true,
                Some(other) => anyhow::bail!("TRIBUNE_S3_ALLOW_HTTP: 1 or 0, not '{other}'"),
            };
            let endpoint = var("TRIBUNE_S3_ENDPOINT").map(|url| url.trim().to_string());
            if !missing.is_empty() {
                anyhow::bail!(
                    "the configuration is incomplete (no secret has a default): \
                     TRIBUNE_STORAGE=s3 needs {}",
                    missing.join(", ")
                );
            }
            if endpoint
                .as_deref()
                .is_some_and(|url| url.starts_with("http://"))
                && !allow_http
            {
                anyhow::bail!(
                    "TRIBUNE_S3_ENDPOINT is plain http: set TRIBUNE_S3_ALLOW_HTTP=1 to send the \
                     files unencrypted, or give an https address"
                );
            }
            Ok(StorageConfig::S3 {
                bucket,
                endpoint,
                region: var("TRIBUNE_S3_REGION").unwrap_or_else(|| "us-east-1".into()),
                access_key_id,
                secret_access_key,
                allow_http,
            })
        }
        Some(other) => anyhow::bail!("TRIBUNE_STORAGE: local or s3, not '{other}'"),
    }
}

/// The services that need a secret, as the environment configures them.
#[derive(Debug, Clone, PartialEq)]
pub struct Integrations {
    pub accounting: AccountingSource,
    pub sms: SmsSource,
    pub qz: Option<QzFiles>,
    pub stripe: Option<StripeConfig>,
    pub window: Option<WindowConfig>,
    /// The stand-ins' secrets to take from the installation (their places above are empty).
    pub installation_secrets: Vec<InstallationSecret>,
}

/// The variable that selects the stand-ins: `ops/run` and `ops/test`'s browser tests set it.
pub const STAND_INS: &str = "TRIBUNE_STAND_INS";

/// Decides, from the variables alone (`var` answers None for an unset or blank one), how the
/// services that need a secret are set up. No secret has a default (issue 35):
///
/// - A real service named without its secret is an error that names the variable, with or
///   without the stand-ins (a secret made up here could never match the real one):
///   `TRIBUNE_WINDOW_URL` needs `TRIBUNE_WINDOW_SECRET` and `TRIBUNE_WINDOW_MERCHANT`;
///   `TRIBUNE_STRIPE_SECRET_KEY` needs `TRIBUNE_STRIPE_WEBHOOK_SECRET`;
///   `TRIBUNE_ACCOUNTING=economic` both e-conomic tokens; `TRIBUNE_SMS=http` its URL and token;
///   `TRIBUNE_QZ_CERT` and `TRIBUNE_QZ_KEY` go together.
/// - The stand-ins that sign (the fake payment window, localstripe's webhooks) run only when
///   `TRIBUNE_STAND_INS=1` selects them; a secret not given for them is then the installation's
///   own ([`InstallationSecret`]). Without the switch there is no fake window, and a Stripe at
///   another address than Stripe's is treated as a real one.
///
/// Every problem is named in the one error.
pub fn integrations(
    var: &dyn Fn(&str) -> Option<String>,
    public_url: &str,
) -> anyhow::Result<Integrations> {
    let stand_ins = match var(STAND_INS).as_deref() {
        None | Some("0") | Some("false") => false,
        Some("1") | Some("true") => true,
        Some(other) => anyhow::bail!("{STAND_INS}: 1 or 0, not '{other}'"),
    };
    let mut missing: Vec<String> = Vec::new();
    let mut installation_secrets = Vec::new();
    let required = |name: &str, because: &str, missing: &mut Vec<String>| {
        let value = var(name);
        if value.is_none() {
            missing.push(format!("{because} needs {name}"));
        }
        value.unwrap_or_default()
    };

    let accounting = match var("TRIBUNE_ACCOUNTING").as_deref() {
        Some("economic") => {
            let because = "TRIBUNE_ACCOUNTING=economic";
            AccountingSource::Economic {
                url: var("TRIBUNE_ECONOMIC_URL")
                    .unwrap_or_else(|| "https://restapi.e-conomic.com".into()),
                app_secret: required("TRIBUNE_ECONOMIC_APP_SECRET", because, &mut missing),
                agreement_grant: required(
                    "TRIBUNE_ECONOMIC_AGREEMENT_GRANT",
                    because,
                    &mut missing,
                ),
            }
        }
        _ => AccountingSource::StandIn,
    };
    let sms = match var("TRIBUNE_SMS").as_deref() {
        Some("http") => SmsSource::Http {
            url: required("TRIBUNE_SMS_URL", "TRIBUNE_SMS=http", &mut missing),
            token: required("TRIBUNE_SMS_TOKEN", "TRIBUNE_SMS=http", &mut missing),
        },
        _ => SmsSource::StandIn,
    };
    let qz = match (var("TRIBUNE_QZ_CERT"), var("TRIBUNE_QZ_KEY")) {
        (Some(certificate), Some(key)) => Some(QzFiles {
            certificate: certificate.into(),
            key: key.into(),
        }),
        (Some(_), None) => {
            missing.push("TRIBUNE_QZ_CERT needs TRIBUNE_QZ_KEY (its private key)".into());
            None
        }
        (None, Some(_)) => {
            missing.push("TRIBUNE_QZ_KEY needs TRIBUNE_QZ_CERT (its certificate)".into());
            None
        }
        (None, None) => None,
    };

    let stripe = match var("TRIBUNE_STRIPE_SECRET_KEY") {
        None => None,
        Some(secret_key) => {
            let url = var("TRIBUNE_STRIPE_URL").unwrap_or_else(|| STRIPE_API.into());
            let stand_in = stand_ins && url != STRIPE_API;
            let webhook_secret = match var("TRIBUNE_STRIPE_WEBHOOK_SECRET") {
                Some(secret) => secret,
                None if stand_in => {
                    installation_secrets.push(InstallationSecret::StripeWebhook);
                    String::new()
                }
                None => {
                    let hint = if url == STRIPE_API {
                        ""
                    } else {
                        ", or localstripe at TRIBUNE_STRIPE_URL needs TRIBUNE_STAND_INS=1"
                    };
                    missing.push(format!(
                        "TRIBUNE_STRIPE_SECRET_KEY needs TRIBUNE_STRIPE_WEBHOOK_SECRET (the \
                         whsec_… of the webhook endpoint){hint}"
                    ));
                    String::new()
                }
            };
            Some(StripeConfig {
                stand_in,
                url,
                secret_key,
                publishable_key: var("TRIBUNE_STRIPE_PUBLISHABLE_KEY").unwrap_or_default(),
                webhook_secret,
            })
        }
    };

    let window = match var("TRIBUNE_WINDOW_URL") {
        Some(url) if url.trim_end_matches('/').ends_with(WINDOW_STAND_IN_PATH) => {
            missing.push(format!(
                "TRIBUNE_WINDOW_URL names the fake payment window ({WINDOW_STAND_IN_PATH}): \
                 leave it unset and select the stand-ins with {STAND_INS}=1"
            ));
            None
        }
        Some(url) => {
            let because = "TRIBUNE_WINDOW_URL";
            Some(WindowConfig {
                url,
                merchant_number: required("TRIBUNE_WINDOW_MERCHANT", because, &mut missing),
                secret: required("TRIBUNE_WINDOW_SECRET", because, &mut missing),
                stand_in: false,
                // ePay's web service unless another is named; its password is optional there.
                remote_url: var("TRIBUNE_WINDOW_REMOTE_URL").unwrap_or_else(|| {
                    crate::integrations::payments::window_remote::DEFAULT_URL.into()
                }),
                remote_password: var("TRIBUNE_WINDOW_REMOTE_PASSWORD").unwrap_or_default(),
            })
        }
        None if stand_ins => Some(WindowConfig {
            url: format!("{}{WINDOW_STAND_IN_PATH}", public_url.trim_end_matches('/')),
            merchant_number: var("TRIBUNE_WINDOW_MERCHANT").unwrap_or_else(|| "1000001".into()),
            secret: var("TRIBUNE_WINDOW_SECRET").unwrap_or_else(|| {
                installation_secrets.push(InstallationSecret::Window);
                String::new()
            }),
            stand_in: true,
            remote_url: format!(
                "{}{WINDOW_STAND_IN_PATH}/remote",
                public_url.trim_end_matches('/')
            ),
            remote_password: String::new(),
        }),
        None => {
            if var("TRIBUNE_WINDOW_SECRET").is_some() || var("TRIBUNE_WINDOW_MERCHANT").is_some() {
                missing.push(format!(
                    "TRIBUNE_WINDOW_SECRET and TRIBUNE_WINDOW_MERCHANT need TRIBUNE_WINDOW_URL \
                     (the window's address), or {STAND_INS}=1 for the fake window"
                ));
            }
            None
        }
    };

    if !missing.is_empty() {
        anyhow::bail!(
            "the configuration is incomplete (no secret has a default): {}",
            missing.join("; ")
        );
    }
    Ok(Integrations {
        accounting,
        sms,
        qz,
        stripe,
        window,
        installation_secrets,
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    const PUBLIC_URL: &str = "https://klub.example.dk";

    fn decide(vars: &[(&str, &str)]) -> anyhow::Result<Integrations> {
        let vars: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        integrations(
            &|name: &str| vars.get(name).cloned().filter(|v| !v.trim().is_empty()),
            PUBLIC_URL,
        )
    }

    fn refused_naming(vars: &[(&str, &str)], variable: &str) {
        let err = decide(vars).expect_err("refused").to_string();
        assert!(err.contains(variable), "'{err}' should name {variable}");
    }

    const STAND_INS_ON: (&str, &str) = (STAND_INS, "1");

    #[test]
    fn nothing_configured_starts_with_no_card_provider_and_every_stand_in_without_a_secret() {
        let decided = decide(&[]).unwrap();
        assert_eq!(decided.window, None);
        assert_eq!(decided.stripe, None);
        assert_eq!(decided.accounting, AccountingSource::StandIn);
        assert_eq!(decided.sms, SmsSource::StandIn);
        assert_eq!(decided.qz, None);
        assert!(decided.installation_secrets.is_empty());
    }

    #[test]
    fn a_real_window_without_its_secret_or_merchant_is_refused_even_with_the_stand_ins() {
        let url = (
            "TRIBUNE_WINDOW_URL",
            "https://ssl.ditonlinebetalingssystem.dk/",
        );
        let merchant = ("TRIBUNE_WINDOW_MERCHANT", "8888");
        let secret = ("TRIBUNE_WINDOW_SECRET", "hemmelig");
        refused_naming(&[url, merchant], "TRIBUNE_WINDOW_SECRET");
        refused_naming(&[url, secret], "TRIBUNE_WINDOW_MERCHANT");
        refused_naming(&[url, merchant, STAND_INS_ON], "TRIBUNE_WINDOW_SECRET");
        let window = decide(&[url, merchant, secret]).unwrap().window.unwrap();
        assert_eq!(window.secret, "hemmelig");
        assert_eq!(window.merchant_number, "8888");
        assert!(!window.stand_in);
    }

    #[test]
    fn the_fake_window_runs_only_with_the_stand_ins_and_then_with_the_installation_s_secret() {
        // A secret without a window, or the fake window's address named, is refused.
        refused_naming(&[("TRIBUNE_WINDOW_SECRET", "x")], "TRIBUNE_WINDOW_URL");
        refused_naming(
            &[(
                "TRIBUNE_WINDOW_URL",
                "https://klub.example.dk/stand-ins/payment-window",
            )],
            STAND_INS,
        );
        let decided = decide(&[STAND_INS_ON]).unwrap();
        let window = decided.window.unwrap();
        assert!(window.stand_in);
        assert_eq!(
            window.url,
            "https://klub.example.dk/stand-ins/payment-window"
        );
        assert_eq!(window.secret, "", "filled in from the installation");
        assert_eq!(
            decided.installation_secrets,
            vec![InstallationSecret::Window]
        );
        // A secret given for the fake window is used as it is.
        let given = decide(&[STAND_INS_ON, ("TRIBUNE_WINDOW_SECRET", "egen")]).unwrap();
        assert_eq!(given.window.unwrap().secret, "egen");
        assert!(given.installation_secrets.is_empty());
    }

    #[test]
    fn stripe_without_its_webhook_secret_is_refused_unless_it_is_localstripe_with_the_stand_ins() {
        let key = ("TRIBUNE_STRIPE_SECRET_KEY", "sk_live_x");
        let localstripe = ("TRIBUNE_STRIPE_URL", "http://127.0.0.1:8420");
        let webhook = ("TRIBUNE_STRIPE_WEBHOOK_SECRET", "whsec_given");
        refused_naming(&[key], "TRIBUNE_STRIPE_WEBHOOK_SECRET");
        // The real Stripe's webhooks are never signed with a secret made up here.
        refused_naming(&[key, STAND_INS_ON], "TRIBUNE_STRIPE_WEBHOOK_SECRET");
        // Another address without the stand-ins is taken for a real Stripe.
        refused_naming(&[key, localstripe], "TRIBUNE_STRIPE_WEBHOOK_SECRET");
        let real = decide(&[key, webhook]).unwrap().stripe.unwrap();
        assert_eq!(real.webhook_secret, "whsec_given");
        assert!(!real.stand_in);

        let decided = decide(&[key, localstripe, STAND_INS_ON]).unwrap();
        let stand_in = decided.stripe.unwrap();
        assert!(stand_in.stand_in);
        assert_eq!(stand_in.webhook_secret, "");
        assert_eq!(
            decided.installation_secrets,
            vec![
                InstallationSecret::StripeWebhook,
                InstallationSecret::Window
            ]
        );
    }

    #[test]
    fn e_conomic_needs_both_tokens_and_the_stand_in_none() {
        let economic = ("TRIBUNE_ACCOUNTING", "economic");
        let secret = ("TRIBUNE_ECONOMIC_APP_SECRET", "app");
        let grant = ("TRIBUNE_ECONOMIC_AGREEMENT_GRANT", "grant");
        refused_naming(&[economic, grant], "TRIBUNE_ECONOMIC_APP_SECRET");
        refused_naming(&[economic, secret], "TRIBUNE_ECONOMIC_AGREEMENT_GRANT");
        refused_naming(
            &[economic, STAND_INS_ON],
            "TRIBUNE_ECONOMIC_AGREEMENT_GRANT",
        );
        assert_eq!(
            decide(&[economic, secret, grant]).unwrap().accounting,
            AccountingSource::Economic {
                url: "https://restapi.e-conomic.com".into(),
                app_secret: "app".into(),
                agreement_grant: "grant".into(),
            }
        );
        assert_eq!(
            decide(&[STAND_INS_ON]).unwrap().accounting,
            AccountingSource::StandIn
        );
    }

    #[test]
    fn the_sms_gateway_needs_its_url_and_token_and_the_stand_in_none() {
        let http = ("TRIBUNE_SMS", "http");
        let url = ("TRIBUNE_SMS_URL", "https://sms.example.dk/send");
        let token = ("TRIBUNE_SMS_TOKEN", "t0ken");
        refused_naming(&[http, url], "TRIBUNE_SMS_TOKEN");
        refused_naming(&[http, token], "TRIBUNE_SMS_URL");
        refused_naming(&[http, url, STAND_INS_ON], "TRIBUNE_SMS_TOKEN");
        assert_eq!(
            decide(&[http, url, token]).unwrap().sms,
            SmsSource::Http {
                url: "https://sms.example.dk/send".into(),
                token: "t0ken".into(),
            }
        );
        assert_eq!(decide(&[STAND_INS_ON]).unwrap().sms, SmsSource::StandIn);
    }

    #[test]
    fn the_qz_certificate_and_key_go_together() {
        let cert = ("TRIBUNE_QZ_CERT", "/etc/tribune/qz.crt");
        let key = ("TRIBUNE_QZ_KEY", "/etc/tribune/qz.key");
        refused_naming(&[cert], "TRIBUNE_QZ_KEY");
        refused_naming(&[key], "TRIBUNE_QZ_CERT");
        refused_naming(&[key, STAND_INS_ON], "TRIBUNE_QZ_CERT");
        assert_eq!(
            decide(&[cert, key]).unwrap().qz,
            Some(QzFiles {
                certificate: "/etc/tribune/qz.crt".into(),
                key: "/etc/tribune/qz.key".into(),
            })
        );
    }

    fn vars(vars: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let vars: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |name: &str| vars.get(name).cloned().filter(|v| !v.trim().is_empty())
    }

    #[test]
    fn files_stay_in_the_local_directory_unless_s3_is_chosen() {
        assert_eq!(
            storage(&vars(&[])).unwrap(),
            StorageConfig::Local(".data/files".into())
        );
        assert_eq!(
            storage(&vars(&[
                ("TRIBUNE_STORAGE", "local"),
                ("TRIBUNE_FILES_DIR", "/srv/tribune/files"),
                ("TRIBUNE_S3_BUCKET", "ignored"),
            ]))
            .unwrap(),
            StorageConfig::Local("/srv/tribune/files".into())
        );
        let err = storage(&vars(&[("TRIBUNE_STORAGE", "ftp")]))
            .unwrap_err()
            .to_string();
        assert!(err.contains("TRIBUNE_STORAGE"), "{err}");
    }

    #[test]
    fn s3_needs_its_bucket_and_both_keys_and_names_every_missing_one() {
        let err = storage(&vars(&[
            ("TRIBUNE_STORAGE", "s3"),
            ("TRIBUNE_S3_ACCESS_KEY_ID", "id"),
        ]))
        .unwrap_err()
        .to_string();
        for variable in ["TRIBUNE_S3_BUCKET", "TRIBUNE_S3_SECRET_ACCESS_KEY"] {
            assert!(err.contains(variable), "{err}");
        }
        assert!(!err.contains("TRIBUNE_S3_ACCESS_KEY_ID"), "{err}");

        let s3 = [
            ("TRIBUNE_STORAGE", "s3"),
            ("TRIBUNE_S3_BUCKET", "tribune"),
            ("TRIBUNE_S3_ACCESS_KEY_ID", "id"),
            ("TRIBUNE_S3_SECRET_ACCESS_KEY", "hemmelig"),
        ];
        assert_eq!(
            storage(&vars(&s3)).unwrap(),
            StorageConfig::S3 {
                bucket: "tribune".into(),
                endpoint: None,
                region: "us-east-1".into(),
                access_key_id: "id".into(),
                secret_access_key: "hemmelig".into(),
                allow_http: false,
            }
        );
        let stand_in = [
            s3.as_slice(),
            &[
                ("TRIBUNE_S3_ENDPOINT", "http://127.0.0.1:9000"),
                ("TRIBUNE_S3_REGION", "eu-north-1"),
            ],
        ]
        .concat();
        let err = storage(&vars(&stand_in)).unwrap_err().to_string();
        assert!(err.contains("TRIBUNE_S3_ALLOW_HTTP"), "{err}");
        let allowed = [stand_in.as_slice(), &[("TRIBUNE_S3_ALLOW_HTTP", "1")]].concat();
        let StorageConfig::S3 {
            endpoint,
            region,
            allow_http,
            ..
        } = storage(&vars(&allowed)).unwrap()
        else {
            panic!("s3")
        };
        assert_eq!(endpoint.as_deref(), Some("http://127.0.0.1:9000"));
        assert_eq!(region, "eu-north-1");
        assert!(allow_http);
        let bad = [allowed.as_slice(), &[("TRIBUNE_S3_ALLOW_HTTP", "ja")]].concat();
        assert!(storage(&vars(&bad)).is_err());
    }

    #[test]
    fn a_node_is_named_by_its_variable_or_its_host_and_port() {
        assert_eq!(
            node_name(&vars(&[("TRIBUNE_NODE", "node-2")]), 8080).unwrap(),
            "node-2"
        );
        let default = node_name(&vars(&[]), 8081).unwrap();
        assert!(default.ends_with(":8081"), "{default}");
        assert!(default.len() > ":8081".len(), "{default}");
        let err = node_name(&vars(&[("TRIBUNE_NODE", "nøde\n1")]), 8080)
            .unwrap_err()
            .to_string();
        assert!(err.contains("TRIBUNE_NODE"), "{err}");
    }

    #[test]
    fn the_log_format_is_text_or_json() {
        assert_eq!("text".parse::<LogFormat>(), Ok(LogFormat::Text));
        assert_eq!("json".parse::<LogFormat>(), Ok(LogFormat::Json));
        assert!("xml".parse::<LogFormat>().unwrap_err().contains("'xml'"));
    }

    #[test]
    fn every_missing_secret_is_named_at_once_and_a_bad_switch_is_refused() {
        let err = decide(&[
            ("TRIBUNE_SMS", "http"),
            ("TRIBUNE_STRIPE_SECRET_KEY", "sk_live_x"),
        ])
        .unwrap_err()
        .to_string();
        for variable in [
            "TRIBUNE_SMS_URL",
            "TRIBUNE_SMS_TOKEN",
            "TRIBUNE_STRIPE_WEBHOOK_SECRET",
        ] {
            assert!(err.contains(variable), "{err}");
        }
        refused_naming(&[(STAND_INS, "ja")], STAND_INS);
    }
}
