use actix_web::http::header;
use actix_web::{web, HttpResponse};
use uuid::Uuid;

use crate::error::ApiError;
use crate::identity::{clients, sessions, users};
use crate::session::{club_cookie, Caller};
use crate::state::AppState;

/// Navigated to (not fetched): switches the club and sends the browser home, where the app
/// starts again in the new club. Staff may only enter clubs they belong to.
#[utoipa::path(get, path = "/api/app/change-client/{id}", tag = "session",
    responses((status = 302, description = "to /"), (status = 403), (status = 404)))]
pub async fn change_client(
    id: web::Path<Uuid>,
    caller: Caller,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let client_id = id.into_inner();
    if !clients::is_active(&state.pool, client_id).await? {
        return Err(ApiError::NotFound);
    }
    let mut response = HttpResponse::Found()
        .insert_header((header::LOCATION, "/"))
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
