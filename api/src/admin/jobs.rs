//! The Jobs screen (spec 1 §2 Jobs): the runner's own jobs (mails now; sends, bookings and
//! recurring invoicing as they arrive), server-paged, with run, cancel and delete. Every action
//! leaves a `job_history` row, so the details dialog shows what happened and who did it.

use actix_web::{web, HttpResponse};
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use serde_json::{json, Value};
use sqlx::{PgConnection, Postgres, QueryBuilder};
use tribune_projections::db::system_tx;
use tribune_projections::list::{
    filter_text, Count, Filter, FilterError, ListSpec, Paging, Search, SortColumn,
};
use uuid::Uuid;

use super::audit;
use crate::envelope::{self, Ack, Envelope, ListParams, Page, SortDir};
use crate::error::ApiError;
use crate::kit::ids::parse_id;
use crate::kit::input::Json;
use crate::kit::text::like_pattern;
use crate::session::SystemAdmin;
use crate::state::AppState;

/// A row of the jobs list.
#[derive(Debug, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
pub struct JobListRow {
    #[serde(rename = "Id")]
    pub id: Uuid,
    #[serde(rename = "Description")]
    pub description: String,
    #[serde(rename = "ScheduledDate")]
    pub scheduled_at: DateTime<Utc>,
    #[serde(rename = "ClientId")]
    pub client_id: Option<Uuid>,
    #[serde(rename = "ClientName")]
    pub client_name: Option<String>,
    #[serde(rename = "Succeeded")]
    pub succeeded: bool,
    #[serde(rename = "Pending")]
    pub pending: bool,
    #[serde(rename = "Error")]
    pub error: Option<String>,
}

/// A day ('2026-05-01') or a timestamp from a filter.
fn filter_time(filter: &Value, key: &str, end_of_day: bool) -> Option<DateTime<Utc>> {
    let text = filter_text(filter, key)?;
    if let Ok(at) = DateTime::parse_from_rfc3339(&text) {
        return Some(at.with_timezone(&Utc));
    }
    let day = NaiveDate::parse_from_str(text.get(..10)?, "%Y-%m-%d").ok()?;
    let time = if end_of_day {
        day.and_hms_opt(23, 59, 59)?
    } else {
        day.and_hms_opt(0, 0, 0)?
    };
    Some(time.and_utc())
}

/// The Jobs screen's filters: the description (or the search box), a time range of the scheduled
/// date, a club, and the status badge of spec 1 §2 (Succeeded when done and not pending; Error
/// when an error is set; otherwise Pending).
fn job_filters(filter: &Value, q: &mut QueryBuilder<'static, Postgres>) -> Result<(), FilterError> {
    if let Some(description) =
        filter_text(filter, "description").or_else(|| filter_text(filter, "search"))
    {
        q.push(" AND j.description ILIKE ")
            .push_bind(like_pattern(&description));
    }
    if let Some(from) = filter_time(filter, "from", false) {
        q.push(" AND j.scheduled_at >= ").push_bind(from);
    }
    if let Some(to) = filter_time(filter, "to", true) {
        q.push(" AND j.scheduled_at <= ").push_bind(to);
    }
    if let Some(client) = filter_text(filter, "clientId") {
        let client: Uuid = client.parse().map_err(|_| FilterError {
            field: "clientId",
            message: "Ukendt klub",
        })?;
        q.push(" AND j.client_id = ").push_bind(client);
    }
    match filter_text(filter, "status").as_deref() {
        Some("Succeeded") => {
            q.push(" AND j.succeeded AND NOT j.pending");
        }
        Some("Error") => {
            q.push(" AND NOT (j.succeeded AND NOT j.pending) AND j.error IS NOT NULL");
        }
        Some("Pending") => {
            q.push(" AND NOT (j.succeeded AND NOT j.pending) AND j.error IS NULL");
        }
        Some(_) => {
            return Err(FilterError {
                field: "status",
                message: "Ukendt status",
            })
        }
        None => {}
    }
    Ok(())
}

/// Every club's jobs, newest first, for the system admins.
const JOBS: ListSpec = ListSpec {
    from: "jobs j LEFT JOIN clients c ON c.id = j.client_id",
    club: None,
    columns: "j.id, j.description, j.scheduled_at, j.client_id, c.name AS client_name, j.succeeded, j.pending, j.error",
    key: "j.id",
    filters: &[Filter::Custom(job_filters)],
    search: Search::None,
    sorts: &[
        SortColumn::of("ScheduledDate", "j.scheduled_at"),
        SortColumn::of("Description", "lower(j.description)"),
        SortColumn::nullable("ClientId", "c.name"),
    ],
    default_sort: ("ScheduledDate", SortDir::Desc),
    count: Count::Exact,
    paging: Paging::Offset,
};

#[utoipa::path(post, path = "/api/jobs", tag = "admin", request_body = ListParams, responses((status = 200, body = Page<JobListRow>), (status = 403)))]
pub async fn list_jobs(
    _admin: SystemAdmin,
    params: Json<ListParams>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (rows, total) = JOBS
        .page::<JobListRow>(&mut *state.pool.acquire().await?, None, &params)
        .await?;
    Ok(envelope::page(rows, total, params.per_page()))
}

/// A job as the jobs dialog shows it.
#[derive(Debug, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobDetail {
    pub id: Uuid,
    pub description: String,
    pub method: String,
    pub method_type: String,
    /// The job's arguments; a mail's only as `{to, subject}`.
    pub arguments: Value,
    pub collection: Option<String>,
    pub relation_id: Option<String>,
    pub message: Option<String>,
    pub error: Option<String>,
    pub scheduled_at: DateTime<Utc>,
    pub client_id: Option<Uuid>,
    pub client_name: Option<String>,
    pub attempts: i32,
    pub succeeded: bool,
    pub pending: bool,
    #[serde(skip)]
    pub locked: bool,
}

/// One step of a job's history.
#[derive(Debug, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobHistoryRow {
    pub created_at: DateTime<Utc>,
    pub state_name: String,
    pub reason: Option<String>,
    pub data: Value,
}

/// A job and its history.
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
pub struct JobView {
    pub job: JobDetail,
    pub history: Vec<JobHistoryRow>,
}

async fn load(conn: &mut PgConnection, id: Uuid) -> Result<JobDetail, ApiError> {
    sqlx::query_as(
        "SELECT j.id, j.description, j.method, j.method_type, j.arguments, j.collection, j.relation_id, j.message, j.error, \
         j.scheduled_at, j.client_id, c.name AS client_name, j.attempts, j.succeeded, j.pending, \
         coalesce(j.locked_until > now(), false) AS locked \
         FROM jobs j LEFT JOIN clients c ON c.id = j.client_id WHERE j.id = $1",
    )
    .bind(id)
    .fetch_optional(conn)
    .await?
    .ok_or(ApiError::NotFound)
}

/// Mail bodies can hold links that log a person in (reset, invitation): the dialog shows who
/// and what, never the link itself.
fn shown_arguments(method: &str, arguments: &Value) -> Value {
    if method == "send_mail" {
        json!({ "to": arguments.get("to"), "subject": arguments.get("subject") })
    } else {
        arguments.clone()
    }
}

#[utoipa::path(get, path = "/api/jobs/{id}", tag = "admin", responses((status = 200, body = Envelope<JobView>), (status = 404)))]
pub async fn get_job(
    _admin: SystemAdmin,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut conn = state.pool.acquire().await?;
    let mut job = load(&mut conn, id).await?;
    job.arguments = shown_arguments(&job.method, &job.arguments);
    let history: Vec<JobHistoryRow> = sqlx::query_as(
        "SELECT created_at, state_name, reason, data FROM job_history WHERE job_id = $1 ORDER BY id",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(envelope::result(JobView { job, history }))
}

async fn record(
    conn: &mut PgConnection,
    id: Uuid,
    state_name: &str,
    reason: String,
) -> Result<(), ApiError> {
    sqlx::query("INSERT INTO job_history (job_id, state_name, reason) VALUES ($1, $2, $3)")
        .bind(id)
        .bind(state_name)
        .bind(reason)
        .execute(conn)
        .await?;
    Ok(())
}

const RUNNING: &str = "Jobbet kører lige nu. Vent til det er færdigt.";

/// Runs the job now: a pending job is moved forward, a finished one (succeeded or failed) is
/// run again with fresh attempts.
#[utoipa::path(post, path = "/api/jobs/{id}/execute", tag = "admin", responses((status = 200, body = Ack), (status = 404), (status = 409)))]
pub async fn execute_job(
    admin: SystemAdmin,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = system_tx(&state.pool).await?;
    let job = load(&mut tx, id).await?;
    if job.locked {
        return Err(ApiError::Conflict(RUNNING.into()));
    }
    sqlx::query(
        "UPDATE jobs SET pending = true, succeeded = false, scheduled_at = now(), locked_until = NULL, \
         attempts = CASE WHEN pending THEN attempts ELSE 0 END, updated_at = now() WHERE id = $1",
    )
    .bind(id)
    .execute(&mut *tx)
    .await?;
    let who = admin.0.identity.user.name();
    let reason = if job.succeeded {
        format!("Kørt igen af {who}")
    } else {
        format!("Startet af {who}")
    };
    record(&mut tx, id, "Enqueued", reason).await?;
    audit(
        &mut tx,
        &admin,
        job.client_id,
        "job",
        &id.to_string(),
        "execute",
        json!({}),
    )
    .await?;
    tribune_projections::wake::mark();
    tx.commit().await?;
    Ok(envelope::ok())
}

#[utoipa::path(post, path = "/api/jobs/{id}/cancel", tag = "admin", responses((status = 200, body = Ack), (status = 404), (status = 409)))]
pub async fn cancel_job(
    admin: SystemAdmin,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = system_tx(&state.pool).await?;
    let job = load(&mut tx, id).await?;
    if job.locked {
        return Err(ApiError::Conflict(RUNNING.into()));
    }
    if !job.pending {
        return Err(ApiError::Conflict(
            "Kun ventende jobs kan annulleres".into(),
        ));
    }
    let who = admin.0.identity.user.name();
    sqlx::query(
        "UPDATE jobs SET pending = false, succeeded = false, error = $2, updated_at = now() WHERE id = $1",
    )
    .bind(id)
    .bind(format!("Annulleret af {who}"))
    .execute(&mut *tx)
    .await?;
    record(&mut tx, id, "Cancelled", format!("Annulleret af {who}")).await?;
    audit(
        &mut tx,
        &admin,
        job.client_id,
        "job",
        &id.to_string(),
        "cancel",
        json!({}),
    )
    .await?;
    tx.commit().await?;
    Ok(envelope::ok())
}

#[utoipa::path(delete, path = "/api/jobs/{id}", tag = "admin", responses((status = 200, body = Ack), (status = 404), (status = 409)))]
pub async fn delete_job(
    admin: SystemAdmin,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = system_tx(&state.pool).await?;
    let job = load(&mut tx, id).await?;
    if job.locked {
        return Err(ApiError::Conflict(RUNNING.into()));
    }
    sqlx::query("DELETE FROM jobs WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    audit(
        &mut tx,
        &admin,
        job.client_id,
        "job",
        &id.to_string(),
        "delete",
        json!({ "description": { "old": job.description, "new": null } }),
    )
    .await?;
    tx.commit().await?;
    Ok(envelope::ok())
}
