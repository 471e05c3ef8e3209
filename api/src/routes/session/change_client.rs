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
    /// mail); home when missing, refused (400) when not a path of this site.
    pub to: Option<String>,
}

/// A path of this site only: one leading '/' then no '/' or '\\' (which browsers read as
/// another host), and no control character or space anywhere (browsers drop tabs and newlines
/// from an address, so `/\t/evil.example` is `//evil.example`; CR and LF would split the
/// header). Missing is home; anything else is refused, never followed.
/// Letters beyond ASCII are percent-encoded, as a header must be.
fn local_path(to: Option<&str>) -> Result<String, ApiError> {
    let Some(path) = to else {
        return Ok("/".into());
    };
    let mut chars = path.chars();
    let local = chars.next() == Some('/')
        && !matches!(chars.next(), Some('/' | '\\'))
        && !path
            .chars()
            .any(|c| c.is_control() || c.is_whitespace() || c == '\\');
    if local {
        Ok(path
            .chars()
            .map(|c| match c.is_ascii() {
                true => c.to_string(),
                false => c
                    .encode_utf8(&mut [0; 4])
                    .bytes()
                    .map(|b| format!("%{b:02X}"))
                    .collect(),
            })
            .collect())
    } else {
        Err(ApiError::BadRequest(
            "Adressen skal være en side på dette websted".into(),
        ))
    }
}

/// Navigated to (not fetched): switches the club and sends the browser home (or to `to`), where
/// the app starts again in the new club. Staff may only enter clubs they belong to.
#[utoipa::path(get, path = "/api/app/change-client/{id}", tag = "session", params(ChangeClientQuery),
    responses((status = 302, description = "to / or to `to`"), (status = 400, description = "`to` is not a path of this site"), (status = 403), (status = 404)))]
pub async fn change_client(
    id: web::Path<Uuid>,
    query: web::Query<ChangeClientQuery>,
    caller: Caller,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let client_id = id.into_inner();
    let to = local_path(query.to.as_deref())?;
    if !clients::is_active(&state.pool, client_id).await? {
        return Err(ApiError::NotFound);
    }
    let mut response = HttpResponse::Found()
        .insert_header((header::LOCATION, to.as_str()))
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
            local_path(Some("/events/kamp/1?token=x")).ok().as_deref(),
            Some("/events/kamp/1?token=x")
        );
        assert_eq!(
            local_path(Some("/events/kamp-på-øen")).ok().as_deref(),
            Some("/events/kamp-p%C3%A5-%C3%B8en")
        );
        assert_eq!(local_path(Some("/")).ok().as_deref(), Some("/"));
        for foreign in [
            "//evil.example",
            "https://evil.example",
            "evil",
            "/\\evil.example",
            "/\t/evil.example",
            "/\n/evil.example",
            "/\r\nSet-Cookie: x=1",
            "/ /evil.example",
            "/a\\b",
            "",
        ] {
            assert!(local_path(Some(foreign)).is_err(), "{foreign:?}");
        }
        assert_eq!(local_path(None).ok().as_deref(), Some("/"));
    }
}
