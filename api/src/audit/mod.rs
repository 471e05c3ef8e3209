//! The club-wide chain check (issue 37 §1): a club admin asks for every record of the club to have
//! its hash chain recomputed. It runs as a job (`JobMethod::VerifyClubChains`), writes its progress
//! to `chain_checks` after each batch of records, and lists the first broken link of each broken
//! record; the settings page follows it. One record's check is the history's 'Verificér'
//! (`/api/history/{type}/{id}/verify`).

pub mod exports;

use actix_web::{web, HttpResponse};
use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use tribune_projections::audit::{self, BrokenLink, ClubProgress, ClubWalk};
use tribune_projections::db::club_tx;
use utoipa::OpenApi;
use uuid::Uuid;

use crate::envelope::{self, Envelope};
use crate::error::ApiError;
use crate::identity::acl::Action;
use crate::jobs::{self, JobMethod, NewJob};
use crate::kit::history::ChainProblem;
use crate::kit::ids::parse_id;
use crate::kit::names::{names_of, RecordName};
use crate::kit::routes::{Access, Area, Routes};
use crate::session::Admin;
use crate::state::AppState;

/// The club-wide chain check's job.
pub fn register_jobs(jobs: &mut crate::jobs::JobHandlers) {
    use futures::FutureExt;
    jobs.on(jobs::JobKind::VerifyClubChains, |state, _, method| {
        async move {
            let JobMethod::VerifyClubChains {
                client_id,
                check_id,
            } = method
            else {
                return Err(jobs::not_mine(&method));
            };
            run_check(state, client_id, check_id).await
        }
        .boxed()
    });
}

pub const AREA: Area = Area {
    name: "audit",
    configure,
    doc: AuditDoc::openapi,
    history: &[],
};

/// The club-wide check: a club admin's (or a System Admin's in the club). The exports' key and
/// check: whoever makes exports.
pub fn configure(routes: &mut Routes) {
    routes
        .post("/api/audit/chain-checks", Access::ClubAdmin, start_check)
        .get(
            "/api/audit/chain-checks/latest",
            Access::ClubAdmin,
            latest_check,
        )
        .get("/api/audit/chain-checks/{id}", Access::ClubAdmin, get_check)
        // Whoever may export (an invoice reader, a history reader) may check an export.
        .get("/api/audit/exports/key", EXPORTERS, exports::export_key)
        .post(
            "/api/audit/exports/verify",
            EXPORTERS,
            exports::verify_export,
        );
}

/// Staff who may read invoices or a history: those who make the signed exports.
const EXPORTERS: Access = Access::AnyModule(&["orders", "events"], Action::Read);

#[derive(OpenApi)]
#[openapi(
    paths(
        start_check,
        latest_check,
        get_check,
        exports::export_key,
        exports::verify_export
    ),
    components(schemas(
        ChainCheck,
        ChainCheckStatus,
        ChainBreak,
        exports::ExportKey,
        exports::ExportVerdict,
        crate::kit::signing::SignedExport,
        crate::kit::signing::ExportSignature
    ))
)]
pub struct AuditDoc;

/// Where a club-wide check stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ChainCheckStatus {
    Queued,
    Running,
    /// Every record walked.
    Done,
    /// The job gave up; `error` says why.
    Failed,
}

impl ChainCheckStatus {
    fn parse(stored: &str) -> Self {
        match stored {
            "running" => Self::Running,
            "done" => Self::Done,
            "failed" => Self::Failed,
            _ => Self::Queued,
        }
    }
}

/// A record whose chain breaks, at its first event that does not hold.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChainBreak {
    /// The `{type}` of its history (`order`, `contract`, `invoice` …).
    pub record_type: String,
    pub record_id: String,
    #[ts(type = "number")]
    pub sequence: i64,
    pub event_type: String,
    pub problem: ChainProblem,
}

impl From<BrokenLink> for ChainBreak {
    fn from(link: BrokenLink) -> Self {
        ChainBreak {
            problem: ChainProblem::from(link.kind),
            record_type: link.aggregate_type,
            record_id: link.aggregate_id,
            sequence: link.sequence,
            event_type: link.event_type,
        }
    }
}

/// One club-wide check: how far it has come and what it found.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChainCheck {
    pub id: Uuid,
    pub status: ChainCheckStatus,
    /// The club's records when the check was asked for.
    #[ts(type = "number")]
    pub records_total: i64,
    #[ts(type = "number")]
    pub records_checked: i64,
    #[ts(type = "number")]
    pub events_checked: i64,
    /// Records whose chain breaks; `broken` lists the first 100.
    #[ts(type = "number")]
    pub broken_records: i64,
    pub broken: Vec<ChainBreak>,
    /// The broken records' names ('Ordre 1042'): id → kind and name.
    pub names: BTreeMap<String, RecordName>,
    pub error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

#[derive(sqlx::FromRow)]
struct CheckRow {
    id: Uuid,
    status: String,
    records_total: i64,
    records_checked: i64,
    events_checked: i64,
    broken_records: i64,
    broken: sqlx::types::Json<Vec<ChainBreak>>,
    error: Option<String>,
    created_at: DateTime<Utc>,
    finished_at: Option<DateTime<Utc>>,
}

impl From<CheckRow> for ChainCheck {
    fn from(row: CheckRow) -> Self {
        ChainCheck {
            id: row.id,
            status: ChainCheckStatus::parse(&row.status),
            records_total: row.records_total,
            records_checked: row.records_checked,
            events_checked: row.events_checked,
            broken_records: row.broken_records,
            broken: row.broken.0,
            names: BTreeMap::new(),
            error: row.error,
            created_at: row.created_at,
            finished_at: row.finished_at,
        }
    }
}

const CHECK_COLUMNS: &str = "id, status, records_total, records_checked, events_checked, \
     broken_records, broken, error, created_at, finished_at";

/// A check as it reads, its broken records named.
async fn named(
    conn: &mut PgConnection,
    client_id: Uuid,
    row: Option<CheckRow>,
) -> Result<Option<ChainCheck>, ApiError> {
    let Some(mut check) = row.map(ChainCheck::from) else {
        return Ok(None);
    };
    let ids: BTreeSet<Uuid> = check
        .broken
        .iter()
        .filter_map(|finding| Uuid::parse_str(&finding.record_id).ok())
        .collect();
    check.names = names_of(conn, client_id, &ids).await?;
    Ok(Some(check))
}

async fn check_by_id(
    conn: &mut PgConnection,
    client_id: Uuid,
    id: Uuid,
) -> Result<Option<ChainCheck>, ApiError> {
    let row: Option<CheckRow> = sqlx::query_as(&format!(
        "SELECT {CHECK_COLUMNS} FROM chain_checks WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    named(conn, client_id, row).await
}

async fn latest(conn: &mut PgConnection, client_id: Uuid) -> Result<Option<ChainCheck>, ApiError> {
    let row: Option<CheckRow> = sqlx::query_as(&format!(
        "SELECT {CHECK_COLUMNS} FROM chain_checks ORDER BY created_at DESC, id LIMIT 1"
    ))
    .fetch_optional(&mut *conn)
    .await?;
    named(conn, client_id, row).await
}

#[utoipa::path(post, path = "/api/audit/chain-checks", tag = "audit",
    responses((status = 200, description = "the check queued, or the one already under way", body = Envelope<ChainCheck>),
        (status = 403)))]
pub async fn start_check(
    admin: Admin,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let staff = admin.0;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    // One check at a time per club: asking again while one runs shows that one. The lock makes
    // two admins' clicks at once queue one check.
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1, 37))")
        .bind(staff.client_id.to_string())
        .execute(&mut *tx)
        .await?;
    if let Some(check) = latest(&mut tx, staff.client_id).await? {
        if matches!(
            check.status,
            ChainCheckStatus::Queued | ChainCheckStatus::Running
        ) {
            return Ok(envelope::result(check));
        }
    }
    let total = audit::club_records(&state.pool, &staff.client_id.to_string()).await?;
    let id = Uuid::new_v4();
    sqlx::query(
        "INSERT INTO chain_checks (id, client_id, records_total, created_by) VALUES ($1, $2, $3, $4)",
    )
    .bind(id)
    .bind(staff.client_id)
    .bind(total as i64)
    .bind(staff.user_id())
    .execute(&mut *tx)
    .await?;
    jobs::enqueue(
        &mut tx,
        NewJob {
            client_id: Some(staff.client_id),
            description: "Kontrol af alle hændelseskæder".into(),
            method: JobMethod::VerifyClubChains {
                client_id: staff.client_id,
                check_id: id,
            },
            collection: Some("chain_checks".into()),
            relation_id: Some(id.to_string()),
            created_by: Some(staff.user_id()),
        },
    )
    .await?;
    let check = check_by_id(&mut tx, staff.client_id, id)
        .await?
        .ok_or(ApiError::NotFound)?;
    tx.commit().await?;
    Ok(envelope::result(check))
}

#[utoipa::path(get, path = "/api/audit/chain-checks/latest", tag = "audit",
    responses((status = 200, description = "the club's last check, or null", body = Envelope<Option<ChainCheck>>),
        (status = 403)))]
pub async fn latest_check(
    admin: Admin,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(&state.pool, admin.0.client_id).await?;
    let check = latest(&mut tx, admin.0.client_id).await?;
    tx.commit().await?;
    Ok(envelope::result(check))
}

#[utoipa::path(get, path = "/api/audit/chain-checks/{id}", tag = "audit",
    params(("id" = Uuid, Path)),
    responses((status = 200, body = Envelope<ChainCheck>),
        (status = 403), (status = 404)))]
pub async fn get_check(
    path: web::Path<String>,
    admin: Admin,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, admin.0.client_id).await?;
    let check = check_by_id(&mut tx, admin.0.client_id, id)
        .await?
        .ok_or(ApiError::NotFound)?;
    tx.commit().await?;
    Ok(envelope::result(check))
}

/// The job: walks every record of the club, writing how far it has come after each batch. A
/// retried job starts the walk again from the first record.
pub async fn run_check(
    state: &AppState,
    client_id: Uuid,
    check_id: Uuid,
) -> Result<String, String> {
    let outcome = walk(state, client_id, check_id).await;
    let mut tx = club_tx(&state.pool, client_id)
        .await
        .map_err(|e| e.to_string())?;
    match &outcome {
        Ok(done) => {
            sqlx::query(
                "UPDATE chain_checks SET status = 'done', records_total = GREATEST(records_total, $2), \
                 finished_at = now(), error = NULL WHERE id = $1",
            )
            .bind(check_id)
            .bind(done.records_checked as i64)
            .execute(&mut *tx)
            .await
            .map_err(|e| e.to_string())?;
        }
        // The job is tried once (`JobMethod::max_attempts`): the admin may ask again.
        Err(error) => {
            sqlx::query(
                "UPDATE chain_checks SET status = 'failed', error = $2, finished_at = now() WHERE id = $1",
            )
            .bind(check_id)
            .bind(error)
            .execute(&mut *tx)
            .await
            .map_err(|e| e.to_string())?;
        }
    }
    tx.commit().await.map_err(|e| e.to_string())?;
    let done = outcome?;
    Ok(format!(
        "{} poster og {} hændelser kontrolleret, {} brudte kæder",
        done.records_checked, done.events_checked, done.broken_records
    ))
}

async fn walk(state: &AppState, client_id: Uuid, check_id: Uuid) -> Result<ClubProgress, String> {
    save_progress(state, client_id, check_id, &ClubProgress::default())
        .await
        .map_err(|e| e.to_string())?;
    let mut walk = ClubWalk::new(&client_id.to_string());
    let failed = |e: sqlx::Error| format!("Kæderne kunne ikke læses: {e}");
    while walk.step(&state.pool).await.map_err(failed)? {
        save_progress(state, client_id, check_id, walk.progress())
            .await
            .map_err(failed)?;
    }
    Ok(walk.progress().clone())
}

async fn save_progress(
    state: &AppState,
    client_id: Uuid,
    check_id: Uuid,
    progress: &ClubProgress,
) -> Result<(), sqlx::Error> {
    let broken: Vec<ChainBreak> = progress
        .broken
        .iter()
        .cloned()
        .map(ChainBreak::from)
        .collect();
    let mut tx = club_tx(&state.pool, client_id).await?;
    sqlx::query(
        "UPDATE chain_checks SET status = 'running', records_checked = $2, events_checked = $3, \
         broken_records = $4, broken = $5 WHERE id = $1",
    )
    .bind(check_id)
    .bind(progress.records_checked as i64)
    .bind(progress.events_checked as i64)
    .bind(progress.broken_records as i64)
    .bind(sqlx::types::Json(&broken))
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    // A large club takes longer than a job's lease: each batch done renews it, so no other runner
    // takes the check over while this one walks.
    jobs::renew_lease(&state.pool, "chain_checks", &check_id.to_string()).await
}
