//! Who is calling: the session cookie is resolved once per request (middleware `identify`), CSRF
//! is checked on every cookie-authenticated write, and the extractors `Caller`, `SignedIn`,
//! `Staff`, `Admin` and `SystemAdmin` in a handler's signature say who calls it; the route table
//! (`kit::routes`) declares who may.

use std::future::{ready, Ready};
use std::sync::Arc;

use actix_web::body::MessageBody;
use actix_web::cookie::{time, Cookie, SameSite};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{web, FromRequest, HttpMessage, HttpRequest};
use tracing_actix_web::RequestId;
use tribune_projections::store::Metadata;
use uuid::Uuid;

use crate::error::ApiError;
use crate::identity::acl::{can, field_rules, items_for_role, AclItem, Action, FieldRules};
use crate::identity::client_ip::client_ip;
use crate::identity::modules;
use crate::identity::sessions::{self, Identity, NewSession};
use crate::state::AppState;

pub const SESSION_COOKIE: &str = "tribune_session";
pub const CSRF_COOKIE: &str = "tribune_csrf";
pub const CLUB_COOKIE: &str = "tribune_club";
pub const CSRF_HEADER: &str = "X-CSRF-Token";

/// The caller as the middleware found them; `None` for anonymous visitors.
#[derive(Clone, Default)]
pub struct Caller(pub Option<Arc<Identity>>);

pub async fn identify(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let identity = match (state, req.cookie(SESSION_COOKIE)) {
        (Some(state), Some(cookie)) => sessions::load(&state.pool, cookie.value())
            .await
            .map_err(ApiError::from)?,
        _ => None,
    };
    if let Some(identity) = &identity {
        let path = req.path();
        let api = path.starts_with("/api/")
            || path.starts_with("/public/")
            || path.starts_with("/webshop/");
        if api && !req.method().is_safe() {
            let sent = req
                .headers()
                .get(CSRF_HEADER)
                .and_then(|v| v.to_str().ok())
                .unwrap_or("");
            if !constant_time_eq(sent.as_bytes(), identity.csrf.as_bytes()) {
                return Err(ApiError::ForbiddenWith(
                    "Ugyldig CSRF-token. Genindlæs siden og prøv igen.".into(),
                )
                .into());
            }
        }
    }
    req.extensions_mut().insert(Caller(identity.map(Arc::new)));
    next.call(req).await
}

pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

pub(crate) fn caller(req: &HttpRequest) -> Caller {
    req.extensions()
        .get::<Caller>()
        .cloned()
        .unwrap_or_default()
}

impl FromRequest for Caller {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(Ok(caller(req)))
    }
}

/// Any logged-in user (staff or customer).
#[derive(Clone)]
pub struct SignedIn(pub Arc<Identity>);

impl FromRequest for SignedIn {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(caller(req).0.map(SignedIn).ok_or(ApiError::Unauthorized))
    }
}

/// Staff of the current club. Everything a staff handler does is scoped to `client_id`.
#[derive(Clone)]
pub struct Staff {
    pub identity: Arc<Identity>,
    pub client_id: Uuid,
    request_id: Option<String>,
    ip: Option<String>,
}

impl Staff {
    /// The club has `module` switched on and the caller's role may do `action` on it (admins may
    /// do everything). The route's access (`kit::routes::Access`) asks this before the handler
    /// runs; a handler asks again only to narrow what its request names further.
    pub async fn authorize(
        &self,
        state: &AppState,
        module: &str,
        action: Action,
    ) -> Result<(), ApiError> {
        self.grants(state).await?.allow(module, action)
    }

    /// What the caller's role may do in the club, read once for several questions.
    pub async fn grants(&self, state: &AppState) -> Result<Grants, ApiError> {
        // One query answers both questions: the club's active modules with their rules.
        let sources = modules::acl_sources(&state.pool, self.client_id).await?;
        let items = match self.identity.role() {
            Some(role) => items_for_role(&sources, role),
            None => Vec::new(),
        };
        Ok(Grants {
            modules: sources.into_iter().map(|(alias, _, _)| alias).collect(),
            items,
            admin: self.identity.is_admin(),
        })
    }

    pub fn user_id(&self) -> Uuid {
        self.identity.user.id
    }
    /// Who and where, for the events this request causes.
    pub fn metadata(&self, command: &str) -> Metadata {
        let user = &self.identity.user;
        let (impersonator_id, impersonator_name) = match &self.identity.impersonator {
            Some((id, name)) => (Some(*id), Some(name.clone())),
            None => (None, None),
        };
        Metadata {
            user_id: Some(user.id),
            user_name: Some(user.name()),
            client_id: Some(self.client_id),
            request_id: self.request_id.clone(),
            command: Some(command.to_string()),
            ip: self.ip.clone(),
            reason: None,
            impersonator_id,
            impersonator_name,
        }
    }
}

/// The club's active modules and what the caller's role may do on them.
pub struct Grants {
    modules: Vec<String>,
    items: Vec<AclItem>,
    admin: bool,
}

impl Grants {
    /// The club has `module` and the role may do `action` on it (an admin may do everything).
    pub fn allows(&self, module: &str, action: Action) -> bool {
        self.modules.iter().any(|m| m == module) && (self.admin || can(&self.items, action, module))
    }

    pub fn allow(&self, module: &str, action: Action) -> Result<(), ApiError> {
        if self.allows(module, action) {
            Ok(())
        } else {
            Err(ApiError::Forbidden)
        }
    }

    /// The fields of `modules` the role may not read or change (an admin: none).
    pub fn field_rules(&self, modules: &[&str]) -> FieldRules {
        let mut rules = FieldRules::default();
        if !self.admin {
            for module in modules {
                rules.merge(field_rules(&self.items, module));
            }
        }
        rules
    }

    /// At least one of `modules` allows `action`.
    pub fn allow_any(&self, modules: &[&str], action: Action) -> Result<(), ApiError> {
        if modules.iter().any(|module| self.allows(module, action)) {
            Ok(())
        } else {
            Err(ApiError::Forbidden)
        }
    }
}

fn staff(req: &HttpRequest) -> Result<Staff, ApiError> {
    let identity = caller(req).0.ok_or(ApiError::Unauthorized)?;
    let client_id = identity.client_id.ok_or(ApiError::Forbidden)?;
    if !identity.is_staff() {
        return Err(ApiError::Forbidden);
    }
    Ok(Staff {
        identity,
        client_id,
        request_id: req.extensions().get::<RequestId>().map(|id| id.to_string()),
        ip: Some(client_ip(req)),
    })
}

impl FromRequest for Staff {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(staff(req))
    }
}

/// A System Admin, or an admin of the current club.
#[derive(Clone)]
pub struct Admin(pub Staff);

impl FromRequest for Admin {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(staff(req).and_then(|s| {
            if s.identity.is_admin() {
                Ok(Admin(s))
            } else {
                Err(ApiError::Forbidden)
            }
        }))
    }
}

/// A System Admin ('System Admin', `superAdmin`): the only one who reaches the admin group
/// (Users, Clients, Modules, Jobs), which spans every club. A club's own admins manage only
/// their club's settings and users. While impersonating, the caller is the impersonated user.
#[derive(Clone)]
pub struct SystemAdmin(pub Staff);

impl FromRequest for SystemAdmin {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let staff = match staff(req) {
            Ok(staff) => staff,
            Err(e) => return ready(Err(e)),
        };
        ready(if staff.identity.user.super_admin {
            Ok(SystemAdmin(staff))
        } else {
            Err(ApiError::Forbidden)
        })
    }
}

pub fn session_cookies(session: &NewSession, secure: bool) -> [Cookie<'static>; 2] {
    let mut secret = Cookie::build(SESSION_COOKIE, session.secret.clone())
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure)
        .finish();
    let mut csrf = Cookie::build(CSRF_COOKIE, session.csrf.clone())
        .path("/")
        .http_only(false)
        .same_site(SameSite::Lax)
        .secure(secure)
        .finish();
    if session.remember {
        let max_age = time::Duration::days(sessions::REMEMBER_DAYS);
        secret.set_max_age(max_age);
        csrf.set_max_age(max_age);
    }
    [secret, csrf]
}

pub fn expired_cookies() -> [Cookie<'static>; 2] {
    [SESSION_COOKIE, CSRF_COOKIE].map(|name| {
        let mut cookie = Cookie::build(name, "").path("/").finish();
        cookie.make_removal();
        cookie
    })
}

pub fn club_cookie(client_id: Uuid, secure: bool) -> Cookie<'static> {
    Cookie::build(CLUB_COOKIE, client_id.to_string())
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure)
        .max_age(time::Duration::days(365))
        .finish()
}
