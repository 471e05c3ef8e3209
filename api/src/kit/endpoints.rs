//! A club's own endpoint names (spec 1 §3 client module `customEndpoint`: "a module may override
//! its endpoint name"; spec 1 §5 "paths below use the module's endpoint as {ep}").
//!
//! A module's endpoint is its alias: the first segment after `/api/` of its calls
//! (`/api/companies/…`). A club that names a module's endpoint otherwise (`sponsorer`) reaches the
//! module's calls under that name too (`/api/sponsorer/…`): before routing, a request of a signed
//! in staff member whose first segment is no segment of the API but a custom endpoint of one of
//! their club's active modules is served as the module's own path. The webapp sends its calls
//! under the club's name (`api/baseApi.ts`). The alias keeps working, so a stored link never
//! breaks; a name that is an API segment already cannot be chosen (`admin::clients`).

use std::collections::HashSet;
use std::sync::OnceLock;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Uri;
use actix_web::middleware::Next;
use actix_web::web;

use crate::error::ApiError;
use crate::state::AppState;

static SEGMENTS: OnceLock<HashSet<String>> = OnceLock::new();

/// Remembers the first segments after `/api/` of every registered route (`routes::configure`
/// tells them, once).
pub fn remember_segments(paths: impl IntoIterator<Item = String>) {
    let _ = SEGMENTS.set(
        paths
            .into_iter()
            .filter_map(|path| {
                let rest = path.strip_prefix("/api/")?;
                Some(rest.split('/').next()?.to_string())
            })
            .collect(),
    );
}

/// The first segments after `/api/` of every registered route (none before the routes are).
pub fn api_segments() -> &'static HashSet<String> {
    SEGMENTS.get_or_init(HashSet::new)
}

/// What a custom endpoint may be: 2–40 lowercase letters, digits and dashes, starting with a
/// letter, and no segment of the API.
pub fn endpoint_problem(name: &str) -> Option<&'static str> {
    let ok_chars = name
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !(2..=40).contains(&name.len())
        || !ok_chars
        || !name.starts_with(|c: char| c.is_ascii_lowercase())
    {
        return Some(
            "Skal være 2–40 små bogstaver (a–z), tal eller bindestreger og starte med et bogstav",
        );
    }
    if api_segments().contains(name) {
        return Some("Navnet bruges allerede af systemet");
    }
    None
}

/// `/api/{custom}/rest` as `/api/{alias}/rest` for a signed-in staff member whose club names a
/// module's endpoint `custom`.
pub async fn rename(
    mut req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    if let Some(path) = renamed(&req).await? {
        let query = req
            .uri()
            .query()
            .map(|q| format!("?{q}"))
            .unwrap_or_default();
        if let Ok(uri) = format!("{path}{query}").parse::<Uri>() {
            req.match_info_mut().get_mut().update(&uri);
            req.head_mut().uri = uri;
        }
    }
    next.call(req).await
}

async fn renamed(req: &ServiceRequest) -> Result<Option<String>, ApiError> {
    let Some(rest) = req.path().strip_prefix("/api/") else {
        return Ok(None);
    };
    let (segment, tail) = rest.split_once('/').unwrap_or((rest, ""));
    if segment.is_empty() || api_segments().contains(segment) {
        return Ok(None);
    }
    let Some(client_id) = crate::session::caller(req.request())
        .0
        .and_then(|identity| identity.client_id)
    else {
        return Ok(None);
    };
    let Some(state) = req.app_data::<web::Data<AppState>>() else {
        return Ok(None);
    };
    let alias: Option<String> = sqlx::query_scalar(
        "SELECT m.alias FROM client_modules cm JOIN modules m ON m.id = cm.module_id \
         WHERE cm.client_id = $1 AND cm.active AND lower(cm.custom_endpoint) = lower($2)",
    )
    .bind(client_id)
    .bind(segment)
    .fetch_optional(&state.pool)
    .await?;
    Ok(alias
        .filter(|alias| api_segments().contains(alias.as_str()))
        .map(|alias| match tail {
            "" => format!("/api/{alias}"),
            tail => format!("/api/{alias}/{tail}"),
        }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_custom_endpoint_is_a_short_lowercase_name_no_segment_of_the_api_uses() {
        remember_segments(["/api/contracts/update".to_string(), "/public/x".to_string()]);
        assert_eq!(endpoint_problem("sponsorer"), None);
        assert_eq!(endpoint_problem("b2b-kunder"), None);
        assert!(endpoint_problem("Sponsorer").is_some());
        assert!(endpoint_problem("9ere").is_some());
        assert!(endpoint_problem("a").is_some());
        assert!(endpoint_problem("sponsorer/x").is_some());
        assert_eq!(
            endpoint_problem("contracts"),
            Some("Navnet bruges allerede af systemet")
        );
    }
}
