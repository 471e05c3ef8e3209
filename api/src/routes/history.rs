//! The generic history API (ARCHITECTURE §7): every event of one aggregate with who, when and what
//! changed, and the aggregate as it was after any one event. Which aggregates it serves, and
//! which module guards each, the areas register (`Area::history`); nothing here names them.

use actix_web::{web, HttpRequest, HttpResponse};
use tribune_domain::probe::Probe;
use tribune_projections::db::club_tx;
use tribune_projections::history::HistoryEntry;
use utoipa::OpenApi;
use uuid::Uuid;

use crate::envelope::{self, Envelope};
use crate::error::ApiError;
use crate::export;
use crate::identity::acl::Action;
use crate::kit::club::club_name;
use crate::kit::history::{
    AggregateHistory, ChainVerdict, HistorySource, VersionDiff, HISTORY_EXPORT,
};
use crate::kit::names::{ids_in, ids_in_path, names_of, NameKind, RecordName};
use crate::kit::routes::{Access, Area, Guard, ModuleRule, Resolving, Routes};
use crate::kit::signing::{wants_json, SignedExport};
use crate::session::Staff;
use crate::state::AppState;

pub const AREA: Area = Area {
    name: "history",
    configure,
    doc: HistoryDoc::openapi,
    history: &[
        // The store's own test aggregate: no module guards it.
        &AggregateHistory::<Probe> {
            aggregate_type: "probe",
            module: None,
            bus: |state| &state.probes,
            view: |_, _, probe| serde_json::to_value(probe),
        },
    ],
};

/// Every module an aggregate's history can belong to (a unit test holds the registered sources
/// to it).
pub const MODULES: &[&str] = &["orders", "events"];

/// Reading a history: the aggregate type the path names gives the module that guards it.
pub static HISTORY_READ: ModuleRule = ModuleRule {
    name: "the aggregate type the path names",
    action: Action::Read,
    modules: MODULES,
    resolve: history_guard,
};

fn history_guard<'a>(req: &'a HttpRequest, _: &'a AppState, _: Uuid) -> Resolving<'a> {
    let source = req
        .match_info()
        .get("type")
        .and_then(crate::routes::history_source);
    Box::pin(async move {
        Ok(match source.ok_or(ApiError::NotFound)?.module() {
            Some(module) => Guard::Module(module),
            None => Guard::AnyOfRule,
        })
    })
}

/// Staff whose role may read the module of the aggregate type the path names.
pub fn configure(routes: &mut Routes) {
    let read = Access::Resolved(&HISTORY_READ);
    routes
        .get("/api/history/{type}/{id}", read, get_history)
        .get(
            "/api/history/{type}/{id}/at/{sequence}",
            read,
            get_history_at,
        )
        .get("/api/history/{type}/{id}/export", read, export_history)
        .get("/api/history/{type}/{id}/names", read, history_names)
        .get("/api/history/{type}/{id}/verify", read, verify_history)
        .get("/api/history/{type}/{id}/diff", read, diff_history);
}

#[derive(OpenApi)]
#[openapi(
    paths(
        get_history,
        get_history_at,
        export_history,
        history_names,
        verify_history,
        diff_history
    ),
    components(schemas(VersionDiff, RecordName, NameKind))
)]
pub struct HistoryDoc;

/// The registered source of `aggregate_type` (the route's rule has checked its module).
fn source_for(aggregate_type: &str) -> Result<&'static dyn HistorySource, ApiError> {
    crate::routes::history_source(aggregate_type).ok_or(ApiError::NotFound)
}

#[utoipa::path(get, path = "/api/history/{type}/{id}", tag = "history",
    params(("type" = String, Path), ("id" = String, Path)),
    responses((status = 200, description = "every event, oldest first", body = Envelope<Vec<HistoryEntry>>), (status = 403), (status = 404)))]
pub async fn get_history(
    path: web::Path<(String, String)>,
    staff: Staff,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (aggregate_type, id) = path.into_inner();
    let source = source_for(&aggregate_type)?;
    let entries = source.events(&state, staff.client_id, &id).await?;
    Ok(envelope::result(entries.ok_or(ApiError::NotFound)?))
}

#[utoipa::path(get, path = "/api/history/{type}/{id}/at/{sequence}", tag = "history",
    params(("type" = String, Path), ("id" = String, Path), ("sequence" = u64, Path)),
    responses((status = 200, description = "the aggregate's state after that event, as it serializes", body = Envelope<serde_json::Value>), (status = 403), (status = 404)))]
pub async fn get_history_at(
    path: web::Path<(String, String, u64)>,
    staff: Staff,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (aggregate_type, id, sequence) = path.into_inner();
    let source = source_for(&aggregate_type)?;
    let sequence = usize::try_from(sequence).map_err(|_| ApiError::NotFound)?;
    let as_of = source
        .state_at(&state, staff.client_id, &id, sequence)
        .await?;
    Ok(envelope::result(as_of.ok_or(ApiError::NotFound)?))
}

/// How a history is exported: `xlsx` (the default) or `json` (signed).
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
pub struct ExportQuery {
    pub format: Option<String>,
}

/// An auditor's file of one aggregate's whole history: every event with who, when, from where,
/// what changed (old → new) and its link in the hash chain. As a workbook, or as one JSON
/// document signed with the installation's key (issue 37 §4), with the chain's check.
#[utoipa::path(get, path = "/api/history/{type}/{id}/export", tag = "history",
    params(("type" = String, Path), ("id" = String, Path), ExportQuery),
    responses((status = 200, description = "Historik-{type}-{id}.xlsx, or with format=json Historik-{type}-{id}.json: a SignedExport",
                content((Vec<u8> = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"), (SignedExport = "application/json"))),
              (status = 403), (status = 404), (status = 422, description = "format: neither xlsx nor json")))]
pub async fn export_history(
    path: web::Path<(String, String)>,
    query: web::Query<ExportQuery>,
    staff: Staff,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (aggregate_type, id) = path.into_inner();
    let source = source_for(&aggregate_type)?;
    let json = wants_json(query.format.as_deref())?;
    let entries = source
        .events(&state, staff.client_id, &id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let name = format!("Historik-{aggregate_type}-{id}");
    if json {
        let chain = source.verify(&state, staff.client_id, &id).await?;
        let mut tx = club_tx(&state.pool, staff.client_id).await?;
        let club = club_name(&mut tx, staff.client_id).await?;
        tx.commit().await?;
        let document = serde_json::json!({
            "kind": "tribune.record-history",
            "club": { "id": staff.client_id, "name": club },
            "recordType": aggregate_type,
            "recordId": id,
            "madeAt": chrono::Utc::now(),
            "madeBy": staff.identity.user.name(),
            "chain": chain,
            "events": entries,
        });
        return Ok(export::signed_json(
            &format!("{name}.json"),
            state.export_signer.sign(document),
        ));
    }
    let bytes =
        export::workbook("Historik", HISTORY_EXPORT, &entries).map_err(ApiError::internal)?;
    Ok(export::xlsx(&format!("{name}.xlsx"), bytes))
}

/// The names of the records the history mentions by id (companies, contacts, products, users,
/// orders …): id → kind and name, for the screen to show instead of the id. Only the club's own
/// records are named.
#[utoipa::path(get, path = "/api/history/{type}/{id}/names", tag = "history",
    params(("type" = String, Path), ("id" = String, Path)),
    responses((status = 200, description = "id → its kind and name", body = Envelope<std::collections::BTreeMap<String, RecordName>>),
              (status = 403), (status = 404)))]
pub async fn history_names(
    path: web::Path<(String, String)>,
    staff: Staff,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (aggregate_type, id) = path.into_inner();
    let source = source_for(&aggregate_type)?;
    let entries = source
        .events(&state, staff.client_id, &id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let mut ids = std::collections::BTreeSet::new();
    for change in entries.iter().flat_map(|entry| &entry.changes) {
        ids_in_path(&change.field, &mut ids);
        ids_in(&change.old, &mut ids);
        ids_in(&change.new, &mut ids);
    }
    // The record's own id is what the page is about, not something it mentions.
    if let Ok(own) = Uuid::parse_str(&id) {
        ids.remove(&own);
    }
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let names = names_of(&mut tx, staff.client_id, &ids).await?;
    tx.commit().await?;
    Ok(envelope::result(names))
}

/// 'Verificér': the aggregate's hash chain recomputed from its first event, whole or broken at
/// the first event that was changed, is missing or has no hash (ARCHITECTURE §7). Whoever may
/// read the history may check it.
#[utoipa::path(get, path = "/api/history/{type}/{id}/verify", tag = "history",
    params(("type" = String, Path), ("id" = String, Path)),
    responses((status = 200, body = Envelope<ChainVerdict>),
              (status = 403), (status = 404)))]
pub async fn verify_history(
    path: web::Path<(String, String)>,
    staff: Staff,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (aggregate_type, id) = path.into_inner();
    let source = source_for(&aggregate_type)?;
    let verdict = source.verify(&state, staff.client_id, &id).await?;
    Ok(envelope::result(verdict.ok_or(ApiError::NotFound)?))
}

/// The two points of a compare: the states after events `from` and `to`.
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
pub struct DiffQuery {
    /// The earlier event's number (1 is the first event).
    pub from: Option<String>,
    /// The later event's number.
    pub to: Option<String>,
}

/// A point of the compare, or the Danish reason it is not one.
fn event_number(value: Option<&str>, field: &str) -> Result<usize, ApiError> {
    let value = value.map(str::trim).unwrap_or_default();
    if value.is_empty() {
        return Err(ApiError::field(field, "Vælg en hændelse"));
    }
    match value.parse::<usize>() {
        Ok(number) if number >= 1 => Ok(number),
        _ => Err(ApiError::field(
            field,
            "Skal være et hændelsesnummer fra historikken",
        )),
    }
}

/// Compare two versions: what differs between the record as it was after event `from` and after
/// event `to`, field by field, and its lists (lines, payments …) line by line, with the values
/// as the record holds them (amounts in øre).
#[utoipa::path(get, path = "/api/history/{type}/{id}/diff", tag = "history",
    params(("type" = String, Path), ("id" = String, Path), DiffQuery),
    responses((status = 200, body = Envelope<VersionDiff>),
              (status = 403), (status = 404), (status = 422, description = "from/to: not events of the history")))]
pub async fn diff_history(
    path: web::Path<(String, String)>,
    query: web::Query<DiffQuery>,
    staff: Staff,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (aggregate_type, id) = path.into_inner();
    let source = source_for(&aggregate_type)?;
    let from = event_number(query.from.as_deref(), "from")?;
    let to = event_number(query.to.as_deref(), "to")?;
    if from >= to {
        return Err(ApiError::field(
            "to",
            "Skal være en senere hændelse end den første",
        ));
    }
    let last: Option<i64> = sqlx::query_scalar(
        "SELECT max(sequence) FROM events WHERE aggregate_type = $1 AND aggregate_id = $2",
    )
    .bind(source.aggregate_type())
    .bind(&id)
    .fetch_one(&state.pool)
    .await?;
    let last = usize::try_from(last.unwrap_or(0)).unwrap_or(0);
    // Another club's record is not found before anything of its history is told.
    let before = source
        .state_at(&state, staff.client_id, &id, from)
        .await?
        .ok_or(ApiError::NotFound)?;
    if to > last {
        return Err(ApiError::field(
            "to",
            format!("Historikken har kun {last} hændelser"),
        ));
    }
    let after = source
        .state_at(&state, staff.client_id, &id, to)
        .await?
        .ok_or(ApiError::NotFound)?;
    let comparison = tribune_projections::history::compare(&before, &after);
    Ok(envelope::result(VersionDiff::new(from, to, comparison)))
}
