//! Public pages' calls that belong to no single module yet: the terms pages. (The home page's
//! event cards, GET /public/events, belong to the events area.)

use actix_web::{web, HttpRequest, HttpResponse};
use utoipa::OpenApi;

use crate::club::current_club;
use crate::error::ApiError;
use crate::identity::clients;
use crate::kit::openapi::mirror;
use crate::kit::routes::{Access, Area, Routes};
use crate::session::Caller;
use crate::state::AppState;

pub const AREA: Area = Area {
    name: "public",
    configure,
    doc,
    history: &[],
};

fn doc() -> utoipa::openapi::OpenApi {
    let mut doc = PublicDoc::openapi();
    mirror(&mut doc, ("/api", "_api"), ("/public", "_public"));
    doc
}

/// Mounted under `/api` and `/public` alike.
pub fn configure(routes: &mut Routes) {
    for prefix in ["/api", "/public"] {
        routes.scope(prefix, |routes| {
            routes.get("/webshop/terms", Access::Public, get_terms).get(
                "/webshop/subscription-terms",
                Access::Public,
                get_subscription_terms,
            );
        });
    }
}

#[derive(OpenApi)]
#[openapi(paths(get_terms, get_subscription_terms))]
pub struct PublicDoc;

async fn terms_html(
    req: &HttpRequest,
    caller: &Caller,
    state: &AppState,
    key: &str,
) -> Result<HttpResponse, ApiError> {
    let client_id = current_club(state, req, caller)
        .await?
        .ok_or(ApiError::NotFound)?;
    let client = clients::by_id(&state.pool, client_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let html = client
        .settings
        .get("webshop")
        .and_then(|w| w.get(key))
        .and_then(|t| t.as_str())
        .unwrap_or_default()
        .to_string();
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(html))
}

#[utoipa::path(get, path = "/public/webshop/terms", tag = "public", responses((status = 200, content_type = "text/html", body = String, description = "the club's terms as HTML")))]
pub async fn get_terms(
    req: HttpRequest,
    caller: Caller,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    terms_html(&req, &caller, &state, "terms").await
}

#[utoipa::path(get, path = "/public/webshop/subscription-terms", tag = "public", responses((status = 200, content_type = "text/html", body = String, description = "the club's terms as HTML")))]
pub async fn get_subscription_terms(
    req: HttpRequest,
    caller: Caller,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    terms_html(&req, &caller, &state, "subscriptionTerms").await
}
