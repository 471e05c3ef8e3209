//! Which club a request is about: the session's club for logged-in users; for anonymous visitors
//! the club they chose ('Vælg klub'), else the club whose url is the host, else the only club.

use actix_web::dev::Payload;
use actix_web::{web, FromRequest, HttpRequest};
use futures::future::LocalBoxFuture;
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

/// A public call's club (`public_club`) and its caller, found before the handler runs: the
/// booking's and the shop's handlers take it instead of finding the club themselves.
pub struct PublicCaller {
    pub client_id: Uuid,
    pub caller: Caller,
}

impl FromRequest for PublicCaller {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let state = req
                .app_data::<web::Data<AppState>>()
                .cloned()
                .ok_or_else(|| ApiError::internal(anyhow::anyhow!("no application state")))?;
            let caller = crate::session::caller(&req);
            let client_id = public_club(&state, &req, &caller).await?;
            Ok(PublicCaller { client_id, caller })
        })
    }
}
