//! What a node tells Prometheus (`GET /metrics`, the text format; ARCHITECTURE §10).
//!
//! Counters and histograms are bumped where things happen (the `track` middleware for requests,
//! the job runner for failures, the mailer for mails, the read router for reads); the gauges of
//! the database's state are read when Prometheus scrapes, so they cost nothing between scrapes.
//! Each `AppState` has its own registry: two nodes in one test process never mix their counts
//! (the reason for the `prometheus` crate rather than a process-wide recorder).

use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{web, HttpRequest, HttpResponse};
use prometheus::{
    Encoder, Gauge, HistogramOpts, HistogramVec, IntCounterVec, IntGauge, IntGaugeVec, Opts,
    Registry, TextEncoder,
};
use sqlx::PgPool;
use tribune_projections::db::system_tx;
use tribune_projections::registry;

use crate::error::ApiError;
use crate::identity::client_ip::TrustedProxies;
use crate::state::AppState;

/// Latency buckets, in seconds: 5 ms to 10 s.
const BUCKETS: &[f64] = &[
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// How many events behind the head a projector's lag is counted to (a scrape stays cheap).
const LAG_CAP: i64 = 100_000;

/// How many events under sale get their own places and holds series.
const EVENTS_SHOWN: i64 = 50;

pub struct Metrics {
    registry: Registry,
    http_requests: IntCounterVec,
    http_seconds: HistogramVec,
    jobs_failed: IntCounterVec,
    mails_sent: IntCounterVec,
    reads: IntCounterVec,
    pool_connections: IntGaugeVec,
    pool_max: IntGaugeVec,
    jobs_due: IntGaugeVec,
    jobs_dead: IntGauge,
    projector_lag: IntGaugeVec,
    places_taken: IntGaugeVec,
    places_limit: IntGaugeVec,
    holds_live: IntGaugeVec,
    replica_lag: Gauge,
    draining: IntGauge,
}

fn counter(registry: &Registry, name: &str, help: &str, labels: &[&str]) -> IntCounterVec {
    let metric = IntCounterVec::new(Opts::new(name, help), labels).unwrap_or_else(|e| bad(name, e));
    registry
        .register(Box::new(metric.clone()))
        .unwrap_or_else(|e| bad(name, e));
    metric
}

fn gauges(registry: &Registry, name: &str, help: &str, labels: &[&str]) -> IntGaugeVec {
    let metric = IntGaugeVec::new(Opts::new(name, help), labels).unwrap_or_else(|e| bad(name, e));
    registry
        .register(Box::new(metric.clone()))
        .unwrap_or_else(|e| bad(name, e));
    metric
}

fn gauge(registry: &Registry, name: &str, help: &str) -> IntGauge {
    let metric = IntGauge::new(name, help).unwrap_or_else(|e| bad(name, e));
    registry
        .register(Box::new(metric.clone()))
        .unwrap_or_else(|e| bad(name, e));
    metric
}

/// A metric's name or labels are constants of this file: a bad one is a programming error that
/// the unit test below meets first.
#[allow(clippy::panic)]
fn bad<T>(name: &str, error: prometheus::Error) -> T {
    panic!("metric {name}: {error}")
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics::new()
    }
}

impl Metrics {
    pub fn new() -> Metrics {
        let registry = Registry::new();
        let http_seconds = HistogramVec::new(
            HistogramOpts::new(
                "tribune_http_request_duration_seconds",
                "Time to answer a request, by route pattern and method.",
            )
            .buckets(BUCKETS.to_vec()),
            &["route", "method"],
        )
        .unwrap_or_else(|e| bad("tribune_http_request_duration_seconds", e));
        registry
            .register(Box::new(http_seconds.clone()))
            .unwrap_or_else(|e| bad("tribune_http_request_duration_seconds", e));
        let replica_lag = Gauge::new(
            "tribune_replica_lag_seconds",
            "How far the standby's replay is behind (0 without a standby).",
        )
        .unwrap_or_else(|e| bad("tribune_replica_lag_seconds", e));
        registry
            .register(Box::new(replica_lag.clone()))
            .unwrap_or_else(|e| bad("tribune_replica_lag_seconds", e));
        Metrics {
            http_requests: counter(
                &registry,
                "tribune_http_requests_total",
                "Requests answered, by route pattern, method and status.",
                &["route", "method", "status"],
            ),
            http_seconds,
            jobs_failed: counter(
                &registry,
                "tribune_jobs_failed_total",
                "Job attempts that failed, by job method.",
                &["method"],
            ),
            mails_sent: counter(
                &registry,
                "tribune_mails_sent_total",
                "Mails handed to the SMTP server.",
                &["outcome"],
            ),
            reads: counter(
                &registry,
                "tribune_reads_total",
                "Reads that may be stale, by the database that answered (primary or standby).",
                &["target"],
            ),
            pool_connections: gauges(
                &registry,
                "tribune_db_pool_connections",
                "The node's database connections, by pool and state (idle or busy).",
                &["pool", "state"],
            ),
            pool_max: gauges(
                &registry,
                "tribune_db_pool_max",
                "The most connections a pool opens.",
                &["pool"],
            ),
            jobs_due: gauges(
                &registry,
                "tribune_jobs_due",
                "Jobs waiting whose time has come, by job method.",
                &["method"],
            ),
            jobs_dead: gauge(
                &registry,
                "tribune_jobs_dead",
                "Jobs that failed for good (no attempts left).",
            ),
            projector_lag: gauges(
                &registry,
                "tribune_projector_lag_events",
                "Events an asynchronous projection has not applied yet (counted to 100000).",
                &["projection"],
            ),
            places_taken: gauges(
                &registry,
                "tribune_event_places_taken",
                "Places taken of an event under sale (held or sold).",
                &["event"],
            ),
            places_limit: gauges(
                &registry,
                "tribune_event_places_limit",
                "The places an event under sale has (absent: no limit).",
                &["event"],
            ),
            holds_live: gauges(
                &registry,
                "tribune_event_holds_live",
                "Holds of an event under sale that still keep places for an unpaid order.",
                &["event"],
            ),
            replica_lag,
            draining: gauge(
                &registry,
                "tribune_node_draining",
                "1 while the node drains before it stops.",
            ),
            registry,
        }
    }

    pub fn job_failed(&self, method: &str) {
        self.jobs_failed.with_label_values(&[method]).inc();
    }

    pub fn mail_sent(&self, delivered: bool) {
        let outcome = if delivered { "sent" } else { "failed" };
        self.mails_sent.with_label_values(&[outcome]).inc();
    }

    pub fn read_from(&self, target: &str) {
        self.reads.with_label_values(&[target]).inc();
    }

    pub fn set_replica_lag(&self, seconds: f64) {
        self.replica_lag.set(seconds);
    }

    fn request(&self, route: &str, method: &str, status: u16, seconds: f64) {
        self.http_requests
            .with_label_values(&[route, method, &status.to_string()])
            .inc();
        self.http_seconds
            .with_label_values(&[route, method])
            .observe(seconds);
    }

    fn pool(&self, name: &str, pool: &PgPool) {
        let size = i64::from(pool.size());
        let idle = i64::try_from(pool.num_idle()).unwrap_or(i64::MAX);
        self.pool_connections
            .with_label_values(&[name, "idle"])
            .set(idle);
        self.pool_connections
            .with_label_values(&[name, "busy"])
            .set((size - idle).max(0));
        self.pool_max
            .with_label_values(&[name])
            .set(i64::from(pool.options().get_max_connections()));
    }

    /// The gauges of the database's state, read now.
    async fn read_state(&self, state: &AppState) -> Result<(), sqlx::Error> {
        self.pool("primary", &state.pool);
        if let Some(replica) = &state.replica {
            self.pool("standby", replica);
        }
        self.draining
            .set(i64::from(state.draining.load(Ordering::Relaxed)));
        let mut tx = system_tx(&state.pool).await?;

        let due: Vec<(String, i64)> = sqlx::query_as(
            "SELECT method, count(*) FROM jobs WHERE pending AND scheduled_at <= now() GROUP BY method",
        )
        .fetch_all(&mut *tx)
        .await?;
        self.jobs_due.reset();
        for (method, count) in due {
            self.jobs_due.with_label_values(&[&method]).set(count);
        }
        let dead: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM jobs WHERE NOT pending AND NOT succeeded AND attempts >= max_attempts",
        )
        .fetch_one(&mut *tx)
        .await?;
        self.jobs_dead.set(dead);

        for projection in registry::asynchronous() {
            let types: Vec<String> = projection
                .aggregate_types()
                .iter()
                .map(|t| t.to_string())
                .collect();
            let lag: i64 = sqlx::query_scalar(
                "SELECT count(*) FROM (SELECT 1 FROM events e, projection_checkpoints c \
                 WHERE c.projection = $1 AND (e.tx_id, e.global_position) > (c.tx_id, c.global_position) \
                   AND e.aggregate_type = ANY($2) LIMIT $3) behind",
            )
            .bind(projection.name())
            .bind(&types)
            .bind(LAG_CAP)
            .fetch_one(&mut *tx)
            .await?;
            self.projector_lag
                .with_label_values(&[projection.name()])
                .set(lag);
        }

        let events: Vec<(String, Option<i32>, Option<i32>, i64)> = sqlx::query_as(
            "SELECT e.id::text, e.max_signups, c.taken, \
                    (SELECT count(*) FROM capacity_holds h WHERE h.scope = e.id \
                       AND h.released_at IS NULL AND h.expires_at > now()) \
             FROM club_events e LEFT JOIN capacity_counters c ON c.key = 'event:' || e.id \
             WHERE e.sign_up_deadline > now() AND e.sign_up_start <= now() \
             ORDER BY e.start_date LIMIT $1",
        )
        .bind(EVENTS_SHOWN)
        .fetch_all(&mut *tx)
        .await?;
        tx.commit().await?;
        self.places_taken.reset();
        self.places_limit.reset();
        self.holds_live.reset();
        for (event, limit, taken, holds) in events {
            self.places_taken
                .with_label_values(&[&event])
                .set(i64::from(taken.unwrap_or(0)));
            if let Some(limit) = limit {
                self.places_limit
                    .with_label_values(&[&event])
                    .set(i64::from(limit));
            }
            self.holds_live.with_label_values(&[&event]).set(holds);
        }
        Ok(())
    }

    fn encode(&self) -> Result<Vec<u8>, prometheus::Error> {
        let mut buffer = Vec::new();
        TextEncoder::new().encode(&self.registry.gather(), &mut buffer)?;
        Ok(buffer)
    }
}

/// Times every request and counts it by its route's pattern (`/api/orders/{id}`, never the ids),
/// or `spa` for the webapp's pages and files.
pub async fn track(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let method = req.method().to_string();
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let result = next.call(req).await;
    if let Some(state) = state {
        let seconds = started.elapsed().as_secs_f64();
        match &result {
            Ok(response) => {
                let route = response
                    .request()
                    .match_pattern()
                    .unwrap_or_else(|| "spa".to_string());
                state
                    .metrics
                    .request(&route, &method, response.status().as_u16(), seconds);
            }
            Err(error) => {
                let status = error.as_response_error().status_code().as_u16();
                state.metrics.request("refused", &method, status, seconds);
            }
        }
    }
    result
}

/// GET /metrics: the node's metrics in Prometheus' text format, to this machine and to
/// `TRIBUNE_METRICS_FROM` only (the peer address, never a forwarded one). The balancer never
/// forwards it either (docs/deploy.md).
#[utoipa::path(get, path = "/metrics", tag = "service",
    responses((status = 200, description = "Prometheus text format 0.0.4", content_type = "text/plain", body = String),
        (status = 403, description = "not from this machine or TRIBUNE_METRICS_FROM")))]
pub async fn metrics(
    req: HttpRequest,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    if !may_read(
        req.peer_addr().map(|a| a.ip()),
        &state.settings.metrics_from,
    ) {
        return Err(ApiError::Forbidden);
    }
    if let Err(error) = state.metrics.read_state(&state).await {
        // The request and job series still say something when the database does not answer.
        tracing::warn!(%error, "metrics: the database's state could not be read");
    }
    let body = state.metrics.encode().map_err(ApiError::internal)?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .body(body))
}

/// Whether PEER may read the metrics: this machine, or an address of `TRIBUNE_METRICS_FROM`.
fn may_read(peer: Option<IpAddr>, from: &TrustedProxies) -> bool {
    peer.is_some_and(|ip| ip.is_loopback() || from.contains(ip))
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Metrics")
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    #[test]
    fn every_family_is_named_in_the_text_format() {
        let metrics = Metrics::new();
        metrics.request("/api/orders/{id}", "GET", 200, 0.012);
        metrics.job_failed("SendMail");
        metrics.mail_sent(true);
        metrics.read_from("standby");
        let text = String::from_utf8(metrics.encode().unwrap()).unwrap();
        for name in [
            "tribune_http_requests_total{method=\"GET\",route=\"/api/orders/{id}\",status=\"200\"} 1",
            "tribune_http_request_duration_seconds_bucket{method=\"GET\",route=\"/api/orders/{id}\",le=\"0.025\"} 1",
            "tribune_jobs_failed_total{method=\"SendMail\"} 1",
            "tribune_mails_sent_total{outcome=\"sent\"} 1",
            "tribune_reads_total{target=\"standby\"} 1",
            "tribune_jobs_dead 0",
            "tribune_node_draining 0",
            "tribune_replica_lag_seconds 0",
        ] {
            assert!(text.contains(name), "{name} missing from:\n{text}");
        }
    }

    #[test]
    fn the_grafana_dashboard_names_only_metrics_a_node_has() {
        let metrics = Metrics::new();
        metrics.request("/healthz", "GET", 200, 0.001);
        metrics.job_failed("SendMail");
        metrics.mail_sent(true);
        metrics.read_from("primary");
        for vec in [
            &metrics.jobs_due,
            &metrics.projector_lag,
            &metrics.places_taken,
            &metrics.places_limit,
            &metrics.holds_live,
        ] {
            vec.with_label_values(&["x"]).set(1);
        }
        metrics
            .pool_connections
            .with_label_values(&["p", "busy"])
            .set(1);
        metrics.pool_max.with_label_values(&["p"]).set(1);
        let families: Vec<String> = metrics
            .registry
            .gather()
            .iter()
            .map(|f| f.name().to_string())
            .collect();
        let dashboard = include_str!("../../ops/grafana/tribune.json");
        let mut named = 0;
        for (at, _) in dashboard.match_indices("tribune_") {
            let name: String = dashboard[at..]
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                .collect();
            if name == "tribune_" {
                continue; // the dashboard's own tag
            }
            let family = ["_bucket", "_count", "_sum"]
                .iter()
                .find_map(|suffix| name.strip_suffix(suffix))
                .unwrap_or(&name);
            assert!(
                families.iter().any(|f| f == family),
                "{name} is no metric of a node"
            );
            named += 1;
        }
        assert!(named >= 13, "the dashboard names {named} metrics");
    }

    #[test]
    fn only_this_machine_and_the_monitoring_network_may_read() {
        let none = TrustedProxies::none();
        let monitoring: TrustedProxies = "10.8.0.0/16".parse().unwrap();
        let ip = |s: &str| Some(s.parse::<IpAddr>().unwrap());
        assert!(may_read(ip("127.0.0.1"), &none));
        assert!(may_read(ip("::1"), &none));
        assert!(!may_read(ip("10.8.3.4"), &none));
        assert!(may_read(ip("10.8.3.4"), &monitoring));
        assert!(!may_read(ip("10.9.0.1"), &monitoring));
        assert!(!may_read(None, &monitoring));
    }

    #[test]
    fn two_nodes_in_one_process_keep_their_own_counts() {
        let (a, b) = (Metrics::new(), Metrics::new());
        a.mail_sent(true);
        let text = String::from_utf8(b.encode().unwrap()).unwrap();
        assert!(!text.contains("tribune_mails_sent_total{"), "{text}");
    }
}
