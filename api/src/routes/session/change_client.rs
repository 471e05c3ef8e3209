use actix_web::http::header;
use actix_web::{web, HttpResponse};
use uuid::Uuid;

use crate::error::ApiError;
use crate::identity::{clients, sessions, users};
use crate::session::{club_cookie, Caller};
use crate::state::AppState;

#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ChangeClientQuery {
    /// Where to go in the new club (a path of this site, e.g. a booking's confirmation from its
    /// mail); home when missing or not a local path.
    pub to: Option<String>,
}

/// A path of this site only: one leading '/', never '//' or a scheme (no open redirect).
fn local_path(to: Option<&str>) -> &str {
    match to {
        Some(path) if path.starts_with('/') && !path.starts_with("//") && !path.contains('\\') => {
            path
        }
        _ => "/",
    }
}

/// Navigated to (not fetched): switches the club and sends the browser home (or to `to`), where
/// the app starts again in the new club. Staff may only enter clubs they belong to.
#[utoipa::path(get, path = "/api/app/change-client/{id}", tag = "session", params(ChangeClientQuery),
    responses((status = 302, description = "to / or to `to`"), (status = 403), (status = 404)))]
pub async fn change_client(
    id: web::Path<Uuid>,
    query: web::Query<ChangeClientQuery>,
    caller: Caller,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let client_id = id.into_inner();
    if !clients::is_active(&state.pool, client_id).await? {
        return Err(ApiError::NotFound);
    }
    let mut response = HttpResponse::Found()
        .insert_header((header::LOCATION, local_path(query.to.as_deref())))
        .finish();
    match caller.0 {
        Some(identity) => {
            let member = users::memberships(&state.pool, identity.user.id)
                .await?
                .iter()
                .any(|m| m.client_id == client_id && m.accepted);
            if !member && !identity.user.super_admin {
                return Err(ApiError::ForbiddenWith(
                    "Du er ikke medlem af denne klub".into(),
                ));
            }
            sessions::set_client(&state.pool, &identity.session_id, client_id).await?;
        }
        None => {
            response
                .add_cookie(&club_cookie(client_id, state.settings.secure_cookies))
                .map_err(ApiError::internal)?;
        }
    }
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::local_path;

    #[test]
    fn only_a_path_of_this_site_is_followed() {
        assert_eq!(
            local_path(Some("/events/kamp/1?token=x")),
            "/events/kamp/1?token=x"
        );
        for foreign in [
            "//evil.example",
            "https://evil.example",
            "evil",
            "/\\evil.example",
            "",
        ] {
            assert_eq!(local_path(Some(foreign)), "/", "{foreign}");
        }
        assert_eq!(local_path(None), "/");
    }
}
