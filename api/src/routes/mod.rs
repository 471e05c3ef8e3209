//! Every area, in one list: each registers its own routes (with who may call them) and its
//! OpenAPI document and the aggregates whose history it serves (issue 11 §4). Adding an area is
//! one line in `AREAS`.

pub mod history;
pub mod public;
pub mod session;

use actix_web::{web, HttpResponse};
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
    table().register(cfg);
    // What no area registered under `/api` or `/public` is a JSON 404, not the SPA.
    cfg.service(web::scope("/api").default_service(web::to(not_found)))
        .service(web::scope("/public").default_service(web::to(not_found)));
}

/// The service's own calls: liveness and the OpenAPI document.
const SERVICE: Area = Area {
    name: "service",
    configure: |routes| {
        routes.get("/healthz", Access::Public, healthz).get(
            "/api/openapi.json",
            Access::Public,
            crate::openapi::get_openapi,
        );
    },
    doc: ServiceDoc::openapi,
    history: &[],
};

#[derive(OpenApi)]
#[openapi(paths(healthz, crate::openapi::get_openapi))]
struct ServiceDoc;

async fn not_found() -> Result<HttpResponse, ApiError> {
    Err(ApiError::NotFound)
}

/// Liveness: the database answers.
#[utoipa::path(get, path = "/healthz", tag = "service",
    responses((status = 200, content_type = "text/plain", body = String, description = "ok"), (status = 500)))]
pub async fn healthz(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    sqlx::query("SELECT 1").execute(&state.pool).await?;
    Ok(HttpResponse::Ok().content_type("text/plain").body("ok"))
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
