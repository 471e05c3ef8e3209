//! Reads from the standby (ARCHITECTURE §10, "which calls read where"): a route registered with
//! `.stale_ok()` may read a PostgreSQL hot standby when one is configured
//! (`TRIBUNE_REPLICA_DATABASE_URL`); everything else reads the primary.
//!
//! - [`ReplicaWatch`] looks at the standby every 500 ms ([`watch_until_stopped`]): how far its
//!   replay is, and how far behind the primary that is.
//! - [`choose`] decides one read: the primary when there is no standby, it does not answer, it is
//!   more than `TRIBUNE_REPLICA_MAX_LAG_MS` behind, or it has not yet replayed what the caller
//!   wrote last (the `tribune_lsn` cookie).
//! - The extractor [`Reads`] gives a handler the pool to read from: the standby's only on a
//!   route marked stale-tolerant, and only when [`choose`] says so.
//! - The middleware [`remember_writes`] gives the caller of a write the primary's WAL position
//!   (cookie `tribune_lsn`, one minute), so their next reads wait for the standby to have it,
//!   and says in `X-Tribune-Read` where a request's reads went.
//!
//! A handler on a stale-tolerant route must never write: the standby is read-only. The HTTP
//! tests read from the same database through a read-only connection, so a write there fails.

use std::future::{ready, Ready};
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use actix_web::body::MessageBody;
use actix_web::cookie::{time, Cookie, SameSite};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::{web, FromRequest, HttpMessage, HttpRequest};
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::PgPool;
use tokio::sync::watch;

use crate::error::ApiError;
use crate::metrics::Metrics;
use crate::state::AppState;

/// The answer's header that says where a request's reads went.
pub const READ_HEADER: &str = "x-tribune-read";
/// The primary's WAL position after the caller's last write.
pub const LSN_COOKIE: &str = "tribune_lsn";
/// How long a write makes its writer's reads wait for the standby: far longer than a healthy
/// standby's lag, short enough that a stale cookie stops costing the primary soon.
const LSN_COOKIE_SECONDS: i64 = 60;
/// How often the standby is looked at.
pub const WATCH_EVERY: Duration = Duration::from_millis(500);
/// A look that takes longer than this finds the standby unhealthy.
const LOOK_TIMEOUT: Duration = Duration::from_secs(2);
/// How long a request waits for a standby connection before it fails.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(5);

/// A position in PostgreSQL's write-ahead log (`pg_lsn`, written `16/B374D848`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Lsn(pub u64);

impl Lsn {
    /// Past every position: what a database that replays nothing (it is not a standby, it is in
    /// sync) has "replayed".
    pub const END: Lsn = Lsn(u64::MAX);

    /// `hi/lo`, both hexadecimal of at most 32 bits, as PostgreSQL writes a `pg_lsn`.
    pub fn parse(text: &str) -> Option<Lsn> {
        let (hi, lo) = text.trim().split_once('/')?;
        let hex = |part: &str| {
            if part.is_empty() || part.len() > 8 {
                None
            } else {
                u32::from_str_radix(part, 16).ok()
            }
        };
        Some(Lsn((u64::from(hex(hi)?) << 32) | u64::from(hex(lo)?)))
    }
}

impl std::fmt::Display for Lsn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:X}/{:X}", self.0 >> 32, self.0 & 0xFFFF_FFFF)
    }
}

impl FromStr for Lsn {
    type Err = String;

    fn from_str(text: &str) -> Result<Lsn, String> {
        Lsn::parse(text).ok_or_else(|| format!("not a WAL position: '{text}'"))
    }
}

/// Which database a read goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadFrom {
    Primary,
    Standby,
}

impl ReadFrom {
    /// Its name in `X-Tribune-Read` and in `tribune_reads_total{target}`.
    pub fn name(self) -> &'static str {
        match self {
            ReadFrom::Primary => "primary",
            ReadFrom::Standby => "standby",
        }
    }
}

/// Whether a route's reads may be stale (`Routes::stale_ok`). A stale-tolerant route has it in
/// its request's extensions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ReadPolicy {
    /// Reads the primary: decides availability or money, edits, or writes.
    #[default]
    Primary,
    /// May read the standby: lists, exports, dashboards, public pages.
    StaleOk,
}

/// The standby as last looked at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standby {
    /// It answered the last look.
    pub healthy: bool,
    /// How far it has replayed the primary's log ([`Lsn::END`]: it is not replaying, it is in
    /// sync).
    pub replayed: Lsn,
    /// How far its replay is behind the primary's commits (zero when it has replayed the
    /// primary's head).
    pub lag: Duration,
}

/// Where one read goes: the standby only when it answers, is at most `max_lag` behind and has
/// replayed the caller's last write (`cookie`); else the primary. `standby` is None without one.
pub fn choose(standby: Option<Standby>, cookie: Option<Lsn>, max_lag: Duration) -> ReadFrom {
    let Some(standby) = standby else {
        return ReadFrom::Primary;
    };
    if !standby.healthy {
        return ReadFrom::Primary;
    }
    if cookie.is_some_and(|written| standby.replayed < written) {
        return ReadFrom::Primary;
    }
    if standby.lag > max_lag {
        return ReadFrom::Primary;
    }
    ReadFrom::Standby
}

/// The standby's state, refreshed by [`watch_until_stopped`] and read by every stale-tolerant
/// request. Unhealthy until the first look.
///
/// Looks may overlap (the watcher's and one a caller asks for with [`ReplicaWatch::refresh`]):
/// each takes a number when it starts, and a look's finding is kept only when no look that
/// started later has been kept already, so a slow look never puts back an older state.
#[derive(Debug, Default)]
pub struct ReplicaWatch {
    looks: AtomicU64,
    seen: Mutex<Seen>,
}

/// The last finding kept, and the number of the look that found it.
#[derive(Debug, Default)]
struct Seen {
    look: u64,
    standby: Option<Standby>,
}

impl ReplicaWatch {
    pub fn snapshot(&self) -> Standby {
        let seen = self.seen.lock().unwrap_or_else(PoisonError::into_inner);
        seen.standby.unwrap_or(Standby {
            healthy: false,
            replayed: Lsn(0),
            lag: Duration::ZERO,
        })
    }

    /// Keeps look `look`'s finding unless a later look's is kept; whether it was kept.
    fn keep(&self, look: u64, standby: Standby) -> bool {
        let mut seen = self.seen.lock().unwrap_or_else(PoisonError::into_inner);
        if seen.look > look {
            return false;
        }
        seen.look = look;
        seen.standby = Some(standby);
        true
    }

    /// Looks at the standby once; a look that fails or takes too long marks it unhealthy.
    pub async fn refresh(&self, primary: &PgPool, replica: &PgPool, metrics: &Metrics) {
        let look = self.looks.fetch_add(1, Ordering::AcqRel) + 1;
        let was_healthy = self.snapshot().healthy;
        let found = match tokio::time::timeout(LOOK_TIMEOUT, look_at(primary, replica)).await {
            Ok(Ok(standby)) => Ok(standby),
            Ok(Err(err)) => Err(err.to_string()),
            Err(_) => Err(format!("no answer within {LOOK_TIMEOUT:?}")),
        };
        match found {
            Ok(standby) => {
                if !self.keep(look, standby) {
                    return;
                }
                if !was_healthy {
                    tracing::info!(replayed = %standby.replayed, lag_ms = standby.lag.as_millis(),
                        "the standby answers: stale-tolerant reads may go to it");
                }
                metrics.set_replica_lag(if standby.lag == Duration::MAX {
                    f64::INFINITY
                } else {
                    standby.lag.as_secs_f64()
                });
            }
            Err(why) => {
                let last = self.snapshot();
                let unhealthy = Standby {
                    healthy: false,
                    ..last
                };
                if self.keep(look, unhealthy) && was_healthy {
                    tracing::warn!("the standby is not read: {why}");
                }
            }
        }
    }
}

/// The primary's head first, then the standby's replay: a standby that has replayed the head
/// as it was a moment ago is in sync, however long ago its last replayed commit was (an idle
/// primary commits nothing, and `now() - pg_last_xact_replay_timestamp()` grows).
async fn look_at(primary: &PgPool, replica: &PgPool) -> Result<Standby, anyhow::Error> {
    let head = head_lsn(primary).await?;
    let (replayed, seconds): (Option<String>, Option<f64>) = sqlx::query_as(
        "SELECT pg_last_wal_replay_lsn()::text, \
                extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8",
    )
    .fetch_one(replica)
    .await?;
    let Some(replayed) = replayed else {
        // Not in recovery: not a standby but the primary (or a copy of it), in sync.
        return Ok(Standby {
            healthy: true,
            replayed: Lsn::END,
            lag: Duration::ZERO,
        });
    };
    let replayed: Lsn = replayed.parse().map_err(anyhow::Error::msg)?;
    let lag = if replayed >= head {
        Duration::ZERO
    } else {
        // Behind with no commit replayed since it started: how far is unknown.
        seconds.map_or(Duration::MAX, |s| {
            Duration::try_from_secs_f64(s.max(0.0)).unwrap_or(Duration::MAX)
        })
    };
    Ok(Standby {
        healthy: true,
        replayed,
        lag,
    })
}

/// The primary's current WAL position: how far its log is written out, what a standby can
/// have replayed.
async fn head_lsn(primary: &PgPool) -> Result<Lsn, anyhow::Error> {
    lsn_of(primary, "SELECT pg_current_wal_lsn()::text").await
}

/// The position past every record the primary has inserted, the caller's finished write's
/// commit among them. With `synchronous_commit = off` a commit returns before its record is
/// written out, so the written position (`head_lsn`) may still be before it: a standby that
/// had replayed that far would not have the write.
async fn inserted_lsn(primary: &PgPool) -> Result<Lsn, anyhow::Error> {
    lsn_of(primary, "SELECT pg_current_wal_insert_lsn()::text").await
}

async fn lsn_of(primary: &PgPool, sql: &'static str) -> Result<Lsn, anyhow::Error> {
    let lsn: String = sqlx::query_scalar(sql).fetch_one(primary).await?;
    lsn.parse().map_err(anyhow::Error::msg)
}

/// The standby's pool: connected when first used, so a standby that is down when the node
/// starts only leaves it unhealthy.
pub fn replica_pool(options: PgConnectOptions, max_connections: u32) -> PgPool {
    PgPoolOptions::new()
        .max_connections(max_connections)
        .acquire_timeout(ACQUIRE_TIMEOUT)
        .connect_lazy_with(options)
}

/// Looks at the standby every [`WATCH_EVERY`] until `stop`.
pub async fn watch_until_stopped(
    primary: PgPool,
    replica: PgPool,
    watch: Arc<ReplicaWatch>,
    metrics: Arc<Metrics>,
    mut stop: watch::Receiver<bool>,
) {
    let mut every = tokio::time::interval(WATCH_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = every.tick() => watch.refresh(&primary, &replica, &metrics).await,
            _ = stop.changed() => return,
        }
    }
}

/// The pool a handler reads from, and where that is.
pub struct Reads {
    pool: PgPool,
    from: ReadFrom,
}

impl Reads {
    /// The standby's pool when this read may be stale and the standby may serve it; else the
    /// primary's.
    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    pub fn from(&self) -> ReadFrom {
        self.from
    }
}

/// The caller's last write's position, if they sent one.
fn written(req: &HttpRequest) -> Option<Lsn> {
    req.cookie(LSN_COOKIE)
        .and_then(|cookie| Lsn::parse(cookie.value()))
}

impl FromRequest for Reads {
    type Error = ApiError;
    type Future = Ready<Result<Reads, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let Some(state) = req.app_data::<web::Data<AppState>>() else {
            return ready(Err(ApiError::internal(anyhow::anyhow!(
                "no application state"
            ))));
        };
        let stale_ok = req.extensions().get::<ReadPolicy>() == Some(&ReadPolicy::StaleOk);
        let (pool, from) = match &state.replica {
            Some(replica) if stale_ok => {
                let max_lag = Duration::from_millis(state.settings.replica_max_lag_ms);
                match choose(Some(state.replica_watch.snapshot()), written(req), max_lag) {
                    ReadFrom::Standby => (replica.clone(), ReadFrom::Standby),
                    ReadFrom::Primary => (state.pool.clone(), ReadFrom::Primary),
                }
            }
            _ => (state.pool.clone(), ReadFrom::Primary),
        };
        state.metrics.read_from(from.name());
        req.extensions_mut().insert(from);
        ready(Ok(Reads { pool, from }))
    }
}

/// Middleware: after a write the caller made (not on a stale-tolerant route, an unsafe method,
/// answered below 400) and only when a standby is configured, sets the cookie `tribune_lsn` to
/// the primary's WAL position, so the caller's reads go to the primary until the standby has
/// replayed their write. Also says in `X-Tribune-Read` where the request's reads went, when it
/// read through [`Reads`].
pub async fn remember_writes(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let write = matches!(
        *req.method(),
        Method::POST | Method::PUT | Method::PATCH | Method::DELETE
    );
    let mut response = next.call(req).await?;
    let (from, policy) = {
        let extensions = response.request().extensions();
        (
            extensions.get::<ReadFrom>().copied(),
            extensions.get::<ReadPolicy>().copied().unwrap_or_default(),
        )
    };
    if let Some(from) = from {
        response.headers_mut().insert(
            HeaderName::from_static(READ_HEADER),
            HeaderValue::from_static(from.name()),
        );
    }
    let Some(state) = state.filter(|state| state.replica.is_some()) else {
        return Ok(response);
    };
    if write && policy == ReadPolicy::Primary && response.status().as_u16() < 400 {
        match inserted_lsn(&state.pool).await {
            Ok(head) => {
                let cookie = lsn_cookie(head, state.settings.secure_cookies);
                if let Err(err) = response.response_mut().add_cookie(&cookie) {
                    tracing::warn!("the write's position cannot be sent: {err}");
                }
            }
            // The write is done; without the cookie the caller may only read it a moment late.
            Err(err) => tracing::warn!("the primary's WAL position cannot be read: {err}"),
        }
    }
    Ok(response)
}

fn lsn_cookie(head: Lsn, secure: bool) -> Cookie<'static> {
    Cookie::build(LSN_COOKIE, head.to_string())
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure)
        .max_age(time::Duration::seconds(LSN_COOKIE_SECONDS))
        .finish()
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)] // tests may (STYLE.md)
mod tests {
    use super::*;

    const MAX_LAG: Duration = Duration::from_secs(5);

    fn standby(replayed: &str, lag_ms: u64) -> Option<Standby> {
        Some(Standby {
            healthy: true,
            replayed: Lsn::parse(replayed).unwrap(),
            lag: Duration::from_millis(lag_ms),
        })
    }

    #[test]
    fn a_wal_position_is_its_high_half_shifted_past_its_low_half() {
        assert_eq!(
            Lsn::parse("16/B374D848"),
            Some(Lsn((0x16 << 32) | 0xB374_D848))
        );
        assert_eq!(Lsn::parse("0/0"), Some(Lsn(0)));
        assert_eq!(Lsn::parse("FFFFFFFF/FFFFFFFF"), Some(Lsn(u64::MAX)));
        assert!(Lsn::parse("0/3000000") < Lsn::parse("1/0"));
        for bad in [
            "",
            "16",
            "16/",
            "/B374D848",
            "x/1",
            "1/2/3",
            "100000000/0",
            "-1/0",
        ] {
            assert_eq!(Lsn::parse(bad), None, "{bad}");
        }
        assert_eq!(
            Lsn::parse("16/B374D848").unwrap().to_string(),
            "16/B374D848"
        );
        assert_eq!(Lsn(5).to_string(), "0/5");
    }

    #[test]
    fn without_a_standby_everything_reads_the_primary() {
        assert_eq!(choose(None, None, MAX_LAG), ReadFrom::Primary);
    }

    #[test]
    fn a_standby_that_did_not_answer_is_not_read() {
        let sick = Standby {
            healthy: false,
            ..standby("1/0", 0).unwrap()
        };
        assert_eq!(choose(Some(sick), None, MAX_LAG), ReadFrom::Primary);
    }

    #[test]
    fn the_writer_reads_the_primary_until_the_standby_has_replayed_their_write() {
        let written = Lsn::parse("1/500");
        assert_eq!(
            choose(standby("1/4FF", 0), written, MAX_LAG),
            ReadFrom::Primary
        );
        assert_eq!(
            choose(standby("1/500", 0), written, MAX_LAG),
            ReadFrom::Standby
        );
        assert_eq!(
            choose(standby("2/0", 0), written, MAX_LAG),
            ReadFrom::Standby
        );
    }

    #[test]
    fn a_standby_too_far_behind_is_not_read() {
        assert_eq!(
            choose(standby("1/0", 5_001), None, MAX_LAG),
            ReadFrom::Primary
        );
        assert_eq!(
            choose(standby("1/0", 5_000), None, MAX_LAG),
            ReadFrom::Standby
        );
    }

    #[test]
    fn a_healthy_standby_in_time_serves_a_caller_who_wrote_nothing() {
        assert_eq!(choose(standby("1/0", 20), None, MAX_LAG), ReadFrom::Standby);
    }

    #[test]
    fn a_database_that_replays_nothing_has_everything() {
        let in_sync = Some(Standby {
            healthy: true,
            replayed: Lsn::END,
            lag: Duration::ZERO,
        });
        assert_eq!(
            choose(in_sync, Lsn::parse("FFFF/FFFFFFFF"), MAX_LAG),
            ReadFrom::Standby
        );
    }

    #[test]
    fn the_watch_is_unhealthy_until_it_has_looked() {
        let watch = ReplicaWatch::default();
        assert!(!watch.snapshot().healthy);
        assert!(watch.keep(1, standby("1/0", 7).unwrap()));
        assert_eq!(watch.snapshot(), standby("1/0", 7).unwrap());
    }

    #[test]
    fn a_slow_look_never_puts_back_what_a_later_look_replaced() {
        let watch = ReplicaWatch::default();
        // Look 2 started after look 1 and finished first: look 1's older finding is dropped.
        assert!(watch.keep(2, standby("2/0", 1_000).unwrap()));
        assert!(!watch.keep(1, standby("1/0", 30_000).unwrap()));
        assert_eq!(watch.snapshot(), standby("2/0", 1_000).unwrap());
        assert!(watch.keep(3, standby("3/0", 0).unwrap()));
        assert_eq!(watch.snapshot(), standby("3/0", 0).unwrap());
    }

    #[test]
    fn the_cookie_carries_the_position_for_a_minute_to_this_site_only() {
        let cookie = lsn_cookie(Lsn::parse("16/B374D848").unwrap(), true);
        assert_eq!(cookie.value(), "16/B374D848");
        assert_eq!(cookie.http_only(), Some(true));
        assert_eq!(cookie.same_site(), Some(SameSite::Lax));
        assert_eq!(cookie.secure(), Some(true));
        assert_eq!(cookie.max_age(), Some(time::Duration::seconds(60)));
    }
}
