use actix_web::{web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};

use super::user::{session_user, SessionUser};
use crate::club::current_club;
use crate::envelope::{self, Envelope, EnvelopeWithData};
use crate::error::ApiError;
use crate::identity::{clients, modules, users};
use crate::session::{Caller, Staff};
use crate::state::AppState;

/// Which side of the site the caller sees.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppSide {
    /// The public site (anonymous, customers) rather than the back office (staff).
    pub is_frontend: bool,
}

/// Whether the caller sees the public site (anonymous, customers) or the back office (staff).
#[utoipa::path(get, path = "/api/app", tag = "session", responses((status = 200, body = Envelope<AppSide>)))]
pub async fn get_app(caller: Caller) -> HttpResponse {
    let is_frontend = !caller.0.as_ref().is_some_and(|i| i.is_staff());
    envelope::result(AppSide { is_frontend })
}

/// What goes with the session user: the clubs they may switch between.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct UserClubs {
    pub clients: Vec<clients::ClientRef>,
}

#[utoipa::path(get, path = "/api/user", tag = "session", responses((status = 200, description = "the session user, and in `data` the clubs they may switch between", body = EnvelopeWithData<SessionUser, UserClubs>), (status = 401)))]
pub async fn get_user(
    caller: Caller,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let identity = caller.0.ok_or(ApiError::Unauthorized)?;
    let user = session_user(&state, &identity).await?;
    let clients = clients::refs_of_user(&state.pool, identity.user.id).await?;
    Ok(envelope::result_with_data(user, UserClubs { clients }))
}

#[utoipa::path(get, path = "/api/app/modules", tag = "session", responses((status = 200, description = "the current club's active modules, in order", body = Envelope<Vec<modules::ClientModule>>)))]
pub async fn get_modules(
    req: HttpRequest,
    caller: Caller,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let modules = match current_club(&state, &req, &caller).await? {
        Some(client_id) => modules::active_of_client(&state.pool, client_id).await?,
        None => Vec::new(),
    };
    Ok(envelope::result(modules))
}

/// The current club's configuration as the webapp needs it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientConfig {
    id: uuid::Uuid,
    name: String,
    is_frontend: bool,
    logo: Option<String>,
    address: Option<String>,
    zip_code: Option<String>,
    city: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    website: Option<String>,
    vat_rate: i32,
    prices_with_vat: bool,
    disable_vat: bool,
    modules: Vec<modules::ClientModule>,
    settings: serde_json::Value,
    features: serde_json::Value,
}

/// Settings sections a visitor of the public site may see; the rest stays with staff.
const PUBLIC_SETTINGS: [&str; 2] = ["webshop", "events"];

#[utoipa::path(get, path = "/api/app/client", tag = "session", responses((status = 200, description = "client config", body = Envelope<ClientConfig>), (status = 404)))]
pub async fn get_client(
    req: HttpRequest,
    caller: Caller,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let client_id = current_club(&state, &req, &caller)
        .await?
        .ok_or(ApiError::NotFound)?;
    let client = clients::by_id(&state.pool, client_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let is_staff = caller.0.as_ref().is_some_and(|i| i.is_staff());
    let settings = if is_staff {
        client.settings.clone()
    } else {
        let mut public = serde_json::Map::new();
        for key in PUBLIC_SETTINGS {
            if let Some(section) = client.settings.get(key) {
                public.insert(key.to_string(), section.clone());
            }
        }
        serde_json::Value::Object(public)
    };
    Ok(envelope::result(ClientConfig {
        id: client.id,
        name: client.name.clone(),
        is_frontend: !is_staff,
        logo: client.logo.clone(),
        address: client.address.clone(),
        zip_code: client.zip_code.clone(),
        city: client.city.clone(),
        email: client.email.clone(),
        phone: client.phone.clone(),
        website: client.website.clone(),
        vat_rate: client.vat_rate,
        prices_with_vat: client.prices_with_vat,
        disable_vat: client.disable_vat,
        modules: modules::active_of_client(&state.pool, client_id).await?,
        settings,
        features: client.features.clone(),
    }))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct SearchQuery {
    pub search: Option<String>,
}

#[utoipa::path(get, path = "/api/app/users", tag = "session", params(SearchQuery), responses((status = 200, description = "staff of the current club", body = Envelope<Vec<users::UserListItem>>)))]
pub async fn list_app_users(
    staff: Staff,
    query: web::Query<SearchQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let search = query
        .search
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    Ok(envelope::result(
        users::staff_of(&state.pool, staff.client_id, search).await?,
    ))
}

#[utoipa::path(get, path = "/public/app/clients", tag = "session", responses((status = 200, description = "active clubs for 'Vælg klub'", body = Envelope<Vec<clients::ClientRef>>)))]
pub async fn list_public_clients(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    Ok(envelope::result(clients::active_refs(&state.pool).await?))
}
