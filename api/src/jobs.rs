//! Work outside the request (ARCHITECTURE §8). A job is enqueued in the same transaction as the
//! change that causes it, claimed by any runner with `FOR UPDATE SKIP LOCKED`, retried with
//! exponential backoff, and every state change leaves a `job_history` row. A claimed job carries a
//! lease (`locked_until`): if its runner dies, the job becomes claimable again when it runs out.

use std::time::Duration;

use chrono::Utc;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use sqlx::{PgConnection, PgPool};
use tokio::sync::watch;
use uuid::Uuid;

use actix_web::web;

use crate::mail::{Mail, Mailer};
use crate::state::AppState;

pub const JOBS_CHANNEL: &str = "tribune_jobs";
const LEASE_SECONDS: i64 = 300;

pub struct NewJob {
    pub client_id: Option<Uuid>,
    pub description: String,
    pub method: JobMethod,
    pub collection: Option<String>,
    pub relation_id: Option<String>,
    pub created_by: Option<Uuid>,
}

/// What a job does, with its arguments. Stored as `method` + `arguments`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "method", content = "arguments", rename_all = "snake_case")]
pub enum JobMethod {
    SendMail(Mail),
    /// Book a booked invoice in e-conomic (`invoices::economic`).
    BookInvoice {
        client_id: Uuid,
        invoice_id: Uuid,
    },
    /// Charge a subscription's due periods now (`invoices::recurring`): queued when a customer
    /// activates it or saves a new card.
    ChargeSubscription {
        client_id: Uuid,
        subscription_id: Uuid,
    },
    /// Send an SMS through the gateway (`integrations::sms`).
    SendSms(crate::integrations::sms::Sms),
    /// Send an invitation, reminder or update to an invite's contact (`invites::send`).
    SendInvite {
        client_id: Uuid,
        invite_id: Uuid,
        kind: tribune_domain::invite::SendKind,
        #[serde(default)]
        force: bool,
    },
    /// Recompute every hash chain of a club (`audit::run_check`, issue 37).
    VerifyClubChains {
        client_id: Uuid,
        check_id: Uuid,
    },
    /// Cancel a cancelled event's sales and tell their buyers (`sales::cancellation`).
    CancelEvent {
        client_id: Uuid,
        event_id: Uuid,
    },
    /// Send a newsletter to a batch of its recipients (`newsletters::send`).
    SendNewsletter {
        client_id: Uuid,
        newsletter_id: Uuid,
        /// The send the batch belongs to (its progress; a retry passes over whom it handled).
        send_id: Uuid,
        recipient_ids: Vec<Uuid>,
        #[serde(default)]
        force: bool,
    },
}

/// A job's kind: what a handler is registered for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, strum::EnumIter)]
pub enum JobKind {
    SendMail,
    BookInvoice,
    ChargeSubscription,
    SendSms,
    SendInvite,
    VerifyClubChains,
    SendNewsletter,
    CancelEvent,
}

/// What runs a job of one kind: the area that owns the work registers it (`JobHandlers::on`), so
/// the runner names no area (issue 38 §4). It gets the job's method, of its own kind.
pub type JobHandler = for<'a> fn(
    &'a AppState,
    &'a Mailer,
    JobMethod,
) -> futures::future::BoxFuture<'a, Result<String, String>>;

/// The handler of every job kind, registered by the areas in `AppState` (the composition root).
#[derive(Default)]
pub struct JobHandlers {
    handlers: std::collections::BTreeMap<JobKind, JobHandler>,
}

impl JobHandlers {
    /// Registers `handler` for `kind`; a kind has one handler.
    pub fn on(&mut self, kind: JobKind, handler: JobHandler) -> &mut Self {
        let before = self.handlers.insert(kind, handler);
        assert!(before.is_none(), "two handlers for the job kind {kind:?}");
        self
    }

    pub fn handler(&self, kind: JobKind) -> Option<JobHandler> {
        self.handlers.get(&kind).copied()
    }

    /// The kinds nobody registered (none in a built `AppState`).
    pub fn missing(&self) -> Vec<JobKind> {
        <JobKind as strum::IntoEnumIterator>::iter()
            .filter(|kind| !self.handlers.contains_key(kind))
            .collect()
    }
}

/// "Not a job of mine": a handler was given another kind's job (never, through `execute`).
pub fn not_mine(method: &JobMethod) -> String {
    format!("Forkert job til håndteringen: {:?}", method.kind())
}

impl JobMethod {
    pub fn kind(&self) -> JobKind {
        match self {
            JobMethod::SendMail(_) => JobKind::SendMail,
            JobMethod::BookInvoice { .. } => JobKind::BookInvoice,
            JobMethod::ChargeSubscription { .. } => JobKind::ChargeSubscription,
            JobMethod::SendSms(_) => JobKind::SendSms,
            JobMethod::SendInvite { .. } => JobKind::SendInvite,
            JobMethod::VerifyClubChains { .. } => JobKind::VerifyClubChains,
            JobMethod::SendNewsletter { .. } => JobKind::SendNewsletter,
            JobMethod::CancelEvent { .. } => JobKind::CancelEvent,
        }
    }

    /// Bulk work (1) is claimed after everything else that is due (0).
    fn priority(&self) -> i16 {
        match self {
            JobMethod::SendNewsletter { .. } => 1,
            _ => 0,
        }
    }

    /// How often a job is tried: a newsletter's batch keeps trying for about a day (the backoff
    /// is capped at an hour), so a mail server that is down overnight still gets it sent.
    fn max_attempts(&self) -> i32 {
        match self {
            JobMethod::SendNewsletter { .. } => 30,
            // A failed check says so on its page; the admin asks again.
            JobMethod::VerifyClubChains { .. } => 1,
            _ => 8,
        }
    }

    fn parts(&self) -> (String, Value) {
        let value = serde_json::to_value(self).unwrap_or(Value::Null);
        let method = value
            .get("method")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        let arguments = value.get("arguments").cloned().unwrap_or(Value::Null);
        (method, arguments)
    }
}

pub async fn enqueue(conn: &mut PgConnection, job: NewJob) -> Result<Uuid, sqlx::Error> {
    let (method, arguments) = job.method.parts();
    let id: Uuid = sqlx::query_scalar(
        "INSERT INTO jobs (client_id, description, method, arguments, collection, relation_id, created_by, priority, max_attempts) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
    )
    .bind(job.client_id)
    .bind(&job.description)
    .bind(&method)
    .bind(&arguments)
    .bind(&job.collection)
    .bind(&job.relation_id)
    .bind(job.created_by)
    .bind(job.method.priority())
    .bind(job.method.max_attempts())
    .fetch_one(&mut *conn)
    .await?;
    history(
        &mut *conn,
        id,
        "Enqueued",
        None,
        json!({ "method": method }),
    )
    .await?;
    // The runner is woken after the commit (`wake`: no NOTIFY in the writer's transaction).
    tribune_projections::wake::mark();
    Ok(id)
}

/// Keeps the lease of the running job of a thing (`collection`, `relation_id`) for another
/// `LEASE_SECONDS`: long work renews it as it goes, so no other runner claims it meanwhile.
pub async fn renew_lease(
    pool: &PgPool,
    collection: &str,
    relation_id: &str,
) -> Result<(), sqlx::Error> {
    let mut tx = tribune_projections::db::system_tx(pool).await?;
    sqlx::query(
        "UPDATE jobs SET locked_until = now() + make_interval(secs => $3), updated_at = now() \
         WHERE collection = $1 AND relation_id = $2 AND pending AND locked_until > now()",
    )
    .bind(collection)
    .bind(relation_id)
    .bind(LEASE_SECONDS as f64)
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}

async fn history(
    conn: &mut PgConnection,
    job_id: Uuid,
    state: &str,
    reason: Option<&str>,
    data: Value,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO job_history (job_id, state_name, reason, data) VALUES ($1, $2, $3, $4)",
    )
    .bind(job_id)
    .bind(state)
    .bind(reason)
    .bind(data)
    .execute(conn)
    .await?;
    Ok(())
}

/// A job a runner claimed: its id and the attempt it is (which fences its finish).
#[derive(Debug, sqlx::FromRow)]
pub struct ClaimedJob {
    pub id: Uuid,
    method: String,
    arguments: Value,
    pub attempts: i32,
    max_attempts: i32,
}

/// Claims the next due job, if any, and takes a lease on it.
pub async fn claim(pool: &PgPool) -> Result<Option<ClaimedJob>, sqlx::Error> {
    let mut tx = tribune_projections::db::system_tx(pool).await?;
    let job: Option<ClaimedJob> = sqlx::query_as(
        "UPDATE jobs SET locked_until = now() + make_interval(secs => $1), attempts = attempts + 1, updated_at = now() \
         WHERE id = (SELECT id FROM jobs WHERE pending AND scheduled_at <= now() \
                     AND (locked_until IS NULL OR locked_until < now()) \
                     ORDER BY priority, scheduled_at FOR UPDATE SKIP LOCKED LIMIT 1) \
         RETURNING id, method, arguments, attempts, max_attempts",
    )
    .bind(LEASE_SECONDS as f64)
    .fetch_optional(&mut *tx)
    .await?;
    if let Some(job) = &job {
        history(
            &mut tx,
            job.id,
            "Processing",
            None,
            json!({ "attempt": job.attempts }),
        )
        .await?;
    }
    tx.commit().await?;
    Ok(job)
}

/// Seconds to wait before attempt `n + 1`: 5, 10, 20, … capped at an hour.
pub fn backoff_seconds(attempts: i32) -> i64 {
    let exponent = attempts.clamp(1, 20) - 1;
    (5i64 << exponent).min(3600)
}

/// Records how the attempt `job` went and answers true, unless the job has moved on from that
/// attempt: a runner that stalled past its lease may come back after another runner claimed the
/// job again (or an admin cancelled it), and must not finish over that. Its outcome is then
/// dropped with a warning, and false answered.
pub async fn finish(
    pool: &PgPool,
    job: &ClaimedJob,
    outcome: Result<String, String>,
) -> Result<bool, sqlx::Error> {
    let retry_at = Utc::now() + chrono::Duration::seconds(backoff_seconds(job.attempts));
    let (set, text, state, reason, data) = match &outcome {
        Ok(message) => (
            "pending = false, succeeded = true, error = NULL, message = $3",
            message,
            "Succeeded",
            None,
            json!({ "message": message }),
        ),
        Err(error) if job.attempts < job.max_attempts => (
            "error = $3, scheduled_at = $4",
            error,
            "Scheduled",
            Some(error.as_str()),
            json!({ "retryAt": retry_at, "attempt": job.attempts }),
        ),
        Err(error) => (
            "pending = false, succeeded = false, error = $3",
            error,
            "Failed",
            Some(error.as_str()),
            json!({ "attempt": job.attempts }),
        ),
    };
    let mut tx = tribune_projections::db::system_tx(pool).await?;
    // The fence: the attempt this runner claimed is still the job's, and still running.
    let sql = format!(
        "UPDATE jobs SET {set}, locked_until = NULL, updated_at = now() \
         WHERE id = $1 AND attempts = $2 AND pending"
    );
    let mut update = sqlx::query(&sql).bind(job.id).bind(job.attempts).bind(text);
    if state == "Scheduled" {
        update = update.bind(retry_at);
    }
    if update.execute(&mut *tx).await?.rows_affected() == 0 {
        tx.rollback().await?;
        tracing::warn!(
            job = %job.id,
            attempt = job.attempts,
            outcome = state,
            "job finished after its lease ran out and it moved on; this attempt's outcome is dropped"
        );
        return Ok(false);
    }
    history(&mut tx, job.id, state, reason, data).await?;
    tx.commit().await?;
    Ok(true)
}

/// Runs the job by the handler its kind's area registered (`JobHandlers`).
async fn execute(state: &AppState, mailer: &Mailer, job: &ClaimedJob) -> Result<String, String> {
    let method: JobMethod =
        serde_json::from_value(json!({ "method": job.method, "arguments": job.arguments }))
            .map_err(|e| format!("Ukendt job: {e}"))?;
    let handler = state
        .jobs
        .handler(method.kind())
        .ok_or_else(|| format!("Intet område udfører jobbet {}", job.method))?;
    handler(state, mailer, method).await
}

/// Runs every due job once; returns how many ran.
pub async fn run_due(state: &AppState, mailer: &Mailer) -> Result<usize, sqlx::Error> {
    let pool = &state.pool;
    let mut ran = 0;
    while let Some(job) = claim(pool).await? {
        let outcome = execute(state, mailer, &job).await;
        if let Err(error) = &outcome {
            tracing::warn!(job = %job.id, attempt = job.attempts, %error, "job failed");
            state.metrics.job_failed(&job.method);
        }
        finish(pool, &job, outcome).await?;
        ran += 1;
    }
    Ok(ran)
}

pub async fn run_until_stopped(
    state: web::Data<AppState>,
    mailer: Mailer,
    poll: Duration,
    mut stop: watch::Receiver<bool>,
) {
    let pool = state.pool.clone();
    let mut listener = match sqlx::postgres::PgListener::connect_with(&pool).await {
        Ok(mut l) => l.listen(JOBS_CHANNEL).await.ok().map(|_| l),
        Err(_) => None,
    };
    loop {
        if *stop.borrow() {
            return;
        }
        if let Err(err) = run_due(&state, &mailer).await {
            tracing::error!(%err, "job runner");
        }
        let wake = async {
            match listener.as_mut() {
                // A notification, or the connection lost (one may have been missed): look now.
                Some(l) => {
                    if l.try_recv().await.is_err() {
                        // The database is away (restarting, refusing): wait for the poll rather
                        // than spin on the error.
                        std::future::pending::<()>().await
                    }
                }
                None => std::future::pending::<()>().await,
            }
        };
        tokio::select! {
            _ = wake => {}
            _ = tokio::time::sleep(poll) => {}
            _ = stop.changed() => {}
        }
    }
}

/// `every_once` for a scan that answers what it did: a report that did something is logged at
/// info as `what`, a failure at warn; a run that did nothing says nothing.
pub async fn scan_every<R, F, Fut>(
    name: &str,
    period: Duration,
    state: actix_web::web::Data<crate::state::AppState>,
    stop: watch::Receiver<bool>,
    what: &'static str,
    scan: F,
) where
    R: std::fmt::Debug + Default + PartialEq,
    F: Fn(actix_web::web::Data<crate::state::AppState>, chrono::NaiveDate) -> Fut,
    Fut: std::future::Future<Output = Result<R, crate::error::ApiError>>,
{
    let node = state.settings.node.clone();
    let pool = state.pool.clone();
    every_once(name, period, &pool, &node, stop, |today| {
        let run = scan(state.clone(), today);
        async move {
            match run.await {
                Ok(report) if report != R::default() => tracing::info!(?report, "{what}"),
                Ok(_) => {}
                Err(err) => tracing::warn!(error = ?err, "{what}"),
            }
        }
    })
    .await
}

/// The server's periodic scans when several nodes run them (contract invoicing, subscription
/// charges, abandoned bookings, invitation reminders): `work` for today in Denmark on ONE node
/// per `period` — the node that takes the turn of scan `name` in `schedules` — until `stop` says
/// so. On a database that never ran the scan the first turn is due at once (a server has always
/// scanned when it started). Every node looks again when the next turn falls due. The guards of
/// each item the scan touches stay the real protection: this spares N nodes the same scan.
pub async fn every_once<F, Fut>(
    name: &str,
    period: Duration,
    pool: &PgPool,
    node: &str,
    mut stop: watch::Receiver<bool>,
    mut work: F,
) where
    F: FnMut(chrono::NaiveDate) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    // How long a node waits at least between two looks (and after the schedule could not be read).
    const LOOK_AGAIN: Duration = Duration::from_secs(5);
    loop {
        if *stop.borrow() {
            return;
        }
        let wait = match take_turn(pool, name, period, node).await {
            Ok(None) => {
                work(crate::kit::dates::today()).await;
                continue;
            }
            Ok(Some(due_in)) => due_in.clamp(LOOK_AGAIN.min(period), period),
            Err(err) => {
                tracing::warn!(schedule = name, %err, "schedule not read; looking again");
                LOOK_AGAIN
            }
        };
        tokio::select! {
            _ = tokio::time::sleep(wait) => {}
            _ = stop.changed() => {}
        }
    }
}

/// Takes scan `name`'s turn for `node` when it is due, moving the next turn a `period` on: None
/// when taken (run it now), else how long until it falls due. One statement: of nodes asking at
/// once, the row lock lets one move it; the others find it moved.
async fn take_turn(
    pool: &PgPool,
    name: &str,
    period: Duration,
    node: &str,
) -> Result<Option<Duration>, sqlx::Error> {
    let taken = sqlx::query(
        "INSERT INTO schedules AS s (name, next_run_at, last_node, last_run_at) \
         VALUES ($1, now() + make_interval(secs => $2), $3, now()) \
         ON CONFLICT (name) DO UPDATE SET next_run_at = EXCLUDED.next_run_at, \
           last_node = EXCLUDED.last_node, last_run_at = EXCLUDED.last_run_at \
         WHERE s.next_run_at <= now()",
    )
    .bind(name)
    .bind(period.as_secs_f64())
    .bind(node)
    .execute(pool)
    .await?
    .rows_affected()
        == 1;
    if taken {
        return Ok(None);
    }
    let due_in: f64 = sqlx::query_scalar(
        "SELECT greatest(extract(epoch FROM next_run_at - now()), 0)::float8 FROM schedules WHERE name = $1",
    )
    .bind(name)
    .fetch_one(pool)
    .await?;
    Ok(Some(Duration::try_from_secs_f64(due_in).unwrap_or(period)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_from_five_seconds_up_to_an_hour() {
        assert_eq!([1, 2, 3, 4].map(backoff_seconds), [5, 10, 20, 40]);
        assert_eq!(backoff_seconds(30), 3600);
    }

    #[test]
    fn a_job_method_round_trips_through_method_and_arguments() {
        let mail = Mail {
            to: "a@b.dk".into(),
            subject: "Emne".into(),
            text: "Tekst".into(),
            html: None,
            attachments: Vec::new(),
            ..Default::default()
        };
        let (method, arguments) = JobMethod::SendMail(mail.clone()).parts();
        assert_eq!(method, "send_mail");
        let back: JobMethod =
            serde_json::from_value(json!({ "method": method, "arguments": arguments }))
                .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back, JobMethod::SendMail(mail));
    }
}
