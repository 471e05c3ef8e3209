//! Every area, in one list: each registers its own routes (with who may call them) and its
//! OpenAPI document and the aggregates whose history it serves (issue 11 §4). Adding an area is
//! one line in `AREAS`.

pub mod history;
pub mod public;
pub mod session;

use std::collections::BTreeSet;
use std::sync::atomic::Ordering;
use std::time::Duration;

use actix_web::{web, HttpResponse};
use tribune_projections::db::MIGRATOR;
use utoipa::OpenApi;

use crate::error::ApiError;
use crate::kit::history::HistorySource;
use crate::kit::routes::{Access, Area, Routes};
use crate::state::AppState;

/// The areas in registration order. Order matters where paths overlap: the admin area's fixed
/// `/api/orders/units` … and `/api/contacts/import`, and the catalogue's `/api/orders/categories`
/// …, come before the orders area's `/api/orders/{id}` and the CRM's `/api/contacts/{id}`.
pub const AREAS: &[Area] = &[
    crate::admin::AREA,
    SERVICE,
    session::AREA,
    crate::crm::AREA,
    crate::catalogue::AREA,
    crate::orders::AREA,
    crate::contracts::AREA,
    crate::invoices::AREA,
    crate::subscriptions::AREA,
    crate::events::AREA,
    crate::invites::AREA,
    crate::tickets::AREA,
    crate::newsletters::AREA,
    crate::booking::AREA,
    crate::seats::AREA,
    crate::pos::AREA,
    crate::shop::AREA,
    crate::profile::AREA,
    crate::dashboard::AREA,
    crate::payments::AREA,
    public::AREA,
    history::AREA,
    crate::audit::AREA,
];

/// The history source an area registered for `aggregate_type`.
pub fn history_source(aggregate_type: &str) -> Option<&'static dyn HistorySource> {
    AREAS
        .iter()
        .flat_map(|area| area.history.iter().copied())
        .find(|source| source.aggregate_type() == aggregate_type)
}

/// Every route of every area, in registration order.
pub fn table() -> Routes {
    let mut routes = Routes::new();
    for area in AREAS {
        (area.configure)(&mut routes);
    }
    routes
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    let table = table();
    crate::kit::endpoints::remember_segments(table.table().into_iter().map(|route| route.path));
    table.register(cfg);
    // What no area registered under `/api` or `/public` is a JSON 404, not the SPA.
    cfg.service(web::scope("/api").default_service(web::to(not_found)))
        .service(web::scope("/public").default_service(web::to(not_found)));
}

/// The service's own calls: liveness, readiness and the OpenAPI document.
const SERVICE: Area = Area {
    name: "service",
    configure: |routes| {
        routes
            .get("/healthz", Access::Public, healthz)
            .get("/readyz", Access::Public, readyz)
            // Public to the route table; the handler answers only loopback and
            // TRIBUNE_METRICS_FROM, and the balancer never forwards it.
            .get("/metrics", Access::Public, crate::metrics::metrics)
            .get(
                "/api/openapi.json",
                Access::Public,
                crate::openapi::get_openapi,
            );
    },
    doc: ServiceDoc::openapi,
    history: &[],
};

#[derive(OpenApi)]
#[openapi(paths(healthz, readyz, crate::metrics::metrics, crate::openapi::get_openapi))]
struct ServiceDoc;

async fn not_found() -> Result<HttpResponse, ApiError> {
    Err(ApiError::NotFound)
}

/// Liveness: the process answers. It asks nothing of the database, so a database outage does
/// not make a supervisor restart every node; whether a node should get requests is `/readyz`.
#[utoipa::path(get, path = "/healthz", tag = "service",
    responses((status = 200, content_type = "text/plain", body = String, description = "ok")))]
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().content_type("text/plain").body("ok")
}

/// Readiness, for a balancer's health check: `ready`, or 503 and why not.
#[utoipa::path(get, path = "/readyz", tag = "service",
    responses(
        (status = 200, content_type = "text/plain", body = String, description = "ready"),
        (status = 503, content_type = "text/plain", body = String,
            description = "draining (stopping: take the node out), database unreachable (no answer within 2 s), migrations behind (the database lacks a migration this binary has) or migrations unreadable")))]
pub async fn readyz(state: web::Data<AppState>) -> HttpResponse {
    let (mut answer, body) = match readiness(&state).await {
        Ok(()) => (HttpResponse::Ok(), "ready"),
        Err(why) => (HttpResponse::ServiceUnavailable(), why),
    };
    answer.content_type("text/plain").body(body)
}

/// How long the database may take to answer a readiness check.
const READINESS_TIMEOUT: Duration = Duration::from_secs(2);

/// Why this node should get no requests, if it should not: it is draining, the database does not
/// answer in time, or a migration this binary knows is not applied. A database with migrations
/// this binary does not know is ready: migrations expand before they contract, so a node of the
/// previous release keeps serving while the next one rolls out.
async fn readiness(state: &AppState) -> Result<(), &'static str> {
    if state.draining.load(Ordering::SeqCst) {
        return Err("draining");
    }
    let applied = tokio::time::timeout(READINESS_TIMEOUT, async {
        sqlx::query("SELECT 1")
            .execute(&state.pool)
            .await
            .map_err(|err| {
                tracing::warn!("readiness: the database does not answer: {err}");
                "database unreachable"
            })?;
        sqlx::query_scalar::<_, i64>("SELECT version FROM _sqlx_migrations WHERE success")
            .fetch_all(&state.pool)
            .await
            .map_err(|err| {
                tracing::warn!("readiness: the applied migrations cannot be read: {err}");
                "migrations unreadable"
            })
    })
    .await
    .map_err(|_| "database unreachable")??;
    let applied: BTreeSet<i64> = applied.into_iter().collect();
    let behind = MIGRATOR
        .iter()
        .filter(|migration| !migration.migration_type.is_down_migration())
        .any(|migration| !applied.contains(&migration.version));
    if behind {
        return Err("migrations behind");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    #[test]
    fn each_aggregate_type_has_one_history_source() {
        let mut seen = BTreeSet::new();
        for area in AREAS {
            for source in area.history {
                assert!(
                    seen.insert(source.aggregate_type()),
                    "{} is registered twice",
                    source.aggregate_type()
                );
            }
        }
        for expected in ["probe", "order"] {
            assert!(seen.contains(expected), "{expected}");
        }
        assert_eq!(
            history_source("order").and_then(|s| s.module()),
            Some("orders")
        );
    }

    #[test]
    fn the_history_rule_names_the_module_of_every_registered_aggregate() {
        for area in AREAS {
            for source in area.history {
                if let Some(module) = source.module() {
                    assert!(
                        history::MODULES.contains(&module),
                        "{}'s module {module} is missing from routes::history::MODULES",
                        source.aggregate_type()
                    );
                }
            }
        }
    }

    #[test]
    fn no_route_is_registered_twice() {
        let mut seen = BTreeSet::new();
        for route in table().table() {
            assert!(
                seen.insert((route.method.to_string(), route.path.clone())),
                "{} {} twice",
                route.method,
                route.path
            );
        }
    }
}
