//! The generic history API (ARCHITECTURE §7): every event of one aggregate with who, when and what
//! changed, and the aggregate as it was after any one event.

use actix_web::{web, HttpResponse};
use tribune_domain::order::Order;
use tribune_domain::probe::Probe;
use tribune_projections::history::history;
use utoipa::OpenApi;

use crate::envelope;
use crate::error::ApiError;
use crate::identity::modules;
use crate::kit::routes::{Access, Area, Routes};
use crate::session::Staff;
use crate::state::AppState;

pub const AREA: Area = Area {
    name: "history",
    configure,
    doc: HistoryDoc::openapi,
};

/// Any staff member of the club; the aggregate type names the module that guards it.
pub fn configure(routes: &mut Routes) {
    routes
        .get("/api/history/{type}/{id}", Access::Staff, get_history)
        .get(
            "/api/history/{type}/{id}/at/{sequence}",
            Access::Staff,
            get_history_at,
        );
}

#[derive(OpenApi)]
#[openapi(paths(get_history, get_history_at))]
pub struct HistoryDoc;

/// The module an aggregate type belongs to; its history is refused (403) where the club lacks it.
fn module_of(aggregate_type: &str) -> Option<&'static str> {
    match aggregate_type {
        "order" | "contract" | "subscription" | "invoice" => Some("orders"),
        "invite" | "ticket" => Some("events"),
        _ => None,
    }
}

async fn require_module_of(
    state: &AppState,
    staff: &Staff,
    aggregate_type: &str,
) -> Result<(), ApiError> {
    if let Some(alias) = module_of(aggregate_type) {
        if !modules::client_has(&state.pool, staff.client_id, alias).await? {
            return Err(ApiError::Forbidden);
        }
    }
    Ok(())
}

#[utoipa::path(get, path = "/api/history/{type}/{id}", tag = "history",
    params(("type" = String, Path), ("id" = String, Path)),
    responses((status = 200, description = "{success, result: HistoryEntry[]}"), (status = 403), (status = 404)))]
pub async fn get_history(
    path: web::Path<(String, String)>,
    staff: Staff,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (aggregate_type, id) = path.into_inner();
    require_module_of(&state, &staff, &aggregate_type).await?;
    let entries = match aggregate_type.as_str() {
        "probe" => {
            history(
                &state.pool,
                state.probes.store(),
                |p: &Probe| p.client_id == Some(staff.client_id),
                &id,
            )
            .await?
        }
        "order" => {
            history(
                &state.pool,
                state.orders.store(),
                |o: &Order| o.client_id == Some(staff.client_id),
                &id,
            )
            .await?
        }
        _ => None,
    };
    Ok(envelope::result(entries.ok_or(ApiError::NotFound)?))
}

#[utoipa::path(get, path = "/api/history/{type}/{id}/at/{sequence}", tag = "history",
    params(("type" = String, Path), ("id" = String, Path), ("sequence" = u64, Path)),
    responses((status = 200, description = "{success, result: state}"), (status = 403), (status = 404)))]
pub async fn get_history_at(
    path: web::Path<(String, String, u64)>,
    staff: Staff,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (aggregate_type, id, sequence) = path.into_inner();
    require_module_of(&state, &staff, &aggregate_type).await?;
    let sequence = usize::try_from(sequence).map_err(|_| ApiError::NotFound)?;
    let as_of = match aggregate_type.as_str() {
        "probe" => state
            .probes
            .state_at(staff.client_id, &id, sequence)
            .await?
            .map(serde_json::to_value),
        "order" => state
            .orders
            .state_at(staff.client_id, &id, sequence)
            .await?
            .map(|order| {
                let id = id.parse().ok();
                serde_json::to_value(crate::orders::dto::OrderDto::from_order(
                    id, sequence, &order,
                ))
            }),
        _ => None,
    };
    let as_of = as_of
        .transpose()
        .map_err(ApiError::internal)?
        .ok_or(ApiError::NotFound)?;
    Ok(envelope::result(as_of))
}
