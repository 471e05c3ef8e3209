//! Which club a request is about: the session's club for logged-in users; for anonymous visitors
//! the club they chose ('Vælg klub'), else the club whose url is the host, else the only club.

use actix_web::HttpRequest;
use uuid::Uuid;

use crate::error::ApiError;
use crate::identity::clients;
use crate::session::{Caller, CLUB_COOKIE};
use crate::state::AppState;

pub async fn current_club(
    state: &AppState,
    req: &HttpRequest,
    caller: &Caller,
) -> Result<Option<Uuid>, ApiError> {
    if let Some(identity) = &caller.0 {
        return Ok(identity.client_id);
    }
    if let Some(chosen) = req
        .cookie(CLUB_COOKIE)
        .and_then(|c| c.value().parse::<Uuid>().ok())
    {
        if clients::is_active(&state.pool, chosen).await? {
            return Ok(Some(chosen));
        }
    }
    let host = req.connection_info().host().to_string();
    Ok(clients::for_host(&state.pool, &host).await?)
}

/// The club a public call is about (404 when none is chosen or it is inactive).
pub async fn public_club(
    state: &AppState,
    req: &HttpRequest,
    caller: &Caller,
) -> Result<uuid::Uuid, crate::error::ApiError> {
    current_club(state, req, caller)
        .await?
        .ok_or(crate::error::ApiError::NotFound)
}
